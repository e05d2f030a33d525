//! Programs run as separate processes on a built suite: the intended solutions,
//! whose times set the time limit, and the mutants, whose verdicts make the kill
//! table. A wrong-answer mutant is killed by a rejected answer, a slow one by more
//! CPU time than the limit times the rule's `time_limit_to_tle` on some test; a
//! wrong-answer mutant no test kills means the suite is too weak, a slow one no
//! limit can separate from the intended solutions is reported as such, with both
//! times. Everything runs through [`jurybox_sandbox`], the runner that times
//! contestants' programs, so a suite's limit and a program's verdict are measured
//! alike.

use super::build::SuiteError;
use super::plan::TimeLimitRule;
use super::SuiteTest;
use jurybox_core::{Flaw, Limits, Problem};
use jurybox_sandbox::{excerpt, run_invocation, Clock, Invocation, Outcome, RunLimits, MIB};
use jurybox_stress::jobs::on_threads;
use jurybox_stress::program::{judge_run, RunVerdict};
use jurybox_stress::timing::{fastest, thin, DECISIVE_RUNS, THIN_RUNS};
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Duration;

/// Memory a program may use: the Kattis default, which the package's
/// `problem.yaml` leaves in force by stating none.
const MEMORY_BYTES: u64 = 2048 * MIB;

/// What a program run on the suite is there for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A correct solution of the intended complexity, written plainly: a yardstick
    /// of the time limit, which must accept it on every test.
    Intended,
    /// jurybox's own fast engine: timed for comparison, never a yardstick (no
    /// contestant writes it).
    Fast,
    /// A known wrong or slow solution the suite must kill.
    Mutant(Flaw),
}

/// A program timed on the suite.
#[derive(Clone, Debug)]
pub struct Submission {
    /// Its name (`tree_of_trees`, `pairs`).
    pub name: String,
    /// What it is (the mutant's bug, the solution's algorithm).
    pub about: String,
    /// Why it runs.
    pub role: Role,
    /// How to start it.
    pub invocation: Invocation,
    /// True for a program a package can carry (a C++ source of `packager/judge/`),
    /// false for jurybox's own engine run as a process.
    pub ships: bool,
}

/// One engine on one test.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The test's name.
    pub test: String,
    /// CPU seconds used.
    pub cpu_seconds: f64,
    /// The verdict, in the one vocabulary a program's run has everywhere in
    /// jurybox; more CPU time than the limit is a time limit even when the run
    /// was allowed to go on to its kill time.
    pub verdict: RunVerdict,
    /// The first bytes of its standard error when it crashed, for the message.
    pub stderr: String,
}

impl Run {
    /// Not accepted within the limit.
    pub fn rejected(&self) -> bool {
        !self.verdict.is_accepted()
    }

    /// Rejected for its time.
    pub fn too_slow(&self) -> bool {
        matches!(self.verdict, RunVerdict::TimeLimit(_))
    }

    /// The verdict, with the stderr excerpt of a crash.
    pub fn why(&self) -> String {
        if self.stderr.is_empty() {
            self.verdict.to_string()
        } else {
            format!("{}; stderr: {}", self.verdict, self.stderr)
        }
    }
}

/// Runs `program` on `test` as a process; rejected when it uses more than
/// `limit_seconds` of CPU time or answers wrong. It is killed at
/// `kill_seconds` of CPU time, or at ten times that of wall-clock time.
pub fn run_program<P: Problem>(
    program: &Submission,
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
    let report = run_invocation(&program.invocation, &limits, &test.input, &never);
    let cpu_seconds = report.cpu.as_secs_f64();
    let verdict = match &report.outcome {
        Outcome::CouldNotStart(why) => {
            return Err(SuiteError::Io(std::io::Error::other(format!(
                "cannot run '{}': {why}",
                program.name
            ))))
        }
        Outcome::Interrupted => {
            return Err(SuiteError::Io(std::io::Error::other(
                "the run was interrupted",
            )))
        }
        Outcome::TimeLimit(_) => judge_run::<P>(&input, &expected, &report),
        _ if cpu_seconds > limit_seconds => RunVerdict::TimeLimit(Clock::Cpu),
        _ => judge_run::<P>(&input, &expected, &report),
    };
    let stderr = match verdict {
        RunVerdict::RuntimeError(_) => excerpt(&report.stderr, 300),
        _ => String::new(),
    };
    Ok(Run {
        test: test.name.clone(),
        cpu_seconds,
        verdict,
        stderr,
    })
}

