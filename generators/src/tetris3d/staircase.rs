//! `staircase`: every block lands on the one before, so the answer is N · w, the
//! largest the options allow (2·10⁹ officially, 10¹² extended).
//!
//! Each footprint overlaps the previous one and drifts one way across the platform,
//! turning at the walls, so consecutive blocks overlap in ever-changing places while
//! the top keeps climbing. It kills heights kept in 32 bits under the extended limits,
//! heights capped or clamped anywhere, and caches that remember a region's maximum
//! without noticing it has grown.

use super::{cuboid, param_d, param_n, param_s, platform, Axis};
use crate::{Family, Options, Param, Rng};
use jurybox_core::tetris3d::{Input, Tetris3d};

/// A climbing chain of overlapping blocks, all of the largest height.
pub(super) const STAIRCASE: Family<Tetris3d> = Family {
    name: "staircase",
    about: "every block overlaps the previous one and has height exactly w, so the \
            answer is N*w (2*10^9 at the defaults, 10^12 at the extended maximum): \
            kills 32-bit heights, capped heights and stale cached maxima",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        Param {
            name: "w",
            about: "the height of every block",
            min: 1,
            max: 1_000_000,
            default: 100_000,
            stress: 5,
        },
    ],
    generate: staircase,
};

/// One side of the current footprint and the way it drifts.
struct Walk {
    side: u32,
    start: u32,
    len: u32,
    up: bool,
}

impl Walk {
    /// A first interval of length up to a quarter of the side, drifting either way.
    fn new(rng: &mut Rng, side: u32) -> Walk {
        let len = rng.range_u32(1, side.div_ceil(4));
        let start = rng.range_u32(0, side - len);
        Walk {
            side,
            start,
            len,
            up: rng.chance(1, 2),
        }
    }

    /// The next interval: a new length, placed so that it overlaps the current one
    /// and lies in the drift's half of the possible places; turns at a wall.
    fn step(&mut self, rng: &mut Rng) -> (u32, u32) {
        let len = rng.range_u32(1, self.side.div_ceil(4));
        let lo = (self.start + 1).saturating_sub(len);
        let hi = (self.start + self.len - 1).min(self.side - len);
        let mid = lo + (hi - lo) / 2;
        let start = if self.up {
            rng.range_u32(mid, hi)
        } else {
            rng.range_u32(lo, mid)
        };
        if start + len == self.side {
            self.up = false;
        } else if start == 0 {
            self.up = true;
        }
        (self.start, self.len) = (start, len);
        (start, len)
    }
}

fn staircase(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let mut walks = [Walk::new(rng, d), Walk::new(rng, s)];
    let mut blocks = vec![cuboid(
        (walks[0].start, walks[0].len),
        (walks[1].start, walks[1].len),
        w,
    )];
    for _ in 1..options.get_usize("n") {
        let [x, y] = [Axis::X, Axis::Y].map(|axis| walks[axis as usize].step(rng));
        blocks.push(cuboid(x, y, w));
    }
    Input { d, s, blocks }
}

#[cfg(test)]
mod tests {
    use super::STAIRCASE;
    use crate::Options;
    use jurybox_core::tetris3d::naive;

    #[test]
    fn every_block_lands_on_the_previous_one() {
        let input = STAIRCASE.make(&Options::defaults(STAIRCASE.params), 1);
        assert!(input.blocks.windows(2).all(|p| p[0].overlaps(&p[1])));
        assert!(input.blocks.iter().all(|b| b.w == 100_000));
        // By induction the previous top is the highest so far: the answer is N*w.
        let mut small = Options::defaults(STAIRCASE.params);
        for (name, value) in [("d", 40), ("s", 9), ("n", 300), ("w", 7)] {
            small.set(name, value);
        }
        for seed in 0..5 {
            assert_eq!(naive::solve(&STAIRCASE.make(&small, seed)), 300 * 7);
        }
    }

    #[test]
    fn the_walk_moves_across_the_platform() {
        let input = STAIRCASE.make(&Options::defaults(STAIRCASE.params), 2);
        let xs: Vec<u32> = input.blocks.iter().map(|b| b.x).collect();
        let (lo, hi) = (xs.iter().min().unwrap(), xs.iter().max().unwrap());
        assert!(*lo < 100 && *hi > 600, "x stays in {lo}..={hi}");
    }
}
