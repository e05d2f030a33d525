//! The search for an input that catches a wrong submission: from the package's own
//! tests, through their mutations, to the first candidate the validators accept
//! and the submission fails.
//!
//! Level 0 takes each input in the order given (pass the small ones first: their
//! candidates are quick to judge): the real limits of its first
//! [`BOUNDARY_TOKENS`] integers ([`super::boundary`], each search starting from the
//! limits found so far), then its first [`FIRST_LEVEL`] mutations, which try
//! those limits first, and as many of the dictionary's (a share of their own). Each later level mutates the first [`FRONTIER`] candidates
//! of the level before that were valid and did not fail ([`LATER_LEVEL`] each),
//! down to [`DEPTH`] mutations composed: breadth first, so the simplest change
//! that catches the bug is found before a longer chain.
//!
//! Every candidate is put to `valid`, and only if valid to `fails`; a text met
//! before is skipped. Candidates are judged `jobs` at a time, in batches taken in
//! the serial order, and of a batch the first failing (in that order) is the
//! answer, so the answer is the same for every `jobs`. A budget of cases counts
//! candidates and boundary probes in that order too, so it stops at the same
//! place for every `jobs`; a time budget stops wherever the time runs out.

use super::boundary::{boundary_hinted, Place};
use super::layout::Layout;
use super::{Grid, Mutation, Mutations, Siblings};
use jurybox_judging::jobs::{on_threads, Budget};
use jurybox_judging::store::content_hash;
use rayon::prelude::*;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

/// The integer tokens of each input whose limits are asked of the validators.
pub const BOUNDARY_TOKENS: usize = 8;
/// How many of the limits found last a boundary search tries first.
const HINTS: usize = 4;
/// Mutations tried per input on level 0.
pub const FIRST_LEVEL: usize = 1000;
/// Mutations tried per parent on later levels.
pub const LATER_LEVEL: usize = 200;
/// Parents kept for the next level.
pub const FRONTIER: usize = 32;
/// Levels: the most mutations composed in one candidate.
pub const DEPTH: usize = 3;

/// An input that catches the submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatchingInput {
    /// Its bytes (valid, and the submission fails on them).
    pub input: Vec<u8>,
    /// The index of the input it was made from.
    pub from: usize,
    /// The mutations that made it, first applied first.
    pub steps: Vec<String>,
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Candidates put to the validators (each valid one was also run).
    pub candidates: u64,
    /// Of those, the ones the validators accepted.
    pub accepted: u64,
    /// Inputs put to the validators by boundary searches.
    pub probes: u64,
    /// The limits found, in the order found.
    pub limits: Vec<i64>,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The input found, if any.
    pub found: Option<CatchingInput>,
    /// What the search did.
    pub stats: SearchStats,
}

/// A candidate kept to be mutated on the next level.
struct Parent {
    text: Vec<u8>,
    from: usize,
    steps: Vec<String>,
}

struct Search<'a> {
    inputs: &'a [&'a [u8]],
    valid: &'a (dyn Fn(&[u8]) -> bool + Sync),
    fails: &'a (dyn Fn(&[u8]) -> bool + Sync),
    keeps: &'a (dyn Fn(&[u8]) -> bool + Sync),
    budget: Budget,
    jobs: usize,
    started: Instant,
    seen: HashSet<u64>,
    siblings: Vec<Option<Arc<Siblings>>>,
    words: Arc<[Vec<u8>]>,
    stats: SearchStats,
}

/// Searches the mutations of `inputs` (breadth first, see the module's
/// documentation) for one that `valid` accepts and `fails` holds of, within
/// `budget`, judging `jobs` candidates at a time; the answer does not depend on
/// `jobs`. `valid` and `fails` must be functions of the bytes.
pub fn search(
    inputs: &[&[u8]],
    valid: &(dyn Fn(&[u8]) -> bool + Sync),
    fails: &(dyn Fn(&[u8]) -> bool + Sync),
    budget: Budget,
    jobs: usize,
) -> SearchOutcome {
    search_kept(inputs, &[], valid, fails, &|_| true, budget, jobs)
}

