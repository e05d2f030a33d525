//! The jury's tests: what the spec's "Test families to build" lists.

use super::play::{Kind, Style, ILLEGAL};
use super::{boards, build, open_board, params, Layout};
use crate::{Family, Param};
use jurybox_core::blokus3d::Blokus3d;

const ALL_KINDS: Style = Style {
    illegal: 0,
    kinds: &ILLEGAL,
    prefer: &[],
};

static OPEN_PARAMS: [Param; 7] = params([
    (10, 2),
    (80, 30),
    (4, 4),
    (10, 6),
    (10, 6),
    (25, 30),
    (0, 0),
]);

/// Long games on open boards, K = 2..4, with illegal actions of every kind.
pub(super) const OPEN: Family<Blokus3d> = Family {
    name: "open",
    about: "long games on open boards, K in 2..=k, a share of illegal actions of every kind",
    params: &OPEN_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: open_board,
                vary: true,
                style: ALL_KINDS,
            },
        )
    },
};

static CROWD_PARAMS: [Param; 7] =
    params([(3, 2), (200, 30), (50, 8), (7, 4), (7, 4), (10, 20), (0, 0)]);

/// Many players on a small board: players run out of room and drop out one by one.
pub(super) const CROWD: Family<Blokus3d> = Family {
    name: "crowd",
    about: "K = k players (50) on a small board, so that players drop out one by one",
    params: &CROWD_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: open_board,
                vary: false,
                style: ALL_KINDS,
            },
        )
    },
};

static HOLES_PARAMS: [Param; 7] = params([
    (8, 2),
    (80, 30),
    (3, 4),
    (12, 6),
    (12, 6),
    (20, 25),
    (35, 30),
]);

/// Boards full of holes: off-board and on-'#' placements, cramped contact.
pub(super) const HOLES: Family<Blokus3d> = Family {
    name: "holes",
    about: "boards with `holes` percent of '#' cells, K in 2..=k, illegal actions of every kind",
    params: &HOLES_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: boards::holes,
                vary: true,
                style: ALL_KINDS,
            },
        )
    },
};

static CORRIDOR_PARAMS: [Param; 7] = params([
    (10, 2),
    (60, 30),
    (3, 3),
    (9, 5),
    (9, 6),
    (20, 25),
    (15, 15),
]);

/// 1-wide corridors (a serpentine maze, or one row or column as in sample 2).
pub(super) const CORRIDOR: Family<Blokus3d> = Family {
    name: "corridor",
    about: "1-wide corridors: serpentine mazes, and 1 x Y boards like sample 2 when x = 1",
    params: &CORRIDOR_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: boards::corridors,
                vary: true,
                style: Style {
                    kinds: &[Kind::Gap, Kind::OffGrid, Kind::OnHole, Kind::WrongTurn],
                    ..ALL_KINDS
                },
            },
        )
    },
};

static MAXIMAL_PARAMS: [Param; 7] = params([
    (20, 1),
    (600, 30),
    (50, 6),
    (100, 8),
    (100, 8),
    (10, 20),
    (0, 0),
]);

/// The largest official input: T = 20 cases of N = 600, K = 50, 100 × 100.
pub(super) const MAXIMAL: Family<Blokus3d> = Family {
    name: "maximal",
    about: "maximal cases: T = 20, N = 600, K = 50, 100 x 100, to time the can-place test",
    params: &MAXIMAL_PARAMS,
    generate: |options, rng| {
        build(
            options,
            rng,
            &Layout {
                board: open_board,
                vary: false,
                style: ALL_KINDS,
            },
        )
    },
};
