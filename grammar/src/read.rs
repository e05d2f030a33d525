//! An input read by a grammar: the grammar run as the reader it describes,
//! the other direction of `generate`'s writer. The audit of a package's
//! validators (`jurybox-audit`) needs it twice: to say which value of which
//! item each test holds (the bounds the data never reaches), and to say of a
//! candidate input whether the grammar refuses it and where (a validator
//! that accepts it is then wrong, or the grammar is).
//!
//! Reading is as strict as checktestdata: an integer is `-?(0|[1-9][0-9]*)`
//! and never `-0`; a float as its format says; whitespace only where the
//! grammar has a space or a newline; and the input must end where the
//! grammar ends, whether or not it says EOF (a validator that forgets its
//! end-of-file check is the point). A value's bounds are enforced only where
//! the grammar states them ([`Trust::Stated`]); a layout's ranges are hints.
//!
//! Time: O(bytes + items run); a repetition whose body reads nothing stops at
//! [`LOOP_CAP`] iterations.

use std::collections::HashMap;
use std::fmt;

use crate::expr::{Env, Expr, Peek, Value, Variable};
use crate::model::{FloatFormat, Grammar, Item, ItemKind, Site, TextShape, Trust};

/// A repetition runs at most this many times while reading.
pub const LOOP_CAP: u64 = 1 << 24;

/// One value read: which item read it, where, and the bounds it was read under.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadValue {
    /// The item's number in [`Grammar::walk`] order.
    pub item: usize,
    /// The variable it was stored in (its name only), if any.
    pub name: Option<String>,
    /// The value.
    pub value: Value,
    /// Its bytes in the input.
    pub span: std::ops::Range<usize>,
    /// Its bounds, evaluated (for a text: its length's), when they could be.
    pub bounds: Option<(Value, Value)>,
}

/// Everything one input's reading found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reading {
    /// The values, in reading order.
    pub values: Vec<ReadValue>,
}

/// Why the grammar refuses an input.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// The bytes at the place are not what the item reads.
    Expected(String),
    /// A value outside the bounds the grammar states.
    OutOfBounds {
        /// The value, as written.
        value: String,
        /// Its bounds, evaluated.
        lo: String,
        /// Upper bound.
        hi: String,
    },
    /// An assertion that does not hold.
    Assertion(String),
    /// Bytes after the grammar's end.
    Trailing,
    /// The grammar cannot read on here (an opaque rule, an expression with
    /// no value): the input is neither accepted nor refused.
    Unreadable(String),
}

/// The grammar refuses the input: where and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadMismatch {
    /// The byte where reading stopped.
    pub offset: usize,
    /// Its 1-based line.
    pub line: usize,
    /// Its 1-based column.
    pub column: usize,
    /// The item that stopped it (`None`: the grammar's end).
    pub item: Option<usize>,
    /// Where that item is in its source.
    pub site: Option<Site>,
    /// Why.
    pub refusal: Refusal,
}

impl ReadMismatch {
    /// Whether the grammar truly refuses (not merely cannot read on).
    pub fn refuses(&self) -> bool {
        !matches!(self.refusal, Refusal::Unreadable(_))
    }
}

impl fmt::Display for ReadMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.refusal {
            Refusal::Expected(what) => write!(f, "expected {what}")?,
            Refusal::OutOfBounds { value, lo, hi } => write!(f, "{value} is outside [{lo}, {hi}]")?,
            Refusal::Assertion(e) => write!(f, "the assertion {e} does not hold")?,
            Refusal::Trailing => write!(f, "bytes after the input's end")?,
            Refusal::Unreadable(why) => write!(f, "cannot read on: {why}")?,
        }
        if let Some(site) = &self.site {
            write!(f, " ({site})")?;
        }
        Ok(())
    }
}

/// Reads `input` with `grammar`: every value, or where and why it is refused
/// (boxed: a refusal is large and the reading's every step returns one).
pub fn read(grammar: &Grammar, input: &[u8]) -> Result<Reading, Box<ReadMismatch>> {
    let numbers: HashMap<usize, usize> = grammar
        .walk()
        .into_iter()
        .enumerate()
        .map(|(i, item)| (item as *const Item as usize, i))
        .collect();
    let mut reader = Reader {
        input,
        pos: 0,
        env: Env::new(),
        numbers,
        reading: Reading::default(),
    };
    reader.items(&grammar.items)?;
    if reader.pos < input.len() {
        return Err(reader.stop(None, Refusal::Trailing));
    }
    Ok(reader.reading)
}

