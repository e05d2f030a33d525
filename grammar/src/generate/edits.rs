//! Coordinated edits: an input made, then made again with one value changed
//! and everything else kept where the grammar still allows it. Values are
//! remembered by (item, iteration numbers), so when a count changes, the
//! repetition it counts grows (new values drawn) or shrinks (the last ones
//! dropped); when a bound is lowered, every value that depends on it is
//! clamped into its new range. The grammar, run again, does the coordinating.

use std::collections::HashMap;

use super::policy::Policy;
use super::run::{Chooser, Ctx, Role, TextSpec};
use super::values::float_text;
use crate::model::FloatFormat;

/// An answer remembered.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Answer {
    Int(i128),
    Text(String),
    Peek(bool),
}

/// Where a value was chosen: its item and iteration numbers.
pub(crate) type Key = (usize, Vec<u64>);

/// A chooser that remembers (the base run) or replays (an edit), drawing
/// from `fresh` what it has not seen.
pub(crate) struct Replay {
    pub fresh: Policy,
    pub log: HashMap<Key, Answer>,
    /// Ints chosen, in order, with their role and bounds: the edits to try.
    pub order: Vec<(Key, Role, i128, i128, i128)>,
    pub replaying: bool,
    pub edit: Option<(Key, i128)>,
}

impl Replay {
    pub fn new(fresh: Policy) -> Self {
        Replay {
            fresh,
            log: HashMap::new(),
            order: Vec::new(),
            replaying: false,
            edit: None,
        }
    }

    fn key(ctx: &Ctx) -> Key {
        (ctx.slot, ctx.key.clone())
    }
}

impl Chooser for Replay {
    fn int(&mut self, ctx: &Ctx, lo: i128, hi: i128) -> Option<i128> {
        let key = Replay::key(ctx);
        if let Some((k, v)) = &self.edit {
            if *k == key {
                return Some((*v).clamp(lo, hi));
            }
        }
        if self.replaying {
            if let Some(Answer::Int(v)) = self.log.get(&key) {
                return Some((*v).clamp(lo, hi));
            }
            return self.fresh.int(ctx, lo, hi);
        }
        let v = self.fresh.int(ctx, lo, hi)?;
        self.log.insert(key.clone(), Answer::Int(v));
        self.order.push((key, ctx.role, lo, hi, v));
        Some(v)
    }

    fn float(&mut self, ctx: &Ctx, lo: f64, hi: f64, format: &FloatFormat) -> Option<String> {
        let key = Replay::key(ctx);
        if self.replaying {
            if let Some(Answer::Text(t)) = self.log.get(&key) {
                let v: f64 = t.parse().ok()?;
                let decimals = t.split('.').nth(1).map_or(0, |d| d.len() as u32);
                return float_text(v, lo, hi, decimals, format);
            }
            return self.fresh.float(ctx, lo, hi, format);
        }
        let t = self.fresh.float(ctx, lo, hi, format)?;
        self.log.insert(key, Answer::Text(t.clone()));
        Some(t)
    }

    fn text(&mut self, ctx: &Ctx, spec: &TextSpec<'_>) -> Option<String> {
        let key = Replay::key(ctx);
        if self.replaying {
            if let Some(Answer::Text(t)) = self.log.get(&key) {
                let fits = match spec {
                    TextSpec::Pattern(p) => p.matches(t),
                    TextSpec::Chars { min, max, .. } => {
                        (*min..=*max).contains(&(t.chars().count() as u64))
                    }
                };
                if fits {
                    return Some(t.clone());
                }
            }
            return self.fresh.text(ctx, spec);
        }
        let t = self.fresh.text(ctx, spec)?;
        self.log.insert(key, Answer::Text(t.clone()));
        Some(t)
    }

    fn peek(&mut self, ctx: &Ctx) -> Option<bool> {
        let key = (usize::MAX, ctx.key.clone());
        if self.replaying {
            if let Some(Answer::Peek(b)) = self.log.get(&key) {
                return Some(*b);
            }
            return self.fresh.peek(ctx);
        }
        let b = self.fresh.peek(ctx)?;
        self.log.insert(key, Answer::Peek(b));
        Some(b)
    }
}

/// The new values to try for an int chosen as `v` in `lo..=hi`: a count
/// one less, one more, at its minimum, doubled; a bound at its minimum, one
/// less, halved. Plain values are left to the boundary stage.
pub(crate) fn edits_of(role: Role, lo: i128, hi: i128, v: i128) -> Vec<i128> {
    let wanted: Vec<Option<i128>> = match role {
        Role::Count => vec![
            v.checked_sub(1),
            v.checked_add(1),
            Some(lo),
            v.checked_mul(2),
        ],
        Role::Bound => vec![
            Some(lo),
            v.checked_sub(1),
            v.checked_sub(lo).map(|d| lo + d / 2),
        ],
        Role::Plain => Vec::new(),
    };
    let mut out = Vec::new();
    for w in wanted.into_iter().flatten() {
        if lo <= w && w <= hi && w != v && !out.contains(&w) {
            out.push(w);
        }
    }
    out
}
