//! Sheets with no cut: the answer is the parity of each direction's line count.

use super::{param_m, param_n};
use crate::{Family, Options, Param, Rng};
use jurybox_core::papercut::{Input, Papercut};

/// No cuts; n and m nudged by one to give the chosen parities.
pub(super) const EMPTY: Family<Papercut> = Family {
    name: "empty",
    about: "no cut on an n x m sheet (10^9 by default), n and m lowered by 1 if needed \
            to give the untouched line counts n - 1 and m - 1 the chosen parities: \
            loops over the lines take seconds, parity mistakes show",
    params: &[
        param_n(1_000_000_000),
        param_m(1_000_000_000),
        Param {
            name: "parity",
            about: "parity of (n - 1, m - 1): 0 = as given, 1 = (odd, odd), 2 = (even, even), 3 = (odd, even), 4 = (even, odd)",
            min: 0,
            max: 4,
            default: 0,
            stress: 4,
        },
    ],
    generate: empty,
};

/// `side` moved by one, if needed, so that `side - 1` is odd when `odd` is true
/// and even otherwise (down, so stress sheets stay small; up from 1).
fn with_parity(side: u32, odd: bool) -> u32 {
    if ((side - 1) % 2 == 1) == odd {
        side
    } else if side > 1 {
        side - 1
    } else {
        side + 1
    }
}

fn empty(options: &Options, _: &mut Rng) -> Input {
    let (n, m) = (options.get_u32("n"), options.get_u32("m"));
    let (odd_x, odd_y) = match options.get("parity") {
        1 => (true, true),
        2 => (false, false),
        3 => (true, false),
        4 => (false, true),
        _ => ((n - 1) % 2 == 1, (m - 1) % 2 == 1),
    };
    Input {
        n: with_parity(n, odd_x),
        m: with_parity(m, odd_y),
        cuts: vec![],
    }
}
