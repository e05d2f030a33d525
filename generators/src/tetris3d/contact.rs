//! Footprints that meet without overlapping, or overlap in one boundary cell only:
//! `touching` and `needles`, the inputs on which a wrong covered range shows.
//!
//! Blocks whose footprints share only an edge or a corner must not stop each other.
//! `touching` tiles the platform with an irregular lattice and drops blocks on the
//! tiles chessboard-wise, so every block shares edges and corners with earlier ones
//! and overlaps none but those on its own tile: a solution that treats footprints as
//! closed rectangles, or covers `x..=x+d`, chains neighbouring tiles together and
//! answers higher. `needles` is the converse: a 1 × 1 needle, then a block that holds
//! the needle in a corner or edge cell only, so a footprint shrunk by one cell
//! (`x+1..x+d`, `x..x+d-1`) misses it and answers lower.

use super::{cuboid, height, param_d, param_n, param_s, param_w, place, platform};
use crate::{Family, Options, Param, Rng};
use jurybox_core::tetris3d::{Input, Tetris3d};

/// Chessboard layers on an irregular lattice.
pub(super) const TOUCHING: Family<Tetris3d> = Family {
    name: "touching",
    about: "rounds of blocks, one per tile of an irregular k x k lattice, black tiles \
            then white, so each block shares edges and corners with earlier ones but \
            overlaps only its own tile's: kills closed-rectangle overlap and the \
            inclusive range x..=x+d",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
        Param {
            name: "k",
            about: "lattice tiles per side (clamped to D and S)",
            min: 1,
            max: 2048,
            default: 40,
            stress: 4,
        },
    ],
    generate: touching,
};

/// Needles held in a corner or edge cell of the next block.
pub(super) const NEEDLES: Family<Tetris3d> = Family {
    name: "needles",
    about: "1x1 needles, each followed by a block that holds the needle in one of its \
            corner or edge cells only: kills footprints shrunk by one cell \
            (x+1..x+d, x..x+d-1) and boundary off-by-ones of the other direction",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
    ],
    generate: needles,
};

/// Lattice lines `0 = c₀ < c₁ < … < c_t = side` with `t = min(tiles, side)` tiles,
/// the interior cuts a uniform random subset (Knuth's selection sampling), so tiles
/// have unequal sizes and their edges are not aligned with any tree's nodes.
fn cuts(rng: &mut Rng, side: u32, tiles: u64) -> Vec<u32> {
    let mut need = tiles.clamp(1, u64::from(side)) - 1;
    let mut out = vec![0];
    for (c, left) in (1..side).zip((1..u64::from(side)).rev()) {
        if need == 0 {
            break;
        }
        if rng.below(left) < need {
            out.push(c);
            need -= 1;
        }
    }
    out.push(side);
    out
}

fn touching(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let n = options.get_usize("n");
    let xs = cuts(rng, d, options.get("k"));
    let ys = cuts(rng, s, options.get("k"));
    let mut colours: [Vec<(u32, u32)>; 2] = [Vec::new(), Vec::new()];
    for i in 0..xs.len() as u32 - 1 {
        for j in 0..ys.len() as u32 - 1 {
            colours[((i + j) % 2) as usize].push((i, j));
        }
    }
    let span = |cuts: &[u32], i: u32| (cuts[i as usize], cuts[i as usize + 1] - cuts[i as usize]);
    let mut blocks = Vec::with_capacity(n);
    // Each round covers every tile once, a random colour first; within a colour the
    // order is random so corner-sharing tiles of one colour also come in any order.
    while blocks.len() < n {
        let first = rng.below(2) as usize;
        for colour in [first, 1 - first] {
            let tiles = &mut colours[colour];
            let take = tiles.len().min(n - blocks.len());
            shuffle_prefix(rng, tiles, take);
            for &(i, j) in &tiles[..take] {
                blocks.push(cuboid(span(&xs, i), span(&ys, j), height(rng, w)));
            }
        }
    }
    Input { d, s, blocks }
}

/// Makes `items[..take]` a uniform random ordered choice from `items` (the first
/// `take` steps of Fisher–Yates), in O(take): a large lattice and a small N stay cheap.
fn shuffle_prefix<T>(rng: &mut Rng, items: &mut [T], take: usize) {
    for i in 0..take {
        let j = rng.range_usize(i, items.len() - 1);
        items.swap(i, j);
    }
}

/// Where a cell sits in one side of the block that holds it.
#[derive(Clone, Copy)]
enum Edge {
    /// The block starts at the cell.
    First,
    /// The block ends at the cell.
    Last,
    /// Anywhere in the block.
    Inside,
}

/// An interval on a side of length `side` containing cell `c` at `edge`.
fn holding(rng: &mut Rng, side: u32, c: u32, edge: Edge) -> (u32, u32) {
    match edge {
        Edge::First => (c, rng.range_u32(1, side - c)),
        Edge::Last => {
            let start = rng.range_u32(0, c);
            (start, c + 1 - start)
        }
        Edge::Inside => {
            let start = rng.range_u32(0, c);
            (start, rng.range_u32(c + 1 - start, side - start))
        }
    }
}

