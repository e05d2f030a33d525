//! Long thin footprints, the inputs that make structures slow rather than wrong:
//! `strips` (tet11a–14a, tet2e–7e), `lines` (tet2d–7d) and `wide`.
//!
//! A quadtree splits a t × L strip into about L / t squares, and a 1 × L line into
//! L unit squares; one 1-D tree per row pays a tree operation for every row a
//! footprint spans. Each family here maximises one of those counts; the tests pin
//! the count rather than a running time.

use super::{along, cuboid, height, param_d, param_dir, param_n, param_s, param_w, place, Axis};
use crate::{Family, Options, Param, Rng};
use jurybox_core::tetris3d::{Block, Input, Tetris3d};

/// tet11a–14a and tet2e–7e: strips 30–60 wide spanning a whole side.
pub(super) const STRIPS: Family<Tetris3d> = Family {
    name: "strips",
    about: "tet11a-14a, tet2e-7e: strips spanning the whole platform one way and \
            thin/2..=thin (30-60) the other; a quadtree needs about L/thin squares \
            for each",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
        Param {
            name: "thin",
            about: "widest strip; the narrowest is thin/2 (both clamped to the side)",
            min: 1,
            max: 2048,
            default: 60,
            stress: 6,
        },
        param_dir(0),
    ],
    generate: strips,
};

/// tet2d–7d: lines one cell wide and nearly a whole side long.
pub(super) const LINES: Family<Tetris3d> = Family {
    name: "lines",
    about: "tet2d-7d: N = 1000 lines 1 wide and 90-100% of a side long; a quadtree \
            splits each into as many unit squares as it is long",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(1000),
        param_w(100_000),
        param_dir(0),
    ],
    generate: lines,
};

/// Footprints spanning nearly the whole of one side, a quarter of them 1 × full.
pub(super) const WIDE: Family<Tetris3d> = Family {
    name: "wide",
    about: "footprints spanning at least 7/8 of S (dir=2) or D (dir=1), a quarter of \
            them 1 x full lines: one 1-D tree per row pays N*S*log D, and a quadtree \
            splits each line into unit squares",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
        param_dir(2),
    ],
    generate: wide,
};

/// A block whose side along `axis` is `long` and whose other side is `short`.
fn oriented(axis: Axis, long: (u32, u32), short: (u32, u32), w: u32) -> Block {
    match axis {
        Axis::X => cuboid(long, short, w),
        Axis::Y => cuboid(short, long, w),
    }
}

/// The sides `(long, short)` a footprint along `axis` is measured against.
fn sides(input: &Input, axis: Axis) -> (u32, u32) {
    match axis {
        Axis::X => (input.d, input.s),
        Axis::Y => (input.s, input.d),
    }
}

/// Builds `n` blocks, each along an axis drawn from `dir`, from `make(rng, long
/// side, short side)` which returns the long and the short interval.
fn thin_blocks(
    options: &Options,
    rng: &mut Rng,
    make: impl Fn(&mut Rng, u32, u32) -> ((u32, u32), (u32, u32)),
) -> Input {
    let mut input = Input {
        d: options.get_u32("d"),
        s: options.get_u32("s"),
        blocks: Vec::new(),
    };
    let (w, dir) = (options.get_u32("w"), options.get("dir"));
    input.blocks = (0..options.get_usize("n"))
        .map(|_| {
            let axis = along(rng, dir);
            let (long_side, short_side) = sides(&input, axis);
            let (long, short) = make(rng, long_side, short_side);
            oriented(axis, long, short, height(rng, w))
        })
        .collect();
    input
}

fn strips(options: &Options, rng: &mut Rng) -> Input {
    let thin = options.get_u32("thin");
    thin_blocks(options, rng, |rng, long_side, short_side| {
        let hi = thin.min(short_side);
        let lo = (thin / 2).clamp(1, hi);
        let width = rng.range_u32(lo, hi);
        ((0, long_side), place(rng, short_side, width))
    })
}

fn lines(options: &Options, rng: &mut Rng) -> Input {
    thin_blocks(options, rng, |rng, long_side, short_side| {
        let len = rng.range_u32(long_side - long_side / 10, long_side);
        (place(rng, long_side, len), place(rng, short_side, 1))
    })
}

