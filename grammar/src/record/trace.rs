//! A recording read back: the lines the recording headers write (see
//! `headers/jurybox_recorder.h` for the format), each checked, so a damaged
//! file is an error at its line and column rather than a wrong grammar.

use jurybox_core::error::{ParseError, Position};

/// What a read call read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// An integer.
    Int,
    /// A real number.
    Float,
    /// A token (testlib's readToken/readWord, validation.h's test_string).
    Token,
    /// The rest of a line.
    Line,
    /// A string of a character set (validation.h's read_string).
    String,
    /// One character.
    Char,
    /// A space.
    Space,
    /// A newline.
    Eoln,
    /// The end of the input.
    Eof,
}

/// One read call, as recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// What was read.
    pub kind: Kind,
    /// The validator's source line of the call.
    pub line: u32,
    /// Which call on that line (the call's return address, as recorded).
    pub call: i64,
    /// The byte where the read began.
    pub offset: u64,
    /// The text read.
    pub value: String,
    /// The lower bound given (a number or a length), if any.
    pub lo: String,
    /// The upper bound given, if any.
    pub hi: String,
    /// The variable name given, if any.
    pub name: String,
    /// A pattern or a character set.
    pub extra: String,
    /// validation.h's tag (`unique`, `increasing`, ...), or empty.
    pub tag: String,
}

/// A whole recording: the reads, and whether the validator accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recording {
    /// The reads in order.
    pub events: Vec<Event>,
    /// `None` if accepted, else the rejection message.
    pub rejected: Option<String>,
}

fn unescape(field: &str) -> String {
    let mut out = String::new();
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// The recording in `text`.
pub fn parse(text: &str) -> Result<Recording, ParseError> {
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = |field: usize| {
            let column = line
                .split('\t')
                .take(field)
                .map(|f| f.len() + 1)
                .sum::<usize>()
                + 1;
            Position {
                line: i + 1,
                column,
            }
        };
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[0] == "end" {
            let rejected = match fields.get(1) {
                Some(&"accept") => None,
                Some(&"reject") => Some(unescape(fields.get(2).copied().unwrap_or(""))),
                _ => {
                    return Err(ParseError::new(
                        at(1),
                        "expected accept or reject after end",
                    ))
                }
            };
            if i + 1 != text.lines().count() {
                return Err(ParseError::new(
                    Position {
                        line: i + 2,
                        column: 1,
                    },
                    "expected nothing after the end line",
                ));
            }
            return Ok(Recording { events, rejected });
        }
        let kind = match fields[0] {
            "int" => Kind::Int,
            "float" => Kind::Float,
            "token" => Kind::Token,
            "line" => Kind::Line,
            "string" => Kind::String,
            "char" => Kind::Char,
            "space" => Kind::Space,
            "eoln" => Kind::Eoln,
            "eof" => Kind::Eof,
            other => {
                return Err(ParseError::new(
                    at(0),
                    format!("expected a read kind, found {other:?}"),
                ))
            }
        };
        if fields.len() != 10 {
            return Err(ParseError::new(
                at(fields.len().min(9)),
                format!("expected 10 tab-separated fields, found {}", fields.len()),
            ));
        }
        let number = |f: usize| -> Result<i64, ParseError> {
            fields[f].parse().map_err(|_| {
                ParseError::new(at(f), format!("expected a number, found {:?}", fields[f]))
            })
        };
        let line_no = number(1)?;
        let offset = number(3)?;
        if line_no < 0 || offset < 0 {
            return Err(ParseError::new(
                at(1),
                "expected a non-negative line and offset",
            ));
        }
        events.push(Event {
            kind,
            line: line_no as u32,
            call: number(2)?,
            offset: offset as u64,
            value: unescape(fields[4]),
            lo: unescape(fields[5]),
            hi: unescape(fields[6]),
            name: unescape(fields[7]),
            extra: unescape(fields[8]),
            tag: unescape(fields[9]),
        });
    }
    let line = text.lines().count() + 1;
    Err(ParseError::new(
        Position { line, column: 1 },
        "expected an end line: the validator stopped without accepting or rejecting (it crashed, or exited outside the header)",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recording_reads_back_and_damage_is_located() {
        let r = parse("int\t5\t-40\t0\t3\t1\t10\tn\t\tunique\nspace\t6\t-20\t1\t\t\t\t\t\t\ntoken\t7\t-8\t2\ta\\tb\t\t\ts\t[a-z]+\t\nend\taccept\n").unwrap();
        assert_eq!(r.events.len(), 3);
        assert_eq!(r.events[0].kind, Kind::Int);
        assert_eq!(r.events[2].value, "a\tb");
        assert_eq!(r.rejected, None);
        assert_eq!(r.events[0].tag, "unique");
        let e = parse("int\t5\tx\t0\t3\t1\t10\tn\t\t\nend\taccept\n").unwrap_err();
        assert_eq!(e.at, Position { line: 1, column: 7 });
        assert!(parse("int\t5\t1\t0\t3\t1\t10\tn\t\t\n").is_err());
        assert!(parse("int\t5\t1\t0\t3\t1\t10\tn\t\nend\taccept\n").is_err());
        assert!(parse("bogus\t1\n").is_err());
        assert_eq!(
            parse("end\treject\tn too big\n")
                .unwrap()
                .rejected
                .as_deref(),
            Some("n too big")
        );
    }
}
