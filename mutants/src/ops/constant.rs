//! Constant: an integer literal one less or one more.
//!
//! Only decimal integer literals: a hexadecimal mask or an octal constant ±1 is
//! rarely the bug a contestant makes, and a float (`1e9`, `0.5`) has no
//! neighbour. A C suffix (`LL`, `u`) is kept; C++ digit separators and Python
//! underscores are dropped from the new literal. `0` becomes `1` only, as a
//! negative literal does not exist.

use super::Edit;
use crate::code::Code;
use crate::lex::Kind;
use crate::{Operator, Syntax};

pub(super) fn find(code: &Code, out: &mut Vec<Edit>) {
    for i in 0..code.len() {
        if code.tokens[i].kind != Kind::Number {
            continue;
        }
        let Some((value, suffix)) = integer_literal(code.text(i), code.language) else {
            continue;
        };
        if let Some(less) = value.checked_sub(1) {
            out.push(Edit::token(
                code,
                i,
                Operator::Constant,
                format!("{less}{suffix}"),
            ));
        }
        if let Some(more) = value.checked_add(1) {
            out.push(Edit::token(
                code,
                i,
                Operator::Constant,
                format!("{more}{suffix}"),
            ));
        }
    }
}

/// The value and suffix of a decimal integer literal, or `None` for any other
/// number.
fn integer_literal(text: &str, language: Syntax) -> Option<(u64, &str)> {
    let separator = if language == Syntax::Python {
        '_'
    } else {
        '\''
    };
    let digits_end = text
        .find(|c: char| !c.is_ascii_digit() && c != separator)
        .unwrap_or(text.len());
    let (digits, suffix) = text.split_at(digits_end);
    let digits: String = digits.chars().filter(|&c| c != separator).collect();
    let octal = digits.len() > 1 && digits.starts_with('0');
    let suffix_ok = match language {
        Syntax::Python => suffix.is_empty(),
        Syntax::C | Syntax::Cpp => {
            suffix.len() <= 3
                && suffix
                    .chars()
                    .all(|c| matches!(c, 'u' | 'U' | 'l' | 'L' | 'z' | 'Z'))
        }
    };
    if digits.is_empty() || octal || !suffix_ok {
        return None;
    }
    Some((digits.parse().ok()?, suffix))
}
