//! What a jury checks by eye, drawn: a picture of every test of a judge suite and
//! one self-contained HTML page around them (the kill matrix, how the time limit
//! was derived and each submission's margin to it, and per test its provenance, size, picture, answer, CPU times and
//! kills).
//!
//! The crate knows nothing of how a suite is built or stored: the caller fills a
//! plain [`ReportData`] (the CLI reads a suite directory into it) and
//! [`render_html`] turns it into one string, with inline SVG and CSS, no script and
//! no reference to anything outside the page, so the file can be mailed or
//! archived with the package. Pictures are pure functions of (input, answer):
//! [`draw`] parses both with the problem's own parser and calls the problem's
//! module (`tetris3d.rs` a height map, `puyo.rs` the chain link by link,
//! `netgame.rs` the net and the winning rope, `papercut.rs` the sheet and its cuts,
//! `blokus3d.rs` each test case's board from above). Big inputs are drawn within a
//! byte budget per picture (coarser cells, cut lines merged at pixel resolution),
//! so a 65-test suite of maximal inputs stays a few megabytes.

#![deny(missing_docs)]
// Libraries print nothing: progress is told (counters the caller polls, or the
// judging::progress facade), never drawn; failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod blokus3d;
mod html;
mod model;
pub mod netgame;
pub mod papercut;
pub mod puyo;
pub mod svg;
pub mod tetris3d;

pub use html::render_html;

pub use html::{abbreviate, anchor};
pub use model::{KillRow, MarginRow, ProgramTime, ReportData, ScoreRow, ScoreTable, TestData};

use jurybox_core::{Constraints, ParseError, Problem};

/// Why a test could not be drawn (shown in the report in place of its picture).
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// No picture exists for this problem name.
    #[error("no picture for problem '{0}'")]
    UnknownProblem(String),
    /// The input does not parse under the extended limits.
    #[error("input: {0}")]
    Input(ParseError),
    /// The answer does not parse for that input.
    #[error("answer: {0}")]
    Answer(ParseError),
}

/// One drawn test: the SVG element and a line saying what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// A complete `<svg>` element.
    pub svg: String,
    /// What the picture shows and how it was scaled (plain text).
    pub caption: String,
}

/// A problem drawn: each problem's module implements it for the problem's
/// type, and [`draw`] reaches it through core's one list of problems.
pub trait Drawn: Problem {
    /// The picture of a parsed input and its answer.
    fn picture(input: &Self::Input, answer: &Self::Answer) -> Picture;
}

/// Parses `input` and `answer` as problem `P` and draws them.
fn typed<P: Drawn>(input: &[u8], answer: &[u8]) -> Result<Picture, DrawError> {
    let input = P::parse_input(input, Constraints::Extended).map_err(DrawError::Input)?;
    let answer = P::parse_answer(&input, answer).map_err(DrawError::Answer)?;
    Ok(P::picture(&input, &answer))
}

/// Makes [`draw`] from core's list of problems, so every problem in it must
/// be [`Drawn`].
macro_rules! drawing {
    ($($problem:ty),+ $(,)?) => {
        /// The picture of one test of problem `problem` (its registry name).
        pub fn draw(problem: &str, input: &[u8], answer: &[u8]) -> Result<Picture, DrawError> {
            $(
                if problem == <$problem as Problem>::NAME {
                    return typed::<$problem>(input, answer);
                }
            )+
            Err(DrawError::UnknownProblem(problem.to_string()))
        }
    };
}

jurybox_core::every_problem!(drawing);
