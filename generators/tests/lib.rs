//! Every problem's families: pinned bytes, validity, and what each family is for
//! (the mutant it kills), one test binary for the crate.

mod support;

mod blokus3d_families;
mod netgame_families;
mod papercut_families;
mod puyo_families;
mod tetris3d_families;
