//! The BMI2 kernel's reading, writing and gravity. The planes stay in SSE2
//! registers from the text to the answer:
//! - reading: `movemask` takes one code bit of sixteen cells at a time (a plane's
//!   row-major bitmap), `pdep` widens each row to a byte, `pshufb` puts the rows
//!   floor first, and eight `movemask`s transpose the 16 × 8 bit matrix into lanes;
//! - gravity: each 64-bit half (four columns) of a plane is compacted with one
//!   `pext` and one `pdep`, without a branch, the target (each lane's lowest
//!   `popcount` bits) looked up with `pshufb` from every lane's population count;
//! - writing: two rows at a time, `pshufb` gathers each column's byte of a plane
//!   and a compare with the row's bit makes it a byte mask, and `pshufb` maps the
//!   codes the three masks make to letters.
//!
//! Every function needs BMI2, POPCNT, SSSE3, SSE4.1 and AVX (AVX for its
//! three-operand encoding, which saves the register copies of SSE2 code: a fifth
//! of the instructions). x86 CPUs with BMI2 have the others; [`available`] checks
//! them all, and a CPU missing one runs the SSE2 kernel.

use super::sse2::Sse2;
use super::{resolve, CODE_BITS, LETTER};
use crate::puyo::Screen;
use std::arch::x86_64::*;
use std::sync::atomic::{AtomicU8, Ordering};

/// Whether this CPU runs this kernel: asked once, then read from a cache (the
/// engine asks on every screen, and five feature tests cost more than the
/// answer's allocation).
pub(super) fn available() -> bool {
    /// 0: not asked yet, 1: no, 2: yes.
    static AVAILABLE: AtomicU8 = AtomicU8::new(0);
    match AVAILABLE.load(Ordering::Relaxed) {
        0 => {
            let yes = is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
                && is_x86_feature_detected!("ssse3")
                && is_x86_feature_detected!("sse4.1")
                && is_x86_feature_detected!("avx");
            AVAILABLE.store(1 + u8::from(yes), Ordering::Relaxed);
            yes
        }
        known => known == 2,
    }
}

/// Bit 0 of each of eight bytes.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;

/// Resolves the chain of a screen that [`super::fits`]: the final cells and the
/// number of links.
///
/// # Safety
/// The CPU must run this kernel ([`available`]).
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
pub(super) unsafe fn solve(screen: &Screen) -> (Vec<u8>, u32) {
    let (w, h) = (screen.width, screen.height);
    let planes = load(&screen.cells, w, h);
    let (planes, chains) = resolve(planes, |p, _, occupied, _| fall(p, occupied));
    (store(&planes, w, h), chains)
}

/// The three planes of `w × h` cells (row-major, top row first). Everything stays
/// in registers: a value stored in pieces and loaded whole would wait for the
/// stores to retire.
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn load(cells: &[u8], w: usize, h: usize) -> [Sse2; 3] {
    let n = w * h;
    // Per plane, the code bits of cells 16 k..16 k + 16 (zero past the screen).
    let chunk = |k: usize| -> [u64; 3] {
        let at = 16 * k;
        let (bytes, skip): (&[u8; 16], usize) = if at + 16 <= n {
            (cells[at..at + 16].try_into().expect("16 bytes"), 0)
        } else if at >= n || n < 16 {
            return if k == 0 {
                small_chunk(&cells[..n])
            } else {
                [0; 3]
            };
        } else {
            // The last sixteen cells, of which the first `at + 16 - n` are done.
            (cells[n - 16..n].try_into().expect("16 bytes"), at + 16 - n)
        };
        // SAFETY: the 16 bytes are in bounds; unaligned loads are allowed.
        code_bits(unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) }).map(|m| m >> skip)
    };
    let chunks: [[u64; 3]; 8] = std::array::from_fn(chunk);
    // `pshufb` control: byte k (a row counted from the floor) takes row `h - 1 - k`
    // counted from the top; negative indices (k ≥ h) give zero.
    let floor_first = _mm_sub_epi8(
        _mm_set1_epi8(h as i8 - 1),
        _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    );
    let row_bytes = (1u64 << w).wrapping_sub(1).wrapping_mul(LOW_BITS);
    std::array::from_fn(|plane| {
        let word =
            |first: usize| (0..4).fold(0, |word, k| word | chunks[first + k][plane] << (16 * k));
        let (low, high) = (word(0), word(4));
        // One byte per row (bit j: column j), top row first, then floor first:
        // rows 0..8 from bit 0, rows 8..16 from bit 8 w.
        let rest = if w == 8 {
            high
        } else {
            low >> (8 * w) | high << (64 - 8 * w)
        };
        let top = _mm_set_epi64x(
            _pdep_u64(rest, row_bytes) as i64,
            _pdep_u64(low, row_bytes) as i64,
        );
        Sse2(transpose_rows(_mm_shuffle_epi8(top, floor_first)))
    })
}

