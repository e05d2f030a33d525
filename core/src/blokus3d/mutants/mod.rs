//! The spec's known wrong solutions, each the plain model of [`super::rules`] with
//! one rule changed, so that the families aimed at them can be shown to kill them
//! (`generators/tests/blokus3d_families.rs`). Never a reference: check, stress and
//! the corpus test leave [`EngineKind::Mutant`] engines out.

use super::rules::{replay, Rules, Search, SPEC};
use super::{naive, Answer, Blokus3d, Input};
use crate::problem::{Engine, EngineKind, Flaw};

/// Solves every test case under `rules` with the exhaustive can-place test.
fn solve_with(input: &Input, rules: Rules) -> Answer {
    input
        .games
        .iter()
        .map(|game| replay(game, rules, Search::Everywhere))
        .collect()
}

/// Takes a screw's mirror image for the screw (pieces are matched up to rotation
/// and reflection, so the two screws are one piece).
pub const REFLECTIONS: Engine<Blokus3d> = Engine {
    name: "reflections",
    about: "matches pieces up to reflection too, so a mirrored screw is the screw",
    kind: EngineKind::Mutant(Flaw::WrongAnswer),
    solve: |input| {
        solve_with(
            input,
            Rules {
                mirror_images_alike: true,
                ..SPEC
            },
        )
    },
    too_big: naive::too_big,
    cannot_run: Engine::<Blokus3d>::always,
};

/// Passes the turn on every action, legal or not.
pub const ILLEGAL_PASSES: Engine<Blokus3d> = Engine {
    name: "illegal-passes",
    about: "an illegal action consumes the turn",
    kind: EngineKind::Mutant(Flaw::WrongAnswer),
    solve: |input| {
        solve_with(
            input,
            Rules {
                illegal_passes_turn: true,
                ..SPEC
            },
        )
    },
    too_big: naive::too_big,
    cannot_run: Engine::<Blokus3d>::always,
};

/// Never asks whether a player can still place: only a player with all 11 pieces
/// placed passes, so a stuck player keeps the turn for ever.
pub const NEVER_RECHECK: Engine<Blokus3d> = Engine {
    name: "never-recheck",
    about: "never re-checks whether a player can still place",
    kind: EngineKind::Mutant(Flaw::WrongAnswer),
    solve: |input| {
        solve_with(
            input,
            Rules {
                drop_stuck_players: false,
                ..SPEC
            },
        )
    },
    too_big: naive::too_big,
    cannot_run: Engine::<Blokus3d>::always,
};

/// Checks the no-gap rule only under the cubes of the piece's lowest layer.
pub const LOWEST_LAYER_GAP: Engine<Blokus3d> = Engine {
    name: "lowest-layer-gap",
    about: "checks the no-gap rule only at the piece's lowest layer",
    kind: EngineKind::Mutant(Flaw::WrongAnswer),
    solve: |input| {
        solve_with(
            input,
            Rules {
                gap_lowest_layer_only: true,
                ..SPEC
            },
        )
    },
    too_big: naive::too_big,
    cannot_run: Engine::<Blokus3d>::always,
};

/// Lets a later player's first piece stand anywhere on the board.
pub const FIRST_PIECE_FREE: Engine<Blokus3d> = Engine {
    name: "first-piece-free",
    about: "a later player's first piece needs no contact with placed cubes",
    kind: EngineKind::Mutant(Flaw::WrongAnswer),
    solve: |input| {
        solve_with(
            input,
            Rules {
                first_piece_touches: false,
                ..SPEC
            },
        )
    },
    too_big: naive::too_big,
    cannot_run: Engine::<Blokus3d>::always,
};
