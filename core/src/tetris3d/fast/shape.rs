//! The shape of one 4-ary segment tree over `n` leaves, and the nodes a range
//! touches in it.
//!
//! Four-way fanout, not two: a node's four children sit side by side, so one
//! 64-byte line holds every child a root path visits at a level, and the tree has
//! half the levels. It also keeps 2/3 of a (max, tag) cell per leaf instead of 2
//! (3 cells per leaf become 5/3), which shrinks the 2-D tree from 9 to about 2.8
//! cells per platform cell. The leaf count
//! is `4^m` or `2·4^m` (the root then has two children), so padding stays below 2×.
//!
//! Nodes are numbered level by level from the root (`flat` ids); each level starts
//! at a multiple of 4 so sibling groups stay aligned, and the leaves come last, so
//! `id >= internal()` means a leaf. A range `[l, r)` touches *cover* nodes (inside
//! it, with a parent that is not) and *partial* nodes (overlapping it without being
//! inside: the ancestors of covers, i.e. the nodes on the root paths of leaves `l`
//! and `r - 1` that are not inside). Nodes below a cover are never touched:
//! permanent tags make them redundant.

/// Most levels: 2048 = 2·4^5 leaves need 7.
const LEVELS: usize = 8;

/// Most cover nodes: at most 3 per side per level, 1 at the root.
pub const COVERS: usize = 6 * LEVELS;
/// Most partial nodes: two per level above the leaves.
pub const PARTIALS: usize = 2 * LEVELS;

/// Level structure of a 4-ary tree.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Index of the leaf level (0 when the root is the only leaf).
    height: usize,
    /// `log2` of the number of leaves under one node, per level.
    span_log: [u32; LEVELS],
    /// Flat id of the first node of each level (the leaf level's is `internal`).
    start: [u32; LEVELS],
}

impl Shape {
    /// The tree over at least `n >= 1` leaves.
    pub fn new(n: u32) -> Shape {
        let leaf_log = n.next_power_of_two().trailing_zeros();
        let height = leaf_log.div_ceil(2) as usize;
        assert!(height < LEVELS, "platform side {n} too large");
        let mut shape = Shape {
            height,
            span_log: [0; LEVELS],
            start: [0; LEVELS],
        };
        let mut next = 0;
        for level in 0..=height {
            // Below the root every level splits by 4; the root splits by 2 on odd logs.
            let span_log = if level == 0 {
                leaf_log
            } else {
                2 * (height - level) as u32
            };
            shape.span_log[level] = span_log;
            shape.start[level] = next;
            next += (1u32 << (leaf_log - span_log)).next_multiple_of(4);
        }
        shape
    }

    /// Number of internal nodes (including alignment padding): the first leaf id.
    pub fn internal(&self) -> u32 {
        self.start[self.height]
    }

    /// Number of leaves.
    pub fn leaves(&self) -> u32 {
        1 << self.span_log[0]
    }

    /// The nodes `[l, r)` touches; `l < r <= leaves()`.
    #[cfg(test)]
    pub fn span(&self, l: u32, r: u32) -> Span {
        let mut span = Span::new();
        self.span_into(l, r, &mut span);
        span
    }

    /// The nodes `[l, r)` touches, written over `span` (reused: no zeroing per block).
    pub fn span_into(&self, l: u32, r: u32, span: &mut Span) {
        debug_assert!(l < r && r <= self.leaves());
        span.covers = 0;
        span.partials = 0;
        // Nodes at the level above that are inside the range, scaled to this level.
        let (mut above_lo, mut above_hi) = (0, 0);
        for level in 0..=self.height {
            let k = self.span_log[level];
            let lo = (l + (1 << k) - 1) >> k;
            let hi = r >> k;
            let start = self.start[level];
            if lo < hi {
                // Inside nodes whose parent is not inside: left of and right of it.
                let left_end = hi.min(above_lo.max(lo));
                for p in lo..left_end {
                    span.cover[span.covers] = start + p;
                    span.covers += 1;
                }
                for p in above_hi.max(left_end)..hi {
                    span.cover[span.covers] = start + p;
                    span.covers += 1;
                }
            }
            if level < self.height {
                let inside = |p: u32| lo <= p && p < hi;
                let (a, b) = (l >> k, (r - 1) >> k);
                let fan = k - self.span_log[level + 1];
                let below = self.start[level + 1];
                if !inside(a) {
                    span.partial[span.partials] = start + a;
                    span.groups[span.partials] = below + (a << fan);
                    span.partials += 1;
                }
                if b != a && !inside(b) {
                    span.partial[span.partials] = start + b;
                    span.groups[span.partials] = below + (b << fan);
                    span.partials += 1;
                }
                (above_lo, above_hi) = if lo < hi {
                    (lo << fan, hi << fan)
                } else {
                    (0, 0)
                };
            }
        }
    }
}

