//! The search for a test that catches one target (a surviving submission or
//! mutant): candidates from the sources, each kept only if every input
//! validator accepts it, answered by an accepted submission, and given to the
//! target; the first that the target fails in a way its requirements ask for
//! (a wrong answer for `wrong_answer/`, a crash for `run_time_error/`) is shrunk,
//! validator-guarded, to the smallest input that still fails it the same way.
//!
//! Candidates are judged `jobs` at a time, and of each batch the first in the
//! sources' order wins, so the test found does not depend on `jobs`. Whether a
//! catch would move the time limit is a timing question, decided afterwards
//! from runs made one at a time ([`Searcher::keeps_limit`]), never from runs
//! contending with the batch's. A jury fault met on the way (a validator that
//! crashes or never ends) ends the search as what it is: never an agreement.

mod disagree;
mod keeps_limit;
mod move_refusal;
mod moved_limit;
mod mutations;
mod slow;

use jurybox_jury::Stops;
pub use keeps_limit::{CutShort, NoTests};
use keeps_limit::{LimitOn, Thin};
pub use move_refusal::{new_limit, refusal, BoundTime, MoveAsked, MoveRefusal, MoveRefused};
pub use moved_limit::{decide, LimitMove};

use crate::source::{Candidate, Source};
use jurybox_format::{Settings, Verdict};
use jurybox_judging::jobs::on_threads;
use jurybox_jury::LimitRule;
use jurybox_jury::Stop;
use jurybox_jury::{Case, Jury, Limits, Run};
use jurybox_languages::Built;
use jurybox_sandbox::RunLimits;
use jurybox_search::shrink::{shrink, ShrinkStats};
use rayon::prelude::*;
use std::collections::BTreeSet;
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Instant;

/// Above this size a shrunk input made by a generators.yaml rule is kept as the
/// rule made it (see [`Searcher::search`]).
pub const READABLE_BYTES: usize = 4096;

/// Runs in which a too-slow submission must need more than the separating
/// time on a test before the test counts as catching it (a limit and a
/// verdict that one run decides move with the machine's load).
pub const CONFIRMING_RUNS: usize = 3;

/// What is searched for.
#[derive(Clone, Debug)]
pub struct Target<'a> {
    /// Its name (`wrong_answer/greedy.cpp`, or a mutant's description).
    pub name: String,
    /// The program.
    pub program: &'a Built,
    /// The verdicts that catch it.
    pub catch: BTreeSet<Verdict>,
    /// For a mutant of a C or C++ submission: its edited line and the
    /// original's coverage build, so the candidates that reach the line are
    /// judged first ([`crate::reach`]).
    pub reach: Option<crate::reach::Reach<'a>>,
    /// The grammar's maximal shapes judged before its small ones: a mutant
    /// that narrows a type overflows on large values and counts, which the
    /// small scope never makes and a short budget never reaches after it.
    pub largest_first: bool,
    /// The package's submission whose limits it is judged under (a
    /// survivor's own, a mutant's original: its language's, sinol's
    /// `override_limits`); `None`: a program of no submission (`--program`).
    pub submission: Option<usize>,
}

/// A test that catches a target.
#[derive(Clone, Debug)]
pub struct Caught {
    /// The (shrunk) input.
    pub input: Vec<u8>,
    /// The reference's answer to it.
    pub answer: Vec<u8>,
    /// The target's run on it.
    pub run: Run,
    /// The input as found, before shrinking.
    pub original: Vec<u8>,
    /// Where it came from.
    pub provenance: String,
    /// The generator words that made the original, when a generator did.
    pub command: Option<Vec<String>>,
    /// What shrinking did (`None`: not shrunk).
    pub shrunk: Option<ShrinkStats>,
    /// The derived limit the test moves, kept ([`moved_limit`]): only a
    /// too-slow target's catch, never under a stated limit.
    pub moved_limit: Option<LimitMove>,
}

/// How a search ended.
#[derive(Clone, Debug)]
pub enum Searched {
    /// A test catches the target.
    Caught(Box<Caught>),
    /// Every valid candidate agreed with the reference: the target may be
    /// equivalent to a correct solution (or the sources cannot reach its bug).
    Agreed {
        /// Candidates drawn.
        candidates: usize,
        /// Of them, accepted by every validator.
        valid: usize,
        /// What was tried, one phrase per source (`every input up to 5
        /// values over [-3, 3]: 412`), filled in by the caller that knows
        /// its sources; empty when it does not.
        tried: Vec<String>,
        /// When a test that moves the limit would have caught the target
        /// but the move was refused: the last such refusal, told with the
        /// survivor not caught (issue 45).
        refused_move: Option<MoveRefusal>,
    },
    /// Stopped by Ctrl-C, or by the jury's own fault.
    Stopped(Stop),
}

