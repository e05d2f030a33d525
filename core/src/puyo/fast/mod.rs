//! Bitboards: one mask per colour, groups found by bit-parallel flood fill, gravity
//! by removing the empty runs of each column.
//!
//! Three layouts ([`lanes`], [`small`] and [`wide`]):
//! - screens of at most 8 columns and 15 rows (the official 6 × 13) live in three
//!   128-bit planes, 16 bits per column, all colours handled at once, the
//!   vanishing cells found from each cell's degree without a flood fill; SSE2,
//!   and BMI2 (`pext`/`pdep` gravity, `pshufb` reading and writing) when the CPU
//!   has them ([`Kernel`]);
//! - other screens with `W · (H + 1) ≤ 128` and `H < 64` (the official 6 × 13 takes 84
//!   bits) live in one `u128` per colour, column-major, each column `H` cell bits
//!   plus a zero guard bit so that shifts and carries never cross columns;
//! - anything larger up to 64 rows uses one `u64` per column per colour.
//!
//! A link in the other two layouts: for each colour, seeds are the puyos that moved in the last fall (every
//! puyo before the first link) with a same-coloured neighbour; each seed grows by
//! whole vertical runs (a carry for upwards, a Kogge–Stone fill for downwards) and
//! one column sideways per step until it stops; groups of popcount ≥ 4 are cleared
//! all at once; then each column with a hole drops its empty runs, from the top.
//! Only groups containing a moved puyo can vanish: a group of unmoved puyos lies
//! inside a group of the previous link, which had fewer than four.
//!
//! Time O(links · (W · H / 64 + Σ group diameter · group width)) word operations.
//! Source: the spec's "fast" algorithm; fills after chess bitboard practice
//! (chessprogramming.org, "Kogge-Stone Algorithm").

mod lanes;
mod small;
mod wide;

pub use lanes::{bmi2_available, Kernel};

use super::{Answer, Screen, COLOURS};

/// Resolves the chain of `screen` (settled or not, same answer as the reference),
/// with the fastest gravity this CPU runs.
pub fn solve(screen: &Screen) -> Answer {
    solve_with(screen, Kernel::best())
}

/// [`solve`] with the portable kernel on every CPU: the engine `fast-portable`, so
/// that the code path of a CPU without SSE2 or BMI2 is tested everywhere.
pub fn solve_portable(screen: &Screen) -> Answer {
    solve_with(screen, Kernel::Portable)
}

/// Resolves the chain of `screen` with the given kernel (which only the lane
/// layout uses).
///
/// # Panics
/// If the CPU cannot run `kernel` (see [`Kernel::available`]).
pub fn solve_with(screen: &Screen, kernel: Kernel) -> Answer {
    if screen.width == 0 || screen.height == 0 {
        return Answer {
            screen: screen.clone(),
            chains: 0,
        };
    }
    if lanes::fits(screen.width, screen.height) {
        lanes::solve(screen, kernel)
    } else if small::fits(screen.width, screen.height) {
        small::solve(screen)
    } else if screen.height <= 64 {
        wide::solve(screen)
    } else {
        // Beyond the extended limits no bitboard fits a column: stay correct.
        super::naive::solve(screen)
    }
}

/// The colour index of each byte, [`NONE`] for an empty cell (or any other byte).
const INDEX: [u8; 256] = {
    let mut index = [NONE; 256];
    let mut k = 0;
    while k < COLOURS.len() {
        index[COLOURS[k] as usize] = k as u8;
        k += 1;
    }
    index
};
const NONE: u8 = u8::MAX;

/// The colour index of a cell, `None` for an empty cell.
#[inline]
fn colour_index(cell: u8) -> Option<usize> {
    let k = INDEX[cell as usize];
    (k != NONE).then_some(k as usize)
}

/// The cells certain to lie in a group of four or more, and at least one in every
/// such group, from a colour mask `m` and its four shifted copies (the cell above,
/// below, left, right of each bit; `spread` shifts a mask all four ways): cells
/// with three same-coloured neighbours, and adjacent pairs of cells with two each.
/// A group of three has neither, being a path; a larger one has one or the other,
/// since a connected graph with no vertex of degree three is a path or a cycle,
/// and a path or cycle of four or more has two adjacent vertices of degree two.
/// (The vanishing-seed test of the puyoai project's bitboards.)
macro_rules! seed_cells {
    ($m:expr, $above:expr, $below:expr, $left:expr, $right:expr, $spread:expr) => {{
        let m = $m;
        let (up, down, left, right) = (m & $above, m & $below, m & $left, m & $right);
        let (vertical, horizontal) = (up & down, left & right);
        let (any_v, any_h) = (up | down, left | right);
        let three = (vertical & any_h) | (horizontal & any_v);
        let two = vertical | horizontal | (any_v & any_h);
        let spread = $spread;
        three | (two & spread(two))
    }};
}
use seed_cells;

/// Vertical fills on one word type: `fill_down`, `fill_up` and `fill_runs` grow a
/// set `g` inside a mask `m` along its vertical runs. Bits of `m` never span a zero
/// guard (or a column boundary), so a fill never leaves its column.
macro_rules! vertical_fills {
    ($word:ty, $name:ident) => {
        /// Vertical fills on this word type.
        pub(super) mod $name {
            /// Grows `g` (a subset of `m`) downwards through `m`'s runs at most `h`
            /// long, with a Kogge–Stone occluded fill: after the step with shift
            /// `k`, a bit is reached when a bit of `g` less than `2k` cells above
            /// it is joined to it through `m`.
            #[inline]
            pub fn fill_down(mut g: $word, m: $word, h: u32) -> $word {
                let (mut p, mut shift) = (m, 1);
                while shift < h {
                    g |= p & (g >> shift);
                    p &= p >> shift;
                    shift <<= 1;
                }
                g
            }

            /// Grows `g` (a subset of `m`) upwards through `m`'s runs: adding `g`
            /// to `m` turns each run's ones from the lowest bit of `g` upwards into
            /// zeros (a carry stopped by the zero above the run), so the bits that
            /// changed, with `g`, are the run above `g`.
            #[inline]
            pub fn fill_up(g: $word, m: $word) -> $word {
                ((m.wrapping_add(g) ^ m) | g) & m
            }

            /// The whole runs of `m` (at most `h` long) that meet `g`.
            #[inline]
            pub fn fill_runs(g: $word, m: $word, h: u32) -> $word {
                fill_down(fill_up(g, m), m, h)
            }
        }
    };
}

vertical_fills!(u64, fill64);
vertical_fills!(u128, fill128);
