//! One long line holds the only big heap and is already cut in places, so the
//! winning cut must skip over cut parts to take exactly the right number of uncut
//! units (the fiddly part, says the spec's source).
//!
//! The sheet is `width` × `long` (or transposed): the `width − 1` long lines but one
//! are cut whole, the chosen one gets most cuts as scattered pieces, the short lines
//! (length `width`) the rest. With a small width the short heaps are below 4 and the
//! long line's heap has the XOR's top bit: it is the only winning line.

use super::{count, cut_on, line, param_k, random_span};
use crate::{Family, Options, Param, Rng};
use jurybox_core::papercut::{Input, Papercut};

const PARAMS: &[Param] = &[
    Param {
        name: "long",
        about: "length of the long lines",
        min: 1,
        max: 1_000_000_000,
        default: 1_000_000_000,
        stress: 4,
    },
    Param {
        name: "width",
        about: "the short side: width - 1 long lines, short heaps at most width",
        min: 1,
        max: 1_000_000_000,
        default: 3,
        stress: 2,
    },
    param_k(100_000),
];

/// The winning line has cut pieces anywhere, its start cut half the time.
pub(super) const SKIP_CUTS: Family<Papercut> = Family {
    name: "skip-cuts",
    about: "the only big heap is on a long line already cut in many places (its start \
            half the time): the winning cut must pass cut parts without counting them",
    params: PARAMS,
    generate: skip_cuts,
};

/// The winning line's start is always cut.
pub(super) const CUT_START: Family<Papercut> = Family {
    name: "cut-start",
    about: "as skip-cuts, but the winning line's start is always cut: a cut of the \
            right length from the line's start covers too few uncut units",
    params: PARAMS,
    generate: cut_start,
};

fn skip_cuts(options: &Options, rng: &mut Rng) -> Input {
    winning(options, rng, false)
}

fn cut_start(options: &Options, rng: &mut Rng) -> Input {
    winning(options, rng, true)
}

fn winning(options: &Options, rng: &mut Rng, always_start: bool) -> Input {
    let (long, width) = (options.get_u32("long"), options.get_u32("width"));
    let vertical = rng.chance(1, 2);
    let (n, m) = if vertical {
        (width, long)
    } else {
        (long, width)
    };
    let k = options.get("k");
    let mut cuts = Vec::new();
    let big = count(n, m, vertical);
    let short = count(n, m, !vertical);
    let mut left = k;
    if big > 0 {
        let chosen = rng.range_u32(1, big);
        for c in (1..=big).filter(|&c| c != chosen) {
            if left == 0 {
                break;
            }
            cuts.push(cut_on(rng, line(vertical, c), (0, long), 1, 4));
            left -= 1;
        }
        let on_big = if short == 0 { left } else { left - left / 4 };
        left -= on_big;
        let start_cut = on_big > 0 && (always_start || rng.chance(1, 2));
        if start_cut {
            let a = rng.range_u32(1, (long / 8).max(1));
            cuts.push(cut_on(rng, line(vertical, chosen), (0, a), 1, 4));
        }
        let gap = (long as u64 / (on_big + 1)).max(1);
        for _ in u64::from(start_cut)..on_big {
            let lo = rng.range_u32(0, long - 1);
            let len = rng.range(1, (gap / 4).clamp(1, u64::from(long - lo))) as u32;
            cuts.push(cut_on(rng, line(vertical, chosen), (lo, lo + len), 1, 4));
        }
    }
    if short > 0 {
        for _ in 0..left {
            let c = rng.range_u32(1, short);
            let span = random_span(rng, width, 0);
            cuts.push(cut_on(rng, line(!vertical, c), span, 1, 4));
        }
    }
    Input { n, m, cuts }
}
