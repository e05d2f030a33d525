//! Structure-aware blokus3d games: the column-stack and voxel engines agree.
#![no_main]
libfuzzer_sys::fuzz_target!(|input: jurybox_core::blokus3d::Input| {
    jurybox_stress::fuzz::engines_agree::<jurybox_core::blokus3d::Blokus3d>(input)
});
