//! The portable kernel's reading, writing and gravity, on plain integers: the
//! screen's rows gathered a bit plane at a time with a multiply and transposed
//! with Hacker's Delight's `transpose8`; the answer written puyo by puyo; each
//! empty run under a puyo removed with shifts and masks. The SSE2 kernel uses
//! them too (SSE2 alone has no cheaper way to move bits between rows and columns).

use super::{CODE_BITS, LANE, LETTER};
use crate::puyo::{Screen, EMPTY};

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

/// The three planes of a screen that [`super::fits`].
pub(super) fn load(screen: &Screen) -> [u128; 3] {
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

/// The cells the planes hold, row-major, top row first.
pub(super) fn store(planes: &[u128; 3], w: usize, h: usize) -> Vec<u8> {
    let mut out = vec![EMPTY; w * h];
    let [a, b, c] = planes.map(|p| [p as u64, (p >> 64) as u64]);
    for half in 0..2 {
        let mut occupied = a[half] | b[half] | c[half];
        while occupied != 0 {
            let bit = occupied.trailing_zeros();
            occupied &= occupied - 1;
            let code = (a[half] >> bit & 1) | (b[half] >> bit & 1) << 1 | (c[half] >> bit & 1) << 2;
            let (col, row) = (half * 4 + (bit / LANE) as usize, (bit % LANE) as usize);
            out[(h - 1 - row) * w + col] = LETTER[code as usize];
        }
    }
    out
}

/// Gravity: in each column that may have opened (see [`super::resolve`]) and is
/// not one run from the floor, removes each empty run under a puyo, highest
/// first, working on 64-bit halves so that every shift is one instruction.
#[inline(always)]
pub(super) fn fall(p: &mut [u128; 3], w: usize, changed: u128) {
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
            assert_eq!(store(&planes, w, h), screen.cells, "{w} x {h}");
            let occupied = planes[0] | planes[1] | planes[2];
            for c in 0..8 {
                let lane = (occupied >> (c * 16)) as u16;
                assert_eq!(lane >> h, 0, "guard bits of column {c}");
            }
        }
    }
}
