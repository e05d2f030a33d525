//! A maximal shape too costly for the time limit, scaled back until the limit
//! keeps it: for a too-slow target only.
//!
//! A maximal input on which the slow target is over the line may still be no
//! test: an accepted submission may need so long on it that the limit derived
//! with it would be higher ([`crate::search::Searcher::keeps_limit`]). The
//! slow target is slower in order, not only by a constant (else the limit
//! could not separate them), so between the size where it passes the line
//! and the size where the accepted submissions would move the limit there is
//! a window, and a setter finds it by making the test smaller. GAPC's
//! clubwinking: the accepted PyPy solution, O(t²·n), takes about 5 s on
//! 1 000 points of 50 coordinates, the edge of the 10 s limit, while the
//! slow one, O(t³·n), needs minutes already at 300.
//!
//! Each shape the search reports ([`Source::too_costly`]) has its counts
//! scaled back ([`Scaled::Counts`]) with the grammar's own bisection
//! ([`Candidates::largest_accepted`]), the oracle the whole question: valid,
//! answered by the reference, and the limit kept, each asked through the
//! search's cache and runs made one at a time, as the search asks it, a run
//! within noise of the line counting as moving it. The largest size the
//! limit keeps with that margin is the candidate.

use crate::scale_back::candidate_of;
use crate::source::{Candidate, Source};
use jurybox_grammar::generate::{Candidates, Scale, Scaled, SCALE_ONE};
use jurybox_judging::store::content_hash;
use std::collections::{HashSet, VecDeque};

/// Whether an input is a test that keeps the limit (`None`: no verdict, a
/// jury fault or Ctrl-C, or the search's time is over).
pub type LimitOracle<'g> = Box<dyn Fn(&[u8]) -> Option<bool> + Send + 'g>;

/// A maximal shape's unscaled input, by length and content hash.
type ShapeKey = (usize, u64);

/// The maximal shapes reported too costly, each scaled back to the largest
/// the limit keeps.
pub struct ScaledToLimit<'g> {
    /// The grammar's stream, asked only for its scaled shapes (with the
    /// maximal stage's seed, so a shape at scale 1 is its input).
    candidates: Candidates<'g>,
    /// Where the grammar came from, for the provenance.
    from: &'g str,
    /// The whole question, asked.
    keeps: LimitOracle<'g>,
    /// Each shape's unscaled input, by length and content hash, made when
    /// first needed and again when the maximal shapes' byte cap changed
    /// (the cap they were made under first): how a reported input is known
    /// to be a shape.
    shapes: Option<(Option<usize>, Vec<ShapeKey>)>,
    /// The shapes reported and not yet scaled back, in the order reported.
    pending: VecDeque<usize>,
    /// The shapes reported so far.
    reported: HashSet<usize>,
    /// Shapes scaled back, and the candidates given.
    scaled: usize,
    given: HashSet<(usize, u64)>,
}

impl<'g> ScaledToLimit<'g> {
    /// The source over `candidates`' maximal shapes, `keeps` the oracle.
    pub fn new(candidates: Candidates<'g>, from: &'g str, keeps: LimitOracle<'g>) -> Self {
        ScaledToLimit {
            candidates,
            from,
            keeps,
            shapes: None,
            pending: VecDeque::new(),
            reported: HashSet::new(),
            scaled: 0,
            given: HashSet::new(),
        }
    }

    /// The shape whose unscaled input is `input`, if any.
    fn shape_of(&mut self, input: &[u8]) -> Option<usize> {
        let candidates = &self.candidates;
        let cap = candidates.maximal_bytes();
        if self.shapes.as_ref().is_some_and(|(made, _)| *made != cap) {
            self.shapes = None;
        }
        let (_, shapes) = self.shapes.get_or_insert_with(|| {
            let shapes = (0..candidates.maximal_shapes())
                .map(|shape| {
                    let one = Scale {
                        part: Scaled::Counts,
                        per: SCALE_ONE,
                    };
                    candidates
                        .maximal_scaled(shape, one)
                        .map_or((0, 0), |c| (c.bytes.len(), content_hash(&c.bytes)))
                })
                .collect();
            (cap, shapes)
        });
        let key = (input.len(), content_hash(input));
        shapes.iter().position(|k| *k == key)
    }
}

impl Source for ScaledToLimit<'_> {
    fn name(&self) -> String {
        format!(
            "the grammar's maximal shapes too costly for the limit, scaled back ({})",
            self.from
        )
    }

    fn independent(&self) -> bool {
        true
    }

    fn too_costly(&mut self, input: &[u8]) {
        if let Some(shape) = self.shape_of(input) {
            if self.reported.insert(shape) {
                self.pending.push_back(shape);
            }
        }
    }

    fn tried(&self) -> Option<String> {
        (self.scaled > 0).then(|| {
            format!(
                "{} maximal shapes too costly for the limit scaled back to the largest it keeps",
                self.scaled
            )
        })
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        while let Some(shape) = self.pending.pop_front() {
            self.scaled += 1;
            let unscaled = self
                .shapes
                .as_ref()
                .and_then(|(_, s)| s.get(shape))
                .copied();
            let keeps = &self.keeps;
            // Scale 1 is the input just reported: not asked again.
            let mut oracle = |input: &[u8]| {
                if Some((input.len(), content_hash(input))) == unscaled {
                    return Some(false);
                }
                keeps(input)
            };
            let largest = self
                .candidates
                .largest_accepted(shape, Scaled::Counts, &mut oracle);
            let kept =
                "the largest the time limit keeps (an accepted submission moved it at full size)";
            if let Some(candidate) = candidate_of(largest, self.from, kept, &mut self.given) {
                return Some(candidate);
            }
        }
        None
    }
}
