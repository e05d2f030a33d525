//! The jury's random-shaped tests: tet1 (`small`), tet2a–7a (`random`), tet8a–10a
//! (`basic`), tet2b–14b (`flood`), tet2c–10c (`large`) and tet11c–14c, tet8d–10d
//! (`small-random`). The thin-footprint rows of the table live in `thin.rs`.

use super::{cuboid, height, param_d, param_n, param_s, param_w, place, platform};
use crate::{Family, Options, Param, Rng};
use jurybox_core::tetris3d::{Input, Tetris3d};

/// tet1: a tiny platform where a wrong answer is easy to read by hand.
pub(super) const SMALL: Family<Tetris3d> = Family {
    name: "small",
    about: "tet1: 20x20, N = 20, mixed shapes (unit, short, long, full side) and low \
            heights so ties and edge contacts are common; small correctness test",
    params: &[param_d(20), param_s(20), param_n(20), param_w(10)],
    generate: varied,
};

/// tet2a–7a: the maximal random test. Its draws are frozen (reproducibility).
pub(super) const RANDOM: Family<Tetris3d> = Family {
    name: "random",
    about: "uniformly random footprints and heights (tet2a-7a at the defaults)",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
    ],
    generate: random,
};

/// tet8a–10a: every footprint is exactly one node of each power-of-two segment tree.
pub(super) const BASIC: Family<Tetris3d> = Family {
    name: "basic",
    about: "tet8a-10a: 512x512, footprints are products of two aligned dyadic intervals \
            (one node of each segment tree; on other sides, aligned dyadic intervals \
            that fit); the case a 2-D tree handles without recursing",
    params: &[
        param_d(512),
        param_s(512),
        param_n(20_000),
        param_w(100_000),
    ],
    generate: basic,
};

/// tet2b–14b: a 1×1 flood between large blocks.
pub(super) const FLOOD: Family<Tetris3d> = Family {
    name: "flood",
    about: "tet2b-10b: N - ones large blocks (each side at least half the platform) \
            shuffled among `ones` 1x1 blocks that break the surface into many distinct \
            heights; `ones=18000` is tet11b-14b. Slow for height maps and \
            surface-as-rectangle-list solutions",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
        Param {
            name: "ones",
            about: "number of 1x1 blocks (clamped to N)",
            min: 0,
            max: 1_000_000,
            default: 19_000,
            stress: 12,
        },
    ],
    generate: flood,
};

/// tet2c–10c: few blocks, each of large area.
pub(super) const LARGE: Family<Tetris3d> = Family {
    name: "large",
    about: "tet2c-10c: N = 1000 blocks whose sides are each at least half the \
            platform's; a height map pays D*S/4 or more per block",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(1000),
        param_w(100_000),
    ],
    generate: large,
};

/// tet11c–14c, tet8d–10d: small random correctness tests.
pub(super) const SMALL_RANDOM: Family<Tetris3d> = Family {
    name: "small-random",
    about: "tet11c-14c, tet8d-10d: 100x100, N = 100, mixed shapes as in `small`; \
            small random correctness test",
    params: &[param_d(100), param_s(100), param_n(100), param_w(1000)],
    generate: varied,
};

/// Uniform start, then a uniform length that fits: the original `random` draw.
fn random(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let blocks = (0..options.get_usize("n"))
        .map(|_| {
            let x = rng.range_u32(0, d - 1);
            let y = rng.range_u32(0, s - 1);
            let (dx, sy) = (rng.range_u32(1, d - x), rng.range_u32(1, s - y));
            cuboid((x, dx), (y, sy), rng.range_u32(1, w))
        })
        .collect();
    Input { d, s, blocks }
}

/// Random blocks whose sides mix every shape a small test should contain.
fn varied(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let blocks = (0..options.get_usize("n"))
        .map(|_| {
            cuboid(
                varied_interval(rng, d),
                varied_interval(rng, s),
                height(rng, w),
            )
        })
        .collect();
    Input { d, s, blocks }
}

/// One side of a `varied` footprint: uniform, short, long, or one of 1 and the full
/// side, each a quarter of the time (plain uniform draws rarely make the extremes).
fn varied_interval(rng: &mut Rng, side: u32) -> (u32, u32) {
    let top = u64::from(side);
    let len = match rng.below(4) {
        0 => rng.range_u32(1, side),
        1 => rng.skewed(1, top, -3) as u32,
        2 => rng.skewed(1, top, 3) as u32,
        _ => *rng.pick(&[1, side]),
    };
    place(rng, side, len)
}

fn basic(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let blocks = (0..options.get_usize("n"))
        .map(|_| cuboid(dyadic(rng, d), dyadic(rng, s), height(rng, w)))
        .collect();
    Input { d, s, blocks }
}

