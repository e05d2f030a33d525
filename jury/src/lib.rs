//! A problem package run as a jury runs it. [`build_package`] builds every
//! program once (`jurybox_languages`: the one table of compilers, through the
//! sandbox, cached by content); [`Jury`] judges one run as the package says (its
//! arguments, limits, and output validator or the default one with the test's
//! flags); [`derive`] finds the time limit from the submissions that bound it,
//! stably, by one rule that knows each decisive time's noise ([`LimitRule`]: the
//! upper step where the runs straddle one); [`run_matrix`] runs every submission
//! on every test and checks each one's verdicts against its directory,
//! `submissions.yaml` and `@EXPECTED_RESULTS@`; [`margins`] says how close each
//! one came to its line; [`calibrate`] measures the machine's speed, which a
//! package records beside its limit so that another machine can [`scale`] it.
//!
//! Everything runs in the sandbox, and a verdict is jurybox's one vocabulary
//! (`RunVerdict`), whose judges' word is the AC / WA / TLE / RTE of the package.
//! A run with no verdict (the jury's own fault, or Ctrl-C) is a [`Stop`], an
//! `Err` of every call that judges: never a kill, a catch or an agreement.
#![deny(missing_docs)]
// Libraries print nothing: progress is told (counters the caller polls, or the
// judging::progress facade), never drawn; failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod build_programs;
pub mod contest;
mod file_io;
mod first_pass;
mod gate;
mod limit;
mod limit_noise;
mod margins;
mod matrix;
pub mod package;
pub mod polygon;
mod recheck;
mod run;
mod scores;
mod shown;
mod sinol_cache;
pub mod sinol_examples;
mod sinol_gen;
mod speed;
mod stop;
mod tell;
mod test_inputs;
mod test_limits;
mod undisturbed;
mod validator_cases;

pub use build_programs::{
    build_package, build_package_as, build_validators, choose_judge, judge_of, memory_mib,
    BuiltPackage, ChosenJudge, Ready, CHECKTESTDATA_VAR,
};
pub use file_io::{named_files, run_as_judged};
pub use first_pass::FirstPass;
pub use gate::{machine, Gate, GatePass, Turn};
pub use limit::{
    derive, derive_keeping, Between, Moment, StatedCheck, TimeLimit, Timing, Yardstick,
    DECISIVE_RUNS, NEIGHBOUR_RUNS,
};
pub use limit_noise::{Interval, LimitRule, LimitStep};
pub use margins::{margin, margins, LimitSide, Margin};
pub use matrix::{run_matrix, run_matrix_as_judged, run_matrix_with, EarlyStop, Matrix, Row};
pub use recheck::{recheck_accepted, QuietMoment, AGAIN_KILL, AGAIN_RUNS};
pub use run::{
    command_with, kill_past, limit_of, memory_of, Case, Jury, Limits, Run, KILL_MARGIN_SECONDS,
};
pub use scores::{outcomes, points, score_matrix, Scored};
pub use speed::{
    calibrate, scale, CalibrateError, Measured, Reference, ScaledLimit, Speed, CALIBRATION_RUNS,
    REFERENCES, REFERENCE_MACHINE, SPEED_NOISE,
};
pub use stop::{JuryFault, Stop, Stops};
pub use tell::{Quiet, Tell};
pub use test_inputs::{RefusedTest, Validated};
pub use test_limits::TestAt;
pub use undisturbed::undisturbed;
pub use validator_cases::{CaseFault, Checked};
