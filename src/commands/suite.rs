//! `jurybox suite` and `jurybox mutants`: a problem's plan built into a judge suite,
//! and the kill table of its mutants on that suite.

use super::jobs;
use crate::cli::{MutantsArgs, SuiteArgs};
use crate::embedded::{JUDGE, JUDGE_COMMON, PLANS};
use anyhow::{anyhow, Context, Result};
use jurybox_core::{EngineKind, Flaw};
use jurybox_packager::build::{build_invalid, build_tests};
use jurybox_packager::cpp::{build, judge_programs, CppProgram};
use jurybox_packager::dir::{read_suite, write_suite};
use jurybox_packager::edits::StoredFile;
use jurybox_packager::kills::{
    derive_time_limit, kill_table, Fate, MutantRow, Role, Submission, TimeLimit,
};
use jurybox_packager::package::{describe_limit, programs_in};
use jurybox_packager::plan::SuitePlan;
use jurybox_packager::BuiltSuite;
use jurybox_stress::program::Invocation;
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

/// The plan of problem `name`, as built into this binary from `suites/NAME.toml`.
pub fn plan_of(name: &str) -> Result<SuitePlan> {
    let (_, text) = PLANS.iter().find(|(p, _)| *p == name).ok_or_else(|| {
        anyhow!("{name} has no suite plan yet: write suites/{name}.toml (see docs/SUITES.md) and rebuild")
    })?;
    SuitePlan::parse(text).with_context(|| format!("suites/{name}.toml"))
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

/// The C++ programs of problem `name`'s package, as built into this binary from
/// `packager/judge/NAME/` (named edits applied) and `packager/judge/common/`.
pub fn judge_sources(name: &str) -> Result<Vec<CppProgram>> {
    let files: Vec<StoredFile> = JUDGE
        .iter()
        .filter(|(p, ..)| *p == name)
        .map(|(_, path, text)| StoredFile { path, text })
        .collect();
    let common: Vec<StoredFile> = JUDGE_COMMON
        .iter()
        .map(|(path, text)| StoredFile { path, text })
        .collect();
    judge_programs(&files, &common).with_context(|| format!("packager/judge/{name}/"))
}

/// A compiled C++ program as a submission.
fn compiled(program: &CppProgram, about: String, role: Role) -> Result<Submission> {
    let built = build(program, &jurybox_languages::cache_dir())?;
    Ok(Submission {
        name: program.stem().to_string(),
        about,
        role,
        invocation: built.invocation(),
        ships: true,
    })
}

/// The intended solutions of `P`: its package's `accepted/*.cpp`, compiled.
pub fn intended<P: Harness>() -> Result<Vec<Submission>> {
    let sources = judge_sources(P::NAME)?;
    programs_in(&sources, "accepted")
        .into_iter()
        .map(|s| compiled(s, "an intended solution".into(), Role::Intended))
        .collect()
}

/// jurybox's fast engine as a process, for comparison with the intended solutions.
pub fn fast_submission<P: Harness>() -> Result<Submission> {
    let fast = P::engines()
        .iter()
        .find(|e| e.kind == EngineKind::Fast)
        .unwrap_or(&P::engines()[0]);
    Ok(Submission {
        name: format!("jurybox {}", fast.name),
        about: fast.about.to_string(),
        role: Role::Fast,
        invocation: solve_command(P::NAME)?(fast.name),
        ships: false,
    })
}

/// Every mutant of `P`: the C++ program the package ships
/// (`packager/judge/P/mutants/NAME.cpp` or the named edit `NAME.patch`, NAME the
/// engine's name), or, for a mutant with none yet, jurybox's own engine run as a
/// process (timed alike, but not shippable: `jurybox package` refuses it).
pub fn mutants<P: Harness>() -> Result<Vec<Submission>> {
    let sources = judge_sources(P::NAME)?;
    let solve = solve_command(P::NAME)?;
    P::engines()
        .iter()
        .filter_map(|e| Some((e, e.kind.flaw()?)))
        .map(|(engine, flaw)| {
            let path = format!("mutants/{}.cpp", engine.name);
            match sources.iter().find(|s| s.path == path) {
                Some(source) => compiled(source, engine.about.to_string(), Role::Mutant(flaw)),
                None => Ok(Submission {
                    name: engine.name.to_string(),
                    about: engine.about.to_string(),
                    role: Role::Mutant(flaw),
                    invocation: solve(engine.name),
                    ships: false,
                }),
            }
        })
        .collect()
}

/// Builds problem `P`'s plan: tests, cross-checked answers and the time limit
/// derived from the intended solutions.
pub fn build_suite<P: Harness>(jobs: usize) -> Result<(BuiltSuite, TimeLimit)> {
    let plan = plan_of(P::NAME)?;
    let started = std::time::Instant::now();
    let tests = build_tests::<P>(&plan, &crate::embedded::samples_of(P::NAME), jobs)?;
    let invalid = build_invalid::<P>(&plan)?;
    eprintln!(
        "built {} tests of {} in {:.1}s (answers cross-checked by every engine that can run them)",
        tests.len(),
        P::NAME,
        started.elapsed().as_secs_f64()
    );
    let intended = intended::<P>()?;
    let fast = fast_submission::<P>()?;
    let limit = derive_time_limit::<P>(&intended, Some(&fast), &tests, plan.time_limit, jobs)?;
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

pub struct Suite {
    pub args: SuiteArgs,
}

impl ProblemVisitor for Suite {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let (suite, limit) = build_suite::<P>(jobs(self.args.jobs))?;
        write_suite(&suite, &self.args.out)?;
        let samples = suite.tests.iter().filter(|t| t.gen_args.is_none()).count();
        outln!(
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

/// Prints the intended solutions' times and the kill table; true when every
/// wrong-answer mutant is killed, every slow one killed only by time or reported as
/// not separable, and none is a jurybox engine without a C++ program to ship
/// (`shippable`: only `jurybox package` asks).
pub fn print_kill_table(
    rows: &[MutantRow],
    tests: usize,
    limit: &TimeLimit,
    unshippable: &[String],
) -> bool {
    let width = rows
        .iter()
        .map(|r| r.mutant.len())
        .chain(limit.intended.iter().map(|s| s.program.len()))
        .max()
        .unwrap_or(0)
        .max(6);
    outln!("{:<width$} {:>7}  slowest test", "intended", "time");
    for s in limit.intended.iter().chain(&limit.fast) {
        outln!("{:<width$} {:>6.3}s  {}", s.program, s.seconds, s.test);
    }
    let flaw = |row: &MutantRow| match row.flaw {
        Flaw::WrongAnswer => "WA",
        Flaw::TooSlow => "slow",
    };
    outln!(
        "{:<width$} {:<5} {:<5} {:<12} {:>7}  killed by",
        "mutant",
        "flaw",
        "first",
        "test",
        "time"
    );
    let mut ok = true;
    for row in rows {
        let kills: Vec<&str> = row.kills().map(|r| r.test.as_str()).collect();
        match row.fate() {
            Fate::Killed(first) => {
                let code = first.verdict.judges_code();
                let counts: Vec<String> = row
                    .verdict_counts()
                    .iter()
                    .map(|(code, n)| format!("{code} {n}"))
                    .collect();
                // A slow mutant stops at its first kill: say how many tests ran.
                let ran = match row.runs.len() {
                    n if n == tests => String::new(),
                    n => format!(" of {n} run"),
                };
                outln!(
                    "{:<width$} {:<5} {:<5} {:<12} {:>6.2}s  {}/{tests}{ran} ({}): {}",
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
            Fate::NotSeparable(slowest) => outln!(
                "{:<width$} {:<5} {:<5} {:<12} {:>6.2}s  0/{tests}: NOT SEPARABLE at official \
                 sizes: its slowest run stays under {:.2}s ({} x the limit) while the intended \
                 solutions need up to {:.3}s",
                row.mutant,
                flaw(row),
                "-",
                slowest.test,
                slowest.cpu_seconds,
                limit.tle_seconds(),
                limit.rule.time_limit_to_tle,
                limit.yardstick().map_or(0.0, |s| s.seconds),
            ),
            Fate::Survives => {
                ok = false;
                let slowest = row.slowest().map_or(0.0, |r| r.cpu_seconds);
                outln!(
                    "{:<width$} {:<5} {:<5} {:<12} {:>6.2}s  0/{tests}: SURVIVES ({})",
                    row.mutant,
                    flaw(row),
                    "-",
                    "-",
                    slowest,
                    row.about
                );
                eprintln!("suite too weak: {} survives", row.mutant);
            }
        }
    }
    outln!(
        "(time: CPU seconds of the first kill; {})",
        describe_limit(limit)
    );
    for row in rows {
        if let Some(run) = row.contradiction() {
            ok = false;
            let why = run.why();
            eprintln!(
                "{} is declared {} but {} gives {why}: the program has a real bug",
                row.mutant, row.flaw, run.test
            );
        }
    }
    for name in unshippable {
        ok = false;
        eprintln!(
            "mutant {name} has no C++ program (packager/judge/PROBLEM/mutants/): \
             a package cannot ship jurybox's engine"
        );
    }
    ok
}

impl ProblemVisitor for Mutants {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let jobs = jobs(self.args.jobs);
        let (suite, limit) = match &self.args.suite {
            Some(dir) => {
                // The suite's tests are on disk; the limit is derived again, since
                // the kill table needs the intended solutions' times beside it.
                let suite = read_suite(P::NAME, dir)?;
                let plan = plan_of(P::NAME)?;
                let limit = derive_time_limit::<P>(
                    &intended::<P>()?,
                    Some(&fast_submission::<P>()?),
                    &suite.tests,
                    plan.time_limit,
                    jobs,
                )?;
                (suite, limit)
            }
            None => build_suite::<P>(jobs)?,
        };
        eprintln!("{}", describe_limit(&limit));
        let rows = kill_table::<P>(&mutants::<P>()?, &suite.tests, &limit, jobs)?;
        if rows.is_empty() {
            outln!("{} has no mutants", P::NAME);
            return Ok(ExitCode::SUCCESS);
        }
        let ok = print_kill_table(&rows, suite.tests.len(), &limit, &[]);
        Ok(if ok {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        })
    }
}
