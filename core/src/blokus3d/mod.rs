//! Blokus 3D (NTUJ): K players drop polycubes of 2 to 4 cubes onto a board with
//! holes; after every action print `NO` or the K scores. Statement:
//! `docs/problems/blokus3d.md` (the rules there are this project's definition; the
//! source lost its rule lists).
//!
//! The only problem whose input holds several test cases and whose output is a line
//! per action. Engines: [`fast`] (column stacks, precomputed orientations, a
//! can-place test near the player's own cubes that reuses a witness), [`naive`]
//! (the plain voxel model of [`rules`], everything rechecked from scratch) and the
//! [`mutants`], models of the spec's known wrong solutions.
//!
//! Code map: `pieces.rs` derives the 11 pieces; `rules.rs` is the plain model
//! (naive, the mutants and the generators use it); `parse.rs` the validator;
//! `answer.rs` the output format and the judge.

mod answer;
#[cfg(feature = "arbitrary")]
mod arbitrary;
pub mod fast;
pub mod mutants;
pub mod naive;
mod parse;
pub mod pieces;
pub mod rules;
#[cfg(test)]
mod tests;

use crate::problem::{Constraints, Engine, EngineKind, Problem};
use crate::{Judgement, ParseError};
use std::fmt::Write;

/// One action line: `player {cubes} (x,y)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The acting player, 1..=K.
    pub player: u32,
    /// The description's cubes `[x, y, z]` in input order, each digit 0..=3, the
    /// minimum of each coordinate 0 (when there is any cube). May repeat cubes or
    /// not form a piece: that is an illegal action, not an invalid input.
    pub cubes: Vec<[u8; 3]>,
    /// Where the description's origin goes: row `x` (0..X).
    pub x: u32,
    /// Column `y` (0..Y).
    pub y: u32,
}

/// One test case: a board, K players and the actions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// Number of players K.
    pub k: u32,
    /// Board rows X (the first coordinate).
    pub rows: u32,
    /// Board columns Y (the second coordinate).
    pub cols: u32,
    /// `rows * cols` cells, row-major: true for '.', false for '#'.
    pub open: Vec<bool>,
    /// The actions in order.
    pub actions: Vec<Action>,
}

impl Game {
    /// True when `(x, y)` is inside the grid and on '.'.
    pub fn is_open(&self, x: i64, y: i64) -> bool {
        (0..i64::from(self.rows)).contains(&x)
            && (0..i64::from(self.cols)).contains(&y)
            && self.open[(x * i64::from(self.cols) + y) as usize]
    }
}

/// The whole input: T test cases.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Input {
    /// The test cases in order.
    pub games: Vec<Game>,
}

/// The output line for one action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reply {
    /// The action is illegal (or the game is over).
    No,
    /// The K scores after the action, in player order.
    Scores(Vec<u32>),
}

/// The answer: per test case, one reply per action.
pub type Answer = Vec<Vec<Reply>>;

/// Bounds of one set of limits.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Largest T.
    pub max_t: u64,
    /// Largest N per test case.
    pub max_n: u64,
    /// Largest K.
    pub max_k: u64,
    /// Largest X and Y.
    pub max_side: u64,
}

/// The spec's limits (T ≤ 20 is this project's bound; the source gives none).
pub const OFFICIAL: Bounds = Bounds {
    max_t: 20,
    max_n: 600,
    max_k: 50,
    max_side: 100,
};

/// Larger inputs every solver must still handle: K stays below 256 so a colour
/// fits a byte; the rest is sized so that the output (N·K numbers per case) stays
/// a few megabytes.
pub const EXTENDED: Bounds = Bounds {
    max_t: 100,
    max_n: 5_000,
    max_k: 250,
    max_side: 300,
};

impl Bounds {
    /// The bounds for `limits`.
    pub fn of(limits: Constraints) -> Bounds {
        match limits {
            Constraints::Official => OFFICIAL,
            Constraints::Extended => EXTENDED,
        }
    }
}

/// The Blokus 3D problem.
pub struct Blokus3d;

static ENGINES: [Engine<Blokus3d>; 7] = [
    Engine {
        name: "fast",
        about:
            "column stacks, 104 precomputed orientations, can-place near own cubes with a witness",
        kind: EngineKind::Fast,
        solve: fast::solve,
        too_big: Engine::<Blokus3d>::always,
        cannot_run: Engine::<Blokus3d>::always,
    },
    Engine {
        name: "naive",
        about: "voxel grid, every rule rechecked per action; can-place tries 11 x 24 x X*Y",
        kind: EngineKind::Reference,
        solve: naive::solve,
        too_big: naive::too_big,
        cannot_run: Engine::<Blokus3d>::always,
    },
    mutants::REFLECTIONS,
    mutants::ILLEGAL_PASSES,
    mutants::NEVER_RECHECK,
    mutants::LOWEST_LAYER_GAP,
    mutants::FIRST_PIECE_FREE,
];

impl Problem for Blokus3d {
    type Input = Input;
    type Answer = Answer;

    const NAME: &'static str = "blokus3d";
    const TITLE: &'static str = "Blokus 3D: polycubes dropped by K players, scores per action";

    fn parse_input(text: &[u8], limits: Constraints) -> Result<Input, ParseError> {
        parse::parse(text, Bounds::of(limits))
    }

    fn write_input(input: &Input, out: &mut String) {
        let _ = writeln!(out, "{}", input.games.len());
        for (i, game) in input.games.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            write_game(game, out);
        }
    }

    fn engines() -> &'static [Engine<Self>] {
        &ENGINES
    }

    fn write_answer(_: &Input, answer: &Answer, out: &mut String) {
        answer::write(answer, out);
    }

    fn parse_answer(input: &Input, text: &[u8]) -> Result<Answer, ParseError> {
        answer::parse(input, text)
    }

    fn judge(_: &Input, reference: &Answer, candidate: &Answer) -> Judgement {
        answer::judge(reference, candidate)
    }

    fn describe(input: &Input) -> String {
        let max = |f: fn(&Game) -> u64| input.games.iter().map(f).max().unwrap_or(0);
        format!(
            "T={} N<={} K<={} X<={} Y<={}",
            input.games.len(),
            max(|g| g.actions.len() as u64),
            max(|g| u64::from(g.k)),
            max(|g| u64::from(g.rows)),
            max(|g| u64::from(g.cols)),
        )
    }
}

/// Writes one test case in the official format.
fn write_game(game: &Game, out: &mut String) {
    let _ = writeln!(
        out,
        "{} {} {} {}",
        game.actions.len(),
        game.k,
        game.rows,
        game.cols
    );
    for row in game.open.chunks(game.cols as usize) {
        out.extend(row.iter().map(|&o| if o { '.' } else { '#' }));
        out.push('\n');
    }
    for a in &game.actions {
        write_action(a, out);
        out.push('\n');
    }
}

/// Writes `id {xyz,...} (x,y)` without the line end.
pub fn write_action(a: &Action, out: &mut String) {
    let _ = write!(out, "{} {{", a.player);
    for (i, c) in a.cubes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{}{}{}", c[0], c[1], c[2]);
    }
    let _ = write!(out, "}} ({},{})", a.x, a.y);
}
