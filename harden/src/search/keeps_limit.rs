//! Whether a test found keeps the time limit where it is
//! ([`Searcher::keeps_limit`]): each submission that bounds the limit from
//! below run on it one at a time, by the derivation's own rule
//! (`jurybox_jury::LimitRule`), a run within noise of the line run again
//! alone; and the count of valid candidates a target failed that are no test
//! ([`NoTests`]), among them those whose check the budget's end cut short,
//! kept to be saved ([`CutShort`]).

use super::{Bounding, MoveRefusal, Searcher, Target, CONFIRMING_RUNS};
use crate::known::Disagreement;
use jurybox_format::Verdict;
use jurybox_jury::{undisturbed, Case, Interval, Limits, Run, Stop, DECISIVE_RUNS};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A valid candidate the target failed whose confirmation (the limit's
/// check, a too-slow target's confirming runs) the end of the budget cut
/// short: no test until confirmed, but never lost (the command saves it
/// before it says anything else).
#[derive(Clone, Debug)]
pub struct CutShort {
    /// The input.
    pub input: Vec<u8>,
    /// The reference's answer to it.
    pub answer: Vec<u8>,
    /// The target's run on it (`None` for a mutation of the tests, whose
    /// run the mutations' search keeps to itself).
    pub run: Option<Run>,
    /// Where it came from.
    pub provenance: String,
    /// How far its confirmation went: `the limit's check: 1 of 4
    /// submissions run`.
    pub how_far: String,
}

/// The valid candidates a target failed that are no test: an accepted
/// submission failed them too (the accepted submissions disagree there), or
/// the time limit would move with them. A target not caught says them apart
/// from the candidates it passed.
#[derive(Debug, Default)]
pub struct NoTests {
    disagreed: AtomicUsize,
    moved: AtomicUsize,
    cut_short: Mutex<Vec<CutShort>>,
    refused_move: Mutex<Option<MoveRefusal>>,
}

impl NoTests {
    pub(super) fn note(&self, why: LimitOn) {
        match why {
            LimitOn::Kept => {}
            LimitOn::Moves => {
                self.moved.fetch_add(1, Ordering::Relaxed);
            }
            LimitOn::Fails => {
                self.disagreed.fetch_add(1, Ordering::Relaxed);
            }
            // Kept with its input by [`NoTests::cut_short`]: a count alone
            // would lose it.
            LimitOn::Cut { .. } => {}
        }
    }

    /// A candidate the target failed whose confirmation the budget's end
    /// cut short.
    pub(super) fn cut_short(&self, cut: CutShort) {
        self.cut_short
            .lock()
            .expect("no panics holding it")
            .push(cut);
    }

    /// A test that moves the limit would have caught the target, but the
    /// move was refused: the last refusal is told if the target is not
    /// caught (the search goes on to larger inputs, whose refusal says
    /// the most).
    pub(super) fn refused_move(&self, refusal: MoveRefusal) {
        *self.refused_move.lock().expect("no panics holding it") = Some(refusal);
    }

    /// The last move refused ([`NoTests::refused_move`]), taken.
    pub fn take_refused_move(&self) -> Option<MoveRefusal> {
        self.refused_move
            .lock()
            .expect("no panics holding it")
            .take()
    }

    /// The candidates cut short so far, taken (the command saves them).
    pub fn take_cut_short(&self) -> Vec<CutShort> {
        std::mem::take(&mut *self.cut_short.lock().expect("no panics holding it"))
    }

    /// How many, and a phrase for each reason that met some.
    pub fn said(&self) -> (usize, Vec<String>) {
        let disagreed = self.disagreed.load(Ordering::Relaxed);
        let moved = self.moved.load(Ordering::Relaxed);
        let cut = self.cut_short.lock().expect("no panics holding it").len();
        let mut said = Vec::new();
        if disagreed > 0 {
            said.push(format!(
                "{disagreed} valid candidates it failed are no test: an accepted submission failed them too"
            ));
        }
        if moved > 0 {
            said.push(format!(
                "{moved} valid candidates it failed are no test: the time limit would move with them"
            ));
        }
        if cut > 0 {
            said.push(format!(
                "{cut} valid candidates it failed are not confirmed: the budget ran out during their check (saved apart, above)"
            ));
        }
        (disagreed + moved + cut, said)
    }
}

/// What [`Searcher::keeps_limit`] does with a run within noise of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Thin {
    /// Runs it again, alone, and decides on the interval.
    RunAgain,
    /// Counts it as moving the limit (a question asked with a margin).
    Refuse,
}

