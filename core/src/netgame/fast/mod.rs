//! Fast engine: Sprague–Grundy over components, memoised by canonical shape.
//!
//! Whole cells split into connected components that never interact, so the
//! position's value is the XOR of the components' Grundy values. A component's
//! value is the mex over its moves (remove one cell with fewer than four whole
//! neighbours, or two adjacent cells) of the XOR of the pieces the move leaves,
//! each valued recursively. Values are memoised by the piece's canonical shape
//! (translation and the 8 symmetries of the square, `shape.rs`), shared by all
//! components, behind a per-component table by bitmask (`seen.rs`) so a subset is
//! canonicalised once. A move is split into pieces only when a local test
//! (`local.rs`) cannot show the rest stays connected. The winning rope is the
//! lowest-numbered one whose cut leaves XOR 0.
//!
//! Time: one evaluation per distinct reachable shape up to symmetry, each
//! O(moves · k) at worst (O(moves) when the local test holds) plus canonical
//! forms; O(N) for the geometry. Components have at most 24 cells (the limits),
//! so a piece is a `u32` bitmask over its cells.
//! Source: the spec's fast algorithm (ВОИ 2005 analysis, plus Sprague–Grundy).

mod local;
mod seen;
mod shape;

use super::hash::FxMap;
use super::net::Net;
use super::{Answer, Input};
use local::{pattern, CELL_RING, CELL_SAFE, PAIR_RING, PAIR_SAFE};
use seen::Seen;
use shape::{canonical, Key};

/// Grundy values of shapes seen so far, by canonical key, shared by components.
#[derive(Default)]
struct Memo {
    values: FxMap<Key, u8>,
}

/// One component of whole cells: its cells (from the corner of its bounding box),
/// per cell the bitmask of its neighbours and the rings of `local.rs`, and the
/// values of its connected subsets met so far (a cache in front of the canonical
/// memo, so a subset is canonicalised once).
struct Component {
    cells: Vec<(u8, u8)>,
    adjacent: [u32; 32],
    around: Vec<Around>,
    seen: Seen,
}

/// The rings around a cell, and around its dominoes with the cell to its right
/// and the cell above (each with that cell's bit, 0 if there is none): ring
/// entries are cell bits, 0 where the component has no cell.
struct Around {
    cell: [u32; 8],
    pairs: [(u32, [u32; 10]); 2],
}

impl Component {
    /// The component made of `cells` (connected, at most 24), neighbours found by
    /// coordinates.
    fn new(cells: Vec<(u32, u32)>) -> Component {
        let mut adjacent = [0u32; 32];
        for (i, &(x, y)) in cells.iter().enumerate() {
            adjacent[i] = cells.iter().enumerate().fold(0u32, |m, (j, &(u, v))| {
                if x.abs_diff(u) + y.abs_diff(v) == 1 {
                    m | 1 << j
                } else {
                    m
                }
            });
        }
        // Coordinates within a box of at most 24 + 1 cells around: u8, and bits
        // of a u32 line for the canonical forms.
        let x0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let y0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let cells: Vec<(u8, u8)> = cells
            .iter()
            .map(|&(x, y)| ((x - x0) as u8, (y - y0) as u8))
            .collect();
        let width = cells.iter().map(|c| i32::from(c.0) + 1).max().unwrap_or(0);
        let height = cells.iter().map(|c| i32::from(c.1) + 1).max().unwrap_or(0);
        let mut grid = vec![0u32; (width * height) as usize];
        for (i, &(x, y)) in cells.iter().enumerate() {
            grid[(i32::from(x) * height + i32::from(y)) as usize] = 1 << i;
        }
        let bit = |x: i32, y: i32| {
            if (0..width).contains(&x) && (0..height).contains(&y) {
                grid[(x * height + y) as usize]
            } else {
                0
            }
        };
        let around = cells
            .iter()
            .map(|&(x, y)| {
                let (x, y) = (i32::from(x), i32::from(y));
                Around {
                    cell: CELL_RING.map(|(dx, dy)| bit(x + dx, y + dy)),
                    pairs: [
                        (bit(x + 1, y), PAIR_RING.map(|(dx, dy)| bit(x + dx, y + dy))),
                        (bit(x, y + 1), PAIR_RING.map(|(dx, dy)| bit(x + dy, y + dx))),
                    ],
                }
            })
            .collect();
        Component {
            cells,
            adjacent,
            around,
            seen: Seen::default(),
        }
    }

