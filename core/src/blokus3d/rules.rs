//! The plain model of the rules: a voxel grid, every rule of the spec checked
//! literally on every action. The naive engine is this model with the spec's rules
//! and an exhaustive can-place test that caches nothing; the mutants flip one
//! [`Rules`] switch each; the generators play games with it searching only near
//! cubes ([`Search::NearCubes`], complete, and the one mode that remembers where
//! cubes went and the last placement it found, so that games of 100 × 100 can be
//! generated; a proptest shows it answers exactly as the exhaustive search).
//!
//! Cost of one placement check: O(cubes · height). The can-place test tries every
//! unplaced piece × 24 rotations × every candidate location, so with
//! [`Search::Everywhere`] it is O(11 · 24 · X · Y) checks per turn change.

use super::pieces::{identify, mirror, pieces, Cube, PieceId, PIECE_COUNT};
use super::{Action, Game, Reply};

/// Which rules a model follows. [`SPEC`] is the spec; each mutant flips one field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// A piece and its mirror image are one piece (a screw's mirror image is taken
    /// for the screw). Wrong.
    pub mirror_images_alike: bool,
    /// Every action while the game runs, legal or not, passes the turn. Wrong.
    pub illegal_passes_turn: bool,
    /// A player with no legal placement when the turn comes to them passes for
    /// good. Right; switched off, players only drop out with all 11 pieces placed.
    pub drop_stuck_players: bool,
    /// The no-gap rule is checked only under the piece's lowest layer. Wrong.
    pub gap_lowest_layer_only: bool,
    /// A later player's first piece must touch a placed cube. Right.
    pub first_piece_touches: bool,
}

/// The spec's rules.
pub const SPEC: Rules = Rules {
    mirror_images_alike: false,
    illegal_passes_turn: false,
    drop_stuck_players: true,
    gap_lowest_layer_only: false,
    first_piece_touches: true,
};

/// Where the can-place test looks for a placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Every location of the grid (the spec's naive algorithm).
    Everywhere,
    /// Only locations whose 4 × 4 footprint box reaches a column holding a cube the
    /// placement could touch (the player's own, or any cube for a first piece).
    /// Complete: a legal placement touches such a cube, so one of its cubes stands
    /// in that column or next to it, and its location is at most 4 away.
    NearCubes,
}

/// Why an action is illegal, in the order the spec lists the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Every player passes: the game is over.
    GameOver,
    /// The acting player is not the current player.
    WrongTurn,
    /// The description is not one of the 11 pieces.
    NotAPiece,
    /// The player has already placed that piece.
    AlreadyPlaced,
    /// A cube's column is off the grid or on '#'.
    OffBoard,
    /// A cube has neither the board nor a cube under it.
    Gap,
    /// A player's first piece has no cube at z = 0.
    NotOnBoard,
    /// The piece touches no cube it must touch.
    NoContact,
}

/// A legal placement: the piece and its cubes' final positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Which piece.
    pub piece: PieceId,
    /// Absolute `[x, y, z]` of every cube.
    pub cubes: Vec<[i64; 3]>,
}

/// A legal placement found by a search: `(piece, shape, x, y)`.
pub type Found = (PieceId, Vec<Cube>, i64, i64);

/// A game in progress under some [`Rules`].
#[derive(Clone, Debug)]
pub struct Referee {
    rules: Rules,
    search: Search,
    k: usize,
    rows: i64,
    cols: i64,
    open: Vec<bool>,
    /// Per column (row-major), the colour at each height: 0 empty, else player id.
    voxels: Vec<Vec<u8>>,
    placed: Vec<[bool; PIECE_COUNT]>,
    out: Vec<bool>,
    current: Option<usize>,
    any_cube: bool,
    /// Per player, then for everyone (last), the columns that received a cube, in
    /// order (with repeats): where [`Search::NearCubes`] looks.
    columns: Vec<Vec<(i64, i64)>>,
    /// Per player, the last placement [`Search::NearCubes`] found, tried first
    /// next time (a legal placement is legal however it was found).
    witness: Vec<Option<Found>>,
}

impl Referee {
    /// The start of `game` (its board and K; the actions are not played).
    pub fn new(game: &Game, rules: Rules, search: Search) -> Referee {
        let mut referee = Referee {
            rules,
            search,
            k: game.k as usize,
            rows: i64::from(game.rows),
            cols: i64::from(game.cols),
            open: game.open.clone(),
            voxels: vec![Vec::new(); game.open.len()],
            placed: vec![[false; PIECE_COUNT]; game.k as usize],
            out: vec![false; game.k as usize],
            current: None,
            any_cube: false,
            columns: vec![Vec::new(); game.k as usize + 1],
            witness: vec![None; game.k as usize],
        };
        referee.turn_from(0);
        referee
    }

    /// The current player (0-based), `None` once the game is over.
    pub fn current(&self) -> Option<usize> {
        self.current
    }

