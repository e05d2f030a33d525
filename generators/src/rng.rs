//! The only source of randomness of the generators, with a frozen range mapping.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

/// A seeded random source whose every method is stable across versions.
pub struct Rng {
    inner: ChaCha8Rng,
}

impl Rng {
    /// A source seeded from `seed` (ChaCha8 via `SeedableRng::seed_from_u64`).
    pub fn new(seed: u64) -> Self {
        Rng {
            inner: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A uniformly random 64-bit word.
    pub fn word(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// Uniform in `0..n` by rejection sampling (unbiased). `n` must be positive.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0)");
        let zone = u64::MAX - (u64::MAX % n + 1) % n;
        loop {
            let w = self.word();
            if w <= zone {
                return w % n;
            }
        }
    }

    /// Uniform in `lo..=hi`. Requires `lo <= hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::range({lo}, {hi})");
        if hi - lo == u64::MAX {
            return self.word();
        }
        lo + self.below(hi - lo + 1)
    }

    /// [`Rng::range`] for `u32` bounds.
    pub fn range_u32(&mut self, lo: u32, hi: u32) -> u32 {
        self.range(u64::from(lo), u64::from(hi)) as u32
    }

    /// [`Rng::range`] for `usize` bounds.
    pub fn range_usize(&mut self, lo: usize, hi: usize) -> usize {
        self.range(lo as u64, hi as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// testlib's `wnext`: the maximum (t > 0) or minimum (t < 0) of |t| + 1 uniform
    /// draws from `lo..=hi`; t = 0 is uniform. One knob that skews sizes towards
    /// the extremes where bugs live.
    pub fn skewed(&mut self, lo: u64, hi: u64, t: i32) -> u64 {
        let mut best = self.range(lo, hi);
        for _ in 0..t.unsigned_abs() {
            let v = self.range(lo, hi);
            best = if t > 0 { best.max(v) } else { best.min(v) };
        }
        best
    }

    /// An element of a non-empty slice, chosen uniformly.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn range_stays_in_bounds_and_hits_both_ends() {
        let mut rng = Rng::new(7);
        let draws: Vec<u64> = (0..2000).map(|_| rng.range(3, 9)).collect();
        assert!(draws.iter().all(|&v| (3..=9).contains(&v)));
        assert!(draws.contains(&3) && draws.contains(&9));
        assert_eq!(rng.range(5, 5), 5);
    }

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u64> = (0..5)
            .map({
                let mut r = Rng::new(42);
                move |_| r.word()
            })
            .collect();
        let b: Vec<u64> = (0..5)
            .map({
                let mut r = Rng::new(42);
                move |_| r.word()
            })
            .collect();
        assert_eq!(a, b);
    }

    #[test]
    fn skew_moves_towards_the_ends() {
        let mut rng = Rng::new(1);
        let up: u64 = (0..500).map(|_| rng.skewed(0, 100, 5)).sum();
        let down: u64 = (0..500).map(|_| rng.skewed(0, 100, -5)).sum();
        assert!(up > 500 * 70 && down < 500 * 30, "up {up} down {down}");
    }
}