/// A program's slowest test.
#[derive(Clone, Debug, PartialEq)]
pub struct Slowest {
    /// The program.
    pub program: String,
    /// Its slowest test.
    pub test: String,
    /// Its CPU seconds there: the fastest of `runs` (`jurybox_stress::timing`).
    pub seconds: f64,
    /// The CPU seconds of its runs there, one at a time.
    pub runs: Vec<f64>,
}

impl Slowest {
    /// `runs` on `test`, the fastest the figure.
    fn of(program: &str, test: &str, runs: Vec<f64>) -> Slowest {
        Slowest {
            program: program.to_string(),
            test: test.to_string(),
            seconds: fastest(&runs),
            runs,
        }
    }
}

/// The time limit and how it was derived.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeLimit {
    /// The limit, seconds of CPU time per test.
    pub seconds: f64,
    /// Each intended solution's slowest test; the slowest of them sets the limit.
    pub intended: Vec<Slowest>,
    /// jurybox's fast engine's slowest test, for comparison (not a yardstick).
    pub fast: Option<Slowest>,
    /// The rule applied.
    pub rule: TimeLimitRule,
}

impl TimeLimit {
    /// The intended solution that set the limit.
    pub fn yardstick(&self) -> Option<&Slowest> {
        self.intended
            .iter()
            .max_by(|a, b| a.seconds.total_cmp(&b.seconds))
    }

    /// CPU seconds past which a run counts as too slow.
    pub fn tle_seconds(&self) -> f64 {
        self.rule.tle_seconds(self.seconds)
    }
}

/// A wrong-answer mutant whose runs all stay under this share of the limit goes to
/// `wrong_answer/` (see `package::submission_dir`); one slower, to `rejected/`.
pub const NEAR_LIMIT: f64 = 0.7;

/// Tests of a program, its slowest in the parallel pass first, timed again one at
/// a time: the parallel pass only ranks them (a neighbour slows a run by tens of
/// percent), and the tests a random family makes cost nearly the same, so the
/// slowest may be any of the first few.
const CANDIDATES: usize = 3;

/// Runs each of `programs` on every test, `jobs` runs at a time, killed at
/// `kill_seconds` of CPU time and rejected past `limit_seconds`: one row per
/// program, its runs in suite order (a mutant's stop once settled; `near_seconds`
/// is what counts as near the limit).
fn run_all<P: Problem>(
    programs: &[Submission],
    tests: &[SuiteTest],
    limit_seconds: f64,
    kill_seconds: f64,
    near_seconds: f64,
    jobs: usize,
) -> Result<Vec<Vec<Run>>, SuiteError> {
    // A mutant is run on the largest tests first and no further once what is left
    // cannot change where it goes: a slow one at its first kill, a wrong one once
    // it has both a rejected answer and a run near the limit (it goes to
    // `rejected` whatever comes next). The other tests would each cost up to the
    // kill time to teach nothing new; the judges' tools run them anyway.
    let is_mutant = |p: &Submission| matches!(p.role, Role::Mutant(_));
    let mut by_size: Vec<usize> = (0..tests.len()).collect();
    by_size.sort_by_key(|&t| std::cmp::Reverse(tests[t].input.len()));
    let pairs: Vec<(usize, usize)> = (0..programs.len())
        .flat_map(|m| {
            let order = if is_mutant(&programs[m]) {
                by_size.clone()
            } else {
                (0..tests.len()).collect()
            };
            order.into_iter().map(move |t| (m, t))
        })
        .collect();
    // Per program: (killed, ran near the limit).
    let seen: Vec<Mutex<(bool, bool)>> = programs
        .iter()
        .map(|_| Mutex::new((false, false)))
        .collect();
    let settled = |m: usize| {
        let (killed, near) = *seen[m].lock().expect("no thread panics holding it");
        match programs[m].role {
            Role::Mutant(Flaw::TooSlow) => killed,
            Role::Mutant(Flaw::WrongAnswer) => killed && near,
            Role::Intended | Role::Fast => false,
        }
    };
    // Pulled in order (par_bridge): a mutant's largest tests go first, so the
    // runs skipped once it is settled are the small ones.
    let results: Vec<(usize, Result<Run, SuiteError>)> = on_threads(jobs, || {
        pairs
            .iter()
            .enumerate()
            .par_bridge()
            .filter(|(_, &(m, _))| !settled(m))
            .map(|(i, &(m, t))| {
                let run = run_program::<P>(&programs[m], &tests[t], limit_seconds, kill_seconds);
                if let Ok(r) = &run {
                    let mut seen = seen[m].lock().expect("no thread panics holding it");
                    seen.0 |= r.rejected();
                    seen.1 |= r.cpu_seconds >= near_seconds || r.too_slow();
                }
                (i, run)
            })
            .collect()
    });
    let mut rows: Vec<Vec<(usize, Run)>> = programs.iter().map(|_| Vec::new()).collect();
    for (i, run) in results {
        let (m, t) = pairs[i];
        rows[m].push((t, run?));
    }
    Ok(rows
        .into_iter()
        .map(|mut runs| {
            runs.sort_by_key(|(t, _)| *t);
            runs.into_iter().map(|(_, run)| run).collect()
        })
        .collect())
}

