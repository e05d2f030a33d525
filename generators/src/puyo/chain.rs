//! The `chain` family: a chain of a requested number of links, built backwards.
//!
//! Start from the empty screen (0 links). Given a settled screen S whose first link
//! clears exactly the puyos added last, add one link in front of it: insert a new
//! group of four into the column stacks (pushing the puyos above each inserted cell
//! up), with at least one new cell under a puyo of S's first link, so that in the
//! new screen the puyos in groups of four or more are exactly the new ones. Then
//! the first link clears exactly the inserted cells, the columns close up, S is
//! back, and the new screen fires one link more than S. With probability `multi`
//! a second group of another colour is inserted in the same step, so that link
//! clears two colours at once.
//!
//! The only logic is this invariant, checked by a flood fill over the columns the
//! insertion touched (groups elsewhere did not change): no solver is run. Each
//! build stops when no insertion fits; a few builds are tried and the longest kept
//! (stopping early when a build reaches a count no screen of the size and palette
//! can exceed, which changes nothing but the time taken).
//!
//! Longest chains at the defaults (`links=1024 multi=25`, seeds 1..=4, printed by
//! the test `chain_reports_its_longest_chains`): 6 × 13: 16, 19, 17, 15 links (19
//! is the spec's sample 3); 64 × 64: 213, 155, 171, 184 links. Two-colour links
//! cost length: a build stops when no insertion can break every group of the
//! old first link, which is harder when there are two.

use super::shapes::{Piece, TETROMINOES};
use crate::Rng;
use jurybox_core::puyo::{Screen, EMPTY};

/// The tag of the old group a one-by-one insertion must break.
const TARGETED: u32 = u32::MAX;

/// Valid insertions compared per group before the lowest is taken.
const CANDIDATES: usize = 16;

/// Columns `col - 1 ..= col + 1` (those inside the screen) as a mask.
fn around(col: usize, width: usize) -> u64 {
    let mut mask = 1u64 << col;
    if col > 0 {
        mask |= 1 << (col - 1);
    }
    if col + 1 < width {
        mask |= 1 << (col + 1);
    }
    mask
}

/// A puyo under construction: its colour and the step that inserted it.
#[derive(Clone, Copy)]
struct Cell {
    colour: u8,
    step: u32,
}

/// Column stacks tagged with insertion steps, and the flood-fill scratch space.
struct Builder {
    width: usize,
    height: usize,
    cols: Vec<Vec<Cell>>,
    seen: Vec<u32>,
    epoch: u32,
    pieces: Vec<Piece>,
    /// The flood fill's stack, kept between fills.
    stack: Vec<(usize, usize)>,
}

/// Where a step inserted cells: (column, first row, count), to undo it. At most
/// one entry per column of a tetromino, kept inline: plans are made by the
/// thousand and most are thrown away.
#[derive(Clone, Copy, Default)]
struct Insertion {
    parts: [(usize, usize, usize); 4],
    len: usize,
}

impl Insertion {
    fn push(&mut self, part: (usize, usize, usize)) {
        self.parts[self.len] = part;
        self.len += 1;
    }
}

impl<'a> IntoIterator for &'a Insertion {
    type Item = &'a (usize, usize, usize);
    type IntoIter = std::slice::Iter<'a, (usize, usize, usize)>;
    fn into_iter(self) -> Self::IntoIter {
        self.parts[..self.len].iter()
    }
}

impl std::ops::Deref for Insertion {
    type Target = [(usize, usize, usize)];
    fn deref(&self) -> &Self::Target {
        &self.parts[..self.len]
    }
}

impl Builder {
    fn new(width: usize, height: usize, pieces: &[Piece]) -> Builder {
        Builder {
            width,
            height,
            cols: vec![Vec::with_capacity(height); width],
            seen: vec![0; width * height],
            epoch: 0,
            pieces: pieces.to_vec(),
            stack: Vec::new(),
        }
    }

    fn at(&self, x: isize, y: isize) -> Option<Cell> {
        if x < 0 || y < 0 {
            return None;
        }
        self.cols.get(x as usize)?.get(y as usize).copied()
    }

