//! Telling C++ template brackets from comparisons, conservatively.
//!
//! A C++ lexer cannot know whether `a < b` compares or opens template arguments
//! without knowing what `a` names. Mutating a template bracket gives a mutant
//! that does not compile (harmless, but it wastes a compile), while *not*
//! mutating a comparison only loses one mutant; so when unsure, a `<` is taken
//! for a bracket. A `<` is a bracket when it follows a standard template name or
//! `template` (`vector<int>`, `static_cast<long long>`), when a type keyword
//! follows it (`Tree<int>`), or when a closing `>` can be found after it across
//! nothing but what template arguments hold (names, numbers, `::`, `,`, `*`,
//! `&`, `+`, `-`, balanced parentheses): `Tree<N> t` and even the rare
//! `f(a < b, c > d)` are then left alone. A `<` or `>` right after `operator` is
//! an operator's name, never edited.

use crate::code::Code;
use crate::lex::Kind;
use crate::words::{is_c_type_word, TEMPLATE_NAMES};
use crate::Syntax;

impl Code<'_> {
    /// The analysis with its template brackets found (C++ only).
    pub(crate) fn with_template_brackets(mut self) -> Self {
        if self.language == Syntax::Cpp {
            self.template_bracket = template_brackets(&self);
        }
        self
    }
}

/// How far a closing `>` is looked for: template arguments in contest code are
/// short, and a bound keeps the analysis linear.
const MAX_ARGUMENT_TOKENS: usize = 64;

/// For each token, whether it is a `<`, `>` or `>>` that must not be mutated as
/// a comparison.
pub(crate) fn template_brackets(code: &Code) -> Vec<bool> {
    let mut bracket = vec![false; code.len()];
    for i in 0..code.len() {
        let after_operator = i > 0 && code.is(i - 1, "operator");
        if after_operator {
            bracket[i] = true;
            continue;
        }
        if !code.is(i, "<") {
            continue;
        }
        let after_template_name =
            i > 0 && code.kind_is(i - 1, Kind::Ident) && TEMPLATE_NAMES.contains(&code.text(i - 1));
        let before_type = i + 1 < code.len() && is_c_type_word(code.text(i + 1));
        match template_close(code, i) {
            Some(close) => {
                for (k, flag) in bracket.iter_mut().enumerate().take(close + 1).skip(i) {
                    if code.is(k, "<") || code.is(k, ">") || code.is(k, ">>") {
                        *flag = true;
                    }
                }
            }
            None if after_template_name || before_type => bracket[i] = true,
            None => {}
        }
    }
    bracket
}

/// The `>` (or `>>`, closing two levels) that closes template arguments opened by
/// the `<` at `open`, if the tokens between can be template arguments.
pub(crate) fn template_close(code: &Code, open: usize) -> Option<usize> {
    let mut angle = 1usize;
    let mut paren = 0usize;
    for k in open + 1..code.len().min(open + 1 + MAX_ARGUMENT_TOKENS) {
        if matches!(code.tokens[k].kind, Kind::Ident | Kind::Number) {
            continue;
        }
        if code.tokens[k].kind != Kind::Punct {
            return None;
        }
        match code.text(k) {
            "<" => angle += 1,
            ">" | ">>" if paren > 0 => return None,
            ">" if angle == 1 => return Some(k),
            ">" => angle -= 1,
            ">>" if angle <= 2 => return Some(k),
            ">>" => angle -= 2,
            "(" => paren += 1,
            ")" if paren == 0 => return None,
            ")" => paren -= 1,
            "::" | "," | "*" | "&" | "+" | "-" | "[" | "]" | "." | "..." => {}
            _ => return None,
        }
    }
    None
}
