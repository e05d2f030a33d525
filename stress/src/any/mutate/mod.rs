//! Inputs made from a test input, to catch a wrong submission that passes every
//! test of a setter's package, when jurybox knows nothing of the format but what
//! the validators say (valid or not).
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
//! 5. **values** of every integer token, tier by tier ([`values`]: limits and
//!    extremes, then 0, ±1 and neighbours, then overflow numbers).
//!
//! Where the number of lines or of a line's tokens changes, a count above it is
//! changed with it, as the shrinker does ([`crate::any::text`]: `n` then n lines,
//! `k` then k tokens); the candidate with the count changed comes first, then the
//! one without (the number may not have been a count). Only the named bytes change
//! ([`layout`]). Candidates are not checked against the validators here and a text
//! may come twice; [`search`] does both.
//!
//! [`boundary`] finds the real limits of a token with the validators, and
//! [`search`] puts it all together: limits first, then mutations, then mutations
//! of mutations, keeping only inputs the validators accept, until one fails.

mod boundary;
mod layout;
mod search;
mod values;

pub use boundary::{boundary, Boundary, Place};
pub use search::{search, Found, SearchOutcome, SearchStats};

use crate::any::text::{line_counts, token_counts, Count, Grid};
use layout::{apply, integer, line_spans, token_spans, Layout, Splice};
use std::collections::VecDeque;
use std::sync::Arc;
use values::{values, Context, Tier};

/// A candidate input and how it was made from its parent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutation {
    /// The candidate's bytes.
    pub input: Vec<u8>,
    /// What changed, e.g. `line 2, token 3: 7 → 1000000000` (lines and tokens
    /// counted from 1).
    pub description: String,
}

/// How many other inputs lend their values at the same place.
const SIBLINGS: usize = 8;
/// How many distinct values one place keeps from them.
const VALUES_PER_PLACE: usize = 4;

/// The values other inputs hold at each place of one input, in flat arrays (an
/// input has up to millions of places).
#[derive(Debug, Default)]
pub(crate) struct Siblings {
    /// Where each line's places start in `values`.
    offsets: Vec<usize>,
    /// Each place's values, the first `counts[place]` of them.
    values: Vec<[i64; VALUES_PER_PLACE]>,
    counts: Vec<u8>,
}

impl Siblings {
    /// The integers of the first [`SIBLINGS`] of `others` at the places `layout`
    /// has, at most [`VALUES_PER_PLACE`] distinct ones a place.
    fn new(layout: &Layout, others: &[&[u8]]) -> Siblings {
        let others = &others[..others.len().min(SIBLINGS)];
        if others.is_empty() {
            return Siblings::default();
        }
        let mut offsets = Vec::with_capacity(layout.height() + 1);
        offsets.push(0);
        for line in 0..layout.height() {
            offsets.push(offsets[line] + layout.width(line));
        }
        let places = offsets[layout.height()];
        let mut siblings = Siblings {
            offsets,
            values: vec![[0; VALUES_PER_PLACE]; places],
            counts: vec![0; places],
        };
        for other in others {
            let lines = line_spans(other).take(layout.height()).enumerate();
            for (line, (start, end, _)) in lines {
                let tokens = token_spans(other, start..end).take(layout.width(line));
                for (token, span) in tokens.enumerate() {
                    if let Some(v) = integer(&other[span]) {
                        siblings.add(siblings.offsets[line] + token, v);
                    }
                }
            }
        }
        siblings
    }

    fn add(&mut self, place: usize, value: i64) {
        let count = usize::from(self.counts[place]);
        if count < VALUES_PER_PLACE && !self.values[place][..count].contains(&value) {
            self.values[place][count] = value;
            self.counts[place] += 1;
        }
    }

    fn values(&self, line: usize, token: usize) -> &[i64] {
        match (self.offsets.get(line), self.offsets.get(line + 1)) {
            (Some(&start), Some(&end)) if start + token < end => {
                let place = start + token;
                &self.values[place][..usize::from(self.counts[place])]
            }
            _ => &[],
        }
    }

    fn any_negative(&self) -> bool {
        let values = self.values.iter().zip(&self.counts);
        values
            .flat_map(|(v, &c)| &v[..usize::from(c)])
            .any(|&v| v < 0)
    }
}

/// The candidates made from `input`, in the order of the module's documentation;
/// `siblings` (other inputs of the problem) lend their values at the same places.
/// Never panics, whatever the bytes.
pub fn mutations(input: &[u8], siblings: &[&[u8]]) -> Mutations {
    let layout = Layout::new(input.to_vec());
    let siblings = Arc::new(Siblings::new(&layout, siblings));
    Mutations::new(layout, siblings, Vec::new())
}

