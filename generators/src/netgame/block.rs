//! The largest components: the 5 × 4 block of 49 ropes and 20 cells (the largest
//! single component the official limits allow), the block with holes and notches,
//! and the block with a corner cell moved (20 cells in 50 ropes). These are the
//! 20-cell nets on which a search without a memo, or a memo without pruning, is
//! slow.

use super::builder::{block_cells, Builder};
use super::{param_reversed, param_side, param_spare};
use crate::{Family, Options, Param, Rng};
use jurybox_core::netgame::{Input, Netgame};

/// The spec's first test: a `w × h` block plus spare ropes.
pub(super) const BLOCK: Family<Netgame> = Family {
    name: "block",
    about: "a w x h block of cells (5 x 4: 49 ropes, 20 cells, the largest component \
            the official limits allow) plus `spare` ropes that border no whole cell, \
            shuffled; h is clamped so that w * h <= 24",
    params: &[
        param_side("w", "block width in cells", 5, 3),
        param_side("h", "block height in cells", 4, 2),
        param_spare(1, 2),
        param_reversed(50),
    ],
    generate: block,
};

/// The block's relatives with holes and notches.
pub(super) const HOLES: Family<Netgame> = Family {
    name: "holes",
    about: "a w x h block with `notches` boundary cells left out and then `holes` of \
            its ropes removed (an inner rope kills two cells, an outer one a cell), \
            plus `spare` dangling ropes",
    params: &[
        param_side("w", "block width in cells", 5, 3),
        param_side("h", "block height in cells", 4, 2),
        Param {
            name: "holes",
            about: "ropes removed from the block",
            min: 0,
            max: 40,
            default: 2,
            stress: 3,
        },
        Param {
            name: "notches",
            about: "boundary cells left out of the block",
            min: 0,
            max: 10,
            default: 2,
            stress: 2,
        },
        param_spare(1, 2),
        param_reversed(50),
    ],
    generate: holes,
};

/// A block with a corner cell moved to stick out of a side.
pub(super) const MOVED: Family<Netgame> = Family {
    name: "moved",
    about: "a w x h block whose corner cell is moved to stick out of a side: at the \
            defaults 20 cells in exactly 50 ropes, the other largest net the limits \
            allow; aimed at unmemoised and unpruned searches (slow on 20 cells)",
    params: &[
        param_side("w", "block width in cells", 5, 3),
        param_side("h", "block height in cells", 4, 2),
        param_reversed(50),
    ],
    generate: moved,
};

/// `(w, h)` with h clamped so the block has at most 24 cells.
fn sides(options: &Options) -> (u32, u32) {
    let w = options.get_u32("w");
    (w, options.get_u32("h").min(24 / w).max(1))
}

/// The lower-left corner of a `w × h` block placed at random in `[0, 50]²`.
fn place(rng: &mut Rng, w: u32, h: u32) -> (u32, u32) {
    (rng.range_u32(0, 50 - w), rng.range_u32(0, 50 - h))
}

fn block(options: &Options, rng: &mut Rng) -> Input {
    let (w, h) = sides(options);
    let (x, y) = place(rng, w, h);
    let mut net = Builder::default();
    for (cx, cy) in block_cells(x, y, w, h) {
        net.cell(cx, cy);
    }
    net.dangling(rng, options.get_usize("spare"), 50);
    net.finish(rng, true, options.get("reversed"))
}

fn holes(options: &Options, rng: &mut Rng) -> Input {
    let (w, h) = sides(options);
    let (x, y) = place(rng, w, h);
    let mut cells = block_cells(x, y, w, h);
    // Boundary cells only: leaving out an inner one would still leave its four
    // sides in the net, and the cell whole.
    for _ in 0..options.get_usize("notches") {
        let boundary: Vec<usize> = (0..cells.len())
            .filter(|&i| {
                let (cx, cy) = cells[i];
                cx == x || cy == y || cx == x + w - 1 || cy == y + h - 1
            })
            .collect();
        if boundary.len() <= 1 {
            break;
        }
        cells.remove(*rng.pick(&boundary));
    }
    let mut net = Builder::default();
    for &(cx, cy) in &cells {
        net.cell(cx, cy);
    }
    for _ in 0..options.get_usize("holes").min(net.len().saturating_sub(1)) {
        let e = *rng.pick(net.edges());
        net.remove(e);
    }
    net.dangling(rng, options.get_usize("spare"), 50);
    net.finish(rng, true, options.get("reversed"))
}

fn moved(options: &Options, rng: &mut Rng) -> Input {
    let (w, h) = sides(options);
    let (x, y) = (rng.range_u32(2, 48 - w), rng.range_u32(2, 48 - h));
    let mut cells = block_cells(x, y, w, h);
    if cells.len() > 1 {
        let corners = [
            (x, y),
            (x + w - 1, y),
            (x, y + h - 1),
            (x + w - 1, y + h - 1),
        ];
        let corner = *rng.pick(&corners);
        cells.retain(|&c| c != corner);
        // Outside cells touching exactly one remaining cell: three new ropes each,
        // and never the hole the corner left (which touches two, or is the
        // corner of a one-cell-wide block, which touches one: excluded by name).
        let inside = |c: (u32, u32)| cells.contains(&c);
        let mut spots = Vec::new();
        for &(cx, cy) in &cells {
            for (nx, ny) in [(cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)] {
                let touching = [(nx - 1, ny), (nx + 1, ny), (nx, ny - 1), (nx, ny + 1)]
                    .into_iter()
                    .filter(|&c| inside(c))
                    .count();
                if !inside((nx, ny))
                    && (nx, ny) != corner
                    && touching == 1
                    && !spots.contains(&(nx, ny))
                {
                    spots.push((nx, ny));
                }
            }
        }
        cells.push(*rng.pick(&spots));
    }
    let mut net = Builder::default();
    for (cx, cy) in cells {
        net.cell(cx, cy);
    }
    net.finish(rng, true, options.get("reversed"))
}

#[cfg(test)]
mod tests {
    use super::{BLOCK, MOVED};
    use crate::Options;
    use jurybox_core::netgame::net::Net;

    #[test]
    fn the_block_and_the_moved_block_have_twenty_cells_in_fifty_ropes() {
        for seed in 0..20 {
            let block = BLOCK.make(&Options::defaults(BLOCK.params), seed);
            assert_eq!(block.ropes.len(), 50);
            assert_eq!(Net::new(&block).cells.len(), 20);
            let moved = MOVED.make(&Options::defaults(MOVED.params), seed);
            assert_eq!(moved.ropes.len(), 50);
            let net = Net::new(&moved);
            assert_eq!(net.cells.len(), 20);
            assert_eq!(net.components().len(), 1);
        }
    }
}
