//! The invalid inputs tried on the validators, made from the grammar: each
//! stated bound exceeded by one and by far, each count one more and one
//! less than the values that follow, each statement bound exceeded by one,
//! and each value of a valid input written as a token of the wrong type,
//! missing or repeated.

use super::text::TextMutation;
use super::truth::Truth;
use crate::statement::{BoundSide, Num, StatedBound};
use crate::transform::{made, too_many, with_bounds};
use jurybox_grammar::expr::{Expr, Value};
use jurybox_grammar::read::Reading;
use jurybox_grammar::{Grammar, Item, ItemKind, Trust};

/// How a candidate was made.
#[derive(Clone, Debug)]
pub enum Made {
    /// Its bytes.
    Direct(Vec<u8>),
    /// A valid input and the change of its bytes.
    OfBase {
        /// The valid input.
        base: Vec<u8>,
        /// The change.
        mutation: TextMutation,
    },
}

impl Made {
    /// The candidate's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        match self {
            Made::Direct(b) => b.clone(),
            Made::OfBase { base, mutation } => mutation.apply(base).unwrap_or_default(),
        }
    }
}

/// One candidate, with what it is and why it is invalid.
#[derive(Clone, Debug)]
pub struct InvalidCandidate {
    /// What it is, in words.
    pub what: String,
    /// A key: one finding per key is reported.
    pub label: String,
    /// Its bytes.
    pub made: Made,
    /// Why it is invalid.
    pub truth: Truth,
    /// Whether it is invalid whatever the grammar's source: a byte or
    /// whitespace change the format forbids every input (CRLF, no final
    /// newline, a blank or trailing token, a non-ASCII byte, the empty
    /// file: BAPCtools' generic invalid inputs). Every other candidate is
    /// invalid only as far as the grammar is the input's, which a layout
    /// read from the tests may not be.
    pub generic: bool,
}

/// An item's name for a finding: its variable and where it was found.
pub fn item_name(item: &Item) -> String {
    match item.target() {
        Some(t) => format!("{t} ({})", item.site),
        None => format!("the value at {}", item.site),
    }
}

/// Values far past any bound a validator may forget: one past `i64`.
const FAR: i128 = 1 << 63;

/// Each stated bound of `grammar` exceeded by one and by far, the rest of
/// the input consistent with the grammar (counts, later bounds).
pub fn bounds_exceeded(grammar: &Grammar, seed: u64) -> Vec<InvalidCandidate> {
    let counts = crate::transform::count_variables(grammar);
    let mut out = Vec::new();
    for (index, item) in grammar.walk().into_iter().enumerate() {
        let (lo, hi) = match &item.kind {
            ItemKind::Int {
                lo,
                hi,
                trust: Trust::Stated,
                ..
            } => (lo, hi),
            _ => continue,
        };
        let is_count = item.target().is_some_and(|t| counts.contains(&t.var));
        let mut tries = vec![
            (hi.clone().plus(1), format!("one past its upper bound {hi}")),
            (
                lo.clone().plus(-1),
                format!("one below its lower bound {lo}"),
            ),
        ];
        if !is_count {
            tries.push((Expr::int(FAR), format!("far past its upper bound {hi}")));
            tries.push((
                Expr::int(-FAR - 1),
                format!("far below its lower bound {lo}"),
            ));
        }
        for (value, how) in tries {
            if too_many(grammar, index, &value) {
                continue;
            }
            let g = with_bounds(grammar, index, value.clone(), value);
            let Some(input) = made(&g, seed, 1).pop() else {
                continue;
            };
            let truth = Truth::of(grammar, &input);
            out.push(InvalidCandidate {
                what: format!("{} {how}", item_name(item)),
                label: format!("bound {index} {how}"),
                made: Made::Direct(input),
                truth,
                generic: false,
            });
        }
    }
    out
}

/// Each repetition run once more and once less than its count says;
/// `seen_counts` are the repetitions whose count the tests themselves bear
/// out (a layout's count of the tokens that follow, see [`counts_borne_out`]):
/// theirs are invalid whatever the grammar's source.
pub fn counts_off(grammar: &Grammar, seed: u64, seen_counts: &[usize]) -> Vec<InvalidCandidate> {
    let mut out = Vec::new();
    for (index, item) in grammar.walk().into_iter().enumerate() {
        let ItemKind::Repeat { count, .. } = &item.kind else {
            continue;
        };
        if count.as_int().is_some() {
            continue;
        }
        for (delta, how) in [(1, "one more"), (-1, "one fewer")] {
            let g = crate::transform::edited(grammar, index, |kind| {
                if let ItemKind::Repeat { count, .. } = kind {
                    *count = count.clone().plus(delta);
                }
            });
            let Some(input) = made(&g, seed, 1).pop() else {
                continue;
            };
            out.push(InvalidCandidate {
                what: format!(
                    "{how} repetition than its count {count} says ({})",
                    item.site
                ),
                label: format!("count {index} {delta}"),
                truth: Truth::of(grammar, &input),
                made: Made::Direct(input),
                generic: seen_counts.contains(&index),
            });
        }
    }
    out
}

/// Distinct values a count must take in the tests before a layout's count
/// is taken as the input's: one or two agreeing sizes may be chance.
const DISTINCT_COUNTS: usize = 3;

