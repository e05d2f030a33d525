//! Network game (All-Russian Olympiad in Informatics 2005): unit ropes of a fishing
//! net; players in turn cut a rope that is a side of a whole cell; who cannot move
//! loses. Decide whether the first player wins and give a winning rope.
//! Statement: `docs/problems/netgame.md`.
//!
//! In terms of whole cells a move removes two edge-adjacent whole cells (their
//! shared rope) or one whole cell with fewer than four whole neighbours, so the game
//! is a sum over the connected components of whole cells. [`net`] builds the cells
//! once; the engines are [`fast`] (Grundy values memoised by canonical shape),
//! [`naive`] (the source's ropes-bitmask search) and [`cells`] (the source's
//! cells-bitmask search). Several ropes may win, so answers are judged by a checker
//! (`judge.rs`) with a plain search of its own, never by comparing text. The
//! spec's known wrong solutions live in [`mutants`].

#[cfg(feature = "arbitrary")]
mod arbitrary;
pub mod cells;
pub mod fast;
mod hash;
mod judge;
pub mod mutants;
pub mod naive;
pub mod net;
mod parse;
#[cfg(test)]
mod tests;

use crate::problem::{Constraints, Engine, EngineKind, Flaw, Problem};
use crate::{Judgement, ParseError};
use std::fmt::Write;

/// One rope as given: the unit segment between `(x1, y1)` and `(x2, y2)`, end points
/// in input order (either order is valid, and the writer keeps it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rope {
    /// First end point, x.
    pub x1: u32,
    /// First end point, y.
    pub y1: u32,
    /// Second end point, x.
    pub x2: u32,
    /// Second end point, y.
    pub y2: u32,
}

/// A validated net: unit, axis-parallel, pairwise distinct ropes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Input {
    /// The ropes in input order; rope `i` of the statement is `ropes[i - 1]`.
    pub ropes: Vec<Rope>,
}

/// What a solution prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// `1` then `k`: the first player wins by cutting rope `k` (1-based). A
    /// candidate's `k` may be any integer, even out of range (the judge says so);
    /// one beyond 64 bits is read as `i64::MAX` or `i64::MIN`, still out of range.
    Win(i64),
    /// `2`: the first player loses against best play.
    Lose,
}

/// Bounds of one set of limits.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Largest number of ropes.
    pub max_n: u64,
    /// Largest coordinate.
    pub max_coord: u64,
    /// Largest connected component of whole cells.
    pub max_component: usize,
}

/// Largest component of whole cells under either limits: 24 cells keep every
/// engine's per-component state in a `u32` bitmask.
pub const MAX_COMPONENT: usize = 24;

/// Bounds of the official statement (its 50 ropes make at most 20 whole cells).
pub const OFFICIAL: Bounds = Bounds {
    max_n: 50,
    max_coord: 50,
    max_component: MAX_COMPONENT,
};

/// Bounds every solver must handle.
pub const EXTENDED: Bounds = Bounds {
    max_n: 100_000,
    max_coord: 1_000_000,
    max_component: MAX_COMPONENT,
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

/// The network game problem.
pub struct Netgame;

static ENGINES: [Engine<Netgame>; 9] = [
    Engine {
        name: "fast",
        about: "components of whole cells, Grundy values memoised by canonical shape \
                (translation and the 8 symmetries), XOR; then the lowest winning rope",
        kind: EngineKind::Fast,
        solve: fast::solve,
        too_big: Engine::<Netgame>::always,
        cannot_run: Engine::<Netgame>::always,
    },
    Engine {
        name: "naive",
        about: "the source's 70-point search: memoised win/lose over bitmasks of uncut \
                cuttable ropes, O(2^r * r * cells) for r <= 24 cuttable ropes",
        kind: EngineKind::Reference,
        solve: naive::solve,
        too_big: naive::too_big,
        cannot_run: naive::too_big,
    },
    Engine {
        name: "cells",
        about: "the source's 100-point search: memoised win/lose over bitmasks of whole \
                cells, no components or Grundy values, O(2^c * c) for c <= 20 cells",
        kind: EngineKind::Reference,
        solve: cells::solve,
        too_big: cells::too_big,
        cannot_run: cells::too_big,
    },
    Engine {
        name: "parity",
        about: "guesses from the parity of the number of whole cells (odd wins) \
                and cuts the lowest cuttable rope",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::parity,
        too_big: Engine::<Netgame>::always,
        cannot_run: Engine::<Netgame>::always,
    },
    Engine {
        name: "any-rope",
        about: "lets every rope be cut, whole cell or not, so the game is the \
                parity of N; cuts rope 1",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::any_rope,
        too_big: Engine::<Netgame>::always,
        cannot_run: Engine::<Netgame>::always,
    },
    Engine {
        name: "one-cell",
        about: "cells search where cutting a shared rope kills only one of its \
                two cells",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::one_cell,
        too_big: cells::too_big,
        cannot_run: cells::too_big,
    },
    Engine {
        name: "unchecked",
        about: "right verdict (cells search), but prints the lowest cuttable \
                rope without checking that it wins",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::unchecked,
        too_big: cells::too_big,
        cannot_run: cells::too_big,
    },
    Engine {
        name: "unmemoised",
        about: "the cells search without a memo: exponential time on 20-cell nets",
        kind: EngineKind::Mutant(Flaw::TooSlow),
        solve: mutants::unmemoised,
        too_big: mutants::unmemoised_too_big,
        cannot_run: cells::too_big,
    },
    Engine {
        name: "memo-ropes",
        about: "the source's 70-point search as a memo without pruning: win/lose \
                over masks of the uncut cuttable ropes, so positions with the same \
                whole cells are searched apart; slow beyond about 12 cells",
        kind: EngineKind::Mutant(Flaw::TooSlow),
        // The same search as the reference `naive` (its answers where it runs);
        // the package's C++ keeps its memo in a hash table, so it runs on any net.
        solve: naive::solve,
        too_big: naive::too_big,
        cannot_run: naive::too_big,
    },
];

impl Problem for Netgame {
    type Input = Input;
    type Answer = Answer;

    const NAME: &'static str = "netgame";
    const TITLE: &'static str =
        "Network game: cut ropes of whole cells, who cannot move loses (Russia 2005)";
    const SEVERAL_ANSWERS: bool = true;

    fn parse_input(text: &[u8], limits: Constraints) -> Result<Input, ParseError> {
        parse::parse_input(text, Bounds::of(limits))
    }

    fn write_input(input: &Input, out: &mut String) {
        out.reserve(8 + input.ropes.len() * 16);
        let _ = writeln!(out, "{}", input.ropes.len());
        for r in &input.ropes {
            let _ = writeln!(out, "{} {} {} {}", r.x1, r.y1, r.x2, r.y2);
        }
    }

    fn engines() -> &'static [Engine<Self>] {
        &ENGINES
    }

    fn write_answer(_: &Input, answer: &Answer, out: &mut String) {
        match answer {
            Answer::Win(k) => {
                let _ = write!(out, "1\n{k}\n");
            }
            Answer::Lose => out.push_str("2\n"),
        }
    }

    fn parse_answer(_: &Input, text: &[u8]) -> Result<Answer, ParseError> {
        parse::parse_answer(text)
    }

    fn judge(input: &Input, reference: &Answer, candidate: &Answer) -> Judgement {
        judge::judge(input, reference, candidate)
    }

    fn describe(input: &Input) -> String {
        let net = net::Net::new(input);
        format!("N={} cells={}", input.ropes.len(), net.cells.len())
    }
}
