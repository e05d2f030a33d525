//! Mutant: right heights, but the highest point is read over rows `y < D` instead of
//! `y < S`, the platform's two sides confused in the final query (a public
//! solution did this). Wrong answer exactly when D < S and the highest point lies
//! in a row `y ≥ D`; when D ≥ S the query covers the whole platform and is right.

use super::super::Input;

/// The highest top among the blocks that reach a row `y < D`.
pub fn solve(input: &Input) -> u64 {
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
    input
        .blocks
        .iter()
        .zip(tops)
        // The bug: rows are bounded by D, the platform's length along x.
        .filter(|(block, _)| block.y < input.d)
        .map(|(_, top)| top)
        .max()
        .unwrap_or(0)
}