/// The code bits of sixteen cells, a 16-bit mask per plane: each byte's bit
/// moved to its top bit, where `movemask` reads it.
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn code_bits(v: __m128i) -> [u64; 3] {
    [
        _mm_movemask_epi8(_mm_slli_epi16::<{ 7 - CODE_BITS[0] as i32 }>(v)) as u64,
        _mm_movemask_epi8(_mm_slli_epi16::<{ 7 - CODE_BITS[1] as i32 }>(v)) as u64,
        _mm_movemask_epi8(_mm_slli_epi16::<{ 7 - CODE_BITS[2] as i32 }>(v)) as u64,
    ]
}

/// [`code_bits`] of a screen of fewer than sixteen cells.
#[cold]
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn small_chunk(cells: &[u8]) -> [u64; 3] {
    let mut padded = [0u8; 16];
    padded[..cells.len()].copy_from_slice(cells);
    // SAFETY: sixteen bytes; unaligned loads are allowed.
    code_bits(unsafe { _mm_loadu_si128(padded.as_ptr().cast()) })
}

/// The 16 × 8 bit matrix `rows` (byte k: row k, bit j: column j) as eight 16-bit
/// lanes (lane j: column j, bit k: row k): `movemask` reads bit 7 of every byte,
/// then each byte is doubled to bring the next column there.
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn transpose_rows(mut rows: __m128i) -> __m128i {
    let mut lanes = [0u64; 2];
    for column in (0..8).rev() {
        let lane = _mm_movemask_epi8(rows) as u64;
        lanes[column / 4] |= lane << (16 * (column % 4));
        rows = _mm_add_epi8(rows, rows);
    }
    _mm_set_epi64x(lanes[1] as i64, lanes[0] as i64)
}

/// Gravity: per 64-bit half, each plane's `occupied` bits extracted in order and
/// deposited into the lowest bits of each lane, as many as it has puyos (the
/// vanished cells, not extracted, need no clearing). Both halves every time,
/// without a branch: a settled half comes back unchanged.
/// Returns the occupied cells after the fall.
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn fall(p: &mut [Sse2; 3], occupied: Sse2) -> Sse2 {
    let occupied = occupied.0;
    let halves = |x: __m128i| {
        [
            _mm_cvtsi128_si64(x) as u64,
            _mm_extract_epi64::<1>(x) as u64,
        ]
    };
    let landed = settled(occupied);
    let (from, to) = (halves(occupied), halves(landed));
    *p = p.map(|plane| {
        let [low, high] = halves(plane.0);
        let low = _pdep_u64(_pext_u64(low, from[0]), to[0]);
        let high = _pdep_u64(_pext_u64(high, from[1]), to[1]);
        Sse2(_mm_set_epi64x(high as i64, low as i64))
    });
    Sse2(landed)
}

/// Each lane's lowest bits, as many as `occupied` has in that lane: the count of
/// each byte by nibble lookups, the two bytes of a lane added, and the mask's two
/// bytes looked up from the count.
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn settled(occupied: __m128i) -> __m128i {
    let nibble_counts = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    let low_nibbles = _mm_set1_epi8(0x0F);
    let counts = _mm_add_epi8(
        _mm_shuffle_epi8(nibble_counts, _mm_and_si128(occupied, low_nibbles)),
        _mm_shuffle_epi8(
            nibble_counts,
            _mm_and_si128(_mm_srli_epi16::<4>(occupied), low_nibbles),
        ),
    );
    // Lane counts (at most 15: the guard bit is empty) in both bytes of the lane.
    let bytes = _mm_set1_epi16(0x00FF);
    let lane = _mm_and_si128(_mm_add_epi8(counts, _mm_srli_epi16::<8>(counts)), bytes);
    let both = _mm_or_si128(lane, _mm_slli_epi16::<8>(lane));
    // (1 << n) - 1: its low byte, then its high byte, by n.
    let low = _mm_setr_epi8(0, 1, 3, 7, 15, 31, 63, 127, -1, -1, -1, -1, -1, -1, -1, -1);
    let high = _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 7, 15, 31, 63, 127);
    _mm_or_si128(
        _mm_and_si128(_mm_shuffle_epi8(low, both), bytes),
        _mm_andnot_si128(bytes, _mm_shuffle_epi8(high, both)),
    )
}

