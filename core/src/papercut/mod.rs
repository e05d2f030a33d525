//! The paper-cutting game (Codeforces 277C "Game"): an n × m sheet with k cuts
//! already made; players alternately cut along grid lines, each cut must cut at
//! least one unit of line not cut before, and the player who cannot move loses.
//! Print `SECOND`, or `FIRST` and a winning move. Statement:
//! `docs/problems/papercut.md`.
//!
//! Every interior line is a Nim heap of its uncut length (a move lowers one line's
//! uncut length by any amount), so the answer is the XOR of the heaps. Engines:
//! [`fast`] (merged intervals, the parity of untouched lines, O(k log k)), [`naive`]
//! (win/lose search over the bitmask of uncut unit segments reachable from the input, which checks the Nim
//! argument rather than assuming it) and the spec's known wrong solutions as
//! [`mutants`]. Several answers are right, so the judge is a checker ([`judge`]) that
//! rebuilds the position itself and plays the candidate's move on it.

#[cfg(feature = "arbitrary")]
mod arbitrary;
pub mod fast;
pub mod judge;
pub mod lines;
pub mod mutants;
pub mod naive;
mod parse;
#[cfg(test)]
mod tests;

use crate::problem::{Constraints, Engine, EngineKind, Flaw, Problem};
use crate::{Judgement, ParseError};
use std::fmt::Write;

/// An interior grid line: a vertical line `x = c` (length m) or a horizontal line
/// `y = c` (length n). Vertical lines order before horizontal ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Line {
    /// The line `x = c`, running from `(c, 0)` to `(c, m)`.
    Vertical(u32),
    /// The line `y = c`, running from `(0, c)` to `(n, c)`.
    Horizontal(u32),
}

/// One cut as the input gives it: end points `(xb, yb)` and `(xe, ye)`, in either
/// order. A valid cut is axis-parallel, has non-zero length and is not on the border.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    /// x of the first end point.
    pub xb: u32,
    /// y of the first end point.
    pub yb: u32,
    /// x of the second end point.
    pub xe: u32,
    /// y of the second end point.
    pub ye: u32,
}

impl Cut {
    /// The cut covering `[lo, hi]` along `line`, end points in increasing order.
    pub fn along(line: Line, lo: u32, hi: u32) -> Cut {
        match line {
            Line::Vertical(c) => Cut {
                xb: c,
                yb: lo,
                xe: c,
                ye: hi,
            },
            Line::Horizontal(c) => Cut {
                xb: lo,
                yb: c,
                xe: hi,
                ye: c,
            },
        }
    }

    /// The line a valid cut lies on and the span `[lo, hi)` of unit segments it
    /// covers along that line (`lo < hi`).
    pub fn span(&self) -> (Line, u32, u32) {
        if self.xb == self.xe {
            (
                Line::Vertical(self.xb),
                self.yb.min(self.ye),
                self.yb.max(self.ye),
            )
        } else {
            (
                Line::Horizontal(self.yb),
                self.xb.min(self.xe),
                self.xb.max(self.xe),
            )
        }
    }

    /// The same cut with its end points swapped.
    pub fn reversed(&self) -> Cut {
        Cut {
            xb: self.xe,
            yb: self.ye,
            xe: self.xb,
            ye: self.yb,
        }
    }
}

/// A sheet and the cuts already made.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Input {
    /// Width: x runs from 0 to n.
    pub n: u32,
    /// Height: y runs from 0 to m.
    pub m: u32,
    /// The cuts, in input order.
    pub cuts: Vec<Cut>,
}

impl Input {
    /// The length of `line` (the number of unit segments on it).
    pub fn length(&self, line: Line) -> u32 {
        match line {
            Line::Vertical(_) => self.m,
            Line::Horizontal(_) => self.n,
        }
    }

    /// Number of interior vertical lines, `n − 1`.
    pub fn vertical_lines(&self) -> u32 {
        self.n - 1
    }

    /// Number of interior horizontal lines, `m − 1`.
    pub fn horizontal_lines(&self) -> u32 {
        self.m - 1
    }

    /// Number of interior unit segments, `(n − 1)·m + (m − 1)·n`, exactly.
    pub fn interior_units(&self) -> u64 {
        let (n, m) = (u64::from(self.n), u64::from(self.m));
        (n - 1) * m + (m - 1) * n
    }
}

/// A move as a program prints it: a segment from `(xb, yb)` to `(xe, ye)`. Signed
/// and 64-bit because a candidate may print anything; the checker judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// x of the first end point.
    pub xb: i64,
    /// y of the first end point.
    pub yb: i64,
    /// x of the second end point.
    pub xe: i64,
    /// y of the second end point.
    pub ye: i64,
}

impl Move {
    /// The move cutting `[lo, hi]` along `line`.
    pub fn along(line: Line, lo: u64, hi: u64) -> Move {
        let (lo, hi) = (lo as i64, hi as i64);
        match line {
            Line::Vertical(c) => Move {
                xb: i64::from(c),
                yb: lo,
                xe: i64::from(c),
                ye: hi,
            },
            Line::Horizontal(c) => Move {
                xb: lo,
                yb: i64::from(c),
                xe: hi,
                ye: i64::from(c),
            },
        }
    }
}