/// What a candidate test does to the time limit ([`Searcher::keeps_limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LimitOn {
    /// It stays where it is.
    Kept,
    /// A submission that bounds it from below is too slow on the test: the
    /// limit derived with it would be higher.
    Moves,
    /// An accepted submission fails the test: no limit is derived with it.
    Fails,
    /// The budget's end came first ([`Searcher::end`]): `ran` of the `of`
    /// bounding submissions had run on it.
    Cut {
        /// Submissions run.
        ran: usize,
        /// Submissions to run.
        of: usize,
    },
}

impl LimitOn {
    /// How far a check cut short went, for its report.
    pub(super) fn how_far(self) -> String {
        match self {
            LimitOn::Cut { ran, of } => {
                format!("the limit's check: {ran} of {of} bounding submissions run")
            }
            _ => String::new(),
        }
    }
}

impl Searcher<'_> {
    /// Whether `case`, added to the data, leaves the time limit where it is:
    /// each bounding submission's time on it gives no higher limit by the
    /// derivation's own rule ([`LimitRule::keeps`]), and those that must pass are
    /// accepted. The runs are made one at a time, in the caller's thread (a
    /// time that decides the limit must not be taken while other runs compete
    /// for the machine, as `jury::limit` measures). A run far from the line
    /// decides alone; one within noise of it is run [`DECISIVE_RUNS`] times
    /// more, undisturbed where the machine allows it, and its interval decides.
    /// Each run is stopped just past the noise ceiling, so a slow one costs
    /// little; the first that fails the rule ends it. No run starts past the
    /// budget's end ([`Searcher::end`]): the check is then cut short, and
    /// not kept.
    pub fn keeps_limit(&self, case: &Case) -> Result<bool, Stop> {
        Ok(self.limit_on(case, Thin::RunAgain)? == LimitOn::Kept)
    }

    /// [`Searcher::keeps_limit`] of an input not judged yet, with a margin:
    /// whether the validators accept it, the reference answers it and the
    /// limit stays clearly where it is with it added, a run within noise of
    /// the line counting as moving it (`Ok(false)` when any is not so). For
    /// a bisection toward the line: its answer then keeps a margin, so the
    /// catch's own check is decided by one run of each submission, not six.
    pub(crate) fn clearly_keeps_limit_on(&self, input: &[u8]) -> Result<bool, Stop> {
        if !self.valid(input)? {
            return Ok(false);
        }
        let Some(answer) = self.answer(input)? else {
            return Ok(false);
        };
        Ok(self.limit_on(&self.candidate(input, answer), Thin::Refuse)? == LimitOn::Kept)
    }

    /// The seconds confirming a catch of `target` may take at most, by CPU
    /// (what its runs are stopped at): the limit's check, each bounding
    /// submission run once to just past the noise ceiling (as
    /// [`Searcher::limit_on`] stops them), and for a too-slow target its
    /// [`CONFIRMING_RUNS`] less the first, each to the kill time. A search
    /// with a budget's end stops drawing candidates this long before it
    /// ([`Searcher::end`]), so that a catch made late is still confirmed. A
    /// run within noise of the line, run again alone, and a machine so busy
    /// that wall time far exceeds CPU time cost more: the end then cuts the
    /// confirmation short, and the candidate is kept apart ([`CutShort`]).
    pub fn confirming_reserve(&self, target: &Target) -> f64 {
        let ceiling = self.limit_rule.noise_ceiling(self.kept_limit);
        let check = self.bounding.len() as f64 * jurybox_jury::kill_past(ceiling * 1.05);
        let too_slow = target.catch.iter().all(|v| *v == Verdict::TLE);
        let again = match too_slow {
            true => (CONFIRMING_RUNS - 1) as f64 * self.limits_of(target.submission).kill_at,
            false => 0.0,
        };
        check + again
    }

    /// What `case` does to the limit: [`Searcher::keeps_limit`], with why
    /// not when it does not keep it.
    pub(super) fn limit_on(&self, case: &Case, thin: Thin) -> Result<LimitOn, Stop> {
        let rule = &self.limit_rule;
        let of = self.bounding.len();
        for (
            ran,
            &Bounding {
                name,
                program,
                must_pass,
                submission,
            },
        ) in self.bounding.iter().enumerate()
        {
            let (kept, limits) = self.bound_limits(submission);
            if self.past_end() {
                return Ok(LimitOn::Cut { ran, of });
            }
            let run = self.jury.run(program, case, &limits)?;
            if must_pass && run.verdict != Verdict::AC {
                if matches!(run.verdict, Verdict::WA | Verdict::RTE) {
                    self.disagreeing(name, &run, case);
                }
                // Too slow for the ceiling (TLE) is the limit moving; a wrong
                // answer or a crash is the accepted submissions disagreeing.
                return Ok(if matches!(run.verdict, Verdict::WA | Verdict::RTE) {
                    LimitOn::Fails
                } else {
                    LimitOn::Moves
                });
            }
            let mut interval = Interval::of(&[run.cpu]);
            if rule.thin_at(&interval, kept) {
                if thin == Thin::Refuse {
                    return Ok(LimitOn::Moves);
                }
                let program = undisturbed(program);
                let mut alone = Vec::with_capacity(DECISIVE_RUNS);
                for _ in 0..DECISIVE_RUNS {
                    if self.past_end() {
                        return Ok(LimitOn::Cut { ran, of });
                    }
                    alone.push(self.jury.run_alone(&program, case, &limits)?.cpu);
                }
                interval = Interval::of(&alone);
            }
            if !rule.keeps(&interval, kept) {
                return Ok(LimitOn::Moves);
            }
        }
        Ok(LimitOn::Kept)
    }

    /// The limit bounding submission `submission` must keep on a new test of
    /// the search's group, and the limits its runs are stopped by (just past
    /// the noise ceiling): its own where the package states one for its
    /// language or the group (sinol's `override_limits`, `time_limits`: a
    /// Python solution within its own 5 s moves no limit of the C ones'
    /// 0.5 s), else [`Searcher::kept_limit`]. Its memory is its own; no
    /// format's wall clock stops a run that times the limit (its CPU time
    /// decides, as a run alone's does).
    pub(super) fn bound_limits(&self, submission: Option<usize>) -> (f64, Limits) {
        let own = self.limits_of(submission);
        let kept = match own.time_limit == self.limits.time_limit {
            true => self.kept_limit,
            false => own.time_limit,
        };
        let ceiling = self.limit_rule.noise_ceiling(kept);
        let limits = Limits {
            time_limit: ceiling,
            kill_at: jurybox_jury::kill_past(ceiling * 1.05),
            wall_cap: None,
            ..own
        };
        (kept, limits)
    }

    /// Notes that the accepted submission `name` failed `case` (`run`): the
    /// accepted submissions disagree there ([`Disagreement`]).
    pub(super) fn disagreeing(&self, name: &str, run: &Run, case: &Case) {
        self.known.note_disagreement(Disagreement {
            submission: name.to_string(),
            verdict: run.verdict,
            detail: run.detail.to_string(),
            input: case.input.clone(),
            answer: case.answer.clone(),
        });
    }
}
