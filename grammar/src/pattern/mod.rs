//! Patterns a text token must match, in the two dialects validators write them:
//! checktestdata's `REGEX("...")` (an extended regular expression, matched
//! leftmost-first from the current position, `.` matching a newline) and
//! testlib's `"[a-z]{1,10}"` (character sets with counts, `|` and groups,
//! each count taken greedily with no backtracking).
//!
//! Both are read into one small tree, [`Re`], which the generators walk to
//! make a string; each dialect keeps its own matcher ([`Pattern::matches`]),
//! so a made string is checked the way the validator will read it.

mod ctd;
mod testlib;

use std::fmt;

/// A regular expression reduced to what a generator walks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Re {
    /// One character from these inclusive ranges (sorted).
    Class(Vec<(char, char)>),
    /// One after another.
    Concat(Vec<Re>),
    /// One of these.
    Alt(Vec<Re>),
    /// `re` between `min` and `max` times (`None`: unbounded).
    Repeat {
        /// What is repeated.
        re: Box<Re>,
        /// Fewest times.
        min: u32,
        /// Most times.
        max: Option<u32>,
    },
}

/// The dialect a pattern is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// checktestdata's REGEX.
    Checktestdata,
    /// testlib's patterns.
    Testlib,
}

/// A pattern: its source, its dialect and its tree.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// As written by the validator.
    pub source: String,
    /// How to read it.
    pub dialect: Dialect,
    /// The tree generators walk.
    pub re: Re,
    matcher: Matcher,
}

impl PartialEq for Pattern {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source && self.dialect == other.dialect
    }
}

#[derive(Clone, Debug)]
enum Matcher {
    Regex(regex::bytes::Regex),
    Testlib(testlib::Node),
}

/// A pattern that cannot be read or cannot be generated from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("pattern {pattern:?}: {reason}")]
pub struct PatternError {
    /// The pattern as written.
    pub pattern: String,
    /// What is wrong with it.
    pub reason: String,
}

impl Pattern {
    /// A checktestdata REGEX.
    pub fn checktestdata(source: &str) -> Result<Pattern, PatternError> {
        let (re, regex) = ctd::read(source)?;
        Ok(Pattern {
            source: source.to_string(),
            dialect: Dialect::Checktestdata,
            re,
            matcher: Matcher::Regex(regex),
        })
    }

    /// A testlib pattern.
    pub fn testlib(source: &str) -> Result<Pattern, PatternError> {
        let node = testlib::parse(source)?;
        Ok(Pattern {
            source: source.to_string(),
            dialect: Dialect::Testlib,
            re: node.to_re(),
            matcher: Matcher::Testlib(node),
        })
    }

    /// Whether the validator reads exactly `text` for this pattern: the whole
    /// of it (testlib), or a leftmost-first match from its start that ends at
    /// its end (checktestdata).
    pub fn matches(&self, text: &str) -> bool {
        match &self.matcher {
            Matcher::Regex(r) => r
                .find(text.as_bytes())
                .is_some_and(|m| m.end() == text.len()),
            Matcher::Testlib(node) => node.matches(text.as_bytes()),
        }
    }

    /// Whether a match could go on past `text` into a next character `c`
    /// (a token followed by a character its pattern takes is read longer).
    pub fn could_take(&self, c: char) -> bool {
        fn takes(re: &Re, c: char) -> bool {
            match re {
                Re::Class(r) => r.iter().any(|&(a, b)| a <= c && c <= b),
                Re::Concat(v) | Re::Alt(v) => v.iter().any(|r| takes(r, c)),
                Re::Repeat { re, .. } => takes(re, c),
            }
        }
        takes(&self.re, c)
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.source)
    }
}

/// The decisions a string made from a [`Re`] needs; each strategy of the
/// generators answers them its own way.
pub trait TextChoices {
    /// Which of `n` alternatives (n ≥ 1).
    fn alternative(&mut self, n: usize) -> usize;
    /// How many repetitions in `min..=max`.
    fn repeats(&mut self, min: u32, max: u32) -> u32;
    /// Which of `n` characters (n ≥ 1), sorted.
    fn character(&mut self, n: usize) -> usize;
}

/// The characters a class offers a generator: printable ASCII other than
/// blanks where the class has any (a token is separated by blanks, and
/// checktestdata reads bytes), else whatever ASCII it has, sorted.
pub fn usable_chars(ranges: &[(char, char)]) -> Vec<char> {
    let pick = |keep: &dyn Fn(char) -> bool| -> Vec<char> {
        let mut out = Vec::new();
        for &(a, b) in ranges {
            for c in (a as u32)..=(b as u32).min(127) {
                if let Some(c) = char::from_u32(c) {
                    if keep(c) {
                        out.push(c);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    };
    let printable = pick(&|c: char| c.is_ascii_graphic());
    if printable.is_empty() {
        pick(&|c: char| c.is_ascii())
    } else {
        printable
    }
}

impl Re {
    /// A string of this tree, each decision asked of `choices`; unbounded
    /// repetitions take at most `open_max` more than their minimum. `None`
    /// when a class has no usable character.
    pub fn make(&self, choices: &mut dyn TextChoices, open_max: u32) -> Option<String> {
        let mut out = String::new();
        self.make_into(choices, open_max, &mut out)?;
        Some(out)
    }

    fn make_into(
        &self,
        choices: &mut dyn TextChoices,
        open_max: u32,
        out: &mut String,
    ) -> Option<()> {
        match self {
            Re::Class(ranges) => {
                let chars = usable_chars(ranges);
                if chars.is_empty() {
                    return None;
                }
                let i = choices.character(chars.len()).min(chars.len() - 1);
                out.push(chars[i]);
            }
            Re::Concat(v) => {
                for r in v {
                    r.make_into(choices, open_max, out)?;
                }
            }
            Re::Alt(v) => {
                if v.is_empty() {
                    return Some(());
                }
                let i = choices.alternative(v.len()).min(v.len() - 1);
                v[i].make_into(choices, open_max, out)?;
            }
            Re::Repeat { re, min, max } => {
                let hi = max.unwrap_or(min.saturating_add(open_max));
                let k = choices.repeats(*min, hi).clamp(*min, hi);
                for _ in 0..k {
                    re.make_into(choices, open_max, out)?;
                }
            }
        }
        Some(())
    }
}
