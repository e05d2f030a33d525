//! Mutant: the untouched lines' length XOR-ed once per orientation whenever some
//! line of it is untouched, whatever the parity of their count. Right when both
//! counts are odd or zero.

use super::{play, Belief, Walk};
use crate::papercut::{Answer, Input};

/// Answers with untouched lines counted once regardless of parity.
pub fn solve(input: &Input) -> Answer {
    let mut belief = Belief::merged(input);
    belief.x = belief.heaps.values().fold(0, |acc, &h| acc ^ h);
    if belief.untouched_vertical > 0 {
        belief.x ^= i64::from(input.m);
    }
    if belief.untouched_horizontal > 0 {
        belief.x ^= i64::from(input.n);
    }
    play(input, &belief, Walk::SkipCut)
}
