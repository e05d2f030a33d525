//! Arbitrary bytes: the netgame parser never panics, and what parses round-trips.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    jurybox_stress::fuzz::parse_round_trip::<jurybox_core::netgame::Netgame>(data)
});
