//! The list of problems, and the one place that turns a problem's name into its type.
//!
//! Everything above this crate (CLI, benches, tests) is generic over [`Harness`]; a
//! [`ProblemVisitor`] is how a name typed on the command line reaches that generic
//! code without a `match` in every command. The list is written once, in core
//! (`jurybox_core::every_problem!`): the names and the dispatch are both made
//! from it, so a problem cannot be listed without being reachable, or the
//! other way round.

use crate::Shrink;
use jurybox_core::Problem;
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

/// Makes [`PROBLEMS`] and [`with_problem`] from one list of problem types.
macro_rules! problems {
    ($($problem:ty),+ $(,)?) => {
        /// Names of every problem, in the order `stress all` runs them.
        pub const PROBLEMS: &[&str] = &[$(<$problem as Problem>::NAME),+];

        /// Runs `visitor` for the problem called `name`; `None` if there is no such
        /// problem.
        pub fn with_problem<V: ProblemVisitor>(name: &str, visitor: V) -> Option<V::Output> {
            $(
                if name == <$problem as Problem>::NAME {
                    return Some(visitor.visit::<$problem>());
                }
            )+
            None
        }
    };
}

// The one list is core's (`jurybox_core::every_problem!`): adding a problem
// there is what makes the CLI, stress, the corpus test and the benches see it;
// `tests/registry.rs` checks it brought its samples, fuzz targets and bench along.
jurybox_core::every_problem!(problems);
