//! Logical: `&&` ↔ `||`, and `and` ↔ `or` in Python and C++ (where they are
//! keywords; in C they would be macros of `<iso646.h>`).
//!
//! A C++ `&&` may be an rvalue reference (`auto&& x`, `T &&x`); it is edited only
//! when it reads as an operator, as `*` is in the arithmetic operator.

use super::arithmetic::written_as_expression;
use super::Edit;
use crate::code::Code;
use crate::lex::Kind;
use crate::{Operator, Syntax};

pub(super) fn find(code: &Code, out: &mut Vec<Edit>) {
    let c_family = code.language.is_c_family();
    for i in 1..code.len() {
        let replacement = match (code.tokens[i].kind, code.text(i)) {
            (Kind::Punct, "&&") if c_family => {
                if !code.ends_operand(i - 1) || !written_as_expression(code, i) {
                    continue;
                }
                "||"
            }
            (Kind::Punct, "||") if c_family => "&&",
            (Kind::Ident, "and") if code.language != Syntax::C => "or",
            (Kind::Ident, "or") if code.language != Syntax::C => "and",
            _ => continue,
        };
        out.push(Edit::token(code, i, Operator::Logical, replacement));
    }
}
