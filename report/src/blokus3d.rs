//! Blokus 3D: each test case's board after its last action, from above. A
//! column's colour is its top cube's owner (a hue per player), darker the higher
//! the column (1, 2, 3, 4 or more cubes); '#' cells are black, open empty cells
//! light grey. Small boards carry each column's height as a number.
//!
//! The state comes from replaying the actions on core's plain rules model
//! ([`Referee`], the naive engine's, searching near cubes as the generators do).
//! An input holds up to 20 boards of 100 × 100, so each board is drawn within a
//! share of [`MAX_RUNS`]: a board over its share is drawn in cells of 2 × 2,
//! 4 × 4, … columns, each showing the highest column inside.

use crate::svg::{self, Raster};
use crate::Picture;
use jurybox_core::blokus3d::rules::{Referee, Search, SPEC};
use jurybox_core::blokus3d::{Answer, Game, Input, Reply};
use std::fmt::Write;

/// Row runs allowed in one picture, shared by its boards.
pub const MAX_RUNS: usize = 5_000;
/// Panels per row.
const PER_ROW: usize = 4;
/// Pixels across a board's longer side, at most.
const BOARD_PX: f64 = 180.0;
/// Boards whose longer side is at most this get height numbers.
const NUMBERED: u32 = 16;
/// Height shades: 1, 2, 3, 4 or more cubes.
const SHADES: u16 = 4;

/// One column after the game: `None` for '#', else (height, owner of the top).
type Column = Option<(u32, u8)>;

/// Every column of `game` once all its actions are played.
pub fn final_columns(game: &Game) -> Vec<Column> {
    let mut referee = Referee::new(game, SPEC, Search::NearCubes);
    for action in &game.actions {
        referee.apply(action);
    }
    let mut columns = Vec::with_capacity(game.open.len());
    for x in 0..i64::from(game.rows) {
        for y in 0..i64::from(game.cols) {
            if !game.is_open(x, y) {
                columns.push(None);
                continue;
            }
            let mut z = 0;
            while referee.colour(x, y, z) != 0 {
                z += 1;
            }
            let top = if z == 0 {
                0
            } else {
                referee.colour(x, y, z - 1)
            };
            columns.push(Some((z as u32, top)));
        }
    }
    columns
}

/// Class 1: '#'; 2: open and empty; then `SHADES` per player.
fn class(column: Column) -> u16 {
    match column {
        None => 1,
        Some((0, _)) => 2,
        Some((h, owner)) => {
            3 + (u16::from(owner) - 1) * SHADES + (h.min(u32::from(SHADES)) as u16 - 1)
        }
    }
}

fn fill(class: u16) -> String {
    match class {
        1 => "#212121".to_string(),
        2 => "#eeeeee".to_string(),
        c => {
            let (owner, shade) = ((c - 3) / SHADES, (c - 3) % SHADES);
            let hue = (f64::from(owner) * 137.508) % 360.0;
            format!("hsl({hue:.0},75%,{}%)", 72 - 13 * shade)
        }
    }
}

/// The board in cells of `f × f` columns, each the highest column inside.
fn coarse(game: &Game, columns: &[Column], f: u32) -> Raster {
    let (w, h) = (
        game.cols.div_ceil(f) as usize,
        game.rows.div_ceil(f) as usize,
    );
    let mut best: Vec<Column> = vec![None; w * h];
    let mut any_open = vec![false; w * h];
    for x in 0..game.rows as usize {
        for y in 0..game.cols as usize {
            let i = (x / f as usize) * w + y / f as usize;
            let c = columns[x * game.cols as usize + y];
            if c.is_some() {
                any_open[i] = true;
                if best[i].is_none_or(|(bh, _)| c.is_some_and(|(ch, _)| ch > bh)) {
                    best[i] = c;
                }
            }
        }
    }
    Raster {
        width: w,
        height: h,
        cells: best.into_iter().map(class).collect(),
    }
}

