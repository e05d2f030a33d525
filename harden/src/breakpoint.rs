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
//! through the search's cache ([`crate::known`]), so a second target's search
//! pays only its own runs; the ends of one token are bisected `jobs` at a
//! time. A question the oracles cannot answer (a validator that crashed,
//! which is the jury's fault and never a "no"; Ctrl-C; the search's deadline)
//! ends the bisecting, and the input asked is the next candidate: the search
//! asks again and meets what stopped it.

use crate::source::{Candidate, CandidateInput, Source};
use jurybox_judging::store::content_hash;
use jurybox_search::variants::breakpoint;
use jurybox_search::variants::Place;
use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;

/// Tokens bisected at most per search: each costs up to about 40 validator
/// runs for its range and 6 × 67 answers.
const PLACES: usize = 8;

/// A question an oracle could not answer: the jury failed on the input (a
/// validator that crashed: its fault, never a "no"), Ctrl-C, or the search's
/// time is over. The bisection ends, and the search, given the input, asks
/// again and meets what stopped it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unanswered;

/// Whether every validator accepts an input.
pub type ValidOracle<'a> = Box<dyn Fn(&[u8]) -> Result<bool, Unanswered> + Send + Sync + 'a>;

/// The reference's answer to a valid input (`Ok(None)`: invalid, or the
/// reference did not end normally).
pub type AnswerOracle<'a> =
    Box<dyn Fn(&[u8]) -> Result<Option<Vec<u8>>, Unanswered> + Send + Sync + 'a>;

/// The candidates at the answer breakpoints of the package's tests' tokens.
pub struct BreakpointCandidates<'a> {
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

impl<'a> BreakpointCandidates<'a> {
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
        BreakpointCandidates {
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
        // The first input an oracle could not answer; the others read as no.
        let unanswered = Mutex::new(None::<Vec<u8>>);
        let note = |input: &[u8]| {
            unanswered
                .lock()
                .expect("no panics holding it")
                .get_or_insert_with(|| input.to_vec());
        };
        let valid = |input: &[u8]| {
            (self.valid)(input).unwrap_or_else(|Unanswered| {
                note(input);
                false
            })
        };
        let answer = |input: &[u8]| {
            (self.answer)(input).unwrap_or_else(|Unanswered| {
                note(input);
                None
            })
        };
        let found = breakpoint::breakpoints(input, place, &valid, &answer, self.jobs);
        if let Some(stopped) = unanswered.into_inner().expect("no panics holding it") {
            // No more bisecting: the search judges this input next and
            // meets the fault (or its own deadline) itself.
            self.places.clear();
            self.ready.clear();
            self.ready.push_back(Candidate {
                input: CandidateInput::Ready(stopped),
                provenance: format!("an answer breakpoint's probe of {name} that got no verdict"),
                command: None,
            });
            return true;
        }
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
                    input: CandidateInput::Ready(bytes),
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

impl Source for BreakpointCandidates<'_> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The input's one number (`-1` when it is not a number).
    fn value(input: &[u8]) -> i128 {
        String::from_utf8_lossy(input).trim().parse().unwrap_or(-1)
    }

    /// A validator that crashes above 10^6 is the jury's fault: the probe it
    /// crashed on is handed to the search, which meets the fault, and the
    /// bisecting ends; it is not read as "invalid" (which bisects on, as if
    /// the range ended there).
    #[test]
    fn a_validator_fault_is_handed_to_the_search_not_read_as_invalid() {
        let valid: ValidOracle = Box::new(|input| match value(input) {
            v if v > 1_000_000 => Err(Unanswered),
            v => Ok((1..=1_000_000_000_000).contains(&v)),
        });
        let answer: AnswerOracle =
            Box::new(|input| Ok(Some((value(input) / 1000).to_string().into_bytes())));
        let tests: [(&str, &[u8]); 1] = [("sample/1", b"5\n")];
        let mut source = BreakpointCandidates::new(&tests, valid, answer, 1);
        let first = source
            .next_candidate()
            .expect("the probe that got no verdict");
        let CandidateInput::Ready(bytes) = &first.input else {
            panic!("{first:?}");
        };
        assert!(
            value(bytes) > 1_000_000,
            "{}",
            String::from_utf8_lossy(bytes)
        );
        assert!(
            first.provenance.contains("no verdict"),
            "{}",
            first.provenance
        );
        assert_eq!(source.next_candidate(), None);
    }

    /// Where the oracles answer, the change and its neighbours come out.
    #[test]
    fn an_answered_range_gives_its_breakpoints() {
        let valid: ValidOracle = Box::new(|input| Ok((1..=1_000_000).contains(&value(input))));
        let answer: AnswerOracle =
            Box::new(|input| Ok(Some((value(input) / 1000).to_string().into_bytes())));
        let tests: [(&str, &[u8]); 1] = [("sample/1", b"5\n")];
        let mut source = BreakpointCandidates::new(&tests, valid, answer, 1);
        let first = source.next_candidate().expect("a breakpoint");
        assert!(
            first.provenance.starts_with("answer breakpoint"),
            "{}",
            first.provenance
        );
    }
}
