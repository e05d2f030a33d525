//! The grammar model: what an input is made of, in reading order.
//!
//! One model for the three sources (a checktestdata script, a recorded
//! validator, the tests' layout), so the generators are written once. It is
//! checktestdata's reading language seen as data: values with bounds that may
//! name earlier values, literal separators, repetitions whose count is an
//! expression, conditions and assertions over what was read, and an honest
//! [`ItemKind::Opaque`] for what none of that can say.

use std::fmt;

use crate::expr::{Expr, Variable};
use crate::pattern::Pattern;

/// Where a grammar came from, in order of trust.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrammarOrigin {
    /// A checktestdata script: the grammar is the validator itself.
    Checktestdata,
    /// A C++ validator on testlib.h, recorded while it read the tests.
    Testlib,
    /// A C++ validator on BAPCtools' validation.h, recorded likewise.
    ValidationH,
    /// The tests' layout: lines, tokens and counts seen; bounds are hints.
    Layout,
}

/// Where an item was found, for every message that names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Site {
    /// A position in a checktestdata script (1-based).
    Script {
        /// Line.
        line: u32,
        /// Column.
        column: u32,
    },
    /// A read call of a recorded validator.
    Call {
        /// The validator's source line of the call.
        line: u32,
        /// Its column.
        column: u32,
    },
    /// A token position of the first test it was seen in (layout inference).
    Test {
        /// 1-based line.
        line: u32,
        /// 1-based token on that line.
        token: u32,
    },
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Site::Script { line, column } => write!(f, "script line {line}, column {column}"),
            Site::Call { line, column } => write!(f, "validator line {line}, column {column}"),
            Site::Test { line, token } => write!(f, "test line {line}, token {token}"),
        }
    }
}

/// How far a value's bounds can be trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trust {
    /// The validator states them: a value outside is invalid.
    Stated,
    /// Only seen in the tests: a hint, the validator decides.
    Seen,
}

/// How a float is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloatFormat {
    /// Fewest digits after the point.
    pub min_decimals: u32,
    /// Most digits after the point.
    pub max_decimals: u32,
    /// Whether an exponent is allowed (checktestdata's default, not FIXED).
    pub exponent_allowed: bool,
    /// Whether an exponent is required (checktestdata's SCIENTIFIC).
    pub exponent_required: bool,
}

impl FloatFormat {
    /// Fixed notation with between `min` and `max` decimals.
    pub fn fixed(min: u32, max: u32) -> Self {
        FloatFormat {
            min_decimals: min,
            max_decimals: max,
            exponent_allowed: false,
            exponent_required: false,
        }
    }
}

/// What a text token is allowed to be.
#[derive(Clone, Debug, PartialEq)]
pub enum TextShape {
    /// A pattern (checktestdata's REGEX, testlib's `"[a-z]{1,10}"`).
    Pattern(Pattern),
    /// Characters from a set, with a length in bounds (validation.h's
    /// `read_string(name, min, max, chars)`; an empty set means any
    /// non-blank printable character).
    Chars {
        /// The allowed characters, sorted, without repeats.
        chars: Vec<char>,
        /// Shortest length.
        min_len: Expr,
        /// Longest length.
        max_len: Expr,
    },
}

/// One element of a grammar, with where it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// Where it was found.
    pub site: Site,
    /// What it is.
    pub kind: ItemKind,
}

