//! The game player every family is built on: a chooser of legal moves with a share
//! of illegal actions of every kind the spec lists.
//!
//! It plays along with core's plain rules model ([`Referee`], searching near cubes,
//! which is exact: see `Search::NearCubes`), never with an engine under test, so
//! it always knows whose turn it is and what each action is. Illegal actions are
//! aimed at one rule: a candidate is drawn at random until the model rejects it for
//! that rule (a few dozen tries, else a legal move is played instead).

use crate::Rng;
use jurybox_core::blokus3d::pieces::{mirror, pieces, rotate, Cube, PieceId, PIECE_COUNT};
use jurybox_core::blokus3d::rules::{Illegal, Referee, Rules, Search, SPEC};
use jurybox_core::blokus3d::{Action, Game};

/// A kind of action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A legal placement by the current player.
    Legal,
    /// A legal-looking placement by a player whose turn it is not.
    WrongTurn,
    /// A piece the player has already placed.
    Reused,
    /// The mirror image of a placed piece, naming a placed piece.
    Mirrored,
    /// Two to four distinct cubes that are not face-connected.
    Disconnected,
    /// A piece with one cube listed twice.
    Duplicate,
    /// One cube, or `{}`.
    TooFew,
    /// Five connected cubes.
    TooMany,
    /// A cube's column off the grid.
    OffGrid,
    /// A cube's column on '#'.
    OnHole,
    /// A cube with nothing under it.
    Gap,
    /// A later piece touching none of the player's cubes.
    NoContact,
    /// A first piece without a cube at z = 0, or touching nothing.
    FirstInAir,
    /// A gap above the piece's lowest layer only (legal if only that layer counted).
    GapAbove,
    /// A later player's first piece on the board touching nothing (legal if the
    /// contact rule were forgotten for first pieces).
    FirstAway,
    /// The second screw, the mirror image of one already placed (legal; a model
    /// that takes mirror images for the same piece refuses it).
    OtherScrew,
}

/// Every illegal kind the spec lists.
pub(super) const ILLEGAL: [Kind; 13] = [
    Kind::WrongTurn,
    Kind::Reused,
    Kind::Mirrored,
    Kind::Disconnected,
    Kind::Duplicate,
    Kind::TooFew,
    Kind::TooMany,
    Kind::OffGrid,
    Kind::OnHole,
    Kind::Gap,
    Kind::NoContact,
    Kind::FirstInAir,
    Kind::GapAbove,
];

/// How a game is played.
pub(super) struct Style<'a> {
    /// Percent of actions drawn from `illegal` rather than legal.
    pub illegal: u64,
    /// The illegal kinds, drawn uniformly.
    pub kinds: &'a [Kind],
    /// Pieces a legal move tries first (the screws for the mirror family).
    pub prefer: &'a [PieceId],
}

/// Where a game stands, seen from the generator.
struct Table {
    referee: Referee,
    game: Game,
    /// Per player, the columns holding their cubes; then all of them.
    own: Vec<Vec<(i64, i64)>>,
    all: Vec<(i64, i64)>,
}

/// Plays `n` actions on `game`'s board (its actions are replaced).
pub(super) fn play(rng: &mut Rng, mut game: Game, n: usize, style: &Style) -> Game {
    game.actions.clear();
    let k = game.k as usize;
    let mut table = Table {
        referee: Referee::new(&game, SPEC, Search::NearCubes),
        game,
        own: vec![Vec::new(); k],
        all: Vec::new(),
    };
    for _ in 0..n {
        let action = match table.referee.current() {
            None => table.any(rng),
            Some(p) => {
                let kind = if rng.chance(style.illegal, 100) && !style.kinds.is_empty() {
                    *rng.pick(style.kinds)
                } else {
                    Kind::Legal
                };
                table
                    .aimed(rng, p, kind, style)
                    .or_else(|| table.legal(rng, p, style))
                    .unwrap_or_else(|| table.any(rng))
            }
        };
        if let Ok(placement) = table.referee.verdict(&action) {
            let p = action.player as usize - 1;
            for c in &placement.cubes {
                table.own[p].push((c[0], c[1]));
                table.all.push((c[0], c[1]));
            }
        }
        table.referee.apply(&action);
        table.game.actions.push(action);
    }
    table.game
}

