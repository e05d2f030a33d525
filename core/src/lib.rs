//! The problems of jurybox: for each one a strict parser, several engines that solve
//! it, and a judge that decides whether a candidate answer is right.
//!
//! Everything here is a pure function of its input. The crate does no IO, draws no
//! random numbers and knows nothing of a command line: the generators, the stress
//! runner and the CLI are built on top of it, and the fuzz targets call straight
//! into it. Each problem lives in its own module and implements [`Problem`], the one
//! trait the rest of the workspace is written against.
#![deny(missing_docs)]
// Libraries print nothing: progress is told (counters the caller polls, or the
// judging::progress facade), never drawn; failures are values.
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

/// The one list of problems: calls the macro `$each` with every problem
/// type, in the order `stress all` runs them. Every registry is made from
/// it, so no crate keeps a list of its own: `jurybox_stress`'s names and
/// name-to-type dispatch, `jurybox_report`'s pictures (a problem without one
/// does not compile). A new problem is one line here.
#[macro_export]
macro_rules! every_problem {
    ($each:ident) => {
        $each!(
            $crate::tetris3d::Tetris3d,
            $crate::puyo::Puyo,
            $crate::netgame::Netgame,
            $crate::papercut::Papercut,
            $crate::blokus3d::Blokus3d,
        );
    };
}

pub use error::ParseError;
pub use problem::{Constraints, Engine, EngineKind, Flaw, Problem};
pub use verdict::Judgement;
