//! The stress runner of jurybox: generate inputs, run every engine, judge them
//! against a trusted reference, shrink any disagreement to a minimal input and store
//! it as a regression before reporting it.
//!
//! The library draws no progress bars and prints nothing: the runner reports through
//! counters the caller polls, and failures come back as values. Everything here is
//! written once against [`jurybox_core::Problem`] and the generator and shrinker
//! traits, so a new problem gets stress, shrinking and fuzzing by implementing them
//! and adding one line to [`registry`].
#![deny(missing_docs)]
// Libraries print nothing: progress is told (counters the caller polls, or the
// judging::progress facade), never drawn; failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod any;
pub mod case;
pub mod check;
pub mod fuzz;
pub mod plan;
pub mod registry;
#[cfg(feature = "reports")]
pub mod report;
pub mod runner;
pub mod save;
mod shrink;
pub mod store;

pub use registry::{with_problem, Harness, ProblemVisitor, PROBLEMS};
pub use shrink::{minimize, Shrink};