fn action(player: usize, shape: &[Cube], x: i64, y: i64) -> Action {
    Action {
        player: player as u32 + 1,
        cubes: shape.iter().map(|c| c.map(|v| v as u8)).collect(),
        x: x as u32,
        y: y as u32,
    }
}

/// Shifts each coordinate to minimum 0, keeping the cubes' order.
fn shifted(mut shape: Vec<Cube>) -> Vec<Cube> {
    for i in 0..3 {
        let min = shape.iter().map(|c| c[i]).min().unwrap_or(0);
        shape.iter_mut().for_each(|c| c[i] -= min);
    }
    shape
}

/// A random orientation of a random piece of `from`, its cubes shuffled.
fn random_orientation(rng: &mut Rng, from: &[PieceId]) -> Vec<Cube> {
    let piece = *rng.pick(from);
    let orientations = &pieces()[piece].orientations;
    let mut shape = orientations[rng.below(orientations.len() as u64) as usize].clone();
    rng.shuffle(&mut shape);
    shape
}

impl Table {
    fn rows(&self) -> i64 {
        i64::from(self.game.rows)
    }

    fn cols(&self) -> i64 {
        i64::from(self.game.cols)
    }

    /// A random grid location.
    fn anywhere(&self, rng: &mut Rng) -> (i64, i64) {
        (
            rng.below(self.rows() as u64) as i64,
            rng.below(self.cols() as u64) as i64,
        )
    }

    /// A grid location whose 4 × 4 box reaches a column of `columns` (any location
    /// when there is none).
    fn near(&self, rng: &mut Rng, columns: &[(i64, i64)]) -> (i64, i64) {
        if columns.is_empty() {
            return self.anywhere(rng);
        }
        let (cx, cy) = *rng.pick(columns);
        let x = (cx + rng.range(0, 5) as i64 - 4).clamp(0, self.rows() - 1);
        let y = (cy + rng.range(0, 5) as i64 - 4).clamp(0, self.cols() - 1);
        (x, y)
    }

    /// Where player `p`'s next piece could touch: own columns, or all for a first.
    fn contact_columns(&self, p: usize) -> &[(i64, i64)] {
        if self.referee.has_started(p) {
            &self.own[p]
        } else {
            &self.all
        }
    }

    fn unplaced(&self, p: usize) -> Vec<PieceId> {
        (0..PIECE_COUNT)
            .filter(|&i| !self.referee.has_placed(p, i))
            .collect()
    }

    /// A legal placement for the current player `p`: preferred pieces first, then
    /// random draws near where it must touch, then the model's own search.
    fn legal(&self, rng: &mut Rng, p: usize, style: &Style) -> Option<Action> {
        let unplaced = self.unplaced(p);
        let preferred: Vec<PieceId> = style
            .prefer
            .iter()
            .copied()
            .filter(|i| unplaced.contains(i))
            .collect();
        for round in 0..16 {
            let from = if round < 8 && !preferred.is_empty() {
                &preferred
            } else {
                &unplaced
            };
            let piece = *rng.pick(from);
            let shape = random_orientation(rng, &[piece]);
            let (x, y) = self.near(rng, self.contact_columns(p));
            let candidate = action(p, &shape, x, y);
            if self.referee.verdict(&candidate).is_ok() {
                return Some(candidate);
            }
        }
        let (_, mut shape, x, y) = self.referee.first_placement(p)?;
        rng.shuffle(&mut shape);
        Some(action(p, &shape, x, y))
    }