fn needles(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let mut blocks = Vec::with_capacity(options.get_usize("n"));
    let mut needle = (0, 0);
    for i in 0..options.get_usize("n") {
        if i % 2 == 0 {
            needle = (place(rng, d, 1).0, place(rng, s, 1).0);
            let tall = rng.skewed(1, u64::from(w), 2) as u32;
            blocks.push(cuboid((needle.0, 1), (needle.1, 1), tall));
            continue;
        }
        // At least one side holds the needle at its boundary: a corner or an edge cell.
        let bounded = [Edge::First, Edge::Last];
        let (ex, ey) = match rng.below(3) {
            0 => (Edge::Inside, *rng.pick(&bounded)),
            1 => (*rng.pick(&bounded), Edge::Inside),
            _ => (*rng.pick(&bounded), *rng.pick(&bounded)),
        };
        let x = holding(rng, d, needle.0, ex);
        let y = holding(rng, s, needle.1, ey);
        blocks.push(cuboid(x, y, height(rng, w)));
    }
    Input { d, s, blocks }
}

#[cfg(test)]
mod tests {
    use super::{cuts, NEEDLES, TOUCHING};
    use crate::tetris3d::wrong_models::shifted_grid;
    use crate::{Family, Options, Rng};
    use jurybox_core::tetris3d::mutants::{closed, inclusive};
    use jurybox_core::tetris3d::{naive, Input, Tetris3d};

    /// Inputs of `family` at stress-sized options (each param uniform in
    /// `[min, stress]`, as the stress runner draws them), one per seed.
    fn stress_inputs(family: &Family<Tetris3d>, cases: u64) -> impl Iterator<Item = Input> + '_ {
        (0..cases).map(move |seed| {
            let mut draw = Rng::new(seed ^ 0x5eed);
            let mut options = Options::defaults(family.params);
            for p in family.params {
                options.set(p.name, draw.range(p.min, p.stress));
            }
            family.make(&options, seed)
        })
    }

    /// How many of `inputs` the wrong solution answers differently from naive.
    fn kills(inputs: impl Iterator<Item = Input>, wrong: impl Fn(&Input) -> u64) -> usize {
        inputs
            .filter(|input| wrong(input) != naive::solve(input))
            .count()
    }

    fn sized(family: &Family<Tetris3d>, d: u64, n: u64, seed: u64) -> Input {
        let mut options = Options::defaults(family.params);
        for (name, value) in [("d", d), ("s", d), ("n", n)] {
            options.set(name, value);
        }
        family.make(&options, seed)
    }

    #[test]
    fn cuts_are_strictly_increasing_and_clamped() {
        let mut rng = Rng::new(1);
        for (side, tiles) in [(1, 1), (1, 5), (5, 5), (5, 9), (1000, 40), (7, 1)] {
            let c = cuts(&mut rng, side, tiles);
            assert_eq!((c[0], *c.last().unwrap()), (0, side));
            assert_eq!(c.len() as u64 - 1, tiles.min(u64::from(side)));
            assert!(c.windows(2).all(|p| p[0] < p[1]), "{c:?}");
        }
    }

    #[test]
    fn touching_blocks_overlap_only_on_their_own_tile() {
        let input = sized(&TOUCHING, 60, 300, 7);
        for (i, a) in input.blocks.iter().enumerate() {
            for b in &input.blocks[..i] {
                let same = (a.x, a.y, a.d, a.s) == (b.x, b.y, b.d, b.s);
                assert_eq!(a.overlaps(b), same, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn touching_kills_closed_rectangles_and_inclusive_ranges() {
        for seed in 0..3 {
            let input = sized(&TOUCHING, 200, 2000, seed);
            let right = naive::solve(&input);
            assert!(closed::solve(&input) > right, "seed {seed}");
            assert!(inclusive::solve(&input) > right, "seed {seed}: x..=x+d");
        }
        let closed = kills(stress_inputs(&TOUCHING, 200), closed::solve);
        let inclusive = kills(stress_inputs(&TOUCHING, 200), inclusive::solve);
        assert!(
            closed >= 40 && inclusive >= 40,
            "closed {closed}, inclusive {inclusive} of 200"
        );
    }

    #[test]
    fn needles_sit_on_a_boundary_cell_of_the_next_block() {
        let input = sized(&NEEDLES, 50, 400, 3);
        for pair in input.blocks.chunks(2).filter(|p| p.len() == 2) {
            let (needle, block) = (pair[0], pair[1]);
            assert!((needle.d, needle.s) == (1, 1) && needle.overlaps(&block));
            let on_x = needle.x == block.x || needle.x == block.x + block.d - 1;
            let on_y = needle.y == block.y || needle.y == block.y + block.s - 1;
            assert!(on_x || on_y, "{needle:?} inside {block:?}");
        }
    }

    #[test]
    fn needles_kill_footprints_shrunk_by_one() {
        for seed in 0..3 {
            let input = sized(&NEEDLES, 200, 2000, seed);
            let right = naive::solve(&input);
            assert!(shifted_grid(&input, 1, 0) < right, "seed {seed}: x+1..x+d");
            assert!(shifted_grid(&input, 0, -1) < right, "seed {seed}: x..x+d-1");
        }
        let low = kills(stress_inputs(&NEEDLES, 200), |i| shifted_grid(i, 1, 0));
        let high = kills(stress_inputs(&NEEDLES, 200), |i| shifted_grid(i, 0, -1));
        assert!(
            low >= 40 && high >= 40,
            "x+1..x+d {low}, x..x+d-1 {high} of 200"
        );
    }
}
