//! Engines run as separate processes on a built suite: the fast engine's times,
//! which set the time limit, and every mutant's verdicts, which make the kill
//! table. A wrong-answer mutant is killed by a rejected answer, a slow one by more
//! CPU time than the limit; a mutant no test kills means the suite is too weak.
//! Engines run through [`crate::program`], the runner that times contestants'
//! programs, so a suite's limit and a program's verdict are measured alike.

use super::build::SuiteError;
use super::plan::TimeLimitRule;
use super::SuiteTest;
use crate::program::{excerpt, run_invocation, Invocation, Outcome, RunLimits, MIB};
use jurybox_core::problem::judge_output;
use jurybox_core::{EngineKind, Flaw, Limits, Problem, Verdict};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Makes the command that runs engine `NAME` of the problem on stdin (for the CLI:
/// `jurybox solve PROBLEM --engine NAME`).
pub type SolveCommand<'a> = &'a (dyn Fn(&str) -> Invocation + Sync);

/// Memory an engine may use: the Kattis default, which the package's
/// `problem.yaml` leaves in force by stating none.
const MEMORY_BYTES: u64 = 2048 * MIB;

/// Why a run was rejected.
#[derive(Clone, Debug, PartialEq)]
pub enum Rejection {
    /// The judge rejected the answer (a presentation error included: Kattis has
    /// only wrong answers).
    WrongAnswer(String),
    /// More CPU time than the limit, or killed at the wall-clock deadline.
    TimeLimit,
    /// A failure exit status or a signal, or past the memory or output limit.
    RuntimeError(String),
}

impl Rejection {
    /// The judges' short code: `WA`, `TLE`, `RTE`.
    pub fn code(&self) -> &'static str {
        match self {
            Rejection::WrongAnswer(_) => "WA",
            Rejection::TimeLimit => "TLE",
            Rejection::RuntimeError(_) => "RTE",
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rejection::WrongAnswer(why) => write!(f, "WA ({why})"),
            Rejection::TimeLimit => write!(f, "TLE"),
            Rejection::RuntimeError(why) => write!(f, "RTE ({why})"),
        }
    }
}

/// One engine on one test.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The test's name.
    pub test: String,
    /// CPU seconds used.
    pub cpu_seconds: f64,
    /// `None` when accepted within the limit.
    pub rejection: Option<Rejection>,
}

/// Runs `engine` on `test` as a process; rejected when it uses more than
/// `limit_seconds` of CPU time or answers wrong. It is killed at
/// `kill_seconds` of CPU time, or at ten times that of wall-clock time.
pub fn run_engine<P: Problem>(
    solve: SolveCommand,
    engine: &str,
    test: &SuiteTest,
    limit_seconds: f64,
    kill_seconds: f64,
) -> Result<Run, SuiteError> {
    let input = P::parse_input(&test.input, Limits::Official).map_err(|e| SuiteError::Invalid {
        test: test.name.clone(),
        reason: e.to_string(),
    })?;
    let expected = P::parse_answer(&input, &test.answer).map_err(|e| {
        SuiteError::Directory(format!("answer of '{}' does not read: {e}", test.name))
    })?;
    let limits = RunLimits {
        wall: Duration::from_secs_f64(10.0 * kill_seconds + 5.0),
        memory_bytes: MEMORY_BYTES,
        ..RunLimits::with_cpu(Duration::from_secs_f64(kill_seconds))
    };
    // Suites are not interrupted run by run: Ctrl-C ends the whole command.
    let never = AtomicBool::new(false);
    let report = run_invocation(&solve(engine), &limits, &test.input, &never);
    let cpu_seconds = report.cpu.as_secs_f64();
    let rejection = match report.outcome {
        Outcome::TimeLimit(_) => Some(Rejection::TimeLimit),
        _ if cpu_seconds > limit_seconds => Some(Rejection::TimeLimit),
        Outcome::Exited => match judge_output::<P>(&input, &expected, &report.stdout) {
            Verdict::Accepted => None,
            other => Some(Rejection::WrongAnswer(other.to_string())),
        },
        Outcome::RuntimeError(how) => Some(Rejection::RuntimeError(format!(
            "{how}; stderr: {}",
            excerpt(&report.stderr, 300)
        ))),
        Outcome::MemoryLimit => Some(Rejection::RuntimeError(format!(
            "memory limit exceeded ({})",
            report.figures()
        ))),
        Outcome::OutputLimit(stream) => Some(Rejection::RuntimeError(format!(
            "output limit exceeded on {stream:?}"
        ))),
        Outcome::CouldNotStart(why) => {
            return Err(SuiteError::Io(std::io::Error::other(format!(
                "cannot run engine '{engine}': {why}"
            ))))
        }
        Outcome::Interrupted => {
            return Err(SuiteError::Io(std::io::Error::other(
                "the run was interrupted",
            )))
        }
    };
    Ok(Run {
        test: test.name.clone(),
        cpu_seconds,
        rejection,
    })
}

