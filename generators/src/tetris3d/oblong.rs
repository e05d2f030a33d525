//! `oblong`: a platform that is not square, its highest point beyond the shorter
//! side, for solutions that confuse D and S.
//!
//! The statement lets D and S differ, but every row of the jury's table is square,
//! so a solution that swaps them anywhere (a final query over rows `y < D`, an
//! array of D × D cells, a loop bound) passes the whole table. Here the platform's
//! far part is what lies beyond the shorter side: the rows `y ≥ D` when D < S, the
//! columns `x ≥ S` when D > S (the whole platform when D = S). Random blocks land
//! anywhere, then one lid covering the whole platform lands on top of all of them,
//! then the last tenth of the blocks falls inside the far part only. Each of those
//! lands on the lid or on another of them, so the highest point lies in the far
//! part and nowhere else, by construction: a solution that reads the
//! `min(D, S) × min(D, S)` square answers the lid's top, below it.

use super::{cuboid, height, param_d, param_n, param_s, param_w, place, platform};
use crate::{Family, Options, Rng};
use jurybox_core::tetris3d::{Input, Tetris3d};

/// Random blocks, a lid, then a stack in the part beyond the shorter side.
pub(super) const OBLONG: Family<Tetris3d> = Family {
    name: "oblong",
    about: "a platform that is not square (D < S at the defaults; d > s the other \
            way): random blocks, a lid over the whole platform, then the last tenth \
            of the blocks inside the part beyond the shorter side (rows y >= D, or \
            columns x >= S), so the highest point is there only: kills D and S \
            confused (a final query over y < D, arrays sized D x D)",
    params: &[
        param_d(400),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
    ],
    generate: oblong,
};

/// The far part as an x interval and a y interval, each `(start, length)`.
fn far_part(d: u32, s: u32) -> ((u32, u32), (u32, u32)) {
    match d.cmp(&s) {
        std::cmp::Ordering::Less => ((0, d), (d, s - d)),
        std::cmp::Ordering::Greater => ((s, d - s), (0, s)),
        std::cmp::Ordering::Equal => ((0, d), (0, s)),
    }
}

/// A uniform sub-interval of `(start, len)`: a uniform length, placed uniformly.
fn inside(rng: &mut Rng, (start, len): (u32, u32)) -> (u32, u32) {
    let sub = rng.range_u32(1, len);
    let (at, sub) = place(rng, len, sub);
    (start + at, sub)
}

fn oblong(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let n = options.get_usize("n");
    let far = n.div_ceil(10);
    let random = n.saturating_sub(far + 1);
    let (far_x, far_y) = far_part(d, s);
    let mut blocks: Vec<_> = (0..random)
        .map(|_| cuboid(inside(rng, (0, d)), inside(rng, (0, s)), height(rng, w)))
        .collect();
    if n > far {
        blocks.push(cuboid((0, d), (0, s), height(rng, w)));
    }
    blocks.extend((0..far).map(|_| cuboid(inside(rng, far_x), inside(rng, far_y), height(rng, w))));
    Input { d, s, blocks }
}

#[cfg(test)]
mod tests {
    use super::OBLONG;
    use crate::Options;
    use jurybox_core::tetris3d::mutants::d_for_s;
    use jurybox_core::tetris3d::{naive, Block, Input};

    /// The input mirrored across the diagonal: x and y, D and S swapped.
    fn transposed(input: &Input) -> Input {
        Input {
            d: input.s,
            s: input.d,
            blocks: input.blocks.iter().map(Block::transposed).collect(),
        }
    }

    fn make(d: u64, s: u64, n: u64, seed: u64) -> Input {
        let mut options = Options::defaults(OBLONG.params);
        for (name, value) in [("d", d), ("s", s), ("n", n)] {
            options.set(name, value);
        }
        OBLONG.make(&options, seed)
    }

    #[test]
    fn reading_rows_below_d_misses_the_top_whenever_d_is_below_s() {
        // D < S: the answer read over rows y < D is the lid's top, below the answer.
        for (d, s, n) in [(1, 2, 1), (1, 2, 3), (3, 7, 12), (40, 100, 300)] {
            for seed in 0..5 {
                let input = make(d, s, n, seed);
                assert!(d_for_s::solve(&input) < naive::solve(&input), "{input:?}");
            }
        }
    }

    #[test]
    fn reading_columns_below_s_misses_the_top_whenever_d_is_above_s() {
        // D > S: the same confusion along the other axis (columns x < S), seen
        // by running the mutant on the transposed input.
        for seed in 0..5 {
            let input = transposed(&make(100, 40, 300, seed));
            assert!(input.d < input.s);
            assert!(d_for_s::solve(&input) < naive::solve(&input), "{input:?}");
        }
    }
}