/// A submission that bounds the time limit from below.
#[derive(Clone, Copy, Debug)]
pub struct Bounding<'a> {
    /// Its name in the package (`accepted/sol.cpp`).
    pub name: &'a str,
    /// The program.
    pub program: &'a Built,
    /// Whether it must pass a new test (an accepted submission).
    pub must_pass: bool,
    /// Its index in the package: whose limits it is judged under (`None`:
    /// the package's own).
    pub submission: Option<usize>,
}

/// What a search needs besides its target.
pub struct Searcher<'a> {
    /// The package and its programs.
    pub jury: Jury<'a>,
    /// The accepted submission that answers candidates.
    pub reference: &'a Built,
    /// Its index in the package, whose limits it answers under (`None`:
    /// the package's own).
    pub reference_submission: Option<usize>,
    /// Every submission that bounds the time limit from below (accepted,
    /// wrong answer, run-time error), true for those that must pass: a new
    /// test must leave [`Searcher::kept_limit`] where it is by
    /// [`Searcher::limit_rule`], or the limit derived with it would move (and
    /// with it which slow submission is separable: a test that catches a slow
    /// one only because the others are cheap is no catch).
    pub bounding: Vec<Bounding<'a>>,
    /// The rule the limit is derived by (`limit_noise.rs`), the one a new
    /// test is held to.
    pub limit_rule: LimitRule,
    /// The limit a new test must keep: the one in force, or the derived one
    /// if that is more (a stated limit tighter than the rule).
    pub kept_limit: f64,
    /// `Ok(time_limit_to_tle)` when the limit is derived (the package
    /// states none) and a too-slow target's catch may move it, kept when
    /// the target is still separable under the limit it gives
    /// ([`moved_limit`]); else why not, as told of a survivor a move would
    /// have caught (a stated limit is never moved).
    pub may_move_limit: Result<f64, MoveRefusal>,
    /// The package's limits of a judged run; each run is judged under the
    /// limits of its submission on a test of [`Searcher::group`]
    /// ([`Searcher::limits_of`]).
    pub limits: Limits,
    /// The arguments a new test gets (those of `data/secret/`).
    pub settings: Settings,
    /// The scoring group a test found goes into (`None`: the secret tests),
    /// whose limits (sinol's `time_limits`, `memory_limits`) judge it.
    pub group: Option<String>,
    /// Runs at a time.
    pub jobs: usize,
    /// When the search ends, whatever it is doing: no candidate is made,
    /// judged or shrunk after it (a catch made before it is still confirmed:
    /// the limit's runs, and the too-slow target's [`CONFIRMING_RUNS`]).
    pub deadline: Instant,
    /// When the command's budget ends (`None`: no end but the deadline's):
    /// no run of a catch's confirmation starts past it. A catch whose
    /// confirmation it cuts short is no test, but kept with its input
    /// ([`NoTests::take_cut_short`]) for the command to save. A search with
    /// an end sets its deadline [`Searcher::confirming_reserve`] before it.
    pub end: Option<Instant>,
    /// Validator verdicts and reference answers asked already, shared by
    /// every search of the session.
    pub known: std::sync::Arc<crate::known::Known>,
    /// At most this many candidates per target (`None`: until the deadline): a
    /// budget that does not depend on the machine's speed, for reproducible runs.
    pub max_candidates: Option<usize>,
    /// The valid candidates the target failed that are no test, counted
    /// apart from those it passed.
    pub no_tests: NoTests,
    /// How long shrinking a caught case may take, from when it is caught,
    /// and never past [`Searcher::deadline`]: the search's budget is its
    /// whole wall clock, so a catch made late is kept as found, unshrunk.
    pub shrink_time: std::time::Duration,
    /// The grammar's maximal shapes' byte cap in this search, set by what the
    /// first costly one took and shared by every stream that makes them.
    pub maximal_bytes: jurybox_grammar::generate::MaximalBytes,
}

/// A candidate judged.
enum Judged {
    Invalid,
    /// Valid, but the search's time ran out before the reference and the
    /// target ran on it: neither an agreement nor a refusal.
    Late,
    /// Valid, the reference answered, the target passed.
    Passed,
    Caught(Box<(Case, Run)>),
    /// No verdict: the jury failed on it, or Ctrl-C.
    Stopped(Stop),
}

