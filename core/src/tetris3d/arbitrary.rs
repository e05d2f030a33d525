//! Structure-aware fuzzing: every byte string becomes a small valid input, so the
//! fuzzer spends its time on engine disagreements rather than on parse errors.

use super::{Block, Input};
use arbitrary::{Arbitrary, Result, Unstructured};

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let d: u32 = u.int_in_range(1..=24)?;
        let s: u32 = u.int_in_range(1..=24)?;
        let n: usize = u.int_in_range(1..=40)?;
        let mut blocks = Vec::with_capacity(n);
        for _ in 0..n {
            let x = u.int_in_range(0..=d - 1)?;
            let y = u.int_in_range(0..=s - 1)?;
            blocks.push(Block {
                d: u.int_in_range(1..=d - x)?,
                s: u.int_in_range(1..=s - y)?,
                w: u.int_in_range(1..=100_000)?,
                x,
                y,
            });
        }
        Ok(Input { d, s, blocks })
    }
}