/// Every program's run on every test (no limit but 60 s of CPU), `jobs` at a time:
/// the intended solutions' times per test, for the report.
pub fn time_every_test<P: Problem>(
    programs: &[Submission],
    tests: &[SuiteTest],
    jobs: usize,
) -> Result<Vec<Vec<Run>>, SuiteError> {
    run_all::<P>(programs, tests, f64::INFINITY, 60.0, f64::INFINITY, jobs)
}

/// Times `program` on every test (it must be accepted on each: an intended
/// solution or the fast engine), `jobs` at a time, to rank them; then its
/// [`CANDIDATES`] slowest tests [`DECISIVE_RUNS`] times each, one at a time, each
/// test's time the fastest of those runs (`jurybox_stress::timing`): the slowest
/// such test is its slowest.
fn slowest<P: Problem>(
    program: &Submission,
    tests: &[SuiteTest],
    jobs: usize,
) -> Result<Slowest, SuiteError> {
    let runs = run_all::<P>(
        std::slice::from_ref(program),
        tests,
        f64::INFINITY,
        60.0,
        f64::INFINITY,
        jobs,
    )?;
    let mut ranked = runs
        .into_iter()
        .flatten()
        .zip(tests)
        .map(|(run, test)| Ok((accepted(program, run)?, test)))
        .collect::<Result<Vec<_>, SuiteError>>()?;
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut slowest = Slowest::of(&program.name, "", vec![0.0]);
    for (_, test) in ranked.iter().take(CANDIDATES) {
        let times = time_alone::<P>(program, test, DECISIVE_RUNS)?;
        let candidate = Slowest::of(&program.name, &test.name, times);
        if candidate.seconds >= slowest.seconds {
            slowest = candidate;
        }
    }
    Ok(slowest)
}

/// The CPU seconds of a run that must be accepted (an intended solution's, the
/// fast engine's), or the error that it is not.
fn accepted(program: &Submission, run: Run) -> Result<f64, SuiteError> {
    if run.rejected() {
        Err(SuiteError::Intended {
            program: program.name.clone(),
            reason: run.why(),
            test: run.test,
        })
    } else {
        Ok(run.cpu_seconds)
    }
}

/// `count` runs of `program` on `test`, one at a time, each accepted.
fn time_alone<P: Problem>(
    program: &Submission,
    test: &SuiteTest,
    count: usize,
) -> Result<Vec<f64>, SuiteError> {
    (0..count)
        .map(|_| {
            let run = run_program::<P>(program, test, f64::INFINITY, 60.0)?;
            accepted(program, run)
        })
        .collect()
}

/// The limit: `rule` applied to the slowest of the `intended` solutions, each
/// timed on every test (and required to be accepted on each), its slowest tests
/// the fastest of several runs one at a time. When twice the yardstick's time is a thin
/// call between two rounding steps ([`thin`]), its test is run [`THIN_RUNS`] times
/// more first, so that noise does not pick the step. `fast`, when given, is timed
/// the same way for comparison only.
pub fn derive_time_limit<P: Problem>(
    intended: &[Submission],
    fast: Option<&Submission>,
    tests: &[SuiteTest],
    rule: TimeLimitRule,
    jobs: usize,
) -> Result<TimeLimit, SuiteError> {
    if intended.is_empty() {
        return Err(SuiteError::Directory(format!(
            "{} has no intended solution (packager/judge/{}/accepted/*.cpp): \
             a limit needs a yardstick",
            P::NAME,
            P::NAME
        )));
    }
    let mut timed = intended
        .iter()
        .map(|program| slowest::<P>(program, tests, jobs))
        .collect::<Result<Vec<_>, _>>()?;
    let top = (0..timed.len())
        .max_by(|&a, &b| timed[a].seconds.total_cmp(&timed[b].seconds))
        .expect("at least one intended solution");
    let raw = rule.ac_to_time_limit * timed[top].seconds;
    if raw > rule.floor_seconds && thin(raw, rule.time_resolution) {
        let test = tests
            .iter()
            .find(|t| t.name == timed[top].test)
            .expect("the slowest test is a test of the suite");
        let mut runs = timed[top].runs.clone();
        runs.extend(time_alone::<P>(&intended[top], test, THIN_RUNS)?);
        timed[top] = Slowest::of(&intended[top].name, &test.name, runs);
    }
    let fast = fast.map(|f| slowest::<P>(f, tests, jobs)).transpose()?;
    let seconds = timed.iter().map(|s| s.seconds).fold(0.0, f64::max);
    Ok(TimeLimit {
        seconds: rule.limit(seconds),
        intended: timed,
        fast,
        rule,
    })
}

