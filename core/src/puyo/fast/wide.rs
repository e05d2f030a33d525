//! The column layout: a `u64` per column per colour, for screens up to 64 rows of
//! any width (the extended 64 × 64 screen).
//!
//! Bit `r` of column `c` is row `r` counted from the floor. A group grows through
//! whole vertical runs and sideways into the neighbouring columns, sweeping left to
//! right then right to left, and only over the columns it has reached, so that a
//! small group costs a few words however wide the screen. Time per link
//! O(colours · W) words for the seeds plus O(group width · sweeps) per grown group.

use super::colour_index;
use super::fill64::fill_runs;
use crate::puyo::{Answer, Screen, COLOURS, EMPTY};

/// The bits below `p` (all of them when `p ≥ 64`).
fn below(p: u32) -> u64 {
    1u64.checked_shl(p).map_or(u64::MAX, |b| b - 1)
}

struct Board {
    /// `colours[k][c]`: the puyos of colour `k` in column `c`.
    colours: [Vec<u64>; 5],
    width: usize,
    height: u32,
    /// Scratch for the groups being grown: zero between calls.
    group: Vec<u64>,
    /// Scratch for the cells with two and with three same-coloured neighbours.
    two: Vec<u64>,
    three: Vec<u64>,
    /// Columns changed by the last link (all before the first).
    changed: Vec<bool>,
    /// Columns within three of a changed one.
    near: Vec<bool>,
}

impl Board {
    /// Grows `self.group` (seeds of colour `k` in columns `lo..=hi`) into whole
    /// groups; returns the columns it spans.
    fn grow(&mut self, k: usize, mut lo: usize, mut hi: usize) -> (usize, usize) {
        let (m, g, h, last) = (
            &self.colours[k],
            &mut self.group,
            self.height,
            self.width - 1,
        );
        for x in lo..=hi {
            g[x] = fill_runs(g[x], m[x], h);
        }
        let step = |x: usize, g: &mut [u64]| -> bool {
            let left = if x > 0 { g[x - 1] } else { 0 };
            let right = if x < last { g[x + 1] } else { 0 };
            let new = (left | right) & m[x] & !g[x];
            if new != 0 {
                g[x] = fill_runs(g[x] | new, m[x], h);
            }
            new != 0
        };
        let mut rightwards = true;
        loop {
            let mut changed = false;
            if rightwards {
                let mut x = lo.saturating_sub(1);
                while x <= (hi + 1).min(last) {
                    if step(x, g) {
                        (changed, lo, hi) = (true, lo.min(x), hi.max(x));
                    }
                    x += 1;
                }
            } else {
                let mut x = (hi + 1).min(last) + 1;
                while x > lo.saturating_sub(1) {
                    x -= 1;
                    if step(x, g) {
                        (changed, lo, hi) = (true, lo.min(x), hi.max(x));
                    }
                }
            }
            if !changed {
                return (lo, hi);
            }
            rightwards = !rightwards;
        }
    }

