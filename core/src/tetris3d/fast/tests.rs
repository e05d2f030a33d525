//! `fast` against the two reference engines, on inputs shaped to reach every
//! crossing of cover and partial nodes in both dimensions.

use crate::tetris3d::{grid, naive, Block, Input};

/// A tiny deterministic generator: core has no randomness, tests need no more.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + self.next() % (hi - lo + 1)
    }
}

/// A footprint of one axis of a platform of side `side`, in one of several shapes.
fn interval(rng: &mut Lcg, side: u32) -> (u32, u32) {
    match rng.range(0, 5) {
        // Full side: the wide arm of a crossing.
        0 => (0, side),
        // One cell: the thin arm.
        1 => (rng.range(0, side - 1), 1),
        // Aligned dyadic interval: exactly one node when the side is a power of two.
        2 => {
            let len = 1 << rng.range(0, side.ilog2());
            let start = rng.range(0, (side - len) / len) * len;
            (start, len)
        }
        // Touching an edge of the platform.
        3 => {
            let len = rng.range(1, side);
            if rng.range(0, 1) == 0 {
                (0, len)
            } else {
                (side - len, len)
            }
        }
        _ => {
            let x = rng.range(0, side - 1);
            (x, rng.range(1, side - x))
        }
    }
}

fn random_input(rng: &mut Lcg, max_side: u32, max_n: u32, max_w: u32) -> Input {
    let d = rng.range(1, max_side);
    let s = rng.range(1, max_side);
    let n = rng.range(1, max_n);
    let blocks = (0..n)
        .map(|_| {
            let (x, bd) = interval(rng, d);
            let (y, bs) = interval(rng, s);
            Block {
                d: bd,
                s: bs,
                w: rng.range(1, max_w),
                x,
                y,
            }
        })
        .collect();
    Input { d, s, blocks }
}

fn check(input: &Input) {
    let want = naive::solve(input);
    assert_eq!(grid::solve(input), want, "references disagree on {input:?}");
    assert_eq!(super::solve(input), want, "fast is wrong on {input:?}");
}

#[test]
fn sample() {
    let blocks = [
        (4, 3, 2, 0, 0),
        (3, 3, 1, 3, 0),
        (7, 1, 2, 0, 3),
        (2, 3, 3, 2, 2),
    ]
    .map(|(d, s, w, x, y)| Block { d, s, w, x, y })
    .to_vec();
    let input = Input { d: 7, s: 5, blocks };
    assert_eq!(super::solve(&input), 6);
}

#[test]
fn random_small_platforms() {
    let mut rng = Lcg(1);
    for _ in 0..4000 {
        check(&random_input(&mut rng, 9, 12, 5));
    }
}

#[test]
fn random_medium_platforms() {
    let mut rng = Lcg(2);
    for _ in 0..1500 {
        check(&random_input(&mut rng, 70, 60, 1000));
    }
}

#[test]
fn power_of_two_platforms() {
    let mut rng = Lcg(3);
    for _ in 0..1500 {
        let side = 1 << rng.range(0, 6);
        let mut input = random_input(&mut rng, side, 40, 20);
        let (x, d) = (input.d, input.s);
        input.d = side;
        input.s = side;
        for b in &mut input.blocks {
            // Rescale into the full power-of-two platform.
            b.x = b.x * side / x;
            b.d = b.d.min(side - b.x).max(1);
            b.y = b.y * side / d;
            b.s = b.s.min(side - b.y).max(1);
        }
        check(&input);
    }
}

/// The mixed cases by hand: a full-width bar lands on a one-column post it crosses.
/// The bar's x range is one outer cover (the root) while the post's is a partial
/// path there, and the other way round in y; a tree that keeps only "subtree max
/// of covers" and "tags of partials" in both dimensions at once answers 5, not 6.
#[test]
fn mixed_case_by_hand() {
    for side in [5, 8, 13, 1000, 2048] {
        for at in [0, side / 2, side - 1] {
            let post = Block {
                d: 1,
                s: side,
                w: 5,
                x: at,
                y: 0,
            };
            let bar = Block {
                d: side,
                s: 1,
                w: 1,
                x: 0,
                y: side - 1 - at,
            };
            for blocks in [vec![post, bar], vec![bar, post]] {
                let swapped = blocks.iter().map(Block::transposed).collect();
                assert_eq!(
                    super::solve(&Input {
                        d: side,
                        s: side,
                        blocks
                    }),
                    6
                );
                assert_eq!(
                    super::solve(&Input {
                        d: side,
                        s: side,
                        blocks: swapped
                    }),
                    6
                );
            }
        }
    }
}

/// A thin-and-wide block crossing a wide-and-thin one: each lands on the other only
/// through the mixed cases (outer cover with inner partial and the reverse).
#[test]
fn crossings() {
    let mut rng = Lcg(4);
    for _ in 0..3000 {
        let d = rng.range(2, 40);
        let s = rng.range(2, 40);
        let mut blocks = Vec::new();
        for _ in 0..rng.range(2, 6) {
            let x = rng.range(0, d - 1);
            let y = rng.range(0, s - 1);
            let (x0, dd) = interval(&mut rng, d);
            let (y0, ss) = interval(&mut rng, s);
            blocks.push(Block {
                d: 1,
                s: ss,
                w: rng.range(1, 9),
                x,
                y: y0,
            });
            blocks.push(Block {
                d: dd,
                s: 1,
                w: rng.range(1, 9),
                x: x0,
                y,
            });
        }
        check(&Input { d, s, blocks });
    }
}

