//! Every submission on every test: the kill matrix. Runs go in parallel on
//! `--jobs` threads; each submission's verdicts are then checked against what its
//! directory, `submissions.yaml` and `@EXPECTED_RESULTS@` say they must be.
//!
//! A submission that must fail need not run every test. [`run_matrix_as_judged`]
//! stops it where the judges do, at its first rejection in run order, once
//! its requirements are settled (`jurybox run`; `--all` asks for every cell):
//! the tests after it would each cost up to the kill time to show what the
//! judges never see. With an [`EarlyStop`] it runs on the largest tests first
//! and no further once what is left cannot change what it is shown to be
//! (harden and jurybox's built-in problems place their mutants by it).
//! Accepted submissions, and any whose rules cover only some tests, run them all.

use super::first_pass::FirstPass;
use super::run::{Case, Jury, Limits, Run};
use super::stop::Stop;
use super::test_limits::TestAt;
use crate::Stops;
use jurybox_core::Verdict;
use jurybox_format::Submission;
use jurybox_judging::jobs::on_threads;
use jurybox_judging::progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// One submission's row.
#[derive(Clone, Debug)]
pub struct Row {
    /// The submission's index in the package.
    pub submission: usize,
    /// Its name (`wrong_answer/greedy.cpp`).
    pub name: String,
    /// Its run on each test (`None`: not run, because it did not build).
    pub runs: Vec<Option<Run>>,
    /// Why it did not build, if it did not.
    pub build_error: Option<String>,
    /// Every requirement its verdicts break, worded as its cells show the
    /// runs they name ([`Row::worded`]).
    pub violations: Vec<String>,
    /// Whether it stopped before its last test, settled: its `None` cells
    /// were not run (no verdict, not AC). Stopped as the judges stop it, its
    /// `violations` are only those no unrun test could mend; stopped by an
    /// [`EarlyStop`] (largest tests first), they are those of the tests run.
    pub stopped_early: bool,
}

impl Row {
    /// How many of its tests it did not run because it had stopped early.
    pub fn unrun(&self) -> usize {
        match self.stopped_early {
            true => self.runs.iter().filter(|r| r.is_none()).count(),
            false => 0,
        }
    }

    /// Whether it passed every test it ran.
    pub fn all_accepted(&self) -> bool {
        self.build_error.is_none()
            && self
                .runs
                .iter()
                .all(|r| r.as_ref().is_some_and(|r| r.verdict == Verdict::AC))
    }

    /// Its slowest run: (test index, CPU seconds).
    pub fn slowest(&self) -> Option<(usize, f64)> {
        self.runs
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.as_ref().map(|r| (i, r.cpu)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// Its verdict on each test it ran, by the test's name.
    pub fn verdicts(&self, cases: &[Case]) -> Vec<(String, Verdict)> {
        self.runs
            .iter()
            .zip(cases)
            .filter_map(|(r, c)| r.as_ref().map(|r| (c.name.clone(), r.verdict)))
            .collect()
    }

    /// The first test on which its dialogue stalled ([`Run::stalled`]):
    /// separable whatever CPU time it used.
    pub fn stalled_on(&self) -> Option<usize> {
        self.runs
            .iter()
            .position(|r| r.as_ref().is_some_and(|r| r.stalled))
    }
}

/// The matrix of `submissions` (package indices) × `cases`.
#[derive(Clone, Debug)]
pub struct Matrix {
    /// The tests' names, in run order.
    pub tests: Vec<String>,
    /// One row per submission asked for.
    pub rows: Vec<Row>,
}

impl Matrix {
    /// Whether some submission's verdicts contradict its requirements.
    pub fn contradictions(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| !r.violations.is_empty())
            .count()
    }
}

/// When a submission that must fail stops: once it has been rejected on some
/// test and has run for at least `near_seconds` of CPU time on some test (a
/// time limit counts as both). The other tests would each cost up to the kill
/// time to teach nothing new: a slow one stops at its first time limit, a wrong
/// one once it is known whether it also comes near the limit. Its unrun tests
/// are `None` in its row, and its requirements are checked on the runs it had.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EarlyStop {
    /// CPU seconds that count as near the limit (0: stop at the first rejection).
    pub near_seconds: f64,
}

