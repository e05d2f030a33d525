//! Every network game family, at its defaults, at stress-drawn options and at the
//! corners of its ranges: the input is valid (it round-trips through the writer and
//! the strict parser, under the official limits at the defaults), small enough
//! for the reference engines at stress sizes, and a pure function of (options,
//! seed). Which wrong solution each aimed family kills is tested next to the
//! families, in `src/netgame/kills.rs`.

use jurybox_core::netgame::net::Net;
use jurybox_core::netgame::{cells, naive, Input, Netgame};
use jurybox_core::{Constraints, Problem};
use jurybox_generators::{Family, Generate, Options, Rng};

use crate::support;

/// Makes the input twice, then checks it against the parser under `limits`.
fn check(family: &Family<Netgame>, options: &Options, seed: u64, limits: Constraints) -> Input {
    let input = family.make(options, seed);
    assert_eq!(
        input,
        family.make(options, seed),
        "{} {options} seed {seed}: not deterministic",
        family.name
    );
    let mut text = String::new();
    Netgame::write_input(&input, &mut text);
    let parsed = Netgame::parse_input(text.as_bytes(), limits)
        .unwrap_or_else(|e| panic!("{} {options} seed {seed} ({limits:?}): {e}", family.name));
    assert_eq!(
        parsed, input,
        "{} {options} seed {seed}: round trip",
        family.name
    );
    input
}

#[test]
fn families_are_named_documented_and_complete() {
    let families = Netgame::families();
    let names: Vec<&str> = families.iter().map(|f| f.name).collect();
    for (i, f) in families.iter().enumerate() {
        assert!(f.name.bytes().all(|c| c.is_ascii_lowercase() || c == b'-'));
        assert!(!names[..i].contains(&f.name), "duplicate {}", f.name);
        assert!(f.about.len() > 30, "{}: about too short", f.name);
        for p in f.params {
            assert!(
                p.min <= p.stress && p.stress <= p.max && p.min <= p.default && p.default <= p.max,
                "{} {}",
                f.name,
                p.name
            );
        }
    }
    for spec in [
        "block", "holes", "many", "border", "dangling", "rare", "dense", "parity", "strips",
        "moved",
    ] {
        assert!(names.contains(&spec), "missing family {spec}");
    }
}

#[test]
fn defaults_make_official_inputs_that_differ_by_seed() {
    for family in Netgame::families() {
        let options = Options::defaults(family.params);
        let a = check(family, &options, 1, Constraints::Official);
        let b = check(family, &options, 2, Constraints::Official);
        assert_ne!(a, b, "{}: seeds 1 and 2 agree", family.name);
        assert!(
            cells::too_big(&a).is_none(),
            "{}: too many cells for the reference",
            family.name
        );
    }
}

#[test]
fn stress_drawn_options_make_small_valid_inputs() {
    // Drawn as the stress runner draws them: each parameter uniform in
    // [min, stress]. Stress sizes keep every input within the cells engine (20
    // cells) and, outside the 20-cell families, within naive (24 cuttable ropes).
    let mut draw = Rng::new(2024);
    for family in Netgame::families() {
        for case in 0..100 {
            let options = Options::from_params(family.params, |p| draw.range(p.min, p.stress));
            let input = check(family, &options, case, Constraints::Official);
            assert!(
                cells::too_big(&input).is_none(),
                "{} {options}",
                family.name
            );
            if family.name != "moved" {
                assert!(
                    naive::too_big(&input).is_none(),
                    "{} {options}: {:?}",
                    family.name,
                    naive::too_big(&input)
                );
            }
        }
    }
}

#[test]
fn range_corners_make_valid_inputs() {
    // Every parameter at its min or max (rope counts capped so the test stays
    // quick): the combinations where options must be clamped.
    let mut draw = Rng::new(7);
    for family in Netgame::families() {
        for case in 0..8 {
            let options = Options::from_params(family.params, |p| {
                let v = if case == 0 || draw.chance(1, 2) {
                    p.max
                } else {
                    p.min
                };
                match p.name {
                    "n" | "tiles" | "pairs" | "squares" | "spare" => v.min(60),
                    _ => v,
                }
            });
            check(family, &options, case, Constraints::Extended);
        }
    }
}

#[test]
fn extended_inputs_reach_100000_ropes_with_small_components() {
    for (name, args) in [
        ("many", &[("n", 100_000)][..]),
        ("dense", &[("tiles", 2000), ("n", 50)][..]),
    ] {
        let family = Netgame::families().iter().find(|f| f.name == name).unwrap();
        let mut options = Options::defaults(family.params);
        for &(k, v) in args {
            options.set(k, v);
        }
        let input = check(family, &options, 1, Constraints::Extended);
        assert!(input.ropes.len() > 95_000, "{name}: {}", input.ropes.len());
        let net = Net::new(&input);
        let largest = net.components().iter().map(Vec::len).max().unwrap_or(0);
        assert!(largest <= 24, "{name}: component of {largest}");
    }
}

/// SHA-256 of the input text of every family at its stress values, seed 1, and at
/// its defaults, seed 1: the byte-for-byte promise of `jurybox gen`.
#[test]
fn outputs_are_pinned() {
    let pins: &[(&str, &str, &str)] = &[
        ("block", "8adad025ea430e82", "47200bccc3b0677e"),
        ("holes", "2c8e413dcd810c10", "9a237c3328048d15"),
        ("many", "bad65f96dc6869d4", "a047b7b387733d0c"),
        ("border", "b98df614df508ff3", "b8891b143e769c4e"),
        ("dangling", "95a01d411ab27715", "6c10ec401c6579b4"),
        ("rare", "130b1149318f02fd", "bcedb0c815588e5d"),
        ("dense", "25fae03fc5347855", "85ae389f60c8d2d5"),
        ("parity", "7ec620b10ab90925", "09f8b762d6c6ad53"),
        ("strips", "18593f417ed7262e", "f98b683a78faa9e4"),
        ("moved", "ae34142b5c841764", "1ed97a7a35cfe2b0"),
        ("inner", "315e4f6c3794266f", "0701b04f04fc8dba"),
    ];
    support::assert_pinned::<Netgame>(pins, |family| Options::defaults(family.params));
}