    /// Whether player `p` (0-based) has placed `piece`.
    pub fn has_placed(&self, p: usize, piece: PieceId) -> bool {
        self.placed[p][piece]
    }

    /// Whether player `p` (0-based) has placed anything.
    pub fn has_started(&self, p: usize) -> bool {
        self.placed[p].iter().any(|&b| b)
    }

    /// Whether player `p` passes for the rest of the game.
    pub fn is_out(&self, p: usize) -> bool {
        self.out[p]
    }

    /// The colour at `(x, y, z)`: 0 for no cube (or off the grid).
    pub fn colour(&self, x: i64, y: i64, z: i64) -> u8 {
        if x < 0 || y < 0 || z < 0 || x >= self.rows || y >= self.cols {
            return 0;
        }
        let column = &self.voxels[(x * self.cols + y) as usize];
        column.get(z as usize).copied().unwrap_or(0)
    }

    /// Plays `action`: its reply, with the state and the turn updated.
    pub fn play(&mut self, action: &Action) -> Reply {
        if self.apply(action) {
            Reply::Scores(self.scores())
        } else {
            Reply::No
        }
    }

    /// [`Referee::play`] without the scores: true when `action` was legal.
    pub fn apply(&mut self, action: &Action) -> bool {
        match self.verdict(action) {
            Ok(placement) => {
                let p = action.player as usize - 1;
                for &[x, y, z] in &placement.cubes {
                    let column = &mut self.voxels[(x * self.cols + y) as usize];
                    if column.len() <= z as usize {
                        column.resize(z as usize + 1, 0);
                    }
                    column[z as usize] = action.player as u8;
                    self.columns[p].push((x, y));
                    self.columns[self.k].push((x, y));
                }
                self.placed[p][placement.piece] = true;
                self.any_cube = true;
                self.turn_from(p + 1);
                true
            }
            Err(why) => {
                if self.rules.illegal_passes_turn && why != Illegal::GameOver {
                    let p = self.current.expect("the game is not over");
                    self.turn_from(p + 1);
                }
                false
            }
        }
    }

    /// Whether `action` is legal now, and where its cubes land if it is.
    pub fn verdict(&self, action: &Action) -> Result<Placement, Illegal> {
        self.verdict_under(self.rules, action)
    }

    /// [`Referee::verdict`] as a model following `rules` would give it in this
    /// position (the generators use it to aim an action at one wrong rule).
    pub fn verdict_under(&self, rules: Rules, action: &Action) -> Result<Placement, Illegal> {
        let p = self.current.ok_or(Illegal::GameOver)?;
        if action.player as usize != p + 1 {
            return Err(Illegal::WrongTurn);
        }
        let shape: Vec<Cube> = action.cubes.iter().map(|c| c.map(|v| v as i8)).collect();
        let (mut piece, _) = identify(&shape).ok_or(Illegal::NotAPiece)?;
        if rules.mirror_images_alike {
            let image = identify(&mirror(&shape)).ok_or(Illegal::NotAPiece)?.0;
            piece = piece.min(image);
        }
        if self.placed[p][piece] {
            return Err(Illegal::AlreadyPlaced);
        }
        self.check_under(
            rules,
            p,
            piece,
            &shape,
            i64::from(action.x),
            i64::from(action.y),
        )
    }

    /// Rules 3 to 5 for player `p` placing `shape` (a rotation of `piece`) at
    /// `(x, y)`.
    pub fn check(
        &self,
        p: usize,
        piece: PieceId,
        shape: &[Cube],
        x: i64,
        y: i64,
    ) -> Result<Placement, Illegal> {
        self.check_under(self.rules, p, piece, shape, x, y)
    }

    fn check_under(
        &self,
        rules: Rules,
        p: usize,
        piece: PieceId,
        shape: &[Cube],
        x: i64,
        y: i64,
    ) -> Result<Placement, Illegal> {
        let at = |c: &Cube| (x + i64::from(c[0]), y + i64::from(c[1]), i64::from(c[2]));
        for c in shape {
            let (cx, cy, _) = at(c);
            let inside = cx >= 0 && cy >= 0 && cx < self.rows && cy < self.cols;
            if !inside || !self.open[(cx * self.cols + cy) as usize] {
                return Err(Illegal::OffBoard);
            }
        }
        // Drop: the smallest height at which no cube coincides with a placed one.
        let mut base = 0;
        while shape.iter().any(|c| {
            let (cx, cy, cz) = at(c);
            self.colour(cx, cy, base + cz) != 0
        }) {
            base += 1;
        }
        let cubes: Vec<[i64; 3]> = shape
            .iter()
            .map(|c| {
                let (cx, cy, cz) = at(c);
                [cx, cy, base + cz]
            })
            .collect();
        for &[cx, cy, cz] in &cubes {
            if rules.gap_lowest_layer_only && cz != base {
                continue;
            }
            let supported =
                cz == 0 || self.colour(cx, cy, cz - 1) != 0 || cubes.contains(&[cx, cy, cz - 1]);
            if !supported {
                return Err(Illegal::Gap);
            }
        }
        let touching = |wanted: Option<u8>| {
            cubes.iter().any(|&[cx, cy, cz]| {
                let faces = [
                    (cx - 1, cy, cz),
                    (cx + 1, cy, cz),
                    (cx, cy - 1, cz),
                    (cx, cy + 1, cz),
                    (cx, cy, cz - 1),
                    (cx, cy, cz + 1),
                ];
                faces.iter().any(|&(nx, ny, nz)| {
                    let colour = self.colour(nx, ny, nz);
                    colour != 0 && wanted.is_none_or(|w| w == colour)
                })
            })
        };
        if !self.has_started(p) {
            if !cubes.iter().any(|c| c[2] == 0) {
                return Err(Illegal::NotOnBoard);
            }
            if self.any_cube && rules.first_piece_touches && !touching(None) {
                return Err(Illegal::NoContact);
            }
        } else if !touching(Some(p as u8 + 1)) {
            return Err(Illegal::NoContact);
        }
        Ok(Placement { piece, cubes })
    }

