//! Structure-aware fuzzing: every byte string becomes a valid input, seven times in
//! eight a tiny sheet whose interior lines hold at most [`TINY_UNITS`] unit segments
//! (the naive engine's search then has at most 2^8 states: sub-millisecond under the
//! sanitizers), otherwise a sheet whose sides are 1 or at least [`BIG_SIDE`], which
//! only the fast engine and the checker can take (the naive engine's 2^uncut search
//! is out of reach however the cuts fall). Nothing in between: a sheet of 1 × 20
//! with 14 uncut units costs naive 2^14 states, tens of milliseconds under ASan. Cuts
//! overlap often and are reversed half the time.

use super::{Cut, Input, Line};
use arbitrary::{Arbitrary, Result, Unstructured};

/// Most unit segments on the interior lines of a tiny sheet, `(n-1)m + (m-1)n`.
const TINY_UNITS: u32 = 8;

/// Smallest side of a big sheet other than 1: with at most 8 cuts, far more than
/// the naive engine's 24 uncut units stay uncut.
const BIG_SIDE: u32 = 1_000_000;

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let (n, m) = if u.ratio(7, 8)? {
            // The largest m with (n-1)m + (m-1)n <= TINY_UNITS is
            // (TINY_UNITS + n) / (2n - 1): 1 × 9, 2 × 3, 3 × 2, 9 × 1 at most.
            let short = u.int_in_range(1..=2)?;
            let long = u.int_in_range(short..=(TINY_UNITS + short) / (2 * short - 1))?;
            if u.arbitrary()? {
                (short, long)
            } else {
                (long, short)
            }
        } else {
            let mut side = || -> Result<u32> {
                if u.ratio(1, 4)? {
                    Ok(1)
                } else {
                    u.int_in_range(BIG_SIDE..=1_000_000_000)
                }
            };
            (side()?, side()?)
        };
        let mut cuts = Vec::new();
        if n > 1 || m > 1 {
            for _ in 0..u.int_in_range(0..=8)? {
                let vertical = if n > 1 && m > 1 {
                    u.arbitrary::<bool>()?
                } else {
                    n > 1
                };
                let (line, length) = if vertical {
                    (Line::Vertical(u.int_in_range(1..=n - 1)?), m)
                } else {
                    (Line::Horizontal(u.int_in_range(1..=m - 1)?), n)
                };
                let lo = u.int_in_range(0..=length - 1)?;
                let hi = u.int_in_range(lo + 1..=length)?;
                let cut = Cut::along(line, lo, hi);
                cuts.push(if u.arbitrary()? { cut.reversed() } else { cut });
            }
        }
        Ok(Input { n, m, cuts })
    }
}
