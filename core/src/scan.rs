//! Strict byte scanners shared by every parser, so that each problem states its
//! format as a sequence of expectations and gets exact line/column errors for free.
//!
//! [`Scanner`] is the validator's view: single spaces, `\n` line ends, no leading
//! zeros, no signs, nothing after the last line. [`Tokens`] is the checker's view
//! (testlib's): any whitespace separates tokens, because contestants' outputs are
//! judged on content, not layout.

use crate::error::{ParseError, Position};

/// Describes the byte found where something else was expected.
pub fn describe(byte: Option<u8>) -> String {
    match byte {
        None => "end of input".to_string(),
        Some(b'\n') => "end of line".to_string(),
        Some(b'\r') => "'\\r' (a Windows line ending? lines must end in '\\n')".to_string(),
        Some(b'\t') => "a tab".to_string(),
        Some(b' ') => "a space".to_string(),
        Some(b) if b.is_ascii_graphic() => format!("'{}'", b as char),
        Some(b) => format!("byte 0x{b:02x}"),
    }
}

/// A token quoted for a message: in full when short, else its first 40 characters
/// and its length, so that a 50 MB token in a program's output is not echoed back.
pub fn quote(token: &str) -> String {
    const SHOWN: usize = 40;
    match token.char_indices().nth(SHOWN) {
        None => format!("'{token}'"),
        Some((cut, _)) => format!("'{}...' ({} bytes)", &token[..cut], token.len()),
    }
}

/// A cursor over an input in a strict official format.
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Scanner {
            bytes,
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Where the next byte is.
    pub fn position(&self) -> Position {
        Position {
            line: self.line,
            column: self.pos - self.line_start + 1,
        }
    }

    /// The next byte, if any, without consuming it.
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// True when every byte has been consumed.
    pub fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// An error at the current position.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(self.position(), message)
    }

    /// An error saying `expected` was wanted here, naming what was found instead.
    pub fn expected(&self, expected: &str) -> ParseError {
        self.error(format!(
            "expected {expected}, found {}",
            describe(self.peek())
        ))
    }

    fn advance(&mut self) {
        if self.bytes[self.pos] == b'\n' {
            self.line += 1;
            self.line_start = self.pos + 1;
        }
        self.pos += 1;
    }

    /// Consumes `byte` or fails saying `expected`.
    pub fn byte(&mut self, byte: u8, expected: &str) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.advance();
            Ok(())
        } else {
            Err(self.expected(expected))
        }
    }

    /// Consumes exactly one space.
    pub fn space(&mut self) -> Result<(), ParseError> {
        self.byte(b' ', "a single space")
    }

    /// Consumes the `\n` that ends a line.
    pub fn newline(&mut self) -> Result<(), ParseError> {
        self.byte(b'\n', "end of line")
    }

    /// Accepts the end of input, after at most one final `\n`.
    pub fn finish(&mut self) -> Result<(), ParseError> {
        if self.peek() == Some(b'\n') {
            self.advance();
        }
        if self.at_end() {
            Ok(())
        } else {
            Err(self.expected("end of input"))
        }
    }

    /// Reads an unsigned decimal integer naming it `what` in errors; returns it
    /// with the position of its first digit, for range errors reported later.
    pub fn uint(&mut self, what: &str) -> Result<(u64, Position), ParseError> {
        let at = self.position();
        let start = self.pos;
        // One pass reads the digits and their value (wrapping: a value of more than
        // 19 digits is recomputed with overflow checks below). Digits are never
        // '\n', so the line does not change, only the position. Inputs of 10^5 lines
        // are parsed whole: this loop is most of a big input's parse time.
        let mut end = start;
        let mut value: u64 = 0;
        while let Some(&b) = self.bytes.get(end) {
            let d = b.wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(d));
            end += 1;
        }
        self.pos = end;
        let digits = &self.bytes[start..end];
        if digits.is_empty() {
            return Err(ParseError::new(
                at,
                format!(
                    "expected {what} (a non-negative integer), found {}",
                    describe(self.peek())
                ),
            ));
        }
        if digits.len() > 1 && digits[0] == b'0' {
            return Err(ParseError::new(at, format!("{what} has a leading zero")));
        }
        // Up to 19 digits fit in 64 bits (10^19 − 1 < 2^64).
        if digits.len() > 19 {
            value = 0;
            for &d in digits {
                value = value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(u64::from(d - b'0')))
                    .ok_or_else(|| {
                        ParseError::new(at, format!("{what} does not fit in 64 bits"))
                    })?;
            }
        }
        Ok((value, at))
    }

    /// Reads the rest of the current line (without its `\n`, which is consumed
    /// too if present) and returns it with the position of its first byte.
    pub fn line(&mut self) -> (Position, &'a [u8]) {
        let at = self.position();
        let start = self.pos;
        while let Some(b) = self.peek() {
            if b == b'\n' {
                break;
            }
            self.advance();
        }
        let line = &self.bytes[start..self.pos];
        if self.peek() == Some(b'\n') {
            self.advance();
        }
        (at, line)
    }
}

