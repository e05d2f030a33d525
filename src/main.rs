//! `jurybox`: the command line over the core, generators and stress crates.
//!
//! This binary is the only place that prints, reads files given by the user or
//! exits; errors from the libraries arrive typed and are rendered here with
//! `anyhow`, naming the file, line and column.

// Stderr goes through `errln!`, so that no line is drawn over by a bar.
#![deny(clippy::print_stderr)]

/// `print!` to stdout that ends the process quietly (exit 141, as a shell reports
/// SIGPIPE) when stdout is a closed pipe (`jurybox problems | head -1`), instead of
/// panicking as `print!` does.
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

/// `println!` with the same behaviour as [`out!`].
macro_rules! outln {
    () => { $crate::output::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` that a job's progress bar does not draw over: on a terminal
/// the line goes above the bar (the bar is redrawn below it).
macro_rules! errln {
    ($($arg:tt)*) => { $crate::output::note(format_args!($($arg)*)) };
}

mod builtin_suite;
mod cli;
mod commands;
mod contest_view;
mod embedded;
mod exit;
mod input;
mod interrupt;
mod output;
mod package_view;
mod program_flags;
mod progress;
mod report_read;
mod run_scores;
mod stopped;
mod stress_view;

use clap::Parser;
use std::process::ExitCode;

/// A mistake in the command line, found after clap parsed it: exit 2 (3 for judge).
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The exit code of a usage error: testlib's "failure" (3, the number of
/// the jury's fault) for `judge`, whose callers read 2 as a presentation
/// error, else [`exit::USAGE`].
fn usage_code(judging: bool) -> u8 {
    if judging {
        exit::JURY_FAULT
    } else {
        exit::USAGE
    }
}

/// Whether `e` says a path given as a package or contest is none (no
/// problem.yaml, problem.xml or problem folders there): a path that makes no
/// sense, so a usage error for every command alike, where a package whose
/// file cannot be read is not.
fn names_no_package(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<jurybox_format::PackageError>(),
            Some(jurybox_format::PackageError::Layout { .. })
        )
    })
}

/// Whether `e` says a package cannot be judged as it states (its scoring
/// does not add up or names what does not exist, or it has no output
/// validator it asks for): the jury's own fault, whichever command read it.
fn names_unjudgeable(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<jurybox_format::PackageError>(),
            Some(jurybox_format::PackageError::Scoring(_))
                | Some(jurybox_format::PackageError::NoOutputValidator { .. })
        )
    })
}

fn main() -> ExitCode {
    let judging = std::env::args().nth(1).is_some_and(|a| a == "judge");
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() {
                usage_code(judging)
            } else {
                exit::OK
            };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = commands::run(cli.command);
    progress::finish();
    match result {
        Ok(code) => code,
        Err(e) => {
            if let Some(ended) = e.downcast_ref::<stopped::Ended>() {
                errln!("{ended}");
                return ExitCode::from(ended.code);
            }
            errln!("error: {e:#}");
            if e.downcast_ref::<UsageError>().is_some() || names_no_package(&e) {
                ExitCode::from(usage_code(judging))
            } else if judging || names_unjudgeable(&e) {
                exit::code(exit::JURY_FAULT)
            } else {
                exit::code(exit::FOUND)
            }
        }
    }
}
