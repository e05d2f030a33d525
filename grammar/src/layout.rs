//! The layout of the tests, for a package whose validator cannot be read or
//! recorded (a Python validator, a custom reader): each test read as tokens
//! (integers, reals, words) and the blanks between them, the repetitions
//! found and tied to the number that counts them (`runs`: `n` then n lines,
//! `k` then a line of k numbers, T test cases each with its own count), each
//! value's range seen across the tests. Ranges are hints ([`Trust::Seen`]):
//! widened to the next power of ten so the generators go past what the tests
//! hold, and the package's validator decides what is valid.
//!
//! This is a richer guess than the stress crate's count of the lines or
//! tokens after a number: it finds nested repetitions, separators, counts
//! off by one, and constant widths.
//!
//! Time: O(tokens) to read the tests, plus `runs`' folding.

use crate::expr::Variable;
use crate::expr::{Expr, Value};
use crate::model::{FloatFormat, Grammar, GrammarOrigin, Item, ItemKind, Site, TextShape, Trust};
use crate::runs::{self, Aligned, BoundTie, CountTie, Numbering, Pat};

/// Why no layout was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// No test to read.
    #[error("no test to infer a layout from")]
    NoTests,
    /// The tests share no structure of lines and tokens.
    #[error("the tests share no layout of lines and tokens")]
    Mismatch,
}

const INT: u32 = 0;
const REAL: u32 = 1;
const WORD: u32 = 2;
const SPACE: u32 = 3;
const NEWLINE: u32 = 4;
const END: u32 = 5;
/// Other blank bytes get symbols from here on (6 + the byte).
const BLANK: u32 = 6;

/// One token or blank of a test: its symbol and text, and where it is.
struct Piece {
    symbol: u32,
    text: String,
    line: u32,
    token: u32,
}

fn strict_int(t: &str) -> Option<i128> {
    let digits = t.strip_prefix('-').unwrap_or(t);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && t != "-0";
    if canonical {
        t.parse().ok()
    } else {
        None
    }
}

