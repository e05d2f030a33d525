//! The geometry every engine and the checker share: which cells are whole, which
//! ropes are their sides, which whole cells are neighbours.
//!
//! Cell `(x, y)` is the unit square with lower-left corner `(x, y)`; its sides are
//! the horizontal ropes at `y` and `y + 1` and the vertical ropes at `x` and `x + 1`.
//! A cell is whole when all four are ropes of the net. Two whole cells that share a
//! side are neighbours, and cutting that side removes both.
//!
//! Time O(N) expected (hash maps keyed by normalised ropes and cells, with a
//! multiply-rotate hasher: inputs are data to judge, not an adversary of the
//! hash table).

use super::hash::FxMap;
use super::{Input, Rope};

/// A rope's place, whatever the order of its end points: the unit segment from
/// `(x, y)` to `(x + 1, y)` (horizontal) or to `(x, y + 1)` (vertical).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    /// True for a vertical rope.
    pub vertical: bool,
    /// Lower (or left) end point, x.
    pub x: u32,
    /// Lower (or left) end point, y.
    pub y: u32,
}

impl Rope {
    /// The rope's place. Only meaningful for a unit axis-parallel rope, which
    /// the parser guarantees.
    pub fn edge(&self) -> Edge {
        Edge {
            vertical: self.x1 == self.x2,
            x: self.x1.min(self.x2),
            y: self.y1.min(self.y2),
        }
    }
}

/// The four sides of cell `(x, y)`, in the order of [`Side`].
pub fn sides_of(x: u32, y: u32) -> [Edge; 4] {
    [
        Edge {
            vertical: false,
            x,
            y,
        },
        Edge {
            vertical: false,
            x,
            y: y + 1,
        },
        Edge {
            vertical: true,
            x,
            y,
        },
        Edge {
            vertical: true,
            x: x + 1,
            y,
        },
    ]
}

/// The sides of a cell, indexing [`sides_of`] and [`Net::sides`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The horizontal rope at `y`.
    Bottom = 0,
    /// The horizontal rope at `y + 1`.
    Top = 1,
    /// The vertical rope at `x`.
    Left = 2,
    /// The vertical rope at `x + 1`.
    Right = 3,
}

/// The whole cells of a net and how they touch its ropes.
#[derive(Clone, Debug, Default)]
pub struct Net {
    /// Lower-left corners of the whole cells, sorted by `(x, y)`.
    pub cells: Vec<(u32, u32)>,
    /// For each whole cell, the input indices (0-based) of its four sides, in
    /// [`Side`] order.
    pub sides: Vec<[usize; 4]>,
    /// For each whole cell, the whole cell across each side, if any.
    pub across: Vec<[Option<usize>; 4]>,
    /// For each rope (input order), the whole cells it is a side of (zero, one or
    /// two, lowest first); a rope is cuttable at the start iff this is non-empty.
    pub borders: Vec<Vec<usize>>,
}

impl Net {
    /// Builds the whole cells of `input`.
    pub fn new(input: &Input) -> Net {
        let index: FxMap<Edge, usize> = input
            .ropes
            .iter()
            .enumerate()
            .map(|(i, r)| (r.edge(), i))
            .collect();
        // A whole cell has each of its sides in the net, so it is found from any one
        // of them: try the cell above and below every horizontal rope.
        let mut cells: Vec<(u32, u32)> = input
            .ropes
            .iter()
            .map(Rope::edge)
            .filter(|e| !e.vertical)
            .flat_map(|e| [Some((e.x, e.y)), e.y.checked_sub(1).map(|y| (e.x, y))])
            .flatten()
            .filter(|&(x, y)| sides_of(x, y).iter().all(|s| index.contains_key(s)))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        let sides: Vec<[usize; 4]> = cells
            .iter()
            .map(|&(x, y)| sides_of(x, y).map(|s| index[&s]))
            .collect();
        let cell_at: FxMap<(u32, u32), usize> =
            cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let across = cells
            .iter()
            .map(|&(x, y)| {
                let at = |c: Option<(u32, u32)>| c.and_then(|c| cell_at.get(&c).copied());
                [
                    at(y.checked_sub(1).map(|y| (x, y))),
                    at(Some((x, y + 1))),
                    at(x.checked_sub(1).map(|x| (x, y))),
                    at(Some((x + 1, y))),
                ]
            })
            .collect();
        let mut borders = vec![Vec::new(); input.ropes.len()];
        for (c, s) in sides.iter().enumerate() {
            for &rope in s {
                borders[rope].push(c);
            }
        }
        Net {
            cells,
            sides,
            across,
            borders,
        }
    }

    /// The connected components of whole cells (through shared sides), each sorted,
    /// in order of their lowest cell.
    pub fn components(&self) -> Vec<Vec<usize>> {
        let mut seen = vec![false; self.cells.len()];
        let mut out = Vec::new();
        for start in 0..self.cells.len() {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut component = vec![start];
            let mut i = 0;
            while i < component.len() {
                for next in self.across[component[i]].into_iter().flatten() {
                    if !seen[next] {
                        seen[next] = true;
                        component.push(next);
                    }
                }
                i += 1;
            }
            component.sort_unstable();
            out.push(component);
        }
        out
    }
}