/// Who wins, and how when it is the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The second player wins (the XOR of the heaps is 0).
    Second,
    /// The first player wins, and this is a winning first move.
    First(Move),
}

/// Bounds of one set of limits.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Largest n and m.
    pub max_side: u64,
    /// Largest number of cuts k.
    pub max_k: u64,
}

/// The official statement's limits: 1 ≤ n, m ≤ 10^9, 0 ≤ k ≤ 10^5.
pub const OFFICIAL: Bounds = Bounds {
    max_side: 1_000_000_000,
    max_k: 100_000,
};

/// The extended limits. The spec gives none, so they are the official ones with ten
/// times the cuts (k ≤ 10^6): the sheet stays at 10^9, where the statement already
/// puts every count of untouched lines beyond a loop and every sum of lengths beyond
/// 32 bits; more cuts only scale the sort, which is what a solver must survive.
pub const EXTENDED: Bounds = Bounds {
    max_side: 1_000_000_000,
    max_k: 1_000_000,
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

/// The paper-cutting game.
pub struct Papercut;

static ENGINES: [Engine<Papercut>; 7] = [
    Engine {
        name: "fast",
        about: "sort and merge each line's cuts, Nim with the parity of untouched lines, \
                the move by walking the merged intervals, O(k log k)",
        kind: EngineKind::Fast,
        solve: fast::solve,
        too_big: Engine::<Papercut>::always,
        cannot_run: Engine::<Papercut>::always,
    },
    Engine {
        name: "naive",
        about: "win/lose search over the positions reachable from the input, memoised \
                by the set of uncut unit segments (no Nim), O(2^U * runs) for U <= 24 uncut",
        kind: EngineKind::Reference,
        solve: naive::solve,
        too_big: naive::too_big,
        cannot_run: naive::cannot_run,
    },
    Engine {
        name: "unmerged",
        about: "a line's heap is its length minus the sum of its cuts' lengths, \
                overlaps counted twice",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::unmerged::solve,
        too_big: Engine::<Papercut>::always,
        cannot_run: Engine::<Papercut>::always,
    },
    Engine {
        name: "parity-ignored",
        about: "XORs the untouched lines' length once per orientation, whatever \
                the parity of their count",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::parity::solve,
        too_big: Engine::<Papercut>::always,
        cannot_run: Engine::<Papercut>::always,
    },
    Engine {
        name: "line-loop",
        about: "loops over all n + m - 2 lines one by one, O((n + m) log k): \
                seconds at 10^9",
        kind: EngineKind::Mutant(Flaw::TooSlow),
        solve: mutants::line_loop::solve,
        too_big: mutants::line_loop::too_big,
        cannot_run: Engine::<Papercut>::always,
    },
    Engine {
        name: "cut-start",
        about: "the winning cut is [0, t] on the right line, t the units to take, \
                starting inside cut parts instead of skipping them",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::cut_start::solve,
        too_big: Engine::<Papercut>::always,
        cannot_run: Engine::<Papercut>::always,
    },
    Engine {
        name: "wrap32",
        about: "merges all lines on one axis at c*(L+1) + p in wrapping u32, so \
                lines collide once c*(L+1) passes 2^32",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::wrap32::solve,
        too_big: Engine::<Papercut>::always,
        cannot_run: Engine::<Papercut>::always,
    },
];

impl Problem for Papercut {
    type Input = Input;
    type Answer = Answer;

    const NAME: &'static str = "papercut";
    const TITLE: &'static str = "Paper-cutting game: who wins, and a winning cut (CF 277C)";
    const SEVERAL_ANSWERS: bool = true;

    fn parse_input(text: &[u8], limits: Constraints) -> Result<Input, ParseError> {
        parse::parse_input(text, Bounds::of(limits))
    }

    fn write_input(input: &Input, out: &mut String) {
        out.reserve(16 + input.cuts.len() * 44);
        let _ = writeln!(out, "{} {} {}", input.n, input.m, input.cuts.len());
        for c in &input.cuts {
            let _ = writeln!(out, "{} {} {} {}", c.xb, c.yb, c.xe, c.ye);
        }
    }

    fn engines() -> &'static [Engine<Self>] {
        &ENGINES
    }

    fn write_answer(_: &Input, answer: &Answer, out: &mut String) {
        match answer {
            Answer::Second => out.push_str("SECOND\n"),
            Answer::First(m) => {
                let _ = writeln!(out, "FIRST\n{} {} {} {}", m.xb, m.yb, m.xe, m.ye);
            }
        }
    }

    fn parse_answer(_: &Input, text: &[u8]) -> Result<Answer, ParseError> {
        parse::parse_answer(text)
    }

    fn judge(input: &Input, reference: &Answer, candidate: &Answer) -> Judgement {
        judge::judge(input, reference, candidate)
    }

    fn describe(input: &Input) -> String {
        format!("n={} m={} k={}", input.n, input.m, input.cuts.len())
    }
}
