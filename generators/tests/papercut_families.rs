//! Every papercut family against its contract: valid (the input round-trips through
//! the writer and the strict parser, officially whenever k ≤ 10^5), reproducible, with
//! exactly k cuts at the jury's sizes, small enough at stress sizes for the naive
//! search; and each family aimed at a known wrong solution kills the mutant engine
//! that models it (`jurybox_core::papercut::mutants`), judged by the checker against
//! the fast engine. The checker also checks the fast engine's own answer there (a
//! wrong reference would be a checker failure, not a wrong answer), and the fast
//! engine is checked against the naive search at small sizes in core's tests.

use jurybox_core::papercut::{fast, judge, mutants, naive, Answer, Input, Papercut};
use jurybox_core::{Constraints, Judgement, Problem};
use jurybox_generators::{family_named, Family, Generate, Options, Rng};

use crate::support;

fn family(name: &str) -> &'static Family<Papercut> {
    family_named::<Papercut>(name).unwrap_or_else(|| panic!("no family {name}"))
}

/// Makes the input twice, then checks it against the parser and the options.
fn check(family: &Family<Papercut>, options: &Options, seed: u64) -> Input {
    let input = check_once(family, options, seed);
    assert_eq!(
        input,
        family.make(options, seed),
        "{} {options} seed {seed}: not deterministic",
        family.name
    );
    input
}

/// Makes the input once (determinism at the jury's sizes is what the pins below
/// hold) and checks it against the parser and the options.
fn check_once(family: &Family<Papercut>, options: &Options, seed: u64) -> Input {
    let input = family.make(options, seed);
    let ctx = format!("{} {options} seed {seed}", family.name);
    let mut text = String::new();
    Papercut::write_input(&input, &mut text);
    let limits = if input.cuts.len() <= 100_000 {
        Constraints::Official
    } else {
        Constraints::Extended
    };
    let parsed = Papercut::parse_input(text.as_bytes(), limits)
        .unwrap_or_else(|e| panic!("{ctx} ({limits:?}): {e}"));
    assert_eq!(parsed, input, "{ctx}: round trip");
    if family.params.iter().any(|p| p.name == "k") {
        assert!(input.cuts.len() as u64 <= options.get("k"), "{ctx}: k");
    }
    input
}

fn with(family: &Family<Papercut>, values: &[(&str, u64)]) -> Options {
    let mut options = Options::defaults(family.params);
    for &(k, v) in values {
        options.set(k, v);
    }
    options
}

#[test]
fn families_are_named_documented_and_listed_once() {
    let names: Vec<&str> = Papercut::families().iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        [
            "random",
            "thin",
            "empty",
            "piles",
            "pieces",
            "skip-cuts",
            "reversed",
            "overlap",
            "parity",
            "cut-start",
            "overflow"
        ]
    );
    for f in Papercut::families() {
        assert!(f.about.len() > 40, "{}: say what it is for", f.name);
        for p in f.params {
            assert!(p.min <= p.stress && p.stress <= p.max && p.min <= p.default);
            assert!(p.default <= p.max, "{} {}", f.name, p.name);
        }
    }
}

#[test]
fn defaults_are_official_with_exactly_k_cuts_and_checked_answers() {
    for family in Papercut::families() {
        let options = Options::defaults(family.params);
        let input = check_once(family, &options, 1);
        if family.params.iter().any(|p| p.name == "k") {
            assert_eq!(input.cuts.len() as u64, options.get("k"), "{}", family.name);
        }
        // At the jury's sizes only the fast engine runs (the naive search is too
        // big): the checker, which rebuilds the position on its own, accepts its
        // answer, the verdict and the move.
        let answer = fast::solve(&input);
        let verdict = judge::judge(&input, &answer, &answer);
        assert!(verdict.is_accepted(), "{}: {verdict}", family.name);
    }
}

#[test]
fn stress_options_are_valid_and_small_enough_for_naive() {
    let mut rng = Rng::new(2026);
    for family in Papercut::families() {
        let top = Options::from_params(family.params, |p| p.stress);
        for seed in 0..20 {
            let input = check(family, &top, seed);
            assert_eq!(naive::too_big(&input), None, "{} stress top", family.name);
        }
        for case in 0..300 {
            let options = Options::from_params(family.params, |p| rng.range(p.min, p.stress));
            let input = check(family, &options, case);
            assert_eq!(naive::too_big(&input), None, "{} {options}", family.name);
        }
    }
}

#[test]
fn range_corners_are_valid() {
    for family in Papercut::families() {
        let lows = Options::from_params(family.params, |p| p.min);
        // The largest sheet and option values, but few cuts so the test stays fast.
        let highs = Options::from_params(family.params, |p| match p.name {
            "k" => 3000,
            _ => p.max,
        });
        for seed in 0..3 {
            check(family, &lows, seed);
            check(family, &highs, seed);
        }
    }
}

#[test]
fn extended_k_is_accepted_only_as_extended() {
    let random = family("random");
    let input = check_once(random, &with(random, &[("k", 150_000)]), 1);
    assert_eq!(input.cuts.len(), 150_000);
    let mut text = String::new();
    Papercut::write_input(&input, &mut text);
    assert!(Papercut::parse_input(text.as_bytes(), Constraints::Official).is_err());
}