/// Blocks that touch along an edge or a corner only must not stop each other.
#[test]
fn touching_blocks_do_not_stack() {
    let mut rng = Lcg(5);
    for _ in 0..2000 {
        let d = rng.range(2, 30);
        let s = rng.range(2, 30);
        let x = rng.range(1, d - 1);
        let y = rng.range(1, s - 1);
        let quads = [(0, x, 0, y), (x, d, 0, y), (0, x, y, s), (x, d, y, s)];
        let mut blocks: Vec<Block> = quads
            .iter()
            .map(|&(x0, x1, y0, y1)| Block {
                d: x1 - x0,
                s: y1 - y0,
                w: rng.range(1, 50),
                x: x0,
                y: y0,
            })
            .collect();
        let expect = blocks.iter().map(|b| u64::from(b.w)).max().unwrap();
        let input = Input {
            d,
            s,
            blocks: blocks.clone(),
        };
        assert_eq!(super::solve(&input), expect, "{input:?}");
        blocks.push(Block {
            d: 2,
            s: 2,
            w: 1,
            x: x - 1,
            y: y - 1,
        });
        check(&Input { d, s, blocks });
    }
}

#[test]
fn one_wide_platforms() {
    let mut rng = Lcg(6);
    for _ in 0..1500 {
        let mut input = random_input(&mut rng, 50, 30, 100);
        if rng.range(0, 1) == 0 {
            input.d = 1;
            input.blocks.iter_mut().for_each(|b| (b.x, b.d) = (0, 1));
        } else {
            input.s = 1;
            input.blocks.iter_mut().for_each(|b| (b.y, b.s) = (0, 1));
        }
        check(&input);
    }
}

/// Heights beyond 32 bits switch the cells to u64; a wrong choice would wrap.
#[test]
fn extended_heights_exceed_u32() {
    let mut rng = Lcg(7);
    // Most footprints cover the centre cell, so the stack grows past 2^32.
    let blocks: Vec<Block> = (0..8000)
        .map(|_| {
            let x = rng.range(0, 2);
            let y = rng.range(0, 2);
            let (d, s) = if rng.range(0, 3) == 0 {
                (rng.range(1, 3 - x), rng.range(1, 3 - y))
            } else {
                (3 - x, 3 - y)
            };
            Block {
                d,
                s,
                w: rng.range(900_000, 1_000_000),
                x,
                y,
            }
        })
        .collect();
    let input = Input { d: 3, s: 3, blocks };
    let want = naive::solve(&input);
    assert!(want > u64::from(u32::MAX));
    assert_eq!(super::solve(&input), want);
    // Exactly at the switch: Σw = 2^32 - 1 still fits u32.
    let stack = |w: &[u32]| Input {
        d: 1,
        s: 1,
        blocks: w
            .iter()
            .map(|&w| Block {
                d: 1,
                s: 1,
                w,
                x: 0,
                y: 0,
            })
            .collect(),
    };
    let mut ws = vec![1_000_000; 4294];
    ws.push(967_295);
    assert_eq!(super::solve(&stack(&ws)), u64::from(u32::MAX));
    ws.push(1);
    assert_eq!(super::solve(&stack(&ws)), 1 << 32);
}

/// Extended-size platform (2048, the deepest tree) with blocks at its far edges.
#[test]
fn largest_platform() {
    let mut rng = Lcg(8);
    for _ in 0..3 {
        let side = 2048;
        let blocks = (0..300)
            .map(|_| {
                let (x, d) = interval(&mut rng, side);
                let (y, s) = interval(&mut rng, side);
                Block {
                    d,
                    s,
                    w: rng.range(1, 1_000_000),
                    x,
                    y,
                }
            })
            .collect();
        let input = Input {
            d: side,
            s: rng.range(1, side),
            blocks,
        };
        let input = Input {
            blocks: input
                .blocks
                .into_iter()
                .filter(|b| b.y + b.s <= input.s)
                .collect(),
            ..input
        };
        if !input.blocks.is_empty() {
            assert_eq!(super::solve(&input), naive::solve(&input));
        }
    }
}

#[test]
fn landings_end_at_the_answer_and_match_a_plain_replay() {
    let mut rng = Lcg(7);
    for _ in 0..50 {
        let input = random_input(&mut rng, 12, 30, 9);
        let tops = super::landings(&input);
        // Plain replay: each block lands on the highest earlier top it overlaps.
        for (i, b) in input.blocks.iter().enumerate() {
            let base = (0..i)
                .filter(|&j| input.blocks[j].overlaps(b))
                .map(|j| tops[j])
                .max()
                .unwrap_or(0);
            assert_eq!(tops[i], base + u64::from(b.w), "block {i}");
        }
        assert_eq!(
            tops.iter().copied().max().unwrap_or(0),
            super::solve(&input)
        );
    }
}