/// Runs `submissions` on `cases` under `limits`, `jobs` runs at a time; the
/// first run with no verdict (a jury fault, Ctrl-C) ends it as an `Err`.
pub fn run_matrix(
    jury: &Jury,
    submissions: &[usize],
    cases: &[Case],
    limits: &Limits,
    jobs: usize,
) -> Result<Matrix, Stop> {
    let first = FirstPass::default();
    run_matrix_with(jury, submissions, cases, limits, jobs, None, &first)
}

/// [`run_matrix`], each submission that must fail stopped as `stop` says, and
/// after the limit's parallel pass `first`: a pair whose first-pass run tells
/// its verdict under `limits` ([`FirstPass::under`]) is not run again.
pub fn run_matrix_with(
    jury: &Jury,
    submissions: &[usize],
    cases: &[Case],
    limits: &Limits,
    jobs: usize,
    stop: Option<EarlyStop>,
    first: &FirstPass,
) -> Result<Matrix, Stop> {
    let stopping = stop.map_or(Stopping::Never, Stopping::Settled);
    matrix(jury, submissions, cases, limits, jobs, stopping, first)
}

/// [`run_matrix_with`] as the judges run it (`jurybox run`): each submission
/// that must fail runs its tests in run order and stops at the first one whose
/// verdict settles it ([`jurybox_format::Submission::settled_by`]: rejected,
/// every requirement met or broken for good), and one that must time out
/// not before a run past the TLE line shows it separable (or none does).
/// Tests it ran past that point while the others were in flight are dropped,
/// so what a row shows does not depend on the machine's timing.
pub fn run_matrix_as_judged(
    jury: &Jury,
    submissions: &[usize],
    cases: &[Case],
    limits: &Limits,
    jobs: usize,
    first: &FirstPass,
) -> Result<Matrix, Stop> {
    let tle_line = limits.time_limit * jury.package.config.multipliers.time_limit_to_tle;
    // A scored problem's submission runs every group its score needs: a
    // group its first rejection settles (a minimum, pass-fail) no further.
    let stopping = match jury.package.scoring {
        Some(_) => Stopping::ByGroup,
        None => Stopping::AsJudged { tle_line },
    };
    matrix(jury, submissions, cases, limits, jobs, stopping, first)
}

/// How a matrix stops a submission that must fail.
#[derive(Clone, Copy, Debug)]
enum Stopping {
    /// It runs every test.
    Never,
    /// Largest tests first, until rejected and near the limit.
    Settled(EarlyStop),
    /// Run order, until its first tests settle it ([`Judged`]).
    AsJudged {
        /// CPU seconds past which a run shows a slow one separable.
        tle_line: f64,
    },
    /// Run order, each of a scored problem's groups until a rejection
    /// settles it ([`GroupStop`]).
    ByGroup,
}

/// Which tests of a scored problem a rejection makes needless: those after
/// it in a group whose score and grade it settles (a minimum, a pass-fail
/// group, a legacy group that breaks at its first rejection). A sum is never
/// settled before its last test, nor a sinol group (graded by its worst).
struct GroupStop {
    /// Each test's subtask, by index into the subtasks.
    of: Vec<Option<usize>>,
    /// Whether a subtask's first rejection settles it.
    settles: Vec<bool>,
}

impl GroupStop {
    fn of(package: &jurybox_format::Package, tests: usize) -> GroupStop {
        use jurybox_format::scoring::Aggregation;
        let Some(scoring) = &package.scoring else {
            return GroupStop {
                of: vec![None; tests],
                settles: Vec::new(),
            };
        };
        let subtasks = scoring.subtasks();
        let of = (0..tests)
            .map(|t| {
                let g = scoring.group_of(t)?;
                subtasks.iter().position(|s| s.name == g.name)
            })
            .collect();
        // sinol grades a group by its worst test (TLE before RTE before
        // WA), so its first rejection settles the score but not the grade:
        // sinol-make runs every test.
        let worst_grade = scoring.grades == jurybox_format::scoring::GradeRule::WorstSinol;
        let settles = subtasks
            .iter()
            .map(|g| match &g.aggregation {
                _ if worst_grade => false,
                Aggregation::Sum => false,
                Aggregation::Grader(grader) => grader.break_on_reject,
                _ => true,
            })
            .collect();
        GroupStop { of, settles }
    }

