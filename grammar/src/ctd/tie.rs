//! A `REGEX` text whose length a later `ASSERT` fixes:
//!
//! ```text
//! INT(1, 5000, n) NEWLINE
//! REGEX("[0-2]{1,5000}", s) NEWLINE
//! ASSERT(STRLEN(s) == n)
//! ```
//!
//! Read as written, the grammar makes `s` at a length of its own and the
//! assertion refuses nearly every run, so no input at all can be made (issue
//! 43: KTH Challenge 2020's winningthevote, "the assertion at script line 3
//! does not hold", every survivor left to the samples' mutations). When the
//! pattern is one character class repeated, the text is the same set of
//! strings as that class's characters at the asserted length, which the
//! writer makes directly ([`TextShape::Chars`]); the assertion stays, so a
//! length outside the pattern's own bounds is still refused.
//!
//! Only the plain case is taken: the assertion in the same block as the
//! text, nothing but separators between them (so the length's variables are
//! all read before the text), the length an expression that does not read
//! the text itself.

use crate::expr::{BinOp, Expr, Variable};
use crate::model::{Item, ItemKind, TextShape};
use crate::pattern::Re;

/// The most characters a class may hold to be written out as a set.
const MOST_CHARS: u32 = 256;

/// Ties each text of `items` to the length a following assertion fixes.
pub(super) fn tie_lengths(items: &mut [Item]) {
    for j in 0..items.len() {
        let ItemKind::Assert(e) = &items[j].kind else {
            continue;
        };
        let mut ties = Vec::new();
        strlen_equals(e, &mut ties);
        for (var, len) in ties {
            tie_one(items, j, &var, len);
        }
    }
}

/// Gives the text read into `var` just before `items[at]` the length `len`.
fn tie_one(items: &mut [Item], at: usize, var: &Variable, len: Expr) {
    let mut i = at;
    while i > 0 {
        i -= 1;
        match &items[i].kind {
            ItemKind::Space | ItemKind::Newline | ItemKind::Literal(_) => continue,
            ItemKind::Text {
                target: Some(t), ..
            } if t == var => break,
            _ => return,
        }
    }
    let ItemKind::Text { shape, .. } = &mut items[i].kind else {
        return;
    };
    let TextShape::Pattern(p) = shape else {
        return;
    };
    if let Some(chars) = one_class_repeated(&p.re) {
        *shape = TextShape::Chars {
            chars,
            min_len: len.clone(),
            max_len: len,
        };
    }
}

/// Every `STRLEN(v) == len` the assertion requires (under `&&`), `len` not
/// reading `v`.
fn strlen_equals(e: &Expr, out: &mut Vec<(Variable, Expr)>) {
    match e {
        Expr::Bin(BinOp::And, a, b) => {
            strlen_equals(a, out);
            strlen_equals(b, out);
        }
        Expr::Bin(BinOp::Eq, a, b) => {
            for (side, len) in [(a, b), (b, a)] {
                let Expr::Strlen(inner) = side.as_ref() else {
                    continue;
                };
                let Expr::Var(v) = inner.as_ref() else {
                    continue;
                };
                let mut read = Vec::new();
                len.variables(&mut read);
                if !read.contains(&v.var) {
                    out.push((v.as_ref().clone(), len.as_ref().clone()));
                }
            }
        }
        _ => {}
    }
}

/// The characters of a pattern that is one class repeated (`[0-2]{1,5000}`,
/// `[a-z]+`), sorted, if it is that and the class is small.
fn one_class_repeated(re: &Re) -> Option<Vec<char>> {
    match re {
        Re::Concat(parts) if parts.len() == 1 => one_class_repeated(&parts[0]),
        Re::Repeat { re, .. } => match re.as_ref() {
            Re::Class(ranges) => {
                let size: u32 = ranges
                    .iter()
                    .map(|&(lo, hi)| u32::from(hi).saturating_sub(u32::from(lo)) + 1)
                    .sum();
                if size == 0 || size > MOST_CHARS {
                    return None;
                }
                let mut chars: Vec<char> = ranges.iter().flat_map(|&(lo, hi)| lo..=hi).collect();
                chars.sort_unstable();
                chars.dedup();
                Some(chars)
            }
            _ => None,
        },
        _ => None,
    }
}