/// The checker's verdict on `solve`'s answer, the fast engine's being the reference.
fn verdict(input: &Input, solve: fn(&Input) -> Answer) -> Judgement {
    let reference = fast::solve(input);
    assert!(judge::judge(input, &reference, &reference).is_accepted());
    judge::judge(input, &reference, &solve(input))
}

/// Asserts that at least `need` of the seeds in `seeds` of `family` with `options`
/// make `solve` give a wrong answer (all of them when `need` is `None`).
fn kills(
    family_name: &str,
    options: &[(&str, u64)],
    seeds: std::ops::Range<u64>,
    need: Option<usize>,
    solve: fn(&Input) -> Answer,
) {
    let f = family(family_name);
    let options = with(f, options);
    let total = seeds.end - seeds.start;
    let mut survived = Vec::new();
    for seed in seeds {
        let input = check(f, &options, seed);
        let v = verdict(&input, solve);
        if !matches!(v, Judgement::WrongAnswer(_)) {
            survived.push(format!("seed {seed}: {v}"));
        }
    }
    let killed = total as usize - survived.len();
    assert!(
        killed >= need.unwrap_or(total as usize),
        "{family_name} {options} kills {killed} of {total}: {survived:?}"
    );
}

#[test]
fn overlap_kills_summing_without_merging() {
    kills(
        "overlap",
        &[("k", 3000), ("lines", 300)],
        1..11,
        None,
        mutants::unmerged::solve,
    );
    // Down to a single line of a small sheet: two cuts overlapping by a unit. Not
    // every seed: a negative unmerged heap can steer the mutant to a right move.
    kills(
        "overlap",
        &[("n", 2), ("m", 6), ("k", 2), ("lines", 1)],
        1..31,
        Some(20),
        mutants::unmerged::solve,
    );
    // The jury's piles kill it too (duplicates).
    kills(
        "piles",
        &[("k", 3000)],
        1..6,
        None,
        mutants::unmerged::solve,
    );
}

#[test]
fn parity_kills_xor_once_regardless_of_parity() {
    kills("parity", &[], 1..11, None, mutants::parity::solve);
    kills(
        "parity",
        &[("n", 4), ("m", 3), ("k", 2)],
        1..31,
        None,
        mutants::parity::solve,
    );
    // A square sheet whose line counts are both even cancels out: empty parity=2 on
    // a 10^9 x 10^9 sheet is a case the mutant gets right by luck, (odd, even) not.
    kills(
        "empty",
        &[("parity", 3)],
        1..2,
        None,
        mutants::parity::solve,
    );
}

#[test]
fn cut_start_kills_a_cut_starting_inside_a_cut_part() {
    kills(
        "cut-start",
        &[("k", 3000)],
        1..11,
        None,
        mutants::cut_start::solve,
    );
    kills(
        "cut-start",
        &[("long", 20), ("width", 2), ("k", 3)],
        1..31,
        None,
        mutants::cut_start::solve,
    );
}

#[test]
fn overflow_kills_32_bit_positions() {
    kills(
        "overflow",
        &[("k", 3000)],
        1..11,
        None,
        mutants::wrap32::solve,
    );
    // The same family on a sheet small enough for 32 bits does not (the mutant is
    // right there): the kill is the overflow, not another bug.
    let f = family("overflow");
    let options = with(f, &[("n", 1000), ("m", 1000), ("k", 3000)]);
    for seed in 1..4 {
        let input = check(f, &options, seed);
        assert!(verdict(&input, mutants::wrap32::solve).is_accepted());
    }
}

#[test]
fn empty_kills_the_line_by_line_loop_by_its_size() {
    // The loop is right but takes a step per line: 2·10^9 − 2 steps here, where the
    // fast engine sorts k = 0 cuts. Its answer is checked on a small sheet instead.
    let f = family("empty");
    let input = check(f, &Options::defaults(f.params), 1);
    assert_eq!(mutants::line_loop::steps(&input), 1_999_999_998);
    assert!(mutants::line_loop::too_big(&input).is_some());
    let small = check(f, &with(f, &[("n", 1000), ("m", 999)]), 1);
    assert!(verdict(&small, mutants::line_loop::solve).is_accepted());
}

/// SHA-256 of the input text of every family at its stress values, seed 1, and at
/// its defaults, seed 1: the byte-for-byte promise of `jurybox gen`. A change here
/// changes judge tests already made; it needs a new family name instead.
#[test]
fn outputs_are_pinned() {
    let pins: &[(&str, &str, &str)] = &[
        ("random", "f10fe66c4d07c47f", "3ef812d258e8ace0"),
        ("thin", "63e9513edcd96636", "b05c5c8ebb9cd71b"),
        ("empty", "3180038fdebfe487", "b465efb968f46aa1"),
        ("piles", "f22f8d38714cfeb1", "e41cd032a9892671"),
        ("pieces", "a82c400619775934", "e8adbb28dbdb5dcc"),
        ("skip-cuts", "4954a314984bccf5", "400837b951246901"),
        ("reversed", "0611b06459c11514", "4267ede665cbfdb6"),
        ("overlap", "412a5f6abbe39a3c", "440edc2af98b5dba"),
        ("parity", "c3e0b95e5d82fe7b", "4f850b154d3a866b"),
        ("cut-start", "414e99818503fa42", "f04e6fecc665dd1b"),
        ("overflow", "6088523a01735ce8", "013d00bb6317915b"),
    ];
    support::assert_pinned::<Papercut>(pins, |family| Options::defaults(family.params));
}
