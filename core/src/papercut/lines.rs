//! The position, computed plainly: each touched line's merged cut intervals and
//! heap, and the XOR of all heaps. This is the checker's own view of the game (it
//! shares no code with [`super::fast`], so a bug there cannot hide in both); the
//! mutants reuse it for the parts they get right.
//!
//! Time O(k log k) with a `BTreeMap` of lines; lengths are u64, never enumerated
//! unit by unit.

use super::{Input, Line};
use std::collections::BTreeMap;

/// The game as it stands: every touched line with its merged intervals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Touched lines, each with its disjoint, non-touching, sorted cut intervals
    /// `[lo, hi)` (merged: overlapping and touching cuts become one).
    pub touched: BTreeMap<Line, Vec<(u64, u64)>>,
    /// Number of vertical lines no cut touches (each a heap of m).
    pub untouched_vertical: u64,
    /// Number of horizontal lines no cut touches (each a heap of n).
    pub untouched_horizontal: u64,
    /// n.
    pub n: u64,
    /// m.
    pub m: u64,
}

/// Sorts and merges intervals; touching ones (`[0, 2)` and `[2, 3)`) become one.
pub fn merge(mut spans: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    spans.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::with_capacity(spans.len());
    for (lo, hi) in spans {
        match merged.last_mut() {
            Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    merged
}

impl Position {
    /// The position of a valid input.
    pub fn of(input: &Input) -> Position {
        let mut spans: BTreeMap<Line, Vec<(u64, u64)>> = BTreeMap::new();
        for cut in &input.cuts {
            let (line, lo, hi) = cut.span();
            spans
                .entry(line)
                .or_default()
                .push((u64::from(lo), u64::from(hi)));
        }
        let touched: BTreeMap<Line, Vec<(u64, u64)>> =
            spans.into_iter().map(|(l, s)| (l, merge(s))).collect();
        let vertical = touched
            .keys()
            .filter(|l| matches!(l, Line::Vertical(_)))
            .count() as u64;
        let horizontal = touched.len() as u64 - vertical;
        Position {
            untouched_vertical: u64::from(input.vertical_lines()) - vertical,
            untouched_horizontal: u64::from(input.horizontal_lines()) - horizontal,
            touched,
            n: u64::from(input.n),
            m: u64::from(input.m),
        }
    }

    /// The length of `line`.
    pub fn length(&self, line: Line) -> u64 {
        match line {
            Line::Vertical(_) => self.m,
            Line::Horizontal(_) => self.n,
        }
    }

    /// Units of `[lo, hi)` on `line` that some cut already covers.
    pub fn covered(&self, line: Line, lo: u64, hi: u64) -> u64 {
        self.touched.get(&line).map_or(0, |spans| {
            spans
                .iter()
                .map(|&(a, b)| b.min(hi).saturating_sub(a.max(lo)))
                .sum()
        })
    }

    /// The heap of `line`: its uncut length.
    pub fn heap(&self, line: Line) -> u64 {
        let length = self.length(line);
        length - self.covered(line, 0, length)
    }

    /// The XOR of every heap: lines of one orientation no cut touches all have the
    /// same heap, so they count once if there is an odd number of them.
    pub fn xor(&self) -> u64 {
        let mut x = self
            .touched
            .keys()
            .fold(0, |acc, &line| acc ^ self.heap(line));
        if self.untouched_vertical % 2 == 1 {
            x ^= self.m;
        }
        if self.untouched_horizontal % 2 == 1 {
            x ^= self.n;
        }
        x
    }
}
