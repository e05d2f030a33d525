//! The grammar's maximal shapes scaled back until the validators accept
//! them: the largest valid input of each shape, for a validator rule the
//! grammar does not know (a bounded sum over the values, checked after the
//! reads the recording sees), where every maximal shape is refused and a
//! submission slow only near that bound would otherwise be met only by
//! chance. The bisection is the grammar's
//! ([`jurybox_grammar::generate::Candidates::largest_accepted`]); the oracle
//! is the package's validators, asked through the search's cache, so each
//! question costs one validator run at most once per session.

use crate::source::{Candidate, CandidateInput, Source};
use jurybox_grammar::generate::{Candidates, Largest, Scaled};
use jurybox_judging::store::content_hash;
use std::collections::HashSet;

/// Whether every validator accepts an input (`None`: no verdict, a jury
/// fault or Ctrl-C).
pub type Oracle<'g> = Box<dyn Fn(&[u8]) -> Option<bool> + Send + 'g>;

/// Each maximal shape with each part scaled back in turn ([`Scaled::ALL`],
/// the values read in repetitions first), one candidate per pair whose
/// unscaled shape the validators refuse.
pub struct ScaledBack<'g> {
    /// The grammar's stream, asked only for its scaled shapes.
    pub candidates: Candidates<'g>,
    /// Where the grammar came from, for the provenance.
    pub from: &'g str,
    /// The validators, asked.
    pub valid: Oracle<'g>,
    /// The next (part, shape) pair, as one index.
    next: usize,
    /// The candidates given, by length and content hash, so a shape two
    /// parts scale to the same input is judged once.
    given: HashSet<(usize, u64)>,
}

impl<'g> ScaledBack<'g> {
    /// The scaled shapes of `candidates`' grammar, `valid` the oracle.
    pub fn new(candidates: Candidates<'g>, from: &'g str, valid: Oracle<'g>) -> Self {
        ScaledBack {
            candidates,
            from,
            valid,
            next: 0,
            given: HashSet::new(),
        }
    }
}

impl Source for ScaledBack<'_> {
    fn name(&self) -> String {
        format!("the grammar's maximal shapes scaled back ({})", self.from)
    }

    fn independent(&self) -> bool {
        true
    }

    fn tried(&self) -> Option<String> {
        (!self.given.is_empty()).then(|| {
            format!(
                "{} maximal shapes scaled back to the largest the validators accept",
                self.given.len()
            )
        })
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        let shapes = self.candidates.maximal_shapes();
        while self.next < shapes * Scaled::ALL.len() {
            let (part, shape) = (Scaled::ALL[self.next / shapes], self.next % shapes);
            self.next += 1;
            let valid = &self.valid;
            let largest = self
                .candidates
                .largest_accepted(shape, part, &mut |input| valid(input));
            let kept = "the largest the validators accept";
            if let Some(candidate) = candidate_of(largest, self.from, kept, &mut self.given) {
                return Some(candidate);
            }
        }
        None
    }
}

/// The candidate at the end of a shape's bisection, unless nothing was found
/// or `given` has it already: the shape found, its origin followed by `kept`
/// (what its size is the largest of), or the input the oracle stopped on,
/// which the search asks again to meet what stopped it.
pub(crate) fn candidate_of(
    largest: Largest,
    from: &str,
    kept: &str,
    given: &mut HashSet<(usize, u64)>,
) -> Option<Candidate> {
    let (bytes, provenance) = match largest {
        Largest::Found(found) => (
            found.bytes,
            format!("the grammar ({from}), {}, {kept}", found.origin),
        ),
        Largest::Stopped(input) => (input, "a scaled maximal shape".to_string()),
        Largest::Nothing => return None,
    };
    given
        .insert((bytes.len(), content_hash(&bytes)))
        .then_some(Candidate {
            input: CandidateInput::Ready(bytes),
            provenance,
            command: None,
        })
}
