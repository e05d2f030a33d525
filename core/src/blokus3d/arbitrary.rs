//! Structure-aware fuzzing: every byte string becomes a small valid input whose
//! game mostly follows the rules. A plain-rules [`Referee`] plays along, so most
//! actions are by the current player and many are legal placements (the engines
//! then disagree on state, not only on `NO`); the rest are any player, any piece,
//! any description.
//!
//! Sized for the naive engine, whose can-place test tries 264 shapes at every
//! location at each turn change (every one of them when a player is stuck, which on
//! a small board every player ends up): one game of at most [`MAX_N`] actions by at
//! most [`MAX_K`] players on at most [`MAX_SIDE`] × [`MAX_SIDE`] keeps a run well
//! under a millisecond under ASan (docs/FUZZING.md has the rates). Several test
//! cases in one input are the parser's and the writer's business
//! (`blokus3d_parse`, the round trip); each engine plays every game from scratch.

use super::pieces::{pieces, Cube};
use super::rules::{Referee, Search, SPEC};
use super::{Action, Game, Input};
use arbitrary::{Arbitrary, Result, Unstructured};

/// Most players: three is enough for a turn to skip a player who is out.
const MAX_K: u32 = 3;
/// Longest side: every piece fits a 4 × 4 board lying down.
const MAX_SIDE: u32 = 4;
/// Most actions.
const MAX_N: usize = 10;

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(Input {
            games: vec![game(u)?],
        })
    }
}

fn game(u: &mut Unstructured) -> Result<Game> {
    let k: u32 = u.int_in_range(1..=MAX_K)?;
    let rows: u32 = u.int_in_range(1..=MAX_SIDE)?;
    let cols: u32 = u.int_in_range(1..=MAX_SIDE)?;
    let holes = u.int_in_range(0..=3)?;
    let mut open = Vec::with_capacity((rows * cols) as usize);
    for _ in 0..rows * cols {
        open.push(holes == 0 || u.int_in_range(0..=9)? >= holes);
    }
    let mut game = Game {
        k,
        rows,
        cols,
        open,
        actions: Vec::new(),
    };
    let mut referee = Referee::new(&game, SPEC, Search::NearCubes);
    let n = u.int_in_range(1..=MAX_N)?;
    for _ in 0..n {
        let action = action(u, &game, &referee)?;
        referee.play(&action);
        game.actions.push(action);
    }
    Ok(game)
}

fn action(u: &mut Unstructured, game: &Game, referee: &Referee) -> Result<Action> {
    let kind = u.int_in_range(0..=9)?;
    let current = referee.current().map_or(1, |p| p as u32 + 1);
    let player = if kind < 8 {
        current
    } else {
        u.int_in_range(1..=game.k)?
    };
    let at = |u: &mut Unstructured| -> Result<(u32, u32)> {
        Ok((
            u.int_in_range(0..=game.rows - 1)?,
            u.int_in_range(0..=game.cols - 1)?,
        ))
    };
    if kind == 9 {
        // Any description: 0 to 5 cubes, normalised (the input's rule).
        let count = u.int_in_range(0..=5)?;
        let mut shape: Vec<Cube> = Vec::with_capacity(count);
        for _ in 0..count {
            shape.push([
                u.int_in_range(0..=3)?,
                u.int_in_range(0..=3)?,
                u.int_in_range(0..=3)?,
            ]);
        }
        // Shift each coordinate to minimum 0, keeping the order (repeats stay).
        for i in 0..3 {
            let min = shape.iter().map(|c| c[i]).min().unwrap_or(0);
            shape.iter_mut().for_each(|c| c[i] -= min);
        }
        let (x, y) = at(u)?;
        return Ok(make(player, &shape, x, y));
    }
    // Try a few random placements for a legal one; otherwise keep the last.
    let mut last = None;
    for _ in 0..6 {
        let piece = &pieces()[u.choose_index(pieces().len())?];
        let shape = &piece.orientations[u.choose_index(piece.orientations.len())?];
        let (x, y) = at(u)?;
        let candidate = make(player, shape, x, y);
        if referee.verdict(&candidate).is_ok() {
            return Ok(candidate);
        }
        last = Some(candidate);
    }
    if kind < 4 {
        if let Some(p) = referee.current() {
            if let Some((_, shape, x, y)) = referee.first_placement(p) {
                return Ok(make(player, &shape, x as u32, y as u32));
            }
        }
    }
    Ok(last.expect("six tries"))
}

fn make(player: u32, shape: &[Cube], x: u32, y: u32) -> Action {
    Action {
        player,
        cubes: shape.iter().map(|c| c.map(|v| v as u8)).collect(),
        x,
        y,
    }
}
