//! checktestdata's REGEX read with the regex crate's parser (`regex-syntax`,
//! bytes, `.` matching a newline) into a [`Re`], and compiled with its
//! leftmost-first matcher, which reads a token as Python's `re` does (the
//! checker jurybox runs). POSIX habits the regex crate reads otherwise are
//! escaped first: a `[` inside a set, and `&`, `~`, `-` pairs, which it
//! would take for set operations.

use regex_syntax::hir::{Class, Hir, HirKind};

use super::{PatternError, Re};

fn error(source: &str, reason: impl Into<String>) -> PatternError {
    PatternError {
        pattern: source.to_string(),
        reason: reason.into(),
    }
}

/// `source` written so the regex crate reads it as an extended regular
/// expression.
fn escape_posix(source: &str) -> String {
    let mut out = String::new();
    let mut in_set = false;
    let mut set_start = false;
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.push(c);
            if let Some(n) = chars.next() {
                out.push(n);
            }
            set_start = false;
            continue;
        }
        if !in_set {
            if c == '[' {
                in_set = true;
                set_start = true;
                out.push(c);
                if chars.peek() == Some(&'^') {
                    out.push(chars.next().unwrap_or('^'));
                }
                continue;
            }
            out.push(c);
            continue;
        }
        match c {
            ']' if !set_start => {
                in_set = false;
                out.push(c);
            }
            '[' if chars.peek() == Some(&':') => out.push(c),
            '[' | '&' | '~' => {
                out.push('\\');
                out.push(c);
            }
            ']' => out.push_str("\\]"),
            '-' if chars.peek() == Some(&'-') => out.push_str("\\-"),
            _ => out.push(c),
        }
        set_start = false;
    }
    out
}

/// The tree and the matcher of a checktestdata REGEX.
pub(super) fn read(source: &str) -> Result<(Re, regex::bytes::Regex), PatternError> {
    let written = escape_posix(source);
    let hir = regex_syntax::ParserBuilder::new()
        .unicode(false)
        .utf8(false)
        .dot_matches_new_line(true)
        .build()
        .parse(&written)
        .map_err(|e| error(source, e.to_string()))?;
    let re = to_re(&hir).map_err(|r| error(source, r))?;
    let regex = regex::bytes::RegexBuilder::new(&format!(r"\A(?:{written})"))
        .unicode(false)
        .dot_matches_new_line(true)
        .build()
        .map_err(|e| error(source, e.to_string()))?;
    Ok((re, regex))
}

fn to_re(hir: &Hir) -> Result<Re, String> {
    Ok(match hir.kind() {
        HirKind::Empty => Re::Concat(Vec::new()),
        HirKind::Literal(lit) => Re::Concat(
            lit.0
                .iter()
                .map(|&b| {
                    let c = char::from(b);
                    Re::Class(vec![(c, c)])
                })
                .collect(),
        ),
        HirKind::Class(Class::Bytes(set)) => Re::Class(
            set.ranges()
                .iter()
                .map(|r| (char::from(r.start()), char::from(r.end())))
                .collect(),
        ),
        HirKind::Class(Class::Unicode(set)) => {
            Re::Class(set.ranges().iter().map(|r| (r.start(), r.end())).collect())
        }
        HirKind::Look(look) => {
            return Err(format!(
                "an anchor or a look-around ({look:?}) cannot be generated"
            ))
        }
        HirKind::Repetition(rep) => Re::Repeat {
            re: Box::new(to_re(&rep.sub)?),
            min: rep.min,
            max: rep.max,
        },
        HirKind::Capture(cap) => to_re(&cap.sub)?,
        HirKind::Concat(v) => Re::Concat(v.iter().map(to_re).collect::<Result<_, _>>()?),
        HirKind::Alternation(v) => Re::Alt(v.iter().map(to_re).collect::<Result<_, _>>()?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posix_sets_are_read_as_checktestdata_reads_them() {
        // nwerc2008/mobile.ctd: `]` first, then `[` literal inside the set.
        let (_, r) = read("[][,0-9]+").unwrap();
        assert_eq!(r.find(b"[1,[2]]").unwrap().end(), 7);
        let (_, r) = read("(C|D)").unwrap();
        assert_eq!(r.find(b"Dx").unwrap().end(), 1);
        assert!(read("(a").is_err());
    }
}
