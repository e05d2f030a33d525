//! Variants of a test input (each one a *mutation* of it, in the fuzzers' sense:
//! the input edited, not the program, which is `jurybox-mutants`' job), to catch
//! a wrong submission that passes every test of a setter's package, when jurybox
//! knows nothing of the format but what the validators say (valid or not).
//!
//! [`mutations`] lists the candidates made from one input, lazily, deterministic,
//! in this order (each stage over the whole input before the next):
//!
//! 1. **fills**: a column of a run of lines with the same number of tokens (the
//!    run without its first line first, which is often the count), or all the
//!    integers of one line, set to one value: each known limit, the largest and
//!    the smallest of those integers (sums overflow only when many values are
//!    large; ties appear when all are equal);
//! 2. **runs** of such lines cut to their first line, or removed (again first
//!    without the run's first line);
//! 3. **lines**, each in turn: repeated, removed, swapped with the next;
//! 4. **tokens** of lines with several, each in turn: repeated, removed, swapped
//!    with the next;
//! 5. **echoes**, line by line ([`words`]): the line written over the next and
//!    the last later line of as many tokens, each of its words over the next
//!    and the last later word of its characters (a name named twice), and
//!    one letter of each word made the first or last of its class;
//! 6. **values** of every integer token, tier by tier ([`values`]: limits and
//!    extremes, then 0, ±1 and neighbours, then overflow numbers);
//! 7. **dictionary**: each entry of the package's dictionary (given by the
//!    caller; none for [`mutations`]) written over a few tokens it fits, once
//!    and at two places. [`Mutations::capped`] gives this stage a cap of its
//!    own, so that a long input's values do not crowd it out.
//!
//! Where the number of lines or of a line's tokens changes, a count above it is
//! changed with it, as the shrinker does ([`crate::text`]: `n` then n lines,
//! `k` then k tokens); the candidate with the count changed comes first, then the
//! one without (the number may not have been a count). Only the named bytes change
//! ([`layout`]). Candidates are not checked against the validators here and a text
//! may come twice; [`search`] does both.
//!
//! [`growths`] makes an input larger instead (a grid's inner rows and columns
//! repeated, its border kept, its counts changed with it; then its cells
//! refilled), for a program slow only on large inputs.
//!
//! [`boundary`] finds the real limits of a token with the validators, and
//! [`search`] puts it all together: limits first, then mutations, then mutations
//! of mutations, keeping only inputs the validators accept, until one fails.

mod boundary;
pub mod breakpoint;
mod edits;
mod grow;
mod layout;
mod search;
mod siblings;
mod values;
mod words;

pub use boundary::{boundary, Boundary, Place};
pub use grow::{growths, Growths, MAX_GROWN_BYTES};
pub use search::{search, search_kept, CatchingInput, SearchOutcome, SearchStats};

use crate::text::Grid;
use edits::{fill_edits, fills, line_edits, run_edits, runs, set_token, token_edits, Edit, Fill};
use layout::{apply, Layout};
use siblings::Siblings;
use std::collections::VecDeque;
use std::sync::Arc;
use values::{values, Context, Tier};
use words::{echo_edits, entry_edits};

/// A candidate input and how it was made from its parent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutation {
    /// The candidate's bytes.
    pub input: Vec<u8>,
    /// What changed, e.g. `line 2, token 3: 7 → 1000000000` (lines and tokens
    /// counted from 1).
    pub description: String,
}

/// The candidates made from `input`, in the order of the module's documentation;
/// `siblings` (other inputs of the problem) lend their values at the same places.
/// Never panics, whatever the bytes.
pub fn mutations(input: &[u8], siblings: &[&[u8]]) -> Mutations {
    let layout = Layout::new(input.to_vec());
    let siblings = Arc::new(Siblings::new(&layout, siblings));
    Mutations::new(layout, siblings, Vec::new(), Arc::from(Vec::new()))
}

/// The stages of the module's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Fills,
    Runs,
    Lines,
    Tokens,
    Echoes,
    Values(Tier),
    Dictionary,
    Done,
}

