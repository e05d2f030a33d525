//! `jurybox suite` and `jurybox mutants`: a problem's plan built into a judge suite,
//! and the kill table of its mutants on that suite.

use crate::cli::{MutantsArgs, SuiteArgs};
use crate::embedded::{PLANS, SAMPLES};
use anyhow::{anyhow, Context, Result};
use jurybox_core::Flaw;
use jurybox_stress::program::Invocation;
use jurybox_stress::suite::build::{build_invalid, build_tests, Sample};
use jurybox_stress::suite::dir::{read_suite, write_suite};
use jurybox_stress::suite::kills::{derive_time_limit, kill_table, MutantRow, TimeLimit};
use jurybox_stress::suite::plan::Plan;
use jurybox_stress::suite::BuiltSuite;
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

/// The plan of problem `name`, as built into this binary from `suites/NAME.toml`.
pub fn plan_of(name: &str) -> Result<Plan> {
    let (_, text) = PLANS.iter().find(|(p, _)| *p == name).ok_or_else(|| {
        anyhow!("{name} has no suite plan yet: write suites/{name}.toml (see docs/SUITES.md) and rebuild")
    })?;
    Plan::parse(text).with_context(|| format!("suites/{name}.toml"))
}

/// The spec's samples of `name`, from `corpus/NAME/samples/`.
fn samples_of(name: &str) -> Vec<Sample> {
    SAMPLES
        .iter()
        .filter(|(p, ..)| *p == name)
        .map(|(_, sample, input, answer)| Sample {
            name: sample.to_string(),
            input: input.to_vec(),
            answer: answer.to_vec(),
        })
        .collect()
}

/// `jurybox solve PROBLEM --engine NAME` with this very binary.
pub fn solve_command(problem: &'static str) -> Result<impl Fn(&str) -> Invocation + Sync> {
    let exe = std::env::current_exe().context("cannot find the jurybox binary")?;
    let exe = exe
        .to_str()
        .ok_or_else(|| anyhow!("the jurybox binary's path is not UTF-8: {}", exe.display()))?
        .to_string();
    Ok(move |engine: &str| {
        Invocation::Direct(
            [exe.as_str(), "solve", problem, "--engine", engine]
                .map(String::from)
                .to_vec(),
        )
    })
}

pub fn jobs(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Builds problem `P`'s plan: tests, cross-checked answers and the time limit.
pub fn build_suite<P: Harness>(jobs: usize) -> Result<(BuiltSuite, TimeLimit)> {
    let plan = plan_of(P::NAME)?;
    let started = std::time::Instant::now();
    let tests = build_tests::<P>(&plan, &samples_of(P::NAME), jobs)?;
    let invalid = build_invalid::<P>(&plan)?;
    eprintln!(
        "built {} tests of {} in {:.1}s (answers cross-checked by every engine that can run them)",
        tests.len(),
        P::NAME,
        started.elapsed().as_secs_f64()
    );
    let solve = solve_command(P::NAME)?;
    let limit = derive_time_limit::<P>(&solve, &tests, plan.time_limit)?;
    Ok((
        BuiltSuite {
            problem: P::NAME,
            tests,
            time_limit_seconds: limit.seconds,
            invalid,
        },
        limit,
    ))
}

/// How the limit was derived, in one line.
pub fn describe_limit(limit: &TimeLimit) -> String {
    format!(
        "time limit {:.1}s = max({:.1}s, {} x {:.3}s, the fast engine's CPU time on {}), rounded up to 0.1s",
        limit.seconds, limit.rule.floor_seconds, limit.rule.margin, limit.fast_seconds, limit.slowest_test
    )
}

pub struct Suite {
    pub args: SuiteArgs,
}

impl ProblemVisitor for Suite {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let (suite, limit) = build_suite::<P>(jobs(self.args.jobs))?;
        write_suite(&suite, &self.args.out)?;
        let samples = suite.tests.iter().filter(|t| t.gen_args.is_none()).count();
        println!(
            "wrote {}: {} samples, {} secret tests, {} invalid inputs, {}",
            self.args.out.display(),
            samples,
            suite.tests.len() - samples,
            suite.invalid.len(),
            describe_limit(&limit)
        );
        Ok(ExitCode::SUCCESS)
    }
}

pub struct Mutants {
    pub args: MutantsArgs,
}

/// Prints the table; true when every mutant is killed, and every
/// [`Flaw::TooSlow`] one only by time.
pub fn print_kill_table(rows: &[MutantRow], tests: usize, limit: f64) -> bool {
    let width = rows
        .iter()
        .map(|r| r.mutant.len())
        .max()
        .unwrap_or(0)
        .max(6);
    let flaw = |row: &MutantRow| match row.flaw {
        Flaw::WrongAnswer => "WA",
        Flaw::TooSlow => "slow",
    };
    println!(
        "{:<width$} {:<5} {:<5} {:<12} {:>7}  killed by",
        "mutant", "flaw", "first", "test", "time"
    );
    let mut all_killed = true;
    for row in rows {
        let kills: Vec<&str> = row.kills().map(|r| r.test.as_str()).collect();
        match row.first_kill() {
            Some(first) => {
                let code = first.rejection.as_ref().map_or("", |r| r.code());
                let counts: Vec<String> = row
                    .verdict_counts()
                    .iter()
                    .map(|(code, n)| format!("{code} {n}"))
                    .collect();
                println!(
                    "{:<width$} {:<5} {:<5} {:<12} {:>6.2}s  {}/{tests} ({}): {}",
                    row.mutant,
                    flaw(row),
                    code,
                    first.test,
                    first.cpu_seconds,
                    kills.len(),
                    counts.join(", "),
                    kills.join(" ")
                );
            }
            None => {
                all_killed = false;
                let slowest = row.runs.iter().map(|r| r.cpu_seconds).fold(0.0, f64::max);
                println!(
                    "{:<width$} {:<5} {:<5} {:<12} {:>6.2}s  0/{tests}: SURVIVES ({})",
                    row.mutant,
                    flaw(row),
                    "-",
                    "-",
                    slowest,
                    row.about
                );
            }
        }
    }
    println!(
        "(time: CPU seconds of the first kill; limit {limit:.1}s, a run is stopped at 1.5 x the limit)"
    );
    for row in rows.iter().filter(|r| r.first_kill().is_none()) {
        eprintln!("suite too weak: {} survives", row.mutant);
    }
    let mut consistent = true;
    for row in rows {
        if let Some(run) = row.contradiction() {
            consistent = false;
            let why = run
                .rejection
                .as_ref()
                .map_or(String::new(), |r| r.to_string());
            eprintln!(
                "{} is declared {} but {} gives {why}: the engine has a real bug",
                row.mutant, row.flaw, run.test
            );
        }
    }
    all_killed && consistent
}

impl ProblemVisitor for Mutants {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let jobs = jobs(self.args.jobs);
        let suite = match &self.args.suite {
            Some(dir) => read_suite(P::NAME, dir)?,
            None => {
                let (suite, limit) = build_suite::<P>(jobs)?;
                eprintln!("{}", describe_limit(&limit));
                suite
            }
        };
        let solve = solve_command(P::NAME)?;
        let rows = kill_table::<P>(&solve, &suite.tests, suite.time_limit_seconds, jobs)?;
        if rows.is_empty() {
            println!("{} has no mutants", P::NAME);
            return Ok(ExitCode::SUCCESS);
        }
        let killed = print_kill_table(&rows, suite.tests.len(), suite.time_limit_seconds);
        Ok(if killed {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        })
    }
}
