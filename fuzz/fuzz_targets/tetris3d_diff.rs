//! Structure-aware tetris3d inputs: fast, naive and grid agree.
#![no_main]
libfuzzer_sys::fuzz_target!(|input: jurybox_core::tetris3d::Input| {
    jurybox_stress::fuzz::engines_agree::<jurybox_core::tetris3d::Tetris3d>(input)
});