    /// Every cell.
    fn all(&self) -> u32 {
        ((1u64 << self.cells.len()) - 1) as u32
    }

    /// The connected part of `mask` holding its lowest cell.
    fn part(&self, mask: u32) -> u32 {
        let mut part = mask & mask.wrapping_neg();
        let mut frontier = part;
        while frontier != 0 {
            let i = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.adjacent[i % 32] & mask & !part;
            part |= new;
            frontier |= new;
            if part == mask {
                break;
            }
        }
        part
    }

    /// The value of the (maybe disconnected) cells `mask`: XOR over its parts.
    fn value_of(&mut self, memo: &mut Memo, mut mask: u32) -> u8 {
        let mut total = 0;
        while mask != 0 {
            let part = self.part(mask);
            mask &= !part;
            total ^= self.grundy(memo, part);
        }
        total
    }

    /// The Grundy value of the connected cells `mask`.
    fn grundy(&mut self, memo: &mut Memo, mask: u32) -> u8 {
        if let Some(g) = self.seen.get(mask) {
            return g;
        }
        let key = canonical(self.subset(mask));
        let g = match memo.values.get(&key) {
            Some(&g) => g,
            None => {
                let g = self.mex_of_moves(memo, mask);
                memo.values.insert(key, g);
                g
            }
        };
        self.seen.insert(mask, g);
        g
    }

    /// The mex of the values every move from the connected cells `mask` leaves.
    fn mex_of_moves(&mut self, memo: &mut Memo, mask: u32) -> u8 {
        let mut options: u128 = 0;
        let mut rest = mask;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            let bit = 1u32 << i;
            rest &= rest - 1;
            if (self.adjacent[i % 32] & mask).count_ones() < 4 {
                let left = mask & !bit;
                let connected = CELL_SAFE[pattern(left, &self.around[i].cell)];
                options |= 1 << self.value_after(memo, left, connected);
            }
            // Each adjacent pair once, from its lower (or left) cell.
            for k in 0..2 {
                let (other, ref ring) = self.around[i].pairs[k];
                if mask & other != 0 {
                    let left = mask & !bit & !other;
                    let connected = PAIR_SAFE[pattern(left, ring)];
                    options |= 1 << self.value_after(memo, left, connected);
                }
            }
        }
        (!options).trailing_zeros() as u8
    }

    /// The value of the cells `left` by a move from a connected piece, split
    /// into parts unless the local test found them `connected`.
    fn value_after(&mut self, memo: &mut Memo, left: u32, connected: bool) -> u8 {
        if connected && left != 0 {
            self.grundy(memo, left)
        } else {
            self.value_of(memo, left)
        }
    }

    /// The cells of `mask`.
    fn subset(&self, mut mask: u32) -> impl Iterator<Item = (u8, u8)> + '_ {
        std::iter::from_fn(move || {
            let i = mask.trailing_zeros() as usize;
            mask &= mask.wrapping_sub(1);
            self.cells.get(i).copied()
        })
    }
}

/// Wins or loses, and the lowest winning rope.
pub fn solve(input: &Input) -> Answer {
    let net = Net::new(input);
    let components = net.components();
    let mut component_of = vec![0; net.cells.len()];
    for (k, component) in components.iter().enumerate() {
        for &c in component {
            component_of[c] = k;
        }
    }
    let mut memo = Memo::default();
    let mut pieces: Vec<Component> = components
        .iter()
        .map(|component| Component::new(component.iter().map(|&c| net.cells[c]).collect()))
        .collect();
    let values: Vec<u8> = pieces
        .iter_mut()
        .map(|p| {
            let all = p.all();
            p.grundy(&mut memo, all)
        })
        .collect();
    let total = values.iter().fold(0, |a, g| a ^ g);
    if total == 0 {
        return Answer::Lose;
    }
    // The local index of each cell in its component (components are sorted).
    let mut local = vec![0; net.cells.len()];
    for component in &components {
        for (i, &c) in component.iter().enumerate() {
            local[c] = i;
        }
    }
    for (rope, cells) in net.borders.iter().enumerate() {
        let Some(&first) = cells.first() else {
            continue;
        };
        let k = component_of[first];
        let piece = &mut pieces[k];
        let gone = cells.iter().fold(0u32, |m, &c| m | 1 << local[c]);
        let all = piece.all();
        if total ^ values[k] ^ piece.value_of(&mut memo, all & !gone) == 0 {
            return Answer::Win(rope as i64 + 1);
        }
    }
    unreachable!("a position of non-zero Grundy value has a move to zero")
}