/// An aligned dyadic interval `[j·2^k, (j+1)·2^k)` inside `[0, side)`, with the level
/// `k` uniform so that every level of the tree is hit equally often.
fn dyadic(rng: &mut Rng, side: u32) -> (u32, u32) {
    let top_level = side.ilog2();
    let len = 1u32 << rng.range_u32(0, top_level);
    (rng.range_u32(0, side / len - 1) * len, len)
}

fn large(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let blocks = (0..options.get_usize("n"))
        .map(|_| cuboid(half_or_more(rng, d), half_or_more(rng, s), height(rng, w)))
        .collect();
    Input { d, s, blocks }
}

/// An interval of length at least `⌈side / 2⌉`, skewed towards the full side.
fn half_or_more(rng: &mut Rng, side: u32) -> (u32, u32) {
    let len = rng.skewed(u64::from(side.div_ceil(2)), u64::from(side), 1) as u32;
    place(rng, side, len)
}

fn flood(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let n = options.get_usize("n");
    let mut unit = vec![false; n];
    unit[..options.get_usize("ones").min(n)].fill(true);
    rng.shuffle(&mut unit);
    let blocks = unit
        .into_iter()
        .map(|unit| match unit {
            true => cuboid(place(rng, d, 1), place(rng, s, 1), height(rng, w)),
            false => cuboid(half_or_more(rng, d), half_or_more(rng, s), height(rng, w)),
        })
        .collect();
    Input { d, s, blocks }
}

#[cfg(test)]
mod tests {
    use super::{BASIC, FLOOD, LARGE, RANDOM};
    use crate::{Options, Rng};
    use jurybox_core::tetris3d::{Block, Input};

    #[test]
    fn basic_footprints_are_aligned_dyadic_even_on_odd_platforms() {
        for (d, s) in [(512, 512), (1000, 7), (1, 3)] {
            let mut options = Options::defaults(BASIC.params);
            options.set("d", d);
            options.set("s", s);
            options.set("n", 500);
            let input = BASIC.make(&options, 3);
            for b in &input.blocks {
                for (start, len) in [(b.x, b.d), (b.y, b.s)] {
                    assert!(len.is_power_of_two() && start % len == 0, "{b:?}");
                }
            }
        }
    }

    #[test]
    fn flood_has_exactly_the_ones_asked_for_and_large_rest() {
        let mut options = Options::defaults(FLOOD.params);
        options.set("ones", 18_000);
        let input = FLOOD.make(&options, 1);
        let ones = input.blocks.iter().filter(|b| b.d == 1 && b.s == 1).count();
        assert_eq!(ones, 18_000);
        // The other 2 000 each cover at least a quarter of the platform: the work a
        // height map pays, and the number of flood cells a surface list must scan.
        let big: Vec<_> = input.blocks.iter().filter(|b| b.d > 1 || b.s > 1).collect();
        assert_eq!(big.len(), 2_000);
        assert!(big
            .iter()
            .all(|b| 4 * u64::from(b.d) * u64::from(b.s) >= 1000 * 1000));
        // Large blocks are spread through the sequence, not bunched at one end.
        let first_big = input.blocks.iter().position(|b| b.d > 1).unwrap();
        assert!(first_big < 1_000, "first large block at {first_big}");
    }

    #[test]
    fn large_blocks_make_a_height_map_pay() {
        let input = LARGE.make(&Options::defaults(LARGE.params), 5);
        let cells: u64 = input
            .blocks
            .iter()
            .map(|b| u64::from(b.d) * u64::from(b.s))
            .sum();
        assert!(cells >= 1000 * 1000 * 1000 / 4, "sum of d*s = {cells}");
    }

    #[test]
    fn random_makes_the_draws_it_always_made() {
        // `random` predates the other families: its draws, in their order, are the
        // original ones (the hash pins in tests/ then keep them).
        let original = |d: u32, s: u32, n: usize, w: u32, seed| {
            let mut rng = Rng::new(seed);
            let blocks = (0..n)
                .map(|_| {
                    let x = rng.range_u32(0, d - 1);
                    let y = rng.range_u32(0, s - 1);
                    Block {
                        d: rng.range_u32(1, d - x),
                        s: rng.range_u32(1, s - y),
                        w: rng.range_u32(1, w),
                        x,
                        y,
                    }
                })
                .collect();
            Input { d, s, blocks }
        };
        let options = Options::defaults(RANDOM.params);
        assert_eq!(
            RANDOM.make(&options, 1),
            original(1000, 1000, 20_000, 100_000, 1)
        );
    }
}
