//! Structure-aware puyo screens: the bitboard and grid engines agree.
#![no_main]
libfuzzer_sys::fuzz_target!(|input: jurybox_core::puyo::Screen| {
    jurybox_stress::fuzz::engines_agree::<jurybox_core::puyo::Puyo>(input)
});
