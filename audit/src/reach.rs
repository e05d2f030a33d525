//! Bounds the data never reaches (issue 44, item 2): every test read by the
//! grammar, and for each value the validators bound (a variable's minimum
//! and maximum, a count, a string's length), whether some test reaches each
//! side; per group of tests where groups give their validators their own
//! arguments. A side no test reaches is a warning ("n ≤ 200000: largest n
//! in the data is 1000"), offered with an input at that bound when the
//! grammar can make one the validators accept: a valid test the suite lacks.

use crate::finding::{FindingCategory, Report, Warning};
use crate::inputs::candidates::item_name;
use crate::transform::{made, with_bounds};
use crate::Context;
use jurybox_grammar::expr::{Expr, Value};
use jurybox_grammar::read::read;
use jurybox_grammar::{Grammar, ItemKind, Trust};
use jurybox_jury::Stop;
use std::collections::BTreeMap;

/// What the tests of one group hold of one item.
#[derive(Default)]
struct Seen {
    /// The smallest and the largest value (a text: its length).
    least: Option<i128>,
    most: Option<i128>,
    /// Whether some value equals its lower / upper bound as evaluated there.
    at_lo: bool,
    at_hi: bool,
}

/// Audits which bounds the tests reach, into `report`'s warnings.
pub fn audit_reach(ctx: &Context, report: &mut Report) -> Result<(), Stop> {
    let Some(grammar) = ctx.grammar else {
        return Ok(());
    };
    let g = &grammar.grammar;
    let bounded = bounded_items(g);
    if bounded.is_empty() {
        report.notes.push(format!(
            "the grammar (from {}) states no bound: which bounds the data reaches is not said",
            grammar.from
        ));
        return Ok(());
    }
    let mut groups: BTreeMap<String, BTreeMap<usize, Seen>> = BTreeMap::new();
    let mut unread = 0;
    for case in ctx.cases {
        let Ok(reading) = read(g, &case.input) else {
            unread += 1;
            continue;
        };
        let group = group_words(&case.settings.input_validator_args);
        let items = groups.entry(group).or_default();
        for v in reading.values.iter().filter(|v| bounded.contains(&v.item)) {
            let Some(x) = as_int(&v.value) else { continue };
            let seen = items.entry(v.item).or_default();
            seen.least = Some(seen.least.map_or(x, |l| l.min(x)));
            seen.most = Some(seen.most.map_or(x, |m| m.max(x)));
            if let Some((Value::Int(lo), Value::Int(hi))) = &v.bounds {
                seen.at_lo |= x == *lo;
                seen.at_hi |= x == *hi;
            }
        }
    }
    if unread > 0 {
        report.notes.push(format!(
            "{unread} tests are not read by the grammar: their values are not counted"
        ));
    }
    let items = g.walk();
    let several = groups.len() > 1;
    let mut count = 0;
    for (group, seen) in &groups {
        for (&index, s) in seen {
            let (lo, hi) = constant_bounds(&items[index].kind);
            let name = item_name(items[index]);
            let within = match several {
                true => format!(" in the tests whose validators get `{group}`"),
                false => String::new(),
            };
            for (reached, bound, word, seen_value, low) in [
                (s.at_hi, hi, "largest", s.most, false),
                (s.at_lo, lo, "smallest", s.least, true),
            ] {
                count += 1;
                if reached {
                    continue;
                }
                let Some(bound) = bound else { continue };
                let sign = if low { "≥" } else { "≤" };
                let what = format!(
                    "{name} {sign} {bound}: the {word} in the data{within} is {}",
                    seen_value.map_or("none".into(), |v| v.to_string())
                );
                let offer = offer(ctx, g, index, bound)?;
                report.warnings.push(Warning { what, offer });
            }
        }
    }
    report.tried(
        FindingCategory::Reach,
        count,
        "bounds checked against the data",
    );
    Ok(())
}

/// The value items whose bounds the grammar states.
fn bounded_items(g: &Grammar) -> Vec<usize> {
    g.walk()
        .into_iter()
        .enumerate()
        .filter(|(_, i)| match &i.kind {
            ItemKind::Int { trust, .. } => *trust == Trust::Stated,
            ItemKind::Text {
                shape: jurybox_grammar::TextShape::Chars { .. },
                ..
            } => true,
            _ => false,
        })
        .map(|(index, _)| index)
        .collect()
}

/// An item's bounds where they are constants.
fn constant_bounds(kind: &ItemKind) -> (Option<i128>, Option<i128>) {
    match kind {
        ItemKind::Int { lo, hi, .. } => (lo.as_int(), hi.as_int()),
        ItemKind::Text {
            shape:
                jurybox_grammar::TextShape::Chars {
                    min_len, max_len, ..
                },
            ..
        } => (min_len.as_int(), max_len.as_int()),
        _ => (None, None),
    }
}

fn as_int(v: &Value) -> Option<i128> {
    match v {
        Value::Int(x) => Some(*x),
        Value::Str(s) => Some(s.chars().count() as i128),
        _ => None,
    }
}

/// An input with the item at `bound`, when the grammar makes one every
/// validator accepts.
fn offer(ctx: &Context, g: &Grammar, index: usize, bound: i128) -> Result<Option<Vec<u8>>, Stop> {
    if crate::transform::too_many(g, index, &Expr::int(bound)) {
        return Ok(None);
    }
    let at = with_bounds(g, index, Expr::int(bound), Expr::int(bound));
    for input in made(&at, ctx.config.seed, 3) {
        if !ctx.validators.is_empty() && ctx.validators.all_accept(&input)? {
            return Ok(Some(input));
        }
    }
    Ok(None)
}

/// A group's validator arguments in words: `--max 5`, or each validator's.
fn group_words(args: &jurybox_format::ValidatorArgs) -> String {
    match args {
        jurybox_format::ValidatorArgs::Each(words) => words.join(" "),
        jurybox_format::ValidatorArgs::ByName(map) => map
            .iter()
            .map(|(name, words)| format!("{name}: {}", words.join(" ")))
            .collect::<Vec<_>>()
            .join("; "),
    }
}