/// The `w × h` cells the planes hold, row-major, top row first, written two rows
/// at a time: `pshufb` brings to byte j of each half the byte of lane j that
/// holds the row, `pcmpeqb` against the row's bit makes each plane a mask, and
/// the code they make is mapped to letters with `pshufb`.
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn store(p: &[Sse2; 3], w: usize, h: usize) -> Vec<u8> {
    let letters = _mm_setr_epi8(
        LETTER[0] as i8,
        LETTER[1] as i8,
        LETTER[2] as i8,
        LETTER[3] as i8,
        LETTER[4] as i8,
        LETTER[5] as i8,
        LETTER[6] as i8,
        LETTER[7] as i8,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
    );
    // Eight bytes a row, straight into the answer (a copy from a buffer written
    // in pieces would wait for the pieces to retire): the bytes past the row's
    // end are cut off, and overwritten by the next row.
    let mut out: Vec<u8> = Vec::with_capacity(w * h + 8);
    let at = out.as_mut_ptr();
    let put = |top: usize, row: u64| {
        debug_assert!(top < h);
        // SAFETY: row `top < h` starts at `top * w` and its eight bytes end
        // within the capacity, `w * h + 8`.
        unsafe { at.add(top * w).cast::<u64>().write_unaligned(row.to_le()) }
    };
    for top in (0..h).step_by(2) {
        let row = h - 1 - top;
        let load = |table: &[[u8; 16]; 16]| {
            // SAFETY: sixteen bytes in bounds; unaligned loads are allowed.
            unsafe { _mm_loadu_si128(table[row].as_ptr().cast()) }
        };
        let (gather, bit) = (load(&ROW_BYTES), load(&ROW_BITS));
        let has = |plane: Sse2, code: i8| {
            let bits = _mm_and_si128(_mm_shuffle_epi8(plane.0, gather), bit);
            _mm_and_si128(_mm_cmpeq_epi8(bits, bit), _mm_set1_epi8(code))
        };
        let codes = _mm_or_si128(_mm_or_si128(has(p[0], 1), has(p[1], 2)), has(p[2], 4));
        let text = _mm_shuffle_epi8(letters, codes);
        put(top, _mm_cvtsi128_si64(text) as u64);
        if top + 1 < h {
            put(top + 1, _mm_extract_epi64::<1>(text) as u64);
        }
    }
    // SAFETY: rows 0..h wrote every byte of 0..w * h.
    unsafe { out.set_len(w * h) };
    out
}

/// Per row r counted from the floor, the `pshufb` control that brings each
/// column's byte holding row r (byte `2 j + r / 8` of a plane) to byte j, then
/// the same for row r - 1 to byte 8 + j (none for row -1, which is not written).
const ROW_BYTES: [[u8; 16]; 16] = {
    let mut table = [[0u8; 16]; 16];
    let mut r = 0;
    while r < 16 {
        let mut j = 0;
        while j < 8 {
            table[r][j] = (2 * j + r / 8) as u8;
            table[r][8 + j] = if r == 0 {
                0x80
            } else {
                (2 * j + (r - 1) / 8) as u8
            };
            j += 1;
        }
        r += 1;
    }
    table
};

/// Per row r counted from the floor, its bit in the bytes [`ROW_BYTES`] brings,
/// in the first eight bytes, and row r - 1's in the last eight.
const ROW_BITS: [[u8; 16]; 16] = {
    let mut table = [[0u8; 16]; 16];
    let mut r = 0;
    while r < 16 {
        let mut j = 0;
        while j < 8 {
            table[r][j] = 1 << (r % 8);
            table[r][8 + j] = 1 << ((r + 7) % 8);
            j += 1;
        }
        r += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puyo::fast::lanes::portable;

    /// Reading gives the portable reader's planes, and writing gives the cells
    /// back, at every lane size: fewer than sixteen cells, a multiple of sixteen,
    /// and a last chunk overlapping the one before.
    #[test]
    fn load_and_store_agree_with_the_portable_ones() {
        if !available() {
            return; // the portable kernel's own test covers this CPU
        }
        let cells = b"r gbyp  yy gbpr ggrrbbyypp";
        for (w, h) in (1..=8).flat_map(|w| (1..=15).map(move |h| (w, h))) {
            let mut screen = Screen::empty(w, h);
            for (k, cell) in screen.cells.iter_mut().enumerate() {
                *cell = cells[(k * 7 + w) % cells.len()];
            }
            // SAFETY: the CPU runs this kernel (checked above).
            let planes = unsafe { load(&screen.cells, w, h) };
            let want = portable::load(&screen);
            for (plane, want) in planes.iter().zip(want) {
                assert_eq!(super::super::Lanes::to_u128(*plane), want, "{w} x {h}");
            }
            // SAFETY: as above.
            assert_eq!(unsafe { store(&planes, w, h) }, screen.cells, "{w} x {h}");
        }
    }
}
