//! One input made from a grammar: the grammar run as a writer instead of a
//! reader. Each value is asked of a [`Chooser`] within the bounds evaluated
//! here, from the values already written (so `1 ≤ a_i ≤ n` follows the `n`
//! chosen, and a count chosen is how many times its repetition runs);
//! assertions are checked as they come; a condition that looks at the input
//! (`MATCH`, `ISEOF`) is a choice whose promise the next written byte must
//! keep. A run that breaks a rule stops with the [`Stop`] saying which.
//!
//! Time: O(bytes written + items run), bounded by the token and byte budgets.

use std::collections::HashMap;

use crate::expr::Variable;
use crate::expr::{Env, EvalError, Expr, Peek, Value};
use crate::model::{FloatFormat, Grammar, Item, ItemKind, Site, TextShape};
use crate::pattern::Pattern;

/// What a value is to the rest of the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// Its variable is a repetition's count (or in a loop's condition).
    Count,
    /// Its variable is a bound of a later value.
    Bound,
    /// Nothing reads it.
    Plain,
}

/// What a chooser knows about the value it picks.
#[derive(Clone, Debug)]
pub(crate) struct Ctx {
    /// The value item's number, in reading order.
    pub slot: usize,
    /// What it is to the rest of the grammar.
    pub role: Role,
    /// How many repetitions enclose it.
    pub depth: usize,
    /// The iteration numbers of the enclosing repetitions, outermost first.
    pub key: Vec<u64>,
    /// The innermost repetition's count, when known.
    pub count: Option<u64>,
}

impl Ctx {
    /// The innermost iteration number (0 outside repetitions).
    pub fn index(&self) -> u64 {
        self.key.last().copied().unwrap_or(0)
    }
}

/// The decisions of one run.
pub(crate) trait Chooser {
    /// An integer in `lo..=hi` (lo ≤ hi), or `None` to give up the run.
    fn int(&mut self, ctx: &Ctx, lo: i128, hi: i128) -> Option<i128>;
    /// A float's text within `lo..=hi`, written as `format` says.
    fn float(&mut self, ctx: &Ctx, lo: f64, hi: f64, format: &FloatFormat) -> Option<String>;
    /// A text: a pattern's match, or `min..=max` characters of `chars`.
    fn text(&mut self, ctx: &Ctx, shape: &TextSpec<'_>) -> Option<String>;
    /// The answer of a condition that looks at the input.
    fn peek(&mut self, ctx: &Ctx) -> Option<bool>;
}

/// A text to make, its bounds evaluated.
pub(crate) enum TextSpec<'a> {
    /// A pattern's match.
    Pattern(&'a Pattern),
    /// Characters of a set (empty: any printable non-blank), a length in bounds.
    Chars {
        /// The set.
        chars: &'a [char],
        /// Shortest.
        min: u64,
        /// Longest.
        max: u64,
    },
}

/// Why a run made no input.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Stop {
    /// Over the token or byte budget.
    Budget,
    /// The chooser gave up (a domain exhausted, a small size passed).
    Declined,
    /// An assertion does not hold.
    Assert(Site),
    /// A value's bounds are empty (lo > hi) or a count is negative.
    Empty(Site),
    /// An expression has no value.
    Eval(Site, EvalError),
    /// The grammar says what it cannot model here.
    Opaque(Site, String),
    /// A byte written broke a promise made to a condition, or would be
    /// read as part of the token before it.
    Broken,
}

/// Where the budget ends.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    pub tokens: usize,
    pub bytes: usize,
    pub loop_cap: u64,
}

/// What the next byte written must be.
#[derive(Clone, Debug)]
enum Promise {
    /// One of these characters (MATCH was true).
    In(String),
    /// None of these (MATCH was false).
    NotIn(String),
    /// Nothing more (ISEOF was true, or EOF read).
    End,
    /// Something (ISEOF was false).
    More,
    /// Not a character the token before would also take.
    NotDigit,
    /// Not a character of the pattern before.
    NotPattern(Pattern),
}

/// The facts about a grammar every run needs: each value item's slot and role.
pub(crate) struct Plan<'g> {
    pub grammar: &'g Grammar,
    slots: HashMap<usize, (usize, Role)>,
    /// How many value items.
    pub values: usize,
}

