//! Mutant: the O(N²) pair scan with closed rectangles, so blocks whose footprints
//! only touch along an edge or a corner stop each other. Wrong answer.

use super::super::{Block, Input};

/// True when the closed footprints `[x, x+d] × [y, y+s]` meet: the bug.
fn touches(a: &Block, b: &Block) -> bool {
    a.x <= b.x + b.d && b.x <= a.x + a.d && a.y <= b.y + b.s && b.y <= a.y + a.s
}

/// The highest point, with touching footprints counted as overlapping.
pub fn solve(input: &Input) -> u64 {
    let mut tops: Vec<u64> = Vec::with_capacity(input.blocks.len());
    for (i, block) in input.blocks.iter().enumerate() {
        let base = input.blocks[..i]
            .iter()
            .zip(&tops)
            .filter(|(earlier, _)| touches(earlier, block))
            .map(|(_, &top)| top)
            .max()
            .unwrap_or(0);
        tops.push(base + u64::from(block.w));
    }
    tops.into_iter().max().unwrap_or(0)
}
