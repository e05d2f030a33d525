//! proptest: on small random games the fast engine, the naive one and the plain
//! model searching only near cubes (what the generators use) all agree; on a
//! disagreement proptest shrinks the game before printing it.
//!
//! Games are built by a plain-rules referee playing along, so most actions are by
//! the current player and many are legal; the others are any player and any piece.

use jurybox_core::blokus3d::pieces::pieces;
use jurybox_core::blokus3d::rules::{replay, Referee, Search, SPEC};
use jurybox_core::blokus3d::{fast, naive, Action, Game, Input};
use proptest::prelude::*;

/// One action's random choices: (by the current player, try its first legal
/// placement, piece, orientation, x, y).
type Choice = (bool, bool, usize, usize, u32, u32);

fn build(k: u32, rows: u32, cols: u32, holes: Vec<bool>, choices: Vec<Choice>) -> Game {
    let mut game = Game {
        k,
        rows,
        cols,
        open: holes.iter().map(|&h| !h).collect(),
        actions: Vec::new(),
    };
    let mut referee = Referee::new(&game, SPEC, Search::NearCubes);
    for (by_current, first_legal, piece, orient, x, y) in choices {
        let current = referee.current().map_or(1, |p| p as u32 + 1);
        let player = if by_current { current } else { x % k + 1 };
        let info = &pieces()[piece % 11];
        let mut shape = info.orientations[orient % info.orientations.len()].clone();
        let (mut ax, mut ay) = (i64::from(x % rows), i64::from(y % cols));
        if first_legal {
            if let Some((_, s, fx, fy)) = referee.current().and_then(|p| referee.first_placement(p))
            {
                (shape, ax, ay) = (s, fx, fy);
            }
        }
        let action = Action {
            player,
            cubes: shape.iter().map(|c| c.map(|v| v as u8)).collect(),
            x: ax as u32,
            y: ay as u32,
        };
        referee.play(&action);
        game.actions.push(action);
    }
    game
}

fn game(max_side: u32, max_n: usize) -> impl Strategy<Value = Game> {
    (1..=4u32, 1..=max_side, 1..=max_side).prop_flat_map(move |(k, rows, cols)| {
        let cells = (rows * cols) as usize;
        (
            prop::collection::vec(prop::bool::weighted(0.15), cells),
            prop::collection::vec(
                (
                    prop::bool::weighted(0.85),
                    prop::bool::weighted(0.3),
                    0..11usize,
                    0..24usize,
                    0..64u32,
                    0..64u32,
                ),
                1..=max_n,
            ),
        )
            .prop_map(move |(holes, choices)| build(k, rows, cols, holes, choices))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fast_agrees_with_naive_on_small_games(g in game(6, 40)) {
        let input = Input { games: vec![g] };
        prop_assert_eq!(fast::solve(&input), naive::solve(&input));
    }

    #[test]
    fn searching_near_cubes_agrees_with_searching_everywhere(g in game(6, 40)) {
        prop_assert_eq!(
            replay(&g, SPEC, Search::NearCubes),
            replay(&g, SPEC, Search::Everywhere)
        );
    }
}
