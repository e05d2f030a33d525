//! Reference: for each block, scan every earlier block whose footprint shares a cell.
//!
//! Time O(N^2), memory O(N). Obviously correct, never optimised.

use super::Input;

/// Largest N this engine is asked to run (about a second at N^2 / 2 pairs).
const MAX_N: usize = 40_000;

/// The highest point after all blocks land.
pub fn solve(input: &Input) -> u64 {
    tops(input).into_iter().max().unwrap_or(0)
}

/// Each block's top after it lands, in input order (mutants that get only the
/// final reading wrong share the landing).
pub fn tops(input: &Input) -> Vec<u64> {
    let mut tops: Vec<u64> = Vec::with_capacity(input.blocks.len());
    for (i, block) in input.blocks.iter().enumerate() {
        let base = input.blocks[..i]
            .iter()
            .zip(&tops)
            .filter(|(earlier, _)| earlier.overlaps(block))
            .map(|(_, &top)| top)
            .max()
            .unwrap_or(0);
        tops.push(base + u64::from(block.w));
    }
    tops
}

/// Too big when N^2 pair checks would take more than about a second.
pub fn too_big(input: &Input) -> Option<String> {
    let n = input.blocks.len();
    (n > MAX_N).then(|| format!("N = {n} > {MAX_N}: O(N^2) pair scan too slow"))
}