impl<'g> Plan<'g> {
    pub fn new(grammar: &'g Grammar) -> Self {
        let mut counted = Vec::new();
        let mut bounding = Vec::new();
        for item in grammar.walk() {
            match &item.kind {
                ItemKind::Repeat { count, .. } => count.variables(&mut counted),
                ItemKind::While { cond, .. } => cond.variables(&mut counted),
                ItemKind::Int { lo, hi, .. } | ItemKind::Float { lo, hi, .. } => {
                    lo.variables(&mut bounding);
                    hi.variables(&mut bounding);
                }
                ItemKind::Text {
                    shape:
                        TextShape::Chars {
                            min_len, max_len, ..
                        },
                    ..
                } => {
                    min_len.variables(&mut bounding);
                    max_len.variables(&mut bounding);
                }
                _ => {}
            }
        }
        let mut slots = HashMap::new();
        for item in grammar.walk().into_iter().filter(|i| i.is_value()) {
            let var = item.target().map(|t| t.var.as_str());
            let role = match var {
                Some(v) if counted.iter().any(|c| c == v) => Role::Count,
                Some(v) if bounding.iter().any(|c| c == v) => Role::Bound,
                _ => Role::Plain,
            };
            let slot = slots.len();
            slots.insert(address(item), (slot, role));
        }
        let values = slots.len();
        Plan {
            grammar,
            slots,
            values,
        }
    }

    /// The roles of the value slots, by slot.
    pub fn roles(&self) -> Vec<Role> {
        let mut roles = vec![Role::Plain; self.values];
        for &(slot, role) in self.slots.values() {
            roles[slot] = role;
        }
        roles
    }

    /// The value items, by slot.
    pub fn items(&self) -> Vec<&'g Item> {
        let mut items: Vec<Option<&Item>> = vec![None; self.values];
        for item in self.grammar.walk() {
            if let Some(&(slot, _)) = self.slots.get(&address(item)) {
                items[slot] = Some(item);
            }
        }
        items.into_iter().flatten().collect()
    }

    /// One run with `chooser`: the input, or why there is none.
    pub fn run(&self, chooser: &mut dyn Chooser, budget: Budget) -> Result<Made, Stop> {
        let mut run = Run {
            plan: self,
            chooser,
            env: Env::new(),
            out: Vec::new(),
            tokens: 0,
            budget,
            promise: None,
            loops: Vec::new(),
        };
        run.items(&self.grammar.items)?;
        match run.promise {
            None
            | Some(Promise::End | Promise::NotDigit | Promise::NotPattern(_) | Promise::NotIn(_)) =>
                {}
            Some(_) => return Err(Stop::Broken),
        }
        Ok(Made {
            bytes: run.out,
            tokens: run.tokens,
        })
    }
}

/// An input made, and how many values it holds.
pub(crate) struct Made {
    pub bytes: Vec<u8>,
    pub tokens: usize,
}

struct Run<'p, 'g, 'c> {
    plan: &'p Plan<'g>,
    chooser: &'c mut dyn Chooser,
    env: Env,
    out: Vec<u8>,
    tokens: usize,
    budget: Budget,
    promise: Option<Promise>,
    /// (iteration, count if known) of each enclosing repetition.
    loops: Vec<(u64, Option<u64>)>,
}

/// Answers `MATCH` and `ISEOF` by asking the chooser, and remembers the promise.
struct Asked<'a, 'c> {
    chooser: &'a mut (dyn Chooser + 'c),
    ctx: Ctx,
    promise: Option<Promise>,
    declined: bool,
}

impl Peek for Asked<'_, '_> {
    fn next_in(&mut self, chars: &str) -> bool {
        let answer = self.chooser.peek(&self.ctx).unwrap_or_else(|| {
            self.declined = true;
            false
        });
        self.promise = Some(if answer {
            Promise::In(chars.to_string())
        } else {
            Promise::NotIn(chars.to_string())
        });
        answer
    }
    fn at_eof(&mut self) -> bool {
        let answer = self.chooser.peek(&self.ctx).unwrap_or_else(|| {
            self.declined = true;
            false
        });
        self.promise = Some(if answer { Promise::End } else { Promise::More });
        answer
    }
}

