//! Reference: win/lose search over every state of the sheet, no Nim.
//!
//! Description: the state is the set of uncut interior unit segments, a bitmask of
//! U bits. A move is any interval `[a, b]` (0 ≤ a < b ≤ length) on one interior line
//! that contains at least one uncut unit; it clears the interval's bits. A state is
//! won iff some move leads to a lost state. A move only clears bits, so it leads to
//! a smaller number: filling the table in increasing order sees every successor
//! first. The winning move is any move from the start to a lost state.
//! Time: O(2^U · M), M = Σ over lines of length·(length+1)/2; memory O(2^U).
//! Obviously correct, never optimised: it checks the Nim argument, it does not use it.

use super::{Answer, Input, Line, Move};

/// Most interior unit segments this engine takes (2^20 states).
pub const MAX_UNITS: u64 = 20;

/// Too big beyond [`MAX_UNITS`] interior unit segments.
pub fn too_big(input: &Input) -> Option<String> {
    let units = input.interior_units();
    (units > MAX_UNITS).then(|| {
        format!("{units} interior unit segments > {MAX_UNITS}: 2^{units} states to search")
    })
}

/// One possible move: `[a, b]` on `line`, and the bits of the units it covers.
struct Interval {
    line: Line,
    a: u64,
    b: u64,
    bits: u32,
}

/// Who wins, and a winning move. Only for inputs [`too_big`] accepts.
pub fn solve(input: &Input) -> Answer {
    if let Some(why) = too_big(input) {
        panic!("the naive papercut engine cannot run this input: {why}");
    }
    // Number the units line by line: unit i of a line covers [i, i + 1].
    let lines: Vec<Line> = (1..input.n)
        .map(Line::Vertical)
        .chain((1..input.m).map(Line::Horizontal))
        .collect();
    let mut first_bit = Vec::with_capacity(lines.len());
    let mut units = 0u32;
    for &line in &lines {
        first_bit.push(units);
        units += input.length(line);
    }
    let bit_of = |line: Line, i: u32| {
        let index = lines.binary_search(&line).expect("an interior line");
        first_bit[index] + i
    };

    let mut moves = Vec::new();
    for &line in &lines {
        let length = input.length(line);
        for a in 0..length {
            for b in a + 1..=length {
                let bits = (a..b).fold(0u32, |acc, i| acc | 1 << bit_of(line, i));
                moves.push(Interval {
                    line,
                    a: u64::from(a),
                    b: u64::from(b),
                    bits,
                });
            }
        }
    }

    let mut start: u32 = (1 << units) - 1;
    for cut in &input.cuts {
        let (line, lo, hi) = cut.span();
        for i in lo..hi {
            start &= !(1 << bit_of(line, i));
        }
    }

    let states = 1usize << units;
    let mut won = vec![false; states];
    for state in 0..states as u32 {
        won[state as usize] = moves
            .iter()
            .any(|mv| state & mv.bits != 0 && !won[(state & !mv.bits) as usize]);
    }
    match moves
        .iter()
        .find(|mv| start & mv.bits != 0 && !won[(start & !mv.bits) as usize])
    {
        Some(mv) => Answer::First(Move::along(mv.line, mv.a, mv.b)),
        None => Answer::Second,
    }
}
