//! The values of one component's subsets, by bitmask: an open-addressing table
//! with linear probing, each slot one `u32` holding the mask (≤ 24 bits, never
//! 0) above the value (a Grundy value, < 2^8), 0 marking an empty slot. The
//! search asks it once per move, so a lookup is a multiply, a shift and
//! usually one load, where a general hash map spends several times that.
//! Time O(1) expected per operation at load ≤ 1/2.

/// The table.
pub(super) struct Seen {
    slots: Vec<u32>,
    len: usize,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            slots: vec![0; 16],
            len: 0,
        }
    }
}

impl Seen {
    /// The slot of `mask`'s first probe (Fibonacci hashing).
    fn home(&self, mask: u32) -> usize {
        let bits = self.slots.len().trailing_zeros();
        (mask.wrapping_mul(0x9e37_79b1) >> (32 - bits)) as usize
    }

    /// The value stored for `mask`.
    pub(super) fn get(&self, mask: u32) -> Option<u8> {
        debug_assert!(mask != 0 && mask < 1 << 24);
        let last = self.slots.len() - 1;
        let mut i = self.home(mask);
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if slot >> 8 == mask {
                return Some(slot as u8);
            }
            i = (i + 1) & last;
        }
    }

    /// Stores `value` for `mask`, which has none yet.
    pub(super) fn insert(&mut self, mask: u32, value: u8) {
        if 2 * (self.len + 1) > self.slots.len() {
            let bigger = vec![0; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            for slot in old.into_iter().filter(|&s| s != 0) {
                self.place(slot);
            }
        }
        self.place(mask << 8 | u32::from(value));
        self.len += 1;
    }

    /// Puts `slot` in the first empty slot from its home on.
    fn place(&mut self, slot: u32) {
        let last = self.slots.len() - 1;
        let mut i = self.home(slot >> 8);
        while self.slots[i] != 0 {
            i = (i + 1) & last;
        }
        self.slots[i] = slot;
    }
}

#[cfg(test)]
mod tests {
    use super::Seen;

    #[test]
    fn stores_and_finds_every_mask_through_growth() {
        let mut seen = Seen::default();
        // Masks with equal low bits and the largest ones collide at home often.
        let masks: Vec<u32> = (1..3000u32).map(|k| (k * 4099) & 0xff_ffff).collect();
        for (k, &m) in masks.iter().enumerate() {
            assert_eq!(seen.get(m), None);
            seen.insert(m, (k % 200) as u8);
        }
        for (k, &m) in masks.iter().enumerate() {
            assert_eq!(seen.get(m), Some((k % 200) as u8));
        }
        assert_eq!(seen.get(0xff_ffff), None);
    }
}
