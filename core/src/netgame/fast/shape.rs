//! Canonical forms of polyominoes under translation and the 8 symmetries of the
//! square, so that a shape and its rotations and reflections share one memo entry.
//!
//! A shape's image is its bounding-box bitmap (`W × H` bits, column-major) behind
//! its dimensions; the key is the smallest of the 8 images. A connected shape of
//! k ≤ 24 cells has `W + H ≤ k + 1`, so `W · H ≤ 156` bits fit in three words and
//! the dimensions in the fourth. Time O(8 · k), no sorting, no allocation.

/// A packed canonical shape: the bitmap in words 0..3, the dimensions in word 3.
pub(super) type Key = [u64; 4];

/// Most cells a key holds (a connected shape of at most 24 cells).
pub(super) const MAX_CELLS: usize = 24;

/// The key of the connected shape made of `cells` (any translation, any
/// orientation).
pub(super) fn canonical(cells: &[(i32, i32)]) -> Key {
    debug_assert!(!cells.is_empty() && cells.len() <= MAX_CELLS);
    let (mut min_x, mut max_x, mut min_y, mut max_y) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    for &(x, y) in cells {
        min_x = min_x.min(x);
        max_x = max_x.max(x);
        min_y = min_y.min(y);
        max_y = max_y.max(y);
    }
    let (w, h) = (max_x - min_x + 1, max_y - min_y + 1);
    debug_assert!(w * h <= 192, "not a connected shape of at most 24 cells");
    let mut best = [u64::MAX; 4];
    for symmetry in 0..8 {
        let swap = symmetry & 4 != 0;
        let (big_w, big_h) = if swap { (h, w) } else { (w, h) };
        let mut key = [0u64; 4];
        key[3] = ((big_w as u64) << 8) | big_h as u64;
        for &(x, y) in cells {
            let (u, v) = (x - min_x, y - min_y);
            let (u, v) = if swap { (v, u) } else { (u, v) };
            let u = if symmetry & 1 != 0 { big_w - 1 - u } else { u };
            let v = if symmetry & 2 != 0 { big_h - 1 - v } else { v };
            let bit = (u * big_h + v) as usize;
            key[bit / 64] |= 1 << (bit % 64);
        }
        if key < best {
            best = key;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::canonical;

    #[test]
    fn rotations_and_reflections_share_a_key() {
        // An L-tetromino in its 8 orientations, translated around.
        let l = [(0, 0), (0, 1), (0, 2), (1, 0)];
        let base = canonical(&l);
        for s in 0..8 {
            let image: Vec<(i32, i32)> = l
                .iter()
                .map(|&(x, y)| {
                    let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
                    (
                        if s & 1 != 0 { 7 - x } else { x + 3 },
                        if s & 2 != 0 { 9 - y } else { y },
                    )
                })
                .collect();
            assert_eq!(canonical(&image), base, "symmetry {s}");
        }
        // An S-tetromino is another shape, and so is a straight one.
        assert_ne!(canonical(&[(0, 0), (1, 0), (1, 1), (2, 1)]), base);
        assert_ne!(canonical(&[(0, 0), (0, 1), (0, 2), (0, 3)]), base);
        // Shapes of different sizes never collide.
        assert_ne!(canonical(&[(0, 0)]), canonical(&[(0, 0), (0, 1)]));
        assert_ne!(
            canonical(&[(0, 0), (1, 0), (1, 1)]),
            canonical(&[(0, 0), (1, 0), (1, 1), (0, 1)])
        );
    }

    #[test]
    fn the_largest_boxes_pack_without_overlap() {
        let line: Vec<(i32, i32)> = (0..24).map(|x| (x, 0)).collect();
        let mut bent = line.clone();
        bent[23] = (22, 1);
        assert_ne!(canonical(&line), canonical(&bent));
        // A 13 x 13 L: the largest box 24 connected cells can span; its far
        // corner cell lands in the last bits of the bitmap.
        let l: Vec<(i32, i32)> = (0..13)
            .map(|x| (x, 0))
            .chain((1..12).map(|y| (0, y)))
            .collect();
        let mut longer = l.clone();
        longer[23] = (0, 12);
        assert_ne!(canonical(&l), canonical(&longer));
        let mirrored: Vec<(i32, i32)> = l.iter().map(|&(x, y)| (y, x)).collect();
        assert_eq!(canonical(&l), canonical(&mirrored));
    }
}
