//! Random nets: dense random subsets of the ropes of small grids (tiled for the
//! extended limits), and a few lost pieces drowned in dangling ropes given with
//! reversed end points.

use super::builder::{edge, Builder};
use super::pieces::{add_piece, slots_for, Piece};
use super::{param_reversed, param_side};
use crate::{Family, Options, Param, Rng};
use jurybox_core::netgame::{Input, Netgame};

/// Dense random subsets of small grids.
pub(super) const DENSE: Family<Netgame> = Family {
    name: "dense",
    about: "`tiles` grids of w x h cells (h clamped so that w * h <= 24), each keeping \
            n of its ropes at random; tiles=2000 n=50 makes 100000 ropes whose \
            components reach 24 cells (extended)",
    params: &[
        param_side("w", "tile width in cells", 6, 3),
        param_side("h", "tile height in cells", 4, 3),
        Param {
            name: "n",
            about: "ropes kept per tile (clamped to the tile's ropes)",
            min: 1,
            max: 1000,
            default: 48,
            stress: 14,
        },
        Param {
            name: "tiles",
            about: "number of tiles (one is an official test)",
            min: 1,
            max: 5000,
            default: 1,
            stress: 2,
        },
        param_reversed(50),
    ],
    generate: dense,
};

fn dense(options: &Options, rng: &mut Rng) -> Input {
    let w = options.get_u32("w");
    let h = options.get_u32("h").min(24 / w).max(1);
    let tiles = options.get_u32("tiles");
    let per_row = (f64::from(tiles).sqrt().ceil() as u32).max(1);
    let mut net = Builder::default();
    for t in 0..tiles {
        // Tiles one unit apart: no cell between two tiles has its four sides.
        let (ox, oy) = ((t % per_row) * (w + 1), (t / per_row) * (h + 1));
        let mut grid: Vec<_> = (0..=h)
            .flat_map(|y| (0..w).map(move |x| edge(false, ox + x, oy + y)))
            .chain((0..h).flat_map(|y| (0..=w).map(move |x| edge(true, ox + x, oy + y))))
            .collect();
        rng.shuffle(&mut grid);
        grid.truncate(options.get_usize("n"));
        for e in grid {
            net.rope(e);
        }
    }
    net.finish(rng, true, options.get("reversed"))
}

/// Lost pieces and dangling ropes.
pub(super) const DANGLING: Family<Netgame> = Family {
    name: "dangling",
    about: "`squares` 2 x 2 squares (each lost) and `dangling` ropes that border no \
            whole cell, all near each other, end points reversed by default; an odd \
            N kills solutions that let any rope be cut",
    params: &[
        Param {
            name: "squares",
            about: "2 x 2 squares",
            min: 0,
            max: 3,
            default: 2,
            stress: 1,
        },
        Param {
            name: "dangling",
            about: "ropes that border no whole cell",
            min: 1,
            max: 40,
            default: 13,
            stress: 5,
        },
        param_reversed(100),
    ],
    generate: dangling,
};

fn dangling(options: &Options, rng: &mut Rng) -> Input {
    let squares = options.get_usize("squares");
    let mut net = Builder::default();
    let mut slots = slots_for(squares);
    slots.per_row = 2;
    for _ in 0..squares {
        add_piece(&mut net, &mut slots, rng, Piece::Square);
    }
    // A box just around the squares, so many dangling ropes touch them.
    net.dangling(rng, options.get_usize("dangling"), 7);
    net.finish(rng, true, options.get("reversed"))
}
