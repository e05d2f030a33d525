//! Maximal inputs scaled back, for a validator rule the grammar does not know.
//!
//! A recorded grammar sees each read's bounds, not a check the validator
//! makes afterwards: karwa2024's 24hvelo bounds the sum of its prices
//! (`sum > max_n` → reject), so every maximal shape is refused and a
//! submission slow only near that sum was never reached. A setter scales the
//! maximal test back until the validator accepts it; [`Scale`] is that one
//! knob, applied to one part of a maximal shape ([`Scaled`]), and the caller
//! bisects it with the validators as the oracle
//! ([`super::Candidates::maximal_scaled`]). At [`SCALE_ONE`] a scaled shape
//! is the maximal stage's own input, byte for byte.

use super::run::Ctx;
use super::{Candidates, GeneratedInput};

/// A scale factor's unit: a factor is `per / SCALE_ONE`, exact at 1.
pub const SCALE_ONE: u32 = 1 << 20;

/// What part of a maximal input a scale factor shrinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scaled {
    /// The numbers read inside a repetition (what a bound on their sum
    /// constrains); counts, text lengths and the values outside every
    /// repetition stay at their maximum (24hvelo bounds its prices' sum, and
    /// its slow submission needs the names beside them long).
    RepeatedNumbers,
    /// The numbers and text lengths read inside a repetition; counts and
    /// the values outside every repetition stay at their maximum.
    Repeated,
    /// Every count, value and text length.
    Everything,
    /// The counts only (a bound on the sum of the counts over test cases).
    Counts,
}

impl Scaled {
    /// Every part, the likeliest first (a sum over the values read in a
    /// loop is the commonest rule a validator checks after reading).
    pub const ALL: [Scaled; 4] = [
        Scaled::RepeatedNumbers,
        Scaled::Repeated,
        Scaled::Everything,
        Scaled::Counts,
    ];

    /// Its name in a candidate's origin.
    pub fn name(self) -> &'static str {
        match self {
            Scaled::RepeatedNumbers => "the numbers inside repetitions",
            Scaled::Repeated => "the numbers and text lengths inside repetitions",
            Scaled::Everything => "every count and value",
            Scaled::Counts => "the counts",
        }
    }
}

/// A factor in `[0, 1]` on one part of a maximal input. Each number it
/// scales moves toward the end of its range nearest zero (a count toward its
/// minimum), so a range `[-10^9, 10^9]` scaled by 1/2 is `[-5·10^8, 5·10^8]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scale {
    /// The part scaled.
    pub part: Scaled,
    /// The factor, in units of [`SCALE_ONE`].
    pub per: u32,
}

impl Scale {
    /// The factor as a number, for an origin.
    pub fn factor(self) -> f64 {
        f64::from(self.per) / f64::from(SCALE_ONE)
    }

    /// `span` × the factor, rounded down, exact for any `i128` span.
    fn of(self, span: i128) -> i128 {
        let (per, one) = (i128::from(self.per), i128::from(SCALE_ONE));
        match span.checked_mul(per) {
            Some(product) => product / one,
            // per ≤ one, so neither part overflows.
            None => span / one * per + span % one * per / one,
        }
    }

    /// A count `v` in a range starting at `lo`, scaled when counts are.
    pub(crate) fn count(self, lo: i128, v: i128) -> i128 {
        match self.part {
            Scaled::Everything | Scaled::Counts => lo.saturating_add(self.of(v.saturating_sub(lo))),
            Scaled::Repeated | Scaled::RepeatedNumbers => v,
        }
    }

    /// The bounds `lo..=hi` of a number at `ctx`, narrowed toward the bound
    /// nearest zero when its part is scaled.
    pub(crate) fn bounds(self, ctx: &Ctx, lo: i128, hi: i128) -> (i128, i128) {
        self.narrowed(self.part != Scaled::Counts && self.inside(ctx), lo, hi)
    }

    /// The bounds `min..=max` of a text's length at `ctx`, narrowed as
    /// [`Scale::bounds`] narrows a number's, unless only numbers are scaled.
    pub(crate) fn length_bounds(self, ctx: &Ctx, min: i128, max: i128) -> (i128, i128) {
        let scaled = matches!(self.part, Scaled::Repeated | Scaled::Everything) && self.inside(ctx);
        self.narrowed(scaled, min, max)
    }

    /// Whether a value at `ctx` is in the part's reach: anywhere for
    /// everything, inside a repetition for the repeated parts.
    fn inside(self, ctx: &Ctx) -> bool {
        self.part == Scaled::Everything || ctx.depth > 0
    }

    fn narrowed(self, scaled: bool, lo: i128, hi: i128) -> (i128, i128) {
        if !scaled || lo > hi {
            return (lo, hi);
        }
        let anchor = 0i128.clamp(lo, hi);
        (
            anchor.saturating_sub(self.of(anchor.saturating_sub(lo))),
            anchor.saturating_add(self.of(hi.saturating_sub(anchor))),
        )
    }
}

