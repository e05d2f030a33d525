//! Mutant: 32-bit overflow. Puts every line of one orientation on one axis, unit
//! `p` of line `c` at `c·(L + 1) + p` (L the lines' length; the `+ 1` keeps lines
//! apart), merges all intervals in one sorted sweep and gives each merged piece's
//! length to line `start / (L + 1)`, all in wrapping u32 arithmetic. Right while
//! `n·(m + 1)` and `m·(n + 1)` stay below 2^32; on a 10^9 sheet lines wrap onto each
//! other and heaps are wrong.

use super::{play, Belief, Walk};
use crate::papercut::{Answer, Input, Line};
use std::collections::BTreeMap;

/// Answers with heaps summed on a wrapping 32-bit axis.
pub fn solve(input: &Input) -> Answer {
    let mut heaps: BTreeMap<Line, i64> = BTreeMap::new();
    for vertical in [true, false] {
        let (length, make): (u32, fn(u32) -> Line) = if vertical {
            (input.m, Line::Vertical)
        } else {
            (input.n, Line::Horizontal)
        };
        let stride = length.wrapping_add(1);
        let mut spans: Vec<(u32, u32)> = input
            .cuts
            .iter()
            .map(|cut| cut.span())
            .filter(|(line, _, _)| matches!(line, Line::Vertical(_)) == vertical)
            .map(|(line, lo, hi)| {
                let (Line::Vertical(c) | Line::Horizontal(c)) = line;
                let base = c.wrapping_mul(stride);
                (base.wrapping_add(lo), base.wrapping_add(hi))
            })
            .collect();
        spans.sort_unstable();
        let mut pieces: Vec<(u32, u32)> = Vec::new();
        for (a, b) in spans {
            match pieces.last_mut() {
                Some(last) if a <= last.1 => last.1 = last.1.max(b),
                _ => pieces.push((a, b)),
            }
        }
        for (a, b) in pieces {
            let line = make(a / stride.max(1));
            let heap = heaps.entry(line).or_insert(i64::from(length));
            *heap -= i64::from(b.wrapping_sub(a));
        }
    }
    let vertical = heaps
        .keys()
        .filter(|l| matches!(l, Line::Vertical(_)))
        .count() as u64;
    let horizontal = heaps.len() as u64 - vertical;
    let belief = Belief {
        untouched_vertical: u64::from(input.vertical_lines()).saturating_sub(vertical),
        untouched_horizontal: u64::from(input.horizontal_lines()).saturating_sub(horizontal),
        heaps,
        x: 0,
    };
    play(input, &belief.with_parity_xor(input), Walk::SkipCut)
}
