//! Tetris 3D families: the jury's test table plus families aimed at wrong solutions.
//! (Being completed; `random` is the first.)

use crate::{Family, Generate, Options, Param, Rng};
use jurybox_core::tetris3d::{Block, Input, Tetris3d};

const RANDOM_PARAMS: &[Param] = &[
    Param { name: "d", about: "platform length D", min: 1, max: 2048, default: 1000, stress: 10 },
    Param { name: "s", about: "platform width S", min: 1, max: 2048, default: 1000, stress: 10 },
    Param { name: "n", about: "number of blocks N", min: 1, max: 1_000_000, default: 20_000, stress: 12 },
    Param { name: "w", about: "largest block height", min: 1, max: 1_000_000, default: 100_000, stress: 5 },
];

fn random(options: &Options, rng: &mut Rng) -> Input {
    let (d, s, w) = (options.get_u32("d"), options.get_u32("s"), options.get_u32("w"));
    let blocks = (0..options.get_usize("n"))
        .map(|_| {
            let x = rng.range_u32(0, d - 1);
            let y = rng.range_u32(0, s - 1);
            Block { d: rng.range_u32(1, d - x), s: rng.range_u32(1, s - y), w: rng.range_u32(1, w), x, y }
        })
        .collect();
    Input { d, s, blocks }
}

static FAMILIES: [Family<Tetris3d>; 1] = [Family {
    name: "random",
    about: "uniformly random footprints and heights (tet2a-7a at the defaults)",
    params: RANDOM_PARAMS,
    generate: random,
}];

impl Generate for Tetris3d {
    fn families() -> &'static [Family<Self>] {
        &FAMILIES
    }
}