/// The iterator of [`mutations`]; each candidate is made only when asked for.
pub struct Mutations {
    layout: Layout,
    siblings: Arc<Siblings>,
    context: Context,
    stage: Stage,
    step: usize,
    pending: VecDeque<Edit>,
    /// Runs of at least two lines with the same number (≥ 1) of tokens.
    runs: Vec<std::ops::Range<usize>>,
    fills: Vec<Fill>,
    integers: Vec<(usize, usize, i64)>,
    /// The dictionary's entries, most telling first.
    words: Arc<[Vec<u8>]>,
    /// [`Mutations::capped`]'s cap, and the candidates made so far before the
    /// dictionary stage and in it.
    cap: Option<usize>,
    made: usize,
}

impl Mutations {
    /// The candidates from `layout`, with `limits` (the problem's, found by the
    /// validators) tried first among the values.
    /// `words` are the dictionary's entries.
    pub(crate) fn new(
        layout: Layout,
        siblings: Arc<Siblings>,
        limits: Vec<i64>,
        words: Arc<[Vec<u8>]>,
    ) -> Mutations {
        let mut integers = Vec::new();
        for line in 0..layout.height() {
            for token in 0..layout.width(line) {
                if let Some(v) = layout.integer(line, token) {
                    integers.push((line, token, v));
                }
            }
        }
        let range = integers
            .iter()
            .map(|&(_, _, v)| (v, v))
            .reduce(|(a, b), (c, d)| (a.min(c), b.max(d)));
        let negatives = integers.iter().any(|&(_, _, v)| v < 0)
            || limits.iter().any(|&v| v < 0)
            || siblings.any_negative();
        let runs = runs(&layout);
        let fills = fills(&layout, &runs);
        Mutations {
            layout,
            siblings,
            context: Context {
                limits,
                range,
                negatives,
            },
            stage: Stage::Fills,
            step: 0,
            pending: VecDeque::new(),
            runs,
            fills,
            integers,
            words,
            cap: None,
            made: 0,
        }
    }

    /// At most `cap` candidates from the stages before the dictionary, then
    /// at most `cap` from the dictionary stage.
    pub(crate) fn capped(mut self, cap: usize) -> Mutations {
        self.cap = Some(cap);
        self
    }

    /// Queues the edits of the current step and moves to the next; false when
    /// all stages are done.
    fn advance(&mut self) -> bool {
        let layout = &self.layout;
        let step = self.step;
        let (edits, steps) = match self.stage {
            Stage::Fills => (
                self.fills
                    .get(step)
                    .map(|f| fill_edits(layout, f, &self.context.limits)),
                self.fills.len(),
            ),
            Stage::Runs => (
                self.runs.get(step).map(|r| run_edits(layout, r.clone())),
                self.runs.len(),
            ),
            Stage::Lines => (
                (step < layout.height()).then(|| line_edits(layout, step)),
                layout.height(),
            ),
            Stage::Tokens => (
                (step < layout.height()).then(|| token_edits(layout, step)),
                layout.height(),
            ),
            Stage::Echoes => (
                (step < layout.height()).then(|| echo_edits(layout, step)),
                layout.height(),
            ),
            Stage::Values(tier) => (
                self.integers.get(step).map(|&(line, token, value)| {
                    let siblings = self.siblings.values(line, token);
                    values(value, siblings, &self.context, tier)
                        .into_iter()
                        .map(|v| set_token(layout, line, token, value, v))
                        .collect()
                }),
                self.integers.len(),
            ),
            Stage::Dictionary => (
                self.words.get(step).map(|entry| entry_edits(layout, entry)),
                self.words.len(),
            ),
            Stage::Done => return false,
        };
        self.pending.extend(edits.into_iter().flatten());
        self.step += 1;
        if self.step >= steps {
            self.step = 0;
            self.stage = match self.stage {
                Stage::Fills => Stage::Runs,
                Stage::Runs => Stage::Lines,
                Stage::Lines => Stage::Tokens,
                Stage::Tokens => Stage::Echoes,
                Stage::Echoes => Stage::Values(Tier::ALL[0]),
                Stage::Values(tier) => Tier::ALL
                    .iter()
                    .position(|&t| t == tier)
                    .and_then(|i| Tier::ALL.get(i + 1))
                    .map_or(Stage::Dictionary, |&t| Stage::Values(t)),
                Stage::Dictionary | Stage::Done => Stage::Done,
            };
            if self.stage == Stage::Dictionary {
                self.made = 0; // the dictionary's share is its own
            }
        }
        true
    }
}

