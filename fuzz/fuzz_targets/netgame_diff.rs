//! Structure-aware nets: fast, naive and cells agree (judged by the checker).
#![no_main]
libfuzzer_sys::fuzz_target!(|input: jurybox_core::netgame::Input| {
    jurybox_stress::fuzz::engines_agree::<jurybox_core::netgame::Netgame>(input)
});
