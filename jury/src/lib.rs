//! A problem package run as a jury runs it. [`build_package`] builds every
//! program once (`jurybox_languages`: the one table of compilers, through the
//! sandbox, cached by content); [`Jury`] judges one run as the package says (its
//! arguments, limits, and output validator or the default one with the test's
//! flags); [`derive`] finds the time limit from the submissions that bound it,
//! stably; [`run_matrix`] runs every submission on every test and checks each
//! one's verdicts against its directory, `submissions.yaml` and
//! `@EXPECTED_RESULTS@`.
//!
//! Everything runs in the sandbox, and a verdict is jurybox's one vocabulary
//! (`RunVerdict`), whose judges' word is the AC / WA / TLE / RTE of the package.
//! A run with no verdict (the jury's own fault, or Ctrl-C) is a [`Stop`], an
//! `Err` of every call that judges: never a kill, a catch or an agreement.
#![deny(missing_docs)]
// Libraries print nothing: progress is counters the caller polls, failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod build;
mod first_pass;
pub mod harden;
mod limit;
mod matrix;
mod run;
mod stop;

pub use build::{
    build_package, build_package_as, build_validators, choose_judge, judge_of, memory_mib,
    BuiltPackage, Judging, Ready, CHECKTESTDATA_VAR,
};
pub use first_pass::FirstPass;
pub use limit::{derive, derive_keeping, rounded, TimeLimit, Timing, DECISIVE_RUNS};
pub use matrix::{run_matrix, run_matrix_with, EarlyStop, Matrix, Row};
pub use run::{command_with, Case, Jury, Limits, Run};
pub use stop::{JuryFault, Stop};
