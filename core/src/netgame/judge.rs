//! The checker. It trusts neither the candidate nor the engine that made the
//! reference answer beyond the verdict: a candidate's move is checked by cutting
//! the rope and deciding the resulting position with a plain search of its own
//! (below), independent of the `fast` engine's code.
//!
//! The plain search: whole cells split into connected components (at most 24
//! cells each, the limits); each component's Grundy value is a memoised mex over
//! bitmasks of its cells, a state split into its connected parts whose values are
//! XORed. Time O(connected subsets · moves) per component.

use super::net::Net;
use super::{Answer, Input};
use crate::Judgement;
use std::collections::HashMap;

/// Judges `candidate`; `reference` is trusted only for whether the position is
/// won, and its move, if any, is checked too (a jury whose move loses is a
/// checker failure, not a verdict on the candidate).
pub(super) fn judge(input: &Input, reference: &Answer, candidate: &Answer) -> Judgement {
    let net = Net::new(input);
    match (candidate, reference) {
        (Answer::Lose, Answer::Lose) => Judgement::Accepted,
        (Answer::Lose, &Answer::Win(r)) => match after_cut(input, &net, r) {
            Ok(true) => Judgement::WrongAnswer(format!(
                "the answer says the first player loses, but cutting rope {r} wins"
            )),
            Ok(false) => Judgement::Fail(format!(
                "the reference's move, rope {r}, does not win: the position after it \
                 is won for the second player"
            )),
            Err(why) => Judgement::Fail(format!("the reference's move is illegal: {why}")),
        },
        (&Answer::Win(k), _) => match after_cut(input, &net, k) {
            Err(why) => Judgement::WrongAnswer(why),
            Ok(false) => Judgement::WrongAnswer(format!(
                "cutting rope {k} does not win: the second player then wins"
            )),
            Ok(true) if *reference == Answer::Lose => Judgement::Fail(format!(
                "cutting rope {k} wins, but the reference says the first player loses"
            )),
            Ok(true) => Judgement::Accepted,
        },
    }
}

/// Whether cutting rope `k` (1-based) wins: the position after it is lost for the
/// player to move. `Err` with a reason when the move is not legal.
fn after_cut(input: &Input, net: &Net, k: i64) -> Result<bool, String> {
    let n = input.ropes.len();
    let index = usize::try_from(k)
        .ok()
        .filter(|&i| (1..=n).contains(&i))
        .ok_or_else(|| format!("rope number {k} is outside 1..={n}"))?
        - 1;
    let gone = &net.borders[index];
    if gone.is_empty() {
        let r = &input.ropes[index];
        return Err(format!(
            "rope {k} ({} {} {} {}) is a side of no whole cell, so it cannot be cut",
            r.x1, r.y1, r.x2, r.y2
        ));
    }
    let mut alive = vec![true; net.cells.len()];
    for &c in gone {
        alive[c] = false;
    }
    Ok(position_value(net, &alive) == 0)
}

/// The Grundy value of the whole cells marked `alive`: the XOR over their
/// connected components.
fn position_value(net: &Net, alive: &[bool]) -> u32 {
    let mut seen = vec![false; net.cells.len()];
    let mut total = 0;
    for start in 0..net.cells.len() {
        if !alive[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut component = vec![start];
        let mut i = 0;
        while i < component.len() {
            for next in net.across[component[i]].into_iter().flatten() {
                if alive[next] && !seen[next] {
                    seen[next] = true;
                    component.push(next);
                }
            }
            i += 1;
        }
        total ^= Component::new(net, &component).value();
    }
    total
}

/// One component, its cells renumbered `0..len` for bitmasks.
struct Component {
    /// Per cell, the bitmask of its whole neighbours in the component.
    neighbours: Vec<u32>,
    memo: HashMap<u32, u32>,
}

impl Component {
    fn new(net: &Net, cells: &[usize]) -> Component {
        let local: HashMap<usize, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let neighbours = cells
            .iter()
            .map(|&c| {
                net.across[c]
                    .into_iter()
                    .flatten()
                    .filter_map(|d| local.get(&d))
                    .fold(0u32, |m, &i| m | 1 << i)
            })
            .collect();
        Component {
            neighbours,
            memo: HashMap::new(),
        }
    }

    /// The value of the whole component.
    fn value(&mut self) -> u32 {
        let all = ((1u64 << self.neighbours.len()) - 1) as u32;
        self.value_of(all)
    }

    /// The value of the cells in `state`: XOR over its connected parts.
    fn value_of(&mut self, mut state: u32) -> u32 {
        let mut total = 0;
        while state != 0 {
            // Grow the part holding the lowest cell.
            let mut part = state & state.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let i = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let new = self.neighbours[i] & state & !part;
                part |= new;
                frontier |= new;
            }
            state &= !part;
            total ^= self.connected_value(part);
        }
        total
    }

    /// The value of a connected set of cells: mex over its moves.
    fn connected_value(&mut self, state: u32) -> u32 {
        if let Some(&v) = self.memo.get(&state) {
            return v;
        }
        let mut reached = Vec::new();
        for i in 0..self.neighbours.len() {
            let bit = 1u32 << i;
            if state & bit == 0 {
                continue;
            }
            let whole_neighbours = self.neighbours[i] & state;
            // Alone, through a side it does not share with a whole cell.
            if whole_neighbours.count_ones() < 4 {
                reached.push(self.value_of(state & !bit));
            }
            // With the neighbour across a shared side.
            for j in 0..self.neighbours.len() {
                if whole_neighbours & (1 << j) != 0 {
                    reached.push(self.value_of(state & !bit & !(1 << j)));
                }
            }
        }
        let mex = (0..).find(|v| !reached.contains(v)).unwrap_or(0);
        self.memo.insert(state, mex);
        mex
    }
}
