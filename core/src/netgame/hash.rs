//! A multiply-rotate hasher for small integer keys (the rustc's FxHash idea):
//! SipHash's resistance to chosen keys buys nothing for shapes and grid points,
//! and its cost was most of a memo lookup and of building the net.

use std::hash::{BuildHasherDefault, Hasher};

/// The hasher: one multiply and rotate per word.
#[derive(Default, Clone, Copy)]
pub(crate) struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        // The product's well-mixed high bits down to where the table takes its
        // bucket index (the low bits), as rustc-hash 2 does.
        self.0.rotate_left(26)
    }
}

/// A `HashMap` with [`Fx`].
pub(crate) type FxMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<Fx>>;
