//! Loop bound: the bound of a loop one less or one more.
//!
//! The bound is the side of a `for` condition without the loop variable (the
//! first name of the step: `i` in `i++`), the right side of a `while`
//! condition, and the stop of a Python `range` (its only argument, or its
//! second). Only a condition that is a single comparison (`<`, `<=`, `>`,
//! `>=`, `!=`) has a bound; `i < n && a[i] > 0` has none. A literal bound is
//! left to the constant operator, which already makes `i < 9` of `i < 10`.

use super::condition::{comparison, shifted, Comparison};
use super::Edit;
use crate::code::Code;
use crate::lex::Kind;
use crate::{Operator, Syntax};

pub(super) fn find(code: &Code, out: &mut Vec<Edit>) {
    for i in 0..code.len() {
        let bound = match code.language {
            Syntax::C | Syntax::Cpp if code.is(i, "for") => c_for_bound(code, i),
            Syntax::C | Syntax::Cpp if code.is(i, "while") => c_while_bound(code, i),
            Syntax::Python if code.is(i, "while") => python_while_bound(code, i),
            Syntax::Python if code.is(i, "range") => python_range_stop(code, i),
            _ => None,
        };
        let Some((first, last)) = bound else {
            continue;
        };
        if first == last && code.tokens[first].kind == Kind::Number {
            continue;
        }
        for delta in [" - 1", " + 1"] {
            let replacement = shifted(code, first, last, delta);
            out.push(Edit::tokens(
                code,
                first,
                last,
                Operator::LoopBound,
                replacement,
            ));
        }
    }
}

/// The contents of the parenthesis opening at `open`, as an inclusive range.
fn parenthesised(code: &Code, open: usize) -> Option<(usize, usize)> {
    if !code.is(open, "(") {
        return None;
    }
    let close = code.partner[open]?;
    (close > open + 1).then_some((open + 1, close - 1))
}

/// `for (init; condition; step)`: the side of the condition without the loop
/// variable.
fn c_for_bound(code: &Code, i: usize) -> Option<(usize, usize)> {
    let (first, last) = parenthesised(code, i + 1)?;
    let depth = code.depth[i + 1] + 1;
    let semicolons: Vec<usize> = (first..=last)
        .filter(|&k| code.depth[k] == depth && code.is(k, ";"))
        .collect();
    let &[init_end, condition_end] = semicolons.as_slice() else {
        return None;
    };
    if condition_end <= init_end + 1 {
        return None;
    }
    let Comparison { left, right } = comparison(code, init_end + 1, condition_end - 1, depth)?;
    let variable = (condition_end + 1..=last)
        .find(|&k| code.is_name(k))
        .map(|k| code.text(k));
    let mentions = |(a, b): (usize, usize)| {
        variable.is_some_and(|v| (a..=b).any(|k| code.is_name(k) && code.text(k) == v))
    };
    if !mentions(left) && mentions(right) {
        Some(left)
    } else {
        Some(right)
    }
}

/// `while (condition)`: the condition's right side.
fn c_while_bound(code: &Code, i: usize) -> Option<(usize, usize)> {
    let (first, last) = parenthesised(code, i + 1)?;
    Some(comparison(code, first, last, code.depth[i + 1] + 1)?.right)
}

/// `while condition:`: the condition's right side.
fn python_while_bound(code: &Code, i: usize) -> Option<(usize, usize)> {
    let depth = code.depth[i];
    let colon = (i + 1..code.len())
        .take_while(|&k| code.tokens[k].kind != Kind::Newline)
        .find(|&k| code.depth[k] == depth && code.is(k, ":"))?;
    if colon <= i + 1 {
        return None;
    }
    Some(comparison(code, i + 1, colon - 1, depth)?.right)
}

/// `range(stop)`, `range(start, stop[, step])`: the stop.
fn python_range_stop(code: &Code, i: usize) -> Option<(usize, usize)> {
    if i > 0 && (code.is(i - 1, ".") || code.is(i - 1, "def")) {
        return None;
    }
    let (first, last) = parenthesised(code, i + 1)?;
    let depth = code.depth[i + 1] + 1;
    let mut arguments = Vec::new();
    let mut start = first;
    for k in first..=last {
        if code.depth[k] == depth && code.is(k, ",") {
            arguments.push((start, k.checked_sub(1)?));
            start = k + 1;
        }
    }
    if start <= last {
        arguments.push((start, last));
    }
    let plain = arguments.iter().all(|&(a, b)| {
        a <= b
            && !code.is(a, "*")
            && !code.is(a, "**")
            && !(a..=b).any(|k| code.depth[k] == depth && code.is(k, "="))
    });
    match arguments.as_slice() {
        [stop] if plain => Some(*stop),
        [_, stop] | [_, stop, _] if plain => Some(*stop),
        _ => None,
    }
}