fn is_real(t: &str) -> bool {
    let digits = t.strip_prefix('-').unwrap_or(t);
    match digits.split_once('.') {
        Some((a, b)) => {
            !a.is_empty()
                && !b.is_empty()
                && a.bytes().all(|c| c.is_ascii_digit())
                && b.bytes().all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

fn pieces(test: &[u8]) -> Vec<Piece> {
    let text = String::from_utf8_lossy(test);
    let mut out = Vec::new();
    let (mut line, mut token) = (1u32, 0u32);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut Vec<Piece>, line: u32, token: &mut u32| {
        if word.is_empty() {
            return;
        }
        *token += 1;
        let symbol = if strict_int(word).is_some() {
            INT
        } else if is_real(word) {
            REAL
        } else {
            WORD
        };
        out.push(Piece {
            symbol,
            text: std::mem::take(word),
            line,
            token: *token,
        });
    };
    for c in text.chars() {
        if c.is_ascii_whitespace() {
            flush(&mut word, &mut out, line, &mut token);
            let symbol = match c {
                ' ' => SPACE,
                '\n' => NEWLINE,
                other => BLANK + other as u32,
            };
            out.push(Piece {
                symbol,
                text: c.to_string(),
                line,
                token,
            });
            if c == '\n' {
                line += 1;
                token = 0;
            }
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out, line, &mut token);
    out.push(Piece {
        symbol: END,
        text: String::new(),
        line,
        token,
    });
    out
}

/// The next power of ten at or above `v` (v ≥ 1), or `v` itself when it is
/// one already.
fn power_of_ten_above(v: i128) -> i128 {
    let mut p = 1i128;
    while p < v {
        match p.checked_mul(10) {
            Some(q) => p = q,
            None => return v,
        }
    }
    p
}

/// A structure with its score, the tests aligned by it and its count ties.
type Scored = (i64, Vec<Pat>, Vec<Aligned>, Vec<CountTie>);

/// The layout the `tests` share, each value's range widened past what they
/// hold ([`Trust::Seen`]: the validator decides).
pub fn infer(tests: &[Vec<u8>]) -> Result<Grammar, LayoutError> {
    infer_with(tests, true)
}

/// [`infer`] with each value's range exactly the one the tests hold: every
/// value it makes appears in some valid test (the base from which
/// [`crate::grow`] asks the validator how far a count goes).
pub fn infer_as_seen(tests: &[Vec<u8>]) -> Result<Grammar, LayoutError> {
    infer_with(tests, false)
}

fn infer_with(tests: &[Vec<u8>], widen: bool) -> Result<Grammar, LayoutError> {
    if tests.is_empty() {
        return Err(LayoutError::NoTests);
    }
    let all: Vec<Vec<Piece>> = tests.iter().map(|t| pieces(t)).collect();
    let traces: Vec<Vec<u32>> = all
        .iter()
        .map(|p| p.iter().map(|x| x.symbol).collect())
        .collect();
    let int_value = |t: usize, pos: usize| {
        let p = &all[t][pos];
        if p.symbol == INT {
            strict_int(&p.text)
        } else {
            None
        }
    };
    // A few symbols say little: a loop is taken only where a number before
    // it counts it (give or take one) or where it runs to the end.
    let accept = |t: usize, start: usize, end: usize, k: u64| {
        all[t].get(end).is_some_and(|p| p.symbol == END)
            || (0..start).any(|pos| int_value(t, pos).is_some_and(|v| v.abs_diff(k as i128) <= 1))
    };
    let rules = runs::Rules {
        is_sep: &|s| s == SPACE || s == NEWLINE,
        ends_line: &|s| s == NEWLINE,
        accept: &accept,
        line_aligned: true,
    };
    // Of the structures every test parses by, the one whose loops are best
    // counted: most tied, fewest untied, then the richest.
    let mut best: Option<Scored> = None;
    for (shape, parsed) in runs::structures(&traces, &rules) {
        let numbering = Numbering::of(&shape);
        let aligned: Vec<Aligned> = parsed.iter().map(|p| runs::align(&shape, p)).collect();
        let counts = runs::tie_counts(&aligned, numbering.loops, &int_value);
        let score: i64 = counts
            .iter()
            .map(|c| match c {
                CountTie::Leaf { .. } => 2,
                CountTie::Const(_) => 1,
                CountTie::Untied(_) => -3,
            })
            .sum();
        if best.as_ref().is_none_or(|b| score > b.0) {
            best = Some((score, shape, aligned, counts));
        }
    }
    let (_, shape, aligned, counts) = best.ok_or(LayoutError::Mismatch)?;
    let numbering = Numbering::of(&shape);
    // A word whose length is, in every test, a number read before it (`n`
    // then a string of n characters): its length is that number, else a
    // random length would rarely agree with it and the validator would
    // refuse nearly every input made.
    let word_length = |t: usize, pos: usize| {
        let p = &all[t][pos];
        (p.symbol == WORD).then(|| p.text.chars().count() as i128)
    };
    let lengths = runs::tie_bounds(
        &aligned,
        numbering.leaf_symbol.len(),
        &word_length,
        &int_value,
        true,
    );
    let mut seen: Vec<Vec<&Piece>> = vec![Vec::new(); numbering.leaf_symbol.len()];
    for (t, a) in aligned.iter().enumerate() {
        for &(leaf, pos) in &a.reads {
            seen[leaf].push(&all[t][pos]);
        }
    }
    let mut b = Builder {
        counts,
        lengths,
        seen,
        leaf: 0,
        lp: 0,
        widen,
    };
    let items = b.items(&shape);
    Ok(Grammar {
        source: GrammarOrigin::Layout,
        items,
    })
}

struct Builder<'a> {
    counts: Vec<CountTie>,
    /// Each word's length tied to a number read before it, if one is.
    lengths: Vec<Option<BoundTie>>,
    seen: Vec<Vec<&'a Piece>>,
    leaf: usize,
    lp: usize,
    /// Whether ranges go past what the tests hold.
    widen: bool,
}

impl Builder<'_> {
    fn name(&self, leaf: usize) -> String {
        format!("t{leaf}")
    }

    fn items(&mut self, pats: &[Pat]) -> Vec<Item> {
        let mut out = Vec::new();
        for (i, p) in pats.iter().enumerate() {
            match p {
                Pat::Leaf(sym) => {
                    let leaf = self.leaf;
                    self.leaf += 1;
                    let Some(first) = self.seen[leaf].first() else {
                        continue;
                    };
                    let site = Site::Test {
                        line: first.line,
                        token: first.token,
                    };
                    let kind = self.leaf_item(leaf, *sym);
                    out.push(Item { site, kind });
                }
                Pat::Loop { body, sep } => {
                    let lp = self.lp;
                    self.lp += 1;
                    let separator = self.items(sep);
                    let body_items = self.items(body);
                    let site = body_items
                        .first()
                        .map(|i| i.site.clone())
                        .unwrap_or(Site::Test { line: 0, token: 0 });
                    let ends = matches!(pats.get(i + 1), Some(Pat::Leaf(END)));
                    let parts = runs::LoopParts {
                        index: None,
                        separator,
                        body: body_items,
                        ends,
                    };
                    let kind = runs::loop_kind(
                        &self.counts[lp],
                        &|leaf| self.name(leaf),
                        parts,
                        &site,
                        "before it in every test",
                    );
                    out.push(Item { site, kind });
                }
            }
        }
        out
    }

    fn leaf_item(&self, leaf: usize, symbol: u32) -> ItemKind {
        let target = Some(Variable::scalar(self.name(leaf)));
        let texts: Vec<&str> = self.seen[leaf].iter().map(|p| p.text.as_str()).collect();
        match symbol {
            INT => {
                let values: Vec<i128> = texts.iter().filter_map(|t| strict_int(t)).collect();
                let (min, max) = (
                    values.iter().min().copied().unwrap_or(0),
                    values.iter().max().copied().unwrap_or(0),
                );
                let (lo, hi) = if !self.widen {
                    (min, max)
                } else if min >= 1 {
                    (1, power_of_ten_above(max.max(1)))
                } else if min >= 0 {
                    (0, power_of_ten_above(max.max(1)))
                } else {
                    (-power_of_ten_above(-min), power_of_ten_above(max.max(1)))
                };
                ItemKind::Int {
                    target,
                    lo: Expr::int(lo),
                    hi: Expr::int(hi),
                    trust: Trust::Seen,
                }
            }
            REAL => {
                let values: Vec<f64> = texts.iter().filter_map(|t| t.parse().ok()).collect();
                let decimals: Vec<u32> = texts
                    .iter()
                    .map(|t| t.split_once('.').map_or(0, |(_, d)| d.len() as u32))
                    .collect();
                let min = values.iter().copied().fold(f64::MAX, f64::min);
                let max = values.iter().copied().fold(f64::MIN, f64::max);
                let (lo, hi) = if !self.widen {
                    (min, max)
                } else if min >= 0.0 {
                    (0.0, power_of_ten_above(max.ceil().max(1.0) as i128) as f64)
                } else {
                    (
                        -(power_of_ten_above(-min.floor() as i128) as f64),
                        power_of_ten_above(max.ceil().max(1.0) as i128) as f64,
                    )
                };
                ItemKind::Float {
                    target,
                    lo: Expr::Const(Value::Float(lo)),
                    hi: Expr::Const(Value::Float(hi)),
                    format: FloatFormat::fixed(
                        decimals.iter().copied().min().unwrap_or(0),
                        decimals.iter().copied().max().unwrap_or(0),
                    ),
                    trust: Trust::Seen,
                }
            }
            WORD => {
                let mut chars: Vec<char> = texts.iter().flat_map(|t| t.chars()).collect();
                chars.sort_unstable();
                chars.dedup();
                let lengths: Vec<i128> = texts.iter().map(|t| t.chars().count() as i128).collect();
                let (min_len, max_len) = match &self.lengths[leaf] {
                    Some(BoundTie::Leaf { leaf: count, plus }) => {
                        let tied = Expr::var(self.name(*count)).plus(*plus);
                        (tied.clone(), tied)
                    }
                    _ => (
                        Expr::int(lengths.iter().copied().min().unwrap_or(1)),
                        Expr::int(lengths.iter().copied().max().unwrap_or(1)),
                    ),
                };
                ItemKind::Text {
                    target,
                    shape: TextShape::Chars {
                        chars,
                        min_len,
                        max_len,
                    },
                }
            }
            SPACE => ItemKind::Space,
            NEWLINE => ItemKind::Newline,
            END => ItemKind::Eof,
            other => ItemKind::Literal(char::from_u32(other - BLANK).unwrap_or(' ').to_string()),
        }
    }
}