fn wide(options: &Options, rng: &mut Rng) -> Input {
    thin_blocks(options, rng, |rng, long_side, short_side| {
        if rng.chance(1, 4) {
            return ((0, long_side), place(rng, short_side, 1));
        }
        let len = rng.range_u32(long_side - long_side / 8, long_side);
        let width = rng.skewed(1, u64::from(short_side), -2) as u32;
        (place(rng, long_side, len), place(rng, short_side, width))
    })
}

#[cfg(test)]
mod tests {
    use super::{LINES, STRIPS, WIDE};
    use crate::{Family, Options, Rng};
    use jurybox_core::tetris3d::{Input, Tetris3d};

    /// The family's input at its defaults with `changes` applied.
    fn make(family: &Family<Tetris3d>, changes: &[(&str, u64)], seed: u64) -> Input {
        let mut options = Options::defaults(family.params);
        for &(name, value) in changes {
            options.set(name, value);
        }
        family.make(&options, seed)
    }

    /// Σ over blocks of the rows (along x: `d`) and columns (along y: `s`) spanned.
    fn spans(input: &Input) -> (u64, u64) {
        let d = input.blocks.iter().map(|b| u64::from(b.d)).sum();
        let s = input.blocks.iter().map(|b| u64::from(b.s)).sum();
        (d, s)
    }

    #[test]
    fn wide_makes_per_row_trees_touch_most_rows() {
        for seed in 0..3 {
            let input = make(&WIDE, &[], seed);
            let n = input.blocks.len() as u64;
            let (_, s_rows) = spans(&input);
            assert!(2 * s_rows >= n * 1000, "sum of s = {s_rows}");
            let lines = input
                .blocks
                .iter()
                .filter(|b| b.d == 1 && b.s == 1000)
                .count();
            assert!(lines >= 4_000, "only {lines} 1 x S lines");
            let input = make(&WIDE, &[("dir", 1), ("d", 700)], seed);
            let (d_rows, _) = spans(&input);
            assert!(2 * d_rows >= n * 700, "sum of d = {d_rows}");
        }
        // At any stress-sized options every block spans 7/8 of its long side.
        let mut rng = Rng::new(9);
        for seed in 0..200 {
            let (d, s) = (rng.range(1, 10), rng.range(1, 10));
            let input = make(&WIDE, &[("d", d), ("s", s), ("dir", 0), ("n", 12)], seed);
            for b in &input.blocks {
                let (bd, bs) = (u64::from(b.d), u64::from(b.s));
                assert!(8 * bd >= 7 * d || 8 * bs >= 7 * s, "{b:?} on {d}x{s}");
            }
        }
    }

    #[test]
    fn strips_span_a_side_and_stay_thin() {
        for dir in 0..=2 {
            let input = make(&STRIPS, &[("dir", dir)], 4);
            let mut along_x = 0;
            for b in &input.blocks {
                let (long, short) = if b.d == 1000 { (b.d, b.s) } else { (b.s, b.d) };
                along_x += usize::from(b.d == 1000);
                assert!(long == 1000 && (30..=60).contains(&short), "{b:?}");
            }
            // A quadtree pays at least 1000 / 60 squares per strip.
            let expected = match dir {
                1 => 20_000..=20_000,
                2 => 0..=0,
                _ => 9_000..=11_000,
            };
            assert!(
                expected.contains(&along_x),
                "dir={dir}: {along_x} strips along x"
            );
        }
    }

    #[test]
    fn lines_are_one_wide_and_nearly_full() {
        let input = make(&LINES, &[("d", 800)], 2);
        let cells: u64 = input
            .blocks
            .iter()
            .map(|b| u64::from(b.d) * u64::from(b.s))
            .sum();
        // Unit squares a quadtree needs: at least 90% of the shorter side per line.
        assert!(cells >= 1000 * 720, "sum of d*s = {cells}");
        for b in &input.blocks {
            assert!(b.d.min(b.s) == 1 && (b.d >= 720 || b.s >= 900), "{b:?}");
        }
    }
}
