//! The C and C++ lexer: comments, string and character literals (with encoding
//! prefixes, and C++ raw strings), preprocessor directives, and the code between.
//!
//! A directive (a `#` first on its line, up to the first newline not spliced by
//! a backslash) is one opaque span: `#include <x>` and `#define N 100` are never
//! edited. Tokens between `#if`/`#ifdef`/`#ifndef` and the matching `#endif` are
//! opaque too: which branch a judge compiles depends on macros we do not know
//! (`LOCAL`, `ONLINE_JUDGE`), and a mutant in a dead branch would survive every
//! test and count against the suite. They stay in the token list so that braces
//! still match.

use super::{ident_end, number_end, punct_end, quoted_end, starts_ident, starts_number};
use super::{Kind, Lexed};

/// C and C++ punctuators of more than one character, longest first.
const PUNCTS: &[&str] = &[
    "<<=", ">>=", "<=>", "...", "->*", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
    "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "::", ".*", "##",
];

/// Encoding prefixes of string and character literals.
const PREFIXES: &[&str] = &["L", "u", "U", "u8"];

/// Prefixes of C++ raw strings.
const RAW_PREFIXES: &[&str] = &["R", "LR", "uR", "UR", "u8R"];

/// The longest raw-string delimiter the standard allows.
const MAX_RAW_DELIMITER: usize = 16;

/// Lexes C (`cpp` false) or C++ source.
pub(crate) fn lex(source: &str, cpp: bool) -> Lexed {
    let bytes = source.as_bytes();
    let mut out = Lexed::default();
    let mut i = 0;
    // Only white space and comments since the last newline: a `#` here starts a
    // directive.
    let mut line_start = true;
    // Open `#if` groups: their tokens are opaque.
    let mut conditional_depth = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if b.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if b == b'\\' && spliced_newline(bytes, i).is_some() {
            i = spliced_newline(bytes, i).unwrap_or(i + 1);
            continue;
        }
        if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            let end = line_comment_end(bytes, i);
            out.opaque(i, end);
            i = end;
            continue;
        }
        if b == b'/' && bytes.get(i + 1) == Some(&b'*') {
            let end = block_comment_end(source, i);
            out.opaque(i, end);
            i = end;
            continue;
        }
        if b == b'#' && line_start {
            let end = directive_end(bytes, i);
            out.opaque(i, end);
            match directive_name(source, i, end) {
                "if" | "ifdef" | "ifndef" => conditional_depth += 1,
                "endif" => conditional_depth = conditional_depth.saturating_sub(1),
                _ => {}
            }
            i = end;
            continue;
        }
        line_start = false;
        let (kind, end) = if starts_ident(b) {
            let end = ident_end(bytes, i);
            let word = &source[i..end];
            match bytes.get(end) {
                Some(b'"') if cpp && RAW_PREFIXES.contains(&word) => {
                    (Kind::Str, raw_string_end(source, end))
                }
                Some(&q @ (b'"' | b'\'')) if PREFIXES.contains(&word) => {
                    (Kind::Str, quoted_end(bytes, end, q))
                }
                _ => (Kind::Ident, end),
            }
        } else if starts_number(bytes, i) {
            (Kind::Number, number_end(bytes, i, b'\'', b"eEpP"))
        } else if b == b'"' || b == b'\'' {
            (Kind::Str, quoted_end(bytes, i, b))
        } else {
            (Kind::Punct, punct_end(source, i, PUNCTS))
        };
        out.push(kind, i, end);
        if kind == Kind::Str || conditional_depth > 0 {
            out.opaque(i, end);
        }
        i = end;
    }
    out
}

/// After a backslash at `i` that ends its line (a line splice): where the next
/// line starts.
fn spliced_newline(bytes: &[u8], i: usize) -> Option<usize> {
    match (bytes.get(i + 1), bytes.get(i + 2)) {
        (Some(b'\n'), _) => Some(i + 2),
        (Some(b'\r'), Some(b'\n')) => Some(i + 3),
        _ => None,
    }
}

/// The end of a `//` comment at `i`: its line's newline (not included), lines
/// spliced by a trailing backslash included.
fn line_comment_end(bytes: &[u8], i: usize) -> usize {
    let mut j = i;
    while j < bytes.len() {
        if bytes[j] == b'\\' {
            if let Some(next) = spliced_newline(bytes, j) {
                j = next;
                continue;
            }
        }
        if bytes[j] == b'\n' {
            return j;
        }
        j += 1;
    }
    bytes.len()
}

/// The end of a `/*` comment at `i`: after its `*/`, or the end of the source.
fn block_comment_end(source: &str, i: usize) -> usize {
    source[i + 2..]
        .find("*/")
        .map_or(source.len(), |k| i + 2 + k + 2)
}

/// The end of a directive at `i`: its last line's newline (not included). Comments
/// and literals inside are skipped so that a `/*` or a quote cannot end or extend
/// it wrongly.
fn directive_end(bytes: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\n' => return j,
            b'\\' => j = spliced_newline(bytes, j).unwrap_or(j + 1),
            b'/' if bytes.get(j + 1) == Some(&b'/') => return line_comment_end(bytes, j),
            b'/' if bytes.get(j + 1) == Some(&b'*') => {
                j = find(bytes, j + 2, b"*/").map_or(bytes.len(), |k| k + 2);
            }
            q @ (b'"' | b'\'') => j = quoted_end(bytes, j, q),
            _ => j += 1,
        }
    }
    bytes.len()
}

/// The directive's name (`include`, `define`, `if`, ...) after the `#` at `i`.
fn directive_name(source: &str, i: usize, end: usize) -> &str {
    let rest = source[i + 1..end].trim_start_matches([' ', '\t']);
    let len = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    &rest[..len]
}

/// The first occurrence of `needle` in `bytes` at or after `from`.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|k| from + k)
}

/// The end of a raw string whose opening quote is at `quote`
/// (`R"delim( ... )delim"`): after the closing quote, or the end of the source. A
/// malformed delimiter is read as an ordinary string, as a conservative guess.
fn raw_string_end(source: &str, quote: usize) -> usize {
    let bytes = source.as_bytes();
    let delimiter_len = bytes[quote + 1..]
        .iter()
        .take(MAX_RAW_DELIMITER + 1)
        .position(|&b| b == b'(');
    let well_formed = delimiter_len.filter(|&n| {
        bytes[quote + 1..quote + 1 + n]
            .iter()
            .all(|&b| !matches!(b, b' ' | b')' | b'\\' | b'\t' | b'\n' | b'\r' | b'"'))
    });
    let Some(n) = well_formed else {
        return quoted_end(bytes, quote, b'"');
    };
    let mut closing = Vec::with_capacity(n + 2);
    closing.push(b')');
    closing.extend_from_slice(&bytes[quote + 1..quote + 1 + n]);
    closing.push(b'"');
    find(bytes, quote + 2 + n, &closing).map_or(bytes.len(), |k| k + closing.len())
}
