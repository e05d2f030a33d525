//! One file per subcommand; this one dispatches and resolves problem names.

mod audit;
mod calibrate;
mod check;
mod convert;
mod families;
mod gen;
mod harden;
mod judge;
mod merge;
mod mutants_package;
mod package;
mod problems;
mod report;
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

use crate::cli::{Command, StressArgs};
use crate::contest_view::{contest_only, is_contest};
use crate::given::{Given, PROGRAM_LIMITS};
use crate::UsageError;
use anyhow::Result;
use jurybox_stress::{with_problem, ProblemVisitor, PROBLEMS};
use std::process::ExitCode;

/// `--jobs`, or every core when it is not given: the one default of every
/// command that runs things in parallel, and the size of the process's one
/// pool and one gate (`jurybox_judging::jobs::set_jobs`).
pub fn jobs(asked: Option<usize>) -> usize {
    let jobs = asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    jurybox_judging::jobs::set_jobs(jobs);
    jobs
}

/// Runs one subcommand; `given` are the flags the command line typed, so that
/// one that does not apply to what was named is refused (exit 2).
pub fn run(command: Command, given: &Given) -> Result<ExitCode> {
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
            judge::JudgeOutput {
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
        Command::Stress(args) => stress_any_kind(*args, given),
        Command::Merge { reports } => merge::run(&reports),
        Command::Calibrate => calibrate::run(),
        Command::Convert {
            package,
            to,
            out,
            legacy,
            no_run,
            jobs: asked,
        } => convert::run(&package, &to, &out, (legacy, no_run), jobs(asked)),
        Command::Run {
            problem,
            dir,
            programs,
            extended,
            jobs: asked,
            stated_limit,
            all,
            judge,
            contest,
        } => run_any_kind(
            RunAsked {
                problem,
                dir,
                programs,
                extended,
                jobs: asked,
                stated_limit,
                all,
                judge: judge.judge,
                contest,
            },
            given,
        ),
        Command::Suite(args) => visit(&args.problem.clone(), suite::Suite { args }),
        Command::Mutants(args) => {
            let path = std::path::Path::new(&args.problem);
            contest_only("mutants", path, &args.contest)?;
            let package =
                package_dir(&args.problem).or_else(|| is_contest(path).then(|| path.into()));
            match package {
                Some(dir) => {
                    given.refuse(&["suite"], "a package or contest: its tests are its data/")?;
                    mutants_package::run(&dir, &args)
                }
                None => {
                    given.refuse(
                        &["mutants", "seed", "search", "judge"],
                        "a built-in problem: its mutants are its known wrong and slow solutions",
                    )?;
                    visit(&args.problem.clone(), suite::SuiteMutants { args })
                }
            }
        }
        Command::Package(args) => package::run(args),
        Command::Report(args) => {
            let package = jurybox_format::Package::is_package(&args.suite)
                && !args.suite.join("suite.toml").exists();
            if package || report_package::is_contest(&args.suite) {
                given.refuse(
                    &["kills"],
                    "a package or contest: its page always has the kill matrix",
                )?;
                return match package {
                    true => report_package::run(&args),
                    false => report_package::run_contest(&args),
                };
            }
            given.refuse(&["mutants"], "a suite: its mutants are its problem's own")?;
            report::run(args)
        }
        Command::Harden(args) => harden::run(args),
        Command::Audit(args) => audit::run(args),
        Command::Show(args) => visit(&args.problem.clone(), show::Show { args }),
        Command::InputValidator { problem, flags: _ } => visit(&problem, package::AsInputValidator),
        Command::OutputValidator {
            problem,
            input,
            answer,
            feedback_dir,
            flags: _,
        } => visit(
            &problem,
            package::AsOutputValidator {
                input,
                answer,
                feedback_dir,
            },
        ),
        Command::JudgeSources { problem, out } => package::write_judge_sources(&problem, &out),
    }
}

