//! Mutant: a height map whose footprint covers cells `x..=x+d` and `y..=y+s` (one
//! too many each way, clipped to the platform). Wrong answer; also O(Σ d·s).

use super::super::Input;

/// The highest point, with every footprint one cell too long on both sides.
pub fn solve(input: &Input) -> u64 {
    let (side_d, side_s) = (input.d as usize, input.s as usize);
    let mut height = vec![0u64; side_d * side_s];
    let mut highest = 0;
    for b in &input.blocks {
        // The bug: `..=` where the cells end at x + d - 1.
        let rows = b.x as usize..=((b.x + b.d) as usize).min(side_d - 1);
        let cols = b.y as usize..=((b.y + b.s) as usize).min(side_s - 1);
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
