//! Mutant: one 1-D segment tree (over y, permanent tags) per row x of the platform.
//! Right answers, but a block visits every row it covers: O(d log S) per block,
//! O(N·D·log S) in all, slow on blocks wide along x.

use super::super::Input;

/// One row's tree over `[0, size)`: node `i` has children `2i` and `2i+1`; `max` is
/// the highest top over the node's range, `tag` the highest assigned to all of it.
struct Row<'a> {
    max: &'a mut [u64],
    tag: &'a mut [u64],
}

impl Row<'_> {
    fn query(&self, node: usize, (lo, hi): (u32, u32), (from, to): (u32, u32)) -> u64 {
        if to <= lo || hi <= from {
            return 0;
        }
        if from <= lo && hi <= to {
            return self.max[node];
        }
        let mid = (lo + hi) / 2;
        let left = self.query(2 * node, (lo, mid), (from, to));
        let right = self.query(2 * node + 1, (mid, hi), (from, to));
        self.tag[node].max(left).max(right)
    }

    fn raise(&mut self, node: usize, (lo, hi): (u32, u32), (from, to): (u32, u32), top: u64) {
        if to <= lo || hi <= from {
            return;
        }
        self.max[node] = self.max[node].max(top);
        if from <= lo && hi <= to {
            self.tag[node] = self.tag[node].max(top);
            return;
        }
        let mid = (lo + hi) / 2;
        self.raise(2 * node, (lo, mid), (from, to), top);
        self.raise(2 * node + 1, (mid, hi), (from, to), top);
    }
}

/// Row `r`'s tree, cut out of the platform-wide arrays.
fn row<'a>(max: &'a mut [u64], tag: &'a mut [u64], r: usize, per_row: usize) -> Row<'a> {
    Row {
        max: &mut max[r * per_row..][..per_row],
        tag: &mut tag[r * per_row..][..per_row],
    }
}

/// The highest point, with a segment tree per row.
pub fn solve(input: &Input) -> u64 {
    let size = input.s.next_power_of_two();
    let per_row = 2 * size as usize;
    let mut max = vec![0u64; input.d as usize * per_row];
    let mut tag = vec![0u64; input.d as usize * per_row];
    let mut highest = 0;
    for b in &input.blocks {
        let span = (b.y, b.y + b.s);
        let rows = b.x as usize..(b.x + b.d) as usize;
        let base = rows
            .clone()
            .map(|r| row(&mut max, &mut tag, r, per_row).query(1, (0, size), span))
            .max()
            .unwrap_or(0);
        let top = base + u64::from(b.w);
        for r in rows {
            row(&mut max, &mut tag, r, per_row).raise(1, (0, size), span, top);
        }
        highest = highest.max(top);
    }
    highest
}