/// The picture: one panel per test case, with its final scores.
pub fn picture(input: &Input, answer: &Answer) -> Picture {
    let share = (MAX_RUNS / input.games.len().max(1)).max(50);
    let mut panels = Vec::new();
    let mut coarsest = 1;
    for (g, game) in input.games.iter().enumerate() {
        let columns = final_columns(game);
        let mut f = 1;
        let raster = loop {
            let r = coarse(game, &columns, f);
            if r.runs().len() <= share || f >= game.rows.max(game.cols) {
                break r;
            }
            f *= 2;
        };
        coarsest = coarsest.max(f);
        let cell = (BOARD_PX / raster.width.max(raster.height) as f64).min(16.0);
        let mut out = String::new();
        raster.draw(&mut out, 0.0, 0.0, cell, fill);
        if game.rows.max(game.cols) <= NUMBERED {
            for (i, c) in columns.iter().enumerate() {
                if let Some((h, _)) = c.filter(|(h, _)| *h > 0) {
                    let (x, y) = (
                        (i % game.cols as usize) as f64,
                        (i / game.cols as usize) as f64,
                    );
                    let _ = write!(
                        out,
                        r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" font-family="sans-serif">{h}</text>"#,
                        svg::fmt((x + 0.5) * cell),
                        svg::fmt((y + 0.75) * cell),
                        svg::fmt(cell * 0.6)
                    );
                }
            }
        }
        let scores = answer
            .get(g)
            .and_then(|replies| {
                replies.iter().rev().find_map(|r| match r {
                    Reply::Scores(s) => Some(s),
                    Reply::No => None,
                })
            })
            .map_or("no legal action".to_string(), |s| {
                let shown: Vec<String> = s.iter().take(8).map(u32::to_string).collect();
                format!(
                    "scores {}{}",
                    shown.join(" "),
                    if s.len() > 8 { " …" } else { "" }
                )
            });
        let label = format!(
            "case {}: {}×{}, K={}, {scores}",
            g + 1,
            game.rows,
            game.cols,
            game.k
        );
        panels.push((
            out,
            cell * raster.width as f64,
            cell * raster.height as f64,
            label,
        ));
    }
    let pw = BOARD_PX + 40.0;
    let ph = panels.iter().map(|p| p.2).fold(0.0, f64::max) + 22.0;
    let cols = panels.len().clamp(1, PER_ROW);
    let mut out = String::new();
    svg::open(
        &mut out,
        pw * cols as f64,
        ph * panels.len().div_ceil(PER_ROW).max(1) as f64,
        "boards",
    );
    for (k, (body, w, h, label)) in panels.iter().enumerate() {
        let (x, y) = ((k % PER_ROW) as f64 * pw, (k / PER_ROW) as f64 * ph);
        svg::text(&mut out, x, y + 11.0, label);
        let _ = write!(
            out,
            r##"<g transform="translate({}, {})"><rect width="{}" height="{}" fill="none" stroke="#616161"/>{body}</g>"##,
            svg::fmt(x),
            svg::fmt(y + 15.0),
            svg::fmt(*w),
            svg::fmt(*h)
        );
    }
    out.push_str("</svg>");
    let caption = format!(
        "{} test cases: each board from above after its last action; colour = owner of the top cube, darker = higher (1, 2, 3, 4+ cubes), black = '#'{}",
        input.games.len(),
        if coarsest > 1 {
            format!("; large boards drawn in cells of up to {0} × {0} columns (the highest inside)", coarsest)
        } else {
            String::new()
        }
    );
    Picture { svg: out, caption }
}

impl crate::Drawn for jurybox_core::blokus3d::Blokus3d {
    fn picture(input: &Input, answer: &Answer) -> Picture {
        picture(input, answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::{blokus3d::Blokus3d, Constraints, Problem};

    #[test]
    fn sample_two_shows_holes_heights_and_owners() {
        let text = "1\n8 2 1 5\n....#\n2 {000,001} (0,1)\n1 {000,010,020,011} (0,0)\n2 {002,001,011,010} (0,2)\n1 {000,001} (0,0)\n2 {000,010,020} (0,0)\n2 {001,010,011} (0,0)\n1 {000,001,010,011} (0,1)\n2 {001,011,020,021} (0,0)\n";
        let input = Blokus3d::parse_input(text.as_bytes(), Constraints::Official).unwrap();
        let answer = jurybox_core::blokus3d::naive::solve(&input);
        let columns = final_columns(&input.games[0]);
        assert_eq!(columns[4], None, "the '#' cell");
        assert!(columns.iter().flatten().any(|&(h, _)| h > 1));
        let p = picture(&input, &answer);
        assert!(p.svg.contains("#212121"));
        assert!(p.svg.contains("hsl("));
        assert!(p.svg.contains("</text>"));
    }
}