/// The time limit and how it was derived.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeLimit {
    /// The limit, seconds of CPU time per test.
    pub seconds: f64,
    /// The fast engine's CPU time on its slowest test (best of three runs).
    pub fast_seconds: f64,
    /// That test.
    pub slowest_test: String,
    /// The rule applied.
    pub rule: TimeLimitRule,
}

/// The first engine of kind `Fast`: what `submissions/accepted/` holds.
pub fn fast_engine<P: Problem>() -> &'static str {
    P::engines()
        .iter()
        .find(|e| e.kind == EngineKind::Fast)
        .map_or(P::engines()[0].name, |e| e.name)
}

/// Times the fast engine on every test (it must be accepted on each), then the
/// three slowest twice more, keeping each one's best: the limit is `rule` applied
/// to the slowest of those.
pub fn derive_time_limit<P: Problem>(
    solve: SolveCommand,
    tests: &[SuiteTest],
    rule: TimeLimitRule,
) -> Result<TimeLimit, SuiteError> {
    let fast = fast_engine::<P>();
    let once = |test: &SuiteTest| -> Result<f64, SuiteError> {
        let run = run_engine::<P>(solve, fast, test, f64::INFINITY, 60.0)?;
        match run.rejection {
            None => Ok(run.cpu_seconds),
            Some(r) => Err(SuiteError::Fast {
                test: test.name.clone(),
                reason: r.to_string(),
            }),
        }
    };
    let mut times = tests
        .iter()
        .map(|t| Ok((once(t)?, t)))
        .collect::<Result<Vec<_>, SuiteError>>()?;
    times.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut slowest = (0.0, String::new());
    for (first, test) in times.iter().take(3) {
        let best = [*first, once(test)?, once(test)?]
            .into_iter()
            .fold(f64::INFINITY, f64::min);
        if best >= slowest.0 {
            slowest = (best, test.name.clone());
        }
    }
    Ok(TimeLimit {
        seconds: rule.limit(slowest.0),
        fast_seconds: slowest.0,
        slowest_test: slowest.1,
        rule,
    })
}

/// One mutant's row of the kill table.
#[derive(Clone, Debug)]
pub struct MutantRow {
    /// The engine's name.
    pub mutant: &'static str,
    /// The bug it carries.
    pub about: &'static str,
    /// How it is meant to fail.
    pub flaw: Flaw,
    /// Its run on every test, in suite order.
    pub runs: Vec<Run>,
}

impl MutantRow {
    /// The runs that killed it.
    pub fn kills(&self) -> impl Iterator<Item = &Run> {
        self.runs.iter().filter(|r| r.rejection.is_some())
    }

    /// The first test that kills it, in suite order.
    pub fn first_kill(&self) -> Option<&Run> {
        self.kills().next()
    }

    /// The first run that kills it other than by time although it is declared
    /// [`Flaw::TooSlow`]: the engine has a real bug (or a crash), so its
    /// declaration, or the engine, is wrong.
    pub fn contradiction(&self) -> Option<&Run> {
        let by_time = |r: &Run| r.rejection == Some(Rejection::TimeLimit);
        match self.flaw {
            Flaw::TooSlow => self.kills().find(|r| !by_time(r)),
            Flaw::WrongAnswer => None,
        }
    }