/// The first stop an oracle met, kept for after a search that takes oracles
/// answering only yes or no (a stop answers no, and ends what it can).
#[derive(Default)]
struct FirstStop(Mutex<Option<Stop>>);

impl FirstStop {
    fn keep(&self, stop: Stop) {
        self.0
            .lock()
            .expect("no panics holding it")
            .get_or_insert(stop);
    }

    fn met(&self) -> bool {
        self.0.lock().expect("no panics holding it").is_some()
    }

    fn take(self) -> Option<Stop> {
        self.0.into_inner().expect("no panics holding it")
    }
}

impl Searcher<'_> {
    fn jury_limits(&self) -> RunLimits {
        self.limits.jury
    }

    /// The limits submission `submission` (`None`: a program of no
    /// submission) is judged under on a new test of [`Searcher::group`], as
    /// `run` will judge it once the test is written there ([`Limits::at`]).
    pub fn limits_of(&self, submission: Option<usize>) -> Limits {
        let at = jurybox_jury::TestAt::New(self.group.as_deref());
        self.limits.at(self.jury.package, submission, at)
    }

    /// The reference's answer to `input`, when it ends normally within the kill
    /// time (else the input is no test: its answer is not known).
    /// An interactive problem's input has no answer to compute: it is a test
    /// when the reference is accepted on it, and its answer file is empty.
    pub fn answer(&self, input: &[u8]) -> Result<Option<Vec<u8>>, Stop> {
        if let Some(known) = self.known.answer(input) {
            return Ok(known);
        }
        let answer = self.answer_anew(input)?;
        self.known.keep_answer(input, &answer);
        Ok(answer)
    }

    /// [`Searcher::answer`], asked of the reference.
    fn answer_anew(&self, input: &[u8]) -> Result<Option<Vec<u8>>, Stop> {
        if self.jury.package.config.kind.interactive {
            let case = self.candidate(input, Vec::new());
            let limits = self.limits_of(self.reference_submission);
            let run = self.jury.run(self.reference, &case, &limits)?;
            return Ok((run.verdict == Verdict::AC).then(Vec::new));
        }
        // With the stack its judge gives it, as every judged run: a solution
        // that keeps a large table on the stack (karwa2024's 24hvelo: 78 MB)
        // answers nothing under the default 8 MiB.
        self.output_of((self.reference, self.reference_submission), input)
    }

    /// A candidate input as a test case with `answer`.
    fn candidate(&self, input: &[u8], answer: Vec<u8>) -> Case {
        Case {
            name: "candidate".into(),
            input: input.to_vec(),
            answer,
            settings: self.settings.clone(),
        }
    }

    /// Whether every input validator accepts `input`; one that did not finish
    /// is the jury's fault.
    pub(crate) fn valid(&self, input: &[u8]) -> Result<bool, Stop> {
        if let Some(known) = self.known.valid(input) {
            return Ok(known);
        }
        let valid = match self
            .jury
            .validate_input(input, &self.settings, &self.jury_limits())
        {
            Ok(refused) => Ok(refused.is_none()),
            Err(none) => Err(Stop::no_verdict(none, None, "candidate", input)),
        }?;
        self.known.keep_valid(input, valid);
        Ok(valid)
    }

    fn judge(&self, target: &Target, input: &[u8]) -> Judged {
        self.judge_timed(target, input).0
    }

    /// [`Searcher::judge`], and the seconds the target's own run took (0
    /// when it did not run): what the candidate cost less that run is what
    /// making and answering it cost, by which the sources size their inputs.
    fn judge_timed(&self, target: &Target, input: &[u8]) -> (Judged, f64) {
        match self.valid(input) {
            // A validator on a large input may take seconds: the budget is
            // looked at again before the reference and the target run.
            Ok(true) if Instant::now() >= self.deadline => (Judged::Late, 0.0),
            Ok(true) => self.judge_valid_timed(target, input, true),
            Ok(false) => (Judged::Invalid, 0.0),
            Err(stop) => (Judged::Stopped(stop), 0.0),
        }
    }

    /// [`Searcher::judge`] of an input the validators have accepted.
    fn judge_valid(&self, target: &Target, input: &[u8]) -> Judged {
        self.judge_valid_timed(target, input, false).0
    }

    /// [`Searcher::judge_valid`], and the seconds the target's run took;
    /// `Late` past the deadline once answered when `by_deadline` (a new
    /// candidate; not an input a search already found failing, judged again).
    fn judge_valid_timed(&self, target: &Target, input: &[u8], by_deadline: bool) -> (Judged, f64) {
        let answer = match self.answer(input) {
            Ok(Some(answer)) => answer,
            Ok(None) => return (Judged::Invalid, 0.0),
            Err(stop) => return (Judged::Stopped(stop), 0.0),
        };
        // The reference on a large input may take seconds too.
        if by_deadline && Instant::now() >= self.deadline {
            return (Judged::Late, 0.0);
        }
        let case = self.candidate(input, answer);
        let began = Instant::now();
        // Run again with a longer wall clock when a busy machine starved
        // it, as `run`'s matrix does (a format's wall clock is near the
        // kill time): a starved run is no time limit.
        let limits = self.limits_of(target.submission);
        let run = (self.unstarved(target, &case, &limits)).map_err(|s| s.during(&target.name));
        let seconds = began.elapsed().as_secs_f64();
        let judged = match run {
            Ok(run) if target.catch.contains(&run.verdict) => Judged::Caught(Box::new((case, run))),
            Ok(_) => Judged::Passed,
            Err(stop) => Judged::Stopped(stop),
        };
        (judged, seconds)
    }

    /// A judged catch that also keeps the limit ([`Searcher::keeps_limit`]):
    /// what a search may return. Called with no other run going, so the
    /// limit's question is answered by runs made one at a time. Shrinking
    /// judges without it (a smaller input of the same failure rarely costs
    /// more; its result is checked once). A check the budget's end cut short
    /// keeps the candidate apart when it has a `provenance` (a new find; a
    /// shrunk one's original stands).
    fn catch(&self, judged: Judged, provenance: Option<&str>) -> Judged {
        match judged {
            Judged::Caught(found) => match self.limit_on(&found.0, Thin::RunAgain) {
                Ok(LimitOn::Kept) => Judged::Caught(found),
                Ok(cut @ LimitOn::Cut { .. }) => {
                    if let Some(provenance) = provenance {
                        let (case, run) = *found;
                        self.no_tests.cut_short(CutShort {
                            input: case.input,
                            answer: case.answer,
                            run: Some(run),
                            provenance: provenance.to_string(),
                            how_far: cut.how_far(),
                        });
                    }
                    Judged::Passed
                }
                Ok(why) => {
                    self.no_tests.note(why);
                    Judged::Passed
                }
                Err(stop) => Judged::Stopped(stop),
            },
            other => other,
        }
    }

    /// Whether the command's budget has ended ([`Searcher::end`]).
    pub(crate) fn past_end(&self) -> bool {
        self.end.is_some_and(|end| Instant::now() >= end)
    }

    fn over(&self) -> bool {
        Instant::now() >= self.deadline || self.jury.cancel.load(Ordering::Relaxed)
    }

    /// Searches `sources` in turn for a test that catches `target`.
    pub fn search(&self, target: &Target, sources: &mut [Box<dyn Source + '_>]) -> Searched {
        self.search_until(target, sources, self.deadline, 0)
    }

    /// [`Searcher::search`], stopping at `until` (or the searcher's deadline),
    /// with `used` candidates of the budget spent already.
    pub fn search_until(
        &self,
        target: &Target,
        sources: &mut [Box<dyn Source + '_>],
        until: Instant,
        used: usize,
    ) -> Searched {
        let until = until.min(self.deadline);
        let share = until
            .saturating_duration_since(Instant::now())
            .as_secs_f64();
        let (mut candidates, mut valid) = (0, 0);
        for source in sources.iter_mut() {
            loop {
                if self.over() || Instant::now() >= until {
                    return self.ended(candidates, valid);
                }
                let left = self
                    .max_candidates
                    .map_or(usize::MAX, |m| m.saturating_sub(used + candidates));
                let batch: Vec<Candidate> = std::iter::from_fn(|| source.next_candidate())
                    .take(self.jobs.max(1).min(left))
                    .collect();
                if batch.is_empty() {
                    break;
                }
                candidates += batch.len();
                let timed: Vec<(Judged, f64)> = on_threads(self.jobs, || {
                    batch
                        .par_iter()
                        .map(|c| {
                            let start = Instant::now();
                            let (judged, target_run) =
                                match c.input.make_by(self.jury.cancel, Some(until)) {
                                    Some(input) => self.judge_timed(target, &input),
                                    None => (Judged::Invalid, 0.0),
                                };
                            // Made, validated and answered: the target's own
                            // run is what the search is after, not what the
                            // input's size costs.
                            let cost = start.elapsed().as_secs_f64() - target_run;
                            (judged, cost.max(0.0))
                        })
                        .collect()
                });
                let mut judged = Vec::with_capacity(timed.len());
                for (candidate, (j, seconds)) in batch.iter().zip(timed) {
                    if !matches!(j, Judged::Invalid | Judged::Late) {
                        source.judged(candidate, seconds, share);
                    }
                    judged.push(j);
                }
                valid += judged
                    .iter()
                    .filter(|j| !matches!(j, Judged::Invalid | Judged::Late))
                    .count();
                if judged.iter().any(|j| matches!(j, Judged::Invalid)) {
                    source.refused();
                }
                // In the sources' order, with the batch's runs over: the first
                // stop ends the search, the first catch that keeps the limit
                // is the answer.
                for (candidate, judged) in batch.into_iter().zip(judged) {
                    match self.catch(judged, Some(&candidate.provenance)) {
                        Judged::Stopped(stop) => return Searched::Stopped(stop),
                        Judged::Caught(found) => {
                            let (case, run) = *found;
                            return match self.shrink(target, candidate, case, run) {
                                Ok(caught) => Searched::Caught(Box::new(caught)),
                                Err(stop) => Searched::Stopped(stop),
                            };
                        }
                        Judged::Invalid | Judged::Late | Judged::Passed => {}
                    }
                }
            }
        }
        Searched::Agreed {
            candidates,
            valid,
            tried: Vec::new(),
            refused_move: None,
        }
    }

    /// How a search that ran out of time or candidates ended: interrupted if
    /// Ctrl-C ended it, else agreed on what it tried.
    fn ended(&self, candidates: usize, valid: usize) -> Searched {
        if self.jury.cancel.load(Ordering::Relaxed) {
            Searched::Stopped(Stop::Interrupted)
        } else {
            Searched::Agreed {
                candidates,
                valid,
                tried: Vec::new(),
                refused_move: None,
            }
        }
    }

    /// Shrinks a caught case while the target still fails it with the same
    /// verdict (each candidate validated and answered afresh). Ctrl-C ends
    /// shrinking with the smallest input found so far; a jury fault is an
    /// `Err`, its input the one the jury failed on.
    fn shrink(
        &self,
        target: &Target,
        candidate: Candidate,
        case: Case,
        run: Run,
    ) -> Result<Caught, Stop> {
        let code = run.verdict;
        let stopped = FirstStop::default();
        let still = |bytes: &[u8]| {
            if stopped.met() {
                return false;
            }
            match self.judge(target, bytes) {
                Judged::Caught(found) => found.1.verdict == code,
                Judged::Stopped(stop) => {
                    stopped.keep(stop);
                    false
                }
                Judged::Invalid | Judged::Late | Judged::Passed => false,
            }
        };
        // Within the search's budget: a catch made late is kept as found.
        let until = (Instant::now() + self.shrink_time).min(self.deadline);
        let (small, stats) = shrink(&case.input, &still, until, self.jobs);
        if let Some(Stop::JuryFault(fault)) = stopped.take() {
            return Err(Stop::JuryFault(fault));
        }
        // A rule's input that is still large once shrunk is no easier to read
        // than the rule, and only the rule's own output keeps it in
        // generators.yaml short and remade by `bt generate`.
        let readable = candidate.command.is_none() || small.len() <= READABLE_BYTES;
        // The shrunk input is kept only if it still catches the target and
        // keeps the limit, judged once more; else the caught input stands.
        let smaller = match (small != case.input && readable)
            .then(|| self.catch(self.judge(target, &small), None))
        {
            Some(Judged::Caught(found)) if found.1.verdict == code => Some(*found),
            Some(Judged::Stopped(Stop::JuryFault(fault))) => return Err(Stop::JuryFault(fault)),
            _ => None,
        };
        let original = case.input.clone();
        Ok(match smaller {
            Some((small_case, small_run)) => Caught {
                input: small_case.input,
                answer: small_case.answer,
                run: small_run,
                original,
                provenance: candidate.provenance,
                command: candidate.command,
                shrunk: Some(stats),
                moved_limit: None,
            },
            None => Caught {
                input: case.input,
                answer: case.answer,
                run,
                original,
                provenance: candidate.provenance,
                command: candidate.command,
                shrunk: None,
                moved_limit: None,
            },
        })
    }
}