/// Cover and partial nodes of one range, by flat id.
#[derive(Clone, Copy)]
pub struct Span {
    cover: [u32; COVERS],
    covers: usize,
    partial: [u32; PARTIALS],
    partials: usize,
    /// First child of each partial node: the sibling groups touched below the root.
    groups: [u32; PARTIALS],
}

impl Span {
    /// An empty span, to be filled by [`Shape::span_into`].
    pub fn new() -> Span {
        Span {
            cover: [0; COVERS],
            covers: 0,
            partial: [0; PARTIALS],
            partials: 0,
            groups: [0; PARTIALS],
        }
    }

    /// Nodes inside the range whose parent is not.
    pub fn covers(&self) -> &[u32] {
        &self.cover[..self.covers]
    }

    /// Nodes overlapping the range without lying inside it (never leaves).
    pub fn partials(&self) -> &[u32] {
        &self.partial[..self.partials]
    }

    /// The first node of every group of (up to) four siblings the range touches
    /// other than the root's: the children of the partial nodes. Each group is
    /// contiguous in memory, which is what a prefetch needs.
    pub fn groups(&self) -> &[u32] {
        &self.groups[..self.partials]
    }
}

#[cfg(test)]
mod tests {
    use super::Shape;

    /// Covers partition the range, each with a parent outside it, and partials are
    /// exactly the nodes overlapping the range without lying inside it.
    #[test]
    fn span_is_exact() {
        for n in 1..=70 {
            let shape = Shape::new(n);
            let leaves = shape.leaves();
            assert!(leaves >= n && (leaves < 2 * n || leaves <= 2));
            // (level, position) of every real node, by flat id.
            let mut nodes = Vec::new();
            for level in 0..=shape.height {
                let count = leaves >> shape.span_log[level];
                nodes.extend((0..count).map(|p| (shape.start[level] + p, level, p)));
            }
            let range = |id: u32| {
                let &(_, level, p) = nodes.iter().find(|n| n.0 == id).expect("a real node");
                let k = shape.span_log[level];
                (p << k, (p + 1) << k, level)
            };
            for l in 0..leaves {
                for r in l + 1..=leaves {
                    let span = shape.span(l, r);
                    let mut hits = vec![0; leaves as usize];
                    for &c in span.covers() {
                        let (a, b, level) = range(c);
                        assert!(l <= a && b <= r, "n={n} l={l} r={r}: cover {c} outside");
                        if level > 0 {
                            let k = shape.span_log[level - 1];
                            let (pa, pb) = ((a >> k) << k, ((a >> k) + 1) << k);
                            assert!(pa < l || pb > r, "n={n} l={l} r={r}: cover {c} not maximal");
                        }
                        hits[a as usize..b as usize]
                            .iter_mut()
                            .for_each(|h| *h += 1);
                    }
                    assert!(
                        hits[l as usize..r as usize].iter().all(|&h| h == 1),
                        "n={n} l={l} r={r}"
                    );
                    let mut partial = span.partials().to_vec();
                    partial.sort_unstable();
                    let mut want: Vec<u32> = nodes
                        .iter()
                        .map(|n| n.0)
                        .filter(|&id| {
                            let (a, b, _) = range(id);
                            a < r && l < b && !(l <= a && b <= r)
                        })
                        .collect();
                    want.sort_unstable();
                    assert_eq!(partial, want, "n={n} l={l} r={r}");
                    assert!(span.partials().iter().all(|&p| p < shape.internal()));
                }
            }
        }
    }
}
