//! Structure-aware papercut sheets: fast and the naive game search agree (checked
//! by the checker, which also checks the reference's own move).
#![no_main]
libfuzzer_sys::fuzz_target!(|input: jurybox_core::papercut::Input| {
    jurybox_stress::fuzz::engines_agree::<jurybox_core::papercut::Papercut>(input)
});
