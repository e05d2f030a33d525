//! The chooser of the boundary, maximal and random stages: one rule for the
//! sizes (the values that count a repetition) and one for the other values,
//! plus, for the boundary stage, one value slot pinned to its j-th boundary
//! value. Every random draw goes through `jurybox_generators::Rng`.

use std::collections::HashMap;

use jurybox_generators::Rng;

use super::pick::Pick;
use super::run::{Chooser, Ctx, Role, TextSpec};
use super::scaled::Scale;
use super::values::{boundary_floats, boundary_ints, float_text, Fixed};
use crate::model::FloatFormat;
use crate::pattern::{usable_chars, TextChoices};

/// The longest text a value is drawn as: past any input's byte budget.
const LONGEST_TEXT: u64 = 1 << 28;

/// How the counts are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sizes {
    /// Every count at its maximum, at most `cap`.
    Max { cap: u64 },
    /// The counts read deepest in the repetitions at their maximum (at most
    /// `cap`), the others at their minimum: one test case of maximal size.
    Deepest { cap: u64, deepest: usize },
    /// The counts read outside every repetition at their maximum (at most
    /// `cap`), the others at their minimum: the most test cases, each small.
    Outermost { cap: u64 },
    /// Random, skewed towards `scale`, at most `scale`.
    Random { scale: u64 },
}

/// How the other values are chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Values {
    /// Every value at its maximum.
    Max,
    /// Every value at its minimum.
    Min,
    /// One random value per item, repeated.
    Equal,
    /// Spread from the minimum to the maximum along each repetition.
    Ascending,
    /// Spread from the maximum to the minimum.
    Descending,
    /// Minimum, maximum, minimum, ...
    Alternating,
    /// Every value at its minimum but one, at its maximum.
    Outlier,
    /// Uniform in the bounds.
    Random,
    /// Uniform within `scale` of the bounds' smallest magnitude (values
    /// collide, as equal values do in the bugs they find).
    Near { scale: u64 },
    /// Rows that differ only in their last value, which ascends by one along
    /// the rows: in a repetition nested in another (a matrix, points of a
    /// dimension read first), the last value of each row is its minimum plus
    /// the row's number and every other value its minimum; in a single
    /// repetition each value is its minimum plus its index; texts are the
    /// shortest of the first character. Distinct rows that are as alike as
    /// they can be: points all on one line, keys sharing all but their last
    /// field, what a program that compares or normalises rows pays most for
    /// and a set of equal rows (every other shape of a matrix) never reaches.
    Rows,
    /// Texts in runs of each character, as [`Values::Descending`] spreads
    /// them, at their longest; a number that bounds another value (a text's
    /// length) at its maximum, every other number just above its minimum.
    /// A walk that goes far one way and back, with its start or goal near
    /// an edge: golvyta's quadratic submission tries every grid size from
    /// its goal's row up to the walk's reach, so a goal at the maximum (the
    /// descending shape's: where a range seen in the tests is only a hint,
    /// even past the validator's bound) or at zero ends it at once, and one
    /// at 1 takes it 75 000 sizes of 150 000 moves.
    Runs,
}

impl Values {
    /// Its name in a candidate's origin.
    pub fn name(self) -> &'static str {
        match self {
            Values::Max => "every value at its maximum",
            Values::Min => "every value at its minimum",
            Values::Equal => "all values equal",
            Values::Ascending => "values sorted ascending",
            Values::Descending => "values sorted descending",
            Values::Alternating => "values alternating minimum and maximum",
            Values::Outlier => "one outlier among minimal values",
            Values::Random => "random values",
            Values::Near { .. } => "random small values",
            Values::Rows => "rows equal but for their last value, ascending by one along the rows",
            Values::Runs => "texts in runs of each character, the numbers just above their minimum",
        }
    }
}

/// The boundary stage's pin: slot `slot` takes its `index`-th boundary value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pin {
    pub slot: usize,
    pub index: usize,
}

pub(crate) struct Policy {
    pub sizes: Sizes,
    pub values: Values,
    pub rng: Rng,
    pub pin: Option<Pin>,
    /// Whether the pinned slot was reached, and with what value.
    pub pinned: Option<String>,
    /// Whether the pin's index was past the end of the slot's boundary list.
    pub beyond: bool,
    /// Whether a random count was held down by its scale (else a larger
    /// scale makes nothing new).
    pub scaled: bool,
    pub open_length: u32,
    /// Values that bound others, and counts, at their maximum (at most
    /// `bound_cap`), whatever the rule: the boundary stage's base for a
    /// value whose bounds name them, so its boundary list is the widest.
    pub bounds_at_max: Option<u64>,
    /// A maximal shape scaled back (`scaled.rs`): applied to each count and
    /// value the rules choose.
    pub scale: Option<Scale>,
    /// The dictionary stage's words and numbers, its entry first.
    pub pick: Option<Pick>,
    equal: HashMap<usize, i128>,
    equal_text: HashMap<usize, String>,
    outlier: HashMap<(usize, Vec<u64>), u64>,
}

