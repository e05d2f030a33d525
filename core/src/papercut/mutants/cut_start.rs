//! Mutant: the right line and the right number t of units to take, but the cut is
//! `[0, t]` from the line's start, so when cut parts lie in it (the line starts
//! inside a cut part) it takes fewer than t uncut units and the XOR stays non-zero.

use super::{play, Belief, Walk};
use crate::papercut::{Answer, Input};

/// Answers right, except for where the cut ends.
pub fn solve(input: &Input) -> Answer {
    play(
        input,
        &Belief::merged(input).with_parity_xor(input),
        Walk::Straight,
    )
}
