//! An accepted submission that timed out in the matrix, judged the way the
//! limit's derivation measures a time (issue 45 item 1), before the time
//! limit counts against it.
//!
//! The derivation brings every decisive run to its *quiet moment* by the
//! yardstick run beside it (`limit/moments.rs`) and widens the interval by the
//! machine's variation between moments. The matrix, though, compared one raw
//! CPU time with the limit: at load 19 on 2 cores tetris3d's
//! tree_of_trees_nodes took 1.14–1.24 s CPU on tet3a against 0.62 s quiet, a
//! run went past the 1.5 s limit, and `package tetris3d` failed with "must be
//! accepted on every test" (stop 50). Load alone had made an intended solution
//! a failure.
//!
//! So each such run is made again alone, up to [`AGAIN_RUNS`] times, each
//! between two yardstick moments (the quieter of the two counts, so that a
//! burst at one moment does not excuse a slow run), under a kill time of [`AGAIN_KILL`] × the limit
//! so that a run the load slowed still ends and its answer is judged. A run
//! whose answer is accepted and whose time, brought to the derivation's quiet
//! moment (run × quiet ÷ its moment's yardstick), is within the limit shows
//! the time limit was the machine's: the cell becomes that run, accepted. A
//! run whose answer is wrong or that crashes replaces the cell too (it is the
//! program's real verdict). Otherwise the time limit stands, said with its
//! figure at the quiet moment and that figure widened by the variation
//! between moments: a solution truly over the limit still fails, since no
//! run of it fits even at the quiet moment. This is the stated-limit check's
//! rule too (`limit/stated.rs`: over only when the fastest run alone is).
//!
//! Where the derivation measured no moments (its runs were too short, or
//! the yardstick did not build), the runs again alone are taken as measured.
//!
//! Time: nothing for a matrix with no such run; else at most [`AGAIN_RUNS`]
//! runs of at most [`AGAIN_KILL`] × the limit per cell, stopped at the first
//! that fits.

use crate::limit::{Between, TimeLimit, Yardstick};
use crate::matrix::Matrix;
use crate::run::{kill_past, Case, Jury, Limits, Run};
use crate::stop::Stop;
use crate::test_limits::TestAt;
use jurybox_core::Verdict;
use jurybox_judging::progress;
use jurybox_judging::verdict::RunVerdict;
use jurybox_sandbox::Clock;

/// Runs again alone of a cell an accepted submission timed out on.
pub const AGAIN_RUNS: usize = 3;

/// The runs again alone are stopped at this many times the limit: a program
/// that the load slowed (twice as slow at load 19 on 2 cores, stop 50) still
/// ends, and its answer is judged.
pub const AGAIN_KILL: f64 = 3.0;

/// How a run is brought to the derivation's quiet moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuietMoment {
    /// The limit the run is held to, CPU seconds.
    pub limit: f64,
    /// The derivation's yardstick over its moments, when measured.
    pub between: Option<Between>,
}

impl QuietMoment {
    /// `cpu` seconds, run beside a yardstick that took `yardstick`, at the
    /// quiet moment (as measured when either is not known).
    pub fn at_quiet(&self, cpu: f64, yardstick: Option<f64>) -> f64 {
        match (self.between, yardstick) {
            (Some(between), Some(y)) if y > 0.0 => cpu * between.quiet / y,
            _ => cpu,
        }
    }

    /// Whether a run of `cpu` seconds beside that yardstick is within the
    /// limit at the quiet moment.
    pub fn fits(&self, cpu: f64, yardstick: Option<f64>) -> bool {
        self.at_quiet(cpu, yardstick) <= self.limit + 1e-9
    }

    /// `0.775 s at the derivation's quiet moment (up to 1.124 s with its
    /// 1.45× variation between moments)`, or the time as measured.
    pub fn describe(&self, at_quiet: f64) -> String {
        match self.between {
            Some(between) => format!(
                "{at_quiet:.3} s at the derivation's quiet moment (up to {:.3} s with its \
                 {:.2}× variation between moments)",
                at_quiet * between.variation(),
                between.variation()
            ),
            None => format!("{at_quiet:.3} s alone (no moments measured)"),
        }
    }
}

