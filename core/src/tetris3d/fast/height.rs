//! The cell type of the tree: `u32` when every height fits, else `u64`.
//!
//! The official maximum (Σw ≤ 2·10^9) fits 32 bits, which halves the working set of
//! the tree, and the working set decides the running time (it exceeds the caches).

/// A height stored in the tree. Sums never overflow: [`super::solve`] picks the
/// type from Σw, an upper bound on every height.
pub trait Height: Copy + Ord + Default {
    /// `self + w`.
    fn add(self, w: u32) -> Self;
    /// Widens to the answer type.
    fn to_u64(self) -> u64;
}

impl Height for u32 {
    #[inline(always)]
    fn add(self, w: u32) -> u32 {
        self + w
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        u64::from(self)
    }
}

impl Height for u64 {
    #[inline(always)]
    fn add(self, w: u32) -> u64 {
        self + u64::from(w)
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self
    }
}
