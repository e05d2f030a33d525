//! Families aimed at the spec's known wrong solutions; the tests in
//! `generators/tests/blokus3d_families.rs` show each kills its mutant.

use super::play::{Kind, Style};
use super::{boards, build, open_board, params, Layout};
use crate::{Family, Param};
use jurybox_core::blokus3d::Blokus3d;

static MIRROR_PARAMS: [Param; 7] =
    params([(10, 2), (40, 20), (3, 3), (8, 6), (8, 6), (30, 40), (0, 0)]);

/// Both screws placed (the second is the first's mirror image) and mirrored
/// pieces that name a placed piece.
pub(super) const MIRROR: Family<Blokus3d> = Family {
    name: "mirror",
    about: "players place one screw then its mirror image, plus mirrored placed pieces: kills matching up to reflection",
    params: &MIRROR_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: open_board,
                vary: true,
                style: Style {
                    illegal: 0,
                    kinds: &[Kind::OtherScrew, Kind::OtherScrew, Kind::Mirrored],
                    prefer: &[9, 10],
                },
            },
        )
    },
};

static ILLEGAL_TURN_PARAMS: [Param; 7] =
    params([(10, 2), (60, 30), (3, 3), (8, 6), (8, 6), (40, 40), (0, 0)]);

/// Illegal actions by the current player followed by their legal move.
pub(super) const ILLEGAL_TURN: Family<Blokus3d> = Family {
    name: "illegal-turn",
    about: "illegal actions by the current player, then their legal move: kills an illegal action consuming the turn",
    params: &ILLEGAL_TURN_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: open_board,
                vary: true,
                style: Style {
                    illegal: 0,
                    kinds: &[Kind::Gap, Kind::Reused, Kind::TooFew, Kind::NoContact, Kind::OffGrid],
                    prefer: &[],
                },
            },
        )
    },
};

static STUCK_PARAMS: [Param; 7] = params([
    (10, 2),
    (40, 30),
    (3, 3),
    (3, 3),
    (7, 6),
    (10, 10),
    (20, 20),
]);

/// Small cramped boards: players get stuck early while others play on.
pub(super) const STUCK: Family<Blokus3d> = Family {
    name: "stuck",
    about: "small cramped boards where players get stuck while others play on: kills never re-checking can-place",
    params: &STUCK_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: boards::corridors,
                vary: true,
                style: Style {
                    illegal: 0,
                    kinds: &[Kind::WrongTurn],
                    prefer: &[],
                },
            },
        )
    },
};

static OVERHANG_PARAMS: [Param; 7] =
    params([(10, 2), (60, 30), (3, 3), (8, 6), (8, 6), (30, 40), (0, 0)]);

/// Pieces whose upper layer would hang over a lower column.
pub(super) const OVERHANG: Family<Blokus3d> = Family {
    name: "overhang",
    about: "placements with a gap above the lowest layer only: kills checking the gap rule at the lowest layer",
    params: &OVERHANG_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: open_board,
                vary: true,
                style: Style {
                    illegal: 0,
                    kinds: &[Kind::GapAbove],
                    prefer: &[],
                },
            },
        )
    },
};

static FIRST_CONTACT_PARAMS: [Param; 7] = params([
    (10, 2),
    (40, 20),
    (4, 4),
    (10, 7),
    (10, 7),
    (40, 50),
    (0, 0),
]);

/// Later players' first pieces on the board away from every cube.
pub(super) const FIRST_CONTACT: Family<Blokus3d> = Family {
    name: "first-contact",
    about: "later players' first pieces on the board touching nothing: kills first pieces without the contact rule",
    params: &FIRST_CONTACT_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: open_board,
                vary: true,
                style: Style {
                    illegal: 0,
                    kinds: &[Kind::FirstAway, Kind::FirstInAir],
                    prefer: &[],
                },
            },
        )
    },
};
