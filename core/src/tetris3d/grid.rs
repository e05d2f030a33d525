//! Reference: a D × S height map; each block reads and then raises its footprint.
//!
//! Time O(D·S + Σ d·s), memory O(D·S). Only for small platforms or small blocks.

use super::Input;

/// Largest Σ d·s this engine is asked to run (about a second).
const MAX_WORK: u64 = 500_000_000;

/// The highest point after all blocks land.
pub fn solve(input: &Input) -> u64 {
    let side_s = input.s as usize;
    let mut height = vec![0u64; input.d as usize * side_s];
    let mut highest = 0;
    for b in &input.blocks {
        let rows = b.x as usize..(b.x + b.d) as usize;
        let cols = b.y as usize..(b.y + b.s) as usize;
        let base = rows
            .clone()
            .flat_map(|r| height[r * side_s..][cols.clone()].iter())
            .copied()
            .max()
            .unwrap_or(0);
        let top = base + u64::from(b.w);
        for r in rows {
            height[r * side_s..][cols.clone()].fill(top);
        }
        highest = highest.max(top);
    }
    highest
}

/// Too big when the footprints add up to more cells than a second's work.
pub fn too_big(input: &Input) -> Option<String> {
    let work: u64 = input
        .blocks
        .iter()
        .map(|b| u64::from(b.d) * u64::from(b.s))
        .sum::<u64>()
        + u64::from(input.d) * u64::from(input.s);
    (work > MAX_WORK).then(|| format!("sum of d*s = {work} > {MAX_WORK}: height map too slow"))
}
