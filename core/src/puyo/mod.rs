//! Puyo Puyo chains: resolve a settled screen, print the final screen and the
//! number of links. Spec: `shared/problems/puyo.md`.
//!
//! (Problem impl, parser and engines: issue 3, in progress.)

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
pub struct Outcome {
    /// The final, settled screen.
    pub screen: Screen,
    /// Number of links (steps in which at least one group vanished).
    pub chains: u32,
}

/// The Puyo Puyo chain problem.
pub struct Puyo;
