//! Description: 2-D segment tree ("tree of trees") with permanent tags, no push-down
//! and no recursion. Every block queries the max over its footprint, adds `w`, and
//! chmax-assigns the result over the footprint; heights never decrease, so a tag
//! never has to be pushed down or taken back.
//! Time: O(N log D log S) after zeroing the tree. Memory: about 2.8·D·S cells (both
//! trees 4-ary, sides padded to 4^k or 2·4^k): u32 cells when Σw < 2^32, 11.7 MB at
//! D = S = 1000; u64 otherwise, 94 MB at the extended 2048 × 2048.
//! Source: the model solution of POI XIII "Tetris 3D"; bottom-up loops after al13n,
//! "Efficient and easy segment trees" (Codeforces blog 18051).
//! Status: compared with `naive` and `grid` on random and adversarial inputs (tests).
//!
//! Outer node `X` (over x) owns an inner tree `M_X` of assignments made at `X` or
//! below it and `T_X` of assignments made at `X` exactly; each inner node holds the
//! same pair (subtree max, tag) over y. A footprint splits, per dimension, into
//! *cover* nodes (inside it) and *partial* nodes (their ancestors). The query reads
//! `M` of outer covers and `T` of outer partials, and in each of those inner trees
//! the max of inner covers and the tag of inner partials; the update raises `M` of
//! outer covers and partials and `T` of outer covers, and in each of those the max
//! of inner covers and partials and the tag of inner covers. Those four crossings
//! are the "mixed cases" a tree keeping only two of them gets wrong.
//!
//! Speed is memory layout (the tree exceeds L2): 4-ary trees so one line holds all
//! the siblings a root path visits (`shape`), `M` and `T` interleaved per node so
//! the update hits the lines its query loaded (`layout`), and every block planned
//! two blocks early so its lines are prefetched (`plan`).

mod height;
mod layout;
mod plan;
mod shape;
#[cfg(test)]
mod tests;

use super::Input;
use height::Height;
use layout::Layout;
use plan::BlockPlan;
use shape::Shape;

/// The highest point after all blocks land.
pub fn solve(input: &Input) -> u64 {
    each_top(input, |_, _| {})
}

/// The top of every block once it has landed, in falling order: what a picture of
/// the final platform needs (a cell's final height is the highest top among the
/// blocks covering it). The same loop as [`solve`], which passes a no-op.
pub fn landings(input: &Input) -> Vec<u64> {
    let mut tops = vec![0; input.blocks.len()];
    each_top(input, |i, top| tops[i] = top);
    tops
}

/// Runs the blocks, calling `seen(i, top)` as block `i` lands; returns the highest.
fn each_top(input: &Input, seen: impl FnMut(usize, u64)) -> u64 {
    let total: u64 = input.blocks.iter().map(|b| u64::from(b.w)).sum();
    if total <= u64::from(u32::MAX) {
        run::<u32>(input, seen)
    } else {
        run::<u64>(input, seen)
    }
}

/// How many blocks ahead lines are prefetched (1: 33.9 ms, 2: 32.4 ms on the random
/// maximal test; two blocks' lines still fit L1).
const AHEAD: usize = 2;

fn run<H: Height>(input: &Input, mut seen: impl FnMut(usize, u64)) -> u64 {
    let layout = Layout {
        outer: Shape::new(input.d),
        inner: Shape::new(input.s),
    };
    // A 4-value sibling group is 64 bytes: start the tree on a line boundary so each
    // group is one line (the allocator returns 16-byte alignment).
    let mut storage = vec![H::default(); layout.len() + 64];
    let skip = storage.as_ptr().align_offset(64).min(64);
    let cells = &mut storage[skip..];
    let line = (64 / std::mem::size_of::<H>()) as u32;
    let mut plans: Vec<BlockPlan> = (0..=AHEAD).map(|_| BlockPlan::new()).collect();
    for (i, b) in input.blocks.iter().enumerate().take(AHEAD) {
        plans[i].fill(layout, b, line);
    }
    let mut highest = H::default();
    for (i, b) in input.blocks.iter().enumerate() {
        if let Some(later) = input.blocks.get(i + AHEAD) {
            let plan = &mut plans[(i + AHEAD) % (AHEAD + 1)];
            plan.fill(layout, later, line);
            plan.prefetch(layout, cells);
        }
        let plan = &plans[i % (AHEAD + 1)];
        let mut base = H::default();
        for (x, slots) in plan.visits(layout) {
            let tree = &cells[layout.base(x)..];
            if tree[slots.bound as usize] <= base {
                continue;
            }
            for &s in slots.read.as_slice() {
                base = base.max(tree[s as usize]);
            }
        }
        let top = base.add(b.w);
        for (x, slots) in plan.visits(layout) {
            let tree = &mut cells[layout.base(x)..];
            for &s in slots.raise.as_slice() {
                let cell = &mut tree[s as usize];
                *cell = (*cell).max(top);
            }
        }
        seen(i, top.to_u64());
        highest = highest.max(top);
    }
    highest.to_u64()
}
