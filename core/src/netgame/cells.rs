//! Reference: the source's 100-point solution. A state is the bitmask of whole
//! cells; a move removes a whole cell together with the whole cell across the cut
//! side, if any; a state is won iff some move leads to a lost one. No components,
//! no Grundy values: one memoised win/lose search over the whole position.
//!
//! Time O(2^c · c), memory 2^c bytes, for c ≤ 20 whole cells.
//! Source: ВОИ 2005, problem 5, jury's analysis.

use super::net::Net;
use super::{Answer, Input};

/// Most whole cells this engine takes (a 1 MiB table).
pub const MAX_CELLS: usize = 20;

/// What the memo knows of a state.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    Unknown,
    Lost,
    Won,
}

/// The search over bitmasks of whole cells.
pub(crate) struct Search<'a> {
    net: &'a Net,
    memo: Vec<Known>,
}

impl<'a> Search<'a> {
    /// A search over the cells of `net` (at most [`MAX_CELLS`]).
    pub(crate) fn new(net: &'a Net) -> Self {
        assert_small(net);
        Search {
            net,
            memo: vec![Known::Unknown; 1 << net.cells.len()],
        }
    }

    /// The cells removed by cutting side `side` of cell `cell` in `state`.
    fn removed(&self, state: u32, cell: usize, side: usize) -> u32 {
        let mut gone = 1 << cell;
        if let Some(other) = self.net.across[cell][side] {
            gone |= state & (1 << other);
        }
        gone
    }

    /// True when the player to move in `state` wins.
    pub(crate) fn wins(&mut self, state: u32) -> bool {
        match self.memo[state as usize] {
            Known::Won => return true,
            Known::Lost => return false,
            Known::Unknown => {}
        }
        let mut won = false;
        'moves: for cell in 0..self.net.cells.len() {
            if state & (1 << cell) == 0 {
                continue;
            }
            for side in 0..4 {
                if !self.wins(state & !self.removed(state, cell, side)) {
                    won = true;
                    break 'moves;
                }
            }
        }
        self.memo[state as usize] = if won { Known::Won } else { Known::Lost };
        won
    }
}

/// The cells a cut of rope `rope` removes from the starting position (every whole
/// cell it is a side of), as a bitmask.
pub(crate) fn cut(net: &Net, rope: usize) -> u32 {
    net.borders[rope].iter().fold(0, |m, &c| m | 1 << c)
}

/// Wins or loses, and the lowest winning rope.
pub fn solve(input: &Input) -> Answer {
    let net = Net::new(input);
    let full = ((1u64 << net.cells.len()) - 1) as u32;
    let mut search = Search::new(&net);
    if !search.wins(full) {
        return Answer::Lose;
    }
    (0..input.ropes.len())
        .find(|&rope| {
            let gone = cut(&net, rope);
            gone != 0 && !search.wins(full & !gone)
        })
        .map(|rope| Answer::Win(rope as i64 + 1))
        .expect("a won position has a winning move")
}

/// Refuses more than [`MAX_CELLS`] whole cells with a clear message (the state
/// would not fit the bitmask; `too_big` tells callers beforehand).
pub(crate) fn assert_small(net: &Net) {
    assert!(
        net.cells.len() <= MAX_CELLS,
        "{} whole cells: this search takes at most {MAX_CELLS}",
        net.cells.len()
    );
}

/// Too big beyond [`MAX_CELLS`] whole cells.
pub fn too_big(input: &Input) -> Option<String> {
    let cells = Net::new(input).cells.len();
    (cells > MAX_CELLS).then(|| format!("{cells} whole cells > {MAX_CELLS}: 2^cells states"))
}
