//! Blokus 3D families: the jury's tests first (long games on open boards, crowds
//! of players on small boards, boards with holes, corridors, maximal cases), then
//! families aimed at the spec's known wrong solutions.
//!
//! Code map: `boards.rs` makes boards; `play.rs` plays a game on one with core's
//! plain rules model (never an engine under test) and a share of illegal actions of
//! every kind; `jury.rs` (the jury's families) and `aimed.rs` (those aimed at the known wrong solutions) are the family tables.
//!
//! Every family accepts every combination of option values inside its declared
//! ranges, and respects the official limits whenever its options do (T ≤ 20,
//! N ≤ 600, K ≤ 50, X, Y ≤ 100).

mod aimed;
mod boards;
mod jury;
mod play;

use crate::{Family, Generate, Options, Param, Rng};
use jurybox_core::blokus3d::{Blokus3d, Game, Input};
use play::Style;

/// Every family: the jury's first, then the killers.
static FAMILIES: [Family<Blokus3d>; 10] = [
    jury::OPEN,
    jury::CROWD,
    jury::HOLES,
    jury::CORRIDOR,
    jury::MAXIMAL,
    aimed::MIRROR,
    aimed::ILLEGAL_TURN,
    aimed::STUCK,
    aimed::OVERHANG,
    aimed::FIRST_CONTACT,
];

impl Generate for Blokus3d {
    fn families() -> &'static [Family<Self>] {
        &FAMILIES
    }
}

/// The parameters every family has, with its own defaults and stress sizes:
/// `[t, n, k, x, y, illegal, holes]` as `(default, stress)`.
const fn params(values: [(u64, u64); 7]) -> [Param; 7] {
    [
        Param {
            name: "t",
            about: "test cases T",
            min: 1,
            max: 100,
            default: values[0].0,
            stress: values[0].1,
        },
        Param {
            name: "n",
            about: "actions N per test case",
            min: 1,
            max: 5000,
            default: values[1].0,
            stress: values[1].1,
        },
        Param {
            name: "k",
            about: "players K (families with few players draw K in 2..=k per case)",
            min: 1,
            max: 250,
            default: values[2].0,
            stress: values[2].1,
        },
        Param {
            name: "x",
            about: "board rows X (some families draw smaller boards up to it)",
            min: 1,
            max: 300,
            default: values[3].0,
            stress: values[3].1,
        },
        Param {
            name: "y",
            about: "board columns Y",
            min: 1,
            max: 300,
            default: values[4].0,
            stress: values[4].1,
        },
        Param {
            name: "illegal",
            about: "percent of actions aimed at an illegal kind",
            min: 0,
            max: 100,
            default: values[5].0,
            stress: values[5].1,
        },
        Param {
            name: "holes",
            about: "percent of '#' cells (families with holes)",
            min: 0,
            max: 90,
            default: values[6].0,
            stress: values[6].1,
        },
    ]
}

/// How one family lays out its test cases.
struct Layout<'a> {
    /// The board of one case, given its size.
    board: fn(&mut Rng, u32, u32, u64) -> Vec<bool>,
    /// Whether each case draws K in `2..=k` (else K = k) and the board in
    /// `ceil(x/2)..=x` × `ceil(y/2)..=y` (else exactly x × y).
    vary: bool,
    style: Style<'a>,
}

/// The input of `plan` under `options`.
fn build(options: &Options, rng: &mut Rng, plan: &Layout) -> Input {
    let t = options.get_usize("t");
    let n = options.get_usize("n");
    let (k, x, y) = (
        options.get_u32("k"),
        options.get_u32("x"),
        options.get_u32("y"),
    );
    let holes = options.get("holes");
    let style = Style {
        illegal: options.get("illegal"),
        ..plan.style
    };
    let games = (0..t)
        .map(|_| {
            let (k, rows, cols) = if plan.vary {
                (
                    rng.range_u32(k.min(2), k),
                    rng.range_u32(x.div_ceil(2), x),
                    rng.range_u32(y.div_ceil(2), y),
                )
            } else {
                (k, x, y)
            };
            let game = Game {
                k,
                rows,
                cols,
                open: (plan.board)(rng, rows, cols, holes),
                actions: Vec::new(),
            };
            play::play(rng, game, n, &style)
        })
        .collect();
    Input { games }
}

/// An open board (the `holes` option is ignored).
fn open_board(_: &mut Rng, rows: u32, cols: u32, _: u64) -> Vec<bool> {
    boards::open(rows, cols)
}
