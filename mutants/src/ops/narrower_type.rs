//! Narrower type (C and C++): an integer type made 32 bits wide.
//!
//! The edit is made where the type is written, which covers declarations,
//! casts, template arguments and the usual `typedef long long ll;` or `using ll
//! = long long;` (one edit that narrows every `ll`). A type is the whole run of
//! type keywords (`unsigned long long int` → `unsigned`), so the mutant is never
//! `int int`. `long double` is left alone. `std::size_t` becomes `unsigned`, the
//! qualifier dropped with it.

use super::Edit;
use crate::code::Code;
use crate::lex::Kind;
use crate::Operator;

/// Keywords that combine into one integer or floating type.
const TYPE_KEYWORDS: &[&str] = &[
    "unsigned", "signed", "long", "int", "short", "char", "double", "__int128",
];

pub(super) fn find(code: &Code, out: &mut Vec<Edit>) {
    let mut i = 0;
    while i < code.len() {
        if is_type_keyword(code, i) {
            let mut end = i;
            while end + 1 < code.len() && is_type_keyword(code, end + 1) {
                end += 1;
            }
            if let Some(replacement) = narrower_run(code, i, end) {
                out.push(Edit::tokens(
                    code,
                    i,
                    end,
                    Operator::NarrowerType,
                    replacement,
                ));
            }
            i = end + 1;
            continue;
        }
        if code.kind_is(i, Kind::Ident) {
            let replacement = match code.text(i) {
                "int64_t" => Some("int32_t"),
                "uint64_t" => Some("uint32_t"),
                "size_t" => Some("unsigned"),
                _ => None,
            };
            if let Some(replacement) = replacement {
                let qualified = code.text(i) == "size_t"
                    && i >= 2
                    && code.is(i - 1, "::")
                    && code.is(i - 2, "std");
                let first = if qualified { i - 2 } else { i };
                out.push(Edit::tokens(
                    code,
                    first,
                    i,
                    Operator::NarrowerType,
                    replacement,
                ));
            }
        }
        i += 1;
    }
}

fn is_type_keyword(code: &Code, i: usize) -> bool {
    code.kind_is(i, Kind::Ident) && TYPE_KEYWORDS.contains(&code.text(i))
}

/// The narrower type for the run of type keywords `first..=last`, if it is a
/// wide integer type.
fn narrower_run(code: &Code, first: usize, last: usize) -> Option<&'static str> {
    let words: Vec<&str> = (first..=last).map(|k| code.text(k)).collect();
    let unsigned = words.contains(&"unsigned");
    if words.contains(&"double") {
        None
    } else if words.contains(&"__int128") {
        Some(if unsigned {
            "unsigned long long"
        } else {
            "long long"
        })
    } else if words.contains(&"long") {
        Some(if unsigned { "unsigned" } else { "int" })
    } else {
        None
    }
}
