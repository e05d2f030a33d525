//! Test-only models of wrong solutions beyond the spec's list (footprints shrunk by
//! one cell, and the 2-D tree's variants), so that the tests can prove a killer
//! family kills them too. The spec's own wrong solutions are engines of core
//! (`jurybox_core::tetris3d::mutants`) and the tests use those. Generators
//! themselves never call solvers.
//!
//! All are small and slow; they run on test-sized inputs only.

use jurybox_core::tetris3d::Input;

/// A height map whose footprint covers cells `[x+lo, x+d+hi) × [y+lo, y+s+hi)`,
/// clipped to the platform: `(0, 1)` is the inclusive `x..=x+d`, `(1, 0)` and
/// `(0, -1)` are footprints shrunk by one cell. `(0, 0)` is right.
pub(super) fn shifted_grid(input: &Input, lo: i64, hi: i64) -> u64 {
    let (side_d, side_s) = (i64::from(input.d), i64::from(input.s));
    let mut height = vec![0u64; (side_d * side_s) as usize];
    let mut highest = 0;
    for b in &input.blocks {
        let clip = |start: u32, len: u32, side: i64| {
            let from = (i64::from(start) + lo).clamp(0, side);
            let to = (i64::from(start) + i64::from(len) + hi).clamp(from, side);
            from as usize..to as usize
        };
        let (rows, cols) = (clip(b.x, b.d, side_d), clip(b.y, b.s, side_s));
        let at = |r: usize, c: usize| r * side_s as usize + c;
        let cells = || rows.clone().flat_map(|r| cols.clone().map(move |c| (r, c)));
        let top = cells().map(|(r, c)| height[at(r, c)]).max().unwrap_or(0) + u64::from(b.w);
        cells().for_each(|(r, c)| height[at(r, c)] = top);
        highest = highest.max(top);
    }
    highest
}

/// What a 2-D tree node answers in the two mixed cases (the query covers the node
/// in one dimension and only meets it in the other).
#[derive(Clone, Copy, Debug)]
pub(super) enum MixedAs {
    /// The right value: blocks that cover the node in the query's partial dimension
    /// and meet it in the other.
    Exact,
    /// "Assigned here" (blocks covering the node in both): misses crossings.
    Assigned,
    /// "Subtree max" (blocks meeting the node in both): sees non-crossing bars.
    Subtree,
}

/// The nodes of a midpoint segment tree over `[0, side)` that an interval visits:
/// `(node, covered)`, canonical nodes covered, their ancestors only met.
fn visit(side: u32, start: u32, len: u32) -> Vec<(usize, bool)> {
    fn go(node: usize, lo: u32, hi: u32, ql: u32, qr: u32, out: &mut Vec<(usize, bool)>) {
        if qr <= lo || hi <= ql {
            return;
        }
        let covered = ql <= lo && hi <= qr;
        out.push((node, covered));
        if !covered {
            let mid = lo + (hi - lo) / 2;
            go(2 * node, lo, mid, ql, qr, out);
            go(2 * node + 1, mid, hi, ql, qr, out);
        }
    }
    let mut out = Vec::new();
    go(1, 0, side, start, start + len, &mut out);
    out
}

/// The 2-D segment tree with permanent tags and no push-down, nodes as pairs
/// (x-node, y-node). Each pair keeps `best[cx][cy]`: the highest top among blocks
/// that cover (1) or only meet (0) the pair's x-node and, independently, y-node.
/// A query needs, per dimension, "meets" where it covers the node and "covers"
/// where it only meets it; `mixed_as` picks what it reads when those differ.
pub(super) fn tree2d(input: &Input, mixed_as: MixedAs) -> u64 {
    let (nx, ny) = (4 * input.d as usize, 4 * input.s as usize);
    let mut best = vec![[[0u64; 2]; 2]; nx * ny];
    let mut highest = 0;
    for b in &input.blocks {
        let (xs, ys) = (visit(input.d, b.x, b.d), visit(input.s, b.y, b.s));
        let pairs = || xs.iter().flat_map(|&x| ys.iter().map(move |&y| (x, y)));
        let base = pairs()
            .map(|((xn, qx), (yn, qy))| {
                let node = &best[xn * ny + yn];
                let (ix, iy) = (usize::from(!qx), usize::from(!qy));
                match mixed_as {
                    _ if ix == iy => node[ix][iy],
                    MixedAs::Exact => node[ix][iy],
                    MixedAs::Assigned => node[1][1],
                    MixedAs::Subtree => node[0][0],
                }
            })
            .max()
            .unwrap_or(0);
        let top = base + u64::from(b.w);
        for ((xn, cx), (yn, cy)) in pairs() {
            let node = &mut best[xn * ny + yn];
            for (ix, iy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                if (ix == 0 || cx) && (iy == 0 || cy) {
                    node[ix][iy] = node[ix][iy].max(top);
                }
            }
        }
        highest = highest.max(top);
    }
    highest
}

#[cfg(test)]
mod tests {
    use super::{shifted_grid, tree2d, MixedAs};
    use jurybox_core::tetris3d::{naive, Block, Input};

    #[test]
    fn the_models_differ_exactly_where_the_spec_says() {
        // Two blocks side by side, then one that spans both: right answer 2 + 1,
        // closed or inclusive ranges stack the neighbours (1 + 2 + 1 would need the
        // second to land on the first).
        let block = |d, s, w, x, y| Block { d, s, w, x, y };
        let input = Input {
            d: 4,
            s: 2,
            blocks: vec![block(2, 2, 1, 0, 0), block(2, 2, 2, 2, 0)],
        };
        assert_eq!(naive::solve(&input), 2);
        assert_eq!(shifted_grid(&input, 0, 1), 3);
        assert_eq!(shifted_grid(&input, 0, 0), 2);
        assert_eq!(tree2d(&input, MixedAs::Exact), 2);
        // A horizontal bar, then a vertical one crossing it.
        let input = Input {
            d: 8,
            s: 8,
            blocks: vec![block(8, 1, 5, 0, 3), block(1, 8, 1, 5, 0)],
        };
        assert_eq!(naive::solve(&input), 6);
        assert_eq!(tree2d(&input, MixedAs::Assigned), 5);
    }
}
