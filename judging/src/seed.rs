//! Case `i` of a run with seed `S` gets the seed `splitmix64(S + i)`: the one rule
//! of every seeded loop (a built-in problem's stress run, a setter's, harden's
//! generators), so a case is reproduced from its run's seed and its number.

/// SplitMix64: turns consecutive case numbers into independent seeds.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of case `index` of a run seeded `seed`.
pub fn case_seed(seed: u64, index: u64) -> u64 {
    splitmix64(seed.wrapping_add(index))
}
