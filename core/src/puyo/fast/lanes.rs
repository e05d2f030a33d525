//! The lane layout, for screens of at most 8 columns and 15 rows (the official
//! 6 × 13): the whole screen in three `u128` bit planes, 16 bits per column.
//!
//! Bit `16 c + r` is column `c`, row `r` counted from the floor; bits `H..16` of
//! each lane are zero guards. A cell's 3-bit code is bits 0, 1 and 4 of its byte:
//! the five colours give five distinct non-zero codes and a space gives 0, so the
//! text loads row by row with a multiply and an 8 × 8 bit transpose. All colours are
//! handled at once: two masks say which cells match the colour of the cell above
//! and of the cell to the right; from them the vanishing seeds (see `seed_cells!`),
//! a flood fill of every group at once, and gravity by compacting each lane, with
//! BMI2's `pext`/`pdep` when the CPU has them or by removing the empty runs one
//! by one. Three [`Kernel`]s: plain `u128`, SSE2 registers, SSE2 with BMI2.
//!
//! Time per link O(group diameter + hole runs) operations on `u128`, plus O(W · H)
//! to read and write the screen. Source: the spec's "fast" algorithm; the ideas
//! of colours in a few bit planes, a whole-screen vanish test and gravity by bit
//! extraction per column are those issue 10 names from the puyoai project
//! (github.com/puyoai/puyoai), written here from that description; the transpose
//! is Hacker's Delight's `transpose8`.

use crate::puyo::{Outcome, Screen, COLOURS, EMPTY};
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
    /// and byte shifts between columns; portable gravity.
    Sse2,
    /// SSE2 planes, and gravity by BMI2: each 64-bit half (four columns) of a
    /// plane is compacted with one `pext` and one `pdep`. Only on CPUs with BMI2.
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

/// Whether this CPU has BMI2 (and POPCNT, which every BMI2 CPU has).
pub fn bmi2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("popcnt")
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

/// Transposes an 8 × 8 bit matrix: bit `8 i + j` goes to bit `8 j + i`.
fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}

/// Moves byte `j` of `x` (four bytes) to bits `16 j ..16 j + 8`.
fn spread(x: u64) -> u64 {
    let x = x & 0xFFFF_FFFF;
    let x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
}

/// The `w ≤ 8` bytes `cells[at..at + w]` as a little-endian word (zeros above):
/// one unaligned load when eight bytes are there, else a copy.
#[inline(always)]
fn row_word(cells: &[u8], at: usize, w: usize) -> u64 {
    match cells.get(at..at + 8) {
        Some(eight) => {
            let word = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
            word & (u64::MAX >> (64 - 8 * w))
        }
        None => {
            let mut bytes = [0u8; 8];
            bytes[..w].copy_from_slice(&cells[at..at + w]);
            u64::from_le_bytes(bytes)
        }
    }
}

/// The three planes of a screen that [`fits`].
fn load(screen: &Screen) -> [u128; 3] {
    let (w, h) = (screen.width, screen.height);
    // Per plane, rows counted from the floor as bytes (bit j = column j): rows
    // 0..8 in the first word, 8..16 in the second.
    let mut rows = [[0u64; 2]; 3];
    for k in 0..h {
        let word = row_word(&screen.cells, (h - 1 - k) * w, w);
        for (plane, &bit) in rows.iter_mut().zip(&CODE_BITS) {
            // Bit `bit` of every byte gathered into the top byte, byte j to bit j.
            let mask =
                ((word >> bit) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            plane[k / 8] |= mask << (8 * (k % 8));
        }
    }
    rows.map(|[low, high]| {
        // After the transposes byte j is column j's rows 0..8 and 8..16.
        let (low, high) = (transpose8(low), transpose8(high));
        let half = |shift: u32| spread(low >> shift) | (spread(high >> shift) << 8);
        u128::from(half(0)) | (u128::from(half(32)) << 64)
    })
}

/// The screen the planes hold.
fn store(planes: &[u128; 3], w: usize, h: usize) -> Screen {
    let mut out = Screen::empty(w, h);
    let [a, b, c] = planes.map(|p| [p as u64, (p >> 64) as u64]);
    for half in 0..2 {
        let mut occupied = a[half] | b[half] | c[half];
        while occupied != 0 {
            let bit = occupied.trailing_zeros();
            occupied &= occupied - 1;
            let code = (a[half] >> bit & 1) | (b[half] >> bit & 1) << 1 | (c[half] >> bit & 1) << 2;
            let (col, row) = (half * 4 + (bit / LANE) as usize, (bit % LANE) as usize);
            out.cells[(h - 1 - row) * w + col] = LETTER[code as usize];
        }
    }
    out
}

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

#[cfg(target_arch = "x86_64")]
mod sse2 {
    //! SSE2 lanes: x86-64's baseline, so no run-time check is needed.
    #![allow(unused_unsafe)] // intrinsics are `unsafe fn` up to Rust 1.86 only

    use super::Lanes;
    use std::arch::x86_64::*;
    use std::ops::{BitAnd, BitOr, BitXor};

    #[derive(Clone, Copy)]
    pub(super) struct Sse2(__m128i);

    impl BitAnd for Sse2 {
        type Output = Sse2;
        #[inline(always)]
        fn bitand(self, o: Sse2) -> Sse2 {
            Sse2(unsafe { _mm_and_si128(self.0, o.0) })
        }
    }
    impl BitOr for Sse2 {
        type Output = Sse2;
        #[inline(always)]
        fn bitor(self, o: Sse2) -> Sse2 {
            Sse2(unsafe { _mm_or_si128(self.0, o.0) })
        }
    }
    impl BitXor for Sse2 {
        type Output = Sse2;
        #[inline(always)]
        fn bitxor(self, o: Sse2) -> Sse2 {
            Sse2(unsafe { _mm_xor_si128(self.0, o.0) })
        }
    }

    impl Lanes for Sse2 {
        #[inline(always)]
        fn from_u128(x: u128) -> Self {
            Sse2(unsafe { _mm_set_epi64x((x >> 64) as i64, x as i64) })
        }
        #[inline(always)]
        fn to_u128(self) -> u128 {
            let low = unsafe { _mm_cvtsi128_si64(self.0) } as u64;
            let high = unsafe { _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) } as u64;
            u128::from(low) | (u128::from(high) << 64)
        }
        #[inline(always)]
        fn and_not(self, other: Self) -> Self {
            Sse2(unsafe { _mm_andnot_si128(other.0, self.0) })
        }
        #[inline(always)]
        fn up(self) -> Self {
            Sse2(unsafe { _mm_slli_epi16::<1>(self.0) })
        }
        #[inline(always)]
        fn down(self) -> Self {
            Sse2(unsafe { _mm_srli_epi16::<1>(self.0) })
        }
        #[inline(always)]
        fn right(self) -> Self {
            Sse2(unsafe { _mm_slli_si128::<2>(self.0) })
        }
        #[inline(always)]
        fn left(self) -> Self {
            Sse2(unsafe { _mm_srli_si128::<2>(self.0) })
        }
        #[inline(always)]
        fn is_zero(self) -> bool {
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) == 0xFFFF }
        }
    }
}

