//! PLACEHOLDER until the 2-D segment tree lands: delegates to the pair scan.
use super::Input;

/// The highest point after all blocks land.
pub fn solve(input: &Input) -> u64 {
    super::naive::solve(input)
}