impl Iterator for Mutations {
    type Item = Mutation;

    fn next(&mut self) -> Option<Mutation> {
        loop {
            if self.cap.is_some_and(|cap| self.made >= cap) {
                if self.stage == Stage::Dictionary || self.stage == Stage::Done {
                    return None;
                }
                // The other stages' share is spent: on to the dictionary's.
                (self.stage, self.step, self.made) = (Stage::Dictionary, 0, 0);
                self.pending.clear();
            }
            if let Some(edit) = self.pending.pop_front() {
                self.made += 1;
                return Some(Mutation {
                    input: apply(self.layout.text(), &edit.splices),
                    description: edit.description,
                });
            }
            if !self.advance() {
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn described(input: &[u8], siblings: &[&[u8]]) -> Vec<(String, String)> {
        mutations(input, siblings)
            .map(|m| {
                let text = String::from_utf8_lossy(&m.input).into_owned();
                (m.description, text)
            })
            .collect()
    }

    fn made(all: &[(String, String)], description: &str) -> String {
        all.iter()
            .find(|(d, _)| d == description)
            .unwrap_or_else(|| panic!("no `{description}` in {all:#?}"))
            .1
            .clone()
    }

    #[test]
    fn the_stages_come_in_order_fills_runs_lines_tokens_values() {
        let all = described(b"3\n10 2 3\n2\n", &[b"3\n1 9 3\n"]);
        let first: Vec<&str> = all.iter().take(6).map(|(d, _)| d.as_str()).collect();
        assert_eq!(
            first,
            [
                "line 2: all → 10",
                "line 2: all → 2",
                "line 1 repeated",
                "line 1 removed",
                "lines 1 and 2 swapped",
                "line 2 repeated",
            ]
        );
        let at = |d: &str| all.iter().position(|(x, _)| x == d).unwrap();
        assert!(at("line 3 removed") < at("line 2, token 1 repeated"));
        // Every token's extremes (file's largest, another input's value) before
        // any token's small values, before any overflow.
        assert!(at("line 2, token 2: 2 → 9") < at("line 1, token 1: 3 → 0"));
        assert!(at("line 3, token 1: 2 → 0") < at("line 1, token 1: 3 → 1000000000"));
        assert_eq!(
            made(&all, "line 2, token 1: 10 → 2147483648"),
            "3\n2147483648 2 3\n2\n"
        );
        // No negative value where none fits, and a value never moved to itself.
        assert!(all.iter().all(|(d, _)| !d.contains("→ -")), "{all:#?}");
        assert!(all.iter().all(|(d, _)| !d.ends_with(": 2 → 2")));
        let signed = described(b"2\n-5 3\n", &[]);
        assert_eq!(made(&signed, "line 2, token 2: 3 → -1"), "2\n-5 -1\n");
    }

    #[test]
    fn counts_change_with_the_lines_and_tokens_they_count() {
        let lines = described(b"3\n4\n5\n6\n", &[]);
        let tokens = described(b"2 7\n1 2\n", &[]);
        for (all, description, made_text) in [
            (
                &lines,
                "line 3 repeated (line 1, token 1: 3 → 4)",
                "4\n4\n5\n5\n6\n",
            ),
            (
                &lines,
                "line 3 removed (line 1, token 1: 3 → 2)",
                "2\n4\n6\n",
            ),
            // The run of numbers cut to its first line, or removed, the count with it.
            (
                &lines,
                "lines 3–4 removed (line 1, token 1: 3 → 1)",
                "1\n4\n",
            ),
            (&lines, "lines 2–4 removed (line 1, token 1: 3 → 0)", "0\n"),
            // The uncounted versions come after, in case the number was no count.
            (&lines, "line 3 removed", "3\n4\n6\n"),
            // The run without its count: all set to its largest.
            (&lines, "lines 2–4, token 1: all → 6", "3\n6\n6\n6\n"),
            (
                &tokens,
                "line 2, token 2 repeated (line 1, token 1: 2 → 3)",
                "3 7\n1 2 2\n",
            ),
            (
                &tokens,
                "line 2, token 1 removed (line 1, token 1: 2 → 1)",
                "1 7\n2\n",
            ),
            (&tokens, "line 2, tokens 1 and 2 swapped", "2 7\n2 1\n"),
        ] {
            assert_eq!(made(all, description), made_text);
        }
        let at = |d: &str| lines.iter().position(|(x, _)| x == d);
        assert!(at("line 3 removed (line 1, token 1: 3 → 2)") < at("line 3 removed"));
    }

    /// "n, then n numbers in 0..=1000, one line": the shape the counts are for.
    fn list(text: &[u8]) -> bool {
        let text = String::from_utf8_lossy(text);
        let lines: Vec<&str> = text.lines().collect();
        let [head, body] = lines[..] else {
            return false;
        };
        let Ok(n) = head.trim().parse::<usize>() else {
            return false;
        };
        let values: Vec<Option<u32>> = body.split(' ').map(|w| w.parse().ok()).collect();
        values.len() == n && values.iter().all(|v| v.is_some_and(|v| v <= 1000))
    }

    #[test]
    fn every_change_of_size_keeps_a_counted_list_valid() {
        let input = b"4\n5 0 1000 7\n";
        assert!(list(input));
        let all: Vec<Mutation> = mutations(input, &[]).collect();
        for m in &all {
            let counted = m.description.contains("(line 1, token 1:");
            let resized = m.description.contains("repeated") || m.description.contains("removed");
            if resized && counted && m.description.starts_with("line 2") {
                assert!(list(&m.input), "{}: {:?}", m.description, m.input);
            }
        }
        let kept = all.iter().filter(|m| list(&m.input)).count();
        assert!(kept > 10 && kept < all.len(), "{kept} of {}", all.len());
    }

    #[test]
    fn only_the_named_bytes_change() {
        let input = b"2  x\r\n\t7 8";
        let all = described(input, &[]);
        assert_eq!(made(&all, "line 2, token 1: 7 → 0"), "2  x\r\n\t0 8");
        assert_eq!(made(&all, "line 2 repeated"), "2  x\r\n\t7 8\n\t7 8");
        assert_eq!(made(&all, "lines 1 and 2 swapped"), "\t7 8\r\n2  x");
    }

    #[test]
    fn siblings_lend_their_values_at_the_same_place() {
        let all = described(b"1 2\n", &[b"1 40\n", b"1 -3 9\n", b"x\n"]);
        assert_eq!(made(&all, "line 1, token 2: 2 → 40"), "1 40\n");
        // Another input's negative value makes negatives fit.
        assert_eq!(made(&all, "line 1, token 2: 2 → -3"), "1 -3\n");
        assert!(all.iter().any(|(d, _)| d == "line 1, token 1: 1 → -1"));
    }

    proptest! {
        #[test]
        fn mutations_of_any_bytes_never_panic_and_always_change_them(
            input in proptest::collection::vec(any::<u8>(), 0..48),
            sibling in proptest::collection::vec(any::<u8>(), 0..48),
            numbers in proptest::collection::vec((any::<i64>(), 0u8..4), 0..6),
        ) {
            // Arbitrary bytes, then with integers and line breaks mixed in.
            let mut numeric = input.clone();
            for (v, sep) in numbers {
                numeric.extend(v.to_string().bytes());
                numeric.push([b' ', b'\n', b'\r', b'\t'][sep as usize]);
            }
            for text in [&input, &numeric] {
                for m in mutations(text, &[&sibling, &input]).take(5000) {
                    prop_assert!(m.input != *text, "{} left {:?} unchanged", m.description, text);
                }
            }
        }
    }
}
