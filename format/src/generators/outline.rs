//! Where the keys and entries of a block-style YAML text are, line by line:
//! just enough of YAML's layout to find `data: secret: data:` and the end of
//! its entries, so that a new entry can be inserted without touching any
//! other byte. It does not parse YAML: whatever it gets wrong, the writer's
//! reparse catches (`write.rs` never returns a text that does not read back as
//! the old tree plus the new entry).

use std::ops::Range;
use yaml_serde::Value;

/// What a line holds, for the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Only white space.
    Blank,
    /// Only a comment.
    Comment,
    /// A key, an item or a value: structure.
    Content,
    /// A line of a block scalar (`|` or `>`): a value, whatever it looks like.
    Scalar,
}

#[derive(Clone, Copy, Debug)]
struct Line {
    /// Byte offset of its first character.
    start: usize,
    /// Byte offset of its end (before `\r\n` or `\n`).
    end: usize,
    /// Byte offset of the next line.
    next: usize,
    /// Leading spaces.
    indent: usize,
    kind: Kind,
}

/// A text's lines with their layout.
pub(super) struct Outline<'a> {
    text: &'a str,
    lines: Vec<Line>,
}

/// A block collection: the content lines `lines` (a range of line indices),
/// its entries starting at column `col`.
#[derive(Clone, Debug)]
pub(super) struct Block {
    pub lines: Range<usize>,
    pub col: usize,
    pub sequence: bool,
}

/// Where a key's value is.
#[derive(Clone, Debug)]
pub(super) enum Place {
    /// Nothing after the colon and nothing indented below: null.
    Empty,
    /// A value on the key's line, at these bytes (comment excluded).
    Inline(Range<usize>),
    /// A block collection on the lines below.
    Block(Block),
}

/// A key found on a line.
#[derive(Clone, Debug)]
pub(super) struct Key {
    /// Its line.
    pub line: usize,
    /// The column where the key starts.
    pub col: usize,
    /// Byte offset just after its colon.
    pub colon_end: usize,
}

impl<'a> Outline<'a> {
    pub fn new(text: &'a str) -> Outline<'a> {
        let mut lines = Vec::new();
        let mut start = 0;
        // The indentation of the line that opened a block scalar, while in one.
        let mut scalar_parent: Option<usize> = None;
        while start < text.len() {
            let next = text[start..]
                .find('\n')
                .map_or(text.len(), |n| start + n + 1);
            let end = if text[..next].ends_with("\r\n") {
                next - 2
            } else if text[..next].ends_with('\n') {
                next - 1
            } else {
                next
            };
            let body = &text[start..end];
            let indent = body.len() - body.trim_start_matches(' ').len();
            let rest = body[indent..].trim_end();
            let mut kind = if rest.is_empty() {
                Kind::Blank
            } else if rest.starts_with('#') {
                Kind::Comment
            } else {
                Kind::Content
            };
            if let Some(parent) = scalar_parent {
                if kind == Kind::Blank {
                    // Inside or after the scalar: structure either way.
                } else if indent > parent {
                    kind = Kind::Scalar;
                } else {
                    scalar_parent = None;
                }
            }
            if kind == Kind::Content && opens_block_scalar(rest) {
                scalar_parent = Some(indent);
            }
            lines.push(Line {
                start,
                end,
                next,
                indent,
                kind,
            });
            start = next;
        }
        Outline { text, lines }
    }

    fn body(&self, line: usize) -> &'a str {
        let l = self.lines[line];
        &self.text[l.start..l.end]
    }

    fn is_content(&self, line: usize) -> bool {
        self.lines[line].kind == Kind::Content
    }

    /// Whether the line is a block sequence item (`- ...` or a lone `-`).
    fn is_item(&self, line: usize) -> bool {
        let rest = &self.body(line)[self.lines[line].indent..];
        rest == "-" || rest.starts_with("- ")
    }

