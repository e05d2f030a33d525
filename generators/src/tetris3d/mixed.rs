//! `mixed`: crossing thin bars for the 2-D segment tree that forgets its mixed cases.
//!
//! A 2-D tree node is a pair (x-node, y-node). A falling block relates to it in each
//! dimension by either covering it or only meeting it, so a correct node keeps four
//! maxima; a tree that keeps only "assigned here" (covers in both) and "subtree max"
//! (meets in both) must answer the two mixed cases from the wrong one. A tall-narrow
//! bar and a short-wide bar that cross produce exactly those cases: the wide bar
//! covers a high x-node in which the narrow one is only a sliver, while the tall bar
//! covers a high y-node in which the wide one is only a sliver. Using "assigned here"
//! there misses the crossing (answers too low); using "subtree max" sees bars that
//! share the node but not the query (answers too high). Positions and lengths are
//! random, so the bars do not sit on node boundaries of any tree shape.

use super::{cuboid, height, param_d, param_n, param_s, param_w, place, platform};
use crate::{Family, Options, Param, Rng};
use jurybox_core::tetris3d::{Block, Input, Tetris3d};

/// Alternating tall-narrow and short-wide bars at unaligned positions.
pub(super) const MIXED: Family<Tetris3d> = Family {
    name: "mixed",
    about: "alternating tall-narrow and short-wide bars (thin side 1..=thin, long side \
            skewed towards the full side) at unaligned random places, so they cross: \
            kills the 2-D tree that keeps only 'assigned here' and 'subtree max' and \
            forgets the two mixed cases",
    params: &[
        param_d(1000),
        param_s(1000),
        param_n(20_000),
        param_w(100_000),
        Param {
            name: "thin",
            about: "widest thin side of a bar (clamped to the side)",
            min: 1,
            max: 2048,
            default: 4,
            stress: 2,
        },
    ],
    generate: mixed,
};

/// A long interval: a third of the time the whole side (the bar then covers the
/// root, whatever the tree's shape), otherwise a length skewed towards the whole
/// side, placed uniformly.
fn long(rng: &mut Rng, side: u32) -> (u32, u32) {
    if rng.chance(1, 3) {
        return (0, side);
    }
    let len = rng.skewed(1, u64::from(side), 2) as u32;
    place(rng, side, len)
}

/// A long interval that stops right before `(start, len)` or starts right after it
/// (a near miss), or `None` when that interval leaves no room on either side.
fn near_miss(rng: &mut Rng, side: u32, (start, len): (u32, u32)) -> Option<(u32, u32)> {
    let end = start + len;
    let before = start > 0;
    let after = end < side;
    if before && (!after || rng.chance(1, 2)) {
        let from = rng.skewed(0, u64::from(start - 1), -2) as u32;
        Some((from, start - from))
    } else if after {
        let to = rng.skewed(u64::from(end + 1), u64::from(side), 2) as u32;
        Some((end, to - end))
    } else {
        None
    }
}

/// A thin interval: length `1..=min(thin, side)`, placed uniformly.
fn thin(rng: &mut Rng, side: u32, thin: u32) -> (u32, u32) {
    let len = rng.range_u32(1, thin.min(side));
    place(rng, side, len)
}

/// Even blocks are tall-narrow, odd ones short-wide. Half the time a bar's long side
/// crosses the previous bar (the "assigned here" bug misses it), half the time it
/// stops exactly at it, touching without overlap (the "subtree max" bug and closed
/// rectangles see it).
fn mixed(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = platform(options);
    let width = options.get_u32("thin");
    let mut blocks: Vec<Block> = Vec::with_capacity(options.get_usize("n"));
    for i in 0..options.get_usize("n") {
        let prev = blocks.last().copied();
        let miss = |rng: &mut Rng, side, interval| match prev {
            Some(_) if rng.chance(1, 2) => near_miss(rng, side, interval),
            _ => None,
        };
        let block = if i % 2 == 0 {
            let narrow = thin(rng, d, width);
            let tall = prev
                .and_then(|p| miss(rng, s, (p.y, p.s)))
                .unwrap_or_else(|| long(rng, s));
            cuboid(narrow, tall, height(rng, w))
        } else {
            let short = thin(rng, s, width);
            let wide = prev
                .and_then(|p| miss(rng, d, (p.x, p.d)))
                .unwrap_or_else(|| long(rng, d));
            cuboid(wide, short, height(rng, w))
        };
        blocks.push(block);
    }
    Input { d, s, blocks }
}

#[cfg(test)]
mod tests {
    use super::MIXED;
    use crate::tetris3d::jury::{RANDOM, SMALL};
    use crate::tetris3d::wrong_models::{tree2d, MixedAs};
    use crate::{Family, Options, Rng};
    use jurybox_core::tetris3d::mutants::unmixed;
    use jurybox_core::tetris3d::{naive, Input, Tetris3d};

    /// Inputs at stress-sized options (each param uniform in `[min, stress]`).
    fn stress_inputs(family: &Family<Tetris3d>, cases: u64) -> Vec<Input> {
        (0..cases)
            .map(|seed| {
                let mut draw = Rng::new(seed ^ 0x5eed);
                let mut options = Options::defaults(family.params);
                for p in family.params {
                    options.set(p.name, draw.range(p.min, p.stress));
                }
                family.make(&options, seed)
            })
            .collect()
    }

    fn kills(inputs: &[Input], wrong: impl Fn(&Input) -> u64) -> usize {
        inputs
            .iter()
            .filter(|i| wrong(i) != naive::solve(i))
            .count()
    }

    #[test]
    fn the_four_value_tree_is_right() {
        // The model the wrong trees are cut from must itself agree with naive.
        for input in stress_inputs(&MIXED, 300)
            .iter()
            .chain(&stress_inputs(&SMALL, 300))
        {
            assert_eq!(
                tree2d(input, MixedAs::Exact),
                naive::solve(input),
                "{input:?}"
            );
        }
    }

    #[test]
    fn mixed_kills_the_tree_without_mixed_cases() {
        let mut options = Options::defaults(MIXED.params);
        for (name, value) in [("d", 200), ("s", 150), ("n", 2000)] {
            options.set(name, value);
        }
        for seed in 0..3 {
            let input = MIXED.make(&options, seed);
            let right = naive::solve(&input);
            assert!(unmixed::solve(&input) < right, "seed {seed}");
            assert!(tree2d(&input, MixedAs::Subtree) > right, "seed {seed}");
        }
        // At stress sizes it kills both variants, and the subtle one ("assigned
        // here" in the mixed cases, which only ever answers too low) far more often
        // than the jury's random shapes do (with core's `unmixed` mutant, a
        // power-of-two tree: 116 against 81 and 45 of 300 when written).
        let bars = stress_inputs(&MIXED, 300);
        let (varied, uniform) = (stress_inputs(&SMALL, 300), stress_inputs(&RANDOM, 300));
        let subtle = kills(&bars, unmixed::solve);
        let (varied, uniform) = (
            kills(&varied, unmixed::solve),
            kills(&uniform, unmixed::solve),
        );
        assert!(
            subtle >= 100 && subtle > varied && subtle > uniform,
            "{subtle} {varied} {uniform}"
        );
        assert!(kills(&bars, |i| tree2d(i, MixedAs::Subtree)) >= 100);
    }
}
