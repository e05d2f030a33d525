//! Canonical forms of polyominoes under translation and the 8 symmetries of the
//! square, so that a shape and its rotations and reflections share one memo entry.
//!
//! One pass over the cells builds the shape's columns and rows as bitmasks (a
//! column's bit `y` is the cell at height `y`), and its bounding box `W × H`. Seen
//! with its shorter side across, a shape is `n ≤ m` lines of `m` bits: its `W`
//! columns when `W ≤ H`, its rows otherwise. The symmetries that keep the shorter
//! side across are 4 (8 when the box is square: both sets of lines): reverse the
//! order of the lines, reverse the bits of every line, or both. Each image is
//! compared line by line (most comparisons end at the first line) and the
//! smallest is packed with `n` and `m` into the key. A connected shape of k ≤ 24
//! cells has `W + H ≤ k + 1`, so `n · m ≤ 12 · 13 = 156` bits, and the key is
//! three words. Time O(k + 4 · n) (twice for a square box), no allocation.

/// A packed canonical shape: `n · m` bits of lines then, in the top of the last
/// word, `n` and `m`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Key([u64; 3]);

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        for word in self.0 {
            state.write_u64(word);
        }
    }
}

/// Most cells a key holds (a connected shape of at most 24 cells).
pub(super) const MAX_CELLS: usize = 24;

/// Coordinates a shape's cells may have: each is a bit of a `u32` line.
pub(super) const FRAME: usize = 32;

/// The key of the connected shape made of `cells`, at most [`MAX_CELLS`] of them,
/// coordinates below [`FRAME`] (any translation, any orientation).
pub(super) fn canonical(cells: impl Iterator<Item = (u8, u8)>) -> Key {
    let mut columns = [0u32; FRAME];
    let mut rows = [0u32; FRAME];
    let (mut xs, mut ys) = (0u32, 0u32);
    for (x, y) in cells {
        columns[x as usize] |= 1 << y;
        rows[y as usize] |= 1 << x;
        xs |= 1 << x;
        ys |= 1 << y;
    }
    debug_assert!(xs != 0, "an empty shape");
    let (x0, y0) = (xs.trailing_zeros() as usize, ys.trailing_zeros() as usize);
    let w = 32 - xs.leading_zeros() as usize - x0;
    let h = 32 - ys.leading_zeros() as usize - y0;
    debug_assert!(
        w + h <= MAX_CELLS + 1,
        "not a connected shape of ≤ 24 cells"
    );
    let mut best = Best::default();
    if w <= h {
        best.offer(&columns[x0..x0 + w], y0, h);
    }
    if h <= w {
        best.offer(&rows[y0..y0 + h], x0, w);
    }
    best.key()
}

/// The smallest image offered so far.
#[derive(Default)]
struct Best {
    lines: [u32; MAX_CELLS],
    n: usize,
    m: usize,
}

impl Best {
    /// Offers the 4 images of `lines`, each `m` bits from bit `shift` on: as they
    /// are, in reverse order, each reversed, and both.
    fn offer(&mut self, lines: &[u32], shift: usize, m: usize) {
        let n = lines.len();
        let line = |image: usize, i: usize| {
            let l = lines[if image & 1 != 0 { n - 1 - i } else { i }] >> shift;
            if image & 2 != 0 {
                l.reverse_bits() >> (32 - m)
            } else {
                l
            }
        };
        for image in 0..4 {
            if self.n != 0 {
                // Same n and m as every other image (a square box's rows too).
                let smaller = (0..n)
                    .map(|i| line(image, i).cmp(&self.lines[i]))
                    .find(|c| c.is_ne())
                    .is_some_and(|c| c.is_lt());
                if !smaller {
                    continue;
                }
            }
            for i in 0..n {
                self.lines[i] = line(image, i);
            }
            (self.n, self.m) = (n, m);
        }
    }

    /// The smallest image, packed.
    fn key(&self) -> Key {
        let mut words = [0u64; 3];
        let mut bit = 0;
        for &l in &self.lines[..self.n] {
            let wide = u128::from(l) << (bit % 64);
            words[bit / 64] |= wide as u64;
            if bit / 64 + 1 < 3 {
                words[bit / 64 + 1] |= (wide >> 64) as u64;
            }
            bit += self.m;
        }
        words[2] |= ((self.n as u64) << 59) | ((self.m as u64) << 54);
        Key(words)
    }
}

#[cfg(test)]
mod tests {
    use super::canonical;

    fn key(cells: &[(u8, u8)]) -> super::Key {
        canonical(cells.iter().copied())
    }

    /// The images of `cells` under the 8 symmetries, moved by `at` (mirrored
    /// coordinates are `at - x`, so `at` must exceed every coordinate).
    fn images(cells: &[(u8, u8)], at: u8) -> Vec<Vec<(u8, u8)>> {
        (0..8)
            .map(|s| {
                cells
                    .iter()
                    .map(|&(x, y)| {
                        let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
                        (
                            if s & 1 != 0 { at - x } else { x + 3 },
                            if s & 2 != 0 { at - y } else { y },
                        )
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn rotations_and_reflections_share_a_key() {
        // An L-tetromino in its 8 orientations, translated around.
        let l = [(0, 0), (0, 1), (0, 2), (1, 0)];
        let base = key(&l);
        for (s, image) in images(&l, 9).iter().enumerate() {
            assert!(key(image) == base, "symmetry {s}");
        }
        // An S-tetromino is another shape, and so is a straight one.
        assert!(key(&[(0, 0), (1, 0), (1, 1), (2, 1)]) != base);
        assert!(key(&[(0, 0), (0, 1), (0, 2), (0, 3)]) != base);
        // Shapes of different sizes never collide.
        assert!(key(&[(0, 0)]) != key(&[(0, 0), (0, 1)]));
        assert!(key(&[(0, 0), (1, 0), (1, 1)]) != key(&[(0, 0), (1, 0), (1, 1), (0, 1)]));
    }

    #[test]
    fn square_boxes_try_both_sets_of_lines() {
        // A 3 x 3 shape (a P-pentomino and a tail cell) in its 8 orientations.
        let p = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2)];
        let base = key(&p);
        for (s, image) in images(&p, 5).iter().enumerate() {
            assert!(key(image) == base, "symmetry {s}");
        }
        // The tail cell beside the middle of the block makes another shape.
        assert!(key(&[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 1)]) != base);
    }

    #[test]
    fn the_largest_boxes_pack_without_overlap() {
        let line: Vec<(u8, u8)> = (0..24).map(|x| (x, 0)).collect();
        let mut bent = line.clone();
        bent[23] = (22, 1);
        assert!(key(&line) != key(&bent));
        // A 13 x 12 L: the largest box 24 connected cells can span (156 bits);
        // its corner cells land in the first and last bits of the key.
        let l: Vec<(u8, u8)> = (0..13)
            .map(|x| (x, 0))
            .chain((1..12).map(|y| (0, y)))
            .collect();
        let shifted: Vec<(u8, u8)> = (0..13)
            .map(|x| (x, 0))
            .chain((1..12).map(|y| (1, y)))
            .collect();
        assert!(key(&l) != key(&shifted));
        for (s, image) in images(&l, 20).iter().enumerate() {
            assert!(key(image) == key(&l), "symmetry {s}");
        }
    }
}