/// [`search`], where a failing candidate is the answer only if `keeps` holds
/// of it too. `keeps` is asked of the failing ones one at a time, in the
/// serial order, once the batch's other oracles have answered: a question
/// that must not be answered while other candidates run (whether a test
/// would move a time limit) is asked there. `words` are the package's
/// dictionary, most telling first: each mutation's last stage writes them into
/// the inputs.
pub fn search_kept(
    inputs: &[&[u8]],
    words: &[Vec<u8>],
    valid: &(dyn Fn(&[u8]) -> bool + Sync),
    fails: &(dyn Fn(&[u8]) -> bool + Sync),
    keeps: &(dyn Fn(&[u8]) -> bool + Sync),
    budget: Budget,
    jobs: usize,
) -> SearchOutcome {
    let mut search = Search {
        inputs,
        valid,
        fails,
        keeps,
        budget,
        jobs: jobs.max(1),
        started: Instant::now(),
        seen: inputs.iter().map(|i| content_hash(i)).collect(),
        siblings: vec![None; inputs.len()],
        words: Arc::from(words),
        stats: SearchStats::default(),
    };
    let found = on_threads(search.jobs, || search.levels());
    SearchOutcome {
        found,
        stats: search.stats,
    }
}

impl Search<'_> {
    fn levels(&mut self) -> Option<CatchingInput> {
        let mut level: Vec<Parent> = self
            .inputs
            .iter()
            .enumerate()
            .map(|(from, text)| Parent {
                text: text.to_vec(),
                from,
                steps: Vec::new(),
            })
            .collect();
        for depth in 0..DEPTH {
            let mut next = Vec::new();
            for parent in &level {
                if self.spent() {
                    return None;
                }
                let layout = Layout::new(parent.text.clone());
                if depth == 0 {
                    self.find_limits(&layout);
                }
                let siblings = self.siblings_of(parent.from);
                let cap = if depth == 0 { FIRST_LEVEL } else { LATER_LEVEL };
                let words = Arc::clone(&self.words);
                let candidates =
                    Mutations::new(layout, siblings, self.stats.limits.clone(), words).capped(cap);
                if let Some(found) = self.first_failing(candidates, parent, &mut next) {
                    return Some(found);
                }
            }
            level = next;
        }
        None
    }

    /// Cases (candidates and probes) put to the oracles so far.
    fn cases(&self) -> u64 {
        self.stats.candidates + self.stats.probes
    }

    fn spent(&self) -> bool {
        match self.budget {
            Budget::Cases(n) => self.cases() >= n,
            Budget::Time(t) => self.started.elapsed() >= t,
        }
    }

    fn siblings_of(&mut self, from: usize) -> Arc<Siblings> {
        let inputs = self.inputs;
        self.siblings[from]
            .get_or_insert_with(|| {
                let layout = Layout::new(inputs[from].to_vec());
                let others: Vec<&[u8]> = inputs
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != from)
                    .map(|(_, t)| *t)
                    .collect();
                Arc::new(Siblings::new(&layout, &others))
            })
            .clone()
    }

    /// The limits of the first [`BOUNDARY_TOKENS`] integers of a valid input,
    /// added to those known (a boundary search is not cut short by the budget).
    fn find_limits(&mut self, layout: &Layout) {
        self.stats.probes += 1;
        if !(self.valid)(layout.text()) {
            return;
        }
        let places = (0..layout.height())
            .flat_map(|line| (0..layout.width(line)).map(move |token| Place { line, token }))
            .filter(|p| layout.integer(p.line, p.token).is_some())
            .take(BOUNDARY_TOKENS);
        for place in places.collect::<Vec<_>>() {
            if self.spent() {
                return;
            }
            let hints: Vec<i64> = self
                .stats
                .limits
                .iter()
                .rev()
                .take(HINTS)
                .copied()
                .collect();
            let value = layout.integer(place.line, place.token);
            let Some(found) = boundary_hinted(layout, place, self.valid, &hints) else {
                continue;
            };
            self.stats.probes += found.probes as u64;
            for limit in [found.highest, found.lowest] {
                if Some(limit) != value && !self.stats.limits.contains(&limit) {
                    self.stats.limits.push(limit);
                }
            }
        }
    }

    /// The first of `candidates` (in their order) that is valid and fails; the
    /// valid ones that pass join `next` while it has room.
    fn first_failing(
        &mut self,
        candidates: impl Iterator<Item = Mutation>,
        parent: &Parent,
        next: &mut Vec<Parent>,
    ) -> Option<CatchingInput> {
        let mut candidates = candidates.peekable();
        while candidates.peek().is_some() {
            let width = match self.budget {
                Budget::Cases(n) => self.jobs.min(n.saturating_sub(self.cases()) as usize),
                Budget::Time(t) => {
                    if self.started.elapsed() >= t {
                        0
                    } else {
                        self.jobs
                    }
                }
            };
            if width == 0 {
                return None;
            }
            let mut batch = Vec::new();
            while batch.len() < width {
                let Some(candidate) = candidates.next() else {
                    break;
                };
                if self.seen.insert(content_hash(&candidate.input)) {
                    batch.push(candidate);
                }
            }
            let (valid, fails) = (self.valid, self.fails);
            let judged: Vec<(bool, bool)> = batch
                .par_iter()
                .map(|m| {
                    let ok = valid(&m.input);
                    (ok, ok && fails(&m.input))
                })
                .collect();
            for (candidate, (ok, failing)) in batch.into_iter().zip(judged) {
                self.stats.candidates += 1;
                self.stats.accepted += u64::from(ok);
                let mut steps = parent.steps.clone();
                steps.push(candidate.description);
                if failing && (self.keeps)(&candidate.input) {
                    return Some(CatchingInput {
                        input: candidate.input,
                        from: parent.from,
                        steps,
                    });
                }
                if ok && next.len() < FRONTIER {
                    next.push(Parent {
                        text: candidate.input,
                        from: parent.from,
                        steps,
                    });
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::mutations;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn numbers(text: &[u8]) -> Vec<i64> {
        String::from_utf8_lossy(text)
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect()
    }

    /// A validator: `n` (1 ≤ n ≤ 10), then n numbers in 1..=`limit`, all on one
    /// line (`one_line`) or one per line.
    fn list(limit: i64, one_line: bool) -> impl Fn(&[u8]) -> bool + Sync {
        move |text: &[u8]| {
            let text = String::from_utf8_lossy(text);
            let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split(' ').collect()).collect();
            let Some(n) = lines
                .first()
                .and_then(|l| l.join(" ").parse::<usize>().ok())
            else {
                return false;
            };
            let body: Vec<&str> = match one_line {
                true if lines.len() == 2 => lines[1].clone(),
                false if lines[1..].iter().all(|l| l.len() == 1) => {
                    lines[1..].iter().map(|l| l[0]).collect()
                }
                _ => return false,
            };
            (1..=10).contains(&n)
                && body.len() == n
                && body
                    .iter()
                    .all(|w| w.parse::<i64>().is_ok_and(|v| (1..=limit).contains(&v)))
        }
    }

    /// Whether any level-0 mutation of `inputs` (without limits) catches the bug.
    fn caught_without_limits(
        inputs: &[&[u8]],
        valid: &dyn Fn(&[u8]) -> bool,
        fails: &dyn Fn(&[u8]) -> bool,
    ) -> bool {
        inputs
            .iter()
            .any(|input| mutations(input, inputs).any(|m| valid(&m.input) && fails(&m.input)))
    }

    #[test]
    fn a_bug_at_the_real_limit_is_found_only_through_the_boundary() {
        // The limit is 123456: not round, in no input, not an overflow number.
        let valid = list(123_456, true);
        let fails = |t: &[u8]| numbers(t).iter().skip(1).any(|&v| v >= 123_456);
        let inputs: [&[u8]; 2] = [b"3\n5 17 4\n", b"2\n8 100\n"];
        assert!(inputs.iter().all(|i| valid(i) && !fails(i)));
        assert!(!caught_without_limits(&inputs, &valid, &fails));
        let outcome = search(&inputs, &valid, &fails, Budget::Cases(10_000), 1);
        let found = outcome.found.expect("found through the limit");
        assert_eq!(found.steps, ["line 2: all → 123456"]);
        assert_eq!(found.input, b"3\n123456 123456 123456\n");
        assert_eq!(found.from, 0);
        // n = 3 is a count: it is its own boundary, not a limit.
        assert_eq!(outcome.stats.limits, [123_456, 1]);
        // The input itself (1), n (2: 4 and 2 rejected), 5 without a hint (36:
        // 123456 is not round), then 17 and 4 with the limits as hints (3 a side).
        assert_eq!(outcome.stats.probes, 1 + 2 + 36 + 6 + 6);
    }

    #[test]
    fn a_failing_candidate_not_kept_is_not_the_answer_and_keeps_sees_only_failing_ones() {
        // The first candidate (all values at the limit) fails but is not kept
        // (it would, say, move a time limit): the next failing one is the answer.
        let valid = list(1_000_000_000, true);
        let fails = |t: &[u8]| numbers(t).iter().skip(1).any(|&v| v >= 1_000_000_000);
        let asked = std::sync::Mutex::new(Vec::new());
        let first = b"3\n1000000000 1000000000 1000000000\n".to_vec();
        let keeps = |t: &[u8]| {
            asked.lock().unwrap().push(t.to_vec());
            t != first.as_slice()
        };
        let inputs: [&[u8]; 1] = [b"3\n5 17 4\n"];
        let outcome = search_kept(
            &inputs,
            &[],
            &valid,
            &fails,
            &keeps,
            Budget::Cases(10_000),
            2,
        );
        let found = outcome.found.expect("a kept one");
        assert_ne!(found.input, first);
        assert!(fails(&found.input));
        let asked = asked.into_inner().unwrap();
        assert_eq!(asked.first(), Some(&first));
        assert_eq!(asked.last(), Some(&found.input));
        assert!(asked.iter().all(|t| valid(t) && fails(t)), "{asked:?}");
    }

    /// Issue 43: a bug that needs a word no input holds, twice ("n, then n
    /// words and one number each"; it fails when "tiramisu" is named twice).
    /// Only the dictionary's mutations write it, and they get a share of their
    /// own: the long input's values (thousands of candidates) come first and
    /// would use up a plain cap.
    #[test]
    fn a_word_of_the_dictionary_needed_twice_is_written_by_the_last_stage() {
        let valid = |t: &[u8]| {
            let text = String::from_utf8_lossy(t);
            let mut lines = text.lines();
            let n: usize = match lines.next().and_then(|l| l.parse().ok()) {
                Some(n) => n,
                None => return false,
            };
            let body: Vec<&str> = lines.collect();
            body.len() == n
                && body.iter().all(|l| match l.split_once(' ') {
                    Some((w, v)) => {
                        w.bytes().all(|b| b.is_ascii_lowercase())
                            && v.parse::<u32>().is_ok_and(|v| v <= 1000)
                    }
                    None => false,
                })
        };
        let fails = |t: &[u8]| String::from_utf8_lossy(t).matches("tiramisu ").count() >= 2;
        let long: String = std::iter::once("300\n".to_string())
            .chain((0..300).map(|i| format!("soup {i}\n")))
            .collect();
        let inputs: [&[u8]; 1] = [long.as_bytes()];
        assert!(valid(inputs[0]) && !fails(inputs[0]));
        let words = [b"Pasta".to_vec(), b"tiramisu".to_vec(), b"7".to_vec()];
        let budget = Budget::Cases(20_000);
        let outcome = search_kept(&inputs, &words, &valid, &fails, &|_| true, budget, 2);
        let found = outcome.found.expect("the word written twice");
        assert_eq!(
            found.steps,
            ["line 2, token 1 and line 3, token 1: dictionary \"tiramisu\""]
        );
        assert!(search(&inputs, &valid, &fails, budget, 2).found.is_none());
    }

    #[test]
    fn a_bug_at_a_round_limit_is_the_first_candidate_tried() {
        // Fails iff a value is ≥ 10^9 where the validator allows ≤ 10^9: the
        // limits are tried before anything else, so the first candidate catches it.
        let valid = list(1_000_000_000, true);
        let fails = |t: &[u8]| numbers(t).iter().skip(1).any(|&v| v >= 1_000_000_000);
        let inputs: [&[u8]; 1] = [b"3\n5 17 4\n"];
        let outcome = search(&inputs, &valid, &fails, Budget::Cases(10_000), 1);
        let found = outcome.found.expect("found at the limit");
        assert_eq!(found.steps, ["line 2: all → 1000000000"]);
        assert_eq!(outcome.stats.candidates, 1);
        assert_eq!(outcome.stats.limits, [1_000_000_000, 1]);
    }

    #[test]
    fn a_bug_needing_more_lines_is_found_by_a_repeated_line_with_its_count() {
        let valid = list(100, false);
        let fails = |t: &[u8]| numbers(t).first().is_some_and(|&n| n >= 4);
        let inputs: [&[u8]; 2] = [b"3\n5\n17\n4\n", b"2\n8\n9\n"];
        assert!(inputs.iter().all(|i| valid(i) && !fails(i)));
        let outcome = search(&inputs, &valid, &fails, Budget::Cases(10_000), 1);
        let found = outcome.found.expect("found by repeating a line");
        assert_eq!(found.steps, ["line 1 repeated (line 1, token 1: 3 → 4)"]);
        assert_eq!(found.input, b"4\n3\n5\n17\n4\n");
        // No change but a repetition catches it.
        let other = inputs.iter().any(|input| {
            mutations(input, &inputs)
                .filter(|m| !m.description.contains("repeated"))
                .any(|m| valid(&m.input) && fails(&m.input))
        });
        assert!(!other);
    }

    #[test]
    fn a_bug_two_changes_away_is_found_by_composing_them() {
        let valid = list(100, false);
        let fails = |t: &[u8]| numbers(t).first().is_some_and(|&n| n >= 5);
        let inputs: [&[u8]; 1] = [b"3\n5\n17\n4\n"];
        assert!(!caught_without_limits(&inputs, &valid, &fails));
        let outcome = search(&inputs, &valid, &fails, Budget::Cases(100_000), 1);
        let found = outcome.found.expect("found on the second level");
        assert_eq!(found.steps.len(), 2, "{:?}", found.steps);
        assert!(valid(&found.input) && fails(&found.input));
    }

    #[test]
    fn the_answer_and_a_budget_of_cases_do_not_depend_on_jobs() {
        let valid = list(1000, true);
        // Many candidates fail: the first in serial order must be taken.
        let odd_sum = |t: &[u8]| {
            let v = numbers(t);
            v.iter().skip(1).sum::<i64>() % 2 == 1 && v.len() > 3
        };
        let never = |_: &[u8]| false;
        let inputs: [&[u8]; 3] = [b"2\n4 6\n", b"3\n1 1 2\n", b"1\n8\n"];
        let serial = search(&inputs, &valid, &odd_sum, Budget::Cases(100_000), 1);
        assert!(serial.found.is_some());
        let cut = search(&inputs, &valid, &never, Budget::Cases(300), 1);
        assert_eq!(cut.stats.candidates + cut.stats.probes, 300);
        for jobs in [2, 3, 4, 8] {
            let parallel = search(&inputs, &valid, &odd_sum, Budget::Cases(100_000), jobs);
            assert_eq!(parallel.found, serial.found, "jobs {jobs}");
            assert_eq!(
                search(&inputs, &valid, &never, Budget::Cases(300), jobs),
                cut
            );
        }
    }

    #[test]
    fn only_valid_candidates_are_run_or_returned() {
        // A validator that accepts about a third of all texts, unrelated to format.
        let valid = |t: &[u8]| content_hash(t).is_multiple_of(3);
        let wrongly_run = AtomicUsize::new(0);
        let fails = |t: &[u8]| {
            if !valid(t) {
                wrongly_run.fetch_add(1, Ordering::Relaxed);
            }
            content_hash(t).is_multiple_of(7)
        };
        let inputs: [&[u8]; 2] = [b"5 6 7\n8\n", b"1\n2 3\n"];
        for jobs in [1, 3] {
            let outcome = search(&inputs, &valid, &fails, Budget::Cases(5000), jobs);
            let found = outcome.found.expect("a valid failing text");
            assert!(valid(&found.input) && fails(&found.input));
        }
        assert_eq!(wrongly_run.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn an_empty_budget_runs_nothing() {
        let calls = AtomicUsize::new(0);
        let count = |_: &[u8]| {
            calls.fetch_add(1, Ordering::Relaxed);
            true
        };
        let inputs: [&[u8]; 1] = [b"1 2\n"];
        for budget in [Budget::Cases(0), Budget::Time(std::time::Duration::ZERO)] {
            let outcome = search(&inputs, &count, &count, budget, 2);
            assert_eq!(outcome.found, None);
            assert_eq!(outcome.stats, SearchStats::default());
        }
        assert_eq!(calls.load(Ordering::Relaxed), 0);
        let nothing = search(&[], &count, &count, Budget::Cases(10), 1);
        assert_eq!(nothing.found, None);
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_and_any_oracles_never_panic_and_only_valid_inputs_come_back(
            inputs in proptest::collection::vec(proptest::collection::vec(
                proptest::prop_oneof![proptest::num::u8::ANY, proptest::sample::select(b"0123456789- \n".to_vec())],
                0..40,
            ), 0..3),
            salt in 0u64..1000,
        ) {
            let valid = |t: &[u8]| content_hash(t).wrapping_add(salt) % 4 != 0;
            let fails = |t: &[u8]| content_hash(t).wrapping_mul(salt | 1).is_multiple_of(50);
            let inputs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
            let outcome = search(&inputs, &valid, &fails, Budget::Cases(300), 2);
            if let Some(found) = outcome.found {
                proptest::prop_assert!(valid(&found.input) && fails(&found.input));
                proptest::prop_assert!(found.from < inputs.len());
            }
            for input in &inputs {
                for token in 0..3 {
                    let place = Place { line: 0, token };
                    if let Some(b) = crate::variants::boundary(input, place, &valid) {
                        proptest::prop_assert!(b.lowest <= b.highest);
                    }
                }
            }
        }
    }
}
