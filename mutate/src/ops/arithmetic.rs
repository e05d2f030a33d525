//! Arithmetic: a binary operator replaced (`+` ↔ `-`, `*` → `/`, `/` → `*`,
//! `%` → `/`; in Python also `//` → `*`, and `%` → `//` to keep integer
//! division), and the compound assignments alike.
//!
//! A sign is not an operator: `+` or `-` is binary only right after an operand
//! (a name, a literal, `)` or `]`), so `return -1` and `a[i - 1]`'s sign are
//! told apart. In C and C++ a `*` or `&&` after a name may declare a pointer or
//! a reference (`T* p`, `T &&x`): these are edited only when spaced the same on
//! both sides (`a * b`, `a*b`), the way expressions are written, and never after
//! a type name. Python's `%` after a string is formatting, not a remainder.

use super::Edit;
use crate::code::Code;
use crate::lex::Kind;
use crate::words::is_c_type_word;
use crate::{Language, Operator};

pub(super) fn find(code: &Code, out: &mut Vec<Edit>) {
    let python = code.language == Language::Python;
    for i in 1..code.len() {
        if code.tokens[i].kind != Kind::Punct {
            continue;
        }
        let compound = match (code.text(i), python) {
            ("+=", _) => Some("-="),
            ("-=", _) => Some("+="),
            ("*=", _) => Some("/="),
            ("/=", _) => Some("*="),
            ("%=", false) => Some("/="),
            ("%=", true) => Some("//="),
            ("//=", true) => Some("*="),
            _ => None,
        };
        if let Some(replacement) = compound {
            if code.ends_operand(i - 1) {
                out.push(Edit::token(code, i, Operator::Arithmetic, replacement));
            }
            continue;
        }
        let replacement = match (code.text(i), python) {
            ("+", _) => "-",
            ("-", _) => "+",
            ("*", _) => "/",
            ("/", _) => "*",
            ("%", false) => "/",
            ("//", true) => "*",
            ("%", true) => "//",
            _ => continue,
        };
        if is_binary(code, i) {
            out.push(Edit::token(code, i, Operator::Arithmetic, replacement));
        }
    }
}

/// Whether the operator at `i` (not the first token) is binary.
fn is_binary(code: &Code, i: usize) -> bool {
    if !code.ends_operand(i - 1) {
        return false;
    }
    match code.language {
        Language::Python => !(code.text(i) == "%" && code.tokens[i - 1].kind == Kind::Str),
        Language::C | Language::Cpp => code.text(i) != "*" || written_as_expression(code, i),
    }
}

/// For a `*` or `&&` after an operand in C or C++: whether it reads as an
/// operator rather than a declarator (see the module doc).
pub(super) fn written_as_expression(code: &Code, i: usize) -> bool {
    !is_c_type_word(code.text(i - 1)) && code.spaced_after(i - 1) == code.spaced_after(i)
}