    /// The K scores: cells whose top cube has the player's colour, plus pieces placed.
    pub fn scores(&self) -> Vec<u32> {
        let mut scores: Vec<u32> = self
            .placed
            .iter()
            .map(|placed| placed.iter().filter(|&&b| b).count() as u32)
            .collect();
        for column in &self.voxels {
            if let Some(&top) = column.iter().rev().find(|&&c| c != 0) {
                scores[top as usize - 1] += 1;
            }
        }
        scores
    }

    /// Gives the turn to the first player from `start` (cyclically, `start` itself
    /// first) who is not out and can still place; players found unable to place are
    /// out for good. The game is over when there is none.
    fn turn_from(&mut self, start: usize) {
        self.current = None;
        for step in 0..self.k {
            let q = (start + step) % self.k;
            if self.out[q] {
                continue;
            }
            let finished = self.placed[q].iter().all(|&b| b);
            if finished || (self.rules.drop_stuck_players && !self.can_place(q)) {
                self.out[q] = true;
                continue;
            }
            self.current = Some(q);
            return;
        }
    }

    /// Whether player `q` has a legal placement. [`Search::NearCubes`] first tries
    /// the one it found last time; [`Search::Everywhere`] always searches afresh.
    fn can_place(&mut self, q: usize) -> bool {
        if self.search == Search::NearCubes {
            if let Some((piece, shape, x, y)) = &self.witness[q] {
                if !self.placed[q][*piece] && self.check(q, *piece, shape, *x, *y).is_ok() {
                    return true;
                }
            }
            self.witness[q] = self.first_placement(q);
            return self.witness[q].is_some();
        }
        self.first_placement(q).is_some()
    }

    /// A legal placement for player `q` as `(piece, shape, x, y)`: the first found
    /// trying every unplaced piece × 24 rotations × every candidate location.
    pub fn first_placement(&self, q: usize) -> Option<Found> {
        let anchors = self.anchors(q);
        for (piece, info) in pieces().iter().enumerate() {
            if self.placed[q][piece] {
                continue;
            }
            // The spec's naive test tries all 24 rotations; the near search only
            // the distinct ones (the same shapes, without repeats).
            let shapes = match self.search {
                Search::Everywhere => &info.rotations,
                Search::NearCubes => &info.orientations,
            };
            for shape in shapes {
                for &(x, y) in &anchors {
                    if self.check(q, piece, shape, x, y).is_ok() {
                        return Some((piece, shape.clone(), x, y));
                    }
                }
            }
        }
        None
    }

    /// The locations the can-place test tries for player `q`.
    fn anchors(&self, q: usize) -> Vec<(i64, i64)> {
        let all = || {
            (0..self.rows)
                .flat_map(|x| (0..self.cols).map(move |y| (x, y)))
                .collect()
        };
        if self.search == Search::Everywhere || !self.any_cube {
            return all();
        }
        let touchable = if self.has_started(q) {
            &self.columns[q]
        } else {
            &self.columns[self.k]
        };
        let mut near = vec![false; self.open.len()];
        let mut anchors = Vec::new();
        for &(x, y) in touchable {
            for ax in (x - 4).max(0)..=(x + 1).min(self.rows - 1) {
                for ay in (y - 4).max(0)..=(y + 1).min(self.cols - 1) {
                    let cell = (ax * self.cols + ay) as usize;
                    if !near[cell] {
                        near[cell] = true;
                        anchors.push((ax, ay));
                    }
                }
            }
        }
        anchors.sort_unstable();
        anchors
    }
}

/// Plays every action of `game` under `rules`, searching `search`: the replies.
pub fn replay(game: &Game, rules: Rules, search: Search) -> Vec<Reply> {
    let mut referee = Referee::new(game, rules, search);
    game.actions.iter().map(|a| referee.play(a)).collect()
}
