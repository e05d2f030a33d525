//! Where each node of the 2-D tree lives in the one flat array of heights.
//!
//! Outer (x) node `X` owns one inner (y) tree. An internal `X` keeps two roles per
//! inner node — `M` (assignments at `X` or below) and `T` (assignments at `X`
//! exactly), each a (subtree max, tag) pair — side by side as four cells, so the
//! update of a block finds in cache the lines its query just read (the query reads
//! `T` of a partial `X`, the update raises `M` of the same `X`). An outer leaf has
//! `M = T`, and an inner leaf has max = tag (its subtree is itself), so those store
//! one value per role. Internal outer trees come first, then the leaf trees.

use super::shape::Shape;

/// The two roles of an internal outer node's values.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Assignments made at the outer node or below it.
    Subtree = 0,
    /// Assignments made at the outer node itself.
    Here = 1,
}

/// Positions for one platform.
#[derive(Clone, Copy)]
pub struct Layout {
    /// Shape of the outer (x) tree.
    pub outer: Shape,
    /// Shape of the inner (y) trees.
    pub inner: Shape,
}

impl Layout {
    /// Cells of one inner tree with `roles` roles.
    fn tree_len(self, roles: u32) -> usize {
        (self.inner.internal() * 2 * roles + self.inner.leaves() * roles) as usize
    }

    /// Total cells.
    pub fn len(self) -> usize {
        self.outer.internal() as usize * self.tree_len(2)
            + self.outer.leaves() as usize * self.tree_len(1)
    }

    /// True when outer node `x` is a leaf.
    #[inline(always)]
    pub fn is_leaf(self, x: u32) -> bool {
        x >= self.outer.internal()
    }

    /// First cell of the inner tree of outer node `x`.
    #[inline(always)]
    pub fn base(self, x: u32) -> usize {
        let internal = self.outer.internal();
        if x < internal {
            x as usize * self.tree_len(2)
        } else {
            internal as usize * self.tree_len(2) + (x - internal) as usize * self.tree_len(1)
        }
    }

    /// (subtree max, tag) cells of inner node `y` in role `role` of `roles`.
    #[inline(always)]
    fn cells(self, y: u32, roles: u32, role: u32) -> (u32, u32) {
        let internal = self.inner.internal();
        if y < internal {
            let at = y * 2 * roles + 2 * role;
            (at, at + 1)
        } else {
            let at = internal * 2 * roles + (y - internal) * roles + role;
            (at, at)
        }
    }

    /// First and one-past-last cell of the group of four sibling nodes starting at
    /// `first` (a multiple of 4), in an outer leaf's tree or an internal one's.
    pub fn group(self, first: u32, leaf_tree: bool) -> (u32, u32) {
        let roles = if leaf_tree { 1 } else { 2 };
        let start = self.cells(first, roles, 0).0;
        (
            start,
            start + 4 * self.cells(first + 1, roles, 0).0 - 4 * start,
        )
    }

    /// (subtree max, tag) cells of inner node `y` in an internal outer node's tree.
    #[inline(always)]
    pub fn internal(self, y: u32, role: Role) -> (u32, u32) {
        self.cells(y, 2, role as u32)
    }

    /// (subtree max, tag) cells of inner node `y` in an outer leaf's tree.
    #[inline(always)]
    pub fn leaf(self, y: u32) -> (u32, u32) {
        self.cells(y, 1, 0)
    }
}
