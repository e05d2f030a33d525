//! Reference: the source's 70-point solution. Only ropes that are sides of a whole
//! cell can ever be cut; a state is the bitmask of those still uncut. A cell is
//! whole while its four sides are uncut; a move cuts one uncut rope that is a side
//! of a whole cell; a state is won iff some move leads to a lost one.
//!
//! Time O(2^r · r · c), memory 2^r bytes, for r ≤ 24 cuttable ropes and c cells.
//! Source: ВОИ 2005, problem 5, jury's analysis.

use super::net::Net;
use super::{Answer, Input};

/// Most cuttable ropes this engine takes (a 16 MiB table).
pub const MAX_ROPES: usize = 24;

/// The search over bitmasks of uncut cuttable ropes.
struct Search {
    /// For each whole cell, the bits of its four sides.
    cells: Vec<u32>,
    /// 0 unknown, 1 lost, 2 won.
    memo: Vec<u8>,
}

impl Search {
    fn whole(&self, state: u32, cell: u32) -> bool {
        state & cell == cell
    }

    fn wins(&mut self, state: u32) -> bool {
        match self.memo[state as usize] {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let mut won = false;
        for bit in 0..32 {
            let rope = 1u32 << bit;
            if state & rope == 0 {
                continue;
            }
            let cuttable = (0..self.cells.len())
                .any(|c| self.cells[c] & rope != 0 && self.whole(state, self.cells[c]));
            if cuttable && !self.wins(state & !rope) {
                won = true;
                break;
            }
        }
        self.memo[state as usize] = if won { 2 } else { 1 };
        won
    }
}

/// The ropes that are sides of a whole cell, in input order.
fn cuttable(net: &Net) -> Vec<usize> {
    (0..net.borders.len())
        .filter(|&r| !net.borders[r].is_empty())
        .collect()
}

/// Wins or loses, and the lowest winning rope.
pub fn solve(input: &Input) -> Answer {
    let net = Net::new(input);
    let ropes = cuttable(&net);
    assert!(
        ropes.len() <= MAX_ROPES,
        "{} cuttable ropes: this search takes at most {MAX_ROPES}",
        ropes.len()
    );
    let bit = |rope: usize| 1u32 << ropes.iter().position(|&r| r == rope).expect("cuttable");
    let mut search = Search {
        cells: net
            .sides
            .iter()
            .map(|s| s.iter().fold(0, |m, &r| m | bit(r)))
            .collect(),
        memo: vec![0; 1 << ropes.len()],
    };
    let full = ((1u64 << ropes.len()) - 1) as u32;
    if !search.wins(full) {
        return Answer::Lose;
    }
    // Every cuttable rope is a side of a whole cell at the start: each is a move.
    ropes
        .iter()
        .find(|&&r| !search.wins(full & !bit(r)))
        .map(|&r| Answer::Win(r as i64 + 1))
        .expect("a won position has a winning move")
}

/// Too big beyond [`MAX_ROPES`] cuttable ropes.
pub fn too_big(input: &Input) -> Option<String> {
    let ropes = cuttable(&Net::new(input)).len();
    (ropes > MAX_ROPES).then(|| format!("{ropes} cuttable ropes > {MAX_ROPES}: 2^ropes states"))
}