/// What an item is.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// An integer in `[lo, hi]`, stored in `target` when named.
    Int {
        /// Where the value is stored.
        target: Option<Variable>,
        /// Lower bound.
        lo: Expr,
        /// Upper bound.
        hi: Expr,
        /// Whether the bounds are the validator's or only seen.
        trust: Trust,
    },
    /// A float in `[lo, hi]`.
    Float {
        /// Where the value is stored.
        target: Option<Variable>,
        /// Lower bound.
        lo: Expr,
        /// Upper bound.
        hi: Expr,
        /// How it is written.
        format: FloatFormat,
        /// Whether the bounds are the validator's or only seen.
        trust: Trust,
    },
    /// A text token (or a whole line, which may hold spaces).
    Text {
        /// Where the value is stored.
        target: Option<Variable>,
        /// What it may be.
        shape: TextShape,
    },
    /// Exactly these bytes (checktestdata's STRING).
    Literal(String),
    /// One space.
    Space,
    /// One newline.
    Newline,
    /// The end of the input.
    Eof,
    /// `body` repeated `count` times, `separator` between two repetitions;
    /// `index` holds the repetition's number (from 0) while it runs.
    Repeat {
        /// The iteration variable (checktestdata's REPI), if any.
        index: Option<String>,
        /// How many times.
        count: Expr,
        /// What stands between two repetitions.
        separator: Vec<Item>,
        /// What is repeated.
        body: Vec<Item>,
    },
    /// `body` repeated while `cond` holds (which may look at the next
    /// character: `MATCH`, `ISEOF`).
    While {
        /// The iteration variable (WHILEI), if any.
        index: Option<String>,
        /// The condition, evaluated before each repetition.
        cond: Expr,
        /// What stands between two repetitions.
        separator: Vec<Item>,
        /// What is repeated.
        body: Vec<Item>,
    },
    /// `then` if `cond` holds, else `otherwise`.
    If {
        /// The condition.
        cond: Expr,
        /// When it holds.
        then: Vec<Item>,
        /// When it does not.
        otherwise: Vec<Item>,
    },
    /// Variables assigned (checktestdata's SET).
    Set(Vec<(Variable, Expr)>),
    /// Variables forgotten (checktestdata's UNSET).
    Unset(Vec<String>),
    /// A condition every valid input meets.
    Assert(Expr),
    /// What the source says that this model cannot: no input is made
    /// through it.
    Opaque {
        /// The rule of the source, as written.
        rule: String,
        /// Why it cannot be modelled.
        why: String,
    },
}

impl Item {
    /// Where a value item stores its value, if it is a named value.
    pub fn target(&self) -> Option<&Variable> {
        match &self.kind {
            ItemKind::Int { target, .. }
            | ItemKind::Float { target, .. }
            | ItemKind::Text { target, .. } => target.as_ref(),
            _ => None,
        }
    }

    /// The item lists nested in this one, in reading order: a repetition's
    /// separator and body, a condition's two branches.
    pub fn blocks(&self) -> [&[Item]; 2] {
        match &self.kind {
            ItemKind::Repeat {
                separator, body, ..
            }
            | ItemKind::While {
                separator, body, ..
            } => [separator, body],
            ItemKind::If {
                then, otherwise, ..
            } => [then, otherwise],
            _ => [&[], &[]],
        }
    }

    /// Whether this is a value item (an integer, a float or a text).
    pub fn is_value(&self) -> bool {
        matches!(
            self.kind,
            ItemKind::Int { .. } | ItemKind::Float { .. } | ItemKind::Text { .. }
        )
    }
}

/// The input's grammar: its items in reading order, and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Grammar {
    /// Where the grammar came from.
    pub source: GrammarOrigin,
    /// The items, in reading order.
    pub items: Vec<Item>,
}

impl Grammar {
    /// The first opaque item, depth first: the rule that stops every input
    /// made through it (a grammar whose opaque item sits in a branch that is
    /// never taken can still make inputs).
    pub fn first_opaque(&self) -> Option<(&Site, &str, &str)> {
        self.walk().into_iter().find_map(|item| match &item.kind {
            ItemKind::Opaque { rule, why } => Some((&item.site, rule.as_str(), why.as_str())),
            _ => None,
        })
    }