    /// Any action at all (after the game is over every action is `NO`).
    fn any(&self, rng: &mut Rng) -> Action {
        let player = rng.below(u64::from(self.game.k)) as usize;
        let shape = random_orientation(rng, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        let (x, y) = self.anywhere(rng);
        action(player, &shape, x, y)
    }

    /// Draws candidates from `make` until the model's verdict satisfies `wanted`.
    fn until(
        &self,
        rng: &mut Rng,
        tries: usize,
        mut make: impl FnMut(&mut Rng) -> Option<Action>,
        wanted: impl Fn(&Self, &Action) -> bool,
    ) -> Option<Action> {
        (0..tries)
            .filter_map(|_| make(rng))
            .find(|a| wanted(self, a))
    }

    /// An action of `kind` by (or instead of) the current player `p`, if one is found.
    fn aimed(&self, rng: &mut Rng, p: usize, kind: Kind, style: &Style) -> Option<Action> {
        let placed: Vec<PieceId> = (0..PIECE_COUNT)
            .filter(|&i| self.referee.has_placed(p, i))
            .collect();
        let unplaced = self.unplaced(p);
        let started = self.referee.has_started(p);
        match kind {
            Kind::Legal => self.legal(rng, p, style),
            Kind::WrongTurn => {
                if self.game.k == 1 {
                    return None;
                }
                let mut a = self.legal(rng, p, style)?;
                let other =
                    (p as u64 + rng.range(1, u64::from(self.game.k) - 1)) % u64::from(self.game.k);
                a.player = other as u32 + 1;
                Some(a)
            }
            Kind::Reused
            | Kind::Mirrored
            | Kind::Disconnected
            | Kind::Duplicate
            | Kind::TooFew
            | Kind::TooMany => self.malformed(rng, p, kind, (&placed, &unplaced)),
            Kind::OffGrid
            | Kind::OnHole
            | Kind::Gap
            | Kind::GapAbove
            | Kind::NoContact
            | Kind::FirstInAir
            | Kind::FirstAway
            | Kind::OtherScrew => self.refused(rng, p, kind, &unplaced, started),
        }
    }

    /// An action of a `kind` whose shape is wrong (a piece used again, a
    /// mirror image, cubes not joined or too few or too many), by `p`, with
    /// the pieces it has `placed` and `unplaced`.
    fn malformed(
        &self,
        rng: &mut Rng,
        p: usize,
        kind: Kind,
        (placed, unplaced): (&[PieceId], &[PieceId]),
    ) -> Option<Action> {
        match kind {
            Kind::Reused => {
                if placed.is_empty() {
                    return None;
                }
                let shape = random_orientation(rng, placed);
                let (x, y) = self.near(rng, &self.own[p]);
                Some(action(p, &shape, x, y))
            }
            Kind::Mirrored => {
                let named_placed: Vec<PieceId> = placed
                    .iter()
                    .copied()
                    .filter(|&i| {
                        let image = mirror(&pieces()[i].orientations[0]);
                        pieces()
                            .iter()
                            .position(|q| q.orientations.contains(&image))
                            .is_some_and(|m| self.referee.has_placed(p, m))
                    })
                    .collect();
                if named_placed.is_empty() {
                    return None;
                }
                let piece = *rng.pick(&named_placed);
                let shape = mirror(&random_orientation(rng, &[piece]));
                let (x, y) = self.near(rng, &self.own[p]);
                Some(action(p, &shape, x, y))
            }
            Kind::Disconnected => {
                let mut shape: Vec<Cube> = Vec::new();
                let size = rng.range(2, 4) as usize;
                while shape.len() < size {
                    let c = [0, 1, 2].map(|_| rng.range(0, 3) as i8);
                    if !shape.contains(&c) {
                        shape.push(c);
                    }
                }
                let shape = shifted(shape);
                if jurybox_core::blokus3d::pieces::is_polycube(&shape) {
                    return None;
                }
                let (x, y) = self.near(rng, self.contact_columns(p));
                Some(action(p, &shape, x, y))
            }
            Kind::Duplicate => {
                let mut shape = random_orientation(rng, unplaced);
                let copy = *rng.pick(&shape);
                let at = rng.below(shape.len() as u64 + 1) as usize;
                shape.insert(at, copy);
                let (x, y) = self.near(rng, self.contact_columns(p));
                Some(action(p, &shape, x, y))
            }
            Kind::TooFew => {
                let shape: Vec<Cube> = if rng.chance(1, 3) {
                    Vec::new()
                } else {
                    vec![[0, 0, 0]]
                };
                let (x, y) = self.near(rng, self.contact_columns(p));
                Some(action(p, &shape, x, y))
            }
            Kind::TooMany => {
                // Grow a random tetracube by one face neighbour inside 4 × 4 × 4.
                let mut shape = random_orientation(rng, &[3, 4, 5, 6, 7, 8, 9, 10]);
                let base = *rng.pick(&shape);
                let axis = rng.below(3) as usize;
                let mut extra = base;
                extra[axis] += if rng.chance(1, 2) { 1 } else { -1 };
                if shape.contains(&extra) {
                    return None;
                }
                shape.push(extra);
                let shape = shifted(shape);
                if shape.iter().flatten().any(|&v| v > 3) {
                    return None;
                }
                let (x, y) = self.near(rng, self.contact_columns(p));
                Some(action(p, &shape, x, y))
            }
            _ => None,
        }
    }

    /// An action of a `kind` the referee refuses for where it is (off the
    /// grid, over a gap, out of contact, ...), drawn until the model's
    /// verdict is that refusal, by `p` with its `unplaced` pieces.
    fn refused(
        &self,
        rng: &mut Rng,
        p: usize,
        kind: Kind,
        unplaced: &[PieceId],
        started: bool,
    ) -> Option<Action> {
        let refused = |why: Illegal| move |t: &Self, a: &Action| t.referee.verdict(a) == Err(why);
        match kind {
            Kind::OffGrid | Kind::OnHole => {
                let columns = self.contact_columns(p).to_vec();
                let off_grid = kind == Kind::OffGrid;
                self.until(
                    rng,
                    60,
                    |rng| {
                        let shape = random_orientation(rng, unplaced);
                        let (x, y) = if rng.chance(1, 2) {
                            self.near(rng, &columns)
                        } else {
                            self.anywhere(rng)
                        };
                        Some(action(p, &shape, x, y))
                    },
                    move |t, a| {
                        let outside = a.cubes.iter().any(|c| {
                            i64::from(a.x + u32::from(c[0])) >= t.rows()
                                || i64::from(a.y + u32::from(c[1])) >= t.cols()
                        });
                        t.referee.verdict(a) == Err(Illegal::OffBoard) && outside == off_grid
                    },
                )
            }
            Kind::Gap | Kind::GapAbove => {
                let columns = self.contact_columns(p).to_vec();
                let above = kind == Kind::GapAbove;
                let lenient = Rules {
                    gap_lowest_layer_only: true,
                    ..SPEC
                };
                self.until(
                    rng,
                    80,
                    |rng| {
                        let shape = random_orientation(rng, unplaced);
                        let (x, y) = self.near(rng, &columns);
                        Some(action(p, &shape, x, y))
                    },
                    move |t, a| {
                        t.referee.verdict(a) == Err(Illegal::Gap)
                            && (!above || t.referee.verdict_under(lenient, a).is_ok())
                    },
                )
            }
            Kind::NoContact => {
                if !started {
                    return None;
                }
                self.until(
                    rng,
                    60,
                    |rng| {
                        let shape = random_orientation(rng, unplaced);
                        let (x, y) = self.anywhere(rng);
                        Some(action(p, &shape, x, y))
                    },
                    refused(Illegal::NoContact),
                )
            }
            Kind::FirstInAir | Kind::FirstAway => {
                if started || self.all.is_empty() {
                    return None;
                }
                let away = kind == Kind::FirstAway;
                let free = Rules {
                    first_piece_touches: false,
                    ..SPEC
                };
                let all = self.all.clone();
                self.until(
                    rng,
                    60,
                    |rng| {
                        let shape = random_orientation(rng, unplaced);
                        let (x, y) = if away {
                            self.anywhere(rng)
                        } else {
                            self.near(rng, &all)
                        };
                        Some(action(p, &shape, x, y))
                    },
                    move |t, a| {
                        let why = t.referee.verdict(a);
                        if away {
                            why == Err(Illegal::NoContact)
                                && t.referee.verdict_under(free, a).is_ok()
                        } else {
                            why == Err(Illegal::NotOnBoard) || why == Err(Illegal::NoContact)
                        }
                    },
                )
            }
            Kind::OtherScrew => {
                let (r, l) = (9, 10);
                let other = match (self.referee.has_placed(p, r), self.referee.has_placed(p, l)) {
                    (true, false) => l,
                    (false, true) => r,
                    _ => return None,
                };
                let mirrored = Rules {
                    mirror_images_alike: true,
                    ..SPEC
                };
                let columns = self.own[p].clone();
                self.until(
                    rng,
                    80,
                    |rng| {
                        let shape =
                            rotate(&pieces()[other].orientations[0], rng.below(24) as usize);
                        let (x, y) = self.near(rng, &columns);
                        Some(action(p, &shape, x, y))
                    },
                    move |t, a| {
                        t.referee.verdict(a).is_ok()
                            && t.referee.verdict_under(mirrored, a).is_err()
                    },
                )
            }
            _ => None,
        }
    }
}
