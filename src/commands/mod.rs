//! One file per subcommand; this one dispatches and resolves problem names.

mod audit;
mod calibrate;
mod check;
mod contest_each;
mod convert;
mod families;
mod gen;
mod harden;
mod judge;
mod merge;
mod package;
mod problems;
mod report;
mod report_contest;
mod report_package;
mod run;
mod run_contest;
mod run_package;
mod show;
mod solve;
mod stress;
mod stress_any;
mod stress_package;
mod suite;
mod validate;

use crate::cli::Command;
use crate::UsageError;
use anyhow::Result;
use jurybox_stress::{with_problem, ProblemVisitor, PROBLEMS};
use std::process::ExitCode;

/// `--jobs`, or every core when it is not given: the one default of every
/// command that runs things in parallel.
pub fn jobs(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Runs one subcommand.
pub fn run(command: Command) -> Result<ExitCode> {
    if let Some(label) = long_job(&command) {
        crate::progress::start(label);
    }
    match command {
        Command::Problems => problems::run(),
        Command::Solve {
            problem,
            engine,
            force,
            input,
        } => visit(
            &problem,
            solve::Solve {
                engine,
                input,
                force,
            },
        ),
        Command::Validate { problem, input } => visit(&problem, validate::Validate { input }),
        Command::Check {
            problem,
            programs,
            input,
        } => visit(&problem, check::Check { programs, input }),
        Command::Judge {
            problem,
            files,
            kattis,
            extended,
        } => visit(
            &problem,
            judge::Judge {
                files,
                kattis,
                extended,
            },
        ),
        Command::Gen {
            problem,
            family,
            seed,
            options,
        } => visit(
            &problem,
            gen::Gen {
                family,
                seed,
                options,
            },
        ),
        Command::Families { problem } => visit(&problem, families::Families),
        Command::Stress(args) => stress::run(*args),
        Command::Merge { reports } => merge::run(&reports),
        Command::Calibrate => calibrate::run(),
        Command::Convert {
            package,
            to,
            out,
            legacy,
            jobs: asked,
        } => convert::run(&package, &to, &out, legacy, jobs(asked)),
        Command::Run {
            problem,
            dir,
            programs,
            extended,
            jobs: asked,
            stated_limit,
            all,
            judge,
            contest: contest_args,
        } => {
            let path = std::path::Path::new(&problem);
            let contest = contest_each::is_contest(path);
            contest_each::contest_only("run", path, &contest_args)?;
            if all && package_dir(&problem).is_none() && !contest {
                return Err(UsageError(
                    "run --all runs a package's or contest's every submission on every test: give a package or contest directory".into(),
                )
                .into());
            }
            if let Some(package) = package_dir(&problem) {
                if !programs.commands.is_empty() || dir.is_some() {
                    return Err(UsageError(format!(
                        "{problem} is a package: its programs are its submissions/ and its tests its data/ (no DIR, no --program)"
                    ))
                    .into());
                }
                return run_package::run(&run_package::RunPackage {
                    dir: &package,
                    jobs: jobs(asked),
                    judge: judge.judge,
                    keep_stated: stated_limit,
                    every_cell: all,
                });
            }
            if contest {
                if !programs.commands.is_empty() || dir.is_some() {
                    return Err(UsageError(format!(
                        "{problem} is a contest: its programs are its problems' submissions (no DIR, no --program)"
                    ))
                    .into());
                }
                return run_contest::run(&run_contest::RunContest {
                    dir: path,
                    jobs: jobs(asked),
                    judge: judge.judge,
                    keep_stated: stated_limit,
                    every_cell: all,
                    shard: contest_args.shard,
                    report: contest_args.report.as_deref(),
                });
            }
            if !PROBLEMS.contains(&problem.as_str()) {
                return Err(unknown_problem(&problem).into());
            }
            let dir = dir.ok_or_else(|| {
                UsageError(format!("run {problem} needs the DIR of tests to run on"))
            })?;
            visit(
                &problem,
                run::RunDir {
                    dir,
                    programs,
                    extended,
                },
            )
        }
        Command::Suite(args) => visit(&args.problem.clone(), suite::Suite { args }),
        Command::Mutants(args) => {
            let path = std::path::Path::new(&args.problem);
            contest_each::contest_only("mutants", path, &args.contest)?;
            match package_dir(&args.problem) {
                Some(dir) => harden::mutants(&dir, &args),
                None if contest_each::is_contest(path) => harden::mutants(path, &args),
                None => visit(&args.problem.clone(), suite::Mutants { args }),
            }
        }
        Command::Package(args) => package::run(args),
        Command::Report(args) => report::run(args),
        Command::Harden(args) => harden::run(args),
        Command::Audit(args) => audit::run(args),
        Command::Show(args) => visit(&args.problem.clone(), show::Show { args }),
        Command::InputValidator { problem, flags: _ } => visit(&problem, package::InputValidator),
        Command::OutputValidator {
            problem,
            input,
            answer,
            feedback_dir,
            flags: _,
        } => visit(
            &problem,
            package::OutputValidator {
                input,
                answer,
                feedback_dir,
            },
        ),
        Command::JudgeSources { problem, out } => package::write_judge_sources(&problem, &out),
    }
}

/// The commands that judge a package or build a suite, each run for minutes:
/// their progress is shown (`crate::progress`) under this name.
fn long_job(command: &Command) -> Option<&'static str> {
    match command {
        Command::Run { problem, .. } => package_or_contest(problem).then_some("run"),
        Command::Stress(args) if args.gen.is_none() => args
            .problem
            .as_deref()
            .is_some_and(package_or_contest)
            .then_some("stress"),
        Command::Suite(_) => Some("suite"),
        Command::Mutants(_) => Some("mutants"),
        Command::Package(_) => Some("package"),
        // A package's report always runs its submissions (and mutants).
        Command::Report(args) if args.kills || jurybox_format::Package::is_package(&args.suite) => {
            Some("report")
        }
        Command::Harden(_) => Some("harden"),
        Command::Audit(_) => Some("audit"),
        _ => None,
    }
}

/// Whether `name` is a package or a contest directory.
fn package_or_contest(name: &str) -> bool {
    package_dir(name).is_some() || contest_each::is_contest(std::path::Path::new(name))
}

/// The package directory `name` names, when it is one (it holds a
/// problem.yaml): `run`, `stress` and `mutants` take one where they take a
/// problem.
pub fn package_dir(name: &str) -> Option<std::path::PathBuf> {
    let path = std::path::PathBuf::from(name);
    jurybox_format::Package::is_package(&path).then_some(path)
}

/// Runs `visitor` for the problem called `name`, or explains which names exist.
fn visit<V: ProblemVisitor<Output = Result<ExitCode>>>(name: &str, visitor: V) -> Result<ExitCode> {
    match with_problem(name, visitor) {
        Some(result) => result,
        None => Err(unknown_problem(name).into()),
    }
}

/// A problem argument that names no built-in problem, package or contest: a
/// usage error (exit 2), as the exit table says of a path that makes no sense.
pub fn unknown_problem(name: &str) -> UsageError {
    UsageError(format!(
        "unknown problem '{name}' (known: {}; or a package directory holding a problem.yaml or problem.xml)",
        PROBLEMS.join(", ")
    ))
}
