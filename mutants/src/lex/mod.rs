//! Just enough lexing to know what may be edited.
//!
//! A mutant must change code, never a comment, a string, a character literal or a
//! preprocessor line, or it would be an equivalent mutant that lowers the score
//! for nothing (or a broken `#include`). The lexers therefore split the source
//! into code tokens (identifiers, numbers, punctuators, string literals as opaque
//! operands, and Python's logical line ends) and *opaque spans*: every comment,
//! string, directive and token of a conditionally compiled region. The
//! operators look only at the tokens, and `mutants` drops any edit that touches
//! an opaque span, so the rule holds whatever an operator does.
//!
//! Both lexers are total: any `&str` lexes (an unterminated string or comment
//! runs to the end of its line or of the file), every position they produce is a
//! char boundary (they stop only at ASCII bytes), and nothing panics.

mod c;
mod python;

use crate::Syntax;

/// What a code token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A name or keyword.
    Ident,
    /// A numeric literal (pp-number in C).
    Number,
    /// An operator or punctuator, longest match.
    Punct,
    /// A string or character literal: an operand that is never edited.
    Str,
    /// The end of a Python logical line (outside brackets, not continued).
    Newline,
}

/// A code token: a byte range of the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

/// A lexed source: code tokens in order, and the spans no edit may touch.
#[derive(Debug, Default)]
pub(crate) struct Lexed {
    pub tokens: Vec<Token>,
    pub opaque: Vec<(usize, usize)>,
}

impl Lexed {
    fn push(&mut self, kind: Kind, start: usize, end: usize) {
        self.tokens.push(Token { kind, start, end });
    }

    fn opaque(&mut self, start: usize, end: usize) {
        if start < end {
            self.opaque.push((start, end));
        }
    }
}

/// Lexes `source` as `language`.
pub(crate) fn lex(source: &str, language: Syntax) -> Lexed {
    match language {
        Syntax::C => c::lex(source, false),
        Syntax::Cpp => c::lex(source, true),
        Syntax::Python => python::lex(source),
    }
}

/// Whether `b` can start an identifier. Any non-ASCII byte counts: both languages
/// accept Unicode names, and taking the whole character keeps positions on char
/// boundaries.
fn starts_ident(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_' || !b.is_ascii()
}

/// The end of the identifier starting at `i`.
fn ident_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && (starts_ident(bytes[i]) || bytes[i].is_ascii_digit()) {
        i += 1;
    }
    i
}

/// Whether a number starts at `i`: a digit, or a dot before a digit.
fn starts_number(bytes: &[u8], i: usize) -> bool {
    bytes[i].is_ascii_digit()
        || (bytes[i] == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
}

/// The end of the number starting at `i`: digits, letters, dots and separators
/// (`separator`: `'` in C, `_` in Python), and a sign right after an exponent
/// letter (`signed_exponent` says which letters).
fn number_end(bytes: &[u8], mut i: usize, separator: u8, signed_exponent: &[u8]) -> usize {
    let start = i;
    while i < bytes.len() {
        let b = bytes[i];
        let part_of_number = b.is_ascii_alphanumeric()
            || b == b'.'
            || b == b'_'
            || (b == separator && bytes.get(i + 1).is_some_and(u8::is_ascii_alphanumeric))
            || ((b == b'+' || b == b'-') && i > start && signed_exponent.contains(&bytes[i - 1]));
        if !part_of_number {
            break;
        }
        i += 1;
    }
    i
}

/// The longest of `puncts` at `i`, or the single character there.
fn punct_end(source: &str, i: usize, puncts: &[&str]) -> usize {
    let rest = &source[i..];
    for p in puncts {
        if rest.starts_with(p) {
            return i + p.len();
        }
    }
    i + rest.chars().next().map_or(1, char::len_utf8)
}

/// The end of a one-line quoted literal whose opening quote `quote` is at `i`:
/// after the closing quote, or at the line end (not included) if unterminated. A
/// backslash escapes the next byte, a newline included (C's line splice, Python's
/// continuation inside a string).
fn quoted_end(bytes: &[u8], i: usize, quote: u8) -> usize {
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b'\n' => return j,
            b if b == quote => return j + 1,
            _ => j += 1,
        }
    }
    bytes.len()
}
