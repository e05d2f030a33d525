//! Tetris 3D: the final platform seen from above, a height map.
//!
//! With each block's top from the fast engine ([`landings`]), the map is the
//! footprints painted last to first ([`height_map`]). Platforms wider than
//! [`MAX_CELLS`] are drawn in square cells of `f × f` units showing the highest
//! point inside; when the map still has more row runs than [`MAX_RUNS`] (a 1 × 1
//! flood is speckled), `f` doubles until it fits, so every picture stays small.

use crate::svg::{self, Raster};
use crate::Picture;
use jurybox_core::tetris3d::fast::landings;
use jurybox_core::tetris3d::Input;
use std::fmt::Write;

/// At most this many cells across, before the run budget.
pub const MAX_CELLS: u32 = 200;
/// At most this many row runs in one map (about 15 bytes each).
pub const MAX_RUNS: usize = 4_000;
/// Colour levels of the scale.
const LEVELS: u64 = 12;
/// Pixels across the map's longer side.
const SIDE_PX: f64 = 320.0;

/// The downsampled map: per cell of `factor × factor` units, the highest point.
pub struct HeightMap {
    /// Units per cell side.
    pub factor: u32,
    /// Cells along D (x).
    pub width: usize,
    /// Cells along S (y).
    pub height: usize,
    /// Row-major (y rows, x columns) heights.
    pub heights: Vec<u64>,
}

/// The map in cells of `factor × factor` units, each the highest point inside.
///
/// A cell's value is the highest top among the blocks meeting it (any block
/// meeting it stands on or below its final surface, and each point of that surface
/// is some block's top). Blocks go last to first: a block covering a whole cell
/// overlaps every earlier block meeting that cell, so its top is higher than all
/// of theirs and the cell is final; a per-row union-find of "next cell not final"
/// skips such cells, and the cells a block only partly covers (its border) take a
/// plain max. Time O(S/f · D/f + N · (D + S)/f), never O(Σ d·s).
pub fn height_map(input: &Input, tops: &[u64], factor: u32) -> HeightMap {
    let f = factor as usize;
    let (d, s) = (input.d as usize, input.s as usize);
    let (width, height) = (d.div_ceil(f), s.div_ceil(f));
    let mut cells = vec![0u64; width * height];
    // next[r * (width + 1) + c]: the first cell at or after c in row r not yet final.
    let mut next: Vec<u32> = (0..height).flat_map(|_| 0..=width as u32).collect();
    fn find(next: &mut [u32], row: usize, c: usize) -> usize {
        let mut root = c;
        while next[row + root] as usize != root {
            root = next[row + root] as usize;
        }
        let mut c = c;
        while next[row + c] as usize != root {
            let up = next[row + c] as usize;
            next[row + c] = root as u32;
            c = up;
        }
        root
    }
    // Cells of one axis a block meets [first, last] and covers whole [lo, hi).
    let span = |start: u32, len: u32, side: usize| {
        let (a, b) = (start as usize, (start + len) as usize);
        let (first, last) = (a / f, (b - 1) / f);
        let lo = a.div_ceil(f);
        let hi = if b == side { last + 1 } else { b / f };
        (first, last, lo, hi.max(lo))
    };
    for (b, &top) in input.blocks.iter().zip(tops).rev() {
        let (cx0, cx1, wx0, wx1) = span(b.x, b.d, d);
        let (cy0, cy1, wy0, wy1) = span(b.y, b.s, s);
        for r in cy0..=cy1 {
            let line = &mut cells[r * width..(r + 1) * width];
            if !(wy0..wy1).contains(&r) {
                for v in &mut line[cx0..=cx1] {
                    *v = (*v).max(top);
                }
                continue;
            }
            // Partly covered columns: at most one on each side of the whole ones.
            for c in (cx0..wx0.min(cx1 + 1)).chain(wx1.max(cx0)..=cx1) {
                line[c] = line[c].max(top);
            }
            let row = r * (width + 1);
            let mut c = find(&mut next, row, wx0);
            while c < wx1 {
                line[c] = line[c].max(top);
                next[row + c] = (c + 1) as u32;
                c = find(&mut next, row, c + 1);
            }
        }
    }
    HeightMap {
        factor,
        width,
        height,
        heights: cells,
    }
}

