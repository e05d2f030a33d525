//! Fast engine: Nim over merged intervals.
//!
//! Description: each cut becomes one 64-bit key `(axis, line, lo)` with its `hi`;
//! one sort groups the cuts by line and orders them along it, so one pass merges
//! each line's intervals and sums its cut length: the line's heap is its length
//! minus that. Lines no cut touches all have the same heap, so they count once when
//! their number is odd. The move: a line whose heap h has h ^ X < h must lose
//! t = h − (h ^ X) uncut units; the cut runs from the line's start to the point where
//! t uncut units have been passed, walking the merged intervals (cut parts are
//! skipped over, not counted).
//! Time: O(k log k) (the sort), memory O(k).
//! Source: the spec's reference algorithm (CF 277C, Sprague–Grundy on lines).

use super::{Answer, Input, Line, Move};

/// Bits of a line coordinate or a position along a line (10^9 < 2^30).
const BITS: u32 = 30;
const MASK: u64 = (1 << BITS) - 1;

/// `(axis, line, lo)` packed so that sorting groups lines, vertical first.
fn key(line: Line, lo: u32) -> u64 {
    let (axis, c) = match line {
        Line::Vertical(c) => (0u64, c),
        Line::Horizontal(c) => (1u64, c),
    };
    (axis << (2 * BITS)) | (u64::from(c) << BITS) | u64::from(lo)
}

/// The line of a key (the key without its `lo`).
fn line_of(key: u64) -> Line {
    let c = ((key >> BITS) & MASK) as u32;
    if key >> (2 * BITS) == 0 {
        Line::Vertical(c)
    } else {
        Line::Horizontal(c)
    }
}

/// One touched line: its cuts are `spans[start..end]`, sorted by `lo`.
struct Touched {
    line: Line,
    start: usize,
    end: usize,
    heap: u64,
}

/// Who wins, and a winning move.
pub fn solve(input: &Input) -> Answer {
    let mut spans: Vec<(u64, u32)> = input
        .cuts
        .iter()
        .map(|cut| {
            let (line, lo, hi) = cut.span();
            (key(line, lo), hi)
        })
        .collect();
    spans.sort_unstable_by_key(|&(k, _)| k);

    let mut touched: Vec<Touched> = Vec::new();
    let mut x = 0u64;
    let mut start = 0;
    while start < spans.len() {
        let group = spans[start].0 >> BITS;
        let mut end = start;
        let (mut covered, mut lo, mut hi) = (0u64, 0u64, 0u64);
        while end < spans.len() && spans[end].0 >> BITS == group {
            let (a, b) = (spans[end].0 & MASK, u64::from(spans[end].1));
            if a > hi || end == start {
                covered += hi - lo;
                (lo, hi) = (a, b);
            } else {
                hi = hi.max(b);
            }
            end += 1;
        }
        covered += hi - lo;
        let line = line_of(spans[start].0);
        let heap = u64::from(input.length(line)) - covered;
        x ^= heap;
        touched.push(Touched {
            line,
            start,
            end,
            heap,
        });
        start = end;
    }
    let touched_vertical = touched
        .iter()
        .take_while(|t| matches!(t.line, Line::Vertical(_)))
        .count();
    let untouched_vertical = u64::from(input.vertical_lines()) - touched_vertical as u64;
    let untouched_horizontal =
        u64::from(input.horizontal_lines()) - (touched.len() - touched_vertical) as u64;
    let (n, m) = (u64::from(input.n), u64::from(input.m));
    if untouched_vertical % 2 == 1 {
        x ^= m;
    }
    if untouched_horizontal % 2 == 1 {
        x ^= n;
    }
    if x == 0 {
        return Answer::Second;
    }

    if let Some(t) = touched.iter().find(|t| t.heap ^ x < t.heap) {
        let take = t.heap - (t.heap ^ x);
        let end = walk(&spans[t.start..t.end], take);
        return Answer::First(Move::along(t.line, 0, end));
    }
    let (vertical, horizontal) = touched.split_at(touched_vertical);
    if untouched_vertical > 0 && m ^ x < m {
        let c = first_untouched(vertical);
        return Answer::First(Move::along(Line::Vertical(c), 0, m - (m ^ x)));
    }
    if untouched_horizontal > 0 && n ^ x < n {
        let c = first_untouched(horizontal);
        return Answer::First(Move::along(Line::Horizontal(c), 0, n - (n ^ x)));
    }
    unreachable!("a non-zero XOR has a heap with its top bit")
}

/// The smallest line coordinate ≥ 1 that no line of `touched` (one orientation, in
/// increasing order) has.
fn first_untouched(touched: &[Touched]) -> u32 {
    let mut c = 1;
    for t in touched {
        let (Line::Vertical(d) | Line::Horizontal(d)) = t.line;
        if d != c {
            break;
        }
        c += 1;
    }
    c
}

/// The end of the cut from the line's start that covers exactly `take` uncut units,
/// given the line's cuts sorted by start (merged on the fly). There are at least
/// `take` uncut units, so the end is within the line.
fn walk(spans: &[(u64, u32)], take: u64) -> u64 {
    let (mut pos, mut need) = (0u64, take);
    for &(k, hi) in spans {
        let (a, b) = (k & MASK, u64::from(hi));
        if a > pos {
            if a - pos >= need {
                return pos + need;
            }
            need -= a - pos;
        }
        pos = pos.max(b);
    }
    pos + need
}
