//! Network game families: the spec's test list first (the 5 × 4 block and its
//! relatives, many small components, the coordinate borders, dangling and
//! reversed ropes, rare winning moves, dense random nets), then families aimed at
//! the spec's known wrong and slow solutions.
//!
//! Code map, one job per file:
//! - `block.rs`: the largest components (`block`, `holes`, `moved`);
//! - `pieces.rs`: many small components laid out in slots (`many`, `border`);
//! - `random.rs`: random nets (`dense`, `dangling`);
//! - `aimed.rs`: positions built from known values (`rare`, `parity`, `strips`);
//! - `inner.rs`: blocks with a cell among four whole neighbours (`inner`);
//! - `builder.rs`: the net under construction, shared by all.
//!
//! Values used to aim a family come from the spec and from hand analysis written
//! next to the family (a single cell has Grundy value 1, a domino 2, a 2 × 2
//! square 0, a 1 × k strip is Kayles); the generators never run a solver, and the
//! tests check every such claim with the reference engines.
//!
//! Every family accepts every combination of option values inside its declared
//! ranges, clamping where options interact (no component above 24 cells), and
//! makes official inputs (N ≤ 50, coordinates ≤ 50) at its defaults.

mod aimed;
mod block;
mod builder;
mod inner;
#[cfg(test)]
mod kills;
mod pieces;
mod random;

use crate::{Family, Generate, Param};
use jurybox_core::netgame::Netgame;

/// Every family: the spec's list in its order, then the killers.
static FAMILIES: [Family<Netgame>; 11] = [
    block::BLOCK,
    block::HOLES,
    pieces::MANY,
    pieces::BORDER,
    random::DANGLING,
    aimed::RARE,
    random::DENSE,
    aimed::PARITY,
    aimed::STRIPS,
    block::MOVED,
    inner::INNER,
];

impl Generate for Netgame {
    fn families() -> &'static [Family<Self>] {
        &FAMILIES
    }
}

/// The share of ropes written with their end points in reverse order.
const fn param_reversed(default: u64) -> Param {
    Param {
        name: "reversed",
        about: "percent of ropes written end point first that is right or above",
        min: 0,
        max: 100,
        default,
        stress: 100,
    }
}

/// A width or height in cells, clamped by the families so that no component
/// exceeds 24 cells.
const fn param_side(name: &'static str, about: &'static str, default: u64, stress: u64) -> Param {
    Param {
        name,
        about,
        min: 1,
        max: 24,
        default,
        stress,
    }
}

/// Dangling ropes: ropes that are a side of no whole cell.
const fn param_spare(default: u64, stress: u64) -> Param {
    Param {
        name: "spare",
        about: "extra ropes that are a side of no whole cell",
        min: 0,
        max: 1000,
        default,
        stress,
    }
}
