//! The search for an input that catches a wrong submission: from the package's own
//! tests, through their mutations, to the first candidate the validators accept
//! and the submission fails.
//!
//! Level 0 takes each input in the order given (pass the small ones first: their
//! candidates are quick to judge): the real limits of its first
//! [`BOUNDARY_TOKENS`] integers ([`super::boundary`], each search starting from the
//! limits found so far), then its first [`FIRST_LEVEL`] mutations, which try
//! those limits first. Each later level mutates the first [`FRONTIER`] candidates
//! of the level before that were valid and did not fail ([`LATER_LEVEL`] each),
//! down to [`DEPTH`] mutations composed: breadth first, so the simplest change
//! that catches the bug is found before a longer chain.
//!
//! Every candidate is put to `valid`, and only if valid to `fails`; a text met
//! before is skipped. Candidates are judged `jobs` at a time, in batches taken in
//! the serial order, and of a batch the first failing (in that order) is the
//! answer, so the answer is the same for every `jobs`. A budget of cases counts
//! candidates and boundary probes in that order too, so it stops at the same
//! place for every `jobs`; a time budget stops wherever the time runs out.

use super::boundary::{boundary_hinted, Place};
use super::layout::Layout;
use super::{Grid, Mutation, Mutations, Siblings};
use crate::jobs::on_threads;
use crate::runner::Budget;
use crate::store::content_hash;
use rayon::prelude::*;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

/// The integer tokens of each input whose limits are asked of the validators.
pub const BOUNDARY_TOKENS: usize = 8;
/// How many of the limits found last a boundary search tries first.
const HINTS: usize = 4;
/// Mutations tried per input on level 0.
pub const FIRST_LEVEL: usize = 1000;
/// Mutations tried per parent on later levels.
pub const LATER_LEVEL: usize = 200;
/// Parents kept for the next level.
pub const FRONTIER: usize = 32;
/// Levels: the most mutations composed in one candidate.
pub const DEPTH: usize = 3;

/// An input that catches the submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its bytes (valid, and the submission fails on them).
    pub input: Vec<u8>,
    /// The index of the input it was made from.
    pub from: usize,
    /// The mutations that made it, first applied first.
    pub steps: Vec<String>,
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Candidates put to the validators (each valid one was also run).
    pub candidates: u64,
    /// Of those, the ones the validators accepted.
    pub accepted: u64,
    /// Inputs put to the validators by boundary searches.
    pub probes: u64,
    /// The limits found, in the order found.
    pub limits: Vec<i64>,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// The input found, if any.
    pub found: Option<Found>,
    /// What the search did.
    pub stats: SearchStats,
}

/// A candidate kept to be mutated on the next level.
struct Parent {
    text: Vec<u8>,
    from: usize,
    steps: Vec<String>,
}

struct Search<'a> {
    inputs: &'a [&'a [u8]],
    valid: &'a (dyn Fn(&[u8]) -> bool + Sync),
    fails: &'a (dyn Fn(&[u8]) -> bool + Sync),
    budget: Budget,
    jobs: usize,
    started: Instant,
    seen: HashSet<u64>,
    siblings: Vec<Option<Arc<Siblings>>>,
    stats: SearchStats,
}

/// Searches the mutations of `inputs` (breadth first, see the module's
/// documentation) for one that `valid` accepts and `fails` holds of, within
/// `budget`, judging `jobs` candidates at a time; the answer does not depend on
/// `jobs`. `valid` and `fails` must be functions of the bytes.
pub fn search(
    inputs: &[&[u8]],
    valid: &(dyn Fn(&[u8]) -> bool + Sync),
    fails: &(dyn Fn(&[u8]) -> bool + Sync),
    budget: Budget,
    jobs: usize,
) -> SearchOutcome {
    let mut search = Search {
        inputs,
        valid,
        fails,
        budget,
        jobs: jobs.max(1),
        started: Instant::now(),
        seen: inputs.iter().map(|i| content_hash(i)).collect(),
        siblings: vec![None; inputs.len()],
        stats: SearchStats::default(),
    };
    let found = on_threads(search.jobs, || search.levels());
    SearchOutcome {
        found,
        stats: search.stats,
    }
}

