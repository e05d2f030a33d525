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

/// The index ranges of `spans` (sorted by key) that hold one line's cuts each.
fn groups(spans: &[(u64, u32)]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start == spans.len() {
            return None;
        }
        let line = spans[start].0 >> BITS;
        let end = start
            + spans[start..]
                .iter()
                .take_while(|&&(k, _)| k >> BITS == line)
                .count();
        let group = (start, end);
        start = end;
        Some(group)
    })
}

/// The number of units the cuts of one line (sorted by start) cover together.
fn covered(spans: &[(u64, u32)]) -> u64 {
    let (mut covered, mut lo, mut hi) = (0u64, 0u64, 0u64);
    for &(k, b) in spans {
        let (a, b) = (k & MASK, u64::from(b));
        if a > hi {
            covered += hi - lo;
            (lo, hi) = (a, b);
        } else {
            hi = hi.max(b);
        }
    }
    covered + (hi - lo)
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

    // Heaps of the touched lines in key order (u32: a heap is at most 10^9). Kept
    // small on purpose: at k = 10^5, page faults cost more than the arithmetic.
    let mut heaps: Vec<u32> = Vec::with_capacity(spans.len());
    let mut x = 0u64;
    let mut touched_vertical = 0u64;
    for (start, end) in groups(&spans) {
        let line = line_of(spans[start].0);
        let heap = u64::from(input.length(line)) - covered(&spans[start..end]);
        x ^= heap;
        heaps.push(heap as u32);
        touched_vertical += u64::from(matches!(line, Line::Vertical(_)));
    }
    let untouched_vertical = u64::from(input.vertical_lines()) - touched_vertical;
    let untouched_horizontal =
        u64::from(input.horizontal_lines()) - (heaps.len() as u64 - touched_vertical);
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

    // A touched line whose heap has the XOR's top bit, if any.
    let winner = groups(&spans)
        .zip(&heaps)
        .find(|&(_, &h)| u64::from(h) ^ x < u64::from(h));
    if let Some(((start, end), &heap)) = winner {
        let heap = u64::from(heap);
        let end_point = walk(&spans[start..end], heap - (heap ^ x));
        return Answer::First(Move::along(line_of(spans[start].0), 0, end_point));
    }
    // Else an untouched line: every one of an orientation has the same heap.
    if untouched_vertical > 0 && m ^ x < m {
        let c = first_untouched(&spans, 0);
        return Answer::First(Move::along(Line::Vertical(c), 0, m - (m ^ x)));
    }
    if untouched_horizontal > 0 && n ^ x < n {
        let c = first_untouched(&spans, 1);
        return Answer::First(Move::along(Line::Horizontal(c), 0, n - (n ^ x)));
    }
    unreachable!("a non-zero XOR has a heap with its top bit")
}

/// The smallest line coordinate ≥ 1 of orientation `axis` (0 vertical, 1
/// horizontal) that no cut touches; the caller knows there is one.
fn first_untouched(spans: &[(u64, u32)], axis: u64) -> u32 {
    let mut c = 1u64;
    for (start, _) in groups(spans) {
        let key = spans[start].0;
        if key >> (2 * BITS) != axis {
            continue;
        }
        if (key >> BITS) & MASK != c {
            break;
        }
        c += 1;
    }
    c as u32
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
