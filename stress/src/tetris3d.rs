//! Tetris 3D shrinking: drop blocks, shrink the platform, lower heights.

use crate::Shrink;
use jurybox_core::tetris3d::{Block, Input, Tetris3d};

impl Shrink for Tetris3d {
    fn shrink_candidates(input: &Input) -> Vec<Input> {
        let mut out = Vec::new();
        let n = input.blocks.len();
        // Drop halves, quarters, ... then single blocks (at least one block must stay).
        let mut chunk = n / 2;
        while chunk >= 1 {
            for start in (0..n).step_by(chunk) {
                if chunk < n {
                    let mut blocks = input.blocks.clone();
                    blocks.drain(start..(start + chunk).min(n));
                    if !blocks.is_empty() {
                        out.push(Input {
                            blocks,
                            ..input.clone()
                        });
                    }
                }
            }
            chunk /= 2;
        }
        // Cut the platform's last row or column, clipping footprints that reach it.
        if input.d > 1 {
            out.extend(clip(input, input.d - 1, input.s));
        }
        if input.s > 1 {
            out.extend(clip(input, input.d, input.s - 1));
        }
        // Lower heights, then shrink footprints one unit from either side.
        for i in 0..n {
            let b = input.blocks[i];
            let mut push = |nb: Block| {
                let mut blocks = input.blocks.clone();
                blocks[i] = nb;
                out.push(Input {
                    blocks,
                    ..input.clone()
                });
            };
            if b.w > 1 {
                push(Block { w: 1, ..b });
                if b.w > 2 {
                    push(Block { w: b.w / 2, ..b });
                }
            }
            if b.d > 1 {
                push(Block { d: b.d - 1, ..b });
                push(Block {
                    d: b.d - 1,
                    x: b.x + 1,
                    ..b
                });
            }
            if b.s > 1 {
                push(Block { s: b.s - 1, ..b });
                push(Block {
                    s: b.s - 1,
                    y: b.y + 1,
                    ..b
                });
            }
        }
        out
    }
}

/// The input on a `d × s` platform (one unit smaller), with footprints clipped to it;
/// `None` when some block would vanish entirely.
fn clip(input: &Input, d: u32, s: u32) -> Option<Input> {
    let blocks = input
        .blocks
        .iter()
        .map(|b| {
            let nd = (b.x + b.d).min(d).checked_sub(b.x).filter(|&v| v > 0)?;
            let ns = (b.y + b.s).min(s).checked_sub(b.y).filter(|&v| v > 0)?;
            Some(Block { d: nd, s: ns, ..*b })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Input { d, s, blocks })
}
