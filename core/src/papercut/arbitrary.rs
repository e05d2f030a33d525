//! Structure-aware fuzzing: every byte string becomes a valid input, a tiny sheet
//! (at most 3 × 3, where the naive search takes microseconds) seven times in eight, otherwise one
//! up to 10^9 for the checker, with cuts that overlap often and are reversed half
//! the time.

use super::{Cut, Input, Line};
use arbitrary::{Arbitrary, Result, Unstructured};

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let max_side = if u.ratio(7, 8)? { 3 } else { 1_000_000_000 };
        let n: u32 = u.int_in_range(1..=max_side)?;
        let m: u32 = u.int_in_range(1..=max_side)?;
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
