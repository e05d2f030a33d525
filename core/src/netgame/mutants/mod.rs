//! The spec's known wrong and slow solutions, each a small honest implementation
//! of its mistake, kept as [`EngineKind::Mutant`](crate::EngineKind::Mutant)
//! engines so that test suites can prove they kill them. Never a reference.

use super::cells::{assert_small, cut, Search};
use super::net::Net;
use super::{Answer, Input};

/// The lowest rope that is a side of a whole cell, as an answer.
fn lowest_cuttable(net: &Net) -> Option<Answer> {
    net.borders
        .iter()
        .position(|cells| !cells.is_empty())
        .map(|r| Answer::Win(r as i64 + 1))
}

/// "Count cells instead of playing": the first player wins iff the number of
/// whole cells is odd, by cutting the lowest cuttable rope.
pub fn parity(input: &Input) -> Answer {
    let net = Net::new(input);
    match net.cells.len() % 2 {
        1 => lowest_cuttable(&net).unwrap_or(Answer::Lose),
        _ => Answer::Lose,
    }
}

/// "Any rope is cuttable": without the whole-cell check every rope is a move until
/// it is cut, so a search over ropes (memo or not) always plays exactly N moves and
/// reduces to the parity of N; it then cuts rope 1.
pub fn any_rope(input: &Input) -> Answer {
    match input.ropes.len() % 2 {
        1 => Answer::Win(1),
        _ => Answer::Lose,
    }
}

/// "A shared rope removes one cell": the cells search where cutting a rope kills
/// only the lowest whole cell it borders, the other staying whole.
pub fn one_cell(input: &Input) -> Answer {
    let net = Net::new(input);
    assert_small(&net);
    let full = ((1u64 << net.cells.len()) - 1) as u32;
    let mut memo = vec![0u8; 1 << net.cells.len()];
    fn wins(state: u32, memo: &mut [u8]) -> bool {
        if memo[state as usize] != 0 {
            return memo[state as usize] == 2;
        }
        let won = (0..32)
            .filter(|&c| state & 1 << c != 0)
            .any(|c| !wins(state & !(1 << c), memo));
        memo[state as usize] = if won { 2 } else { 1 };
        won
    }
    if !wins(full, &mut memo) {
        return Answer::Lose;
    }
    (0..input.ropes.len())
        .find(|&r| {
            net.borders[r]
                .first()
                .is_some_and(|&c| !wins(full & !(1 << c), &mut memo))
        })
        .map(|r| Answer::Win(r as i64 + 1))
        .unwrap_or(Answer::Lose)
}

/// "Print a winning verdict with an unchecked rope": the verdict of the cells
/// search, then the lowest cuttable rope, whether it wins or not.
pub fn unchecked(input: &Input) -> Answer {
    let net = Net::new(input);
    let full = ((1u64 << net.cells.len()) - 1) as u32;
    if Search::new(&net).wins(full) {
        lowest_cuttable(&net).unwrap_or(Answer::Lose)
    } else {
        Answer::Lose
    }
}

/// "Search without a memo": the cells search recomputing every state each time it
/// is reached. Right, and exponential on 20-cell nets.
pub fn unmemoised(input: &Input) -> Answer {
    let net = Net::new(input);
    assert_small(&net);
    let full = ((1u64 << net.cells.len()) - 1) as u32;
    if !plain_wins(&net, full) {
        return Answer::Lose;
    }
    (0..input.ropes.len())
        .find(|&r| {
            let gone = cut(&net, r);
            gone != 0 && !plain_wins(&net, full & !gone)
        })
        .map(|r| Answer::Win(r as i64 + 1))
        .unwrap_or(Answer::Lose)
}

/// Win/lose of `state` with no memo.
fn plain_wins(net: &Net, state: u32) -> bool {
    (0..net.cells.len())
        .filter(|&c| state & 1 << c != 0)
        .any(|c| {
            (0..4).any(|side| {
                let other = net.across[c][side].map_or(0, |o| state & 1 << o);
                !plain_wins(net, state & !(1 << c) & !other)
            })
        })
}

/// Whole cells above which the unmemoised search is too slow to run in a test
/// (about 0.2 s at 10 cells in release, seconds at 12): the suite's 20-cell nets
/// are there to time it out, not to run it in process.
const UNMEMOISED_MAX_CELLS: usize = 8;

/// When [`unmemoised`] may be slow: more than [`UNMEMOISED_MAX_CELLS`] whole cells.
pub fn unmemoised_too_big(input: &Input) -> Option<String> {
    let cells = Net::new(input).cells.len();
    (cells > UNMEMOISED_MAX_CELLS)
        .then(|| format!("{cells} whole cells > {UNMEMOISED_MAX_CELLS}: no memo, exponential time"))
}
