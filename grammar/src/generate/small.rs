//! Small scope: every input of the grammar with exactly `size` values, each
//! value from a small domain (integers nearest zero within `[-d, d]`, a few
//! floats, the shortest texts), for size = 0, 1, 2, ... up to a limit. Most
//! wrong programs fail on a tiny input (Jackson's small-scope hypothesis);
//! enumerating them all, smallest first, finds the tiniest one.
//!
//! Algorithm: an odometer over the run's choices. A run asks its choices in
//! order; each is answered from a prefix of indices (0 past the prefix), and
//! the domain size of every choice is recorded. The next prefix increments
//! the last choice that has a next value and drops the ones after it, so each
//! choice sequence is visited once, depth first, and a run cut short (too
//! many values, an assertion broken) skips its whole subtree.
//! Time: O(runs × size) per size; the number of runs is the number of inputs
//! of that size (times the dead ends pruned).

use super::run::{Chooser, Ctx, Role, TextSpec};
use super::values::{float_text, small_ints, Fixed};
use crate::model::FloatFormat;

/// The choice-sequence odometer of one size.
pub(crate) struct Odometer {
    prefix: Vec<usize>,
    taken: Vec<(usize, usize)>,
    pub domain: i128,
    pub open_length: u32,
    /// Values left to the size limit, lowered as the run writes.
    pub room: usize,
    done: bool,
}

impl Odometer {
    pub fn new(domain: i128, open_length: u32) -> Self {
        Odometer {
            prefix: Vec::new(),
            taken: Vec::new(),
            domain,
            open_length,
            room: 0,
            done: false,
        }
    }

    /// Starts a run; false once every sequence was visited.
    pub fn start(&mut self, room: usize) -> bool {
        self.taken.clear();
        self.room = room;
        !self.done
    }

    /// Moves to the next choice sequence after a run.
    pub fn advance(&mut self) {
        while let Some((i, n)) = self.taken.pop() {
            if i + 1 < n {
                self.prefix = self.taken.iter().map(|t| t.0).collect();
                self.prefix.push(i + 1);
                return;
            }
        }
        self.done = true;
    }

    fn pick(&mut self, n: usize) -> Option<usize> {
        if n == 0 {
            return None;
        }
        let at = self.taken.len();
        let i = self.prefix.get(at).copied().unwrap_or(0).min(n - 1);
        self.taken.push((i, n));
        Some(i)
    }
}

impl Chooser for Odometer {
    fn int(&mut self, ctx: &Ctx, lo: i128, hi: i128) -> Option<i128> {
        let values: Vec<i128> = if ctx.role == Role::Count {
            // A count up to the values left: more would not fit.
            let top = hi.min(lo.max(0).saturating_add(self.room as i128));
            (lo..=top).take(self.room + 1).collect()
        } else {
            small_ints(lo, hi, self.domain)
        };
        let i = self.pick(values.len())?;
        Some(values[i])
    }

    fn float(&mut self, _ctx: &Ctx, lo: f64, hi: f64, format: &FloatFormat) -> Option<String> {
        let mut texts: Vec<String> = Vec::new();
        for v in [0.0, 1.0, -1.0, 0.5, lo, hi] {
            if let Some(t) = float_text(v, lo, hi, format.min_decimals.max(1), format) {
                if !texts.contains(&t) {
                    texts.push(t);
                }
            }
        }
        let i = self.pick(texts.len())?;
        Some(texts.swap_remove(i))
    }

    fn text(&mut self, _ctx: &Ctx, spec: &TextSpec<'_>) -> Option<String> {
        let mut texts: Vec<String> = Vec::new();
        match spec {
            TextSpec::Pattern(p) => {
                for (longest, chars, alt) in
                    [(false, 0, 0), (false, 1, 0), (false, 0, 1), (true, 0, 0)]
                {
                    if let Some(t) = p.re.make(
                        &mut Fixed::new(longest, chars, alt),
                        self.open_length.min(2),
                    ) {
                        if p.matches(&t) && !texts.contains(&t) {
                            texts.push(t);
                        }
                    }
                }
            }
            TextSpec::Chars { chars, min, max } => {
                let set: Vec<char> = if chars.is_empty() {
                    vec!['a', 'b']
                } else {
                    chars.to_vec()
                };
                let first = set[0];
                let last = set[set.len() - 1];
                for len in *min..=(*max).min(min + 1) {
                    for c in [first, last] {
                        let t: String = std::iter::repeat_n(c, len as usize).collect();
                        if !texts.contains(&t) {
                            texts.push(t);
                        }
                    }
                }
            }
        }
        let i = self.pick(texts.len())?;
        Some(texts.swap_remove(i))
    }

    fn peek(&mut self, _ctx: &Ctx) -> Option<bool> {
        let i = self.pick(2)?;
        Some(i == 1)
    }
}
