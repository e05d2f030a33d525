//! Fast engine: column stacks and a witness-reusing can-place test.
//!
//! The no-gap rule makes every column a solid stack, so the state is a height map
//! plus each column's colours bottom-up, and a placement is legal iff every column
//! of its footprint has the same `height - lowest cube of the piece there` (that
//! common value is where the piece lands) and it touches what it must. The 104
//! rotation-distinct orientations and their column runs are precomputed once
//! ([`orient`]).
//!
//! Can-place: a player keeps a witness (a legal placement found earlier) and reuses
//! it while it stays legal (it only breaks when a cube lands in its footprint or the
//! piece is placed). Otherwise the search anchors each orientation's cubes at the
//! free cells next to the player's own cubes (for a first piece: next to any cube at
//! heights 0..3), most recent cubes first.
//!
//! Time per action O(cubes); per search O(slots · orientations · 4) with slots ≤
//! 5 · own cubes; every player's witness is checked in O(1). Memory O(X · Y + cubes).
//! Source: the spec's "fast" algorithm.

mod orient;

use super::pieces::{identify, Cube, PIECE_COUNT};
use super::{Answer, Game, Input, Reply};
use orient::{lifts, orientations, Orientation};

/// The replies to every action of every test case.
pub fn solve(input: &Input) -> Answer {
    input.games.iter().map(play).collect()
}

fn play(game: &Game) -> Vec<Reply> {
    let mut state = State::new(game);
    game.actions
        .iter()
        .map(|a| {
            let shape: Vec<Cube> = a.cubes.iter().map(|c| c.map(|v| v as i8)).collect();
            let p = a.player as usize - 1;
            if state.current != Some(p) {
                return Reply::No;
            }
            let Some((piece, index)) = identify(&shape) else {
                return Reply::No;
            };
            if state.placed[p] >> piece & 1 == 1 {
                return Reply::No;
            }
            let o = orient::first_of(piece) + index;
            let (x, y) = (a.x as i32, a.y as i32);
            match state.land(p, o, x, y) {
                Some(base) => {
                    state.place(p, o, x, y, base);
                    state.turn_from(p + 1);
                    Reply::Scores(state.scores())
                }
                None => Reply::No,
            }
        })
        .collect()
}

/// A witness: orientation index and location.
type Witness = (usize, i32, i32);

struct State<'g> {
    rows: i32,
    cols: i32,
    open: &'g [bool],
    height: Vec<u32>,
    /// Colours bottom-up per column (player id, 1-based).
    stack: Vec<Vec<u8>>,
    k: usize,
    placed: Vec<u16>,
    out: Vec<bool>,
    current: Option<usize>,
    tops: Vec<u32>,
    /// Each player's cubes `(x, y, z)` in placing order.
    own: Vec<Vec<(i32, i32, i32)>>,
    /// Columns holding at least one cube, in the order they were first filled.
    occupied: Vec<(i32, i32)>,
    witness: Vec<Option<Witness>>,
    orients: &'static [Orientation],
}