    /// The top-level mapping, or why it cannot be used.
    pub fn root(&self) -> Result<Block, String> {
        let mut first = 0;
        for (i, line) in self.lines.iter().enumerate() {
            if line.kind != Kind::Content {
                continue;
            }
            let body = self.body(i).trim_end();
            if body.starts_with('%') || (line.indent == 0 && strip_comment(body) == "---") {
                first = i + 1;
                continue;
            }
            if body.starts_with("---") || body.starts_with("...") {
                return Err("document markers with content are not supported".into());
            }
            break;
        }
        let col = (first..self.lines.len())
            .find(|&i| self.is_content(i))
            .map_or(0, |i| self.lines[i].indent);
        Ok(Block {
            lines: first..self.lines.len(),
            col,
            sequence: false,
        })
    }

    /// The key `wanted` among the entries of the mapping `block`.
    pub fn find_key(&self, block: &Block, wanted: &str) -> Option<Key> {
        block.lines.clone().find_map(|i| {
            if !self.is_content(i) || self.lines[i].indent != block.col || self.is_item(i) {
                return None;
            }
            self.key_on(i, block.col, wanted)
        })
    }

    /// The item of the sequence `block` whose (first) key is `wanted`; the
    /// second value is the line range of that item.
    pub fn find_item(&self, block: &Block, wanted: &str) -> Option<(Key, Range<usize>)> {
        let items: Vec<usize> = block
            .lines
            .clone()
            .filter(|&i| self.is_content(i) && self.lines[i].indent == block.col && self.is_item(i))
            .collect();
        items.iter().enumerate().find_map(|(n, &i)| {
            let body = self.body(i);
            let after_dash = block.col + 1;
            let col = after_dash + body[after_dash..].len()
                - body[after_dash..].trim_start_matches(' ').len();
            let key = self.key_on(i, col, wanted)?;
            let end = items.get(n + 1).copied().unwrap_or(block.lines.end);
            Some((key, i..end))
        })
    }

    /// The key at column `col` of line `line`, if it is `wanted`.
    fn key_on(&self, line: usize, col: usize, wanted: &str) -> Option<Key> {
        let body = self.body(line);
        let (key, colon) = parse_key(&body[col..])?;
        (key == Value::String(wanted.to_string())).then(|| Key {
            line,
            col,
            colon_end: self.lines[line].start + col + colon,
        })
    }

    /// Where the value of `key` is; `limit` is the first line past the
    /// collection that holds the key.
    pub fn value_of(&self, key: &Key, limit: usize) -> Place {
        let line = self.lines[key.line];
        let after = &self.text[key.colon_end..line.end];
        let token = strip_comment(after);
        if !token.trim().is_empty() {
            let lead = token.len() - token.trim_start().len();
            let start = key.colon_end + lead;
            return Place::Inline(start..start + token.trim().len());
        }
        let Some(first) = (key.line + 1..limit).find(|&i| self.is_content(i)) else {
            return Place::Empty;
        };
        let indent = self.lines[first].indent;
        let compact = indent == key.col && self.is_item(first);
        if indent <= key.col && !compact {
            return Place::Empty;
        }
        let end = (first + 1..limit)
            .find(|&i| {
                self.is_content(i)
                    && (self.lines[i].indent < indent
                        || (compact && self.lines[i].indent == indent && !self.is_item(i)))
            })
            .unwrap_or(limit);
        Place::Block(Block {
            lines: first..end,
            col: indent,
            sequence: self.is_item(first),
        })
    }

    /// The byte offset just past the last line of `lines` that is not blank
    /// or a comment (else past the end of the text): where a new last entry
    /// goes. The flag says whether a line break must come first (the text
    /// ends without one there).
    pub fn end_of(&self, lines: Range<usize>) -> (usize, bool) {
        let last = lines
            .rev()
            .find(|&i| matches!(self.lines[i].kind, Kind::Content | Kind::Scalar));
        match last {
            Some(i) => (self.lines[i].next, self.lines[i].next == self.lines[i].end),
            None => (
                self.text.len(),
                !self.text.is_empty() && !self.text.ends_with('\n'),
            ),
        }
    }

    /// The byte offset where line `line` ends (its line break excluded).
    pub fn line_end(&self, line: usize) -> usize {
        self.lines[line].end
    }
}