    /// Every item, depth first in reading order (separators before bodies).
    pub fn walk(&self) -> Vec<&Item> {
        fn walk<'a>(items: &'a [Item], out: &mut Vec<&'a Item>) {
            for item in items {
                out.push(item);
                for block in item.blocks() {
                    walk(block, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.items, &mut out);
        out
    }
}

impl fmt::Display for Grammar {
    /// A checktestdata-like listing, one item a line, for reports and tests.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn list(f: &mut fmt::Formatter<'_>, items: &[Item], depth: usize) -> fmt::Result {
            for item in items {
                write!(f, "{:width$}", "", width = depth * 2)?;
                let name = |t: &Option<Variable>| match t {
                    Some(t) => format!(", {t}"),
                    None => String::new(),
                };
                match &item.kind {
                    ItemKind::Int {
                        target,
                        lo,
                        hi,
                        trust,
                    } => {
                        let seen = if *trust == Trust::Seen { " seen" } else { "" };
                        writeln!(f, "INT({lo}, {hi}{}){seen}", name(target))?
                    }
                    ItemKind::Float { target, lo, hi, .. } => {
                        writeln!(f, "FLOAT({lo}, {hi}{})", name(target))?
                    }
                    ItemKind::Text { target, shape } => match shape {
                        TextShape::Pattern(p) => {
                            writeln!(f, "REGEX({:?}{})", p.source, name(target))?
                        }
                        TextShape::Chars {
                            chars,
                            min_len,
                            max_len,
                        } => {
                            let set: String = chars.iter().collect();
                            writeln!(f, "CHARS({set:?}, {min_len}, {max_len}{})", name(target))?
                        }
                    },
                    ItemKind::Literal(s) => writeln!(f, "STRING({s:?})")?,
                    ItemKind::Space => writeln!(f, "SPACE")?,
                    ItemKind::Newline => writeln!(f, "NEWLINE")?,
                    ItemKind::Eof => writeln!(f, "EOF")?,
                    ItemKind::Repeat {
                        index,
                        count,
                        separator,
                        body,
                    } => {
                        let i = index.as_ref().map(|i| format!("{i}, ")).unwrap_or_default();
                        // One separator is written inline, as checktestdata does.
                        let inline = match separator.as_slice() {
                            [] => Some(String::new()),
                            [one] => match &one.kind {
                                ItemKind::Space => Some(", SPACE".to_string()),
                                ItemKind::Newline => Some(", NEWLINE".to_string()),
                                ItemKind::Literal(s) => Some(format!(", STRING({s:?})")),
                                _ => None,
                            },
                            _ => None,
                        };
                        match inline {
                            Some(sep) => writeln!(f, "REP({i}{count}{sep})")?,
                            None => {
                                writeln!(f, "REP({i}{count}, SEPARATOR)")?;
                                list(f, separator, depth + 2)?;
                            }
                        }
                        list(f, body, depth + 1)?;
                        writeln!(f, "{:width$}END", "", width = depth * 2)?;
                    }
                    ItemKind::While { cond, body, .. } => {
                        writeln!(f, "WHILE({cond})")?;
                        list(f, body, depth + 1)?;
                        writeln!(f, "{:width$}END", "", width = depth * 2)?;
                    }
                    ItemKind::If {
                        cond,
                        then,
                        otherwise,
                    } => {
                        writeln!(f, "IF({cond})")?;
                        list(f, then, depth + 1)?;
                        if !otherwise.is_empty() {
                            writeln!(f, "{:width$}ELSE", "", width = depth * 2)?;
                            list(f, otherwise, depth + 1)?;
                        }
                        writeln!(f, "{:width$}END", "", width = depth * 2)?;
                    }
                    ItemKind::Set(assignments) => {
                        let parts: Vec<String> = assignments
                            .iter()
                            .map(|(t, e)| format!("{t} = {e}"))
                            .collect();
                        writeln!(f, "SET({})", parts.join(", "))?
                    }
                    ItemKind::Unset(vars) => writeln!(f, "UNSET({})", vars.join(", "))?,
                    ItemKind::Assert(e) => writeln!(f, "ASSERT({e})")?,
                    ItemKind::Opaque { rule, why } => writeln!(f, "OPAQUE({rule:?}: {why})")?,
                }
            }
            Ok(())
        }
        list(f, &self.items, 0)
    }
}