impl Run<'_, '_, '_> {
    fn ctx(&self, slot: usize, role: Role) -> Ctx {
        Ctx {
            slot,
            role,
            depth: self.loops.len(),
            key: self.loops.iter().map(|l| l.0).collect(),
            count: self.loops.last().and_then(|l| l.1),
        }
    }

    fn eval(&self, e: &Expr, site: &Site) -> Result<Value, Stop> {
        self.env
            .eval(e, &mut crate::expr::NoPeek)
            .map_err(|err| Stop::Eval(site.clone(), err))
    }

    fn int(&self, e: &Expr, site: &Site) -> Result<i128, Stop> {
        self.env.int(e).map_err(|err| Stop::Eval(site.clone(), err))
    }

    /// A condition, asking the chooser when it looks at the input.
    fn test(&mut self, e: &Expr, site: &Site) -> Result<bool, Stop> {
        if !e.peeks() {
            return self
                .env
                .truth(e, &mut crate::expr::NoPeek)
                .map_err(|err| Stop::Eval(site.clone(), err));
        }
        let ctx = self.ctx(usize::MAX, Role::Plain);
        let mut asked = Asked {
            chooser: &mut *self.chooser,
            ctx,
            promise: None,
            declined: false,
        };
        let answer = self
            .env
            .truth(e, &mut asked)
            .map_err(|err| Stop::Eval(site.clone(), err))?;
        if asked.declined {
            return Err(Stop::Declined);
        }
        if let Some(p) = asked.promise {
            self.promise = Some(p);
        }
        Ok(answer)
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Stop> {
        let Some(&first) = bytes.first() else {
            return Ok(());
        };
        if let Some(p) = self.promise.take() {
            let c = char::from(first);
            let kept = match &p {
                Promise::In(set) => set.contains(c),
                Promise::NotIn(set) => !set.contains(c),
                Promise::End => false,
                Promise::More => true,
                Promise::NotDigit => !c.is_ascii_digit() && c != '.' && c != 'e' && c != 'E',
                Promise::NotPattern(p) => !p.could_take(c),
            };
            if !kept {
                return Err(Stop::Broken);
            }
        }
        if self.out.len() + bytes.len() > self.budget.bytes {
            return Err(Stop::Budget);
        }
        self.out.extend_from_slice(bytes);
        Ok(())
    }

    fn value_token(&mut self, text: &str) -> Result<(), Stop> {
        self.tokens += 1;
        if self.tokens > self.budget.tokens {
            return Err(Stop::Budget);
        }
        self.write(text.as_bytes())
    }

    fn store(&mut self, target: &Option<Variable>, value: Value, site: &Site) -> Result<(), Stop> {
        if let Some(t) = target {
            self.env
                .assign(t, value)
                .map_err(|e| Stop::Eval(site.clone(), e))?;
        }
        Ok(())
    }

    fn items(&mut self, items: &[Item]) -> Result<(), Stop> {
        for item in items {
            self.item(item)?;
        }
        Ok(())
    }

    fn slot(&self, item: &Item) -> (usize, Role) {
        self.plan
            .slots
            .get(&address(item))
            .copied()
            .unwrap_or((usize::MAX, Role::Plain))
    }

    /// A text item: a pattern's text or a string of the given characters.
    fn text_item(
        &mut self,
        item: &Item,
        target: &Option<Variable>,
        shape: &TextShape,
    ) -> Result<(), Stop> {
        let site = &item.site;
        let (slot, role) = self.slot(item);
        let ctx = self.ctx(slot, role);
        let text = match shape {
            TextShape::Pattern(p) => {
                let t = self
                    .chooser
                    .text(&ctx, &TextSpec::Pattern(p))
                    .ok_or(Stop::Declined)?;
                if !p.matches(&t) {
                    return Err(Stop::Declined);
                }
                t
            }
            TextShape::Chars {
                chars,
                min_len,
                max_len,
            } => {
                let min = self.int(min_len, site)?.max(0);
                let max = self.int(max_len, site)?;
                if min > max {
                    return Err(Stop::Empty(site.clone()));
                }
                let spec = TextSpec::Chars {
                    chars,
                    min: min as u64,
                    max: max.min(u64::MAX as i128) as u64,
                };
                self.chooser.text(&ctx, &spec).ok_or(Stop::Declined)?
            }
        };
        self.value_token(&text)?;
        self.promise = match shape {
            TextShape::Pattern(p) => Some(Promise::NotPattern(p.clone())),
            TextShape::Chars { .. } => None,
        };
        self.store(target, Value::Str(text), site)
    }

    /// A repetition `count` times, its separator between the bodies.
    fn repeat(
        &mut self,
        site: &Site,
        index: Option<&str>,
        count: &Expr,
        (separator, body): (&[Item], &[Item]),
    ) -> Result<(), Stop> {
        let n = self.int(count, site)?;
        if n < 0 {
            return Err(Stop::Empty(site.clone()));
        }
        let n = n as u64;
        for i in 0..n {
            if i >= self.budget.loop_cap {
                return Err(Stop::Budget);
            }
            if let Some(var) = index {
                self.env.set_int(var, i as i128);
            }
            if i > 0 {
                self.items(separator)?;
            }
            self.loops.push((i, Some(n)));
            let done = self.items(body);
            self.loops.pop();
            done?;
        }
        if let Some(var) = index {
            self.env.set_int(var, n as i128);
        }
        Ok(())
    }

    /// A loop while `cond` holds, its separator between the bodies.
    fn while_loop(
        &mut self,
        site: &Site,
        index: Option<&str>,
        cond: &Expr,
        (separator, body): (&[Item], &[Item]),
    ) -> Result<(), Stop> {
        let mut i = 0u64;
        loop {
            if let Some(var) = index {
                self.env.set_int(var, i as i128);
            }
            self.loops.push((i, None));
            let go = self.test(cond, site);
            self.loops.pop();
            if !go? {
                break;
            }
            if i >= self.budget.loop_cap {
                return Err(Stop::Budget);
            }
            if i > 0 {
                self.items(separator)?;
            }
            self.loops.push((i, None));
            let done = self.items(body);
            self.loops.pop();
            done?;
            i += 1;
        }
        if let Some(var) = index {
            self.env.set_int(var, i as i128);
        }
        Ok(())
    }

    fn item(&mut self, item: &Item) -> Result<(), Stop> {
        let site = &item.site;
        match &item.kind {
            ItemKind::Int { target, lo, hi, .. } => {
                let (lo, hi) = (self.int(lo, site)?, self.int(hi, site)?);
                if lo > hi {
                    return Err(Stop::Empty(site.clone()));
                }
                let (slot, role) = self.slot(item);
                let ctx = self.ctx(slot, role);
                let v = self
                    .chooser
                    .int(&ctx, lo, hi)
                    .ok_or(Stop::Declined)?
                    .clamp(lo, hi);
                self.value_token(&v.to_string())?;
                self.promise = Some(Promise::NotDigit);
                self.store(target, Value::Int(v), site)
            }
            ItemKind::Float {
                target,
                lo,
                hi,
                format,
                ..
            } => {
                let lo = self
                    .env
                    .float(lo)
                    .map_err(|e| Stop::Eval(site.clone(), e))?;
                let hi = self
                    .env
                    .float(hi)
                    .map_err(|e| Stop::Eval(site.clone(), e))?;
                if lo > hi || !lo.is_finite() || !hi.is_finite() {
                    return Err(Stop::Empty(site.clone()));
                }
                let (slot, role) = self.slot(item);
                let ctx = self.ctx(slot, role);
                let text = self
                    .chooser
                    .float(&ctx, lo, hi, format)
                    .ok_or(Stop::Declined)?;
                let v: f64 = text.parse().map_err(|_| Stop::Declined)?;
                self.value_token(&text)?;
                self.promise = Some(Promise::NotDigit);
                self.store(target, Value::Float(v), site)
            }
            ItemKind::Text { target, shape } => self.text_item(item, target, shape),
            ItemKind::Literal(s) => {
                self.write(s.as_bytes())?;
                self.promise = None;
                Ok(())
            }
            ItemKind::Space => {
                self.write(b" ")?;
                self.promise = None;
                Ok(())
            }
            ItemKind::Newline => {
                self.write(b"\n")?;
                self.promise = None;
                Ok(())
            }
            ItemKind::Eof => match self.promise {
                Some(Promise::In(_) | Promise::More) => Err(Stop::Broken),
                _ => {
                    self.promise = Some(Promise::End);
                    Ok(())
                }
            },
            ItemKind::Repeat {
                index,
                count,
                separator,
                body,
            } => self.repeat(site, index.as_deref(), count, (separator, body)),
            ItemKind::While {
                index,
                cond,
                separator,
                body,
            } => self.while_loop(site, index.as_deref(), cond, (separator, body)),
            ItemKind::If {
                cond,
                then,
                otherwise,
            } => {
                if self.test(cond, site)? {
                    self.items(then)
                } else {
                    self.items(otherwise)
                }
            }
            ItemKind::Set(assignments) => {
                for (target, e) in assignments {
                    let v = self.eval(e, site)?;
                    self.store(&Some(target.clone()), v, site)?;
                }
                Ok(())
            }
            ItemKind::Unset(vars) => {
                for v in vars {
                    self.env.unset(v);
                }
                Ok(())
            }
            ItemKind::Assert(e) => {
                if self
                    .env
                    .truth(e, &mut crate::expr::NoPeek)
                    .map_err(|err| Stop::Eval(site.clone(), err))?
                {
                    Ok(())
                } else {
                    Err(Stop::Assert(site.clone()))
                }
            }
            ItemKind::Opaque { rule, why } => {
                Err(Stop::Opaque(site.clone(), format!("{rule}: {why}")))
            }
        }
    }
}

/// An item's identity while the grammar is borrowed: its address, as a
/// number, so the plan (and a stream holding it) may move to another thread.
fn address(item: &Item) -> usize {
    item as *const Item as usize
}
