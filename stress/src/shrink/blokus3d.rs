//! Blokus 3D shrinking: drop test cases, drop actions, lower K, shrink the board.
//!
//! The game is replayed from scratch on every candidate, so dropping an action can
//! make later ones illegal (or legal): that is fine while the engines still
//! disagree, which is all the greedy loop asks. Big cuts first: whole test cases,
//! halves of the actions, then single actions, then K and the board.

use super::Shrink;
use jurybox_core::blokus3d::{Blokus3d, Game, Input};

impl Shrink for Blokus3d {
    fn shrink_candidates(input: &Input) -> Vec<Input> {
        let mut out = Vec::new();
        let t = input.games.len();
        if t > 1 {
            for i in 0..t {
                let mut games = input.games.clone();
                games.remove(i);
                out.push(Input { games });
            }
        }
        let mut with = |i: usize, game: Option<Game>| {
            if let Some(game) = game.filter(|g| !g.actions.is_empty()) {
                let mut games = input.games.clone();
                games[i] = game;
                out.push(Input { games });
            }
        };
        for (i, game) in input.games.iter().enumerate() {
            let n = game.actions.len();
            let mut chunk = n / 2;
            while chunk >= 1 {
                for start in (0..n).step_by(chunk) {
                    let mut g = game.clone();
                    g.actions.drain(start..(start + chunk).min(n));
                    with(i, Some(g));
                }
                chunk /= 2;
            }
            if game.k > 1 {
                // Player K's actions go; the others keep their ids.
                let mut g = game.clone();
                g.k -= 1;
                g.actions.retain(|a| a.player <= g.k);
                with(i, Some(g));
            }
            for row in (0..game.rows).rev() {
                with(i, delete_row(game, row));
            }
            for col in (0..game.cols).rev() {
                with(
                    i,
                    delete_row(&transposed(game), col).map(|g| transposed(&g)),
                );
            }
            for cell in 0..game.open.len() {
                if !game.open[cell] {
                    let mut g = game.clone();
                    g.open[cell] = true;
                    with(i, Some(g));
                }
            }
        }
        out
    }
}

/// The game without board row `row`: actions located on it go, those below move up.
fn delete_row(game: &Game, row: u32) -> Option<Game> {
    if game.rows == 1 {
        return None;
    }
    let cols = game.cols as usize;
    let mut g = game.clone();
    g.rows -= 1;
    g.open.drain(row as usize * cols..(row as usize + 1) * cols);
    g.actions.retain(|a| a.x != row);
    for a in &mut g.actions {
        if a.x > row {
            a.x -= 1;
        }
    }
    Some(g)
}

/// The game with rows and columns swapped (descriptions too), so that deleting a
/// column is deleting a row of the transposed game. Transposing twice is the
/// identity; a transposed piece is a mirror image, which is why the result is
/// transposed back before it is used.
fn transposed(game: &Game) -> Game {
    let (rows, cols) = (game.rows as usize, game.cols as usize);
    let mut open = vec![true; rows * cols];
    for x in 0..rows {
        for y in 0..cols {
            open[y * rows + x] = game.open[x * cols + y];
        }
    }
    let actions = game
        .actions
        .iter()
        .map(|a| {
            let mut a = a.clone();
            std::mem::swap(&mut a.x, &mut a.y);
            a.cubes.iter_mut().for_each(|c| c.swap(0, 1));
            a
        })
        .collect();
    Game {
        k: game.k,
        rows: game.cols,
        cols: game.rows,
        open,
        actions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::round_trip;
    use crate::minimize;
    use jurybox_core::blokus3d::{fast, naive, Reply};
    use jurybox_generators::{family_named, Options};

    #[test]
    fn every_candidate_is_valid() {
        let family = family_named::<Blokus3d>("holes").expect("family");
        let mut options = Options::defaults(family.params);
        for (k, v) in [("t", 2), ("n", 12), ("x", 5), ("y", 4)] {
            options.set(k, v);
        }
        let input = family.make(&options, 3);
        let candidates = Blokus3d::shrink_candidates(&input);
        assert!(candidates.len() > 20);
        for c in candidates {
            round_trip::<Blokus3d>(&c).expect("a candidate must stay valid");
        }
    }

    #[test]
    fn shrinks_a_planted_disagreement_to_a_few_actions() {
        // A planted bug: the engine "forgets" every scores line after the 3rd legal
        // action of a game. The minimal failing input has 3 legal actions and a 4th.
        let buggy = |input: &Input| -> Vec<Vec<Reply>> {
            fast::solve(input)
                .into_iter()
                .map(|replies| {
                    let mut legal = 0;
                    replies
                        .into_iter()
                        .map(|r| {
                            if r != Reply::No {
                                legal += 1;
                            }
                            if legal > 3 {
                                Reply::No
                            } else {
                                r
                            }
                        })
                        .collect()
                })
                .collect()
        };
        let family = family_named::<Blokus3d>("open").expect("family");
        let input = family.make(&Options::defaults(family.params), 5);
        let fails = |i: &Input| buggy(i) != naive::solve(i);
        assert!(fails(&input));
        let small = minimize::<Blokus3d>(input, 10_000, fails);
        assert!(fails(&small));
        assert_eq!(small.games.len(), 1);
        assert_eq!(small.games[0].actions.len(), 4, "{small:?}");
    }
}