/// The cells (both occupied) whose neighbour after `toward` (the cell above or
/// to the right, brought here by `down` or `left`) has the same code.
#[inline(always)]
fn same<L: Lanes>(p: &[L; 3], occupied: L, toward: impl Fn(L) -> L) -> L {
    let differ = (p[0] ^ toward(p[0])) | (p[1] ^ toward(p[1])) | (p[2] ^ toward(p[2]));
    (occupied & toward(occupied)).and_not(differ)
}

/// The cells joined to a cell of `g` by one same-coloured step (`up`: the cells
/// matching the cell above, `right`: matching the cell to the right).
#[inline(always)]
fn neighbours<L: Lanes>(g: L, up: L, right: L) -> L {
    (g & up).up() | (g.down() & up) | (g & right).right() | (g.left() & right)
}

/// The cells of every group of four or more, if there is one.
#[inline(always)]
fn vanishing<L: Lanes>(p: &[L; 3]) -> Option<L> {
    let occupied = p[0] | p[1] | p[2];
    let up = same(p, occupied, L::down);
    let right = same(p, occupied, L::left);
    // `seed_cells!` on all colours at once: `up` and `right` compare colours.
    let (n_up, n_down, n_left, n_right) = (up, up.up(), right.right(), right);
    let (vertical, horizontal) = (n_up & n_down, n_left & n_right);
    let (any_v, any_h) = (n_up | n_down, n_left | n_right);
    let three = (vertical & any_h) | (horizontal & any_v);
    let two = vertical | horizontal | (any_v & any_h);
    let mut g = three | (two & neighbours(two, up, right));
    if g.is_zero() {
        return None;
    }
    loop {
        let new = neighbours(g, up, right).and_not(g);
        if new.is_zero() {
            return Some(g);
        }
        g = g | new;
    }
}

/// Portable gravity: in each column that may have opened (see [`resolve`]) and
/// is not one run from the floor, removes each empty run under a puyo, highest
/// first, working on 64-bit halves so that every shift is one instruction.
#[inline(always)]
fn fall_portable(p: &mut [u128; 3], w: usize, changed: u128) {
    let occupied = p[0] | p[1] | p[2];
    for (half, lanes) in [(0, w.min(4)), (64, w.saturating_sub(4))] {
        if (changed >> half) as u64 == 0 {
            continue;
        }
        let mut planes = p.map(|plane| (plane >> half) as u64);
        for lane in 0..lanes as u32 {
            let base = lane * LANE;
            let column = (occupied >> (half + base)) as u64 & 0xFFFF;
            if column & (column + 1) == 0 {
                continue; // settled: the puyos sit on the floor in one run
            }
            let mut holes = !column & ((1u64 << (64 - column.leading_zeros())) - 1);
            while holes != 0 {
                let hi = 63 - holes.leading_zeros();
                let len = (holes << (63 - hi)).leading_ones();
                let lo = hi + 1 - len;
                // Lane bits from `lo` up drop by `len`; bits below `lo` stay.
                let (stay, lane_bits) = (((1u64 << lo) - 1) << base, 0xFFFFu64 << base);
                for plane in &mut planes {
                    let dropped = ((*plane & lane_bits) >> len) & lane_bits & !stay;
                    *plane = (*plane & !lane_bits) | (*plane & stay) | dropped;
                }
                holes &= (1u64 << lo) - 1;
            }
        }
        let keep = !(u128::from(u64::MAX) << half);
        for (plane, moved) in p.iter_mut().zip(planes) {
            *plane = (*plane & keep) | (u128::from(moved) << half);
        }
    }
}

