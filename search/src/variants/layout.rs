//! An input as lines of tokens, kept as byte spans into the original bytes: a
//! mutation changes only the bytes it names, so everything else (line endings, a
//! double space, a missing final newline, bytes that are not UTF-8) stays as the
//! setter wrote it, and a validator that is strict about layout still sees a
//! layout it accepts.

use crate::text::Grid;
use std::ops::Range;

/// One line: where it starts, where its content ends (before `\r\n` or `\n`),
/// where the next line starts, and its tokens.
#[derive(Clone, Debug)]
struct Line {
    start: usize,
    content_end: usize,
    next: usize,
    tokens: Vec<Range<usize>>,
}

/// The input and its lines of tokens (any ASCII white space separates tokens,
/// `\n` ends a line, a final line without `\n` is still a line).
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    text: Vec<u8>,
    lines: Vec<Line>,
}

/// A change of the bytes: `range` replaced by `bytes` (an empty range inserts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Splice {
    pub range: Range<usize>,
    pub bytes: Vec<u8>,
}

impl Layout {
    pub(crate) fn new(text: Vec<u8>) -> Layout {
        let lines = line_spans(&text)
            .map(|(start, content_end, next)| Line {
                start,
                content_end,
                next,
                tokens: token_spans(&text, start..content_end).collect(),
            })
            .collect();
        Layout { text, lines }
    }

    pub(crate) fn text(&self) -> &[u8] {
        &self.text
    }

    /// The span of token `index` of line `line`.
    pub(crate) fn span(&self, line: usize, index: usize) -> Range<usize> {
        self.lines[line].tokens[index].clone()
    }

    /// Token `index` of line `line` as an integer, when it is one.
    pub(crate) fn integer(&self, line: usize, index: usize) -> Option<i64> {
        integer(self.token(line, index))
    }

    /// The bytes of line `line`, its line ending included (none for a last line
    /// without one).
    pub(crate) fn whole_line(&self, line: usize) -> &[u8] {
        let l = &self.lines[line];
        &self.text[l.start..l.next]
    }

    /// The span of line `line`'s content (without its line ending).
    pub(crate) fn content(&self, line: usize) -> Range<usize> {
        self.lines[line].start..self.lines[line].content_end
    }

    /// The span from the start of line `first` to the start of the line after
    /// `last`: removing it removes those lines.
    pub(crate) fn lines_span(&self, first: usize, last: usize) -> Range<usize> {
        self.lines[first].start..self.lines[last].next
    }

    /// The splice that writes a copy of line `line` after it.
    pub(crate) fn repeat_line(&self, line: usize) -> Splice {
        let whole = self.whole_line(line);
        let at = self.lines[line].next;
        let bytes = if whole.ends_with(b"\n") {
            whole.to_vec()
        } else {
            [b"\n".as_slice(), whole].concat()
        };
        Splice {
            range: at..at,
            bytes,
        }
    }

    /// The splice that removes token `index` of line `line` with the white space
    /// that separated it from its neighbour.
    pub(crate) fn remove_token(&self, line: usize, index: usize) -> Splice {
        let tokens = &self.lines[line].tokens;
        let span = tokens[index].clone();
        let range = if index > 0 {
            tokens[index - 1].end..span.end
        } else if let Some(next) = tokens.get(1) {
            span.start..next.start
        } else {
            span
        };
        Splice {
            range,
            bytes: Vec::new(),
        }
    }
}

impl Grid for Layout {
    fn height(&self) -> usize {
        self.lines.len()
    }
    fn width(&self, line: usize) -> usize {
        self.lines[line].tokens.len()
    }
    fn token(&self, line: usize, index: usize) -> &[u8] {
        &self.text[self.lines[line].tokens[index].clone()]
    }
}

/// Each line's start, content end (before `\r\n` or `\n`) and the next line's
/// start.
pub(crate) fn line_spans(text: &[u8]) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let end = text[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |p| start + p);
        let next = (end + 1).min(text.len());
        let content_end = if end > start && text[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        let line = (start, content_end, next);
        start = next;
        Some(line)
    })
}

/// The tokens of `text[range]`, as spans of `text`.
pub(crate) fn token_spans(
    text: &[u8],
    range: Range<usize>,
) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut at = range.start;
    std::iter::from_fn(move || {
        while at < range.end && text[at].is_ascii_whitespace() {
            at += 1;
        }
        if at >= range.end {
            return None;
        }
        let start = at;
        while at < range.end && !text[at].is_ascii_whitespace() {
            at += 1;
        }
        Some(start..at)
    })
}

/// `token` as an integer: an optional `-` and decimal digits that fit an i64.
pub(crate) fn integer(token: &[u8]) -> Option<i64> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// `text` with `splices` made; a splice that overlaps an earlier one (in the
/// order of their starts) is left out rather than garbling the text.
pub(crate) fn apply(text: &[u8], splices: &[Splice]) -> Vec<u8> {
    let mut order: Vec<&Splice> = splices.iter().collect();
    order.sort_by_key(|s| (s.range.start, s.range.end));
    let mut out = Vec::with_capacity(text.len() + 64);
    let mut at = 0;
    for splice in order {
        if splice.range.start < at || splice.range.end > text.len() {
            continue;
        }
        out.extend_from_slice(&text[at..splice.range.start]);
        out.extend_from_slice(&splice.bytes);
        at = splice.range.end;
    }
    out.extend_from_slice(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_tokens_are_spans_of_the_original_bytes() {
        let layout = Layout::new(b"3  -7\r\n\nx\t12".to_vec());
        assert_eq!(layout.height(), 3);
        assert_eq!(layout.width(0), 2);
        assert_eq!(layout.width(1), 0);
        assert_eq!(layout.integer(0, 1), Some(-7));
        assert_eq!(layout.integer(2, 0), None);
        assert_eq!(layout.integer(2, 1), Some(12));
        assert_eq!(layout.whole_line(0), b"3  -7\r\n");
        assert_eq!(&layout.text()[layout.content(0)], b"3  -7");
        // A copy of a last line without a newline gets one between.
        let twice = apply(layout.text(), &[layout.repeat_line(2)]);
        assert_eq!(twice, b"3  -7\r\n\nx\t12\nx\t12");
        let without = apply(layout.text(), &[layout.remove_token(0, 0)]);
        assert_eq!(without, b"-7\r\n\nx\t12");
        let without = apply(layout.text(), &[layout.remove_token(0, 1)]);
        assert_eq!(without, b"3\r\n\nx\t12");
        let cut = apply(
            layout.text(),
            &[Splice {
                range: layout.lines_span(0, 1),
                bytes: Vec::new(),
            }],
        );
        assert_eq!(cut, b"x\t12");
    }

    #[test]
    fn integers_are_plain_decimal_and_overlapping_splices_are_left_out() {
        assert_eq!(integer(b"-9223372036854775808"), Some(i64::MIN));
        for not in [
            &b"+5"[..],
            b"9223372036854775808",
            b"1e9",
            b"-",
            b"",
            b"0x10",
        ] {
            assert_eq!(integer(not), None, "{}", String::from_utf8_lossy(not));
        }
        let splice = |range: Range<usize>, bytes: &[u8]| Splice {
            range,
            bytes: bytes.to_vec(),
        };
        let out = apply(
            b"abcdef",
            &[splice(3..5, b"X"), splice(0..1, b"YY"), splice(4..6, b"Z")],
        );
        assert_eq!(out, b"YYbcXf");
        assert_eq!(apply(b"ab", &[splice(1..9, b"")]), b"ab");
    }
}
