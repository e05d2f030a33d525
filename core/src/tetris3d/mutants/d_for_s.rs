//! Mutant: right heights, but the highest point is read over rows `y < D` instead of
//! `y < S`, the platform's two sides confused in the final query (a public
//! solution did this). Wrong answer exactly when D < S and the highest point lies
//! in a row `y ≥ D`; when D ≥ S the query covers the whole platform and is right.

use super::super::{naive, Input};

/// The highest top among the blocks that reach a row `y < D`.
pub fn solve(input: &Input) -> u64 {
    let tops = naive::tops(input);
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