/// Every cell of an accepted submission in `matrix` that timed out on CPU,
/// run again as the module says; each such cell's story, in a line.
pub fn recheck_accepted(
    jury: &Jury,
    matrix: &mut Matrix,
    cases: &[Case],
    limits: &Limits,
    limit: &TimeLimit,
) -> Result<Vec<String>, Stop> {
    let between = limit.yardstick.as_ref().and_then(|y| y.between);
    let accepted = |s: usize| jury.package.submissions[s].is_accepted();
    let cells = matrix
        .rows
        .iter()
        .filter(|row| accepted(row.submission))
        .flat_map(|row| row.runs.iter().flatten())
        .filter(|run| timed_out(run))
        .count();
    if cells > 0 {
        progress::phase("again alone: accepted time limits, at the quiet moment", 0);
    }
    let mut yardstick: Option<Option<Yardstick>> = None;
    let mut said = Vec::new();
    for row in matrix.rows.iter_mut() {
        let submission = &jury.package.submissions[row.submission];
        let Ok(program) = &jury.built.submissions[row.submission] else {
            continue;
        };
        if !accepted(row.submission) {
            continue;
        }
        let mut changed = false;
        for (t, cell) in row.runs.iter_mut().enumerate() {
            let Some(run) = cell.as_ref().filter(|r| timed_out(r)) else {
                continue;
            };
            let own = limits.at(jury.package, Some(row.submission), TestAt::Package(t));
            let line = own.time_limit;
            let quiet = QuietMoment {
                limit: line,
                between,
            };
            let again = Limits {
                time_limit: kill_past(AGAIN_KILL * line),
                kill_at: kill_past(AGAIN_KILL * line),
                memory_mib: own.memory_mib,
                ..limits.alone()
            };
            let y = yardstick.get_or_insert_with(|| Yardstick::build().ok());
            let (kept, story) = run_again(jury, program, &cases[t], &again, &quiet, y.as_ref())?;
            said.push(format!(
                "{} on {}: a time limit at {:.3} s CPU in the matrix; {story}",
                row.name, cases[t].name, run.cpu
            ));
            if let Some(kept) = kept {
                *cell = Some(kept);
                changed = true;
            }
        }
        if changed {
            // An accepted submission runs every test: its violations are all
            // its runs', as the matrix found them.
            let violations = submission.violations(&row.verdicts(cases));
            row.violations = row.worded(jury.package, cases, &violations);
        }
    }
    Ok(said)
}

/// A time limit on CPU of a run that worked (not stopped idle).
fn timed_out(run: &Run) -> bool {
    run.detail == RunVerdict::TimeLimit(Clock::Cpu) && !run.stalled
}

/// The quieter of the yardstick's moments before and after a run: a burst
/// at one of them alone does not excuse the run (`None` when neither was
/// measured).
fn quieter(before: Option<f64>, after: Option<f64>) -> Option<f64> {
    match (before, after) {
        (Some(b), Some(a)) => Some(b.min(a)),
        (one, other) => one.or(other),
    }
}

/// What one run again alone showed, judged at the derivation's quiet moment.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Again {
    /// Killed past [`AGAIN_KILL`] × the limit: over it at any moment.
    PastKill,
    /// A wrong answer or a crash: the program's real verdict.
    Real,
    /// Accepted, and within the limit at the quiet moment (its figure there).
    Fits(f64),
    /// Accepted, but over the limit even at the quiet moment (its figure there).
    Over(f64),
}

/// `run`, made again alone beside a yardstick whose quieter moment took
/// `at`, judged as the module says: the kill first (its answer was never
/// seen), then its answer, then its time at the quiet moment.
fn judge_again(run: &Run, at: Option<f64>, quiet: &QuietMoment) -> Again {
    if run.detail == RunVerdict::TimeLimit(Clock::Cpu) {
        return Again::PastKill;
    }
    if !run.detail.is_accepted() {
        return Again::Real;
    }
    let at_quiet = quiet.at_quiet(run.cpu, at);
    match quiet.fits(run.cpu, at) {
        true => Again::Fits(at_quiet),
        false => Again::Over(at_quiet),
    }
}

