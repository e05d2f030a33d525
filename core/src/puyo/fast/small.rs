//! The one-word layout: a `u128` per colour for screens of at most 128 bits with
//! guards (the official 6 × 13 screen takes 84).
//!
//! Bit `c · (H + 1) + r` is column `c`, row `r` counted from the floor; bit
//! `c · (H + 1) + H` is column `c`'s guard, always zero, so a shift by one never
//! moves a puyo into the next column and a carry stops at the guard. Time per link
//! O(colours · (log H + group diameter)) word operations.

use super::fill128::{fill_down, fill_runs};
use super::{colour_index, seed_cells};
use crate::puyo::{Answer, Screen, COLOURS};

/// True when a `width × height` screen fits this layout.
pub(super) fn fits(width: usize, height: usize) -> bool {
    height < 64 && width * (height + 1) <= 128
}

/// The bits `lo..=hi` (empty when `hi < lo`); both below 128.
fn range(lo: u32, hi: u32) -> u128 {
    if hi < lo {
        0
    } else {
        (u128::MAX >> (127 - hi)) & (u128::MAX << lo)
    }
}

struct Board {
    colours: [u128; 5],
    /// Every cell bit (guards excluded).
    cells: u128,
    /// Bits per column, the guard included (`H + 1`).
    stride: u32,
    height: u32,
}

impl Board {
    fn occupied(&self) -> u128 {
        self.colours.iter().fold(0, |a, &m| a | m)
    }

    /// The groups of `m` that contain a cell of `seeds`: whole vertical runs, then
    /// one column sideways, until nothing is added.
    fn groups(&self, seeds: u128, m: u128) -> u128 {
        let s = self.stride;
        let mut g = fill_runs(seeds, m, self.height);
        loop {
            let side = ((g << s) | (g >> s)) & m & !g;
            if side == 0 {
                return g;
            }
            g = fill_runs(g | side, m, self.height);
        }
    }

    /// Clears every group of four or more, all colours at once; true when
    /// something was cleared.
    fn clear(&mut self) -> bool {
        let mut any = false;
        for k in 0..COLOURS.len() {
            let m = self.colours[k];
            let s = self.stride;
            let seeds = seed_cells!(m, m >> 1, m << 1, m << s, m >> s, |t| (t << 1)
                | (t >> 1)
                | (t << s)
                | (t >> s));
            if seeds != 0 {
                self.colours[k] &= !self.groups(seeds, m);
                any = true;
            }
        }
        any
    }

    /// Drops every puyo onto the floor or another puyo: removes each column's
    /// empty runs below its top puyo, highest run first.
    fn fall(&mut self) {
        let (s, h) = (self.stride, self.height);
        let occupied = self.occupied();
        let mut holes = fill_down(occupied, self.cells, h) & !occupied;
        while holes != 0 {
            let hi = 127 - holes.leading_zeros();
            let len = (holes << (127 - hi)).leading_ones();
            let lo = hi + 1 - len;
            // A hole has a puyo above it in its column, so `top > hi`.
            let top = lo / s * s + h - 1;
            let (keep, land) = (!range(lo, top), range(lo, top - len));
            for m in &mut self.colours {
                *m = (*m & keep) | ((*m >> len) & land);
            }
            holes &= !range(lo, hi);
        }
    }
}

/// Resolves the chain of a screen that [`fits`].
pub(super) fn solve(screen: &Screen) -> Answer {
    let (w, h) = (screen.width, screen.height);
    let stride = (h + 1) as u32;
    let mut board = Board {
        colours: [0; 5],
        cells: 0,
        stride,
        height: h as u32,
    };
    for c in 0..w {
        board.cells |= range(c as u32 * stride, c as u32 * stride + h as u32 - 1);
    }
    // Row by row from the top: each row shifts every column word up by one.
    for row in screen.cells.chunks_exact(w) {
        for m in &mut board.colours {
            *m <<= 1;
        }
        for (c, &cell) in row.iter().enumerate() {
            if let Some(k) = colour_index(cell) {
                board.colours[k] |= 1 << (c as u32 * stride);
            }
        }
    }
    let mut chains = 0;
    while board.clear() {
        chains += 1;
        board.fall();
    }
    let mut out = Screen::empty(w, h);
    for (k, &m) in board.colours.iter().enumerate() {
        for c in 0..w {
            let mut column = (m >> (c as u32 * stride)) as u64 & ((1 << h) - 1);
            while column != 0 {
                let r = column.trailing_zeros() as usize;
                out.cells[(h - 1 - r) * w + c] = COLOURS[k];
                column &= column - 1;
            }
        }
    }
    Answer {
        screen: out,
        chains,
    }
}
