//! The search among the mutations of the package's own tests
//! ([`Searcher::search_mutations`]): its own module because the mutations
//! are drawn and judged by [`jurybox_search::variants`], which this search
//! gives three oracles (valid, fails, keeps the limit), not by the
//! sources' loop of [`Searcher::search_until`].

use super::keeps_limit::{LimitOn, Thin};
use super::{CutShort, FirstStop, Judged, Searched, Searcher, Target};
use crate::source::{Candidate, CandidateInput};
use jurybox_judging::jobs::Budget;
use jurybox_jury::Stop;
use jurybox_search::variants;
use std::sync::atomic::Ordering;
use std::time::Instant;

impl Searcher<'_> {
    /// Searches the mutations of the package's own test inputs (given smallest
    /// first, with their names) for a test that catches `target`:
    /// [`jurybox_search::variants::search`], with the validators as its
    /// oracle of valid inputs and the target's run as its oracle of failure;
    /// `used` candidates of the budget are spent already; it stops at `until`.
    /// `words` (the package's dictionary, [`crate::dictionary`]) are written
    /// into the tests by the mutations' last stage.
    pub fn search_mutations(
        &self,
        target: &Target,
        inputs: &[(&str, &[u8])],
        words: &[Vec<u8>],
        used: usize,
        until: Instant,
    ) -> Searched {
        let budget = match self.max_candidates {
            Some(max) if max <= used => {
                return Searched::Agreed {
                    candidates: 0,
                    valid: 0,
                    tried: Vec::new(),
                    refused_move: None,
                }
            }
            Some(max) => Budget::Cases((max - used) as u64),
            None => match until
                .min(self.deadline)
                .checked_duration_since(Instant::now())
            {
                Some(left) if !left.is_zero() => Budget::Time(left),
                _ => {
                    return Searched::Agreed {
                        candidates: 0,
                        valid: 0,
                        tried: Vec::new(),
                        refused_move: None,
                    }
                }
            },
        };
        // The oracles answer yes or no; the first stop either meets answers
        // no to everything after it and ends the search as that stop.
        let stopped = FirstStop::default();
        // A budget of candidates is still bounded by the clock: past it,
        // every candidate left is refused unasked.
        let until = until.min(self.deadline);
        let valid = |bytes: &[u8]| {
            if stopped.met() || self.jury.cancel.load(Ordering::Relaxed) || Instant::now() >= until
            {
                return false;
            }
            self.valid(bytes).unwrap_or_else(|stop| {
                stopped.keep(stop);
                false
            })
        };
        let fails = |bytes: &[u8]| match self.judge_valid(target, bytes) {
            Judged::Caught(_) => true,
            Judged::Stopped(stop) => {
                stopped.keep(stop);
                false
            }
            Judged::Invalid | Judged::Late | Judged::Passed => false,
        };
        // Asked of each failing candidate in order with no other run going:
        // the limit's question is answered by runs made one at a time.
        // A check the budget's end cut short keeps the mutation apart.
        let keeps = |bytes: &[u8]| {
            let answer = match self.answer(bytes) {
                Ok(Some(answer)) => answer,
                Ok(None) => return false,
                Err(stop) => {
                    stopped.keep(stop);
                    return false;
                }
            };
            let case = self.candidate(bytes, answer);
            match self.limit_on(&case, Thin::RunAgain) {
                Ok(LimitOn::Kept) => true,
                Ok(cut @ LimitOn::Cut { .. }) => {
                    self.no_tests.cut_short(CutShort {
                        input: case.input,
                        answer: case.answer,
                        run: None,
                        provenance: "a mutation of the package's tests".into(),
                        how_far: cut.how_far(),
                    });
                    false
                }
                Ok(_) => false,
                Err(stop) => {
                    stopped.keep(stop);
                    false
                }
            }
        };
        let texts: Vec<&[u8]> = inputs.iter().map(|(_, input)| *input).collect();
        let outcome =
            variants::search_kept(&texts, words, &valid, &fails, &keeps, budget, self.jobs);
        if self.jury.cancel.load(Ordering::Relaxed) {
            return Searched::Stopped(Stop::Interrupted);
        }
        if let Some(stop) = stopped.take() {
            return Searched::Stopped(stop);
        }
        let stats = &outcome.stats;
        let agreed = Searched::Agreed {
            candidates: stats.candidates as usize,
            valid: stats.accepted as usize,
            tried: Vec::new(),
            refused_move: None,
        };
        let Some(found) = outcome.found else {
            return agreed;
        };
        let provenance = format!(
            "mutation of {}: {}",
            inputs[found.from].0,
            found.steps.join(", then ")
        );
        let judged = self.judge_valid(target, &found.input);
        let (case, run) = match self.catch(judged, Some(&provenance)) {
            Judged::Caught(caught) => *caught,
            Judged::Stopped(stop) => return Searched::Stopped(stop),
            // The target passed it this time (a flaky target): nothing to keep.
            Judged::Invalid | Judged::Late | Judged::Passed => return agreed,
        };
        let candidate = Candidate {
            input: CandidateInput::Ready(found.input),
            provenance,
            command: None,
        };
        match self.shrink(target, candidate, case, run) {
            Ok(caught) => Searched::Caught(Box::new(caught)),
            Err(stop) => Searched::Stopped(stop),
        }
    }
}
