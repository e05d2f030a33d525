//! A structure-aware net and arbitrary output bytes: the checker never panics.
#![no_main]
libfuzzer_sys::fuzz_target!(|case: (jurybox_core::netgame::Input, &[u8])| {
    jurybox_stress::fuzz::checker_total::<jurybox_core::netgame::Netgame>(case.0, case.1)
});
