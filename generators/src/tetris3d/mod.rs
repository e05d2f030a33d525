//! Tetris 3D families: the jury's test table (POI XIII, tet1–tet14) first, then
//! families aimed at the wrong and slow solutions the spec lists.
//!
//! Code map, one job per file:
//! - `jury.rs`: the random-shaped rows of the table (`small`, `random`, `basic`,
//!   `large`, `flood`, `small-random`);
//! - `thin.rs`: long thin footprints that make quadtrees and one-tree-per-row
//!   solutions slow (`strips`, `lines`, `wide`);
//! - `contact.rs`: footprints that meet along edges, corners and boundary cells,
//!   which expose closed rectangles and off-by-one ranges (`touching`, `needles`);
//! - `mixed.rs`: crossing thin bars for the 2-D tree that forgets its mixed cases;
//! - `oblong.rs`: a platform that is not square, its highest point beyond the
//!   shorter side, for D and S confused;
//! - `staircase.rs`: a chain where every block lands on the previous one, for the
//!   largest answer;
//! - `odd_edges.rs`: nearly full footprints whose edges are all at odd coordinates,
//!   a region quadtree's worst case (`odd-edges`).
//!
//! Every family accepts every combination of option values inside its declared
//! ranges (the stress runner draws each one independently), clamping internally where
//! options interact, and respects the official limits whenever its options do.

mod contact;
mod jury;
mod mixed;
mod oblong;
mod odd_edges;
mod staircase;
mod thin;
#[cfg(test)]
mod wrong_models;

use crate::{Family, Generate, Param, Rng};
use jurybox_core::tetris3d::{Block, Tetris3d};

/// Every family: the jury's table in its order, then the killers.
static FAMILIES: [Family<Tetris3d>; 15] = [
    jury::SMALL,
    jury::RANDOM,
    jury::BASIC,
    thin::STRIPS,
    jury::FLOOD,
    jury::LARGE,
    jury::SMALL_RANDOM,
    thin::LINES,
    contact::TOUCHING,
    contact::NEEDLES,
    thin::WIDE,
    staircase::STAIRCASE,
    mixed::MIXED,
    oblong::OBLONG,
    odd_edges::ODD_EDGES,
];

impl Generate for Tetris3d {
    fn families() -> &'static [Family<Self>] {
        &FAMILIES
    }
}

/// The platform length `D`, with the jury's value as default.
const fn param_d(default: u64) -> Param {
    Param {
        name: "d",
        about: "platform length D",
        min: 1,
        max: 2048,
        default,
        stress: 10,
    }
}

/// The platform width `S`, with the jury's value as default.
const fn param_s(default: u64) -> Param {
    Param {
        name: "s",
        about: "platform width S",
        min: 1,
        max: 2048,
        default,
        stress: 10,
    }
}

/// The number of blocks `N`: exactly this many lines follow the header.
const fn param_n(default: u64) -> Param {
    Param {
        name: "n",
        about: "number of blocks N",
        min: 1,
        max: 1_000_000,
        default,
        stress: 12,
    }
}

/// The largest block height; small stress values make ties common.
const fn param_w(default: u64) -> Param {
    Param {
        name: "w",
        about: "largest block height",
        min: 1,
        max: 1_000_000,
        default,
        stress: 5,
    }
}

/// Which way the long side of a thin footprint lies (see [`along`]).
const fn param_dir(default: u64) -> Param {
    Param {
        name: "dir",
        about: "long side along: 0 = either, at random per block; 1 = x (D); 2 = y (S)",
        min: 0,
        max: 2,
        default,
        stress: 2,
    }
}

/// The axis a thin footprint's long side lies along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    /// Along x: the long side is measured against `D`.
    X,
    /// Along y: the long side is measured against `S`.
    Y,
}

/// The axis for one block under a `dir` option: fixed for 1 and 2, a coin for 0
/// (solutions may keep their per-row trees along either axis, so a suite needs both).
fn along(rng: &mut Rng, dir: u64) -> Axis {
    match dir {
        1 => Axis::X,
        2 => Axis::Y,
        _ if rng.chance(1, 2) => Axis::X,
        _ => Axis::Y,
    }
}

/// A block from its x interval `(x, d)`, its y interval `(y, s)` and its height.
/// The platform `D`, `S` and the largest height `w`: every family has these three.
fn platform(options: &crate::Options) -> (u32, u32, u32) {
    (
        options.get_u32("d"),
        options.get_u32("s"),
        options.get_u32("w"),
    )
}

fn cuboid((x, d): (u32, u32), (y, s): (u32, u32), w: u32) -> Block {
    Block { d, s, w, x, y }
}

/// A uniform position for an interval of length `len` on a side of length `side`.
fn place(rng: &mut Rng, side: u32, len: u32) -> (u32, u32) {
    (rng.range_u32(0, side - len), len)
}

/// A uniform height in `1..=w`.
fn height(rng: &mut Rng, w: u32) -> u32 {
    rng.range_u32(1, w)
}
