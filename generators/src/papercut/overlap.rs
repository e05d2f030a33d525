//! Every touched line cut by a chain of overlapping cuts: summing the cuts' lengths
//! without merging them counts the overlaps twice, and the heaps come out wrong.

use super::{
    cut_on, distinct_lines, length, param_k, param_lines, param_m, param_n, parts, random_span,
    sheet,
};
use crate::{Family, Options, Rng};
use jurybox_core::papercut::{Input, Papercut};

/// Each cut overlaps the previous cut of its line by at least one unit.
pub(super) const OVERLAP: Family<Papercut> = Family {
    name: "overlap",
    about: "cuts dealt round robin to some lines, each overlapping the previous cut \
            of its line by at least one unit: unmerged sums subtract the overlaps twice",
    params: &[
        param_n(1_000_000_000),
        param_m(1_000_000_000),
        param_k(100_000),
        param_lines(1000, 2),
    ],
    generate: overlap,
};

fn overlap(options: &Options, rng: &mut Rng) -> Input {
    let (n, m) = sheet(options);
    let k = options.get("k");
    let lines = distinct_lines(rng, n, m, options.get("lines").min(k));
    let mut cuts = Vec::new();
    if lines.is_empty() {
        return Input { n, m, cuts };
    }
    let mut last: Vec<Option<(u32, u32)>> = vec![None; lines.len()];
    for i in 0..k {
        let j = (i % lines.len() as u64) as usize;
        let len = length(n, m, parts(lines[j]).0);
        let span = match last[j] {
            None => random_span(rng, len, 2),
            Some((lo, hi)) => {
                let a = rng.range_u32(lo, hi - 1);
                (a, rng.range_u32(a + 1, len))
            }
        };
        last[j] = Some(span);
        cuts.push(cut_on(rng, lines[j], span, 1, 4));
    }
    Input { n, m, cuts }
}
