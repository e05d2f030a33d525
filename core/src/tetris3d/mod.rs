//! Tetris 3D (XIII Polish Olympiad in Informatics): cuboids fall onto a D × S
//! platform; print the height of the highest point once all have landed.
//!
//! A block covers the unit cells `[x, x+d) × [y, y+s)` and lands on the highest top
//! among earlier blocks whose cell sets intersect its own: footprints that only touch
//! along an edge or a corner do not stop each other. Statement:
//! `docs/problems/tetris3d.md`.

#[cfg(feature = "arbitrary")]
mod arbitrary;
pub mod fast;
pub mod grid;
pub mod mutants;
pub mod naive;
mod parse;

use crate::problem::{Constraints, Engine, EngineKind, Flaw, Problem};
use crate::scan::Tokens;
use crate::{Judgement, ParseError};
use std::fmt::Write;

/// One falling cuboid: footprint `d × s` at `(x, y)`, height `w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// Footprint length along x.
    pub d: u32,
    /// Footprint length along y.
    pub s: u32,
    /// Height of the cuboid.
    pub w: u32,
    /// Lowest x the footprint covers.
    pub x: u32,
    /// Lowest y the footprint covers.
    pub y: u32,
}

impl Block {
    /// The block mirrored across the platform's diagonal (x and y swapped):
    /// the same landing on the transposed platform, which tests and
    /// generators use to reach D < S from D > S.
    pub fn transposed(&self) -> Block {
        Block {
            d: self.s,
            s: self.d,
            w: self.w,
            x: self.y,
            y: self.x,
        }
    }

    /// True when the two footprints share an interior point (a unit cell).
    pub fn overlaps(&self, other: &Block) -> bool {
        self.x < other.x + other.d
            && other.x < self.x + self.d
            && self.y < other.y + other.s
            && other.y < self.y + self.s
    }
}

/// A platform and the blocks in falling order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Input {
    /// Platform length along x (`D`).
    pub d: u32,
    /// Platform length along y (`S`).
    pub s: u32,
    /// Blocks in the order they fall.
    pub blocks: Vec<Block>,
}

/// Bounds of one set of limits.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Largest number of blocks.
    pub max_n: u64,
    /// Largest platform side (both `D` and `S`).
    pub max_side: u64,
    /// Largest block height.
    pub max_w: u64,
}

/// Bounds of the official statement.
pub const OFFICIAL: Bounds = Bounds {
    max_n: 20_000,
    max_side: 1_000,
    max_w: 100_000,
};

/// Bounds every solver must handle; the answer then needs 64 bits.
pub const EXTENDED: Bounds = Bounds {
    max_n: 1_000_000,
    max_side: 2_048,
    max_w: 1_000_000,
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

/// The Tetris 3D problem.
pub struct Tetris3d;

static ENGINES: [Engine<Tetris3d>; 11] = [
    Engine {
        name: "fast",
        about: "2-D segment tree with permanent tags, O(N log D log S)",
        kind: EngineKind::Fast,
        solve: fast::solve,
        too_big: Engine::<Tetris3d>::always,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "naive",
        about: "pair scan over earlier blocks, O(N^2)",
        kind: EngineKind::Reference,
        solve: naive::solve,
        too_big: naive::too_big,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "grid",
        about: "height map of the platform, O(D S + sum of d s)",
        kind: EngineKind::Reference,
        solve: grid::solve,
        too_big: grid::too_big,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "closed",
        about: "pair scan with closed rectangles (touching blocks stop each other)",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::closed::solve,
        too_big: naive::too_big,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "inclusive",
        about: "height map covering cells x..=x+d, y..=y+s (off by one)",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::inclusive::solve,
        too_big: grid::too_big,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "unmixed",
        about: "2-D tree keeping only 'assigned here' and 'subtree max' (no mixed cases)",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::unmixed::solve,
        too_big: Engine::<Tetris3d>::always,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "d-for-s",
        about: "right heights, the answer read over rows y < D instead of y < S (D and S confused)",
        kind: EngineKind::Mutant(Flaw::WrongAnswer),
        solve: mutants::d_for_s::solve,
        too_big: naive::too_big,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "quadtree",
        about: "region quadtree, O(perimeter) squares per block; thin strips",
        kind: EngineKind::Mutant(Flaw::TooSlow),
        solve: mutants::quadtree::solve,
        too_big: Engine::<Tetris3d>::always,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "rowtrees",
        about: "one 1-D segment tree per row, O(N D log S); wide blocks",
        kind: EngineKind::Mutant(Flaw::TooSlow),
        solve: mutants::rowtrees::solve,
        too_big: Engine::<Tetris3d>::always,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "heightmap",
        about: "the height map (the grid reference), O(sum of d s); large blocks",
        kind: EngineKind::Mutant(Flaw::TooSlow),
        solve: grid::solve,
        too_big: grid::too_big,
        cannot_run: Engine::<Tetris3d>::always,
    },
    Engine {
        name: "pairs",
        about: "the O(N^2) pair scan (the naive reference); maximal N",
        kind: EngineKind::Mutant(Flaw::TooSlow),
        solve: naive::solve,
        too_big: naive::too_big,
        cannot_run: Engine::<Tetris3d>::always,
    },
];

impl Problem for Tetris3d {
    type Input = Input;
    type Answer = u64;

    const NAME: &'static str = "tetris3d";
    const TITLE: &'static str = "Tetris 3D: falling cuboids, highest point (POI XIII)";

    fn parse_input(text: &[u8], limits: Constraints) -> Result<Input, ParseError> {
        parse::parse(text, Bounds::of(limits))
    }

    fn write_input(input: &Input, out: &mut String) {
        out.reserve(16 + input.blocks.len() * 24);
        let _ = writeln!(out, "{} {} {}", input.d, input.s, input.blocks.len());
        for b in &input.blocks {
            let _ = writeln!(out, "{} {} {} {} {}", b.d, b.s, b.w, b.x, b.y);
        }
    }

    fn engines() -> &'static [Engine<Self>] {
        &ENGINES
    }

    fn write_answer(_: &Input, answer: &u64, out: &mut String) {
        let _ = writeln!(out, "{answer}");
    }

    fn parse_answer(_: &Input, text: &[u8]) -> Result<u64, ParseError> {
        let mut tokens = Tokens::new(text);
        let (at, height) = tokens.int("the height")?;
        let height = u64::try_from(height)
            .map_err(|_| ParseError::new(at, format!("the height {height} is negative")))?;
        tokens.end()?;
        Ok(height)
    }

    fn judge(_: &Input, reference: &u64, candidate: &u64) -> Judgement {
        Judgement::equal(reference, candidate)
    }

    fn describe(input: &Input) -> String {
        format!("D={} S={} N={}", input.d, input.s, input.blocks.len())
    }
}
