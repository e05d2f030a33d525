//! Every Tetris 3D family, at its defaults, at stress-drawn options and at the
//! edges of its ranges: the input is valid (it round-trips through the writer and
//! the strict parser, under the official limits whenever the options are official),
//! has exactly N blocks, and is a pure function of (options, seed).
//!
//! The killer properties (which wrong solution each family kills) are tested next to
//! each family, in `src/tetris3d/`.

use jurybox_core::tetris3d::{Input, Tetris3d};
use jurybox_core::{Constraints, Problem};
use jurybox_generators::{Family, Generate, Options, Rng};

use crate::support;

/// The limits an input made with `options` must satisfy.
fn limits(options: &Options, family: &Family<Tetris3d>) -> Constraints {
    let official = family.params.iter().all(|p| {
        let v = options.get(p.name);
        match p.name {
            "d" | "s" => v <= 1000,
            "n" => v <= 20_000,
            "w" => v <= 100_000,
            _ => true,
        }
    });
    if official {
        Constraints::Official
    } else {
        Constraints::Extended
    }
}

/// Makes the input twice, then checks it against the parser and the options.
fn check(family: &Family<Tetris3d>, options: &Options, seed: u64) -> Input {
    let input = family.make(options, seed);
    assert_eq!(
        input,
        family.make(options, seed),
        "{} {options} seed {seed}: not deterministic",
        family.name
    );
    let mut text = String::new();
    Tetris3d::write_input(&input, &mut text);
    let limits = limits(options, family);
    let parsed = Tetris3d::parse_input(text.as_bytes(), limits)
        .unwrap_or_else(|e| panic!("{} {options} seed {seed} ({limits:?}): {e}", family.name));
    assert_eq!(
        parsed, input,
        "{} {options} seed {seed}: round trip",
        family.name
    );
    assert_eq!(
        input.blocks.len() as u64,
        options.get("n"),
        "{} {options}: N",
        family.name
    );
    assert_eq!(
        (u64::from(input.d), u64::from(input.s)),
        (options.get("d"), options.get("s"))
    );
    let w = options.get("w");
    assert!(
        input.blocks.iter().all(|b| u64::from(b.w) <= w),
        "{} {options}: w",
        family.name
    );
    input
}

#[test]
fn families_are_named_documented_and_sized_for_stress() {
    let families = Tetris3d::families();
    for (i, f) in families.iter().enumerate() {
        assert!(
            f.name.bytes().all(|c| c.is_ascii_lowercase() || c == b'-'),
            "{}",
            f.name
        );
        assert!(
            families[..i].iter().all(|g| g.name != f.name),
            "duplicate {}",
            f.name
        );
        assert!(f.about.len() > 30, "{}: about too short", f.name);
        for name in ["d", "s", "n", "w"] {
            assert!(
                f.params.iter().any(|p| p.name == name),
                "{} lacks {name}",
                f.name
            );
        }
        for p in f.params {
            assert!(p.min <= p.stress && p.stress <= p.default.max(p.stress) && p.default <= p.max);
            let cap = match p.name {
                "d" | "s" => 10,
                "n" => 12,
                _ => u64::MAX,
            };
            assert!(
                p.stress <= cap,
                "{}: {} stress {} > {cap}",
                f.name,
                p.name,
                p.stress
            );
        }
    }
    let names: Vec<_> = families.iter().map(|f| f.name).collect();
    for jury in [
        "small",
        "random",
        "basic",
        "strips",
        "flood",
        "large",
        "small-random",
        "lines",
    ] {
        assert!(names.contains(&jury), "missing jury family {jury}");
    }
}

#[test]
fn defaults_make_official_inputs() {
    for family in Tetris3d::families() {
        let options = Options::defaults(family.params);
        assert_eq!(
            limits(&options, family),
            Constraints::Official,
            "{} defaults",
            family.name
        );
        let a = check(family, &options, 1);
        let b = check(family, &options, 2);
        assert_ne!(a, b, "{}: seeds 1 and 2 agree", family.name);
    }
}

#[test]
fn stress_drawn_options_make_valid_inputs() {
    // Drawn exactly as the stress runner draws them: each parameter uniform in
    // [min, stress], independently.
    let mut draw = Rng::new(2024);
    for family in Tetris3d::families() {
        for case in 0..200 {
            let options = Options::from_params(family.params, |p| draw.range(p.min, p.stress));
            check(family, &options, case);
        }
        check(family, &Options::from_params(family.params, |p| p.min), 0);
        check(
            family,
            &Options::from_params(family.params, |p| p.stress),
            0,
        );
    }
}

#[test]
fn range_corners_make_valid_inputs() {
    // Every parameter at its min or max (N capped so the test stays quick): the
    // combinations where interacting options must be clamped, e.g. ones > n.
    let mut draw = Rng::new(7);
    for family in Tetris3d::families() {
        for case in 0..12 {
            let options = Options::from_params(family.params, |p| {
                let v = if case == 0 || draw.chance(1, 2) {
                    p.max
                } else {
                    p.min
                };
                if p.name == "n" {
                    v.min(3000)
                } else {
                    v
                }
            });
            check(family, &options, case);
        }
    }
}

#[test]
fn extended_maximum_is_accepted() {
    // The largest input a family makes: still valid under the extended limits.
    for name in ["random", "touching", "staircase"] {
        let family = Tetris3d::families()
            .iter()
            .find(|f| f.name == name)
            .unwrap();
        let mut options = Options::from_params(family.params, |p| p.max);
        options.set("n", 50_000);
        check(family, &options, 3);
    }
}

/// SHA-256 of the input text of every family at its stress values, seed 1, and at
/// its defaults, seed 1: the byte-for-byte promise of `jurybox gen`. A change here
/// changes judge tests already made; it needs a new family name instead.
#[test]
fn outputs_are_pinned() {
    let pins: &[(&str, &str, &str)] = &[
        ("small", "7a453f51bce42b40", "011b53f5e6e70c25"),
        ("random", "041b72f778e5d328", "dc05ca633b91f34a"),
        ("basic", "1fed8742be4f5c98", "9acdfae9917987f4"),
        ("strips", "422ec204236dd76a", "9f834f6f384b00f2"),
        ("flood", "ff73e2c1d8df4278", "ba2dfe63e0cdbfd0"),
        ("large", "2fa6490bd808df0a", "7ed2b4434b1adf6b"),
        ("small-random", "7a453f51bce42b40", "17df15f9f50d9783"),
        ("lines", "7e9a69da414e290f", "8960805838103b38"),
        ("touching", "fa2692d2cf55d6c2", "e9846f70d9996443"),
        ("needles", "ac343be2d4e44b0e", "aca8c23ec2d7d4bf"),
        ("wide", "182cc35e307ab1e0", "b0b1366e7d195f8e"),
        ("staircase", "93492a8ad66887de", "91cb04f54ba8be02"),
        ("mixed", "88de5657636fc1e3", "9ace2369d9f87aaa"),
        ("oblong", "4b146f8eedafc028", "cd3c6aa4211292c4"),
        ("odd-edges", "ebc6faf42f1061c8", "41c72a63c557a5b0"),
    ];
    support::assert_pinned::<Tetris3d>(pins, |family| Options::defaults(family.params));
}