    /// Clears every group of four or more, all colours at once; returns whether
    /// something was cleared and records the changed columns in `self.changed`.
    ///
    /// Seeds (see `seed_cells!`) depend on five columns; a column more than two
    /// away from every column changed by the last link sees what it saw then,
    /// when any seed it had was cleared, so only columns near a change are looked
    /// at (every column before the first link).
    fn clear(&mut self) -> bool {
        let w = self.width;
        // Taken out for the loop (it lends `self` to `grow`), put back at the end.
        let mut near = std::mem::take(&mut self.near);
        let changed = &mut self.changed;
        let mut dist = usize::MAX;
        for c in 0..w {
            dist = if changed[c] {
                0
            } else {
                dist.saturating_add(1)
            };
            near[c] = dist <= 3;
        }
        for c in (0..w).rev() {
            dist = if changed[c] {
                0
            } else {
                dist.saturating_add(1)
            };
            near[c] |= dist <= 3;
            changed[c] = false;
        }
        let mut any = false;
        for k in 0..COLOURS.len() {
            let m = &self.colours[k];
            let two = &mut self.two;
            // Cells with two or more neighbours, and three or more, near changes.
            let (mut lo, mut hi) = (usize::MAX, 0);
            for c in (0..w).filter(|&c| near[c]) {
                let x = m[c];
                let left = if c > 0 { x & m[c - 1] } else { 0 };
                let right = if c + 1 < w { x & m[c + 1] } else { 0 };
                let (up, down) = (x & (x >> 1), x & (x << 1));
                let (vertical, horizontal) = (up & down, left & right);
                let (any_v, any_h) = (up | down, left | right);
                self.three[c] = (vertical & any_h) | (horizontal & any_v);
                two[c] = vertical | horizontal | (any_v & any_h);
            }
            for c in (0..w).filter(|&c| near[c]) {
                let t = two[c];
                let left = if c > 0 && near[c - 1] { two[c - 1] } else { 0 };
                let right = if c + 1 < w && near[c + 1] {
                    two[c + 1]
                } else {
                    0
                };
                let seeds = self.three[c] | (t & ((t << 1) | (t >> 1) | left | right));
                self.group[c] = seeds;
                if seeds != 0 {
                    (lo, hi) = (lo.min(c), c);
                }
            }
            for c in (0..w).filter(|&c| near[c]) {
                two[c] = 0;
                self.three[c] = 0;
            }
            if lo > hi {
                continue;
            }
            for c in (0..w).filter(|&c| near[c] && !(lo..=hi).contains(&c)) {
                self.group[c] = 0;
            }
            let (lo, hi) = self.grow(k, lo, hi);
            for c in lo..=hi {
                let gone = std::mem::take(&mut self.group[c]);
                self.colours[k][c] &= !gone;
                self.changed[c] |= gone != 0;
            }
            any = true;
        }
        self.near = near;
        any
    }

    /// Drops every puyo onto the floor or another puyo: removes the empty runs
    /// below each column's top puyo, highest run first. Marks columns that change.
    ///
    /// After the first link only a column that lost puyos can have a hole; the
    /// first fall looks at every column, so that an unsettled screen settles as
    /// in the reference.
    fn fall(&mut self, first: bool) {
        for c in 0..self.width {
            if !first && !self.changed[c] {
                continue;
            }
            let occupied = self.colours.iter().fold(0, |a, m| a | m[c]);
            if occupied & occupied.wrapping_add(1) == 0 {
                continue; // settled: the puyos sit on the floor in one run
            }
            self.changed[c] = true;
            let mut holes = !occupied & below(64 - occupied.leading_zeros());
            while holes != 0 {
                let hi = 63 - holes.leading_zeros();
                let len = (holes << (63 - hi)).leading_ones();
                let lo = hi + 1 - len;
                for colour in &mut self.colours {
                    let m = colour[c];
                    colour[c] = (m & below(lo)) | ((m >> len) & !below(lo));
                }
                holes &= below(lo);
            }
        }
    }
}

/// Resolves the chain of a screen of at most 64 rows.
pub(super) fn solve(screen: &Screen) -> Answer {
    let (w, h) = (screen.width, screen.height);
    let mut board = Board {
        colours: std::array::from_fn(|_| vec![0; w]),
        width: w,
        height: h as u32,
        group: vec![0; w],
        two: vec![0; w],
        three: vec![0; w],
        changed: vec![true; w],
        near: vec![false; w],
    };
    for row in 0..h {
        for c in 0..w {
            if let Some(k) = colour_index(screen.get(row, c)) {
                board.colours[k][c] |= 1 << (h - 1 - row);
            }
        }
    }
    let mut chains = 0;
    while board.clear() {
        board.fall(chains == 0);
        chains += 1;
    }
    let mut out = Screen::empty(w, h);
    for row in 0..h {
        for c in 0..w {
            let bit = 1u64 << (h - 1 - row);
            let cell = (0..COLOURS.len()).find(|&k| board.colours[k][c] & bit != 0);
            out.set(row, c, cell.map_or(EMPTY, |k| COLOURS[k]));
        }
    }
    Answer {
        screen: out,
        chains,
    }
}
