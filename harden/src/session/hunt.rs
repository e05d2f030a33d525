//! A session's search for a test that catches one target, phase by phase:
//! its own module because the order of the sources (which phase draws
//! what, and for how much of the time) is one decision apart from opening
//! the package and building the sources themselves.

use super::Session;
use crate::reach::ReachedFirst;
use crate::search::{Searched, Searcher, Target};
use crate::source::{Climb, Source};
use jurybox_format::Verdict;
use jurybox_grammar::generate::Stage;
use std::time::Instant;

/// The grammar's stages drawn before the generators: each ends by itself.
const FINITE_STAGES: [Stage; 5] = [
    Stage::SmallScope,
    Stage::Boundary,
    Stage::Maximal,
    Stage::Edits,
    Stage::Dictionary,
];

/// [`FINITE_STAGES`] for a target that fails on large values
/// ([`Target::largest_first`]): the maximal shapes first (a 32-bit pair
/// counter overflows on the all-equal maximal input, which the small scope's
/// thousands of candidates keep a short budget from reaching).
const LARGEST_FIRST_STAGES: [Stage; 5] = [
    Stage::Maximal,
    Stage::Boundary,
    Stage::SmallScope,
    Stage::Edits,
    Stage::Dictionary,
];

impl Session {
    /// Searches for a test that catches `target`. A target only a time limit
    /// catches (a `time_limit_exceeded/` submission) gets ever larger inputs:
    /// the generators grown, then the grammar's maximal shapes, each refused
    /// one scaled back to the largest the validators accept ([`crate::scale_back::ScaledBack`]),
    /// and boundary inputs, then climbing on the target's CPU time from the
    /// package's own tests and the costliest input so far, growing them
    /// ([`Climb`]), in turn with the grammar's random inputs. Any other
    /// target gets, in a setter's order, each phase until its share of the
    /// time or its end: the grammar's finite stages (every small input, each
    /// value at its boundaries, the maximal shapes, coordinated edits, the
    /// refused maximal shapes scaled back) until 6/20 of the time, the generators with new seeds until 11/20, mutations
    /// of the package's own tests until 15/20, then the generators grown (a
    /// bug that needs a large input: a count that overflows, a recursion that
    /// runs out of stack) and the grammar's random inputs on a log scale. A
    /// mutant with a coverage build ([`Target::reach`]) gets the grammar's
    /// finite stages with the candidates that reach its edited line first
    /// ([`ReachedFirst`], sorted in the first half of that phase). A target
    /// not caught says what was tried.
    pub fn hunt(
        &self,
        searcher: &Searcher,
        target: &Target,
        gen: Option<&str>,
        seed: u64,
    ) -> Searched {
        let cancel = searcher.jury.cancel;
        if target.catch.iter().all(|v| *v == Verdict::TLE) {
            let mut sources = self.growing_sources(gen, seed);
            // The maximal shapes first; then each value at its boundaries and
            // random inputs up to the largest counts, for a validator rule the
            // grammar does not know (a sum of values bounded) that refuses
            // every maximal shape.
            // Each round goes on from the shape the last one stopped at.
            let lock = || self.maximal_from.lock().expect("no panics holding it");
            let from = lock().get(&target.name).copied().unwrap_or(0);
            if let Some(mut large) = self.grammar_stages(&[Stage::Maximal], seed, searcher) {
                large.start_maximal_at(from);
                sources.push(Box::new(large));
            }
            // Right after them: the shapes the target is slow on but an
            // accepted submission too, made smaller until the limit keeps them.
            if let Some(smaller) = self.scaled_to_limit(searcher, seed) {
                sources.push(Box::new(smaller));
            }
            if let Some(scaled) = self.scaled_back(searcher, seed) {
                sources.push(Box::new(scaled));
            }
            if let Some(bounds) = self.grammar_stages(&[Stage::Boundary], seed, searcher) {
                sources.push(Box::new(bounds));
            }
            let random = self.grammar_stages(&[Stage::Random], seed, searcher);
            let tests = self
                .cases
                .iter()
                .map(|c| (c.name.clone(), c.input.clone()))
                .collect();
            sources.push(Box::new(
                Climb::with(random.map(|r| Box::new(r) as Box<dyn Source>)).from_tests(tests),
            ));
            let searched = searcher.search_slow(target, &mut sources, self.tle_seconds());
            // The last shape drawn may not have been judged: drawn again.
            let drawn: usize = sources.iter().map(|s| s.maximal_drawn()).sum();
            lock().insert(target.name.clone(), from + drawn.saturating_sub(1));
            return with_tried(searched, tried(&sources), searcher);
        }
        let now = Instant::now();
        let share = |part: u32| now + searcher.deadline.saturating_duration_since(now) * part / 20;
        let mut count = (0, 0);
        let mut said = Vec::new();
        let phase = |sources: &mut Vec<Box<dyn Source + '_>>,
                     until,
                     count: &mut (usize, usize),
                     said: &mut Vec<String>| {
            let searched = searcher.search_until(target, sources, until, count.0);
            said.extend(tried(sources));
            tally(count, searched)
        };
        let mut grammar: Vec<Box<dyn Source>> = Vec::new();
        let stages = match target.largest_first {
            true => &LARGEST_FIRST_STAGES,
            false => &FINITE_STAGES,
        };
        if let Some(finite) = self.grammar_stages(stages, seed, searcher) {
            grammar.push(match target.reach {
                // A mutant's edit is reached by few inputs: those first, sorted
                // out in the first half of the phase.
                Some(reach) => Box::new(ReachedFirst::new(
                    Box::new(finite),
                    reach,
                    self.jobs,
                    cancel,
                    share(3),
                )),
                None => Box::new(finite),
            });
        }
        if let Some(scaled) = self.scaled_back(searcher, seed) {
            grammar.push(Box::new(scaled));
        }
        grammar.extend(
            self.breakpoints(searcher)
                .map(|b| Box::new(b) as Box<dyn Source>),
        );
        if let Some(done) = phase(&mut grammar, share(6), &mut count, &mut said) {
            return done;
        }
        // The phase's time ran out before its last source, the breakpoints,
        // ended: they come again at the start of the last phase.
        let breakpoints_left = Instant::now() >= share(6);
        if let Some(done) = phase(
            &mut self.sources(gen, seed),
            share(11),
            &mut count,
            &mut said,
        ) {
            return done;
        }
        let inputs = self.inputs_smallest_first();
        let words = self.dictionary().entries();
        let mutated = searcher.search_mutations(target, &inputs, &words, count.0, share(15));
        let before = count.0;
        if let Some(done) = tally(&mut count, mutated) {
            return done;
        }
        said.push(format!(
            "{} mutations of the package's tests",
            count.0 - before
        ));
        let mut last: Vec<Box<dyn Source>> = Vec::new();
        if breakpoints_left {
            last.extend(
                self.breakpoints(searcher)
                    .map(|b| Box::new(b) as Box<dyn Source>),
            );
        }
        last.extend(self.growing_sources(gen, seed));
        if let Some(random) = self.grammar_stages(&[Stage::Random], seed, searcher) {
            // After the growth: the random stream never ends.
            last.push(Box::new(random));
        }
        if let Some(done) = phase(&mut last, searcher.deadline, &mut count, &mut said) {
            return done;
        }
        with_tried(
            Searched::Agreed {
                candidates: count.0,
                valid: count.1,
                tried: Vec::new(),
                refused_move: None,
            },
            said,
            searcher,
        )
    }
}

/// Adds an unsuccessful phase's counts to `tried`; a phase that caught the
/// target or was interrupted ends the search.
fn tally(tried: &mut (usize, usize), searched: Searched) -> Option<Searched> {
    match searched {
        Searched::Agreed {
            candidates, valid, ..
        } => {
            *tried = (tried.0 + candidates, tried.1 + valid);
            None
        }
        other => Some(other),
    }
}

/// What `sources` drew, one phrase each (those that drew nothing left out).
fn tried(sources: &[Box<dyn Source + '_>]) -> Vec<String> {
    sources.iter().filter_map(|s| s.tried()).collect()
}

/// `searched`, with what was tried when it ended in agreement, and the valid
/// candidates the target failed that were no test said apart from those it
/// agreed on ([`crate::search::NoTests`]).
fn with_tried(searched: Searched, mut said: Vec<String>, searcher: &Searcher) -> Searched {
    match searched {
        Searched::Agreed {
            candidates, valid, ..
        } => {
            let (no_tests, why) = searcher.no_tests.said();
            said.extend(why);
            Searched::Agreed {
                candidates,
                valid: valid.saturating_sub(no_tests),
                tried: said,
                refused_move: searcher.no_tests.take_refused_move(),
            }
        }
        other => other,
    }
}
