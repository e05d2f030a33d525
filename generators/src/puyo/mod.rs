//! Puyo families: the spec's test table plus families aimed at its known wrong
//! solutions (three-direction flood fill, groups removed one at a time, a link per
//! group, one-cell gravity, an invisible 13th row).
//!
//! Every family makes a settled screen for any option values in range (a 1 × 1
//! screen included): sizes are clamped, and a structure that does not fit is left
//! out rather than drawn broken. Families are built from column stacks
//! ([`stacks`]), so no puyo ever floats.

mod chain;
mod patterns;
mod random;
mod shapes;
mod stacks;

use crate::{Family, Generate, Options, Param, Rng};
use jurybox_core::puyo::{Puyo, Screen};

const WIDTH: Param = Param {
    name: "width",
    about: "columns",
    min: 1,
    max: 64,
    default: 6,
    stress: 6,
};
const HEIGHT: Param = Param {
    name: "height",
    about: "rows (the top row is ordinary)",
    min: 1,
    max: 64,
    default: 13,
    stress: 13,
};
const COLOURS: Param = Param {
    name: "colours",
    about: "distinct colours used",
    min: 1,
    max: 5,
    default: 5,
    stress: 5,
};

const SIZE_PARAMS: &[Param] = &[WIDTH, HEIGHT];
const RANDOM_PARAMS: &[Param] = &[
    WIDTH,
    HEIGHT,
    Param {
        name: "fill",
        about: "percent of cells filled on average",
        min: 0,
        max: 100,
        default: 70,
        stress: 100,
    },
    COLOURS,
];
const FULL_PARAMS: &[Param] = &[WIDTH, HEIGHT, COLOURS];
const CHAIN_PARAMS: &[Param] = &[
    WIDTH,
    HEIGHT,
    Param {
        name: "links",
        about: "links wanted (capped by what the screen holds)",
        min: 0,
        max: 1024,
        default: 1024,
        // On the small screens stress draws, a request the screen cannot hold
        // makes the builder try all its builds (most of a millisecond); up to 3
        // links are met at once on most of them. Long chains come from the jury
        // tests and from `random` with few colours.
        stress: 3,
    },
    Param {
        name: "multi",
        about: "percent of links that clear two colours at once",
        min: 0,
        max: 100,
        default: 25,
        stress: 100,
    },
    COLOURS,
];

fn random(options: &Options, rng: &mut Rng) -> Screen {
    random::random(options, rng)
}

fn chain(options: &Options, rng: &mut Rng) -> Screen {
    let (w, h) = stacks::size(options);
    let links = options.get_u32("links");
    let multi = options.get("multi").min(100);
    let palette = stacks::palette(options.get_usize("colours"), rng);
    chain::chain(w, h, links, multi, &palette, rng)
}

static FAMILIES: [Family<Puyo>; 8] = [
    Family {
        name: "random",
        about: "random settled screens, each column a random stack (fill=0 empty .. 100 full); \
                few colours give chains: general coverage of every engine",
        params: RANDOM_PARAMS,
        generate: random,
    },
    Family {
        name: "chain",
        about: "a chain built backwards to fire exactly `links` links (or as many as fit), \
                some links clearing two colours at once: catches a link counted per group, \
                one-cell gravity and early stops",
        params: CHAIN_PARAMS,
        generate: chain,
    },
    Family {
        name: "concave",
        about: "U-shaped, staircase, hook and ring groups in all 8 orientations with fillers \
                in their hollows: catches a flood fill searching only three directions",
        params: SIZE_PARAMS,
        generate: patterns::concave,
    },
    Family {
        name: "three-four",
        about: "groups of exactly 3 beside groups of exactly 4 in two colours, same colours \
                diagonal or one cell apart: catches a wrong group threshold or diagonal links",
        params: SIZE_PARAMS,
        generate: patterns::three_four,
    },
    Family {
        name: "top-row",
        about: "groups of 3 and 4 reaching the top row on filler columns: catches treating \
                the 13th row as invisible, as the real game does",
        params: SIZE_PARAMS,
        generate: patterns::top_row,
    },
    Family {
        name: "same-link",
        about: "pairs of groups vanishing in one link, each holding up a puyo that would join \
                the other: catches removing groups one at a time with gravity in between",
        params: SIZE_PARAMS,
        generate: patterns::same_link,
    },
    Family {
        name: "empty",
        about: "an empty screen: 0 chains, printed back unchanged",
        params: SIZE_PARAMS,
        generate: random::empty,
    },
    Family {
        name: "full-no-group",
        about: "a full screen whose groups are all at most 3: 0 chains on a full board",
        params: FULL_PARAMS,
        generate: random::full_no_group,
    },
];

impl Generate for Puyo {
    fn families() -> &'static [Family<Self>] {
        &FAMILIES
    }
}
