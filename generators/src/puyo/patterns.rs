//! Families that plant groups of a chosen shape: `concave`, `three-four`,
//! `top-row` and `same-link`. Each group is set down with [`place`], so it is on
//! the screen exactly as drawn (fillers around it never join it).

use super::shapes::{free_colour, place, Piece, CONCAVE, TETROMINOES, TROMINOES};
use super::stacks::{palette, size, Stacks};
use crate::{Options, Rng};
use jurybox_core::puyo::{Screen, COLOURS};

/// Drops random pieces of `shapes` (coloured from `colours`) on the stacks until
/// `2 * width + 8` attempts in a row fail.
fn scatter(stacks: &mut Stacks, shapes: &[&[(i8, i8)]], colours: &[u8], rng: &mut Rng) {
    let mut misses = 0;
    while misses < 2 * stacks.width + 8 {
        let piece = Piece::random(shapes, rng);
        let placed = piece.width <= stacks.width && {
            let x0 = rng.range_usize(0, stacks.width - piece.width);
            let y0 = piece.resting_row(stacks, x0);
            match free_colour(stacks, &piece, x0, y0, colours, rng) {
                Some(c) => place(stacks, &piece, x0, y0, c, &COLOURS, rng),
                None => false,
            }
        };
        misses = if placed { 0 } else { misses + 1 };
    }
}

/// Concave groups (U, tall U, wide U, staircase, hook, S-bend, ring) in all eight
/// orientations, stacked on each other with fillers in their hollows.
pub(crate) fn concave(options: &Options, rng: &mut Rng) -> Screen {
    let (w, h) = size(options);
    let mut stacks = Stacks::new(w, h);
    scatter(&mut stacks, &CONCAVE, &COLOURS, rng);
    stacks.to_screen()
}

/// Groups of exactly three and exactly four, all in two colours, so groups of
/// the same colour sit diagonally or one filler apart without touching.
pub(crate) fn three_four(options: &Options, rng: &mut Rng) -> Screen {
    let (w, h) = size(options);
    let two = palette(2, rng);
    let shapes: Vec<&[(i8, i8)]> = TETROMINOES.iter().chain(&TROMINOES).copied().collect();
    let mut stacks = Stacks::new(w, h);
    scatter(&mut stacks, &shapes, &two, rng);
    stacks.to_screen()
}

/// Groups of three and four whose top cell lies in the top row, set side by side
/// on filler columns; columns left over get filler stacks of random height.
pub(crate) fn top_row(options: &Options, rng: &mut Rng) -> Screen {
    let (w, h) = size(options);
    let shapes: Vec<&[(i8, i8)]> = TETROMINOES
        .iter()
        .chain(&TETROMINOES)
        .chain(&TROMINOES)
        .copied()
        .collect();
    let mut stacks = Stacks::new(w, h);
    let mut x = 0;
    while x < w {
        let mut placed = false;
        for _ in 0..12 {
            let piece = Piece::random(&shapes, rng);
            if piece.width > w - x || piece.height > h {
                continue;
            }
            let y0 = h - piece.height;
            if let Some(c) = free_colour(&stacks, &piece, x, y0, &COLOURS, rng) {
                if place(&mut stacks, &piece, x, y0, c, &COLOURS, rng) {
                    x += piece.width;
                    placed = true;
                    break;
                }
            }
        }
        if !placed || rng.chance(1, 4) {
            if x < w {
                let target = rng.range_usize(0, h);
                stacks.fill_to(x, target, &COLOURS, rng);
            }
            x += 1;
        }
    }
    stacks.to_screen()
}

/// Two groups that vanish in the same link, each holding up a puyo that would
/// join the other group if the groups were removed one at a time with gravity in
/// between (rows bottom-up; `a`, `b` two colours):
///
/// ```text
/// a . . b      after both vanish: a . . b  (1 link)
/// b a a a      remove the a-group first: the top b falls onto the b-group (5)
/// b b b a      remove the b-group first: the top a falls onto the a-group (5)
/// ```
///
/// Patterns (randomly mirrored) stand on filler bases of random height, an
/// empty column apart. Screens narrower than 4 or lower than 3 get fillers only.
pub(crate) fn same_link(options: &Options, rng: &mut Rng) -> Screen {
    const ROWS: [&[u8; 4]; 3] = [b"bbba", b"baaa", b"a..b"];
    let (w, h) = size(options);
    let mut stacks = Stacks::new(w, h);
    let mut x = 0;
    while x + 4 <= w && h >= 3 {
        let ab = palette(2, rng);
        let others: Vec<u8> = COLOURS
            .iter()
            .copied()
            .filter(|c| !ab.contains(c))
            .collect();
        let base = rng.range_usize(0, h - 3);
        let mirror = rng.chance(1, 2);
        for dx in 0..4 {
            stacks.fill_to(x + dx, base, &others, rng);
        }
        if (0..4).any(|dx| stacks.len(x + dx) != base) {
            break;
        }
        for row in ROWS {
            for dx in 0..4 {
                let cell = row[if mirror { 3 - dx } else { dx }];
                if cell != b'.' {
                    stacks.cols[x + dx].push(if cell == b'a' { ab[0] } else { ab[1] });
                }
            }
        }
        x += 5;
    }
    if x == 0 {
        for col in 0..w {
            let target = rng.range_usize(0, h);
            stacks.fill_to(col, target, &COLOURS, rng);
        }
    }
    stacks.to_screen()
}
