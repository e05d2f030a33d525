//! Structure-aware fuzzing: every byte string becomes a small valid net, a dense
//! random subset of the ropes of a grid of at most 6 cells (17 ropes) plus a few
//! stray ropes elsewhere, end points in either order, so that whole cells are
//! common and the naive engine's 2^ropes search stays cheap under the sanitizers
//! (the proptest properties in `core/tests` cover grids of up to 12 cells).

use super::{Input, Rope};
use arbitrary::{Arbitrary, Result, Unstructured};

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let w: u32 = u.int_in_range(1..=3)?;
        let h: u32 = u.int_in_range(1..=(6 / w).min(3))?;
        let (ox, oy): (u32, u32) = (u.int_in_range(0..=3)?, u.int_in_range(0..=3)?);
        let mut ropes = Vec::new();
        for y in 0..=h {
            for x in 0..=w {
                // The horizontal rope right of (x, y) and the vertical one above it.
                for (dx, dy) in [(1, 0), (0, 1)] {
                    let inside = (dx == 1 && x < w) || (dy == 1 && y < h);
                    if inside && u.ratio(5, 6)? {
                        let (a, b) = ((ox + x, oy + y), (ox + x + dx, oy + y + dy));
                        let (a, b) = if u.ratio(1, 3)? { (b, a) } else { (a, b) };
                        ropes.push(Rope {
                            x1: a.0,
                            y1: a.1,
                            x2: b.0,
                            y2: b.1,
                        });
                    }
                }
            }
        }
        // Stray ropes far from the grid, never making a cell with it.
        for i in 0..u.int_in_range(0..=3)? {
            ropes.push(Rope {
                x1: 20 + 2 * i,
                y1: 20,
                x2: 20 + 2 * i,
                y2: 21,
            });
        }
        if ropes.is_empty() {
            ropes.push(Rope {
                x1: 0,
                y1: 0,
                x2: 1,
                y2: 0,
            });
        }
        // Shuffle by swaps chosen from the data, so rope numbers vary.
        for i in (1..ropes.len()).rev() {
            let j = u.int_in_range(0..=i)?;
            ropes.swap(i, j);
        }
        Ok(Input { ropes })
    }
}
