//! Nets with an inner cell: a whole cell whose four neighbours are whole too.
//!
//! The spec's rule for one cell: it is removed alone only while it has fewer
//! than four whole neighbours (a side it does not share with a whole cell is
//! cut). A solution that lets an inner cell go alone plays a game with moves
//! that do not exist. The block families have inner cells only at sizes the
//! stress runner never draws (its 3 × 2 blocks, 14 ropes of a 3 × 3 grid), so
//! such a solution passed 1982 stress cases (issue 45's session notes). This
//! family is the spec's block "and its relatives (holes, notches)" with one
//! inner cell kept: a `w × h` block (at least 3 × 3) whose cross (an inner cell
//! and its four neighbours) is never touched, with `notches` other cells left
//! out and `holes` ropes that are no side of the cross removed. At stress
//! sizes it is a 3 × 3 block, 24 ropes at most: the cells engine and the naive
//! ropes engine both solve it.

use super::builder::{block_cells, Builder};
use super::{param_reversed, param_spare};
use crate::{Family, Options, Param, Rng};
use jurybox_core::netgame::net::sides_of;
use jurybox_core::netgame::{Input, Netgame};

/// A block with an inner cell kept whole among four whole neighbours.
pub(super) const INNER: Family<Netgame> = Family {
    name: "inner",
    about: "a w x h block (at least 3 x 3; h clamped so that w * h <= 24) with an inner \
            cell whose four neighbours stay whole, `notches` other cells left out and \
            `holes` ropes that are no side of that cross removed, plus `spare` dangling \
            ropes; aimed at solutions that let a cell with four whole neighbours go alone",
    params: &[
        side("w", "block width in cells", 5),
        side("h", "block height in cells", 4),
        Param {
            name: "notches",
            about: "cells outside the kept cross left out of the block",
            min: 0,
            max: 16,
            default: 2,
            stress: 4,
        },
        Param {
            name: "holes",
            about: "ropes removed that are no side of the kept cross",
            min: 0,
            max: 20,
            default: 1,
            stress: 2,
        },
        param_spare(1, 2),
        param_reversed(50),
    ],
    generate: inner,
};

/// A side of the block: 3 (the least with an inner cell) to 8 (24 cells
/// over 3 rows); 3 at stress sizes.
const fn side(name: &'static str, about: &'static str, default: u64) -> Param {
    Param {
        name,
        about,
        min: 3,
        max: 8,
        default,
        stress: 3,
    }
}

/// The four neighbours of cell `(x, y)` (its caller keeps it off 0).
fn neighbours((x, y): (u32, u32)) -> [(u32, u32); 4] {
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
}

fn inner(options: &Options, rng: &mut Rng) -> Input {
    let w = options.get_u32("w");
    let h = options.get_u32("h").min(24 / w).max(3);
    let (x, y) = (rng.range_u32(0, 50 - w), rng.range_u32(0, 50 - h));
    let centre = (
        rng.range_u32(x + 1, x + w - 2),
        rng.range_u32(y + 1, y + h - 2),
    );
    let mut cross = neighbours(centre).to_vec();
    cross.push(centre);
    let mut cells = block_cells(x, y, w, h);
    for _ in 0..options.get_usize("notches") {
        // Only a cell with a neighbour outside the block leaves a gap: one
        // among four kept cells would still have its four sides.
        let open: Vec<usize> = (0..cells.len())
            .filter(|&i| {
                let (cx, cy) = cells[i];
                !cross.contains(&cells[i])
                    && (cx == 0
                        || cy == 0
                        || neighbours((cx, cy)).iter().any(|n| !cells.contains(n)))
            })
            .collect();
        if open.is_empty() {
            break;
        }
        cells.remove(*rng.pick(&open));
    }
    let mut net = Builder::default();
    for &(cx, cy) in &cells {
        net.cell(cx, cy);
    }
    let kept: Vec<_> = cross
        .iter()
        .flat_map(|&(cx, cy)| sides_of(cx, cy))
        .collect();
    for _ in 0..options.get_usize("holes") {
        let loose: Vec<_> = net
            .edges()
            .iter()
            .copied()
            .filter(|e| !kept.contains(e))
            .collect();
        if loose.is_empty() {
            break;
        }
        net.remove(*rng.pick(&loose));
    }
    net.dangling(rng, options.get_usize("spare"), 50);
    net.finish(rng, true, options.get("reversed"))
}

#[cfg(test)]
mod tests {
    use super::INNER;
    use crate::{Options, Rng};
    use jurybox_core::netgame::net::Net;

    /// Whether some whole cell of `net` has four whole neighbours.
    fn has_inner_cell(net: &Net) -> bool {
        net.across.iter().any(|a| a.iter().all(Option::is_some))
    }

    #[test]
    fn every_net_has_a_cell_with_four_whole_neighbours() {
        let mut draw = Rng::new(45);
        for seed in 0..200 {
            let defaults = INNER.make(&Options::defaults(INNER.params), seed);
            assert!(defaults.ropes.len() <= 50, "seed {seed}: official size");
            assert!(has_inner_cell(&Net::new(&defaults)), "seed {seed}");
            let options = Options::from_params(INNER.params, |p| draw.range(p.min, p.stress));
            let stress = INNER.make(&options, seed);
            assert!(has_inner_cell(&Net::new(&stress)), "{options} seed {seed}");
        }
    }
}
