//! Many small components, each in its own slot: dominoes, L-trominoes, 2 × 2
//! squares and pairs of single cells (the source: the square is the only losing
//! tetromino, and two single cells lose), and the same pieces pressed against the
//! coordinate borders 0 and 50.

use super::builder::{Builder, Slots};
use super::param_reversed;
use crate::{Family, Options, Param, Rng};
use jurybox_core::netgame::{Input, Netgame};

/// The small pieces, by bit of the `kinds` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    /// Two single cells, in two slots (bit 1).
    SinglePair,
    /// Two cells sharing a rope (bit 2).
    Domino,
    /// Three cells in an L (bit 4).
    LTromino,
    /// Four cells in a 2 × 2 square (bit 8).
    Square,
}

impl Piece {
    const ALL: [Piece; 4] = [
        Piece::SinglePair,
        Piece::Domino,
        Piece::LTromino,
        Piece::Square,
    ];

    /// Ropes the piece takes.
    pub(super) fn ropes(self) -> usize {
        match self {
            Piece::SinglePair => 8,
            Piece::Domino => 7,
            Piece::LTromino => 10,
            Piece::Square => 12,
        }
    }

    /// The pieces whose bits are set in `kinds` (all of them when none is).
    fn of(kinds: u64) -> Vec<Piece> {
        let chosen: Vec<Piece> = (0..4)
            .filter(|b| kinds & 1 << b != 0)
            .map(|b| Piece::ALL[b])
            .collect();
        if chosen.is_empty() {
            Piece::ALL.to_vec()
        } else {
            chosen
        }
    }
}

/// The cells of one connected piece (not a pair) inside the 2 × 2 box at `(x, y)`,
/// in a random orientation.
pub(super) fn cells_in_box(piece: Piece, rng: &mut Rng, x: u32, y: u32) -> Vec<(u32, u32)> {
    let all = [(0, 0), (1, 0), (0, 1), (1, 1)];
    let local: Vec<(u32, u32)> = match piece {
        Piece::SinglePair => vec![all[rng.below(4) as usize]],
        Piece::Domino => {
            if rng.chance(1, 2) {
                vec![(0, 0), (1, 0)]
            } else {
                vec![(0, 0), (0, 1)]
            }
        }
        Piece::LTromino => {
            let left_out = rng.below(4) as usize;
            (0..4).filter(|&i| i != left_out).map(|i| all[i]).collect()
        }
        Piece::Square => all.to_vec(),
    };
    local.into_iter().map(|(i, j)| (x + i, y + j)).collect()
}

/// Adds `piece` using as many slots as it needs.
pub(super) fn add_piece(net: &mut Builder, slots: &mut Slots, rng: &mut Rng, piece: Piece) {
    let boxes = if piece == Piece::SinglePair { 2 } else { 1 };
    for _ in 0..boxes {
        let (x, y) = slots.take();
        for (cx, cy) in cells_in_box(piece, rng, x, y) {
            net.cell(cx, cy);
        }
    }
}

/// Slots for up to `count` pieces: three units apart, at least 16 to a row (so
/// they fill `[0, 50]²` officially), square-ish when there are many.
pub(super) fn slots_for(count: usize) -> Slots {
    let per_row = ((count as f64).sqrt().ceil() as u32).max(16);
    Slots {
        stride: 3,
        per_row,
        next: 0,
    }
}

/// Many small components.
pub(super) const MANY: Family<Netgame> = Family {
    name: "many",
    about: "small components (pairs of single cells, dominoes, L-trominoes, 2 x 2 \
            squares; `kinds` is a bitmask 1/2/4/8 of them) until n ropes are used; \
            n up to 100000 makes extended inputs",
    params: &[
        Param {
            name: "n",
            about: "rope budget (N is at most n, at least the first piece's ropes)",
            min: 7,
            max: 100_000,
            default: 50,
            stress: 24,
        },
        Param {
            name: "kinds",
            about: "bitmask of pieces: 1 single-cell pairs, 2 dominoes, 4 L-trominoes, \
                    8 squares (0 means all)",
            min: 0,
            max: 15,
            default: 15,
            stress: 15,
        },
        param_reversed(50),
    ],
    generate: many,
};

fn many(options: &Options, rng: &mut Rng) -> Input {
    let budget = options.get_usize("n");
    let kinds = Piece::of(options.get("kinds"));
    let mut net = Builder::default();
    let mut slots = slots_for(budget / 3);
    loop {
        let fitting: Vec<Piece> = kinds
            .iter()
            .copied()
            .filter(|p| net.len() + p.ropes() <= budget)
            .collect();
        if fitting.is_empty() {
            break;
        }
        let piece = *rng.pick(&fitting);
        add_piece(&mut net, &mut slots, rng, piece);
    }
    if net.len() == 0 {
        // A budget below every chosen piece still makes a valid net: one domino.
        add_piece(&mut net, &mut slots, rng, Piece::Domino);
    }
    net.finish(rng, true, options.get("reversed"))
}

/// Pieces pressed against the coordinate borders.
pub(super) const BORDER: Family<Netgame> = Family {
    name: "border",
    about: "small pieces in the four corners of [0, side]^2 and along its edges, \
            touching coordinates 0 and side (50: the limit the source warns about), \
            until n ropes are used",
    params: &[
        Param {
            name: "side",
            about: "the far border coordinate",
            min: 5,
            max: 1_000_000,
            default: 50,
            stress: 50,
        },
        Param {
            name: "n",
            about: "rope budget",
            min: 7,
            max: 50,
            default: 50,
            stress: 24,
        },
        param_reversed(50),
    ],
    generate: border,
};

fn border(options: &Options, rng: &mut Rng) -> Input {
    let side = options.get_u32("side");
    let budget = options.get_usize("n");
    let far = side - 2;
    // Corners first, then the middles of the edges (when the side leaves room).
    let mut boxes = vec![(0, 0), (far, 0), (0, far), (far, far)];
    if side >= 9 {
        let mid = side / 2 - 1;
        boxes.extend([(mid, 0), (0, mid), (far, mid), (mid, far)]);
    }
    let connected = [Piece::Domino, Piece::LTromino, Piece::Square];
    let mut net = Builder::default();
    for (x, y) in boxes {
        let fitting: Vec<Piece> = connected
            .iter()
            .copied()
            .filter(|p| net.len() + p.ropes() <= budget)
            .collect();
        if fitting.is_empty() {
            break;
        }
        let piece = *rng.pick(&fitting);
        // Press the piece into the box's outer corner: a square fills the box,
        // the others are drawn until one touches the border the box lies on.
        let touches = |cells: &[(u32, u32)]| {
            cells
                .iter()
                .any(|&(cx, cy)| cx == 0 || cy == 0 || cx + 1 == side || cy + 1 == side)
        };
        let mut cells = cells_in_box(piece, rng, x, y);
        while !touches(&cells) {
            cells = cells_in_box(piece, rng, x, y);
        }
        for (cx, cy) in cells {
            net.cell(cx, cy);
        }
    }
    if net.len() == 0 {
        net.cell(0, 0);
    }
    net.finish(rng, true, options.get("reversed"))
}
