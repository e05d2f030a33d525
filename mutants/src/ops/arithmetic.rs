//! Arithmetic: a binary operator replaced (`+` ↔ `-`, `*` → `/`, `/` → `*`,
//! `%` → `/`; in Python also `//` → `*`, and `%` → `//` to keep integer
//! division), and the compound assignments alike.
//!
//! A sign is not an operator: `+` or `-` is binary only right after an operand
//! (a name, a literal, `)` or `]`), so `return -1` and `a[i - 1]`'s sign are
//! told apart. In C and C++ a `*` or `&&` after a name may declare a pointer or
//! a reference (`T* p`, `T &&x`, `Node*& v`, `vector<Node*>`): these are edited
//! only when spaced the same on both sides (`a * b`, `a*b`), the way
//! expressions are written, never after a type name, and never before what
//! cannot start an operand (`&`, `)`, `>`, `,`).
//!
//! An operator with a string literal on either side works on strings (C++'s
//! `s + "|"`, Python's `"-" * n` and `"%d" % n`): its mutant never compiles in
//! C++ and always raises in Python, so it is not made.

use super::Edit;
use crate::code::Code;
use crate::lex::Kind;
use crate::words::is_c_type_word;
use crate::{Operator, Syntax};

pub(super) fn find(code: &Code, out: &mut Vec<Edit>) {
    let python = code.language == Syntax::Python;
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
            if code.ends_operand(i - 1) && !code.kind_is(i + 1, Kind::Str) {
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
    if !code.ends_operand(i - 1) || code.kind_is(i - 1, Kind::Str) || code.kind_is(i + 1, Kind::Str)
    {
        return false;
    }
    !code.language.is_c_family() || code.text(i) != "*" || written_as_expression(code, i)
}

/// What never starts an operand, so a `*` or `&&` before it declares.
const NOT_AN_OPERAND: &[&str] = &[")", "]", ">", ">>", ",", ";", "&", "=", "..."];

/// For a `*` or `&&` after an operand in C or C++: whether it reads as an
/// operator rather than a declarator (see the module doc).
pub(super) fn written_as_expression(code: &Code, i: usize) -> bool {
    i + 1 < code.len()
        && !NOT_AN_OPERAND.iter().any(|p| code.is(i + 1, p))
        && !is_c_type_word(code.text(i - 1))
        && code.spaced_after(i - 1) == code.spaced_after(i)
}
