//! The problems of jurybox: for each one a strict parser, several engines that solve
//! it, and a judge that decides whether a candidate answer is right.
//!
//! Everything here is a pure function of its input. The crate does no IO, draws no
//! random numbers and knows nothing of a command line: the generators, the stress
//! runner and the CLI are built on top of it, and the fuzz targets call straight
//! into it. Each problem lives in its own module and implements [`Problem`], the one
//! trait the rest of the workspace is written against.
#![deny(missing_docs)]
// Libraries print nothing: progress is counters the caller polls, failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod error;
pub mod problem;
pub mod scan;
pub mod verdict;

pub mod blokus3d;
pub mod netgame;
pub mod papercut;
pub mod puyo;
pub mod tetris3d;

pub use error::ParseError;
pub use problem::{Engine, EngineKind, Flaw, Limits, Problem};
pub use verdict::Verdict;