/// Halvings tried below 1 before giving up on a shape: 2^-20 of a count
/// or a bound is below one unit for every bound a judge uses.
const HALVINGS: u32 = 20;
/// Bisection steps between the largest accepted power of two and the next:
/// the factor found is within 1/64 of the largest accepted.
const REFINEMENTS: u32 = 6;

/// How the search for a shape's largest accepted scale ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Largest {
    /// The shape scaled back by the largest factor found that the oracle
    /// accepts (below 1: at 1 the maximal stage has it already).
    Found(GeneratedInput),
    /// The shape is accepted unscaled, or at no factor tried.
    Nothing,
    /// The oracle could not answer on this input (a jury fault, Ctrl-C):
    /// the caller asks again and meets what stopped it.
    Stopped(Vec<u8>),
}

impl Candidates<'_> {
    /// Maximal shape `shape` with `part` scaled back to the largest factor
    /// `accepts` takes: the factor halved until accepted, then bisected
    /// [`REFINEMENTS`] times up toward the last refused one (about 26
    /// questions at most, fewer as the factor nears 1). Assumes what a
    /// bounded sum gives: a smaller factor is accepted if a larger one is.
    pub fn largest_accepted(
        &self,
        shape: usize,
        part: Scaled,
        accepts: &mut dyn FnMut(&[u8]) -> Option<bool>,
    ) -> Largest {
        let mut ask = |per: u32| -> Result<Option<GeneratedInput>, Vec<u8>> {
            let Some(made) = self.maximal_scaled(shape, Scale { part, per }) else {
                return Ok(None);
            };
            match accepts(&made.bytes) {
                Some(true) => Ok(Some(made)),
                Some(false) => Ok(None),
                None => Err(made.bytes),
            }
        };
        let outcome = (|| {
            if ask(SCALE_ONE)?.is_some() {
                return Ok(None);
            }
            let (mut best, mut lo, mut hi) = (None, 0, SCALE_ONE);
            for k in 1..=HALVINGS {
                let per = SCALE_ONE >> k;
                if let Some(made) = ask(per)? {
                    (best, lo, hi) = (Some(made), per, per << 1);
                    break;
                }
            }
            if best.is_none() {
                return Ok(None);
            }
            for _ in 0..REFINEMENTS {
                let mid = lo + (hi - lo) / 2;
                if mid == lo {
                    break;
                }
                match ask(mid)? {
                    Some(made) => (best, lo) = (Some(made), mid),
                    None => hi = mid,
                }
            }
            Ok(best)
        })();
        match outcome {
            Ok(Some(found)) => Largest::Found(found),
            Ok(None) => Largest::Nothing,
            Err(stopped) => Largest::Stopped(stopped),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::run::Role;

    fn at_depth(depth: usize) -> Ctx {
        Ctx {
            slot: 0,
            role: Role::Plain,
            depth,
            key: vec![0; depth],
            count: None,
        }
    }

    #[test]
    fn one_changes_nothing_and_half_halves_toward_zero() {
        for part in Scaled::ALL {
            let one = Scale {
                part,
                per: SCALE_ONE,
            };
            assert_eq!(one.count(1, 200_000), 200_000);
            assert_eq!(one.bounds(&at_depth(1), -7, i128::MAX), (-7, i128::MAX));
        }
        let half = Scale {
            part: Scaled::Everything,
            per: SCALE_ONE / 2,
        };
        assert_eq!(half.count(1, 201), 101);
        assert_eq!(
            half.bounds(&at_depth(0), -1_000_000_000, 1_000_000_000),
            (-500_000_000, 500_000_000)
        );
        assert_eq!(half.bounds(&at_depth(0), 10, 30), (10, 20));
        assert_eq!(half.bounds(&at_depth(0), -30, -10), (-20, -10));
    }

    #[test]
    fn each_part_scales_only_its_own_numbers() {
        let tenth = |part| Scale {
            part,
            per: SCALE_ONE / 10,
        };
        let repeated = tenth(Scaled::Repeated);
        assert_eq!(repeated.count(0, 1000), 1000);
        assert_eq!(repeated.bounds(&at_depth(0), 0, 1000), (0, 1000));
        assert_eq!(repeated.bounds(&at_depth(2), 0, 1000), (0, 99));
        assert_eq!(repeated.length_bounds(&at_depth(1), 0, 1000), (0, 99));
        let numbers = tenth(Scaled::RepeatedNumbers);
        assert_eq!(numbers.bounds(&at_depth(1), 0, 1000), (0, 99));
        assert_eq!(numbers.length_bounds(&at_depth(1), 1, 10_000), (1, 10_000));
        assert_eq!(numbers.count(0, 1000), 1000);
        let counts = tenth(Scaled::Counts);
        assert_eq!(counts.count(0, 1000), 99);
        assert_eq!(counts.bounds(&at_depth(1), 0, 1000), (0, 1000));
    }
}
