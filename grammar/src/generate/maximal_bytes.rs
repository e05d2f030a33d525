//! The maximal stage's byte cap, which a caller that times its candidates
//! sets ([`MaximalBytes`]), and how a report says a size.

/// `bytes` in KiB or MiB, as a report says a size.
pub fn bytes_text(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
    } else {
        format!("{} KiB", bytes.div_ceil(1 << 10))
    }
}

/// The most bytes a maximal shape may take, below [`GenerateOptions::max_bytes`],
/// set by a caller that times what a maximal input costs to judge: on a
/// problem whose validator states no bound on a sum, every maximal shape
/// fills the whole budget (a million tokens), one such candidate once cost
/// four minutes of a ten-minute search, and the shapes after it were never
/// judged. Shared (a clone is the same budget), so the streams that scale
/// the same shapes back ([`Candidates::largest_accepted`]) make them at the
/// same size and the search's cache knows them. Unset: no cap of its own.
#[derive(Clone, Debug)]
pub struct MaximalBytes(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl Default for MaximalBytes {
    fn default() -> Self {
        MaximalBytes(std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(
            usize::MAX,
        )))
    }
}

impl MaximalBytes {
    /// The cap, if one was set.
    pub fn get(&self) -> Option<usize> {
        let bytes = self.0.load(std::sync::atomic::Ordering::Relaxed);
        (bytes != usize::MAX).then_some(bytes)
    }

    /// Caps the maximal shapes made from now on at `bytes` (at least 1).
    pub fn set(&self, bytes: usize) {
        self.0.store(
            bytes.clamp(1, usize::MAX - 1),
            std::sync::atomic::Ordering::Relaxed,
        );
    }
}
