//! Random cuts anywhere: the general test, and the same with reversed end points.

use super::{cut_on, param_k, param_m, param_n, random_line, random_span, sheet};
use crate::{Family, Options, Rng};
use jurybox_core::papercut::{Input, Papercut};

/// Random lines, random spans (short ones likelier), a quarter reversed.
pub(super) const RANDOM: Family<Papercut> = Family {
    name: "random",
    about: "k random cuts on random lines of an n x m sheet, short spans likelier, a \
            quarter with reversed end points: overlaps, untouched lines of both \
            parities, heaps of every size",
    params: &[param_n(1000), param_m(1000), param_k(100_000)],
    generate: random,
};

/// Every cut written with its end points in decreasing order.
pub(super) const REVERSED: Family<Papercut> = Family {
    name: "reversed",
    about: "random cuts, every one given with reversed end points (xb > xe or yb > ye): \
            a solution that takes xb..xe as given sees negative lengths",
    params: &[param_n(1000), param_m(1000), param_k(100_000)],
    generate: reversed,
};

fn make(options: &Options, rng: &mut Rng, reversed: (u64, u64)) -> Input {
    let (n, m) = sheet(options);
    let mut cuts = Vec::new();
    for _ in 0..options.get("k") {
        let Some(line) = random_line(rng, n, m) else {
            break;
        };
        let length = match line {
            jurybox_core::papercut::Line::Vertical(_) => m,
            jurybox_core::papercut::Line::Horizontal(_) => n,
        };
        let span = random_span(rng, length, 2);
        cuts.push(cut_on(rng, line, span, reversed.0, reversed.1));
    }
    Input { n, m, cuts }
}

fn random(options: &Options, rng: &mut Rng) -> Input {
    make(options, rng, (1, 4))
}

fn reversed(options: &Options, rng: &mut Rng) -> Input {
    make(options, rng, (1, 1))
}