/// The index into a set of `kinds` characters of position `k` of a text of
/// `len`, so that each character holds one run of about `len / kinds`.
fn spread(k: u64, len: u64, kinds: usize) -> usize {
    ((u128::from(k) * kinds as u128) / u128::from(len.max(1))).min(kinds as u128 - 1) as usize
}

/// A uniform integer in `lo..=hi` from `rng`.
pub(crate) fn uniform(rng: &mut Rng, lo: i128, hi: i128) -> i128 {
    let span = hi.wrapping_sub(lo) as u128;
    if span < u64::MAX as u128 {
        lo + rng.range(0, span as u64) as i128
    } else {
        let w = ((rng.word() as u128) << 64) | rng.word() as u128;
        lo.wrapping_add((w % span.saturating_add(1).max(1)) as i128)
    }
}

struct RandomText<'a>(&'a mut Rng);

impl TextChoices for RandomText<'_> {
    fn alternative(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
    fn repeats(&mut self, min: u32, max: u32) -> u32 {
        self.0.range(u64::from(min), u64::from(max)) as u32
    }
    fn character(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

impl Policy {
    pub fn new(sizes: Sizes, values: Values, seed: u64, open_length: u32) -> Self {
        Policy {
            sizes,
            values,
            rng: Rng::new(seed),
            pin: None,
            pinned: None,
            beyond: false,
            scaled: false,
            open_length,
            bounds_at_max: None,
            scale: None,
            pick: None,
            equal: HashMap::new(),
            equal_text: HashMap::new(),
            outlier: HashMap::new(),
        }
    }

    /// A count in `lo..=hi`, scaled back when asked.
    fn count(&mut self, ctx: &Ctx, lo: i128, hi: i128) -> i128 {
        let v = self.count_by_rule(ctx, lo, hi);
        self.scale.map_or(v, |s| s.count(lo, v))
    }

    /// A count in `lo..=hi` by the size rule.
    fn count_by_rule(&mut self, ctx: &Ctx, lo: i128, hi: i128) -> i128 {
        let capped = |cap: u64| hi.min(lo.max(0).saturating_add(cap as i128)).max(lo);
        match self.sizes {
            Sizes::Max { cap } => capped(cap),
            Sizes::Deepest { cap, deepest } => {
                if ctx.depth >= deepest {
                    capped(cap)
                } else {
                    lo
                }
            }
            Sizes::Outermost { cap } => {
                if ctx.depth == 0 {
                    capped(cap)
                } else {
                    lo
                }
            }
            Sizes::Random { scale } => {
                let top = capped(scale);
                self.scaled |= top < hi;
                let a = uniform(&mut self.rng, lo, top);
                let b = uniform(&mut self.rng, lo, top);
                a.max(b)
            }
        }
    }

    /// A value in `lo..=hi` by the value rule (within the scaled-back
    /// bounds when asked).
    fn value(&mut self, ctx: &Ctx, lo: i128, hi: i128) -> i128 {
        let (lo, hi) = self.scale.map_or((lo, hi), |s| s.bounds(ctx, lo, hi));
        let i = ctx.index();
        let n = ctx.count.unwrap_or(0);
        match self.values {
            Values::Max => hi,
            Values::Min => lo,
            Values::Equal => {
                let v = match self.equal.get(&ctx.slot) {
                    Some(&v) => v,
                    None => {
                        let v = uniform(&mut self.rng, lo, hi);
                        self.equal.insert(ctx.slot, v);
                        v
                    }
                };
                v.clamp(lo, hi)
            }
            Values::Runs if ctx.role == Role::Plain => lo.saturating_add(1).min(hi),
            Values::Runs => hi,
            Values::Ascending | Values::Descending => {
                let span = hi.wrapping_sub(lo);
                let v = if n > 1 && span >= 0 {
                    let step = span / (n as i128 - 1);
                    lo.saturating_add(step.saturating_mul(i as i128))
                } else {
                    lo.saturating_add(i as i128)
                };
                let v = v.clamp(lo, hi);
                if self.values == Values::Ascending {
                    v
                } else {
                    hi.saturating_sub(v.saturating_sub(lo))
                }
            }
            Values::Alternating => {
                if i.is_multiple_of(2) {
                    lo
                } else {
                    hi
                }
            }
            Values::Outlier => {
                let key = (
                    ctx.slot,
                    ctx.key[..ctx.key.len().saturating_sub(1)].to_vec(),
                );
                let at = match self.outlier.get(&key) {
                    Some(&at) => at,
                    None => {
                        let at = if n > 0 { self.rng.below(n) } else { 0 };
                        self.outlier.insert(key, at);
                        at
                    }
                };
                if i == at {
                    hi
                } else {
                    lo
                }
            }
            Values::Random => uniform(&mut self.rng, lo, hi),
            Values::Rows => {
                let along = match ctx.key.as_slice() {
                    [] => None,
                    [i] => Some(*i),
                    [.., row, column] => (ctx.count == Some(column + 1)).then_some(*row),
                };
                let span = hi.wrapping_sub(lo);
                match along {
                    // Wrapped into the range, as a narrow range must repeat.
                    Some(step) if span >= 0 => {
                        lo.saturating_add(step as i128 % span.saturating_add(1))
                    }
                    _ => lo,
                }
            }
            Values::Near { scale } => {
                let s = scale as i128;
                let (a, b) = if lo <= s && hi >= -s {
                    (lo.max(-s), hi.min(s))
                } else if lo > 0 {
                    (lo, hi.min(lo.saturating_add(s)))
                } else {
                    (lo.max(hi.saturating_sub(s)), hi)
                };
                uniform(&mut self.rng, a, b)
            }
        }
    }

    /// Whether `ctx` is the pinned slot's first occurrence.
    fn pins(&self, ctx: &Ctx) -> bool {
        self.pinned.is_none() && self.pin.is_some_and(|p| p.slot == ctx.slot)
    }

    /// The pinned slot's boundary index, at its first occurrence only (the
    /// others follow the rules, so distinct values stay distinct).
    fn pinned_index(&mut self, ctx: &Ctx, len: usize) -> Option<usize> {
        let pin = self.pin?;
        if pin.slot != ctx.slot || self.pinned.is_some() {
            return None;
        }
        if pin.index >= len {
            self.beyond = true;
            return None;
        }
        Some(pin.index)
    }

    fn length(&mut self, ctx: &Ctx, min: u64, max: u64) -> u64 {
        let (min, max) = (min as i128, max as i128);
        let (min, max) = self
            .scale
            .map_or((min, max), |s| s.length_bounds(ctx, min, max));
        let cap = match self.sizes {
            Sizes::Max { cap } | Sizes::Deepest { cap, .. } | Sizes::Outermost { cap } => cap,
            Sizes::Random { scale } => scale.max(1),
        };
        let top = max.min(min.saturating_add(cap as i128));
        let v = match self.values {
            Values::Max | Values::Equal | Values::Alternating | Values::Runs => top,
            Values::Min | Values::Outlier | Values::Rows => min,
            _ => {
                let probe = Ctx {
                    role: Role::Plain,
                    ..ctx.clone()
                };
                let saved = self.values;
                if matches!(saved, Values::Ascending | Values::Descending) {
                    self.values = Values::Random;
                }
                // The bounds are scaled already.
                let scale = self.scale.take();
                let v = self.value(&probe, min, top);
                (self.values, self.scale) = (saved, scale);
                v
            }
        };
        v.clamp(min, max) as u64
    }
}

impl Chooser for Policy {
    fn int(&mut self, ctx: &Ctx, lo: i128, hi: i128) -> Option<i128> {
        if self.pins(ctx) {
            let list = boundary_ints(lo, hi);
            if let Some(j) = self.pinned_index(ctx, list.len()) {
                self.pinned.get_or_insert_with(|| list[j].to_string());
                return Some(list[j]);
            }
        }
        if let (Some(cap), Role::Count | Role::Bound) = (self.bounds_at_max, ctx.role) {
            return Some(hi.min(lo.max(0).saturating_add(cap as i128)).max(lo));
        }
        if let (Some(pick), false) = (&self.pick, ctx.role == Role::Count) {
            if let Some(v) = pick.int(&mut self.rng, lo, hi) {
                return Some(v);
            }
        }
        Some(match ctx.role {
            Role::Count => self.count(ctx, lo, hi),
            _ => self.value(ctx, lo, hi),
        })
    }

    fn float(&mut self, ctx: &Ctx, lo: f64, hi: f64, format: &FloatFormat) -> Option<String> {
        let decimals = format.max_decimals.min(6);
        if self.pins(ctx) {
            let list = boundary_floats(lo, hi, format);
            if let Some(j) = self.pinned_index(ctx, list.len()) {
                let text = float_text(list[j], lo, hi, format.max_decimals.min(9), format)?;
                self.pinned.get_or_insert_with(|| text.clone());
                return Some(text);
            }
        }
        // Floats follow the integer rule on a grid of 10^-decimals.
        let scale = 10f64.powi(decimals as i32);
        let (a, b) = ((lo * scale).ceil(), (hi * scale).floor());
        if a > b || !a.is_finite() || !b.is_finite() || a.abs() > 1e30 || b.abs() > 1e30 {
            return float_text(lo, lo, hi, decimals, format);
        }
        let v = self.value(ctx, a as i128, b as i128) as f64 / scale;
        float_text(v, lo, hi, decimals, format)
    }

    fn text(&mut self, ctx: &Ctx, spec: &TextSpec<'_>) -> Option<String> {
        if let Some(word) = self.pick.as_ref().and_then(|p| p.text(&mut self.rng, spec)) {
            return Some(word);
        }
        match spec {
            TextSpec::Pattern(p) => {
                let pinned = self.pins(ctx);
                if pinned {
                    // Boundary texts: shortest and longest, first and last characters.
                    let shapes = [(false, 0), (true, 1), (false, 1), (true, 0)];
                    if let Some(j) = self.pinned_index(ctx, shapes.len()) {
                        let (longest, chars) = shapes[j];
                        let t =
                            p.re.make(&mut Fixed::new(longest, chars, 0), self.open_length)?;
                        self.pinned.get_or_insert_with(|| t.clone());
                        return Some(t);
                    }
                }
                let rule = match self.values {
                    Values::Max => Some(Fixed::new(true, 1, 0)),
                    Values::Min | Values::Outlier | Values::Rows => Some(Fixed::new(false, 0, 0)),
                    Values::Alternating => Some(Fixed::new(true, 2, 0)),
                    _ => None,
                };
                if let Some(mut rule) = rule {
                    if let Some(t) =
                        p.re.make(&mut rule, self.open_length)
                            .filter(|t| p.matches(t))
                    {
                        return Some(t);
                    }
                }
                if self.values == Values::Equal {
                    if let Some(t) = self.equal_text.get(&ctx.slot) {
                        return Some(t.clone());
                    }
                }
                // Greedy readers refuse some strings their pattern describes:
                // draw until one is read back whole.
                for _ in 0..20 {
                    let t =
                        p.re.make(&mut RandomText(&mut self.rng), self.open_length)?;
                    if p.matches(&t) {
                        if self.values == Values::Equal {
                            self.equal_text.insert(ctx.slot, t.clone());
                        }
                        return Some(t);
                    }
                }
                None
            }
            TextSpec::Chars { chars, min, max } => {
                let set: Vec<char> = if chars.is_empty() {
                    usable_chars(&[('!', '~')])
                } else {
                    chars.to_vec()
                };
                if set.is_empty() {
                    return None;
                }
                let len = if self.pins(ctx) {
                    let mut lengths = vec![*min];
                    for l in [min + 1, max.saturating_sub(1), *max] {
                        if (*min..=*max).contains(&l) && !lengths.contains(&l) {
                            lengths.push(l);
                        }
                    }
                    match self.pinned_index(ctx, lengths.len()) {
                        Some(j) => {
                            self.pinned
                                .get_or_insert_with(|| format!("length {}", lengths[j]));
                            lengths[j]
                        }
                        None => self.length(ctx, *min, *max),
                    }
                } else {
                    self.length(ctx, *min, *max)
                };
                // No input budget holds a longer text (a length bound pushed
                // to 2^63 by `jurybox audit` asked for one and overflowed).
                if len > LONGEST_TEXT {
                    return None;
                }
                let mut out = String::with_capacity(len as usize);
                for k in 0..len {
                    let c = match self.values {
                        Values::Max => set[set.len() - 1],
                        Values::Min | Values::Outlier | Values::Rows => set[0],
                        Values::Alternating => set[if k % 2 == 0 { 0 } else { set.len() - 1 }],
                        // Spread along the text as numbers are along a
                        // repetition: runs of each character in order (a
                        // walk that goes one way, then back: what a random
                        // text, whose runs are short, never is).
                        Values::Ascending => set[spread(k, len, set.len())],
                        Values::Descending | Values::Runs => {
                            set[set.len() - 1 - spread(k, len, set.len())]
                        }
                        _ => set[self.rng.below(set.len() as u64) as usize],
                    };
                    out.push(c);
                }
                Some(out)
            }
        }
    }

    fn peek(&mut self, _ctx: &Ctx) -> Option<bool> {
        Some(self.rng.chance(1, 2))
    }
}