/// One program's row of the kill table.
#[derive(Clone, Debug)]
pub struct MutantRow {
    /// The program's name.
    pub mutant: String,
    /// The bug it carries.
    pub about: String,
    /// How it is meant to fail.
    pub flaw: Flaw,
    /// Its runs, in suite order: every test, or for a slow mutant the tests up to
    /// its first kill, largest first.
    pub runs: Vec<Run>,
}

/// How a mutant fares on the suite.
#[derive(Clone, Debug, PartialEq)]
pub enum Fate<'a> {
    /// Some test rejects it, as its flaw says it must be.
    Killed(&'a Run),
    /// A slow mutant no limit that accepts the intended solutions can separate:
    /// its slowest run stays under the kill threshold. Said plainly, not hidden.
    NotSeparable(&'a Run),
    /// A wrong-answer mutant every test accepts: the suite is too weak.
    Survives,
}

impl MutantRow {
    /// The runs that killed it.
    pub fn kills(&self) -> impl Iterator<Item = &Run> {
        self.runs.iter().filter(|r| r.rejected())
    }

    /// The first test that kills it, in suite order.
    pub fn first_kill(&self) -> Option<&Run> {
        self.kills().next()
    }

    /// Its slowest run.
    pub fn slowest(&self) -> Option<&Run> {
        self.runs
            .iter()
            .max_by(|a, b| a.cpu_seconds.total_cmp(&b.cpu_seconds))
    }

    /// Killed, not separable, or surviving.
    pub fn fate(&self) -> Fate<'_> {
        match (self.first_kill(), self.flaw, self.slowest()) {
            (Some(run), ..) => Fate::Killed(run),
            (None, Flaw::TooSlow, Some(slowest)) => Fate::NotSeparable(slowest),
            _ => Fate::Survives,
        }
    }

    /// The first run that kills it other than by time although it is declared
    /// [`Flaw::TooSlow`]: the program has a real bug (or a crash), so its
    /// declaration, or the program, is wrong.
    pub fn contradiction(&self) -> Option<&Run> {
        match self.flaw {
            Flaw::TooSlow => self.kills().find(|r| !r.too_slow()),
            Flaw::WrongAnswer => None,
        }
    }

    /// How many tests kill it with each verdict code (`WA`, `TLE`, `RTE`).
    pub fn verdict_counts(&self) -> Vec<(&'static str, usize)> {
        let mut counts: Vec<(&'static str, usize)> = Vec::new();
        for code in self.kills().map(|r| r.verdict.judges_code()) {
            match counts.iter_mut().find(|(c, _)| *c == code) {
                Some((_, n)) => *n += 1,
                None => counts.push((code, 1)),
            }
        }
        counts
    }
}

/// Every mutant on every test, `jobs` runs at a time. A run counts as too slow, and
/// is stopped, once it has used the limit's `tle_seconds` of CPU time (the judges'
/// "time limit to TLE" margin): between the limit and that, a slow mutant is not
/// counted as killed, since a somewhat faster judge would accept it.
pub fn kill_table<P: Problem>(
    mutants: &[Submission],
    tests: &[SuiteTest],
    limit: &TimeLimit,
    jobs: usize,
) -> Result<Vec<MutantRow>, SuiteError> {
    let kill_at = limit.tle_seconds();
    let rows = run_all::<P>(
        mutants,
        tests,
        kill_at,
        kill_at,
        NEAR_LIMIT * limit.seconds,
        jobs,
    )?;
    Ok(mutants
        .iter()
        .zip(rows)
        .map(|(mutant, runs)| MutantRow {
            mutant: mutant.name.clone(),
            about: mutant.about.clone(),
            flaw: match mutant.role {
                Role::Mutant(flaw) => flaw,
                Role::Intended | Role::Fast => Flaw::WrongAnswer,
            },
            runs,
        })
        .collect())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::TestGroup;
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

    fn program(invocation: Invocation) -> Submission {
        Submission {
            name: "any".into(),
            about: String::new(),
            role: Role::Mutant(Flaw::TooSlow),
            invocation,
            ships: false,
        }
    }

    /// Runs the shell `script` as the program, limit `limit` s, killed at twice that.
    fn run(script: &str, limit: f64) -> Result<Run, SuiteError> {
        let program = program(Invocation::Shell(script.to_string()));
        run_program::<Tetris3d>(&program, &test(), limit, 2.0 * limit)
    }

    #[test]
    fn outputs_and_statuses_become_verdicts() {
        let ok = run("cat >/dev/null; echo 1", 5.0).unwrap();
        assert_eq!(ok.verdict, RunVerdict::Accepted);
        let wrong = run("echo 2", 5.0).unwrap().verdict;
        assert!(matches!(wrong, RunVerdict::WrongAnswer(_)), "{wrong:?}");
        let crash = run("echo boom >&2; exit 3", 5.0).unwrap();
        assert_eq!(crash.verdict.judges_code(), "RTE");
        let why = crash.why();
        assert!(why.contains("exit code 3") && why.contains("boom"), "{why}");
        let missing = program(Invocation::Direct(vec!["/nonexistent/jurybox".into()]));
        assert!(run_program::<Tetris3d>(&missing, &test(), 5.0, 10.0).is_err());
    }

    #[test]
    fn a_busy_loop_is_stopped_by_cpu_time_and_a_sleep_burns_none() {
        let busy = run("while :; do :; done", 0.1).unwrap();
        assert!(busy.too_slow(), "{:?}", busy.verdict);
        // Stopped at its 0.2 s of CPU, long before the 7 s wall-clock backstop.
        let cpu = busy.cpu_seconds;
        assert!((0.2..2.0).contains(&cpu), "{cpu}");
        // Longer than the kill time in wall-clock seconds, yet accepted.
        let sleeper = run("sleep 0.3; echo 1", 0.05).unwrap();
        assert_eq!(sleeper.verdict, RunVerdict::Accepted);
        assert!(sleeper.cpu_seconds < 0.05, "{}", sleeper.cpu_seconds);
    }

    pub(crate) const AC: RunVerdict = RunVerdict::Accepted;

    /// A row with one run per `(cpu, verdict)`, on tests `t0`, `t1`, ...
    pub(crate) fn row(flaw: Flaw, runs: &[(f64, RunVerdict)]) -> MutantRow {
        MutantRow {
            mutant: "m".into(),
            about: String::new(),
            flaw,
            runs: runs
                .iter()
                .enumerate()
                .map(|(i, (cpu, verdict))| Run {
                    test: format!("t{i}"),
                    cpu_seconds: *cpu,
                    verdict: verdict.clone(),
                    stderr: String::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn a_slow_mutant_no_test_kills_is_not_separable_and_a_wrong_one_survives() {
        let calm = [(0.4, AC), (1.2, AC), (0.1, AC)];
        match row(Flaw::TooSlow, &calm).fate() {
            Fate::NotSeparable(run) => assert_eq!(run.test, "t1", "its slowest run"),
            other => panic!("{other:?}"),
        }
        assert_eq!(row(Flaw::WrongAnswer, &calm).fate(), Fate::Survives);
        let killed = row(
            Flaw::TooSlow,
            &[(0.4, AC), (9.0, RunVerdict::TimeLimit(Clock::Cpu))],
        );
        assert!(matches!(killed.fate(), Fate::Killed(run) if run.test == "t1"));
    }

    #[test]
    fn the_kill_threshold_is_the_limit_times_time_limit_to_tle() {
        let rule = TimeLimitRule {
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            floor_seconds: 1.0,
            time_resolution: 0.1,
        };
        let limit = TimeLimit {
            seconds: rule.limit(0.8),
            intended: vec![Slowest::of("plain", "big", vec![0.8, 0.9, 0.7])],
            fast: None,
            rule,
        };
        assert_eq!(limit.seconds, 1.6);
        assert!((limit.tle_seconds() - 2.4).abs() < 1e-9);
        assert_eq!(limit.yardstick().map(|s| s.program.as_str()), Some("plain"));
    }
}
