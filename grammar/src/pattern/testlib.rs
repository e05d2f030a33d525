//! testlib's patterns, read as testlib reads them: spaces dropped, `|` at
//! depth 0 splits alternatives, a pattern wholly in `( )` is its inside, and
//! otherwise one character set (`[a-z]`, `[^...]`, an escaped or plain
//! character) with a count (`{n}`, `{n,m}`, `?`, `*`, `+`, or once) is
//! followed by the rest. Matching takes each count greedily, as many as the
//! set allows up to the maximum, and never gives any back.

use super::{PatternError, Re};

/// One node: a set with its count, then one of the children (or the end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Node {
    chars: Vec<u8>,
    from: u32,
    to: u32,
    children: Vec<Node>,
}

fn error(source: &str, reason: &str) -> PatternError {
    PatternError {
        pattern: source.to_string(),
        reason: reason.to_string(),
    }
}

/// Whether `s[pos]` is `c` and not escaped (an even run of backslashes before it).
fn command(s: &[u8], pos: usize, c: u8) -> bool {
    if pos >= s.len() || s[pos] != c {
        return false;
    }
    let slashes = s[..pos].iter().rev().take_while(|&&b| b == b'\\').count();
    slashes % 2 == 0
}

fn get_char(s: &[u8], pos: &mut usize) -> Option<u8> {
    if s.get(*pos) == Some(&b'\\') {
        *pos += 2;
    } else {
        *pos += 1;
    }
    s.get(*pos - 1).copied()
}

pub(super) fn parse(source: &str) -> Result<Node, PatternError> {
    let bytes: Vec<u8> = source.bytes().collect();
    let kept: Vec<u8> = (0..bytes.len())
        .filter(|&i| !command(&bytes, i, b' '))
        .map(|i| bytes[i])
        .collect();
    parse_node(&kept, source, 0)
}

fn parse_node(s: &[u8], source: &str, depth: usize) -> Result<Node, PatternError> {
    if depth > 200 {
        return Err(error(source, "nested too deeply"));
    }
    let mut opened = 0i32;
    let mut first_close = None;
    let mut seps = Vec::new();
    for i in 0..s.len() {
        if command(s, i, b'(') {
            opened += 1;
            continue;
        }
        if command(s, i, b')') {
            opened -= 1;
            if opened == 0 && first_close.is_none() {
                first_close = Some(i);
            }
            continue;
        }
        if opened < 0 {
            return Err(error(source, "a ')' closes nothing"));
        }
        if command(s, i, b'|') && opened == 0 {
            seps.push(i);
        }
    }
    if opened != 0 {
        return Err(error(source, "unbalanced parentheses"));
    }
    let mut node = Node {
        chars: Vec::new(),
        from: 0,
        to: 0,
        children: Vec::new(),
    };
    if seps.is_empty()
        && first_close.map(|c| c + 1) == Some(s.len())
        && command(s, 0, b'(')
        && command(s, s.len() - 1, b')')
    {
        node.children
            .push(parse_node(&s[1..s.len() - 1], source, depth + 1)?);
    } else if !seps.is_empty() {
        seps.push(s.len());
        let mut last = 0;
        for &sep in &seps {
            node.children
                .push(parse_node(&s[last..sep], source, depth + 1)?);
            last = sep + 1;
        }
    } else {
        let mut pos = 0;
        node.chars = char_set(s, &mut pos, source)?;
        let (from, to) = counts(s, &mut pos, source)?;
        node.from = from;
        node.to = to;
        if pos < s.len() {
            node.children
                .push(parse_node(&s[pos..], source, depth + 1)?);
        }
    }
    Ok(node)
}

