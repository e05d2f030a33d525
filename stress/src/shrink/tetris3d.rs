//! Tetris 3D shrinking: drop blocks, delete platform lines, lower heights, narrow
//! footprints. Big cuts come first so a 12-block case shrinks in a few passes.

use super::Shrink;
use jurybox_core::tetris3d::{Block, Input, Tetris3d};

impl Shrink for Tetris3d {
    fn shrink_candidates(input: &Input) -> Vec<Input> {
        let mut out = Vec::new();
        let n = input.blocks.len();
        // Drop halves, quarters, ... then single blocks (at least one block must stay).
        let mut chunk = n / 2;
        while chunk >= 1 {
            for start in (0..n).step_by(chunk) {
                let mut blocks = input.blocks.clone();
                blocks.drain(start..(start + chunk).min(n));
                if !blocks.is_empty() {
                    out.push(Input {
                        blocks,
                        ..input.clone()
                    });
                }
            }
            chunk /= 2;
        }
        // Delete one column (x = c) or one row (y = c) of the platform. Any index, not
        // just the last, so that a lone block far from the origin still slides to 1 × 1.
        out.extend((0..input.d).filter_map(|c| delete_line(input, Axis::X, c)));
        out.extend((0..input.s).filter_map(|c| delete_line(input, Axis::Y, c)));
        // Lower heights, then narrow footprints by one unit from either side.
        for (i, &b) in input.blocks.iter().enumerate() {
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
                    push(Block { w: b.w - 1, ..b });
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

#[derive(Clone, Copy)]
enum Axis {
    X,
    Y,
}

/// The input with line `c` of `axis` deleted: blocks across it get one unit
/// narrower, blocks only on it go. `None` when the platform or every block would go.
fn delete_line(input: &Input, axis: Axis, c: u32) -> Option<Input> {
    // (start, length) along the axis after the deletion; `None`: the block goes.
    let cut = |start: u32, len: u32| -> Option<(u32, u32)> {
        if start > c {
            Some((start - 1, len))
        } else if start + len > c {
            (len > 1).then_some((start, len - 1))
        } else {
            Some((start, len))
        }
    };
    let blocks: Vec<Block> = input
        .blocks
        .iter()
        .filter_map(|b| match axis {
            Axis::X => cut(b.x, b.d).map(|(x, d)| Block { x, d, ..*b }),
            Axis::Y => cut(b.y, b.s).map(|(y, s)| Block { y, s, ..*b }),
        })
        .collect();
    let (d, s) = match axis {
        Axis::X => (input.d - 1, input.s),
        Axis::Y => (input.d, input.s - 1),
    };
    (d > 0 && s > 0 && !blocks.is_empty()).then_some(Input { d, s, blocks })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimize;
    use jurybox_core::tetris3d::naive;

    #[test]
    fn a_lone_block_slides_down_to_one_cell() {
        let block = Block {
            d: 1,
            s: 2,
            w: 3,
            x: 6,
            y: 3,
        };
        let input = Input {
            d: 7,
            s: 5,
            blocks: vec![block],
        };
        // "Fails" while the answer is at least 3: only the height matters.
        let small = minimize::<Tetris3d>(input, 1000, |i| naive::solve(i) >= 3);
        let unit = Block {
            d: 1,
            s: 1,
            w: 3,
            x: 0,
            y: 0,
        };
        assert_eq!(
            small,
            Input {
                d: 1,
                s: 1,
                blocks: vec![unit]
            }
        );
    }

    #[test]
    fn every_candidate_is_valid_and_smaller() {
        let input = Input {
            d: 4,
            s: 3,
            blocks: vec![
                Block {
                    d: 4,
                    s: 1,
                    w: 5,
                    x: 0,
                    y: 2,
                },
                Block {
                    d: 1,
                    s: 3,
                    w: 2,
                    x: 3,
                    y: 0,
                },
                Block {
                    d: 2,
                    s: 2,
                    w: 1,
                    x: 1,
                    y: 0,
                },
            ],
        };
        let size = |i: &Input| {
            let cells: u32 = i.blocks.iter().map(|b| b.d * b.s + b.w).sum();
            (i.blocks.len(), i.d * i.s + cells)
        };
        for candidate in Tetris3d::shrink_candidates(&input) {
            assert!(!candidate.blocks.is_empty());
            for b in &candidate.blocks {
                assert!(b.d >= 1 && b.s >= 1 && b.w >= 1);
                assert!(
                    b.x + b.d <= candidate.d && b.y + b.s <= candidate.s,
                    "{candidate:?}"
                );
            }
            assert!(
                size(&candidate) < size(&input),
                "{candidate:?} is not smaller"
            );
        }
    }
}
