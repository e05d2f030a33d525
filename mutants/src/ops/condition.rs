//! What the loop-bound operator needs to know of an expression: whether a
//! condition is one comparison (and its two sides), and whether a bound needs
//! parentheses before `- 1` is appended.

use crate::code::Code;
use crate::lex::Kind;
use crate::Syntax;

/// The comparisons whose right side is a loop bound.
const BOUND_COMPARISONS: &[&str] = &["<", "<=", ">", ">=", "!="];

/// Operators that bind less tightly than `+` and `-` in C and C++: a bound
/// holding one at its top level is parenthesised (`(1 << k) - 1`).
const C_LOOSER_THAN_ADDITIVE: &[&str] = &[
    "<<", ">>", "&", "^", "|", "&&", "||", "?", ":", "=", "+=", "-=", "*=", "/=", "%=", "<<=",
    ">>=", "&=", "|=", "^=", ",", "<", ">", "<=", ">=", "==", "!=", "<=>", "and", "or", "not",
];

/// The same for Python.
const PYTHON_LOOSER_THAN_ADDITIVE: &[&str] = &[
    "<<", ">>", "&", "^", "|", "and", "or", "not", "if", "else", "lambda", ":=", "in", "is", "<",
    ">", "<=", ">=", "==", "!=", ",", "for",
];

/// Tokens that make a condition more than one comparison (or not a plain one).
const COMPOUND: &[&str] = &[
    "==", "&&", "||", "?", ",", "and", "or", "not", "is", "in", "if", "lambda", "<=>",
];

/// One comparison's two sides, as inclusive token ranges.
pub(super) struct Comparison {
    pub left: (usize, usize),
    pub right: (usize, usize),
}

/// The condition `first..=last` as one comparison at its top level, if it is
/// one. Tokens deeper than `depth` are inside brackets and do not count.
pub(super) fn comparison(
    code: &Code,
    first: usize,
    last: usize,
    depth: usize,
) -> Option<Comparison> {
    let mut operator = None;
    for k in first..=last {
        if code.depth[k] != depth || code.tokens[k].kind == Kind::Str {
            continue;
        }
        let text = code.text(k);
        let assignment = text.ends_with('=') && !is_comparison(text);
        if COMPOUND.contains(&text) || assignment {
            return None;
        }
        if BOUND_COMPARISONS.contains(&text) && !code.template_bracket[k] {
            if operator.is_some() {
                return None;
            }
            operator = Some(k);
        }
    }
    let o = operator?;
    (first < o && o < last).then_some(Comparison {
        left: (first, o - 1),
        right: (o + 1, last),
    })
}

fn is_comparison(text: &str) -> bool {
    matches!(text, "<=" | ">=" | "==" | "!=")
}

/// The text of `first..=last` with `delta` (`" - 1"` or `" + 1"`) appended,
/// parenthesised first if an operator looser than `+` stands at its top level.
pub(super) fn shifted(code: &Code, first: usize, last: usize, delta: &str) -> String {
    let (start, end) = code.range(first, last);
    let text = &code.source[start..end];
    let depth = (first..=last).map(|k| code.depth[k]).min().unwrap_or(0);
    let looser = match code.language {
        Syntax::C | Syntax::Cpp => C_LOOSER_THAN_ADDITIVE,
        Syntax::Python => PYTHON_LOOSER_THAN_ADDITIVE,
    };
    let needs_parentheses = (first..=last).any(|k| {
        code.depth[k] == depth
            && code.tokens[k].kind != Kind::Str
            && looser.contains(&code.text(k))
            && !code.template_bracket[k]
    });
    if needs_parentheses {
        format!("({text}){delta}")
    } else {
        format!("{text}{delta}")
    }
}
