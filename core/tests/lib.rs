//! The engines of every problem cross-tested on random inputs (proptest), one test
//! binary for the crate: each binary is a link of its own on a fresh machine.

mod blokus3d_engines;
mod netgame_engines;
mod papercut_engines;
mod puyo_engines;
mod tetris3d_engines;
