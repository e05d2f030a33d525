//! Mutant: overlapping cuts summed without merging. A line's heap is taken as its
//! length minus the sum of its cuts' lengths, so a unit cut twice is subtracted
//! twice (the heap may even go negative). Right when no two cuts of a line overlap.

use super::{play, Belief, Walk};
use crate::papercut::{Answer, Input};

/// Answers with unmerged heaps.
pub fn solve(input: &Input) -> Answer {
    let mut belief = Belief::merged(input);
    for heap in belief.heaps.values_mut() {
        *heap = 0;
    }
    for cut in &input.cuts {
        let (line, lo, hi) = cut.span();
        *belief.heaps.get_mut(&line).expect("a touched line") += i64::from(hi - lo);
    }
    for (line, heap) in belief.heaps.iter_mut() {
        *heap = i64::from(input.length(*line)) - *heap;
    }
    play(input, &belief.with_parity_xor(input), Walk::SkipCut)
}
