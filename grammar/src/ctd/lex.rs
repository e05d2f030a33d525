//! checktestdata's tokens: commands in capitals, variables in lower case with
//! digits after the first letter, integers, floats, strings with their
//! escapes, operators; blanks and `#` comments skipped. Every token keeps
//! its 1-based line and column.

use jurybox_core::error::{ParseError, Position};

/// A token of a script.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// A word in capitals (a command, a test, an option).
    Keyword(String),
    /// A variable name.
    Name(String),
    /// An integer literal.
    Int(i128),
    /// A float literal.
    Float(f64),
    /// A string literal, its escapes applied.
    Str(String),
    /// An operator or punctuation: `( ) [ ] , = + - * / % ^ < <= > >= == != ! && ||`.
    Punct(&'static str),
}

/// A token and where it starts.
#[derive(Clone, Debug)]
pub(super) struct Spanned {
    pub tok: Tok,
    pub at: Position,
}

const PUNCTS: [&str; 21] = [
    "&&", "||", "<=", ">=", "==", "!=", "(", ")", "[", "]", ",", "=", "+", "-", "*", "/", "%", "^",
    "<", ">", "!",
];

/// Every token of `script`, or the first place that is no token.
pub(super) fn tokens(script: &str) -> Result<Vec<Spanned>, ParseError> {
    let bytes = script.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let advance = |i: &mut usize, line: &mut usize, col: &mut usize, n: usize| {
        for &b in &bytes[*i..*i + n] {
            if b == b'\n' {
                *line += 1;
                *col = 1;
            } else {
                *col += 1;
            }
        }
        *i += n;
    };
    while i < bytes.len() {
        let at = Position { line, column: col };
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            advance(&mut i, &mut line, &mut col, 1);
            continue;
        }
        if b == b'#' {
            let n = bytes[i..].iter().take_while(|&&c| c != b'\n').count();
            advance(&mut i, &mut line, &mut col, n);
            continue;
        }
        let run = |pred: fn(u8) -> bool| bytes[i..].iter().take_while(|&&c| pred(c)).count();
        let (tok, n) = if b.is_ascii_uppercase() {
            let n = run(|c| c.is_ascii_uppercase());
            (Tok::Keyword(script[i..i + n].to_string()), n)
        } else if b.is_ascii_lowercase() {
            let n = run(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
            (Tok::Name(script[i..i + n].to_string()), n)
        } else if b.is_ascii_digit()
            || (b == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            number(&script[i..], at)?
        } else if b == b'"' {
            string(&script[i..], at)?
        } else if let Some(p) = PUNCTS.iter().find(|p| script[i..].starts_with(**p)) {
            (Tok::Punct(p), p.len())
        } else {
            let c = script[i..].chars().next().unwrap_or('?');
            return Err(ParseError::new(at, format!("unexpected character {c:?}")));
        };
        out.push(Spanned { tok, at });
        advance(&mut i, &mut line, &mut col, n);
    }
    Ok(out)
}

fn number(text: &str, at: Position) -> Result<(Tok, usize), ParseError> {
    let b = text.as_bytes();
    let digits = |from: usize| b[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut n = digits(0);
    let mut float = false;
    if b.get(n) == Some(&b'.') {
        float = true;
        n += 1 + digits(n + 1);
    }
    if matches!(b.get(n), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(b.get(n + 1), Some(b'+' | b'-')));
        let e = digits(n + 1 + sign);
        if e > 0 {
            float = true;
            n += 1 + sign + e;
        }
    }
    let s = &text[..n];
    if float {
        let v: f64 = s
            .parse()
            .map_err(|_| ParseError::new(at, format!("{s} is not a float")))?;
        Ok((Tok::Float(v), n))
    } else {
        if s.len() > 1 && s.starts_with('0') {
            return Err(ParseError::new(
                at,
                format!("integer {s} has a leading zero"),
            ));
        }
        let v: i128 = s.parse().map_err(|_| {
            ParseError::new(
                at,
                format!("integer {s} is too large for jurybox (over 38 digits)"),
            )
        })?;
        Ok((Tok::Int(v), n))
    }
}

fn string(text: &str, at: Position) -> Result<(Tok, usize), ParseError> {
    let mut out = String::new();
    let mut chars = text.char_indices().skip(1).peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Ok((Tok::Str(out), i + 1)),
            '\\' => match chars.peek().map(|&(_, c)| c) {
                Some(d @ '0'..='7') => {
                    let mut v = d.to_digit(8).unwrap_or(0);
                    chars.next();
                    for _ in 0..2 {
                        match chars.peek().and_then(|&(_, c)| c.to_digit(8)) {
                            Some(d) => {
                                v = v * 8 + d;
                                chars.next();
                            }
                            None => break,
                        }
                    }
                    out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                }
                Some(e @ ('n' | 't' | 'r' | 'b' | '"' | '\\' | '\n')) => {
                    chars.next();
                    match e {
                        'n' => out.push('\n'),
                        't' => out.push('\t'),
                        'r' => out.push('\r'),
                        'b' => out.push('\u{8}'),
                        '\n' => {}
                        other => out.push(other),
                    }
                }
                _ => out.push('\\'),
            },
            c => out.push(c),
        }
    }
    Err(ParseError::new(
        at,
        "a string is never closed (expected '\"')",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_keep_their_positions_and_escapes() {
        let t = tokens("INT(1,10,n) # comment\n  REGEX(\"a\\n\\\\[x]\")").unwrap();
        assert_eq!(t[0].tok, Tok::Keyword("INT".into()));
        assert_eq!(t[6].tok, Tok::Name("n".into()));
        let regex = t
            .iter()
            .find(|s| s.tok == Tok::Keyword("REGEX".into()))
            .unwrap();
        assert_eq!(regex.at, Position { line: 2, column: 3 });
        assert!(t.iter().any(|s| s.tok == Tok::Str("a\n\\[x]".into())));
        assert_eq!(tokens("1.5e3 2").unwrap()[0].tok, Tok::Float(1500.0));
        let e = tokens("INT(1,\n 5 @").unwrap_err();
        assert_eq!(e.at, Position { line: 2, column: 4 });
        assert!(tokens("\"open").is_err());
    }
}