impl Search<'_> {
    fn levels(&mut self) -> Option<Found> {
        let mut level: Vec<Parent> = self
            .inputs
            .iter()
            .enumerate()
            .map(|(from, text)| Parent {
                text: text.to_vec(),
                from,
                steps: Vec::new(),
            })
            .collect();
        for depth in 0..DEPTH {
            let mut next = Vec::new();
            for parent in &level {
                if self.spent() {
                    return None;
                }
                let layout = Layout::new(parent.text.clone());
                if depth == 0 {
                    self.find_limits(&layout);
                }
                let siblings = self.siblings_of(parent.from);
                let cap = if depth == 0 { FIRST_LEVEL } else { LATER_LEVEL };
                let candidates =
                    Mutations::new(layout, siblings, self.stats.limits.clone()).take(cap);
                if let Some(found) = self.first_failing(candidates, parent, &mut next) {
                    return Some(found);
                }
            }
            level = next;
        }
        None
    }

    /// Cases (candidates and probes) put to the oracles so far.
    fn cases(&self) -> u64 {
        self.stats.candidates + self.stats.probes
    }

    fn spent(&self) -> bool {
        match self.budget {
            Budget::Cases(n) => self.cases() >= n,
            Budget::Time(t) => self.started.elapsed() >= t,
        }
    }

    fn siblings_of(&mut self, from: usize) -> Arc<Siblings> {
        let inputs = self.inputs;
        self.siblings[from]
            .get_or_insert_with(|| {
                let layout = Layout::new(inputs[from].to_vec());
                let others: Vec<&[u8]> = inputs
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != from)
                    .map(|(_, t)| *t)
                    .collect();
                Arc::new(Siblings::new(&layout, &others))
            })
            .clone()
    }

    /// The limits of the first [`BOUNDARY_TOKENS`] integers of a valid input,
    /// added to those known (a boundary search is not cut short by the budget).
    fn find_limits(&mut self, layout: &Layout) {
        self.stats.probes += 1;
        if !(self.valid)(layout.text()) {
            return;
        }
        let places = (0..layout.height())
            .flat_map(|line| (0..layout.width(line)).map(move |token| Place { line, token }))
            .filter(|p| layout.integer(p.line, p.token).is_some())
            .take(BOUNDARY_TOKENS);
        for place in places.collect::<Vec<_>>() {
            if self.spent() {
                return;
            }
            let hints: Vec<i64> = self
                .stats
                .limits
                .iter()
                .rev()
                .take(HINTS)
                .copied()
                .collect();
            let value = layout.integer(place.line, place.token);
            let Some(found) = boundary_hinted(layout, place, self.valid, &hints) else {
                continue;
            };
            self.stats.probes += found.probes as u64;
            for limit in [found.highest, found.lowest] {
                if Some(limit) != value && !self.stats.limits.contains(&limit) {
                    self.stats.limits.push(limit);
                }
            }
        }
    }

    /// The first of `candidates` (in their order) that is valid and fails; the
    /// valid ones that pass join `next` while it has room.
    fn first_failing(
        &mut self,
        candidates: impl Iterator<Item = Mutation>,
        parent: &Parent,
        next: &mut Vec<Parent>,
    ) -> Option<Found> {
        let mut candidates = candidates.peekable();
        while candidates.peek().is_some() {
            let width = match self.budget {
                Budget::Cases(n) => self.jobs.min(n.saturating_sub(self.cases()) as usize),
                Budget::Time(t) => {
                    if self.started.elapsed() >= t {
                        0
                    } else {
                        self.jobs
                    }
                }
            };
            if width == 0 {
                return None;
            }
            let mut batch = Vec::new();
            while batch.len() < width {
                let Some(candidate) = candidates.next() else {
                    break;
                };
                if self.seen.insert(content_hash(&candidate.input)) {
                    batch.push(candidate);
                }
            }
            let (valid, fails) = (self.valid, self.fails);
            let judged: Vec<(bool, bool)> = batch
                .par_iter()
                .map(|m| {
                    let ok = valid(&m.input);
                    (ok, ok && fails(&m.input))
                })
                .collect();
            for (candidate, (ok, failing)) in batch.into_iter().zip(judged) {
                self.stats.candidates += 1;
                self.stats.accepted += u64::from(ok);
                let mut steps = parent.steps.clone();
                steps.push(candidate.description);
                if failing {
                    return Some(Found {
                        input: candidate.input,
                        from: parent.from,
                        steps,
                    });
                }
                if ok && next.len() < FRONTIER {
                    next.push(Parent {
                        text: candidate.input,
                        from: parent.from,
                        steps,
                    });
                }
            }
        }
        None
    }
}