/// BMI2 gravity: per 64-bit half, the occupied bits of each plane are extracted in
/// order and deposited into the lowest `popcount` bits of each lane.
///
/// # Safety
/// The CPU must have BMI2 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2,popcnt")]
unsafe fn fall_bmi2(p: &mut [u128; 3], w: usize, changed: u128) {
    use std::arch::x86_64::_bzhi_u64;
    use std::arch::x86_64::{_pdep_u64, _pext_u64};
    let occupied = p[0] | p[1] | p[2];
    for (half, lanes) in [(0, w.min(4)), (64, w.saturating_sub(4))] {
        if (changed >> half) as u64 == 0 {
            continue;
        }
        let from = (occupied >> half) as u64;
        let mut to = 0u64;
        for lane in 0..lanes as u32 {
            let n = (from >> (lane * LANE)) as u16;
            to |= _bzhi_u64(u64::MAX, n.count_ones()) << (lane * LANE);
        }
        if to == from {
            continue;
        }
        let clear = !(u128::from(u64::MAX) << half);
        for plane in p.iter_mut() {
            let moved = _pdep_u64(_pext_u64((*plane >> half) as u64, from), to);
            *plane = (*plane & clear) | (u128::from(moved) << half);
        }
    }
}

/// The chain on loaded planes, in lanes `L`, with `fall` as gravity. `fall` is
/// also told where cells may have opened: everywhere on the first link (so that
/// an unsettled screen settles as in the reference), then where puyos vanished.
#[inline(always)]
fn resolve<L: Lanes>(
    mut p: [u128; 3],
    mut fall: impl FnMut(&mut [u128; 3], u128),
) -> ([u128; 3], u32) {
    let mut chains = 0;
    while let Some(gone) = vanishing(&p.map(L::from_u128)) {
        let gone = gone.to_u128();
        for plane in &mut p {
            *plane &= !gone;
        }
        fall(&mut p, if chains == 0 { u128::MAX } else { gone });
        chains += 1;
    }
    (p, chains)
}

/// Resolves the chain of a screen that [`fits`] with the given kernel.
///
/// # Panics
/// If the CPU cannot run `kernel` (see [`Kernel::available`]).
pub(super) fn solve(screen: &Screen, kernel: Kernel) -> Outcome {
    let (w, h) = (screen.width, screen.height);
    let planes = load(screen);
    let portable = |p: &mut [u128; 3], changed: u128| fall_portable(p, w, changed);
    let (planes, chains) = match kernel {
        Kernel::Portable => resolve::<u128>(planes, portable),
        #[cfg(target_arch = "x86_64")]
        Kernel::Sse2 => resolve::<sse2::Sse2>(planes, portable),
        #[cfg(target_arch = "x86_64")]
        Kernel::Bmi2 if bmi2_available() => {
            /// # Safety
            /// The CPU must have BMI2 and POPCNT.
            #[target_feature(enable = "bmi2,popcnt")]
            unsafe fn run(planes: [u128; 3], w: usize) -> ([u128; 3], u32) {
                resolve::<sse2::Sse2>(planes, |p, changed| fall_bmi2(p, w, changed))
            }
            // SAFETY: just checked that the CPU has BMI2 and POPCNT.
            unsafe { run(planes, w) }
        }
        _ => panic!("this CPU cannot run the {kernel:?} kernel"),
    };
    Outcome {
        screen: store(&planes, w, h),
        chains,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose8_swaps_rows_and_columns() {
        for (i, j) in (0..8).flat_map(|i| (0..8).map(move |j| (i, j))) {
            assert_eq!(transpose8(1 << (8 * i + j)), 1 << (8 * j + i));
        }
    }

    #[test]
    fn load_then_store_gives_the_screen_back() {
        let cells = b"r gbyp  yy gbpr ggrrbbyypp";
        for (w, h) in [(1, 1), (6, 13), (8, 15), (3, 9), (8, 1), (1, 15)] {
            let mut screen = Screen::empty(w, h);
            for (k, cell) in screen.cells.iter_mut().enumerate() {
                *cell = cells[(k * 7 + w) % cells.len()];
            }
            let planes = load(&screen);
            assert_eq!(store(&planes, w, h), screen, "{w} x {h}");
            let occupied = planes[0] | planes[1] | planes[2];
            for c in 0..8 {
                let lane = (occupied >> (c * 16)) as u16;
                assert_eq!(lane >> h, 0, "guard bits of column {c}");
            }
        }
    }
}
