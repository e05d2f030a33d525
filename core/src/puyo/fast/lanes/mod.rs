//! The lane layout, for screens of at most 8 columns and 15 rows (the official
//! 6 × 13): the whole screen in three 128-bit bit planes, 16 bits per column.
//!
//! Bit `16 c + r` is column `c`, row `r` counted from the floor; bits `H..16` of
//! each lane are zero guards. A cell's 3-bit code is bits 0, 1 and 4 of its byte:
//! the five colours give five distinct non-zero codes and a space gives 0. All
//! colours are handled at once: two masks say which cells match the colour of the
//! cell above and of the cell to the right, and from them, with no loop, the cells
//! of every group of four or more (from the cells' degrees, see [`vanishing`]);
//! gravity compacts each lane.
//! Three [`Kernel`]s: plain `u128` ([`portable`]), SSE2 registers ([`sse2`], with
//! the portable reading, writing and gravity) and SSE2 with BMI2 ([`bmi2`]:
//! `pext`/`pdep` and byte shuffles, the planes kept in registers throughout).
//!
//! Time per link O(1) operations on 128-bit words plus, in the portable gravity,
//! O(hole runs); O(W · H) to read and write the screen (O(H) with BMI2). Source:
//! the spec's "fast" algorithm; the ideas of colours in a few bit planes, a
//! whole-screen vanish test and gravity by bit extraction per column are those
//! issue 10 names from the puyoai project (github.com/puyoai/puyoai), written
//! here from that description; the vanishing cells from the degrees (issue 26)
//! replace a flood fill; the transpose of the portable reader is Hacker's
//! Delight's `transpose8`.

#[cfg(target_arch = "x86_64")]
mod bmi2;
mod portable;
#[cfg(target_arch = "x86_64")]
mod sse2;

use crate::puyo::{Answer, Screen, COLOURS, EMPTY};
use std::ops::{BitAnd, BitOr, BitXor};

/// Bits per column.
const LANE: u32 = 16;

/// True when a `width × height` screen fits this layout.
pub(super) fn fits(width: usize, height: usize) -> bool {
    width <= 8 && height < LANE as usize
}

/// Which instructions the engine uses: all give the same answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain `u128` operations (a guard bit on top of each lane keeps shifts in
    /// their column); gravity removes each run of empty cells under a puyo with
    /// shifts and masks, highest run first. Runs on every CPU.
    Portable,
    /// The planes in SSE2 registers (x86-64's baseline): lane-wise 16-bit shifts
    /// and byte shifts between columns; portable reading, writing and gravity.
    Sse2,
    /// SSE2 planes kept in registers, and BMI2 (with SSSE3, SSE4.1 and AVX):
    /// the screen read and written with `movemask`, `pdep` and `pshufb`, and each
    /// 64-bit half (four columns) of a plane compacted with one `pext` and one
    /// `pdep`. Only on CPUs with BMI2 ([`bmi2_available`]).
    Bmi2,
}

impl Kernel {
    /// The fastest kernel this CPU runs.
    pub fn best() -> Kernel {
        if bmi2_available() {
            Kernel::Bmi2
        } else if cfg!(target_arch = "x86_64") {
            Kernel::Sse2
        } else {
            Kernel::Portable
        }
    }

    /// Every kernel this CPU runs, portable first.
    pub fn available() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::Portable];
        if cfg!(target_arch = "x86_64") {
            kernels.push(Kernel::Sse2);
        }
        if bmi2_available() {
            kernels.push(Kernel::Bmi2);
        }
        kernels
    }
}

/// Whether this CPU runs the [`Kernel::Bmi2`] kernel: BMI2, and POPCNT, SSSE3,
/// SSE4.1 and AVX, which x86 CPUs with BMI2 have.
pub fn bmi2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        bmi2::available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The bits of a byte that make its code, lowest first.
const CODE_BITS: [u32; 3] = [0, 1, 4];

/// The 3-bit code of a cell byte.
const fn code(byte: u8) -> usize {
    ((byte & 1) | (byte >> 1 & 1) << 1 | (byte >> 4 & 1) << 2) as usize
}

/// The byte of each code; checked at compile time that the five colours and the
/// space get distinct codes, the space 0.
const LETTER: [u8; 8] = {
    let mut letter = [0u8; 8];
    assert!(code(EMPTY) == 0);
    letter[0] = EMPTY;
    let mut k = 0;
    while k < COLOURS.len() {
        let c = code(COLOURS[k]);
        assert!(letter[c] == 0, "two cell bytes share a code");
        letter[c] = COLOURS[k];
        k += 1;
    }
    letter
};

/// One 128-bit register of eight 16-bit lanes, a lane per column.
trait Lanes: Copy + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self> {
    fn from_u128(x: u128) -> Self;
    fn to_u128(self) -> u128;
    /// `self & !other`.
    fn and_not(self, other: Self) -> Self;
    /// Every bit one row higher in its column (the top row's bits are lost).
    fn up(self) -> Self;
    /// Every bit one row lower in its column.
    fn down(self) -> Self;
    /// Every bit one column to the right.
    fn right(self) -> Self;
    /// Every bit one column to the left.
    fn left(self) -> Self;
    fn is_zero(self) -> bool;
}

