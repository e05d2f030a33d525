//! Relational: a comparison made strict or loose, or equality inverted.
//!
//! Only the boundary-moving replacements (`<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`):
//! turning `<` into `>` is killed by nearly any test and would only inflate the
//! score. Template brackets, `<<` and `>>` are not comparisons.

use super::Edit;
use crate::code::Code;
use crate::lex::Kind;
use crate::Operator;

pub(super) fn find(code: &Code, out: &mut Vec<Edit>) {
    for i in 0..code.len() {
        if code.tokens[i].kind != Kind::Punct || code.template_bracket[i] {
            continue;
        }
        let replacement = match code.text(i) {
            "<" => "<=",
            "<=" => "<",
            ">" => ">=",
            ">=" => ">",
            "==" => "!=",
            "!=" => "==",
            _ => continue,
        };
        out.push(Edit::token(code, i, Operator::Relational, replacement));
    }
}