/// `text` up to a comment (`#` at the start or after white space, outside quotes).
fn strip_comment(text: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (i, c) in text.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '#' && previous.is_whitespace() => return &text[..i],
            None if (c == '"' || c == '\'')
                && (previous.is_whitespace() || "-:[{,".contains(previous)) =>
            {
                quote = Some(c)
            }
            None => {}
        }
        previous = c;
    }
    text
}

/// Whether a line's content ends with a block scalar header (`key: |`,
/// `- >-`, `key: |2+ # comment`).
fn opens_block_scalar(rest: &str) -> bool {
    let content = strip_comment(rest).trim_end();
    let token_start = content.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let token = &content[token_start..];
    let header = token.starts_with(['|', '>'])
        && token.len() <= 3
        && token[1..]
            .chars()
            .all(|c| c.is_ascii_digit() || c == '+' || c == '-');
    let before = content[..token_start].trim_end();
    header && (before.is_empty() || before.ends_with(':') || before.ends_with('-'))
}

/// The key at the start of `text` and the byte offset just past its colon,
/// when `text` starts with a simple key (plain, `'...'` or `"..."`).
fn parse_key(text: &str) -> Option<(Value, usize)> {
    let key_end = match text.chars().next()? {
        '"' => {
            let mut escaped = false;
            let close = text[1..].char_indices().find_map(|(i, c)| {
                let done = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                done.then_some(i + 1)
            })?;
            close + 1
        }
        '\'' => {
            let bytes = text.as_bytes();
            let mut i = 1;
            loop {
                match bytes.get(i)? {
                    b'\'' if bytes.get(i + 1) == Some(&b'\'') => i += 2,
                    b'\'' => break i + 1,
                    _ => i += 1,
                }
            }
        }
        c if "?[]{}&*!|>%@`#,-".contains(c) => return None,
        _ => {
            let mut end = None;
            let mut previous = ' ';
            for (i, c) in text.char_indices() {
                if c == '#' && previous.is_whitespace() {
                    return None;
                }
                if c == ':'
                    && text[i + 1..]
                        .chars()
                        .next()
                        .is_none_or(|n| n == ' ' || n == '\t')
                {
                    end = Some(i);
                    break;
                }
                previous = c;
            }
            end?
        }
    };
    let after = &text[key_end..];
    let spaces = after.len() - after.trim_start_matches([' ', '\t']).len();
    let rest = &after[spaces..];
    if !rest.starts_with(':')
        || !rest[1..]
            .chars()
            .next()
            .is_none_or(|n| n == ' ' || n == '\t')
    {
        return None;
    }
    let key: Value = yaml_serde::from_str(text[..key_end].trim()).ok()?;
    Some((key, key_end + spaces + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_plain_and_quoted() {
        assert_eq!(parse_key("data: x"), Some((Value::from("data"), 5)));
        assert_eq!(parse_key("'1': gen"), Some((Value::from("1"), 4)));
        assert_eq!(parse_key("\"a\\\"b\" :"), Some((Value::from("a\"b"), 8)));
        assert_eq!(parse_key("'it''s':"), Some((Value::from("it's"), 8)));
        assert_eq!(parse_key("a:b: c"), Some((Value::from("a:b"), 4)));
        assert_eq!(parse_key("1: x").map(|k| k.0), Some(Value::from(1)));
        assert_eq!(parse_key("no colon here"), None);
        assert_eq!(parse_key("x # y: z"), None);
        assert_eq!(parse_key("- a: b"), None);
        assert_eq!(parse_key("? a"), None);
    }

    #[test]
    fn block_scalar_headers() {
        assert!(opens_block_scalar("in: |"));
        assert!(opens_block_scalar("in: >-  # folded"));
        assert!(opens_block_scalar("- |2+"));
        assert!(!opens_block_scalar("in: a|"));
        assert!(!opens_block_scalar("in: '|'"));
    }

    #[test]
    fn comments_outside_quotes() {
        assert_eq!(strip_comment(" gen 1 # c"), " gen 1 ");
        assert_eq!(strip_comment(" 'a # b'"), " 'a # b'");
        assert_eq!(strip_comment(" a#b"), " a#b");
    }
}
