//! Mutant: the 2-D segment tree with permanent tags that keeps only two values per
//! pair of nodes (x-node, y-node): `here`, the highest top among blocks covering
//! both, and `sub`, the highest among blocks meeting both. It forgets the two mixed
//! cases (the query covers the node in one dimension and only meets it in the
//! other) and reads `here` there, so it misses blocks that cross the query: too low
//! on some inputs only. Time O(N log D log S), memory O(D·S).
//!
//! Compare `fast`, which keeps all four crossings.

use super::super::Input;

/// The nodes of the power-of-two tree over `[0, size)` that the interval
/// `[start, start + len)` visits, as `(node, covered)`: the canonical nodes it
/// covers, and their ancestors, which it only meets.
fn visit(size: usize, start: usize, len: usize) -> Vec<(usize, bool)> {
    fn go(node: usize, lo: usize, hi: usize, q: (usize, usize), out: &mut Vec<(usize, bool)>) {
        if q.1 <= lo || hi <= q.0 {
            return;
        }
        let covered = q.0 <= lo && hi <= q.1;
        out.push((node, covered));
        if !covered {
            let mid = (lo + hi) / 2;
            go(2 * node, lo, mid, q, out);
            go(2 * node + 1, mid, hi, q, out);
        }
    }
    let mut out = Vec::new();
    go(1, 0, size, (start, start + len), &mut out);
    out
}

/// The highest point, as the tree without the mixed cases computes it.
pub fn solve(input: &Input) -> u64 {
    let (size_x, size_y) = (
        (input.d as usize).next_power_of_two(),
        (input.s as usize).next_power_of_two(),
    );
    let width = 2 * size_y;
    let mut here = vec![0u64; 2 * size_x * width];
    let mut sub = vec![0u64; 2 * size_x * width];
    let mut highest = 0;
    for b in &input.blocks {
        let xs = visit(size_x, b.x as usize, b.d as usize);
        let ys = visit(size_y, b.y as usize, b.s as usize);
        let mut base = 0;
        for &(xn, cx) in &xs {
            for &(yn, cy) in &ys {
                let at = xn * width + yn;
                // Right: sub when both covered, here when both only met, and a
                // mixed value otherwise. The bug: `here` for the mixed cases too.
                base = base.max(if cx && cy { sub[at] } else { here[at] });
            }
        }
        let top = base + u64::from(b.w);
        for &(xn, cx) in &xs {
            for &(yn, cy) in &ys {
                let at = xn * width + yn;
                sub[at] = sub[at].max(top);
                if cx && cy {
                    here[at] = here[at].max(top);
                }
            }
        }
        highest = highest.max(top);
    }
    highest
}