/// The cell's runs again alone: the run that replaces it (accepted at the
/// quiet moment, or the program's real wrong answer or crash), if any, and
/// what they showed.
fn run_again(
    jury: &Jury,
    program: &jurybox_languages::Built,
    case: &Case,
    again: &Limits,
    quiet: &QuietMoment,
    yardstick: Option<&Yardstick>,
) -> Result<(Option<Run>, String), Stop> {
    let mut fastest = f64::INFINITY;
    let moment = || {
        yardstick.and_then(|y| {
            let _machine = jury.turn.alone();
            y.time(jury.cancel)
        })
    };
    for k in 1..=AGAIN_RUNS {
        let before = moment();
        let run = jury.run_alone(program, case, again)?;
        let at = quieter(before, moment());
        match judge_again(&run, at, quiet) {
            Again::PastKill => {
                let story = format!(
                    "run again alone it passed {:.3} s, {AGAIN_KILL}× the limit: over it",
                    run.cpu
                );
                return Ok((None, story));
            }
            Again::Real => {
                let story = format!("run again alone: {}", run.detail);
                return Ok((Some(run), story));
            }
            Again::Fits(at_quiet) => {
                let story = format!(
                    "run {k} again alone took {:.3} s, {}: within the {:.2} s limit, so the \
                     load made the time limit, not the program",
                    run.cpu,
                    quiet.describe(at_quiet),
                    quiet.limit
                );
                let accepted = Run {
                    verdict: Verdict::AC,
                    detail: RunVerdict::Accepted,
                    ..run
                };
                return Ok((Some(accepted), story));
            }
            Again::Over(at_quiet) => fastest = fastest.min(at_quiet),
        }
    }
    Ok((
        None,
        format!(
            "over the {:.2} s limit in each of {AGAIN_RUNS} runs again alone, even at the quiet \
         moment: fastest {}",
            quiet.limit,
            quiet.describe(fastest)
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::{judge_again, Again, QuietMoment};
    use crate::limit::Between;
    use crate::run::Run;
    use jurybox_judging::verdict::RunVerdict;
    use jurybox_sandbox::Clock;

    /// A run again alone that ended `detail` after `cpu` seconds.
    fn again(detail: RunVerdict, cpu: f64) -> Run {
        let verdict = detail.judges().unwrap();
        Run {
            verdict,
            detail,
            points: 100.0,
            cpu,
            wall: cpu,
            stalled: false,
            starved: false,
        }
    }

    /// tetris3d's derivation of stop 50: limit 1.5 s, the yardstick 20 ms at
    /// its quiet moment and 29 ms at its busy one.
    fn tetris() -> QuietMoment {
        QuietMoment {
            limit: 1.5,
            between: Between::of(&[0.019, 0.020, 0.022, 0.029, 0.031]),
        }
    }

    #[test]
    fn a_run_the_load_slowed_past_the_limit_fits_at_the_quiet_moment() {
        // Stop 50, load 19: tree_of_trees_nodes, 0.62 s quiet, ran 1.62 s on
        // tet3a beside a yardstick that took 42 ms (2.1× its quiet 20 ms).
        // The raw time is over the 1.5 s limit, which the matrix took for a
        // time limit; at the quiet moment it is 0.771 s, within it.
        let quiet = tetris();
        let (cpu, yardstick) = (1.62, Some(0.042));
        assert!(cpu > quiet.limit, "the raw time is over the limit");
        assert!((quiet.at_quiet(cpu, yardstick) - 0.771).abs() < 1e-3);
        assert!(quiet.fits(cpu, yardstick));
        let said = quiet.describe(quiet.at_quiet(cpu, yardstick));
        assert!(
            said.starts_with(
                "0.771 s at the derivation's quiet moment (up to 1.119 s with its 1.45× variation"
            ),
            "{said}"
        );
    }

    #[test]
    fn a_burst_at_one_moment_does_not_excuse_a_run() {
        // The yardstick took 60 ms before the run (a burst) and 21 ms after:
        // the run is brought by the quieter, 21 ms.
        assert_eq!(super::quieter(Some(0.060), Some(0.021)), Some(0.021));
        assert_eq!(super::quieter(None, Some(0.021)), Some(0.021));
        assert_eq!(super::quieter(None, None), None);
        assert!(!tetris().fits(1.7, super::quieter(Some(0.060), Some(0.021))));
    }

    #[test]
    fn a_real_overrun_is_over_the_limit_at_the_quiet_moment_too() {
        // A program that takes 1.7 s at a moment as quiet as the
        // derivation's, or 3.3 s at a moment twice as busy: over the limit
        // whatever the load; and without moments, its time as measured.
        let quiet = tetris();
        assert!(!quiet.fits(1.7, Some(0.020)));
        assert!(!quiet.fits(3.3, Some(0.040)));
        let unmeasured = QuietMoment {
            between: None,
            ..quiet
        };
        assert!(!unmeasured.fits(1.62, Some(0.042)));
        assert!(unmeasured.fits(1.4, None));
        assert!(unmeasured.describe(1.62).contains("no moments measured"));
    }

    #[test]
    fn each_run_again_is_judged_by_its_kill_its_answer_then_its_quiet_time() {
        // The judgement the recheck's end-to-end test (stated-overrun) only
        // reaches through its kill: a program killed past 3× the limit is
        // over it whatever the moment; a wrong answer is the program's
        // verdict; an accepted run counts only within the limit at the quiet
        // moment (stop 50's 1.62 s at a yardstick of 42 ms: 0.771 s).
        let quiet = tetris();
        let killed = again(RunVerdict::TimeLimit(Clock::Cpu), 4.6);
        assert_eq!(judge_again(&killed, Some(0.100), &quiet), Again::PastKill);
        let wrong = again(RunVerdict::WrongAnswer("3 != 4".into()), 0.5);
        assert_eq!(judge_again(&wrong, Some(0.020), &quiet), Again::Real);
        let slowed = again(RunVerdict::Accepted, 1.62);
        match judge_again(&slowed, Some(0.042), &quiet) {
            Again::Fits(at) => assert!((at - 0.771).abs() < 1e-3, "{at}"),
            other => panic!("the load's run must fit at the quiet moment: {other:?}"),
        }
        let real = again(RunVerdict::Accepted, 1.7);
        match judge_again(&real, Some(0.020), &quiet) {
            Again::Over(at) => assert!(at > quiet.limit, "{at}"),
            other => panic!("a real overrun must stay over: {other:?}"),
        }
        assert_eq!(judge_again(&real, None, &quiet), Again::Over(1.7));
    }
}
