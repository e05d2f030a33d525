//! Many cuts on few lines. `piles`: duplicates, nested, overlapping and touching
//! cuts, the cases merging must get right. `pieces`: lines cut completely (heap 0)
//! and lines cut in many small pieces (many intervals to merge and walk).

use super::{
    cut_on, distinct_lines, length, param_k, param_lines, param_m, param_n, parts, random_span,
    sheet,
};
use crate::{Family, Options, Rng};
use jurybox_core::papercut::{Input, Papercut};

/// Up to 10^5 cuts on a few lines, each related to an earlier cut of its line.
pub(super) const PILES: Family<Papercut> = Family {
    name: "piles",
    about: "k cuts piled on a few lines: each one a duplicate of, nested in, \
            overlapping or touching end to end an earlier cut of its line (or fresh), \
            an eighth reversed",
    params: &[
        param_n(1_000_000_000),
        param_m(1_000_000_000),
        param_k(100_000),
        param_lines(4, 3),
    ],
    generate: piles,
};

/// Half the lines cut whole, half in small pieces.
pub(super) const PIECES: Family<Papercut> = Family {
    name: "pieces",
    about: "every other line cut completely (two touching or overlapping cuts, heap \
            0), the others cut in many pieces 1-3 units long (many intervals to merge)",
    params: &[
        param_n(1_000_000_000),
        param_m(1_000_000_000),
        param_k(100_000),
        param_lines(100, 3),
    ],
    generate: pieces,
};

fn piles(options: &Options, rng: &mut Rng) -> Input {
    let (n, m) = sheet(options);
    let k = options.get("k");
    let lines = distinct_lines(rng, n, m, options.get("lines").min(k));
    let mut cuts = Vec::new();
    if lines.is_empty() {
        return Input { n, m, cuts };
    }
    let mut on: Vec<Vec<(u32, u32)>> = vec![Vec::new(); lines.len()];
    for _ in 0..k {
        let i = rng.below(lines.len() as u64) as usize;
        let len = length(n, m, parts(lines[i]).0);
        let span = if on[i].is_empty() {
            random_span(rng, len, 3)
        } else {
            let (lo, hi) = *rng.pick(&on[i]);
            match rng.below(5) {
                0 => (lo, hi),
                1 => {
                    let a = rng.range_u32(lo, hi - 1);
                    (a, rng.range_u32(a + 1, hi))
                }
                2 => {
                    let a = rng.range_u32(lo, hi - 1);
                    (a, rng.range_u32(hi, len))
                }
                3 if hi < len => {
                    let d = rng.range_u32(1, (len - hi).min(hi - lo));
                    (hi, hi + d)
                }
                3 if lo > 0 => {
                    let d = rng.range_u32(1, lo.min(hi - lo));
                    (lo - d, lo)
                }
                _ => random_span(rng, len, 3),
            }
        };
        on[i].push(span);
        cuts.push(cut_on(rng, lines[i], span, 1, 8));
    }
    Input { n, m, cuts }
}

fn pieces(options: &Options, rng: &mut Rng) -> Input {
    let (n, m) = sheet(options);
    let k = options.get("k");
    let lines = distinct_lines(rng, n, m, options.get("lines").min(k));
    let mut cuts = Vec::new();
    if lines.is_empty() {
        return Input { n, m, cuts };
    }
    // Where the first cut of each whole-cut line stopped.
    let mut first_end: Vec<Option<u32>> = vec![None; lines.len()];
    for i in 0..k {
        let j = (i % lines.len() as u64) as usize;
        let len = length(n, m, parts(lines[j]).0);
        let span = if j.is_multiple_of(2) {
            match first_end[j] {
                None => {
                    let p = rng.range_u32(1, len);
                    first_end[j] = Some(p);
                    (0, p)
                }
                // The rest of the line, touching or overlapping the first part.
                Some(p) if p < len => {
                    first_end[j] = Some(len);
                    (rng.range_u32(p.saturating_sub(2), p), len)
                }
                Some(_) => random_span(rng, len, 0),
            }
        } else {
            let a = rng.range_u32(0, len - 1);
            (a, a + rng.range_u32(1, (len - a).min(3)))
        };
        cuts.push(cut_on(rng, lines[j], span, 1, 8));
    }
    Input { n, m, cuts }
}
