//! Mutant (slow, not wrong): XORs every interior line's heap in a loop over all
//! n + m − 2 lines, looking each up among the touched ones; then loops again for a
//! winning line. O((n + m) log k): about 2·10^9 steps on a 10^9 sheet.

use crate::papercut::lines::Position;
use crate::papercut::mutants::{play, Belief, Walk};
use crate::papercut::{Answer, Input, Line};

/// Above this many lines the loop takes more than about a tenth of a second.
const MAX_LINES: u64 = 10_000_000;

/// Every interior line, vertical first: what the loop walks.
pub fn lines(input: &Input) -> impl Iterator<Item = Line> {
    (1..input.n)
        .map(Line::Vertical)
        .chain((1..input.m).map(Line::Horizontal))
}

/// The number of steps of the loop: one per interior line.
pub fn steps(input: &Input) -> u64 {
    u64::from(input.vertical_lines()) + u64::from(input.horizontal_lines())
}

/// Too big beyond [`MAX_LINES`] lines.
pub fn too_big(input: &Input) -> Option<String> {
    let steps = steps(input);
    (steps > MAX_LINES).then(|| format!("loops over all {steps} lines one by one"))
}

/// The right answer, the slow way.
pub fn solve(input: &Input) -> Answer {
    let position = Position::of(input);
    let heap = |line: Line| position.heap(line) as i64;
    let x = lines(input).fold(0, |acc, line| acc ^ heap(line));
    let mut belief = Belief::merged(input);
    belief.x = x;
    // The move: the first line in loop order whose heap h has h ^ X < h.
    if let Some(line) = lines(input).find(|&line| heap(line) ^ x < heap(line)) {
        belief.heaps.retain(|&l, _| l == line);
        belief.heaps.insert(line, heap(line));
    }
    play(input, &belief, Walk::SkipCut)
}
