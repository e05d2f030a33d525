//! An even number (at least 2) of untouched lines in one direction and an odd number
//! in the other: the even ones cancel out, so a solution that XORs the untouched
//! length once whenever some line is untouched is off by exactly that length.

use super::{count, cut_on, length, line, param_k, param_m, param_n, random_span, sheet};
use crate::{Family, Options, Rng};
use jurybox_core::papercut::{Input, Line, Papercut};
use std::collections::BTreeSet;

/// Touched line counts chosen for the parities.
pub(super) const PARITY: Family<Papercut> = Family {
    name: "parity",
    about: "cuts on as many lines as make the untouched vertical lines even (at least \
            2) and the horizontal ones odd (horizontal first when n < 3): XOR-ing the \
            untouched length once regardless of parity is wrong by m",
    params: &[
        param_n(1_000_000_000),
        param_m(1_000_000_000),
        param_k(1000),
    ],
    generate: parity,
};

/// A random number of lines to touch, at most `max`, with the parity `odd`; `None`
/// when no such number exists.
fn touched(rng: &mut Rng, max: i64, odd: bool) -> Option<u64> {
    if max < i64::from(odd) {
        return None;
    }
    let r = rng.range(0, max as u64);
    Some(if (r % 2 == 1) == odd {
        r
    } else if r > 0 {
        r - 1
    } else {
        1
    })
}

fn parity(options: &Options, rng: &mut Rng) -> Input {
    let (n, m) = sheet(options);
    let k = options.get("k");
    // The direction whose untouched lines must be even and at least 2.
    let even_vertical = n >= 3;
    let (count_even, count_odd) = (
        u64::from(count(n, m, even_vertical)),
        u64::from(count(n, m, !even_vertical)),
    );
    // untouched = count - touched: even ≥ 2 one way, odd the other (if any line).
    let max_even = (count_even as i64 - 2).min(k as i64);
    let t_even = touched(rng, max_even, count_even % 2 == 1).unwrap_or(0);
    let max_odd = (count_odd as i64 - 1).min((k - t_even) as i64);
    let t_odd = touched(rng, max_odd, count_odd % 2 == 0).unwrap_or(0);

    let mut chosen: Vec<Line> = Vec::new();
    for (vertical, want, total) in [
        (even_vertical, t_even, count_even),
        (!even_vertical, t_odd, count_odd),
    ] {
        let mut seen = BTreeSet::new();
        while (seen.len() as u64) < want.min(total) {
            let c = rng.range(1, total) as u32;
            if seen.insert(c) {
                chosen.push(line(vertical, c));
            }
        }
    }
    let mut cuts = Vec::new();
    if chosen.is_empty() {
        return Input { n, m, cuts };
    }
    for i in 0..k {
        let target = match chosen.get(i as usize) {
            Some(&first_cut) => first_cut,
            None => *rng.pick(&chosen),
        };
        let len = length(n, m, matches!(target, Line::Vertical(_)));
        let span = random_span(rng, len, 1);
        cuts.push(cut_on(rng, target, span, 1, 4));
    }
    Input { n, m, cuts }
}
