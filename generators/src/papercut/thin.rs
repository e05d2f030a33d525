//! Sheets one unit wide or high: interior lines in one direction only, or none.

use super::{cut_on, param_k, random_line, random_span};
use crate::{Family, Options, Param, Rng};
use jurybox_core::papercut::{Input, Line, Papercut};

/// n = 1 or m = 1 (or both).
pub(super) const THIN: Family<Papercut> = Family {
    name: "thin",
    about: "n = 1 or m = 1: the lines of one direction are all there is (each of \
            length 1 when they cross the thin side), or none at all on 1 x 1",
    params: &[
        Param {
            name: "side",
            about: "the other side's length",
            min: 1,
            max: 1_000_000_000,
            default: 1_000_000_000,
            stress: 13,
        },
        param_k(100_000),
        Param {
            name: "shape",
            about: "0 = n = 1 or m = 1 at random, 1 = n = 1, 2 = m = 1, 3 = 1 x 1",
            min: 0,
            max: 3,
            default: 0,
            stress: 3,
        },
    ],
    generate: thin,
};

fn thin(options: &Options, rng: &mut Rng) -> Input {
    let side = options.get_u32("side");
    let narrow_x = match options.get("shape") {
        1 => true,
        2 => false,
        3 => {
            return Input {
                n: 1,
                m: 1,
                cuts: vec![],
            }
        }
        _ => rng.chance(1, 2),
    };
    let (n, m) = if narrow_x { (1, side) } else { (side, 1) };
    let mut cuts = Vec::new();
    for i in 0..options.get("k") {
        let Some(line) = random_line(rng, n, m) else {
            break;
        };
        // A quarter of the cuts repeat an earlier line: touched lines then have
        // several cuts, and the untouched count is not simply side - 1 - k.
        let line = if i > 0 && rng.chance(1, 4) {
            let earlier: &jurybox_core::papercut::Cut = rng.pick(&cuts);
            earlier.span().0
        } else {
            line
        };
        let length = if matches!(line, Line::Vertical(_)) {
            m
        } else {
            n
        };
        let span = random_span(rng, length, 1);
        cuts.push(cut_on(rng, line, span, 1, 4));
    }
    Input { n, m, cuts }
}