    /// Each subtask's first rejected test in `runs` (by test index).
    fn first_rejections(
        &self,
        verdicts: impl Iterator<Item = (usize, Verdict)>,
    ) -> Vec<Option<usize>> {
        let mut first = vec![None; self.settles.len()];
        for (t, v) in verdicts {
            if let (Some(g), true) = (self.of[t], v != Verdict::AC) {
                if self.settles[g] && first[g].is_none_or(|f| t < f) {
                    first[g] = Some(t);
                }
            }
        }
        first
    }

    /// Whether test `t` comes after its settled subtask's first rejection.
    fn skips(&self, first: &[Option<usize>], t: usize) -> bool {
        self.of[t].is_some_and(|g| first[g].is_some_and(|f| f < t))
    }

    /// Drops a row's runs its groups' first rejections made needless.
    fn trim(&self, row: &mut Row) {
        let first = self.first_rejections(
            row.runs
                .iter()
                .enumerate()
                .filter_map(|(t, r)| r.as_ref().map(|r| (t, r.verdict))),
        );
        for (t, run) in row.runs.iter_mut().enumerate() {
            if self.skips(&first, t) {
                *run = None;
            }
        }
    }
}

/// What a submission stopped as the judges stop it has shown on its first
/// tests in run order.
#[derive(Debug, Default)]
struct Judged {
    /// Its verdict on each test so far, and whether the run showed it
    /// separable; a run a busy machine starved is left out until it is run
    /// again alone.
    seen: Vec<Option<(Verdict, bool)>>,
    /// The verdicts of its first tests, every one of them known.
    prefix: Vec<(String, Verdict)>,
    /// Whether one of those showed it separable.
    separable: bool,
    /// The last test it needs, once known.
    settled_at: Option<usize>,
}

impl Judged {
    fn new(tests: usize) -> Judged {
        Judged {
            seen: vec![None; tests],
            ..Judged::default()
        }
    }

    /// Records a run on test `t` and extends the known prefix as far as it
    /// goes, stopping at the first test that settles `submission`.
    fn record(&mut self, submission: &Submission, cases: &[Case], t: usize, seen: (Verdict, bool)) {
        self.seen[t] = Some(seen);
        while self.settled_at.is_none() {
            let k = self.prefix.len();
            let Some(Some((verdict, separable))) = self.seen.get(k).copied() else {
                return;
            };
            self.prefix.push((cases[k].name.clone(), verdict));
            self.separable |= separable;
            let shown = !submission.bounds_above()
                || self.separable
                || !submission.certain_violations(&self.prefix).is_empty();
            if shown && submission.settled_by(&self.prefix) {
                self.settled_at = Some(k);
            }
        }
    }

    /// Whether test `t` is past what it needs.
    fn skips(&self, t: usize) -> bool {
        self.settled_at.is_some_and(|k| t > k)
    }
}

