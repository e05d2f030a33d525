//! Puyo Puyo chains: resolve a settled screen, print the final screen and the
//! number of links. Statement: `docs/problems/puyo.md`.
//!
//! A link removes every group of four or more same-coloured puyos connected through
//! sides, all at once, then lets the columns fall; the chain ends when no group is
//! left. The 13th (top) row is an ordinary row. Engines: [`naive`] (flood fill on a
//! character grid, the reference) and [`fast`] (colour bitboards), the latter also
//! registered as `fast-portable` with its CPU-feature-free path forced.

#[cfg(feature = "arbitrary")]
mod arbitrary;
pub mod fast;
mod judge;
pub mod mutants;
pub mod naive;
mod parse;
#[cfg(test)]
mod tests;

use crate::problem::{Constraints, Engine, EngineKind, Flaw, Problem};
use crate::{Judgement, ParseError};
use std::fmt::Write;

/// The five colours, as they appear in the text format.
pub const COLOURS: [u8; 5] = *b"rgbyp";
/// An empty cell in the text format.
pub const EMPTY: u8 = b' ';

/// A screen of `width × height` cells, row-major, row 0 being the top row (the
/// first line of the text format). Each cell is [`EMPTY`] or one of [`COLOURS`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Screen {
    /// Number of columns (6 officially, 1..=64 extended).
    pub width: usize,
    /// Number of rows (13 officially, 1..=64 extended).
    pub height: usize,
    /// `height * width` cells, top row first.
    pub cells: Vec<u8>,
}

impl Screen {
    /// An empty screen.
    pub fn empty(width: usize, height: usize) -> Screen {
        Screen {
            width,
            height,
            cells: vec![EMPTY; width * height],
        }
    }

    /// The cell at `row` (0 = top) and `col` (0 = left).
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.width + col]
    }

    /// Sets the cell at `row` (0 = top) and `col` (0 = left).
    pub fn set(&mut self, row: usize, col: usize, cell: u8) {
        self.cells[row * self.width + col] = cell;
    }
}

/// The answer: the screen once the chain is over, and how many links it had.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    /// The final, settled screen.
    pub screen: Screen,
    /// Number of links (steps in which at least one group vanished).
    pub chains: u32,
}

/// The official screen width.
pub const OFFICIAL_WIDTH: usize = 6;
/// The official screen height (the 13th row included).
pub const OFFICIAL_HEIGHT: usize = 13;
/// The largest width and height under [`Constraints::Extended`].
pub const EXTENDED_MAX: usize = 64;

/// The Puyo Puyo chain problem.
pub struct Puyo;

static ENGINES: [Engine<Puyo>; 8] = [
    Engine {
        name: "fast",
        about: "colour bitboards, bit-parallel flood fill and column compaction (SSE2, and BMI2 \
                pext/pdep when the CPU has it), O(links * W * H / 64)",
        kind: EngineKind::Fast,
        solve: fast::solve,
        too_big: Engine::<Puyo>::always,
        cannot_run: Engine::<Puyo>::always,
    },
    Engine {
        name: "fast-portable",
        about: "the fast engine on plain 128-bit words, without SSE2 or BMI2 (the path of \
                other CPUs), O(links * W * H / 64)",
        kind: EngineKind::Fast,
        solve: fast::solve_portable,
        too_big: Engine::<Puyo>::always,
        cannot_run: Engine::<Puyo>::always,
    },
    Engine {
        name: "naive",
        about: "character grid, 4-direction flood fill per link, O(links * W * H)",
        kind: EngineKind::Reference,
        solve: naive::solve,
        too_big: Engine::<Puyo>::always,
        cannot_run: Engine::<Puyo>::always,
    },
    Engine {
        name: "three-directions",
        about: "flood fill searching right, down and left only (the source's golfed bug): splits concave groups",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::three_directions,
        too_big: Engine::<Puyo>::always,
        cannot_run: Engine::<Puyo>::always,
    },
    Engine {
        name: "one-group-at-a-time",
        about: "removes one group per step with gravity in between, a link each: wrong counts and screens",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::one_group_at_a_time,
        too_big: Engine::<Puyo>::always,
        cannot_run: Engine::<Puyo>::always,
    },
    Engine {
        name: "link-per-group",
        about: "counts a link per removed group instead of per step",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::link_per_group,
        too_big: Engine::<Puyo>::always,
        cannot_run: Engine::<Puyo>::always,
    },
    Engine {
        name: "one-cell-gravity",
        about: "lets puyos fall one cell per link instead of all the way down",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::one_cell_gravity,
        too_big: Engine::<Puyo>::always,
        cannot_run: Engine::<Puyo>::always,
    },
    Engine {
        name: "invisible-top-row",
        about: "the real game's hidden 13th row: the top row neither connects nor clears",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::invisible_top_row,
        too_big: Engine::<Puyo>::always,
        cannot_run: Engine::<Puyo>::always,
    },
];

/// Writes `screen` as `height` lines `|cells|` then the floor line `+---+`.
pub fn write_screen(screen: &Screen, out: &mut String) {
    out.reserve((screen.width + 3) * (screen.height + 1));
    for row in screen.cells.chunks(screen.width.max(1)).take(screen.height) {
        out.push('|');
        out.extend(row.iter().map(|&c| c as char));
        out.push_str("|\n");
    }
    out.push('+');
    out.extend(std::iter::repeat_n('-', screen.width));
    out.push_str("+\n");
}

impl Problem for Puyo {
    type Input = Screen;
    type Answer = Answer;

    const NAME: &'static str = "puyo";
    const TITLE: &'static str =
        "Puyo Puyo: resolve a chain, print the final screen and the link count";

    fn parse_input(text: &[u8], limits: Constraints) -> Result<Screen, ParseError> {
        parse::parse_input(text, limits)
    }

    fn write_input(input: &Screen, out: &mut String) {
        write_screen(input, out);
    }

    fn engines() -> &'static [Engine<Self>] {
        &ENGINES
    }

    fn write_answer(_: &Screen, answer: &Answer, out: &mut String) {
        write_screen(&answer.screen, out);
        let _ = writeln!(out, "{} chains", answer.chains);
    }

    fn parse_answer(input: &Screen, text: &[u8]) -> Result<Answer, ParseError> {
        parse::parse_answer(input, text)
    }

    fn judge(_: &Screen, reference: &Answer, candidate: &Answer) -> Judgement {
        judge::judge(reference, candidate)
    }

    fn describe(input: &Screen) -> String {
        let puyos = input.cells.iter().filter(|&&c| c != EMPTY).count();
        format!("W={} H={} puyos={puyos}", input.width, input.height)
    }
}
