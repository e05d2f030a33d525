//! Answer breakpoints as a source of candidates: for each integer token of
//! the package's own tests (smallest tests first, a token whose input is
//! otherwise the same as an earlier one's left out), the values where the
//! accepted answer changes as that token grows, near each end of its range
//! and two magnitudes below ([`jurybox_search::variants::breakpoint`]), and
//! their neighbours. A setter tests exactly at such a change and ±1 by hand:
//! it is where a floating-point formula (karwa2025's etoile, `(2n-1)**.5`) or
//! an off-by-one in a closed form is wrong, and near a large bound those
//! values are rarely round numbers, which the boundary stage tries.
//!
//! Each probe is one validator run and one run of the reference, both asked
//! through the search's cache ([`super::known`]), so a second target's search
//! pays only its own runs; the ends of one token are bisected `jobs` at a
//! time. Past the search's deadline the oracles answer nothing and the
//! bisection in progress ends where it is.

use super::source::{Candidate, Input, Source};
use jurybox_judging::store::content_hash;
use jurybox_search::variants::breakpoint;
use jurybox_search::variants::Place;
use std::collections::{HashSet, VecDeque};

/// Tokens bisected at most per search: each costs up to about 40 validator
/// runs for its range and 6 × 67 answers.
const PLACES: usize = 8;

/// Whether every validator accepts an input.
pub type ValidOracle<'a> = Box<dyn Fn(&[u8]) -> bool + Send + Sync + 'a>;

/// The reference's answer to a valid input (`None`: invalid, unanswered, or
/// past the search's deadline).
pub type AnswerOracle<'a> = Box<dyn Fn(&[u8]) -> Option<Vec<u8>> + Send + Sync + 'a>;

/// The candidates at the answer breakpoints of the package's tests' tokens.
pub struct Breakpoints<'a> {
    /// The tests, by name, smallest first.
    inputs: Vec<(String, Vec<u8>)>,
    /// The tokens not bisected yet: which input, which token.
    places: VecDeque<(usize, Place)>,
    valid: ValidOracle<'a>,
    answer: AnswerOracle<'a>,
    jobs: usize,
    /// Candidates made and not given yet.
    ready: VecDeque<Candidate>,
    /// Candidates given, by length and content hash.
    given: HashSet<(usize, u64)>,
    /// Tokens bisected, changes found, answers asked.
    bisected: usize,
    found: usize,
    answers: usize,
}

impl<'a> Breakpoints<'a> {
    /// The source over `inputs` (name and bytes, smallest first), with the
    /// validators and the reference as oracles, bisecting `jobs` ends at a
    /// time.
    pub fn new(
        inputs: &[(&str, &[u8])],
        valid: ValidOracle<'a>,
        answer: AnswerOracle<'a>,
        jobs: usize,
    ) -> Self {
        let bytes: Vec<&[u8]> = inputs.iter().map(|(_, input)| *input).collect();
        Breakpoints {
            inputs: inputs
                .iter()
                .map(|(name, input)| (name.to_string(), input.to_vec()))
                .collect(),
            places: breakpoint::places(&bytes, PLACES).into(),
            valid,
            answer,
            jobs,
            ready: VecDeque::new(),
            given: HashSet::new(),
            bisected: 0,
            found: 0,
            answers: 0,
        }
    }

    /// Bisects the next token's range; its candidates go to `ready`.
    fn bisect_next(&mut self) -> bool {
        let Some((at, place)) = self.places.pop_front() else {
            return false;
        };
        let (name, input) = &self.inputs[at];
        let found = breakpoint::breakpoints(input, place, &*self.valid, &*self.answer, self.jobs);
        self.bisected += 1;
        self.answers += found.answers;
        let Some(boundary) = found.boundary else {
            return true;
        };
        for change in &found.found {
            self.found += 1;
            for value in breakpoint::neighbours(change, &boundary) {
                let Some((bytes, edit)) = breakpoint::with_value(input, place, value) else {
                    continue;
                };
                if !self.given.insert((bytes.len(), content_hash(&bytes))) {
                    continue;
                }
                let (from, to) = change.between;
                self.ready.push_back(Candidate {
                    input: Input::Ready(bytes),
                    provenance: format!(
                        "answer breakpoint: the accepted answer changes between {} and {} \
                         (bisected from {from} to {to}); {name}, {edit}",
                        change.at - 1,
                        change.at
                    ),
                    command: None,
                });
            }
        }
        true
    }
}

impl Source for Breakpoints<'_> {
    fn name(&self) -> String {
        "answer breakpoints".into()
    }

    fn independent(&self) -> bool {
        true
    }

    fn tried(&self) -> Option<String> {
        (self.bisected > 0).then(|| {
            format!(
                "{} answer breakpoints of {} tokens ({} answers bisecting)",
                self.found, self.bisected, self.answers
            )
        })
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        loop {
            if let Some(next) = self.ready.pop_front() {
                return Some(next);
            }
            if !self.bisect_next() {
                return None;
            }
        }
    }
}
