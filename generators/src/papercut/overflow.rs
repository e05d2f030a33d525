//! Near-full cuts on many lines far from the origin of a 10^9 sheet: every length
//! fits in 32 bits, but their sums (10^5 cuts of nearly 10^9) and the positions of
//! lines laid end to end (c·(m + 1) + y) do not.

use super::{count, cut_on, length, line, param_k, param_m, param_n, sheet};
use crate::{Family, Options, Rng};
use jurybox_core::papercut::{Input, Papercut};

/// Nearly whole lines cut, coordinates skewed towards n and m.
pub(super) const OVERFLOW: Family<Papercut> = Family {
    name: "overflow",
    about: "k cuts covering all but up to 1/1000 of random lines, line coordinates \
            skewed towards n - 1 and m - 1: sums of lengths and line-by-line positions \
            pass 2^32 many times over",
    params: &[
        param_n(1_000_000_000),
        param_m(1_000_000_000),
        param_k(100_000),
    ],
    generate: overflow,
};

fn overflow(options: &Options, rng: &mut Rng) -> Input {
    let (n, m) = sheet(options);
    let mut cuts = Vec::new();
    for _ in 0..options.get("k") {
        let vertical = match (n > 1, m > 1) {
            (false, false) => break,
            (true, true) => rng.chance(1, 2),
            (v, _) => v,
        };
        let c = rng.skewed(1, u64::from(count(n, m, vertical)), 2) as u32;
        let len = length(n, m, vertical);
        let slack = (len / 1000).max(1);
        let lo = rng.range_u32(0, slack.min(len - 1));
        let hi = len - rng.range_u32(0, slack.min(len - lo - 1));
        cuts.push(cut_on(rng, line(vertical, c), (lo, hi), 1, 4));
    }
    Input { n, m, cuts }
}