/// Checks that `value` lies in `lo..=hi`, naming it `what` in the error.
pub fn check_range(
    value: u64,
    lo: u64,
    hi: u64,
    what: &str,
    at: Position,
) -> Result<u64, ParseError> {
    if value < lo {
        Err(ParseError::new(
            at,
            format!("{what} = {value} is below the minimum {lo}"),
        ))
    } else if value > hi {
        Err(ParseError::new(
            at,
            format!("{what} = {value} exceeds the limit {hi}"),
        ))
    } else {
        Ok(value)
    }
}

/// Whitespace-separated tokens, as testlib's checkers read a contestant's output.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    scanner: Scanner<'a>,
}

impl<'a> Tokens<'a> {
    /// Tokens of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Tokens {
            scanner: Scanner::new(bytes),
        }
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.scanner.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.scanner.advance();
        }
    }

    /// The next token, or an error saying `what` was expected.
    pub fn next(&mut self, what: &str) -> Result<(Position, &'a str), ParseError> {
        self.skip_whitespace();
        let at = self.scanner.position();
        let start = self.scanner.pos;
        while matches!(self.scanner.peek(), Some(b) if !b.is_ascii_whitespace()) {
            self.scanner.advance();
        }
        let token = &self.scanner.bytes[start..self.scanner.pos];
        if token.is_empty() {
            return Err(ParseError::new(
                at,
                format!("expected {what}, found end of output"),
            ));
        }
        std::str::from_utf8(token).map(|t| (at, t)).map_err(|_| {
            ParseError::new(
                at,
                format!("expected {what}, found bytes that are not UTF-8"),
            )
        })
    }

    /// The next token as a signed 64-bit integer.
    pub fn int(&mut self, what: &str) -> Result<(Position, i64), ParseError> {
        let (at, token) = self.next(what)?;
        let plain = token.strip_prefix('-').unwrap_or(token);
        let canonical = !plain.is_empty()
            && plain.bytes().all(|b| b.is_ascii_digit())
            && (plain == "0" || !plain.starts_with('0'))
            && token != "-0";
        match token.parse::<i64>() {
            Ok(v) if canonical => Ok((at, v)),
            _ => Err(ParseError::new(
                at,
                format!("expected {what} (an integer), found {}", quote(token)),
            )),
        }
    }

    /// Succeeds when only whitespace is left.
    pub fn end(&mut self) -> Result<(), ParseError> {
        self.skip_whitespace();
        if self.scanner.at_end() {
            Ok(())
        } else {
            let at = self.scanner.position();
            let (_, extra) = self.next("nothing")?;
            Err(ParseError::new(
                at,
                format!("expected end of output, found extra token {}", quote(extra)),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uint_reads_every_length_exactly() {
        let mut text = String::new();
        let mut expected = Vec::new();
        let mut v: u64 = 0;
        for digit in "1234567890987654321".bytes() {
            v = v * 10 + u64::from(digit - b'0');
            expected.push(v);
            text.push_str(&format!("{v} "));
        }
        for v in [0, 9, 10, 99_999_999, 100_000_000, 1_000_000_000, u64::MAX] {
            expected.push(v);
            text.push_str(&format!("{v} "));
        }
        let mut s = Scanner::new(text.as_bytes());
        for want in expected {
            assert_eq!(s.uint("v").unwrap().0, want);
            s.space().unwrap();
        }
        assert!(s.at_end());
        // ':' and '/' border the digits in ASCII.
        for (text, want, next) in [
            ("1234567:9", 1_234_567, b':'),
            ("12345678/", 12_345_678, b'/'),
            ("123456789:12345678", 123_456_789, b':'),
        ] {
            let mut s = Scanner::new(text.as_bytes());
            assert_eq!(s.uint("v").unwrap().0, want, "{text}");
            assert_eq!(s.peek(), Some(next));
        }
        assert!(Scanner::new(b"18446744073709551616").uint("v").is_err());
    }

    #[test]
    fn uint_reports_position_and_rule() {
        let mut s = Scanner::new(b"12 007\n");
        assert_eq!(s.uint("D").unwrap().0, 12);
        s.space().unwrap();
        let e = s.uint("S").unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 4: S has a leading zero");
    }

    #[test]
    fn windows_line_endings_are_named() {
        let mut s = Scanner::new(b"1\r\n");
        s.uint("N").unwrap();
        let e = s.newline().unwrap_err();
        assert!(e.to_string().contains("Windows line ending"), "{e}");
        assert_eq!(e.at.column, 2);
    }

    #[test]
    fn overflow_is_an_error_not_a_panic() {
        let e = Scanner::new(b"99999999999999999999999")
            .uint("w")
            .unwrap_err();
        assert!(e.to_string().contains("does not fit"), "{e}");
    }

    #[test]
    fn finish_accepts_one_final_newline_only() {
        assert!(Scanner::new(b"").finish().is_ok());
        assert!(Scanner::new(b"\n").finish().is_ok());
        let e = Scanner::new(b"\n\n").finish().unwrap_err();
        assert_eq!(e.at.line, 2);
    }

    #[test]
    fn tokens_read_integers_strictly() {
        let mut t = Tokens::new(b"  6\n -3 +4 01 x");
        assert_eq!(t.int("a").unwrap().1, 6);
        assert_eq!(t.int("b").unwrap().1, -3);
        assert!(t.int("c").is_err());
        assert!(t.int("d").is_err());
        let e = t.end().unwrap_err();
        assert!(e.to_string().contains("'x'"), "{e}");
    }
}
