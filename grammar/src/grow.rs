//! A layout grammar's counts grown past the tests by asking the validator
//! (issue 32: "a time-limit survivor whose only slow inputs are maximal is
//! caught without any generator"). The tests' layout knows a count only up
//! to the largest the tests hold, widened to the next power of ten; the
//! real bound is the validator's. For each count, an input with that count
//! is made from the grammar with every value as the tests hold it (a range
//! seen, [`crate::layout::infer_as_seen`]) and the other counts at their
//! largest; the count is doubled while the validator accepts the input, and
//! the last step is bisected, so the grammar's maximal inputs reach the
//! largest count the validator accepts (200 000, where the tests stop at 100).
//!
//! The validator is an oracle the caller passes in; nothing here runs a
//! program. A count whose input the validator refuses already at the tests'
//! size (the values' shape matters to it: a permutation, distinct values) is
//! left as inferred.
//!
//! Time: O(log(bound)) validator runs per count (doubling, then bisection),
//! each on an input of up to [`GenerateOptions::max_tokens`] values.

use crate::expr::{Expr, Value};
use crate::generate::{candidates, GenerateOptions, Origin, Stage};
use crate::layout::{infer_as_seen, LayoutError};
use crate::model::{Grammar, Item, ItemKind, Site, TextShape};

/// A count grown: its variable and site, the largest the tests hold and the
/// largest the validator accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grown {
    /// The variable (`t0`).
    pub var: String,
    /// Where it was first seen.
    pub site: Site,
    /// The largest value the tests hold.
    pub seen: i128,
    /// The largest value the validator accepted (its upper bound when it
    /// refused the next, else the budget's).
    pub bound: i128,
    /// Whether the validator refused a larger one (else the budget ended
    /// the growth).
    pub refused_above: bool,
}

/// Grows each count of `grammar` (a layout grammar inferred from `tests`)
/// to the largest value `valid` accepts, at most `options.max_tokens`; what
/// each count became.
pub fn grow_counts(
    grammar: &mut Grammar,
    tests: &[Vec<u8>],
    valid: &mut dyn FnMut(&[u8]) -> bool,
    options: &GenerateOptions,
) -> Result<Vec<Grown>, LayoutError> {
    let seen = infer_as_seen(tests)?;
    let mut grown = Vec::new();
    for var in count_variables(&seen) {
        let Some((site, max_seen)) = int_item(&seen, &var) else {
            continue;
        };
        if max_seen < 1 {
            continue;
        }
        // The shape of values the validator accepts at the tests' own size.
        let Some(shape) =
            first_input_with_count(&seen, &var, max_seen, options, &mut |_, input| valid(input))
        else {
            continue;
        };
        let mut accepts = |count: i128| {
            let mut accepted = false;
            first_input_with_count(&seen, &var, count, options, &mut |s, input| {
                if s != shape {
                    return false;
                }
                accepted = valid(input);
                true
            });
            accepted
        };
        let cap = options.max_tokens as i128;
        let (mut good, mut bad) = (max_seen, None);
        while good < cap {
            let next = (good * 2).min(cap);
            if accepts(next) {
                good = next;
            } else {
                bad = Some(next);
                break;
            }
        }
        if let Some(mut refused) = bad {
            while refused - good > 1 {
                let mid = good + (refused - good) / 2;
                if accepts(mid) {
                    good = mid;
                } else {
                    refused = mid;
                }
            }
        }
        set_upper_bound(&mut grammar.items, &var, good);
        grown.push(Grown {
            var,
            site,
            seen: max_seen,
            bound: good,
            refused_above: bad.is_some(),
        });
    }
    Ok(grown)
}

/// The variables that count a repetition or give a word's length (`n` then
/// a string of n characters: a size as much as a count is), in reading order.
fn count_variables(grammar: &Grammar) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in grammar.walk() {
        let mut vars = Vec::new();
        match &item.kind {
            ItemKind::Repeat { count, .. } => count.variables(&mut vars),
            ItemKind::Text {
                shape: TextShape::Chars { max_len, .. },
                ..
            } => max_len.variables(&mut vars),
            _ => {}
        }
        for v in vars {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The integer item storing `var`: its site and its (constant) upper bound.
fn int_item(grammar: &Grammar, var: &str) -> Option<(Site, i128)> {
    grammar
        .walk()
        .into_iter()
        .find_map(|item| match &item.kind {
            ItemKind::Int {
                target: Some(t),
                hi: Expr::Const(Value::Int(hi)),
                ..
            } if t.var == var => Some((item.site.clone(), *hi)),
            _ => None,
        })
}

/// Sets the bounds of the integer item storing `var`: `lo` too when given.
fn set_bounds(items: &mut [Item], var: &str, lo: Option<i128>, hi: i128) {
    for item in items {
        match &mut item.kind {
            ItemKind::Int {
                target: Some(t),
                lo: item_lo,
                hi: item_hi,
                ..
            } if t.var == var => {
                *item_hi = Expr::int(hi);
                if let Some(lo) = lo {
                    *item_lo = Expr::int(lo);
                }
            }
            ItemKind::Repeat {
                separator, body, ..
            }
            | ItemKind::While {
                separator, body, ..
            } => {
                set_bounds(separator, var, lo, hi);
                set_bounds(body, var, lo, hi);
            }
            ItemKind::If {
                then, otherwise, ..
            } => {
                set_bounds(then, var, lo, hi);
                set_bounds(otherwise, var, lo, hi);
            }
            _ => {}
        }
    }
}

fn set_upper_bound(items: &mut [Item], var: &str, hi: i128) {
    set_bounds(items, var, None, hi);
}

/// The first of the grammar's maximal inputs with `var` fixed at `count`
/// (the other counts at their largest seen) for which `take` (given the name
/// of the values' shape and the input) is true; the inputs are made lazily,
/// so the first shape taken costs one input.
fn first_input_with_count(
    seen: &Grammar,
    var: &str,
    count: i128,
    options: &GenerateOptions,
    take: &mut dyn FnMut(&str, &[u8]) -> bool,
) -> Option<String> {
    let mut fixed = seen.clone();
    set_bounds(&mut fixed.items, var, Some(count), count);
    let options = GenerateOptions {
        stages: vec![Stage::Maximal],
        ..options.clone()
    };
    let stream = candidates(&fixed, &options, 0).ok()?;
    for c in stream {
        let Origin::Maximal { sizes, values } = c.origin else {
            return None;
        };
        // Only the shapes with every count at its maximum, unclipped.
        if sizes != "every count at its maximum" {
            return None;
        }
        if take(&values, &c.bytes) {
            return Some(values);
        }
    }
    None
}
