//! The changes of one input, as splices of its bytes with a description: fills,
//! runs, lines and tokens (the first four stages of [`super::mutations`]), and
//! one token set to a value (the fifth). A change of the number of lines or of a
//! line's tokens comes first with each count above it changed too (the guess of
//! [`crate::any::text`]), then without.

use super::layout::{Layout, Splice};
use crate::text::{line_counts, token_counts, Count, Grid};
use std::ops::Range;

/// A change not yet made.
#[derive(Clone, Debug)]
pub(crate) struct Edit {
    pub splices: Vec<Splice>,
    pub description: String,
}

/// A set of integer tokens set to one value: a column of lines, or one line.
#[derive(Clone, Debug)]
pub(crate) struct Fill {
    lines: Range<usize>,
    /// The column; `None`: every integer of the (one) line.
    column: Option<usize>,
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

pub(crate) fn set_token(layout: &Layout, line: usize, token: usize, from: i64, to: i64) -> Edit {
    Edit {
        splices: vec![set(layout, line, token, to)],
        description: format!("{}: {from} → {to}", place(line, token)),
    }
}

/// The runs of at least two consecutive lines with the same number (≥ 1) of
/// tokens.
pub(crate) fn runs(layout: &Layout) -> Vec<Range<usize>> {
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
pub(crate) fn fills(layout: &Layout, runs: &[Range<usize>]) -> Vec<Fill> {
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

pub(crate) fn fill_edits(layout: &Layout, fill: &Fill, limits: &[i64]) -> Vec<Edit> {
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

fn removed_lines(layout: &Layout, lines: Range<usize>) -> Vec<Edit> {
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
pub(crate) fn run_edits(layout: &Layout, run: Range<usize>) -> Vec<Edit> {
    let mut edits = Vec::new();
    if run.len() >= 3 {
        edits.extend(removed_lines(layout, run.start + 2..run.end));
    }
    edits.extend(removed_lines(layout, run.start + 1..run.end));
    edits.extend(removed_lines(layout, run));
    edits
}

pub(crate) fn line_edits(layout: &Layout, line: usize) -> Vec<Edit> {
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

pub(crate) fn token_edits(layout: &Layout, line: usize) -> Vec<Edit> {
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