    /// Cells inserted at `step`, as (column, row).
    fn cells_of(&self, step: u32) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (x, col) in self.cols.iter().enumerate() {
            for (y, c) in col.iter().enumerate() {
                if c.step == step {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Columns touched by the group through each cell of `cells` (bit x = column x).
    fn group_columns(&mut self, cells: &[(usize, usize)]) -> Vec<u64> {
        self.epoch += 1;
        let mut out = Vec::new();
        for &(x, y) in cells {
            if self.seen[y * self.width + x] != self.epoch {
                let (mask, _, _) = self.flood(x, y, 0);
                out.push(mask);
            }
        }
        out
    }

    /// Flood fill from (x, y) under the current epoch: (columns, size, new cells),
    /// where new cells are those of `step`.
    fn flood(&mut self, x: usize, y: usize, step: u32) -> (u64, usize, usize) {
        let (mask, size, new, _) = self.flood_counting(x, y, step);
        (mask, size, new)
    }

    /// [`Builder::flood`], also counting the cells of the step before `step`.
    fn flood_counting(&mut self, x: usize, y: usize, step: u32) -> (u64, usize, usize, usize) {
        let colour = self.cols[x][y].colour;
        let mut stack = std::mem::take(&mut self.stack);
        stack.push((x, y));
        self.seen[y * self.width + x] = self.epoch;
        let (mut mask, mut size, mut new, mut before) = (0u64, 0, 0, 0);
        while let Some((cx, cy)) = stack.pop() {
            mask |= 1 << cx;
            size += 1;
            let tag = self.cols[cx][cy].step;
            new += usize::from(tag == step);
            before += usize::from(tag == step.wrapping_sub(1));
            let (ix, iy) = (cx as isize, cy as isize);
            for (nx, ny) in [(ix - 1, iy), (ix + 1, iy), (ix, iy - 1), (ix, iy + 1)] {
                if let Some(c) = self.at(nx, ny) {
                    let (nx, ny) = (nx as usize, ny as usize);
                    if c.colour == colour && self.seen[ny * self.width + nx] != self.epoch {
                        self.seen[ny * self.width + nx] = self.epoch;
                        stack.push((nx, ny));
                    }
                }
            }
        }
        self.stack = stack;
        (mask, size, new, before)
    }

    /// The invariant over the columns of `mask`: every group reaching them is
    /// either all cells of `step` and at least four, or has none and fewer than four.
    /// `relaxed` also lets through complete groups made only of cells of the step
    /// before (groups of the old first link that a later insertion will break).
    fn holds(&mut self, mask: u64, step: u32, relaxed: bool) -> bool {
        self.epoch += 1;
        for x in 0..self.width {
            if mask >> x & 1 == 0 {
                continue;
            }
            for y in 0..self.cols[x].len() {
                if self.seen[y * self.width + x] == self.epoch {
                    continue;
                }
                let (_, size, new, before) = self.flood_counting(x, y, step);
                let ok = if new > 0 {
                    new == size && size >= 4
                } else {
                    size < 4 || (relaxed && before == size)
                    // (cells of the group being broken carry TARGETED, so it never passes)
                };
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    fn undo(&mut self, insertion: &Insertion) {
        for &(x, y, k) in insertion.iter().rev() {
            self.cols[x].drain(y..y + k);
        }
    }

    /// Tries to insert one group of four for `step`. `targets`: cells of which at
    /// least one must be lifted (empty: anywhere). `required`: column masks of the
    /// groups that must be broken (each must meet the checked columns). `extra`:
    /// columns to check besides the insertion's. `avoid`: a colour not to use.
    /// Of the first few insertions that keep the invariant, the one leaving the
    /// lowest stacks wins, so the chain spreads sideways instead of climbing one
    /// column to the ceiling. Returns the colour used.
    #[allow(clippy::too_many_arguments)]
    fn insert_group(
        &mut self,
        step: u32,
        targets: &[(usize, usize)],
        required: &[u64],
        extra: u64,
        avoid: &[u8],
        relaxed: bool,
        palette: &[u8],
        tries: usize,
        rng: &mut Rng,
    ) -> Option<(u8, Insertion)> {
        let mut best: Option<(usize, Insertion, u8)> = None;
        let mut found = 0;
        for _ in 0..tries {
            if found >= CANDIDATES {
                break;
            }
            let Some(plan) = self.plan(targets, rng) else {
                continue;
            };
            let mask = plan
                .iter()
                .fold(extra, |m, &(col, _, _)| m | around(col, self.width));
            if required.iter().any(|&m| m & mask == 0) {
                continue;
            }
            if let Some(colour) = self.try_colours(&plan, mask, step, avoid, relaxed, palette, rng)
            {
                found += 1;
                let score = plan
                    .iter()
                    .map(|&(col, _, _)| self.cols[col].len())
                    .max()
                    .unwrap_or(0);
                self.undo(&plan);
                if best.as_ref().is_none_or(|b| score < b.0) {
                    best = Some((score, plan, colour));
                }
            }
        }
        let (_, plan, colour) = best?;
        self.apply(&plan, step, colour);
        Some((colour, plan))
    }

    /// A random placement of a tetromino with a cell at or below a random target
    /// (so that the target is lifted), as (column, row, count) insertions.
    fn plan(&self, targets: &[(usize, usize)], rng: &mut Rng) -> Option<Insertion> {
        let (x, top) = if targets.is_empty() {
            let x = rng.range_usize(0, self.width - 1);
            (x, self.cols[x].len())
        } else {
            *rng.pick(targets)
        };
        let piece = &self.pieces[rng.below(self.pieces.len() as u64) as usize];
        let dx = rng.range_usize(0, piece.width - 1);
        if dx > x || x - dx + piece.width > self.width {
            return None;
        }
        let x0 = x - dx;
        let bottom = rng.range_usize(top.saturating_sub(2), top);
        let y0 = bottom.checked_sub(piece.span(dx).0)?;
        let mut plan = Insertion::default();
        for c in 0..piece.width {
            let (lo, hi) = piece.span(c);
            let (col, y, k) = (x0 + c, y0 + lo, hi - lo + 1);
            if y > self.cols[col].len() || self.cols[col].len() + k > self.height {
                return None;
            }
            plan.push((col, y, k));
        }
        Some(plan)
    }

    /// Inserts `plan` in `colour`, tagged `step`.
    fn apply(&mut self, plan: &Insertion, step: u32, colour: u8) {
        for &(col, y, k) in plan {
            self.cols[col].splice(y..y, std::iter::repeat_n(Cell { colour, step }, k));
        }
    }

    /// Applies `plan` in the first colour (random order) that keeps the invariant
    /// over `mask` and returns it; leaves the stacks unchanged when none does.
    #[allow(clippy::too_many_arguments)]
    fn try_colours(
        &mut self,
        plan: &Insertion,
        mask: u64,
        step: u32,
        avoid: &[u8],
        relaxed: bool,
        palette: &[u8],
        rng: &mut Rng,
    ) -> Option<u8> {
        self.apply(plan, step, EMPTY);
        // Colours touching the new cells are out: the group must be exactly them.
        let mut banned = [false; 256];
        for &c in avoid {
            banned[c as usize] = true;
        }
        for &(col, y, k) in plan.iter() {
            for yy in y..y + k {
                let (ix, iy) = (col as isize, yy as isize);
                for (nx, ny) in [(ix - 1, iy), (ix + 1, iy), (ix, iy - 1), (ix, iy + 1)] {
                    if let Some(c) = self.at(nx, ny) {
                        if c.step != step {
                            banned[c.colour as usize] = true;
                        }
                    }
                }
            }
        }
        let mut colours = [0u8; 256];
        let mut n = 0;
        for &c in palette.iter().filter(|&&c| !banned[c as usize]) {
            colours[n] = c;
            n += 1;
        }
        let colours = &mut colours[..n];
        rng.shuffle(colours);
        for &mut colour in colours {
            for &(col, y, k) in plan.iter() {
                for cell in &mut self.cols[col][y..y + k] {
                    cell.colour = colour;
                }
            }
            if self.holds(mask, step, relaxed) {
                return Some(colour);
            }
        }
        self.undo(plan);
        None
    }

    /// Adds one link in front of the chain; false when no insertion was found.
    /// One new group breaking every group of the old first link is tried first;
    /// failing that (the old link cleared several groups far apart), one new group
    /// per old group, all of them vanishing together in the new link.
    fn add_link(&mut self, step: u32, multi: u64, palette: &[u8], rng: &mut Rng) -> bool {
        let targets = if step == 1 {
            Vec::new()
        } else {
            self.cells_of(step - 1)
        };
        let required = self.group_columns(&targets);
        let tries = 12 * self.width + 40;
        let colours = if let Some((colour, _)) = self.insert_group(
            step,
            &targets,
            &required,
            0,
            &[],
            false,
            palette,
            tries,
            rng,
        ) {
            vec![colour]
        } else if required.len() >= 2 {
            match self.break_one_by_one(step, &required, palette, tries, rng) {
                Some(colours) => colours,
                None => return false,
            }
        } else {
            return false;
        };
        if rng.chance(multi, 100) {
            // The extra group goes on top of the new groups' columns, so that one
            // group of the next link, inserted under both, can break them all.
            let new = self.cells_of(step);
            let extra = new.iter().fold(0u64, |m, &(x, _)| m | 1 << x);
            let near: Vec<(usize, usize)> = (0..self.width)
                .filter(|&x| extra >> x & 1 == 1)
                .map(|x| (x, self.cols[x].len()))
                .collect();
            self.insert_group(
                step,
                &near,
                &[],
                extra,
                &colours,
                false,
                palette,
                tries,
                rng,
            );
        }
        true
    }

    /// Inserts one group under each still-complete group of the old first link,
    /// then checks the invariant over everything touched; undoes all on failure.
    /// Returns the colours used.
    fn break_one_by_one(
        &mut self,
        step: u32,
        required: &[u64],
        palette: &[u8],
        tries: usize,
        rng: &mut Rng,
    ) -> Option<Vec<u8>> {
        let mut done: Vec<Insertion> = Vec::new();
        let mut colours = Vec::new();
        let mut ok = false;
        for _ in 0..required.len() {
            let old = self.cells_of(step - 1);
            let Some(pending) = self.first_complete(&old) else {
                ok = true;
                break;
            };
            self.retag(&pending, step - 1, TARGETED);
            let inserted =
                self.insert_group(step, &pending, &[], 0, &colours, true, palette, tries, rng);
            self.retag_all(TARGETED, step - 1);
            match inserted {
                Some((colour, plan)) => {
                    colours.push(colour);
                    done.push(plan);
                }
                None => break,
            }
        }
        if !ok {
            let old = self.cells_of(step - 1);
            ok = self.first_complete(&old).is_none();
        }
        if ok {
            let mask = done
                .iter()
                .flatten()
                .fold(required.iter().fold(0, |m, r| m | r), |m, &(col, _, _)| {
                    m | around(col, self.width)
                });
            ok = self.holds(mask, step, false);
        }
        if ok {
            return Some(colours);
        }
        for plan in done.iter().rev() {
            self.undo(plan);
        }
        None
    }

    /// Gives the cells at `cells` tagged `from` the tag `to`.
    fn retag(&mut self, cells: &[(usize, usize)], from: u32, to: u32) {
        for &(x, y) in cells {
            if self.cols[x][y].step == from {
                self.cols[x][y].step = to;
            }
        }
    }

    /// Gives every cell tagged `from` the tag `to`.
    fn retag_all(&mut self, from: u32, to: u32) {
        for cell in self.cols.iter_mut().flatten() {
            if cell.step == from {
                cell.step = to;
            }
        }
    }

    /// The cells of the first group of four or more among `cells`, if any.
    fn first_complete(&mut self, cells: &[(usize, usize)]) -> Option<Vec<(usize, usize)>> {
        for &(x, y) in cells {
            self.epoch += 1;
            let (_, size, _) = self.flood(x, y, 0);
            if size >= 4 {
                let epoch = self.epoch;
                let group = cells
                    .iter()
                    .copied()
                    .filter(|&(cx, cy)| self.seen[cy * self.width + cx] == epoch)
                    .collect();
                return Some(group);
            }
        }
        None
    }

    fn to_screen(&self) -> Screen {
        let mut screen = Screen::empty(self.width, self.height);
        for (x, col) in self.cols.iter().enumerate() {
            for (y, c) in col.iter().enumerate() {
                screen.set(self.height - 1 - y, x, c.colour);
            }
        }
        screen
    }
}

/// One backwards build of at most `links` links; returns the screen and its links.
fn build_once(
    width: usize,
    height: usize,
    links: u32,
    multi: u64,
    palette: &[u8],
    pieces: &[Piece],
    rng: &mut Rng,
) -> (Screen, u32) {
    let mut builder = Builder::new(width, height, pieces);
    let mut done = 0;
    while done < links && builder.add_link(done + 1, multi, palette, rng) {
        done += 1;
    }
    (builder.to_screen(), done)
}

/// A screen firing `links` links (fewer when the screen cannot hold them: the
/// longest of a few builds), with two-colour links at rate `multi` percent.
pub(crate) fn chain(
    width: usize,
    height: usize,
    links: u32,
    multi: u64,
    palette: &[u8],
    rng: &mut Rng,
) -> Screen {
    let mut pieces: Vec<Piece> = Vec::new();
    for shape in TETROMINOES {
        for k in 0..4 {
            let p = Piece::oriented(shape, k);
            if !pieces
                .iter()
                .any(|q| q.cells.iter().all(|c| p.cells.contains(c)))
            {
                pieces.push(p);
            }
        }
    }
    // No settled screen of this size and palette fires more links: each link
    // clears four puyos or more; on a single row nothing falls, so no second link
    // can form; in one colour the groups are the runs of non-empty columns, which
    // vanish whole, so nothing falls either. A build reaching it cannot be beaten,
    // so the builds after it (which would only draw more random numbers, the last
    // thing this family does) are skipped.
    let one_colour = palette.iter().all(|&c| c == palette[0]);
    let most = if height == 1 || one_colour {
        1
    } else {
        (width * height / 4) as u32
    };
    let builds = (100_000 / (width * height)).clamp(1, 24);
    let mut best = (Screen::empty(width, height), 0);
    for _ in 0..builds {
        let (screen, done) = build_once(width, height, links, multi, palette, &pieces, rng);
        if done > best.1 {
            best = (screen, done);
        }
        if best.1 >= links.min(most) {
            break;
        }
    }
    best.0
}
