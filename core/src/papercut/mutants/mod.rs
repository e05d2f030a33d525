//! The spec's known wrong (and too slow) solutions, as engines of kind
//! [`crate::EngineKind::Mutant`]: test suites prove their families kill them, and a
//! contestant can see what each bug does to an answer. None is ever a reference.
//!
//! Each file holds one bug; they share the rest of a plain Nim solution here: a
//! [`Belief`] (the heaps a solution believes, right or wrong) and [`play`], which
//! answers from a belief the way the right solution does.

pub mod cut_start;
pub mod line_loop;
pub mod parity;
pub mod unmerged;
pub mod wrap32;

use super::lines::Position;
use super::{Answer, Input, Line, Move};
use std::collections::BTreeMap;

/// What a solution believes about the position.
pub(crate) struct Belief {
    /// The heap of every line it considers touched (i64: a bug may make it negative).
    pub heaps: BTreeMap<Line, i64>,
    /// Its count of untouched vertical lines.
    pub untouched_vertical: u64,
    /// Its count of untouched horizontal lines.
    pub untouched_horizontal: u64,
    /// The XOR it computed.
    pub x: i64,
}

impl Belief {
    /// The right heaps (merged intervals) and untouched counts, XOR not yet taken.
    pub fn merged(input: &Input) -> Belief {
        let position = Position::of(input);
        Belief {
            heaps: position
                .touched
                .keys()
                .map(|&line| (line, position.heap(line) as i64))
                .collect(),
            untouched_vertical: position.untouched_vertical,
            untouched_horizontal: position.untouched_horizontal,
            x: 0,
        }
    }

    /// The XOR of the heaps, untouched lines counted by the parity of their number
    /// (the right rule).
    pub fn with_parity_xor(mut self, input: &Input) -> Belief {
        self.x = self.heaps.values().fold(0, |acc, &h| acc ^ h);
        if self.untouched_vertical % 2 == 1 {
            self.x ^= i64::from(input.m);
        }
        if self.untouched_horizontal % 2 == 1 {
            self.x ^= i64::from(input.n);
        }
        self
    }
}

/// Where the winning cut is laid on its line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Walk {
    /// From the line's start, skipping cut parts until `t` uncut units are passed
    /// (right).
    SkipCut,
    /// `[0, t]`: the right length, wherever the cut parts are.
    Straight,
}

/// Answers from `belief` as the right solution would: `SECOND` if its XOR is 0,
/// else a cut taking `t = h − (h ^ X)` from the first line whose heap h it believes
/// has `h ^ X < h`, laid by `walk`. The cut never leaves the line.
pub(crate) fn play(input: &Input, belief: &Belief, walk: Walk) -> Answer {
    let x = belief.x;
    if x == 0 {
        return Answer::Second;
    }
    let chosen = belief
        .heaps
        .iter()
        .find(|&(_, &h)| h ^ x < h)
        .map(|(&line, &h)| (line, h))
        .or_else(|| {
            let m = i64::from(input.m);
            (belief.untouched_vertical > 0 && m ^ x < m)
                .then(|| (first_untouched(belief, Line::Vertical), m))
        })
        .or_else(|| {
            let n = i64::from(input.n);
            (belief.untouched_horizontal > 0 && n ^ x < n)
                .then(|| (first_untouched(belief, Line::Horizontal), n))
        });
    let Some((line, h)) = chosen else {
        return Answer::Second;
    };
    let take = (h - (h ^ x)) as u64;
    let length = u64::from(input.length(line));
    let end = match walk {
        Walk::Straight => take,
        Walk::SkipCut => {
            let position = Position::of(input);
            let (mut pos, mut need) = (0u64, take);
            let mut end = None;
            for &(a, b) in position.touched.get(&line).into_iter().flatten() {
                if a - pos >= need {
                    end = Some(pos + need);
                    break;
                }
                need -= a - pos;
                pos = b;
            }
            end.unwrap_or(pos + need)
        }
    };
    Answer::First(Move::along(line, 0, end.clamp(1, length)))
}

/// The first line `c ≥ 1` of an orientation that `belief` has no heap for.
fn first_untouched(belief: &Belief, line: fn(u32) -> Line) -> Line {
    (1..)
        .map(line)
        .find(|l| !belief.heaps.contains_key(l))
        .expect("some line is untouched")
}
