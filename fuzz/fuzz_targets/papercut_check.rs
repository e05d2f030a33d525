//! Any output bytes against a structure-aware sheet: the checker never panics, and
//! the reference's own answer is accepted.
#![no_main]
libfuzzer_sys::fuzz_target!(|case: (jurybox_core::papercut::Input, &[u8])| {
    jurybox_stress::fuzz::checker_total::<jurybox_core::papercut::Papercut>(case.0, case.1)
});
