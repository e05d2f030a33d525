//! Paper-cutting families: the spec's test list first, then families aimed at the
//! spec's known wrong solutions.
//!
//! Code map, one job per file:
//! - `random.rs`: random cuts anywhere (`random`), and the same with every cut's end
//!   points reversed (`reversed`);
//! - `thin.rs`: n or m equal to 1 (`thin`);
//! - `empty.rs`: 10^9 sheets with no cut, untouched counts of chosen parity (`empty`);
//! - `piles.rs`: many cuts on a few lines: duplicates, nested, overlapping and
//!   touching (`piles`); lines cut completely and lines cut in small pieces (`pieces`);
//! - `winning.rs`: one long line with the only big heap, already cut in places, so
//!   the winning cut must skip cut parts (`skip-cuts`; `cut-start` always cuts the
//!   line's start, for the solution whose cut starts inside a cut part);
//! - `overlap.rs`: every touched line cut by overlapping cuts (for summing without
//!   merging);
//! - `parity.rs`: an even number of untouched lines one way, odd the other (for
//!   XOR-ing the untouched length once regardless of parity);
//! - `overflow.rs`: near-full cuts on many lines of a 10^9 sheet, far from the origin
//!   (for 32-bit sums and positions).
//!
//! Every family accepts every combination of option values inside its declared
//! ranges (the stress runner draws each one independently), clamping internally where
//! options interact (a 1 × 1 sheet gets no cut, whatever k says), and respects the
//! official limits whenever k ≤ 10^5. The aim of a family (which line wins, which
//! parity) comes from the spec's reasoning, never from running a solver.

mod empty;
mod overflow;
mod overlap;
mod parity;
mod piles;
mod random;
mod thin;
mod winning;

use crate::{Family, Generate, Param, Rng};
use jurybox_core::papercut::{Cut, Line, Papercut};

/// Every family: the spec's list in its order, then the killers.
static FAMILIES: [Family<Papercut>; 11] = [
    random::RANDOM,
    thin::THIN,
    empty::EMPTY,
    piles::PILES,
    piles::PIECES,
    winning::SKIP_CUTS,
    random::REVERSED,
    overlap::OVERLAP,
    parity::PARITY,
    winning::CUT_START,
    overflow::OVERFLOW,
];

impl Generate for Papercut {
    fn families() -> &'static [Family<Self>] {
        &FAMILIES
    }
}

/// The largest sheet side, official and extended.
const MAX_SIDE: u64 = 1_000_000_000;

/// The sheet width n; stress sheets stay tiny so the naive search runs fast.
const fn param_n(default: u64) -> Param {
    Param {
        name: "n",
        about: "sheet width n (x runs from 0 to n)",
        min: 1,
        max: MAX_SIDE,
        default,
        stress: 3,
    }
}

/// The sheet height m (3 × 3 has 12 interior unit segments: naive's 2^12 states
/// keep stress at thousands of cases a second; its limit is 20).
const fn param_m(default: u64) -> Param {
    Param {
        name: "m",
        about: "sheet height m (y runs from 0 to m)",
        min: 1,
        max: MAX_SIDE,
        default,
        stress: 3,
    }
}

/// The number of cuts k: exactly this many lines follow the header, unless the
/// sheet has no interior line at all.
const fn param_k(default: u64) -> Param {
    Param {
        name: "k",
        about: "number of cuts k (none on a 1 x 1 sheet)",
        min: 0,
        max: 1_000_000,
        default,
        stress: 5,
    }
}

/// How many distinct lines a family piles its cuts on.
const fn param_lines(default: u64, stress: u64) -> Param {
    Param {
        name: "lines",
        about: "number of distinct lines the cuts go to (at most k and the interior lines)",
        min: 1,
        max: 1_000_000,
        default,
        stress,
    }
}

/// `n` and `m` of the options.
fn sheet(options: &crate::Options) -> (u32, u32) {
    (options.get_u32("n"), options.get_u32("m"))
}

/// The line `c` of one orientation.
fn line(vertical: bool, c: u32) -> Line {
    if vertical {
        Line::Vertical(c)
    } else {
        Line::Horizontal(c)
    }
}

/// The number of interior lines of one orientation of an n × m sheet.
fn count(n: u32, m: u32, vertical: bool) -> u32 {
    if vertical {
        n - 1
    } else {
        m - 1
    }
}

/// The length of the lines of one orientation.
fn length(n: u32, m: u32, vertical: bool) -> u32 {
    if vertical {
        m
    } else {
        n
    }
}

/// A uniformly random interior line (each orientation with probability 1/2 when
/// both have lines); `None` on a 1 × 1 sheet.
fn random_line(rng: &mut Rng, n: u32, m: u32) -> Option<Line> {
    let vertical = match (n > 1, m > 1) {
        (false, false) => return None,
        (true, true) => rng.chance(1, 2),
        (v, _) => v,
    };
    Some(line(vertical, rng.range_u32(1, count(n, m, vertical))))
}

/// A random span `[lo, hi)` on a line of `length` (≥ 1), shorter ones likelier:
/// the length is the least of `1 + shortness` uniform draws.
fn random_span(rng: &mut Rng, length: u32, shortness: i32) -> (u32, u32) {
    let lo = rng.range_u32(0, length - 1);
    let len = rng.skewed(1, u64::from(length - lo), -shortness) as u32;
    (lo, lo + len)
}

/// The cut `[lo, hi]` on `line`, end points reversed with probability `num/den`.
fn cut_on(rng: &mut Rng, line: Line, (lo, hi): (u32, u32), num: u64, den: u64) -> Cut {
    let cut = Cut::along(line, lo, hi);
    if rng.chance(num, den) {
        cut.reversed()
    } else {
        cut
    }
}

/// Which orientation a line has, and its coordinate.
fn parts(line: Line) -> (bool, u32) {
    match line {
        Line::Vertical(c) => (true, c),
        Line::Horizontal(c) => (false, c),
    }
}

/// `want` distinct random lines among the sheet's interior lines (all of them when
/// there are fewer), in the order drawn.
fn distinct_lines(rng: &mut Rng, n: u32, m: u32, want: u64) -> Vec<Line> {
    let total = u64::from(n - 1) + u64::from(m - 1);
    let want = want.min(total) as usize;
    let mut chosen = std::collections::BTreeSet::new();
    let mut out = Vec::with_capacity(want);
    while out.len() < want {
        let line = random_line(rng, n, m).expect("the sheet has interior lines");
        if chosen.insert(line) {
            out.push(line);
        }
    }
    out
}