fn matrix(
    jury: &Jury,
    submissions: &[usize],
    cases: &[Case],
    limits: &Limits,
    jobs: usize,
    stopping: Stopping,
    first: &FirstPass,
) -> Result<Matrix, Stop> {
    let by_group = matches!(stopping, Stopping::ByGroup);
    let stops = |s: usize| {
        let submission = &jury.package.submissions[s];
        match stopping {
            Stopping::Never => false,
            Stopping::ByGroup => !submission.is_accepted(),
            _ => submission.must_fail(),
        }
    };
    let group_stop = GroupStop::of(jury.package, cases.len());
    let rejected_in: Vec<Mutex<Vec<Option<usize>>>> = jury
        .package
        .submissions
        .iter()
        .map(|_| Mutex::new(vec![None; group_stop.settles.len()]))
        .collect();
    let largest_first = |s: usize| stops(s) && matches!(stopping, Stopping::Settled(_));
    let pairs = pairs_of(jury, submissions, cases, &largest_first);
    // Per submission: (rejected somewhere, near the limit somewhere).
    let seen: Vec<Mutex<(bool, bool)>> = jury
        .package
        .submissions
        .iter()
        .map(|_| Mutex::new((false, false)))
        .collect();
    let judged: Vec<Mutex<Judged>> = jury
        .package
        .submissions
        .iter()
        .map(|_| Mutex::new(Judged::new(cases.len())))
        .collect();
    let settled = |s: usize, t: usize| {
        if !stops(s) {
            return false;
        }
        match stopping {
            Stopping::AsJudged { .. } => lock(&judged[s]).skips(t),
            Stopping::ByGroup => group_stop.skips(&lock(&rejected_in[s]), t),
            _ => {
                let (rejected, near) = *lock(&seen[s]);
                rejected && near
            }
        }
    };
    let near_seconds = match stopping {
        Stopping::Settled(e) => e.near_seconds,
        _ => f64::INFINITY,
    };
    // A run with no verdict (a jury fault, Ctrl-C) ends the matrix: what is
    // left is not run.
    let stopped = AtomicBool::new(false);
    progress::phase("every submission on every test", pairs.len() as u64);
    // Each pair is a task of its own, but a submission stopped as the judges
    // stop it is one task, its tests one after another: run beside each
    // other, its tests after the one that will settle it would be run for
    // nothing (a slow one's each up to the kill time) while that one runs.
    // Its task goes first, the longest work.
    let as_judged = matches!(stopping, Stopping::AsJudged { .. });
    let tasks = tasks_of(&pairs, as_judged || by_group, &stops);
    let wanted = |&&(s, t): &&(usize, usize)| {
        // A pair skipped is one the bar need not wait for.
        let skip = settled(s, t);
        if skip {
            progress::advance_for(jury.turn.label, 1);
        }
        !skip && !stopped.load(Ordering::Relaxed)
    };
    let run_pair = |&(s, t): &(usize, usize)| {
        let program = jury.built.submissions[s].as_ref().expect("filtered");
        let submission = &jury.package.submissions[s];
        let limits = &group_limits(jury, (s, t), limits);
        let run = match first.under((s, t), limits) {
            Some(run) => {
                progress::advance_for(jury.turn.label, 1);
                Ok(run)
            }
            None => jury.run(program, &cases[t], limits),
        }
        .map_err(|stop| stop.during(&submission.name));
        match &run {
            Ok(run) => {
                let mut seen = lock(&seen[s]);
                if run.verdict != Verdict::AC && !seen.0 && submission.must_fail() {
                    progress::caught();
                }
                seen.0 |= run.verdict != Verdict::AC;
                if by_group && stops(s) {
                    let first = group_stop.first_rejections(std::iter::once((t, run.verdict)));
                    let mut known = lock(&rejected_in[s]);
                    for (k, f) in known.iter_mut().zip(first) {
                        if f.is_some_and(|f| k.is_none_or(|k| f < k)) {
                            *k = f;
                        }
                    }
                }
                seen.1 |= run.cpu >= near_seconds || run.verdict == Verdict::TLE;
                if let (Stopping::AsJudged { tle_line }, true) =
                    (stopping, stops(s) && !run.starved)
                {
                    let separable = run.stalled || run.cpu > tle_line;
                    lock(&judged[s]).record(submission, cases, t, (run.verdict, separable));
                }
            }
            Err(_) => stopped.store(true, Ordering::Relaxed),
        }
        ((s, t), run)
    };
    // Pulled in order (par_bridge): a submission stopped as harden stops it
    // runs its largest tests first, so the runs skipped once it is settled
    // are the small ones; one stopped as the judges stop it, its tests in
    // run order, so that its first rejection is the judges' final verdict.
    // A task's pairs are taken lazily, each after the one before has run.
    let results: Vec<((usize, usize), Result<Run, Stop>)> = on_threads(jobs, || {
        tasks
            .iter()
            .par_bridge()
            .flat_map_iter(|task| task.iter().filter(wanted).map(run_pair))
            .collect()
    });
    if jury.cancel.load(Ordering::Relaxed) {
        return Err(Stop::Interrupted);
    }
    let mut rows = into_rows(jury, submissions, cases, &pairs, results)?;
    if as_judged {
        // What ran past a settled test is not shown, nor run again alone.
        for row in rows.iter_mut().filter(|r| stops(r.submission)) {
            trim(row, &lock(&judged[row.submission]));
        }
    }
    if by_group {
        for row in rows.iter_mut().filter(|r| stops(r.submission)) {
            group_stop.trim(row);
        }
    }
    rerun_starved(jury, &mut rows, cases, limits)?;
    settle(jury, &mut rows, cases, (stopping, &group_stop), &stops);
    Ok(Matrix {
        tests: cases.iter().map(|c| c.name.clone()).collect(),
        rows,
    })
}

