//! The Python lexer: comments, strings (single, double and triple quoted, with
//! any prefix: `r`, `b`, `f`, `rb`, ...), and logical lines.
//!
//! An f-string is opaque as a whole, expressions included: editing inside one is
//! rare enough not to be worth a second lexer. Newlines inside brackets or after
//! a backslash do not end a logical line, so a `Newline` token means a statement
//! ended; the operators need that to find a `while` condition or a tuple
//! assignment.

use super::{ident_end, number_end, punct_end, quoted_end, starts_ident, starts_number};
use super::{Kind, Lexed};

/// Python operators and delimiters of more than one character, longest first.
const PUNCTS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", "<<", ">>", "<=", ">=", "==", "!=",
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
];

/// Whether `word` is a string prefix (case-insensitive, any order).
fn is_string_prefix(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "r" | "u" | "b" | "f" | "t" | "br" | "rb" | "fr" | "rf" | "tr" | "rt"
    )
}

/// Lexes Python source.
pub(crate) fn lex(source: &str) -> Lexed {
    let bytes = source.as_bytes();
    let mut out = Lexed::default();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            if depth == 0 {
                out.push(Kind::Newline, i, i + 1);
            }
            i += 1;
            continue;
        }
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b == b'\\' && matches!(bytes.get(i + 1), Some(b'\n' | b'\r')) {
            i += if bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n') {
                3
            } else {
                2
            };
            continue;
        }
        if b == b'#' {
            let end = bytes[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(bytes.len(), |k| i + k);
            out.opaque(i, end);
            i = end;
            continue;
        }
        let (kind, end) = if starts_ident(b) {
            let end = ident_end(bytes, i);
            match bytes.get(end) {
                Some(b'"' | b'\'') if is_string_prefix(&source[i..end]) => {
                    (Kind::Str, string_end(bytes, end))
                }
                _ => (Kind::Ident, end),
            }
        } else if starts_number(bytes, i) {
            (
                Kind::Number,
                number_end(bytes, i, b'_', exponent_letters(bytes, i)),
            )
        } else if b == b'"' || b == b'\'' {
            (Kind::Str, string_end(bytes, i))
        } else {
            let end = punct_end(source, i, PUNCTS);
            match b {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            (Kind::Punct, end)
        };
        out.push(kind, i, end);
        if kind == Kind::Str {
            out.opaque(i, end);
        }
        i = end;
    }
    out
}

/// The letters after which a sign belongs to the number starting at `i`: `e` and
/// `E` in a decimal literal, none in a hexadecimal one (`0xe+1` is a sum).
fn exponent_letters(bytes: &[u8], i: usize) -> &'static [u8] {
    let hex = bytes[i] == b'0' && matches!(bytes.get(i + 1), Some(b'x' | b'X'));
    if hex {
        b""
    } else {
        b"eE"
    }
}

/// The end of a string whose opening quote is at `i`: triple-quoted strings run
/// to their closing triple (or the end of the source), others to their closing
/// quote (or the line end, unterminated).
fn string_end(bytes: &[u8], i: usize) -> usize {
    let quote = bytes[i];
    let triple = bytes.get(i + 1) == Some(&quote) && bytes.get(i + 2) == Some(&quote);
    if !triple {
        return quoted_end(bytes, i, quote);
    }
    let mut j = i + 3;
    while j < bytes.len() {
        if bytes[j] == b'\\' {
            j += 2;
        } else if bytes[j] == quote
            && bytes.get(j + 1) == Some(&quote)
            && bytes.get(j + 2) == Some(&quote)
        {
            return j + 3;
        } else {
            j += 1;
        }
    }
    bytes.len()
}