fn char_set(s: &[u8], pos: &mut usize, source: &str) -> Result<Vec<u8>, PatternError> {
    let illegal = || error(source, "illegal character set");
    if *pos >= s.len() {
        return Err(illegal());
    }
    if !command(s, *pos, b'[') {
        return Ok(vec![get_char(s, pos).ok_or_else(illegal)?]);
    }
    *pos += 1;
    let negative = command(s, *pos, b'^');
    if negative {
        *pos += 1;
    }
    let mut out = Vec::new();
    let mut prev: Option<u8> = None;
    while *pos < s.len() && !command(s, *pos, b']') {
        if command(s, *pos, b'-') && prev.is_some() {
            *pos += 1;
            if *pos + 1 == s.len() || command(s, *pos, b']') {
                out.extend(prev);
                prev = Some(b'-');
                continue;
            }
            let next = get_char(s, pos).ok_or_else(illegal)?;
            let start = prev.take().unwrap_or(next);
            if start > next {
                return Err(error(source, "a range runs backwards"));
            }
            out.extend(start..=next);
        } else {
            out.extend(prev);
            prev = Some(get_char(s, pos).ok_or_else(illegal)?);
        }
    }
    out.extend(prev);
    if !command(s, *pos, b']') {
        return Err(error(source, "a '[' is never closed"));
    }
    *pos += 1;
    if negative {
        out.sort_unstable();
        out = (0..=254u8)
            .filter(|c| out.binary_search(c).is_err())
            .collect();
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

fn counts(s: &[u8], pos: &mut usize, source: &str) -> Result<(u32, u32), PatternError> {
    if *pos >= s.len() {
        return Ok((1, 1));
    }
    if command(s, *pos, b'{') {
        *pos += 1;
        let mut parts = vec![Vec::new()];
        while *pos < s.len() && !command(s, *pos, b'}') {
            if command(s, *pos, b',') {
                parts.push(Vec::new());
                *pos += 1;
            } else if let Some(c) = get_char(s, pos) {
                if let Some(last) = parts.last_mut() {
                    last.push(c);
                }
            }
        }
        if !command(s, *pos, b'}') {
            return Err(error(source, "a '{' is never closed"));
        }
        *pos += 1;
        let numbers: Vec<u32> = parts
            .iter()
            .map(|p| {
                std::str::from_utf8(p)
                    .ok()
                    .and_then(|t| t.trim().parse().ok())
            })
            .collect::<Option<_>>()
            .ok_or_else(|| error(source, "a count is not a number"))?;
        let (from, to) = match numbers[..] {
            [n] => (n, n),
            [a, b] => (a, b),
            _ => return Err(error(source, "a count has more than two numbers")),
        };
        if from > to {
            return Err(error(source, "a count runs backwards"));
        }
        return Ok((from, to));
    }
    let counted = [(b'?', (0, 1)), (b'*', (0, u32::MAX)), (b'+', (1, u32::MAX))];
    for (c, range) in counted {
        if command(s, *pos, c) {
            *pos += 1;
            return Ok(range);
        }
    }
    Ok((1, 1))
}

impl Node {
    pub(super) fn matches(&self, s: &[u8]) -> bool {
        self.matches_from(s, 0)
    }

    fn matches_from(&self, s: &[u8], mut pos: usize) -> bool {
        if self.to > 0 {
            let run = s[pos.min(s.len())..]
                .iter()
                .take_while(|c| self.chars.binary_search(c).is_ok())
                .count();
            if run < self.from as usize {
                return false;
            }
            pos += run.min(self.to as usize);
        }
        if self.children.is_empty() {
            pos == s.len()
        } else {
            self.children.iter().any(|c| c.matches_from(s, pos))
        }
    }

    pub(super) fn to_re(&self) -> Re {
        let mut parts = Vec::new();
        if self.to > 0 {
            let class = Re::Class(
                self.chars
                    .iter()
                    .map(|&b| (char::from(b), char::from(b)))
                    .collect(),
            );
            parts.push(Re::Repeat {
                re: Box::new(class),
                min: self.from,
                max: (self.to != u32::MAX).then_some(self.to),
            });
        }
        if !self.children.is_empty() {
            parts.push(Re::Alt(self.children.iter().map(Node::to_re).collect()));
        }
        Re::Concat(parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_greedy_and_alternatives_split_at_depth_zero() {
        let p = parse("[a-z]{1,3}").unwrap();
        assert!(p.matches(b"abc") && p.matches(b"a") && !p.matches(b"abcd") && !p.matches(b""));
        // Greedy without backtracking: `[a-z]*a` matches nothing.
        assert!(!parse("[a-z]*a").unwrap().matches(b"ba"));
        let p = parse("YES|NO").unwrap();
        assert!(p.matches(b"YES") && p.matches(b"NO") && !p.matches(b"YESNO"));
        assert!(parse("[0-9]+ [a-z]").unwrap().matches(b"12x"));
        assert!(parse("(ab").is_err());
        assert!(parse("[z-a]").is_err());
        assert!(parse("[^a]").unwrap().matches(b"b"));
    }
}