/// The rows of `submissions` from the runs in `results`, or the first fault
/// in the pairs' order (`pairs`) among them.
fn into_rows(
    jury: &Jury,
    submissions: &[usize],
    cases: &[Case],
    pairs: &[(usize, usize)],
    results: Vec<((usize, usize), Result<Run, Stop>)>,
) -> Result<Vec<Row>, Stop> {
    let mut rows: Vec<Row> = submissions
        .iter()
        .map(|&s| Row {
            submission: s,
            name: jury.package.submissions[s].name.clone(),
            runs: vec![None; cases.len()],
            build_error: jury.built.submissions[s].as_ref().err().cloned(),
            violations: Vec::new(),
            stopped_early: false,
        })
        .collect();
    // The first fault in the pairs' order is the one named.
    let mut faults: Vec<((usize, usize), Stop)> = Vec::new();
    for ((s, t), run) in results {
        match run {
            Ok(run) => {
                let row = rows
                    .iter_mut()
                    .find(|r| r.submission == s)
                    .expect("a row per submission");
                row.runs[t] = Some(run);
            }
            Err(stop) => faults.push(((s, t), stop)),
        }
    }
    let order = |pair: &(usize, usize)| pairs.iter().position(|p| p == pair);
    if let Some((_, stop)) = faults.into_iter().min_by_key(|(pair, _)| order(pair)) {
        return Err(stop);
    }
    Ok(rows)
}

/// Each row's verdicts checked against its submission's rules: a row
/// stopped as the judges stop it settled again on the runs a busy machine
/// had starved (now run alone), a scored problem's row trimmed again to
/// what its groups need, and only its certain violations claimed.
fn settle(
    jury: &Jury,
    rows: &mut [Row],
    cases: &[Case],
    (stopping, group_stop): (Stopping, &GroupStop),
    stops: &dyn Fn(usize) -> bool,
) {
    let as_judged = matches!(stopping, Stopping::AsJudged { .. });
    let by_group = matches!(stopping, Stopping::ByGroup);
    for row in rows {
        if by_group && stops(row.submission) {
            // Trimmed again on the starved runs, now run alone.
            group_stop.trim(row);
        }
        if row.build_error.is_some() {
            continue;
        }
        let submission = &jury.package.submissions[row.submission];
        if let (Stopping::AsJudged { tle_line }, true) = (stopping, stops(row.submission)) {
            // Settled again on the runs a busy machine had starved, now run alone.
            let mut again = Judged::new(cases.len());
            for (t, run) in row.runs.iter().enumerate() {
                if let Some(run) = run {
                    let separable = run.stalled || run.cpu > tle_line;
                    again.record(submission, cases, t, (run.verdict, separable));
                }
            }
            trim(row, &again);
        }
        row.stopped_early = row.runs.iter().any(Option::is_none);
        let verdicts = row.verdicts(cases);
        let violations = match (as_judged || by_group) && row.stopped_early {
            true => submission.certain_violations(&verdicts),
            false => submission.violations(&verdicts),
        };
        row.violations = row.worded(jury.package, cases, &violations);
    }
}