/// The portable lanes: a guard bit above each column keeps the one-bit shifts of
/// occupied cells inside their lane.
impl Lanes for u128 {
    #[inline(always)]
    fn from_u128(x: u128) -> Self {
        x
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        self
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        self & !other
    }
    #[inline(always)]
    fn up(self) -> Self {
        self << 1
    }
    #[inline(always)]
    fn down(self) -> Self {
        self >> 1
    }
    #[inline(always)]
    fn right(self) -> Self {
        self << LANE
    }
    #[inline(always)]
    fn left(self) -> Self {
        self >> LANE
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
}

/// The cells (both occupied) whose neighbour after `toward` (the cell above or
/// to the right, brought here by `down` or `left`) has the same code. An
/// occupied cell's code is not 0, so a neighbour with the same code is occupied
/// too: only the cell itself is tested for a puyo.
#[inline(always)]
fn same<L: Lanes>(p: &[L; 3], occupied: L, toward: impl Fn(L) -> L) -> L {
    let differ = (p[0] ^ toward(p[0])) | (p[1] ^ toward(p[1])) | (p[2] ^ toward(p[2]));
    occupied.and_not(differ)
}

/// The cells joined to a cell of `g` by one same-coloured step (`up`: the cells
/// matching the cell above, `right`: matching the cell to the right).
#[inline(always)]
fn neighbours<L: Lanes>(g: L, up: L, right: L) -> L {
    (g & up).up() | (g.down() & up) | (g & right).right() | (g.left() & right)
}

/// The cells of every group of four or more, if there is one, without a flood
/// fill: from each cell's degree (its same-coloured neighbours). A group of one
/// to three cells is a single cell, a pair or a path of three. So a cell is `big`
/// (surely in a group of four or more) when its degree is 3 or 4, or 2 with a
/// neighbour of degree 2 or more (a path of three has one cell of degree 2). In
/// a group of four or more every cell of degree 2 or more is big (both
/// neighbours of degree 1 would make a path of three), and every cell of degree
/// 1 has a big neighbour (a neighbour of degree 1 would make a pair): the cells
/// that vanish are the big ones and their same-coloured neighbours.
#[inline(always)]
fn vanishing<L: Lanes>(p: &[L; 3], occupied: L) -> Option<L> {
    let up = same(p, occupied, L::down);
    let right = same(p, occupied, L::left);
    // The degree as bit planes: the sum of the four neighbour masks.
    let (above, below, left, right_of) = (up, up.up(), right.right(), right);
    let (vertical, both_vertical) = (above ^ below, above & below);
    let (horizontal, both_horizontal) = (left ^ right_of, left & right_of);
    let two_or_more = both_vertical | both_horizontal | (vertical & horizontal);
    let three_or_four = (vertical ^ horizontal) | (both_vertical & both_horizontal);
    let big = two_or_more & (three_or_four | neighbours(two_or_more, up, right));
    let gone = big | neighbours(big, up, right);
    if gone.is_zero() {
        None
    } else {
        Some(gone)
    }
}

/// The chain on loaded planes, with `fall` as gravity. `fall` is told the cells
/// that vanished (still in the planes: the BMI2 gravity leaves them behind
/// without clearing them), the cells still occupied and where cells may have
/// opened: everywhere on the first link (so that an unsettled screen settles as
/// in the reference), then where puyos vanished (the portable gravity skips the
/// rest; the BMI2 one compacts every column without a branch). It returns the
/// occupied cells after the fall, which the BMI2 gravity knows before the planes
/// have landed (its target mask), so the next link's matching need not wait for
/// an OR of the planes.
#[inline(always)]
fn resolve<L: Lanes>(
    mut p: [L; 3],
    mut fall: impl FnMut(&mut [L; 3], L, L, L) -> L,
) -> ([L; 3], u32) {
    let mut chains = 0;
    let mut occupied = p[0] | p[1] | p[2];
    loop {
        let Some(gone) = vanishing(&p, occupied) else {
            return (p, chains);
        };
        let opened = if chains == 0 {
            L::from_u128(u128::MAX)
        } else {
            gone
        };
        occupied = fall(&mut p, gone, occupied.and_not(gone), opened);
        chains += 1;
    }
}

/// The portable gravity on lanes `L`: the cells `gone` cleared, then the columns
/// dropped; returns the occupied cells after the fall.
#[inline(always)]
fn fall_portable<L: Lanes>(p: &mut [L; 3], w: usize, gone: L, opened: L) -> L {
    let mut planes = p.map(|plane| plane.and_not(gone).to_u128());
    portable::fall(&mut planes, w, opened.to_u128());
    *p = planes.map(L::from_u128);
    p[0] | p[1] | p[2]
}

/// Resolves the chain of a screen that [`fits`] with the given kernel.
///
/// # Panics
/// If the CPU cannot run `kernel` (see [`Kernel::available`]).
pub(super) fn solve(screen: &Screen, kernel: Kernel) -> Answer {
    let (w, h) = (screen.width, screen.height);
    let (cells, chains) = match kernel {
        Kernel::Portable => {
            let planes = portable::load(screen);
            let (planes, chains) = resolve(planes, |p, gone, _, opened| {
                fall_portable(p, w, gone, opened)
            });
            (portable::store(&planes, w, h), chains)
        }
        #[cfg(target_arch = "x86_64")]
        Kernel::Sse2 => {
            let planes = portable::load(screen).map(sse2::Sse2::from_u128);
            let (planes, chains) = resolve(planes, |p, gone, _, opened| {
                fall_portable(p, w, gone, opened)
            });
            (portable::store(&planes.map(Lanes::to_u128), w, h), chains)
        }
        #[cfg(target_arch = "x86_64")]
        // SAFETY: just checked that the CPU runs the kernel.
        Kernel::Bmi2 if bmi2::available() => unsafe { bmi2::solve(screen) },
        _ => panic!("this CPU cannot run the {kernel:?} kernel"),
    };
    Answer {
        screen: Screen {
            width: w,
            height: h,
            cells,
        },
        chains,
    }
}