/// The colour level of height `h` under a scale topping at `max`: 0 is the bare
/// platform, 1..=LEVELS equal slices of (0, max].
fn level(h: u64, max: u64) -> u16 {
    if h == 0 || max == 0 {
        0
    } else {
        (h * LEVELS).div_ceil(max) as u16
    }
}

fn raster(map: &HeightMap, max: u64) -> Raster {
    Raster {
        width: map.width,
        height: map.height,
        cells: map.heights.iter().map(|&h| level(h, max)).collect(),
    }
}

/// The picture: height map, legend, the answer.
pub fn picture(input: &Input, answer: &u64) -> Picture {
    let tops = landings(input);
    let max = tops.iter().copied().max().unwrap_or(0);
    let mut factor = input.d.max(input.s).div_ceil(MAX_CELLS).max(1);
    let (map, cells) = loop {
        let map = height_map(input, &tops, factor);
        let cells = raster(&map, max);
        if cells.runs().len() <= MAX_RUNS || factor >= input.d.max(input.s) {
            break (map, cells);
        }
        factor *= 2;
    };
    let cell = SIDE_PX / map.width.max(map.height) as f64;
    let (w, h) = (cell * map.width as f64, cell * map.height as f64);
    let legend_x = w + 16.0;
    let mut out = String::new();
    svg::open(
        &mut out,
        legend_x + 110.0,
        h.max(LEVELS as f64 * 14.0 + 30.0) + 20.0,
        "height map",
    );
    let _ = write!(
        out,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#e0e0e0" stroke="#444"/>"##,
        svg::fmt(w),
        svg::fmt(h)
    );
    cells.draw(&mut out, 0.0, 0.0, cell, |l| {
        svg::ramp(f64::from(l) / LEVELS as f64)
    });
    svg::text(
        &mut out,
        0.0,
        h + 14.0,
        &format!("x → D = {}, y ↓ S = {}", input.d, input.s),
    );
    svg::text(&mut out, legend_x, 12.0, "height");
    // Levels holding no integer height (a scale topping below LEVELS) are left out.
    let shown: Vec<u64> = (1..=LEVELS)
        .rev()
        .filter(|&l| (max * (l - 1)) / LEVELS < (max * l) / LEVELS)
        .collect();
    for (row, &l) in shown.iter().enumerate() {
        let y = 18.0 + row as f64 * 14.0;
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="14" height="12" fill="{}"/>"#,
            svg::fmt(legend_x),
            svg::fmt(y),
            svg::ramp(l as f64 / LEVELS as f64)
        );
        let lo = (max * (l - 1)) / LEVELS + 1;
        let hi = (max * l) / LEVELS;
        let range = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}–{hi}")
        };
        svg::text(&mut out, legend_x + 18.0, y + 10.0, &range);
    }
    out.push_str("</svg>");
    let caption = format!(
        "D = {} × S = {}, N = {}: final platform from above, highest point {answer}{}",
        input.d,
        input.s,
        input.blocks.len(),
        if map.factor > 1 {
            format!(
                " (each cell the highest point of {0} × {0} units)",
                map.factor
            )
        } else {
            String::new()
        }
    );
    Picture { svg: out, caption }
}

