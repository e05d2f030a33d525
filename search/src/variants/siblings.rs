//! The values other inputs of the problem hold at the same place (line and
//! token): a test's `n` is often another test's, and a value one test has at a
//! place is likely valid there in another.

use super::layout::{integer, line_spans, token_spans, Layout};
use crate::text::Grid;

/// How many other inputs lend their values at the same place.
const SIBLINGS: usize = 8;
/// How many distinct values one place keeps from them.
const VALUES_PER_PLACE: usize = 4;

/// The values other inputs hold at each place of one input, in flat arrays (an
/// input has up to millions of places).
#[derive(Debug, Default)]
pub(crate) struct Siblings {
    /// Where each line's places start in `values`.
    offsets: Vec<usize>,
    /// Each place's values, the first `counts[place]` of them.
    values: Vec<[i64; VALUES_PER_PLACE]>,
    counts: Vec<u8>,
}

impl Siblings {
    /// The integers of the first [`SIBLINGS`] of `others` at the places `layout`
    /// has, at most [`VALUES_PER_PLACE`] distinct ones a place.
    pub(crate) fn new(layout: &Layout, others: &[&[u8]]) -> Siblings {
        let others = &others[..others.len().min(SIBLINGS)];
        if others.is_empty() {
            return Siblings::default();
        }
        let mut offsets = Vec::with_capacity(layout.height() + 1);
        offsets.push(0);
        for line in 0..layout.height() {
            offsets.push(offsets[line] + layout.width(line));
        }
        let places = offsets[layout.height()];
        let mut siblings = Siblings {
            offsets,
            values: vec![[0; VALUES_PER_PLACE]; places],
            counts: vec![0; places],
        };
        for other in others {
            let lines = line_spans(other).take(layout.height()).enumerate();
            for (line, (start, end, _)) in lines {
                let tokens = token_spans(other, start..end).take(layout.width(line));
                for (token, span) in tokens.enumerate() {
                    if let Some(v) = integer(&other[span]) {
                        siblings.add(siblings.offsets[line] + token, v);
                    }
                }
            }
        }
        siblings
    }

    fn add(&mut self, place: usize, value: i64) {
        let count = usize::from(self.counts[place]);
        if count < VALUES_PER_PLACE && !self.values[place][..count].contains(&value) {
            self.values[place][count] = value;
            self.counts[place] += 1;
        }
    }

    pub(crate) fn values(&self, line: usize, token: usize) -> &[i64] {
        match (self.offsets.get(line), self.offsets.get(line + 1)) {
            (Some(&start), Some(&end)) if start + token < end => {
                let place = start + token;
                &self.values[place][..usize::from(self.counts[place])]
            }
            _ => &[],
        }
    }

    pub(crate) fn any_negative(&self) -> bool {
        let values = self.values.iter().zip(&self.counts);
        values
            .flat_map(|(v, &c)| &v[..usize::from(c)])
            .any(|&v| v < 0)
    }
}