/// A change not yet made.
#[derive(Clone, Debug)]
struct Edit {
    splices: Vec<Splice>,
    description: String,
}

/// The stages of the module's documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Fills,
    Runs,
    Lines,
    Tokens,
    Values(Tier),
    Done,
}

/// A set of integer tokens set to one value: a column of lines, or one line.
#[derive(Clone, Debug)]
struct Fill {
    lines: std::ops::Range<usize>,
    /// The column; `None`: every integer of the (one) line.
    column: Option<usize>,
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
}

impl Mutations {
    /// The candidates from `layout`, with `limits` (the problem's, found by the
    /// validators) tried first among the values.
    pub(crate) fn new(layout: Layout, siblings: Arc<Siblings>, limits: Vec<i64>) -> Mutations {
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
        }
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
                Stage::Tokens => Stage::Values(Tier::ALL[0]),
                Stage::Values(tier) => Tier::ALL
                    .iter()
                    .position(|&t| t == tier)
                    .and_then(|i| Tier::ALL.get(i + 1))
                    .map_or(Stage::Done, |&t| Stage::Values(t)),
                Stage::Done => Stage::Done,
            };
        }
        true
    }
}

impl Iterator for Mutations {
    type Item = Mutation;

    fn next(&mut self) -> Option<Mutation> {
        loop {
            if let Some(edit) = self.pending.pop_front() {
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

/// "line L, token T", counted from 1.
fn place(line: usize, token: usize) -> String {
    format!("line {}, token {}", line + 1, token + 1)
}

fn set(layout: &Layout, line: usize, token: usize, to: i64) -> Splice {
    Splice {
        range: layout.span(line, token),
        bytes: to.to_string().into_bytes(),
    }
}

fn set_token(layout: &Layout, line: usize, token: usize, from: i64, to: i64) -> Edit {
    Edit {
        splices: vec![set(layout, line, token, to)],
        description: format!("{}: {from} → {to}", place(line, token)),
    }
}

/// The runs of at least two consecutive lines with the same number (≥ 1) of
/// tokens.
fn runs(layout: &Layout) -> Vec<std::ops::Range<usize>> {
    let mut runs = Vec::new();
    let mut first = 0;
    for line in 1..=layout.height() {
        if line == layout.height() || layout.width(line) != layout.width(first) {
            if line - first >= 2 && layout.width(first) > 0 {
                runs.push(first..line);
            }
            first = line;
        }
    }
    runs
}

/// The sets of integers a fill sets to one value: each integer column of a run
/// (without its first line first, when that leaves two), then each line with at
/// least two integers.
fn fills(layout: &Layout, runs: &[std::ops::Range<usize>]) -> Vec<Fill> {
    let mut fills = Vec::new();
    for run in runs {
        for column in 0..layout.width(run.start) {
            if run.clone().all(|l| layout.integer(l, column).is_some()) {
                if run.len() >= 3 {
                    fills.push(Fill {
                        lines: run.start + 1..run.end,
                        column: Some(column),
                    });
                }
                fills.push(Fill {
                    lines: run.clone(),
                    column: Some(column),
                });
            }
        }
    }
    for line in 0..layout.height() {
        let integers = (0..layout.width(line))
            .filter(|&t| layout.integer(line, t).is_some())
            .count();
        if integers >= 2 {
            fills.push(Fill {
                lines: line..line + 1,
                column: None,
            });
        }
    }
    fills
}

fn fill_edits(layout: &Layout, fill: &Fill, limits: &[i64]) -> Vec<Edit> {
    let places: Vec<(usize, usize, i64)> = fill
        .lines
        .clone()
        .flat_map(|line| {
            let tokens = match fill.column {
                Some(c) => c..c + 1,
                None => 0..layout.width(line),
            };
            tokens.filter_map(move |t| layout.integer(line, t).map(|v| (line, t, v)))
        })
        .collect();
    let (Some(low), Some(high)) = (
        places.iter().map(|p| p.2).min(),
        places.iter().map(|p| p.2).max(),
    ) else {
        return Vec::new();
    };
    let what = match (fill.column, fill.lines.len()) {
        (Some(c), _) => format!(
            "lines {}–{}, token {}",
            fill.lines.start + 1,
            fill.lines.end,
            c + 1
        ),
        (None, _) => format!("line {}", fill.lines.start + 1),
    };
    let mut tried = Vec::new();
    let mut edits = Vec::new();
    for &to in limits.iter().chain(&[high, low]) {
        if tried.contains(&to) || places.iter().all(|p| p.2 == to) {
            continue;
        }
        tried.push(to);
        edits.push(Edit {
            splices: places
                .iter()
                .map(|&(line, token, _)| set(layout, line, token, to))
                .collect(),
            description: format!("{what}: all → {to}"),
        });
    }
    edits
}

/// `base` (a change of `by` lines or tokens) with each count in `counts` moved
/// by `by`, one at a time, then as it is.
fn with_counts(layout: &Layout, base: Edit, counts: &[Count], by: i64) -> Vec<Edit> {
    let mut edits = Vec::new();
    for count in counts {
        let from = count.value as i64;
        let to = from + by;
        if to < 0 {
            continue;
        }
        let mut splices = base.splices.clone();
        splices.push(set(layout, count.line, count.index, to));
        edits.push(Edit {
            splices,
            description: format!(
                "{} ({}: {from} → {to})",
                base.description,
                place(count.line, count.index)
            ),
        });
    }
    edits.push(base);
    edits
}

fn removed_lines(layout: &Layout, lines: std::ops::Range<usize>) -> Vec<Edit> {
    let removed = lines.len();
    let description = if removed == 1 {
        format!("line {} removed", lines.start + 1)
    } else {
        format!("lines {}–{} removed", lines.start + 1, lines.end)
    };
    let base = Edit {
        splices: vec![Splice {
            range: layout.lines_span(lines.start, lines.end - 1),
            bytes: Vec::new(),
        }],
        description,
    };
    let counts: Vec<Count> = line_counts(layout, lines.start)
        .into_iter()
        .filter(|c| c.value >= removed)
        .collect();
    with_counts(layout, base, &counts, -(removed as i64))
}

/// A run cut to its first line, then removed: first without the run's first
/// line (often the count of the rest), when that leaves two.
fn run_edits(layout: &Layout, run: std::ops::Range<usize>) -> Vec<Edit> {
    let mut edits = Vec::new();
    if run.len() >= 3 {
        edits.extend(removed_lines(layout, run.start + 2..run.end));
    }
    edits.extend(removed_lines(layout, run.start + 1..run.end));
    edits.extend(removed_lines(layout, run));
    edits
}

fn line_edits(layout: &Layout, line: usize) -> Vec<Edit> {
    let repeated = Edit {
        splices: vec![layout.repeat_line(line)],
        description: format!("line {} repeated", line + 1),
    };
    let mut edits = with_counts(layout, repeated, &line_counts(layout, line + 1), 1);
    edits.extend(removed_lines(layout, line..line + 1));
    if line + 1 < layout.height() {
        let (a, b) = (layout.content(line), layout.content(line + 1));
        let text = layout.text();
        if text[a.clone()] != text[b.clone()] {
            edits.push(Edit {
                splices: vec![
                    Splice {
                        range: a.clone(),
                        bytes: text[b.clone()].to_vec(),
                    },
                    Splice {
                        range: b,
                        bytes: text[a].to_vec(),
                    },
                ],
                description: format!("lines {} and {} swapped", line + 1, line + 2),
            });
        }
    }
    edits
}

fn token_edits(layout: &Layout, line: usize) -> Vec<Edit> {
    let width = layout.width(line);
    if width < 2 {
        return Vec::new(); // the line's own changes cover it
    }
    let counts = token_counts(layout, line);
    let mut edits = Vec::new();
    for token in 0..width {
        let span = layout.span(line, token);
        let bytes = layout.token(line, token);
        let repeated = Edit {
            splices: vec![Splice {
                range: span.end..span.end,
                bytes: [b" ".as_slice(), bytes].concat(),
            }],
            description: format!("{} repeated", place(line, token)),
        };
        edits.extend(with_counts(layout, repeated, &counts, 1));
        let removed = Edit {
            splices: vec![layout.remove_token(line, token)],
            description: format!("{} removed", place(line, token)),
        };
        edits.extend(with_counts(layout, removed, &counts, -1));
        if token + 1 < width && bytes != layout.token(line, token + 1) {
            let next = layout.span(line, token + 1);
            edits.push(Edit {
                splices: vec![
                    Splice {
                        range: span.clone(),
                        bytes: layout.token(line, token + 1).to_vec(),
                    },
                    Splice {
                        range: next,
                        bytes: bytes.to_vec(),
                    },
                ],
                description: format!(
                    "line {}, tokens {} and {} swapped",
                    line + 1,
                    token + 1,
                    token + 2
                ),
            });
        }
    }
    edits
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
