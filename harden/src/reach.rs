//! A mutant's candidates, those that reach its edited line first (issue 32:
//! "prefer candidates that execute its edited line"). The candidates of a
//! source are drawn a window at a time, each run on the original's coverage
//! build ([`crate::coverage`]); those on which the original executes the
//! edited line are given to the search first, the others after the source
//! has run out. The order changes, never the set: a candidate that does not
//! reach the line is still judged, last (an optimiser that exploits undefined
//! behaviour may make a mutant differ where the unoptimised original did not
//! run the line). A target not caught says how many candidates reached the
//! line, and when none did, that none could have killed it: the search did
//! not reach the edit, which is not the same as the mutant being equivalent.
//!
//! Time: one coverage run per candidate drawn until `until`, shared by every
//! mutant of the same submission; after `until` the source's candidates pass
//! in their own order.

use crate::coverage::{Coverage, Reached};
use crate::source::{Candidate, CandidateInput, Source};
use jurybox_judging::jobs::on_threads;
use rayon::prelude::*;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The line a mutant edits and its original's coverage build.
#[derive(Clone, Copy, Debug)]
pub struct Reach<'a> {
    /// The original, built for coverage.
    pub coverage: &'a Coverage,
    /// The edited line (1-based, where the edit begins).
    pub line: u32,
}

/// Candidates run on the coverage build at a time: enough to keep every
/// thread busy, few enough that a source's early candidates come soon.
const WINDOW: usize = 256;

/// `inner`'s candidates, those that reach the line first.
pub struct ReachedFirst<'a> {
    inner: Box<dyn Source + 'a>,
    reach: Reach<'a>,
    jobs: usize,
    cancel: &'a AtomicBool,
    /// When ordering stops: after it, candidates pass in `inner`'s order.
    until: Instant,
    reached: VecDeque<Candidate>,
    later: VecDeque<Candidate>,
    inner_done: bool,
    /// Candidates run on the coverage build, and of them those that reached
    /// the line and those that found it without code.
    ran: u64,
    hit: u64,
    no_code: u64,
}

impl<'a> ReachedFirst<'a> {
    /// `inner` ordered by `reach` until `until`, `jobs` coverage runs at a time.
    pub fn new(
        inner: Box<dyn Source + 'a>,
        reach: Reach<'a>,
        jobs: usize,
        cancel: &'a AtomicBool,
        until: Instant,
    ) -> Self {
        ReachedFirst {
            inner,
            reach,
            jobs,
            cancel,
            until,
            reached: VecDeque::new(),
            later: VecDeque::new(),
            inner_done: false,
            ran: 0,
            hit: 0,
            no_code: 0,
        }
    }

    fn ordering(&self) -> bool {
        !self.inner_done
            && Instant::now() < self.until
            && !self.cancel.load(Ordering::Relaxed)
            // A line without code stays so: nothing to order by.
            && self.no_code == 0
    }

    /// Draws a window from `inner` and sorts it into `reached` and `later`.
    fn sort_window(&mut self) {
        // Drawn only until `until`: a grammar's maximal shapes are made as
        // they are drawn, megabytes each, and a window of them once kept a
        // mutant's five-second search drawing for minutes past its budget.
        let until = self.until;
        let inner = &mut self.inner;
        let window: Vec<Candidate> = std::iter::from_fn(|| {
            (Instant::now() < until)
                .then(|| inner.next_candidate())
                .flatten()
        })
        .take(WINDOW)
        .collect();
        if window.is_empty() {
            // Out of time is not out of candidates: they pass unordered.
            self.inner_done = Instant::now() < until;
            return;
        }
        let (reach, cancel) = (self.reach, self.cancel);
        let sorted: Vec<(Candidate, Reached)> = on_threads(self.jobs, || {
            window
                .into_par_iter()
                .map(|c| {
                    // Past the ordering's time: not made nor run, so a window
                    // ends on time too.
                    if Instant::now() >= until {
                        return (c, Reached::Unknown);
                    }
                    match c.input.make_by(cancel, Some(until)) {
                        // Made once here: the search judges the same bytes.
                        Some(bytes) => {
                            let reached = reach.coverage.reaches(&bytes, reach.line, cancel);
                            let input = CandidateInput::Ready(bytes);
                            (Candidate { input, ..c }, reached)
                        }
                        None => (c, Reached::Unknown),
                    }
                })
                .collect()
        });
        for (candidate, reached) in sorted {
            match reached {
                Reached::Yes => {
                    self.hit += 1;
                    self.reached.push_back(candidate);
                }
                Reached::No => self.later.push_back(candidate),
                Reached::NoCode => {
                    self.no_code += 1;
                    self.later.push_back(candidate);
                }
                Reached::Unknown => self.later.push_back(candidate),
            }
            self.ran += u64::from(reached != Reached::Unknown);
        }
    }
}

impl Source for ReachedFirst<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        loop {
            if let Some(next) = self.reached.pop_front() {
                return Some(next);
            }
            if !self.ordering() {
                if let Some(next) = self.later.pop_front() {
                    return Some(next);
                }
                if self.inner_done {
                    return None;
                }
                return self.inner.next_candidate();
            }
            self.sort_window();
        }
    }

    fn refused(&mut self) {
        self.inner.refused();
    }

    fn independent(&self) -> bool {
        self.inner.independent()
    }

    fn cost(&mut self, input: &[u8], cpu: f64) {
        self.inner.cost(input, cpu);
    }

    fn judged(&mut self, candidate: &Candidate, seconds: f64, share: f64) {
        self.inner.judged(candidate, seconds, share);
    }

    /// The inner source's phrase, and what the coverage build said of its
    /// candidates: `none of its 412 candidates run on sum.cpp's coverage
    /// build reached line 9 (so none could kill it)`.
    fn tried(&self) -> Option<String> {
        let inner = self.inner.tried()?;
        let (file, line) = (&self.reach.coverage.file, self.reach.line);
        let said = if self.no_code > 0 {
            format!("line {line} of {file} has no code gcov counts: candidates in their own order")
        } else if self.ran == 0 {
            return Some(inner);
        } else if self.hit == 0 {
            format!(
                "none of the {} run on {file}'s coverage build reached line {line} (so none could kill it)",
                self.ran
            )
        } else {
            format!(
                "{} of the {} run on {file}'s coverage build reached line {line}, judged first",
                self.hit, self.ran
            )
        };
        Some(format!("{inner} ({said})"))
    }
}
