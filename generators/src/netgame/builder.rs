//! The net under construction: ropes kept in insertion order (never a hash
//! iteration order, so output is a pure function of the seed), cells added as
//! their four sides, dangling ropes added only where they complete no cell.

use crate::Rng;
use jurybox_core::netgame::net::{sides_of, Edge};
use jurybox_core::netgame::{Input, Rope};
use std::collections::HashSet;

/// A set of ropes in insertion order.
#[derive(Default)]
pub(super) struct Builder {
    edges: Vec<Edge>,
    present: HashSet<Edge>,
}

/// A horizontal (`vertical = false`) or vertical rope from `(x, y)`.
pub(super) fn edge(vertical: bool, x: u32, y: u32) -> Edge {
    Edge { vertical, x, y }
}

impl Builder {
    /// Adds `e` unless present.
    pub(super) fn rope(&mut self, e: Edge) {
        if self.present.insert(e) {
            self.edges.push(e);
        }
    }

    /// Adds the four sides of cell `(x, y)`.
    pub(super) fn cell(&mut self, x: u32, y: u32) {
        for e in sides_of(x, y) {
            self.rope(e);
        }
    }

    /// Removes `e` if present.
    pub(super) fn remove(&mut self, e: Edge) {
        if self.present.remove(&e) {
            self.edges.retain(|&f| f != e);
        }
    }

    /// Ropes so far.
    pub(super) fn len(&self) -> usize {
        self.edges.len()
    }

    /// The ropes so far, in insertion order.
    pub(super) fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Whether adding `e` would leave it a side of no whole cell: it must not be
    /// present, and neither cell it is a side of may have its other three sides.
    pub(super) fn dangles(&self, e: Edge) -> bool {
        if self.present.contains(&e) {
            return false;
        }
        let (x, y) = (e.x, e.y);
        let cells = if e.vertical {
            [Some((x, y)), x.checked_sub(1).map(|x| (x, y))]
        } else {
            [Some((x, y)), y.checked_sub(1).map(|y| (x, y))]
        };
        let others_present = |(cx, cy): (u32, u32)| {
            sides_of(cx, cy)
                .iter()
                .all(|s| *s == e || self.present.contains(s))
        };
        !cells.into_iter().flatten().any(others_present)
    }

    /// Adds up to `count` dangling ropes inside `[0, side]²`, drawn at random
    /// (a bounded number of tries, so a crowded box gets fewer).
    pub(super) fn dangling(&mut self, rng: &mut Rng, count: usize, side: u32) {
        let mut added = 0;
        for _ in 0..count.saturating_mul(50) {
            if added == count {
                break;
            }
            let vertical = rng.chance(1, 2);
            let (x, y) = if vertical {
                (rng.range_u32(0, side), rng.range_u32(0, side - 1))
            } else {
                (rng.range_u32(0, side - 1), rng.range_u32(0, side))
            };
            let e = edge(vertical, x, y);
            if self.dangles(e) {
                self.rope(e);
                added += 1;
            }
        }
    }

    /// The input: ropes shuffled when `shuffle`, each written end point first
    /// that is right or above with probability `reversed` percent.
    pub(super) fn finish(mut self, rng: &mut Rng, shuffle: bool, reversed: u64) -> Input {
        if shuffle {
            rng.shuffle(&mut self.edges);
        }
        let ropes = self
            .edges
            .iter()
            .map(|e| {
                let (x2, y2) = if e.vertical {
                    (e.x, e.y + 1)
                } else {
                    (e.x + 1, e.y)
                };
                if rng.below(100) < reversed {
                    Rope {
                        x1: x2,
                        y1: y2,
                        x2: e.x,
                        y2: e.y,
                    }
                } else {
                    Rope {
                        x1: e.x,
                        y1: e.y,
                        x2,
                        y2,
                    }
                }
            })
            .collect();
        Input { ropes }
    }
}

/// The cells of a `w × h` block at `(x, y)`.
pub(super) fn block_cells(x: u32, y: u32, w: u32, h: u32) -> Vec<(u32, u32)> {
    (0..w)
        .flat_map(|i| (0..h).map(move |j| (x + i, y + j)))
        .collect()
}

/// Lays shapes out in slots `stride` apart, `per_row` to a row, so that shapes in
/// different slots never share a rope or complete a cell between them (each
/// shape stays inside its slot's `stride - 1` square).
pub(super) struct Slots {
    pub(super) stride: u32,
    pub(super) per_row: u32,
    pub(super) next: u32,
}

impl Slots {
    /// The lower-left corner of the next slot.
    pub(super) fn take(&mut self) -> (u32, u32) {
        let k = self.next;
        self.next += 1;
        (
            (k % self.per_row) * self.stride,
            (k / self.per_row) * self.stride,
        )
    }
}
