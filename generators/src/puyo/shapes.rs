//! Shapes of groups and how to set one down on the stacks without changing it.
//!
//! A shape is a list of cells `(dx, dy)`, `dy` counting up from its lowest row. To
//! set it down, the cells under it are filled with fillers (which avoid the shape's
//! colour and every other neighbour) and the shape's colour must differ from every
//! puyo it touches, so the group on the screen is exactly the shape: a U stays a U,
//! a group of 3 stays 3, whatever lies around it.

use super::stacks::Stacks;
use crate::Rng;

/// A shape in a fixed orientation, cells normalised to start at (0, 0).
#[derive(Clone, Debug)]
pub(crate) struct Piece {
    pub cells: Vec<(usize, usize)>,
    pub width: usize,
    pub height: usize,
}

impl Piece {
    /// `shape` in orientation `k` (0..8: `k % 4` quarter turns, mirrored when `k >= 4`).
    pub fn oriented(shape: &[(i8, i8)], k: u64) -> Piece {
        let mut cells: Vec<(i8, i8)> = shape.to_vec();
        for _ in 0..k % 4 {
            cells = cells.iter().map(|&(x, y)| (y, -x)).collect();
        }
        if k % 8 >= 4 {
            cells = cells.iter().map(|&(x, y)| (-x, y)).collect();
        }
        let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let cells: Vec<(usize, usize)> = cells
            .iter()
            .map(|&(x, y)| ((x - min_x) as usize, (y - min_y) as usize))
            .collect();
        let width = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
        let height = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
        Piece {
            cells,
            width,
            height,
        }
    }

    /// A random orientation of a random shape of `shapes`.
    pub fn random(shapes: &[&[(i8, i8)]], rng: &mut Rng) -> Piece {
        let shape = *rng.pick(shapes);
        Piece::oriented(shape, rng.below(8))
    }

    /// Lowest and highest `dy` of the piece in its column `dx`.
    pub fn span(&self, dx: usize) -> (usize, usize) {
        let ys = self.cells.iter().filter(|c| c.0 == dx).map(|c| c.1);
        (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(0))
    }

    /// The lowest row the piece can rest at with its left column at `x0`: on top of
    /// the stacks it covers.
    pub fn resting_row(&self, stacks: &Stacks, x0: usize) -> usize {
        (0..self.width)
            .map(|dx| stacks.len(x0 + dx).saturating_sub(self.span(dx).0))
            .max()
            .unwrap_or(0)
    }
}

/// Sets `piece` down with its lowest row at `y0` and left column at `x0`, in
/// `colour`, filling the cells below it with fillers from `fill`. False (and the
/// stacks unchanged) when it does not fit, rests on nothing it could, touches a
/// puyo of its colour, or a filler has no colour left.
pub(crate) fn place(
    stacks: &mut Stacks,
    piece: &Piece,
    x0: usize,
    y0: usize,
    colour: u8,
    fill: &[u8],
    rng: &mut Rng,
) -> bool {
    if x0 + piece.width > stacks.width || y0 + piece.height > stacks.height {
        return false;
    }
    for dx in 0..piece.width {
        if stacks.len(x0 + dx) > y0 + piece.span(dx).0 {
            return false;
        }
    }
    let touches_colour = piece.cells.iter().any(|&(dx, dy)| {
        let (x, y) = (x0 + dx, y0 + dy);
        let (ix, iy) = (x as isize, y as isize);
        [(ix - 1, iy), (ix + 1, iy), (ix, iy - 1), (ix, iy + 1)]
            .into_iter()
            .any(|(a, b)| stacks.at(a, b) == Some(colour))
    });
    if touches_colour {
        return false;
    }
    let before = stacks.clone();
    for dx in 0..piece.width {
        let x = x0 + dx;
        let top = y0 + piece.span(dx).1;
        while stacks.len(x) <= top {
            let y = stacks.len(x);
            if y >= y0 && piece.cells.contains(&(dx, y - y0)) {
                stacks.cols[x].push(colour);
            } else if !stacks.push_filler(x, fill, Some(colour), rng) {
                *stacks = before;
                return false;
            }
        }
    }
    true
}

/// A colour of `palette` for `piece` at (`x0`, `y0`) that touches no puyo of the
/// same colour, tried in random order; `None` when every colour does.
pub(crate) fn free_colour(
    stacks: &Stacks,
    piece: &Piece,
    x0: usize,
    y0: usize,
    palette: &[u8],
    rng: &mut Rng,
) -> Option<u8> {
    let mut order = palette.to_vec();
    rng.shuffle(&mut order);
    order.into_iter().find(|&c| {
        !piece.cells.iter().any(|&(dx, dy)| {
            let (ix, iy) = ((x0 + dx) as isize, (y0 + dy) as isize);
            [(ix - 1, iy), (ix + 1, iy), (ix, iy - 1), (ix, iy + 1)]
                .into_iter()
                .any(|(a, b)| stacks.at(a, b) == Some(c))
        })
    })
}

/// The seven tetrominoes (every group of exactly four, up to orientation).
pub(crate) const TETROMINOES: [&[(i8, i8)]; 7] = [
    &[(0, 0), (1, 0), (2, 0), (3, 0)],
    &[(0, 0), (1, 0), (0, 1), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (1, 1)],
    &[(0, 0), (1, 0), (2, 0), (0, 1)],
    &[(0, 0), (1, 0), (2, 0), (2, 1)],
    &[(0, 0), (1, 0), (1, 1), (2, 1)],
    &[(1, 0), (2, 0), (0, 1), (1, 1)],
];

/// The two trominoes (every group of exactly three, up to orientation).
pub(crate) const TROMINOES: [&[(i8, i8)]; 2] =
    [&[(0, 0), (1, 0), (2, 0)], &[(0, 0), (1, 0), (0, 1)]];

/// Concave groups: each has two cells joined only by a path that runs against one
/// of the four directions, so a flood fill missing that direction splits it
/// (in some orientation, for every choice of the missing direction).
pub(crate) const CONCAVE: [&[(i8, i8)]; 7] = [
    // U: the smallest concave group (5 cells).
    &[(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)],
    // U with tall arms.
    &[(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    // U with a wide base.
    &[(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (3, 1)],
    // Staircase: every step goes against a direction.
    &[(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    // Hook: an arm that turns back on itself.
    &[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2)],
    // S-bend of 4: split into 2 + 2 when one direction is missing.
    &[(0, 0), (1, 0), (1, 1), (2, 1)],
    // Ring around a filler.
    &[
        (0, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (2, 1),
        (0, 2),
        (1, 2),
        (2, 2),
    ],
];
