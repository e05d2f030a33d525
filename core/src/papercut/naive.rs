//! Reference: win/lose search over the positions reachable from the input, no Nim.
//!
//! Description: only the unit segments still uncut in the input matter (a cut one
//! stays cut), so the state is the set of those still uncut, a bitmask of U bits
//! numbered line by line in position order. A move is an interval `[a, b]` on one
//! interior line that covers at least one uncut unit; whatever its end points, it
//! covers a contiguous run (in position order) of that line's units that were
//! uncut at the start, and every such run `i..=j` is covered by the interval from
//! unit i's start to unit j's end. So the moves of a line with u such units are its
//! u(u+1)/2 runs, and a move clears its run's bits. Every subset of the start is
//! reachable (clear one unit at a time), so the memo is a table over all `2^U`
//! states, filled in increasing order: a move only clears bits, so every successor
//! is a smaller number, already known. A state is won iff some move leads to a lost
//! state; the winning move is any move from the start to a lost state.
//! Time: O(2^U · M), M = Σ over lines of u(u+1)/2; memory 2^U bytes.
//! Obviously correct, never optimised: it checks the Nim argument, it does not use it.

use super::{Answer, Input, Line, Move};
use std::collections::BTreeMap;

/// Most uncut unit segments this engine takes in reasonable time (2^24 states:
/// a 4 × 4 sheet, cut or not, in about a second).
pub const MAX_UNCUT: u64 = 24;

/// Most uncut unit segments it can take at all: a table of 2^32 bytes.
pub const LIMIT_UNCUT: u64 = 32;

/// Uncut interior unit segments of the input, counted without enumerating a line
/// (sheets are up to 10^9 on a side); saturates at `u64::MAX`.
pub fn uncut_units(input: &Input) -> u64 {
    let touched = touched_lines(input);
    let mut uncut = 0u64;
    for (&line, spans) in &touched {
        uncut = uncut.saturating_add(uncut_positions_count(input.length(line), spans));
    }
    let vertical = touched
        .keys()
        .filter(|l| matches!(l, Line::Vertical(_)))
        .count() as u64;
    let horizontal = touched.len() as u64 - vertical;
    let untouched_vertical = u64::from(input.n.saturating_sub(1)) - vertical;
    let untouched_horizontal = u64::from(input.m.saturating_sub(1)) - horizontal;
    uncut
        .saturating_add(untouched_vertical.saturating_mul(u64::from(input.m)))
        .saturating_add(untouched_horizontal.saturating_mul(u64::from(input.n)))
}

/// Too slow beyond [`MAX_UNCUT`] uncut unit segments.
pub fn too_big(input: &Input) -> Option<String> {
    let uncut = uncut_units(input);
    (uncut > MAX_UNCUT)
        .then(|| format!("{uncut} uncut unit segments > {MAX_UNCUT}: 2^{uncut} states to search"))
}

/// Impossible beyond [`LIMIT_UNCUT`] uncut unit segments.
pub fn cannot_run(input: &Input) -> Option<String> {
    let uncut = uncut_units(input);
    (uncut > LIMIT_UNCUT).then(|| {
        format!("{uncut} uncut unit segments > {LIMIT_UNCUT}: a table of 2^{uncut} states")
    })
}

/// Each line some cut touches, with the spans `[lo, hi)` of its cuts.
fn touched_lines(input: &Input) -> BTreeMap<Line, Vec<(u32, u32)>> {
    let mut lines: BTreeMap<Line, Vec<(u32, u32)>> = BTreeMap::new();
    for cut in &input.cuts {
        let (line, lo, hi) = cut.span();
        lines.entry(line).or_default().push((lo, hi));
    }
    lines
}

/// How many units of a line of `length` no span covers.
fn uncut_positions_count(length: u32, spans: &[(u32, u32)]) -> u64 {
    let mut sorted = spans.to_vec();
    sorted.sort_unstable();
    let (mut covered, mut reach) = (0u64, 0u32);
    for (lo, hi) in sorted {
        let lo = lo.max(reach);
        if hi > lo {
            covered += u64::from(hi - lo);
            reach = hi;
        }
    }
    u64::from(length) - covered
}

/// The positions `i` (unit `[i, i + 1]`) of a line's units no span covers. Only
/// called once the whole sheet has at most [`LIMIT_UNCUT`] of them.
fn uncut_positions(length: u32, spans: &[(u32, u32)]) -> Vec<u32> {
    let mut sorted = spans.to_vec();
    sorted.sort_unstable();
    let mut positions = Vec::new();
    let mut next = 0u32;
    for (lo, hi) in sorted.into_iter().chain([(length, length)]) {
        positions.extend(next..lo.max(next));
        next = next.max(hi);
    }
    positions
}

/// One move: the run of a line's uncut units from position `first` to `last`,
/// and the state bits of the units it clears.
struct Run {
    line: Line,
    first: u32,
    last: u32,
    bits: u32,
}

/// Who wins, and a winning move. Panics past [`cannot_run`], which
/// [`crate::Engine::try_solve`] checks first.
pub fn solve(input: &Input) -> Answer {
    assert!(cannot_run(input).is_none(), "checked by try_solve");
    let touched = touched_lines(input);
    let lines = (1..input.n)
        .map(Line::Vertical)
        .chain((1..input.m).map(Line::Horizontal));
    let mut runs = Vec::new();
    let mut units = 0u32;
    for line in lines {
        let spans = touched.get(&line).map_or(&[][..], Vec::as_slice);
        let positions = uncut_positions(input.length(line), spans);
        for i in 0..positions.len() {
            for j in i..positions.len() {
                let bits = (i..=j).fold(0u32, |acc, k| acc | 1 << (units as usize + k));
                runs.push(Run {
                    line,
                    first: positions[i],
                    last: positions[j],
                    bits,
                });
            }
        }
        units += positions.len() as u32;
    }

    let start = ((1u64 << units) - 1) as u32;
    let mut won = vec![false; 1usize << units];
    for state in 0..=start {
        won[state as usize] = runs
            .iter()
            .any(|run| state & run.bits != 0 && !won[(state & !run.bits) as usize]);
    }
    match runs.iter().find(|run| !won[(start & !run.bits) as usize]) {
        Some(run) => Answer::First(Move::along(
            run.line,
            u64::from(run.first),
            u64::from(run.last) + 1,
        )),
        None => Answer::Second,
    }
}