/// The limits of test `t` for submission `s`, by the one rule every command
/// judges a test by ([`Limits::at`]).
fn group_limits(jury: &Jury, (s, t): (usize, usize), limits: &Limits) -> Limits {
    limits.at(jury.package, Some(s), TestAt::Package(t))
}

/// Every (submission, test) pair to run, of the submissions that built,
/// each submission's tests in the order it runs them: the largest first
/// where `largest_first` says so (stopped once settled, harden's way), else
/// in run order.
fn pairs_of(
    jury: &Jury,
    submissions: &[usize],
    cases: &[Case],
    largest_first: &dyn Fn(usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut by_size: Vec<usize> = (0..cases.len()).collect();
    by_size.sort_by_key(|&t| std::cmp::Reverse(cases[t].input.len()));
    submissions
        .iter()
        .filter(|&&s| jury.built.submissions[s].is_ok())
        .flat_map(|&s| {
            let order = if largest_first(s) {
                by_size.clone()
            } else {
                (0..cases.len()).collect()
            };
            order.into_iter().map(move |t| (s, t))
        })
        .collect()
}

/// The pairs as tasks, each run by one thread one pair after another: with
/// `by_submission`, a submission that `stops` is one task of its tests in
/// order, and goes first (the longest work); every other pair a task of its
/// own.
fn tasks_of(
    pairs: &[(usize, usize)],
    by_submission: bool,
    stops: &dyn Fn(usize) -> bool,
) -> Vec<Task> {
    let (mut tasks, single): (Vec<Task>, Vec<Task>) = match by_submission {
        true => {
            let mut grouped: Vec<Task> = Vec::new();
            for &(s, t) in pairs {
                match grouped.last_mut() {
                    Some(task) if task[0].0 == s && stops(s) => task.push((s, t)),
                    _ => grouped.push(vec![(s, t)]),
                }
            }
            grouped.into_iter().partition(|task| stops(task[0].0))
        }
        false => (Vec::new(), pairs.iter().map(|&p| vec![p]).collect()),
    };
    tasks.extend(single);
    tasks
}

/// Pairs (submission, test) one thread runs one after another.
type Task = Vec<(usize, usize)>;

/// A submission's shared record, locked: a run's thread holds it only to
/// read or add one run, so no thread panics holding it.
fn lock<T>(record: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    record.lock().expect("no thread panics holding it")
}

/// Drops a row's runs past the test that settled it.
fn trim(row: &mut Row, judged: &Judged) {
    for (t, run) in row.runs.iter_mut().enumerate() {
        if judged.skips(t) {
            *run = None;
        }
    }
}

/// Runs again, one at a time in this thread and with a longer wall clock,
/// every run that a busy machine starved ([`Run::starved`]): the jury's own
/// runs in parallel must not make a slow submission look "not separable" or
/// an accepted one time out. A run starved again keeps its second result.
fn rerun_starved(
    jury: &Jury,
    rows: &mut [Row],
    cases: &[Case],
    limits: &Limits,
) -> Result<(), Stop> {
    let starved = |row: &Row| row.runs.iter().flatten().filter(|r| r.starved).count();
    let count: usize = rows.iter().map(starved).sum();
    if count == 0 {
        return Ok(());
    }
    progress::phase("again alone: runs a busy machine starved", count as u64);
    for row in rows.iter_mut() {
        let Ok(program) = &jury.built.submissions[row.submission] else {
            continue;
        };
        for (t, run) in row.runs.iter_mut().enumerate() {
            if run.as_ref().is_some_and(|r| r.starved) {
                let again = jury
                    .run_alone(
                        program,
                        &cases[t],
                        &group_limits(jury, (row.submission, t), limits).alone(),
                    )
                    .map_err(|stop| stop.during(&row.name))?;
                *run = Some(again);
            }
        }
    }
    Ok(())
}