/// The repetitions (by walk index) whose count is one variable that takes
/// at least [`DISTINCT_COUNTS`] values across `inputs`, each read whole by
/// the grammar: the tests bear the count out.
pub fn counts_borne_out(grammar: &Grammar, inputs: &[&[u8]]) -> Vec<usize> {
    let readings: Vec<Reading> = inputs
        .iter()
        .filter_map(|i| jurybox_grammar::read::read(grammar, i).ok())
        .collect();
    let mut out = Vec::new();
    for (index, item) in grammar.walk().into_iter().enumerate() {
        let ItemKind::Repeat { count, .. } = &item.kind else {
            continue;
        };
        let mut vars = Vec::new();
        count.variables(&mut vars);
        let [var] = vars.as_slice() else { continue };
        let counted: Vec<usize> = items_named(grammar, var).iter().map(|(i, _)| *i).collect();
        let mut values: Vec<String> = readings
            .iter()
            .flat_map(|r| &r.values)
            .filter(|v| counted.contains(&v.item))
            .map(|v| format!("{:?}", v.value))
            .collect();
        values.sort();
        values.dedup();
        if values.len() >= DISTINCT_COUNTS {
            out.push(index);
        }
    }
    out
}

/// The grammar's value items that a statement's variable names (`N` is
/// `n`), by their walk index.
pub fn items_named<'g>(grammar: &'g Grammar, var: &str) -> Vec<(usize, &'g Item)> {
    grammar
        .walk()
        .into_iter()
        .enumerate()
        .filter(|(_, i)| matches!(i.kind, ItemKind::Int { .. } | ItemKind::Float { .. }))
        .filter(|(_, i)| i.target().is_some_and(|t| t.var.eq_ignore_ascii_case(var)))
        .collect()
}

/// The first value past `side` (the statement's bound): one past it for an
/// integer, the bound itself when strict.
fn past(side: BoundSide, above: bool, integer: bool) -> Option<Expr> {
    let step = if above { 1 } else { -1 };
    match side.value {
        Num::Int(v) if integer => Some(Expr::int(if side.strict { v } else { v + step })),
        Num::Int(v) => Some(Expr::int(v + step)),
        Num::Real(_) => None,
    }
}

/// Each bound `stated` exceeded by one on the items it names.
pub fn statement_bounds(
    grammar: &Grammar,
    stated: &StatedBound,
    seed: u64,
) -> Vec<InvalidCandidate> {
    let mut out = Vec::new();
    for (index, item) in items_named(grammar, &stated.var) {
        let integer = matches!(item.kind, ItemKind::Int { .. });
        for (side, above) in [(stated.hi, true), (stated.lo, false)] {
            let Some(value) = side.and_then(|s| past(s, above, integer)) else {
                continue;
            };
            if too_many(grammar, index, &value) {
                continue;
            }
            let g = with_bounds(grammar, index, value.clone(), value.clone());
            let Some(input) = made(&g, seed, 1).pop() else {
                continue;
            };
            let word = if above { "upper" } else { "lower" };
            out.push(InvalidCandidate {
                what: format!(
                    "{} = {value}, past the statement's {word} bound `{}` (line {})",
                    item_name(item),
                    stated.text,
                    stated.line
                ),
                label: format!("statement {index} {word}"),
                truth: Truth::past_statement(grammar, index, stated.lo, stated.hi),
                made: Made::Direct(input),
                generic: false,
            });
        }
    }
    out
}

/// Tokens of the wrong type for an integer.
const NOT_INTEGERS: [&str; 6] = ["1.0", "+1", "01", "-0", "x", "1e5"];

/// Each value of `valid` (its first occurrence per item) replaced by a token
/// of the wrong type, removed, or repeated.
pub fn tokens(grammar: &Grammar, valid: &[u8], reading: &Reading) -> Vec<InvalidCandidate> {
    let items = grammar.walk();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for v in &reading.values {
        if !seen.insert(v.item) {
            continue;
        }
        let name = item_name(items[v.item]);
        let mut edits: Vec<(String, String)> = Vec::new();
        if matches!(v.value, Value::Int(_)) {
            edits.extend(
                NOT_INTEGERS
                    .iter()
                    .map(|t| (t.to_string(), format!("`{t}` for the integer {name}"))),
            );
        }
        edits.push((String::new(), format!("{name} missing")));
        let token = String::from_utf8_lossy(&valid[v.span.clone()]).into_owned();
        edits.push((
            format!("{token} {token}"),
            format!("{name} repeated (an extra token)"),
        ));
        for (replacement, what) in edits {
            let mut input = valid[..v.span.start].to_vec();
            input.extend_from_slice(replacement.as_bytes());
            input.extend_from_slice(&valid[v.span.end..]);
            let truth = Truth::of(grammar, &input);
            out.push(InvalidCandidate {
                label: format!("token {} {what}", v.item),
                what,
                made: Made::Direct(input),
                truth,
                generic: false,
            });
        }
    }
    out
}

/// `valid` changed by each text mutation.
pub fn text(grammar: &Grammar, valid: &[u8]) -> Vec<InvalidCandidate> {
    let mut out: Vec<InvalidCandidate> = TextMutation::ALL
        .into_iter()
        .filter_map(|m| {
            let input = m.apply(valid)?;
            Some(InvalidCandidate {
                what: m.describe().to_string(),
                label: format!("text {m:?}"),
                truth: Truth::of(grammar, &input),
                made: Made::OfBase {
                    base: valid.to_vec(),
                    mutation: m,
                },
                generic: m.generic(),
            })
        })
        .collect();
    out.push(InvalidCandidate {
        what: "an empty file".into(),
        label: "text empty".into(),
        truth: Truth::of(grammar, b""),
        made: Made::Direct(Vec::new()),
        generic: true,
    });
    out
}