struct Reader<'a> {
    input: &'a [u8],
    pos: usize,
    env: Env,
    numbers: HashMap<usize, usize>,
    reading: Reading,
}

struct Look<'a> {
    rest: &'a [u8],
}

impl Peek for Look<'_> {
    fn next_in(&mut self, chars: &str) -> bool {
        self.rest
            .first()
            .is_some_and(|&b| chars.as_bytes().contains(&b))
    }
    fn at_eof(&mut self) -> bool {
        self.rest.is_empty()
    }
}

impl Reader<'_> {
    fn stop(&self, item: Option<&Item>, refusal: Refusal) -> Box<ReadMismatch> {
        let before = &self.input[..self.pos];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = self.pos
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1)
            + 1;
        Box::new(ReadMismatch {
            offset: self.pos,
            line,
            column,
            item: item.and_then(|i| self.numbers.get(&(i as *const Item as usize)).copied()),
            site: item.map(|i| i.site.clone()),
            refusal,
        })
    }

    fn expected(&self, item: &Item, what: impl Into<String>) -> Box<ReadMismatch> {
        self.stop(Some(item), Refusal::Expected(what.into()))
    }

    fn eval(&self, item: &Item, e: &Expr) -> Result<Value, Box<ReadMismatch>> {
        let mut look = Look {
            rest: &self.input[self.pos..],
        };
        self.env
            .eval(e, &mut look)
            .map_err(|err| self.stop(Some(item), Refusal::Unreadable(err.to_string())))
    }

    fn int(&self, item: &Item, e: &Expr) -> Result<i128, Box<ReadMismatch>> {
        match self.eval(item, e)? {
            Value::Int(v) => Ok(v),
            other => Err(self.stop(
                Some(item),
                Refusal::Unreadable(format!("{other} is not an integer")),
            )),
        }
    }

    fn truth(&self, item: &Item, e: &Expr) -> Result<bool, Box<ReadMismatch>> {
        match self.eval(item, e)? {
            Value::Bool(b) => Ok(b),
            other => Err(self.stop(
                Some(item),
                Refusal::Unreadable(format!("{other} is not a test")),
            )),
        }
    }

    /// The longest run from here of bytes `take` accepts.
    fn run_of(&self, take: impl Fn(u8) -> bool) -> &[u8] {
        let rest = &self.input[self.pos..];
        let end = rest.iter().position(|&b| !take(b)).unwrap_or(rest.len());
        &rest[..end]
    }

    fn keep(
        &mut self,
        item: &Item,
        target: &Option<Variable>,
        value: Value,
        len: usize,
        bounds: Option<(Value, Value)>,
    ) -> Result<(), Box<ReadMismatch>> {
        if let Some(t) = target {
            self.env
                .assign(t, value.clone())
                .map_err(|e| self.stop(Some(item), Refusal::Unreadable(e.to_string())))?;
        }
        self.reading.values.push(ReadValue {
            item: self.numbers[&(item as *const Item as usize)],
            name: target.as_ref().map(|t| t.var.clone()),
            value,
            span: self.pos..self.pos + len,
            bounds,
        });
        self.pos += len;
        Ok(())
    }

    fn items(&mut self, items: &[Item]) -> Result<(), Box<ReadMismatch>> {
        items.iter().try_for_each(|item| self.item(item))
    }

    fn item(&mut self, item: &Item) -> Result<(), Box<ReadMismatch>> {
        match &item.kind {
            ItemKind::Int {
                target,
                lo,
                hi,
                trust,
            } => self.read_int(item, target, lo, hi, *trust),
            ItemKind::Float {
                target,
                lo,
                hi,
                format,
                trust,
            } => self.read_float(item, target, (lo, hi), format, *trust),
            ItemKind::Text { target, shape } => self.read_text(item, target, shape),
            ItemKind::Literal(s) => self.exact(item, s.as_bytes(), &format!("{s:?}")),
            ItemKind::Space => self.exact(item, b" ", "a space"),
            ItemKind::Newline => self.exact(item, b"\n", "a newline"),
            ItemKind::Eof => match self.pos == self.input.len() {
                true => Ok(()),
                false => Err(self.stop(Some(item), Refusal::Trailing)),
            },
            ItemKind::Repeat {
                index,
                count,
                separator,
                body,
            } => {
                let n = self.int(item, count)?;
                if n < 0 {
                    return Err(self.stop(
                        Some(item),
                        Refusal::Unreadable(format!("a negative count {n}")),
                    ));
                }
                for i in 0..n as u64 {
                    self.iteration(item, index.as_deref(), i, separator, body)?;
                }
                self.set_index(index.as_deref(), n as u64);
                Ok(())
            }
            ItemKind::While {
                index,
                cond,
                separator,
                body,
            } => {
                let mut i = 0u64;
                loop {
                    self.set_index(index.as_deref(), i);
                    if !self.truth(item, cond)? {
                        break;
                    }
                    self.iteration(item, index.as_deref(), i, separator, body)?;
                    i += 1;
                }
                Ok(())
            }
            ItemKind::If {
                cond,
                then,
                otherwise,
            } => match self.truth(item, cond)? {
                true => self.items(then),
                false => self.items(otherwise),
            },
            ItemKind::Set(assignments) => {
                for (target, e) in assignments {
                    let v = self.eval(item, e)?;
                    self.env
                        .assign(target, v)
                        .map_err(|e| self.stop(Some(item), Refusal::Unreadable(e.to_string())))?;
                }
                Ok(())
            }
            ItemKind::Unset(vars) => {
                vars.iter().for_each(|v| self.env.unset(v));
                Ok(())
            }
            ItemKind::Assert(e) => match self.truth(item, e)? {
                true => Ok(()),
                false => Err(self.stop(Some(item), Refusal::Assertion(e.to_string()))),
            },
            ItemKind::Opaque { rule, why } => {
                Err(self.stop(Some(item), Refusal::Unreadable(format!("{rule}: {why}"))))
            }
        }
    }

    fn set_index(&mut self, index: Option<&str>, i: u64) {
        if let Some(var) = index {
            self.env.set_int(var, i as i128);
        }
    }

    fn iteration(
        &mut self,
        item: &Item,
        index: Option<&str>,
        i: u64,
        separator: &[Item],
        body: &[Item],
    ) -> Result<(), Box<ReadMismatch>> {
        if i >= LOOP_CAP {
            return Err(self.stop(
                Some(item),
                Refusal::Unreadable(format!("more than {LOOP_CAP} repetitions")),
            ));
        }
        self.set_index(index, i);
        if i > 0 {
            self.items(separator)?;
        }
        self.items(body)
    }

    fn exact(&mut self, item: &Item, bytes: &[u8], what: &str) -> Result<(), Box<ReadMismatch>> {
        if self.input[self.pos..].starts_with(bytes) {
            self.pos += bytes.len();
            Ok(())
        } else {
            Err(self.expected(item, what))
        }
    }

    fn read_int(
        &mut self,
        item: &Item,
        target: &Option<Variable>,
        lo: &Expr,
        hi: &Expr,
        trust: Trust,
    ) -> Result<(), Box<ReadMismatch>> {
        let sign = usize::from(self.input.get(self.pos) == Some(&b'-'));
        let digits = {
            let rest = &self.input[self.pos + sign..];
            rest.iter().take_while(|b| b.is_ascii_digit()).count()
        };
        let text = &self.input[self.pos..self.pos + sign + digits];
        let canonical = digits > 0
            && !(digits > 1 && text[sign] == b'0')
            && !(sign == 1 && digits == 1 && text[1] == b'0');
        let value = std::str::from_utf8(text)
            .ok()
            .filter(|_| canonical)
            .and_then(|t| t.parse::<i128>().ok())
            .ok_or_else(|| self.expected(item, "an integer"))?;
        let bounds = match (self.int(item, lo), self.int(item, hi)) {
            (Ok(l), Ok(h)) => Some((l, h)),
            _ => None,
        };
        if let (Some((l, h)), Trust::Stated) = (bounds, trust) {
            if value < l || value > h {
                return Err(self.out_of_bounds(item, value, l, h));
            }
        }
        let bounds = bounds.map(|(l, h)| (Value::Int(l), Value::Int(h)));
        self.keep(item, target, Value::Int(value), text.len(), bounds)
    }

    fn out_of_bounds(
        &self,
        item: &Item,
        value: impl fmt::Display,
        lo: impl fmt::Display,
        hi: impl fmt::Display,
    ) -> Box<ReadMismatch> {
        self.stop(
            Some(item),
            Refusal::OutOfBounds {
                value: value.to_string(),
                lo: lo.to_string(),
                hi: hi.to_string(),
            },
        )
    }

    fn read_float(
        &mut self,
        item: &Item,
        target: &Option<Variable>,
        (lo, hi): (&Expr, &Expr),
        format: &FloatFormat,
        trust: Trust,
    ) -> Result<(), Box<ReadMismatch>> {
        let text = self.run_of(|b| b.is_ascii_digit() || b"-+.eE".contains(&b));
        let len = text.len();
        let text = String::from_utf8_lossy(text).into_owned();
        let value =
            float_text(&text, format).ok_or_else(|| self.expected(item, "a real number"))?;
        let as_float = |e: &Expr| match self.eval(item, e) {
            Ok(Value::Int(v)) => Some(v as f64),
            Ok(Value::Float(v)) => Some(v),
            _ => None,
        };
        let bounds = as_float(lo).zip(as_float(hi));
        if let (Some((l, h)), Trust::Stated) = (bounds, trust) {
            if value < l || value > h {
                return Err(self.out_of_bounds(item, &text, l, h));
            }
        }
        let bounds = bounds.map(|(l, h)| (Value::Float(l), Value::Float(h)));
        self.keep(item, target, Value::Float(value), len, bounds)
    }

    fn read_text(
        &mut self,
        item: &Item,
        target: &Option<Variable>,
        shape: &TextShape,
    ) -> Result<(), Box<ReadMismatch>> {
        match shape {
            TextShape::Pattern(p) => {
                let spaces = p.could_take(' ');
                let run = self.run_of(|b| b != b'\n' && (spaces || !b.is_ascii_whitespace()));
                let text = String::from_utf8_lossy(run).into_owned();
                // The longest prefix the pattern reads whole.
                let found = (1..=text.len())
                    .rev()
                    .filter(|&end| text.is_char_boundary(end))
                    .map(|end| &text[..end])
                    .find(|t| p.matches(t))
                    .map(str::to_string);
                let text = match found {
                    Some(t) => t,
                    None if p.matches("") => String::new(),
                    None => return Err(self.expected(item, format!("a text matching {p}"))),
                };
                let len = text.len();
                self.keep(item, target, Value::Str(text), len, None)
            }
            TextShape::Chars {
                chars,
                min_len,
                max_len,
            } => {
                let run = self.run_of(|b| match chars.is_empty() {
                    true => b.is_ascii_graphic(),
                    false => chars.contains(&char::from(b)),
                });
                let text = String::from_utf8_lossy(run).into_owned();
                let len = text.len() as i128;
                let (lo, hi) = (self.int(item, min_len)?, self.int(item, max_len)?);
                if len < lo || len > hi {
                    return Err(self.stop(
                        Some(item),
                        Refusal::OutOfBounds {
                            value: format!("a text of length {len}"),
                            lo: lo.to_string(),
                            hi: hi.to_string(),
                        },
                    ));
                }
                let bounds = Some((Value::Int(lo), Value::Int(hi)));
                self.keep(item, target, Value::Str(text), run.len(), bounds)
            }
        }
    }
}

/// The value of a float token written as `format` says, else `None`.
fn float_text(text: &str, format: &FloatFormat) -> Option<f64> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], Some(&text[at + 1..])),
        None => (text, None),
    };
    if exponent.is_some() && !format.exponent_allowed
        || exponent.is_none() && format.exponent_required
    {
        return None;
    }
    if let Some(e) = exponent {
        let digits = e.strip_prefix(['-', '+']).unwrap_or(e);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
    }
    let unsigned = mantissa.strip_prefix('-').unwrap_or(mantissa);
    let (whole, decimals) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let has_point = unsigned.contains('.');
    let fine = !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && decimals.bytes().all(|b| b.is_ascii_digit())
        && (whole.len() <= 1 || !whole.starts_with('0'))
        && (!has_point || !decimals.is_empty())
        && (decimals.len() as u32) >= format.min_decimals
        && (decimals.len() as u32) <= format.max_decimals;
    fine.then(|| text.parse().ok()).flatten()
}
