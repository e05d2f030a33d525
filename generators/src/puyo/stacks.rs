//! Column stacks: the board every Puyo family builds on.
//!
//! A settled screen is exactly a list of column stacks, so the families build
//! stacks (bottom puyo first) and never hold a floating puyo. The helpers here
//! place "fillers": puyos coloured unlike every neighbour they touch, so a filler
//! is a group of one and never changes the groups a family builds on purpose.

use crate::Rng;
use jurybox_core::puyo::{Screen, COLOURS};

/// Column stacks of a `width × height` screen, bottom puyo first.
#[derive(Clone, Debug)]
pub(crate) struct Stacks {
    pub width: usize,
    pub height: usize,
    pub cols: Vec<Vec<u8>>,
}

impl Stacks {
    /// No puyo at all.
    pub fn new(width: usize, height: usize) -> Stacks {
        Stacks {
            width,
            height,
            cols: vec![Vec::new(); width],
        }
    }

    /// The puyo at column `x`, `y` rows above the floor, if any (outside is empty).
    pub fn at(&self, x: isize, y: isize) -> Option<u8> {
        if x < 0 || y < 0 {
            return None;
        }
        self.cols.get(x as usize)?.get(y as usize).copied()
    }

    /// How many puyos column `x` holds.
    pub fn len(&self, x: usize) -> usize {
        self.cols[x].len()
    }

    /// Colours of the (up to four) puyos beside cell (`x`, `y`).
    pub fn neighbours(&self, x: usize, y: usize) -> impl Iterator<Item = u8> + '_ {
        let (x, y) = (x as isize, y as isize);
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter_map(move |(a, b)| self.at(a, b))
    }

    /// Size of the group through (`x`, `y`), counting at most `cap` puyos.
    pub fn group_size(&self, x: usize, y: usize, cap: usize) -> usize {
        let Some(colour) = self.at(x as isize, y as isize) else {
            return 0;
        };
        let mut seen = vec![(x, y)];
        let mut todo = vec![(x, y)];
        while let Some((cx, cy)) = todo.pop() {
            let (ix, iy) = (cx as isize, cy as isize);
            for (nx, ny) in [(ix - 1, iy), (ix + 1, iy), (ix, iy - 1), (ix, iy + 1)] {
                if self.at(nx, ny) == Some(colour) && !seen.contains(&(nx as usize, ny as usize)) {
                    seen.push((nx as usize, ny as usize));
                    if seen.len() >= cap {
                        return cap;
                    }
                    todo.push((nx as usize, ny as usize));
                }
            }
        }
        seen.len()
    }

    /// A random colour of `palette` unlike every puyo beside the top of column
    /// `x` and unlike `avoid`; `None` when the palette has no such colour.
    pub fn filler_colour(
        &self,
        x: usize,
        palette: &[u8],
        avoid: Option<u8>,
        rng: &mut Rng,
    ) -> Option<u8> {
        let y = self.len(x);
        let banned: Vec<u8> = self.neighbours(x, y).chain(avoid).collect();
        let allowed: Vec<u8> = palette
            .iter()
            .copied()
            .filter(|c| !banned.contains(c))
            .collect();
        (!allowed.is_empty()).then(|| *rng.pick(&allowed))
    }

    /// Pushes a filler on column `x`; false (and nothing pushed) when the column is
    /// full or no colour of `palette` fits.
    pub fn push_filler(
        &mut self,
        x: usize,
        palette: &[u8],
        avoid: Option<u8>,
        rng: &mut Rng,
    ) -> bool {
        if self.len(x) >= self.height {
            return false;
        }
        match self.filler_colour(x, palette, avoid, rng) {
            Some(c) => {
                self.cols[x].push(c);
                true
            }
            None => false,
        }
    }

    /// Raises column `x` with fillers to `target` puyos (or as far as they fit).
    pub fn fill_to(&mut self, x: usize, target: usize, palette: &[u8], rng: &mut Rng) {
        while self.len(x) < target.min(self.height) {
            if !self.push_filler(x, palette, None, rng) {
                break;
            }
        }
    }

    /// The screen these stacks make (row 0 = top).
    pub fn to_screen(&self) -> Screen {
        let mut screen = Screen::empty(self.width, self.height);
        for (x, col) in self.cols.iter().enumerate() {
            for (y, &c) in col.iter().enumerate() {
                screen.set(self.height - 1 - y, x, c);
            }
        }
        screen
    }
}

/// `k` distinct colours (clamped to 1..=5) in a random order.
pub(crate) fn palette(k: usize, rng: &mut Rng) -> Vec<u8> {
    let mut all = COLOURS.to_vec();
    rng.shuffle(&mut all);
    all.truncate(k.clamp(1, COLOURS.len()));
    all
}

/// The screen size of `options`, clamped to 1..=64.
pub(crate) fn size(options: &crate::Options) -> (usize, usize) {
    let clamp = |v: usize| v.clamp(1, jurybox_core::puyo::EXTENDED_MAX);
    (
        clamp(options.get_usize("width")),
        clamp(options.get_usize("height")),
    )
}