    /// How many tests kill it with each verdict code (`WA`, `TLE`, `RTE`).
    pub fn verdict_counts(&self) -> Vec<(&'static str, usize)> {
        let mut counts: Vec<(&'static str, usize)> = Vec::new();
        for code in self
            .kills()
            .filter_map(|r| r.rejection.as_ref())
            .map(|r| r.code())
        {
            match counts.iter_mut().find(|(c, _)| *c == code) {
                Some((_, n)) => *n += 1,
                None => counts.push((code, 1)),
            }
        }
        counts
    }
}

/// Every mutant of `P` on every test, `jobs` runs at a time. A run is killed once
/// it has used 1.5 × `limit_seconds` of CPU time (the judges' tools' own
/// "time limit to TLE" margin): it is a TLE whatever it would have answered.
pub fn kill_table<P: Problem>(
    solve: SolveCommand,
    tests: &[SuiteTest],
    limit_seconds: f64,
    jobs: usize,
) -> Result<Vec<MutantRow>, SuiteError> {
    let mutants: Vec<_> = P::engines()
        .iter()
        .filter_map(|e| Some((e, e.kind.flaw()?)))
        .collect();
    let pairs: Vec<(usize, usize)> = (0..mutants.len())
        .flat_map(|m| (0..tests.len()).map(move |t| (m, t)))
        .collect();
    let kill_at = 1.5 * limit_seconds;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Run, SuiteError>>>> =
        Mutex::new((0..pairs.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(m, t)) = pairs.get(i) else { break };
                let run =
                    run_engine::<P>(solve, mutants[m].0.name, &tests[t], limit_seconds, kill_at);
                results.lock().expect("no thread panics holding it")[i] = Some(run);
            });
        }
    });
    let mut results = results.into_inner().expect("threads joined").into_iter();
    let mut rows = Vec::new();
    for (mutant, flaw) in mutants {
        let mut runs = Vec::new();
        for _ in tests {
            let run = results.next().flatten().expect("every pair ran");
            runs.push(run?);
        }
        rows.push(MutantRow {
            mutant: mutant.name,
            about: mutant.about,
            flaw,
            runs,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::TestGroup;
    use jurybox_core::tetris3d::Tetris3d;

    /// One 1 × 1 block on a 1 × 1 platform: the answer is 1.
    fn test() -> SuiteTest {
        SuiteTest {
            name: "one".into(),
            group: TestGroup::Secret,
            input: b"1 1 1\n1 1 1 0 0\n".to_vec(),
            answer: b"1\n".to_vec(),
            gen_args: None,
            about: "one block".into(),
        }
    }

    /// Runs the shell `script` as the "engine", limit `limit` s, killed at twice that.
    fn run(script: &str, limit: f64) -> Result<Run, SuiteError> {
        let solve = |_: &str| Invocation::Shell(script.to_string());
        run_engine::<Tetris3d>(&solve, "any", &test(), limit, 2.0 * limit)
    }

    #[test]
    fn outputs_and_statuses_become_verdicts() {
        assert_eq!(run("cat >/dev/null; echo 1", 5.0).unwrap().rejection, None);
        let wrong = run("echo 2", 5.0).unwrap().rejection;
        assert!(
            matches!(wrong, Some(Rejection::WrongAnswer(_))),
            "{wrong:?}"
        );
        let crash = run("echo boom >&2; exit 3", 5.0).unwrap().rejection;
        assert!(
            matches!(&crash, Some(Rejection::RuntimeError(m)) if m.contains("exit code 3") && m.contains("boom")),
            "{crash:?}"
        );
        let missing = |_: &str| Invocation::Direct(vec!["/nonexistent/jurybox".into()]);
        assert!(run_engine::<Tetris3d>(&missing, "any", &test(), 5.0, 10.0).is_err());
    }

    #[test]
    fn a_busy_loop_is_stopped_by_cpu_time_and_a_sleep_burns_none() {
        let busy = run("while :; do :; done", 0.1).unwrap();
        assert_eq!(busy.rejection, Some(Rejection::TimeLimit));
        // Stopped at its 0.2 s of CPU, long before the 7 s wall-clock backstop.
        let cpu = busy.cpu_seconds;
        assert!((0.2..2.0).contains(&cpu), "{cpu}");
        // Longer than the kill time in wall-clock seconds, yet accepted.
        let sleeper = run("sleep 0.3; echo 1", 0.05).unwrap();
        assert_eq!(sleeper.rejection, None);
        assert!(sleeper.cpu_seconds < 0.05, "{}", sleeper.cpu_seconds);
    }
}
