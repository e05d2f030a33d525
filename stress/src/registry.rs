//! The list of problems, and the one place that turns a problem's name into its type.
//!
//! Everything above this crate (CLI, benches) is generic over [`Harness`]; a
//! [`ProblemVisitor`] is how a name typed on the command line reaches that generic
//! code without a `match` in every command.

use crate::Shrink;
use jurybox_core::puyo::Puyo;
use jurybox_core::tetris3d::Tetris3d;
use jurybox_generators::Generate;

/// Everything the harness needs of a problem: parse, solve, judge, generate, shrink.
pub trait Harness: Generate + Shrink + Sized {}
impl<P: Generate + Shrink + Sized> Harness for P {}

/// Generic code to run for one problem chosen at run time.
pub trait ProblemVisitor {
    /// What the visit returns.
    type Output;
    /// Runs for problem `P`.
    fn visit<P: Harness>(self) -> Self::Output;
}

/// Names of every problem, in the order `stress all` runs them.
pub const PROBLEMS: &[&str] = &["tetris3d", "puyo"];

/// Runs `visitor` for the problem called `name`; `None` if there is no such problem.
pub fn with_problem<V: ProblemVisitor>(name: &str, visitor: V) -> Option<V::Output> {
    match name {
        "tetris3d" => Some(visitor.visit::<Tetris3d>()),
        "puyo" => Some(visitor.visit::<Puyo>()),
        _ => None,
    }
}
