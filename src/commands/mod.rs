//! One file per subcommand; this one dispatches and resolves problem names.

mod check;
mod families;
mod gen;
mod judge;
mod problems;
mod run;
mod solve;
mod stress;
mod validate;

use crate::cli::Command;
use anyhow::{bail, Result};
use jurybox_stress::{with_problem, ProblemVisitor, PROBLEMS};
use std::process::ExitCode;

/// Runs one subcommand.
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Problems => problems::run(),
        Command::Solve {
            problem,
            engine,
            input,
        } => visit(&problem, solve::Solve { engine, input }),
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
        Command::Stress(args) => stress::run(args),
        Command::Run {
            problem,
            dir,
            programs,
            extended,
        } => visit(
            &problem,
            run::RunDir {
                dir,
                programs,
                extended,
            },
        ),
    }
}

/// Runs `visitor` for the problem called `name`, or explains which names exist.
fn visit<V: ProblemVisitor<Output = Result<ExitCode>>>(name: &str, visitor: V) -> Result<ExitCode> {
    match with_problem(name, visitor) {
        Some(result) => result,
        None => bail!("unknown problem '{name}' (known: {})", PROBLEMS.join(", ")),
    }
}