/// `run` as it was asked, its flags as the command line gave them.
struct RunAsked {
    problem: String,
    dir: Option<std::path::PathBuf>,
    programs: crate::cli::ProgramArgs,
    extended: bool,
    jobs: Option<usize>,
    stated_limit: bool,
    all: bool,
    judge: Option<jurybox_languages::Judge>,
    contest: crate::cli::ContestArgs,
}

/// `run`: a package (`run_package.rs`), a contest (`run_contest.rs`), or a
/// built-in problem on a directory of tests (`run.rs`).
fn run_any_kind(asked: RunAsked, given: &Given) -> Result<ExitCode> {
    let RunAsked {
        problem,
        dir,
        programs,
        extended,
        jobs: asked,
        stated_limit,
        all,
        judge,
        contest: contest_args,
    } = asked;
    let path = std::path::Path::new(&problem);
    let contest = is_contest(path);
    contest_only("run", path, &contest_args)?;
    if all && package_dir(&problem).is_none() && !contest {
        return Err(UsageError(
                "run --all runs a package's or contest's every submission on every test: give a package or contest directory".into(),
            )
            .into());
    }
    if package_dir(&problem).is_some() || contest {
        given.refuse(PROGRAM_LIMITS, PACKAGE_LIMITS)?;
        given.refuse(
            &["extended"],
            "a package or contest: its inputs are checked by its own validators",
        )?;
    } else {
        given.refuse(
            &["stated-limit", "judge"],
            "a built-in problem's directory of tests: give a package or contest directory",
        )?;
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
            judge,
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
            judge,
            keep_stated: stated_limit,
            every_cell: all,
            shard: contest_args.shard,
            report: contest_args.report.as_deref(),
        });
    }
    if !PROBLEMS.contains(&problem.as_str()) {
        return Err(unknown_problem(&problem).into());
    }
    let dir =
        dir.ok_or_else(|| UsageError(format!("run {problem} needs the DIR of tests to run on")))?;
    visit(
        &problem,
        run::RunDir {
            dir,
            programs,
            extended,
        },
    )
}

/// `stress`: a package's or contest's search (`stress_package.rs`), your own
/// problem (`--gen`, `stress_any.rs`), or the built-in problems (`stress.rs`).
fn stress_any_kind(args: StressArgs, given: &Given) -> Result<ExitCode> {
    let package = args.problem.as_deref().and_then(package_dir);
    let contest = args
        .problem
        .as_deref()
        .map(std::path::Path::new)
        .is_some_and(is_contest);
    if package.is_some() || contest {
        given.refuse(PROGRAM_LIMITS, PACKAGE_LIMITS)?;
        given.refuse(
            STRESS_OWN_PROBLEM,
            "a package or contest: its jury programs are its own",
        )?;
    }
    if package.is_some() {
        given.refuse(
            &["shard", "report"],
            "one package: they split and record a contest",
        )?;
    }
    if let Some(dir) = package {
        return stress_package::run(&dir, &args);
    }
    if let Some(dir) = args
        .problem
        .as_deref()
        .map(std::path::Path::new)
        .filter(|p| is_contest(p))
    {
        return stress_package::run_contest(dir, &args);
    }
    if args.gen.is_some() {
        if let Some(problem) = &args.problem {
            return Err(UsageError(format!(
                "--gen is for a problem of your own (or a package directory), not the built-in {problem}"
            ))
            .into());
        }
        return stress_any::run(args);
    }
    stress::run(args)
}

/// Why a program's limits do not apply to a package or contest.
const PACKAGE_LIMITS: &str =
    "a package or contest: its limits are its own (problem.yaml or problem.xml)";

/// The flags of `stress` that state a problem of one's own (its jury
/// programs, families, cases and limits), which a package states itself or
/// its search does not take.
const STRESS_OWN_PROBLEM: &[&str] = &[
    "reference",
    "interactor",
    "interactor-protocol",
    "multi-pass",
    "checker",
    "checker-protocol",
    "validator",
    "validator-protocol",
    "problem",
    "family",
    "cases",
    "case",
    "corpus",
    "extended",
    "jury-time-limit",
];

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
    package_dir(name).is_some() || is_contest(std::path::Path::new(name))
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