impl crate::Drawn for jurybox_core::tetris3d::Tetris3d {
    fn picture(input: &Input, answer: &u64) -> Picture {
        picture(input, answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::tetris3d::Block;

    fn input(d: u32, s: u32, blocks: &[(u32, u32, u32, u32, u32)]) -> Input {
        Input {
            d,
            s,
            blocks: blocks
                .iter()
                .map(|&(d, s, w, x, y)| Block { d, s, w, x, y })
                .collect(),
        }
    }

    #[test]
    fn sample_map_is_exact_and_drawn() {
        let i = input(
            7,
            5,
            &[
                (4, 3, 2, 0, 0),
                (3, 3, 1, 3, 0),
                (7, 1, 2, 0, 3),
                (2, 3, 3, 2, 2),
            ],
        );
        let map = height_map(&i, &landings(&i), 1);
        // Row y = 2: blocks 1 (top 2), 2 (top 3, x 3..6) and 4 (top 6, x 2..4).
        assert_eq!(&map.heights[2 * 7..3 * 7], &[2, 2, 6, 6, 3, 3, 0]);
        let p = picture(&i, &6);
        assert!(p.svg.matches("<path").count() >= 3, "{}", p.svg);
        assert!(p.caption.contains("highest point 6"));
        // Heights 1..=6 on a 12-level scale: six legend entries, each one height.
        for h in 1..=6 {
            assert!(p.svg.contains(&format!(">{h}</text>")), "legend lacks {h}");
        }
        assert!(!p.svg.contains("6–5"));
    }

    #[test]
    fn big_speckled_platforms_stay_within_the_bounds() {
        // A 1 × 1 flood on a 1000 × 1000 platform: every map cell differs.
        let blocks: Vec<_> = (0..20_000u32)
            .map(|i| {
                (
                    1,
                    1,
                    1 + i % 97,
                    (i * 7919) % 1000,
                    (i * 104_729 / 1000) % 1000,
                )
            })
            .collect();
        let i = input(1000, 1000, &blocks);
        let p = picture(&i, &0);
        let map = height_map(&i, &landings(&i), 5);
        assert!(map.width <= MAX_CELLS as usize && map.height <= MAX_CELLS as usize);
        let runs = p.svg.matches('M').count();
        assert!(runs <= MAX_RUNS, "{runs} runs");
        assert!(runs > 100, "the speckle is drawn, not dropped");
    }
}

#[cfg(test)]
mod paint {
    use super::*;
    use jurybox_core::tetris3d::Block;

    /// Against the plain paint (every block over every cell, in order), maxed per cell.
    #[test]
    fn painting_last_to_first_equals_the_plain_map_at_every_factor() {
        let mut seed = 12345u64;
        let mut next = |m: u32| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as u32) % m
        };
        for _ in 0..200 {
            let (d, s) = (1 + next(9), 1 + next(9));
            let blocks: Vec<Block> = (0..next(12))
                .map(|_| {
                    let (x, y) = (next(d), next(s));
                    Block {
                        d: 1 + next(d - x),
                        s: 1 + next(s - y),
                        w: 1 + next(5),
                        x,
                        y,
                    }
                })
                .collect();
            let input = Input { d, s, blocks };
            let tops = landings(&input);
            let mut plain = vec![0u64; (d * s) as usize];
            for (b, &top) in input.blocks.iter().zip(&tops) {
                for y in b.y..b.y + b.s {
                    for x in b.x..b.x + b.d {
                        plain[(y * d + x) as usize] = top;
                    }
                }
            }
            for f in 1..4u32 {
                let map = height_map(&input, &tops, f);
                for y in 0..s as usize {
                    for x in 0..d as usize {
                        let (c, r) = (x / f as usize, y / f as usize);
                        assert!(map.heights[r * map.width + c] >= plain[y * d as usize + x]);
                    }
                }
                let mut want = vec![0u64; map.width * map.height];
                for y in 0..s as usize {
                    for x in 0..d as usize {
                        let i = (y / f as usize) * map.width + x / f as usize;
                        want[i] = want[i].max(plain[y * d as usize + x]);
                    }
                }
                assert_eq!(map.heights, want, "factor {f}, {input:?}");
            }
        }
    }
}
