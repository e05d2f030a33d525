//! Positions built from known Grundy values, aimed at the spec's wrong solutions.
//!
//! The values (hand analysis, checked by this crate's tests with the reference
//! engines): a single cell 1 (its only move empties it); a domino 2 (both cells,
//! or one); a 1 × k strip plays Kayles, 0 1 2 3 1 4 3 2 1 4 2 6 for k = 0..11; a
//! 2 × 2 square 0 (the source). Equal components cancel (g ⊕ g = 0).

use super::builder::{Builder, Slots};
use super::pieces::{add_piece, slots_for, Piece};
use super::{param_reversed, param_spare};
use crate::{Family, Options, Param, Rng};
use jurybox_core::netgame::{Input, Netgame};

/// One winning rope among many.
pub(super) const RARE: Family<Netgame> = Family {
    name: "rare",
    about: "a domino and `pairs` pairs of single cells (value 2): the domino's shared \
            rope is the only winning move (no single cell has an option of value 3), \
            hidden among the others by the shuffle; kills solutions that print a \
            plausible rope without checking it",
    params: &[
        Param {
            name: "pairs",
            about: "pairs of single cells",
            min: 0,
            max: 1000,
            default: 5,
            stress: 2,
        },
        param_spare(3, 2),
        param_reversed(50),
    ],
    generate: rare,
};

fn rare(options: &Options, rng: &mut Rng) -> Input {
    let pairs = options.get_usize("pairs");
    let mut net = Builder::default();
    let mut slots = slots_for(2 * pairs + 1);
    add_piece(&mut net, &mut slots, rng, Piece::Domino);
    for _ in 0..pairs {
        add_piece(&mut net, &mut slots, rng, Piece::SinglePair);
    }
    let side = (slots.per_row * slots.stride).max(50);
    net.dangling(rng, options.get_usize("spare"), side);
    net.finish(rng, true, options.get("reversed"))
}

/// Positions where the parity of the cells lies.
pub(super) const PARITY: Family<Netgame> = Family {
    name: "parity",
    about: "mode 0: a domino, `squares` 2 x 2 squares and `pairs` pairs of single \
            cells (even cells, value 2: won); mode 1: a 1 x 4 strip and one single \
            cell (Kayles 1 and 1) with the same (odd cells, value 0: lost); kills \
            parity guesses and one-cell-per-cut searches",
    params: &[
        Param {
            name: "mode",
            about: "0 even and won, 1 odd and lost",
            min: 0,
            max: 1,
            default: 0,
            stress: 1,
        },
        Param {
            name: "squares",
            about: "2 x 2 squares (value 0)",
            min: 0,
            max: 100,
            default: 2,
            stress: 0,
        },
        Param {
            name: "pairs",
            about: "pairs of single cells (value 0)",
            min: 0,
            max: 100,
            default: 1,
            stress: 0,
        },
        param_reversed(50),
    ],
    generate: parity,
};

fn parity(options: &Options, rng: &mut Rng) -> Input {
    let (squares, pairs) = (options.get_usize("squares"), options.get_usize("pairs"));
    let mut net = Builder::default();
    let mut slots = slots_for(squares + 2 * pairs + 2);
    if options.get("mode") == 0 {
        add_piece(&mut net, &mut slots, rng, Piece::Domino);
    } else {
        // The strip along the bottom, five units wide; the slots start a row up.
        for x in 0..4 {
            net.cell(x, 0);
        }
        slots.next = slots.per_row;
        let (x, y) = slots.take();
        net.cell(x, y);
    }
    for _ in 0..squares {
        add_piece(&mut net, &mut slots, rng, Piece::Square);
    }
    for _ in 0..pairs {
        add_piece(&mut net, &mut slots, rng, Piece::SinglePair);
    }
    net.finish(rng, true, options.get("reversed"))
}

/// Strips of Kayles.
pub(super) const STRIPS: Family<Netgame> = Family {
    name: "strips",
    about: "1 x k strips with k uniform in 1..=len (Kayles: a cut removes one cell or \
            two adjacent ones) until n ropes are used; kills searches where a shared \
            rope removes one cell",
    params: &[
        Param {
            name: "len",
            about: "longest strip",
            min: 1,
            max: 24,
            default: 6,
            stress: 4,
        },
        Param {
            name: "n",
            about: "rope budget",
            min: 4,
            max: 100_000,
            default: 50,
            stress: 24,
        },
        param_reversed(50),
    ],
    generate: strips,
};

fn strips(options: &Options, rng: &mut Rng) -> Input {
    let (len, budget) = (options.get_u32("len"), options.get_usize("n"));
    let mut net = Builder::default();
    // One strip per row of slots, rows two units apart.
    let mut slots = Slots {
        stride: 2,
        per_row: 1,
        next: 0,
    };
    loop {
        let k = rng.range_u32(1, len);
        let ropes = 3 * k as usize + 1;
        if net.len() + ropes > budget {
            if net.len() == 0 {
                strip(&mut net, &mut slots, 1);
            }
            break;
        }
        strip(&mut net, &mut slots, k);
    }
    net.finish(rng, true, options.get("reversed"))
}

/// Adds a horizontal 1 × k strip in the next slot (which must be k + 1 wide).
fn strip(net: &mut Builder, slots: &mut Slots, k: u32) {
    let (x, y) = slots.take();
    for i in 0..k {
        net.cell(x + i, y);
    }
}
