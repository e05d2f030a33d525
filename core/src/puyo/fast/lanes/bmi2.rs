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
//! Every function needs BMI2, POPCNT, SSSE3 and SSE4.1, which every CPU with BMI2
//! has ([`available`] checks them all).

use super::sse2::Sse2;
use super::{resolve, CODE_BITS, LETTER};
use crate::puyo::Screen;
use std::arch::x86_64::*;

/// Whether this CPU runs this kernel.
pub(super) fn available() -> bool {
    is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("ssse3")
        && is_x86_feature_detected!("sse4.1")
        && is_x86_feature_detected!("avx")
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
    let (planes, chains) = resolve(planes, |p, _| fall(p));
    (store(&planes, w, h), chains)
}

/// The three planes of `w × h` cells (row-major, top row first).
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn load(cells: &[u8], w: usize, h: usize) -> [Sse2; 3] {
    let n = w * h;
    // Per plane, the row-major bitmap (bit i: cell i's code bit) as 16-bit words.
    let mut bitmaps = [[0u8; 16]; 3];
    let mut gather = |chunk: &[u8], at: usize, skip: usize| {
        let bytes: &[u8; 16] = chunk.try_into().expect("sixteen bytes");
        // SAFETY: the 16 bytes are in bounds; unaligned loads are allowed.
        let v = unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) };
        // Each byte's code bit moved to its top bit, where `movemask` reads it.
        let masks = [
            _mm_movemask_epi8(_mm_slli_epi16::<{ 7 - CODE_BITS[0] as i32 }>(v)),
            _mm_movemask_epi8(_mm_slli_epi16::<{ 7 - CODE_BITS[1] as i32 }>(v)),
            _mm_movemask_epi8(_mm_slli_epi16::<{ 7 - CODE_BITS[2] as i32 }>(v)),
        ];
        for (bitmap, mask) in bitmaps.iter_mut().zip(masks) {
            bitmap[at / 8..at / 8 + 2]
                .copy_from_slice(&((mask as u32 >> skip) as u16).to_le_bytes());
        }
    };
    let mut at = 0;
    while at + 16 <= n {
        gather(&cells[at..at + 16], at, 0);
        at += 16;
    }
    if at < n {
        if n >= 16 {
            // The last sixteen cells, of which the first `at - (n - 16)` are done.
            gather(&cells[n - 16..n], at, at + 16 - n);
        } else {
            let mut padded = [0u8; 16];
            padded[..n].copy_from_slice(&cells[..n]);
            gather(&padded, 0, 0);
        }
    }
    // `pshufb` control: byte k (a row counted from the floor) takes row `h - 1 - k`
    // counted from the top; negative indices (k ≥ h) give zero.
    let floor_first = _mm_sub_epi8(
        _mm_set1_epi8(h as i8 - 1),
        _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    );
    let row_bytes = (1u64 << w).wrapping_sub(1).wrapping_mul(LOW_BITS);
    bitmaps.map(|bitmap| {
        let bits = u128::from_le_bytes(bitmap);
        // One byte per row (bit j: column j), top row first, then floor first.
        let top = _pdep_u64(bits as u64, row_bytes);
        let rest = _pdep_u64((bits >> (8 * w)) as u64, row_bytes);
        let rows = _mm_shuffle_epi8(_mm_set_epi64x(rest as i64, top as i64), floor_first);
        Sse2(transpose_rows(rows))
    })
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

/// Gravity: per 64-bit half, each plane's occupied bits extracted in order and
/// deposited into the lowest bits of each lane, as many as it has puyos. Both
/// halves every time, without a branch: a settled half comes back unchanged.
#[target_feature(enable = "bmi2,popcnt,ssse3,sse4.1,avx")]
fn fall(p: &mut [Sse2; 3]) {
    let occupied = (p[0] | p[1] | p[2]).0;
    let halves = |x: __m128i| {
        [
            _mm_cvtsi128_si64(x) as u64,
            _mm_extract_epi64::<1>(x) as u64,
        ]
    };
    let (from, to) = (halves(occupied), halves(settled(occupied)));
    *p = p.map(|plane| {
        let [low, high] = halves(plane.0);
        let low = _pdep_u64(_pext_u64(low, from[0]), to[0]);
        let high = _pdep_u64(_pext_u64(high, from[1]), to[1]);
        Sse2(_mm_set_epi64x(high as i64, low as i64))
    });
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
    // Eight bytes a row (those past the row's end are overwritten by the next,
    // or lie past the last row).
    let mut out = [0u8; 8 * 16];
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
        let at = top * w;
        out[at..at + 8].copy_from_slice(&(_mm_cvtsi128_si64(text) as u64).to_le_bytes());
        let at = at + w;
        out[at..at + 8].copy_from_slice(&(_mm_extract_epi64::<1>(text) as u64).to_le_bytes());
    }
    out[..w * h].to_vec()
}

/// Per row r counted from the floor, the `pshufb` control that brings each
/// column's byte holding row r (byte `2 j + r / 8` of a plane) to byte j, then
/// the same for row r - 1 to byte 8 + j (none for row -1).
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