const SIDES: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl<'g> State<'g> {
    fn new(game: &'g Game) -> State<'g> {
        let k = game.k as usize;
        let cells = game.open.len();
        let mut state = State {
            rows: game.rows as i32,
            cols: game.cols as i32,
            open: &game.open,
            height: vec![0; cells],
            stack: vec![Vec::new(); cells],
            k,
            placed: vec![0; k],
            out: vec![false; k],
            current: None,
            tops: vec![0; k],
            own: vec![Vec::new(); k],
            occupied: Vec::new(),
            witness: vec![None; k],
            orients: orientations(),
        };
        state.turn_from(0);
        state
    }

    /// The cell index of `(x, y)` when it is on the grid and open.
    fn cell(&self, x: i32, y: i32) -> Option<usize> {
        if x < 0 || y < 0 || x >= self.rows || y >= self.cols {
            return None;
        }
        let i = (x * self.cols + y) as usize;
        self.open[i].then_some(i)
    }

    fn h(&self, x: i32, y: i32) -> i32 {
        if x < 0 || y < 0 || x >= self.rows || y >= self.cols {
            return 0;
        }
        self.height[(x * self.cols + y) as usize] as i32
    }

    /// Where orientation `o` lands at `(x, y)` for player `p` (its base height),
    /// or `None` when that placement is illegal (rules 3 to 5).
    fn land(&self, p: usize, o: usize, x: i32, y: i32) -> Option<i32> {
        let orient = &self.orients[o];
        let mut base = None;
        for c in &orient.columns {
            let cell = self.cell(x + c.dx, y + c.dy)?;
            let d = self.height[cell] as i32 - c.lo;
            match base {
                None => base = Some(d),
                Some(b) if b != d => return None,
                _ => {}
            }
        }
        let base = base?;
        if base < 0 {
            return None;
        }
        let own = p as u8 + 1;
        if self.placed[p] == 0 {
            if base != 0 {
                return None;
            }
            if !self.occupied.is_empty() && !self.touches(orient, x, y, base, None) {
                return None;
            }
        } else if !self.touches(orient, x, y, base, Some(own)) {
            return None;
        }
        Some(base)
    }

    /// Whether the placement shares a face with a cube (of colour `wanted`, if given).
    fn touches(&self, orient: &Orientation, x: i32, y: i32, base: i32, wanted: Option<u8>) -> bool {
        let hit = |colour: u8| wanted.is_none_or(|w| w == colour);
        for c in &orient.columns {
            let z = base + c.lo;
            if z > 0 {
                let cell = ((x + c.dx) * self.cols + y + c.dy) as usize;
                if hit(self.stack[cell][z as usize - 1]) {
                    return true;
                }
            }
        }
        for &[dx, dy, dz] in &orient.cubes {
            let z = base + dz;
            for (sx, sy) in SIDES {
                let (nx, ny) = (x + dx + sx, y + dy + sy);
                if z < self.h(nx, ny) && hit(self.stack[(nx * self.cols + ny) as usize][z as usize])
                {
                    return true;
                }
            }
        }
        false
    }

    fn place(&mut self, p: usize, o: usize, x: i32, y: i32, base: i32) {
        let orient = &self.orients[o];
        let colour = p as u8 + 1;
        for c in &orient.columns {
            let (cx, cy) = (x + c.dx, y + c.dy);
            let cell = (cx * self.cols + cy) as usize;
            match self.stack[cell].last() {
                Some(&top) => self.tops[top as usize - 1] -= 1,
                None => self.occupied.push((cx, cy)),
            }
            self.tops[p] += 1;
            for dz in 0..c.len {
                self.stack[cell].push(colour);
                self.own[p].push((cx, cy, base + c.lo + dz));
            }
            self.height[cell] += c.len as u32;
        }
        self.placed[p] |= 1 << orient.piece;
    }

    fn scores(&self) -> Vec<u32> {
        (0..self.k)
            .map(|p| self.tops[p] + self.placed[p].count_ones())
            .collect()
    }

    /// Gives the turn to the first player from `start` (cyclically) who is not out
    /// and can still place; the others met on the way are out for good.
    fn turn_from(&mut self, start: usize) {
        self.current = None;
        for step in 0..self.k {
            let q = (start + step) % self.k;
            if self.out[q] {
                continue;
            }
            if self.placed[q].count_ones() as usize == PIECE_COUNT || !self.can_place(q) {
                self.out[q] = true;
                continue;
            }
            self.current = Some(q);
            return;
        }
    }

    fn can_place(&mut self, q: usize) -> bool {
        if let Some((o, x, y)) = self.witness[q] {
            let unplaced = self.placed[q] >> self.orients[o].piece & 1 == 0;
            if unplaced && self.land(q, o, x, y).is_some() {
                return true;
            }
        }
        self.witness[q] = self.search(q);
        self.witness[q].is_some()
    }

    fn search(&self, q: usize) -> Option<Witness> {
        if self.occupied.is_empty() {
            return self.search_everywhere(q);
        }
        let first = self.placed[q] == 0;
        // Tries every unplaced orientation with one of its cubes at the free cell
        // `(sx, sy, sz)`: only cubes whose column run would start on the stack
        // there, and (for a first piece) that land the piece at height 0.
        let try_slot = |sx: i32, sy: i32, sz: i32| -> Option<Witness> {
            let e = sz - self.h(sx, sy);
            if !(0..4).contains(&e) {
                return None;
            }
            let heights = if first { sz..=sz } else { 0..=sz.min(3) };
            for (piece, lifts) in lifts().iter().enumerate() {
                if self.placed[q] >> piece & 1 == 1 {
                    continue;
                }
                for dz in heights.clone() {
                    for &(o, i) in &lifts[dz as usize][e as usize] {
                        let [dx, dy, _] = self.orients[o].cubes[i];
                        let (x, y) = (sx - dx, sy - dy);
                        if self.land(q, o, x, y).is_some() {
                            return Some((o, x, y));
                        }
                    }
                }
            }
            None
        };
        if self.placed[q] != 0 {
            for &(x, y, z) in self.own[q].iter().rev() {
                if z + 1 == self.h(x, y) {
                    if let Some(w) = try_slot(x, y, z + 1) {
                        return Some(w);
                    }
                }
                for (sx, sy) in SIDES {
                    let (nx, ny) = (x + sx, y + sy);
                    if self.cell(nx, ny).is_some() && self.h(nx, ny) <= z {
                        if let Some(w) = try_slot(nx, ny, z) {
                            return Some(w);
                        }
                    }
                }
            }
            return None;
        }
        // A first piece lands at height 0, so it touches a cube at height 0..3.
        // Each free cell (column, height) is tried once.
        let mut tried = vec![false; self.open.len() * 4];
        let mut try_once = |x: i32, y: i32, z: i32| {
            let key = (x * self.cols + y) as usize * 4 + z as usize;
            if std::mem::replace(&mut tried[key], true) {
                None
            } else {
                try_slot(x, y, z)
            }
        };
        for &(x, y) in self.occupied.iter().rev() {
            let h = self.h(x, y);
            if h <= 3 {
                if let Some(w) = try_once(x, y, h) {
                    return Some(w);
                }
            }
            for (sx, sy) in SIDES {
                let (nx, ny) = (x + sx, y + sy);
                if self.cell(nx, ny).is_none() {
                    continue;
                }
                for z in self.h(nx, ny)..h.min(4) {
                    if let Some(w) = try_once(nx, ny, z) {
                        return Some(w);
                    }
                }
            }
        }
        None
    }

    /// The very first piece of a game: any flat placement on open cells.
    fn search_everywhere(&self, q: usize) -> Option<Witness> {
        for x in 0..self.rows {
            for y in 0..self.cols {
                for o in 0..self.orients.len() {
                    if self.placed[q] >> self.orients[o].piece & 1 == 0
                        && self.land(q, o, x, y).is_some()
                    {
                        return Some((o, x, y));
                    }
                }
            }
        }
        None
    }
}
