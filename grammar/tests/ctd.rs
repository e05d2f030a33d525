//! checktestdata scripts read as grammars, and inputs made from them accepted
//! by checktestdata itself (the Python checker, when installed).

use std::path::{Path, PathBuf};

use jurybox_grammar::generate::{candidates, GenerateOptions, GeneratedInput, Stage};
use jurybox_grammar::{ctd, Grammar};

use crate::support::{checktestdata, ctd_accepts, every_stage};

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ctd")
        .join(name)
}

fn grammar(name: &str) -> Grammar {
    ctd::parse(&std::fs::read_to_string(script(name)).unwrap()).unwrap()
}

/// checktestdata accepts every candidate (checked on two threads: the
/// Python checker starts slowly).
fn checktestdata_accepts(name: &str, made: &[GeneratedInput]) {
    let Some(checker) = checktestdata() else {
        return;
    };
    let path = script(name);
    std::thread::scope(|s| {
        for half in made.chunks(made.len().div_ceil(2)) {
            let (checker, path) = (&checker, &path);
            s.spawn(move || {
                for c in half {
                    let (ok, message) = ctd_accepts(checker, path, &c.bytes);
                    let shown =
                        String::from_utf8_lossy(&c.bytes[..c.bytes.len().min(300)]).into_owned();
                    assert!(ok, "{name}: {} refused: {message}\n{shown}", c.origin);
                }
            });
        }
    });
}

#[test]
fn a_count_then_values_bounded_by_it() {
    let g = grammar("count_then_values.ctd");
    let text = g.to_string();
    assert!(
        text.contains("INT(1, 100000, n)\nNEWLINE\nREP(n, SPACE)\n  INT(1, n)\nEND"),
        "{text}"
    );
    let made = every_stage(&g, 10);
    // Small scope starts from the smallest input; maxima reach the bound.
    assert_eq!(made[0].bytes, b"1\n1\n");
    assert!(made
        .iter()
        .any(|c| c.bytes.starts_with(b"100000\n100000 100000")));
    checktestdata_accepts("count_then_values.ctd", &made);
}

#[test]
fn test_cases_with_distinct_values_and_arrays() {
    let g = grammar("cases.ctd");
    let text = g.to_string();
    assert!(
        text.contains("REPI(i, n, SPACE)") || text.contains("REP(i, n, SPACE)"),
        "{text}"
    );
    assert!(text.contains("INT(-k, k, a[i])"), "{text}");
    assert!(text.contains("ASSERT(UNIQUE(a))"), "{text}");
    let made = every_stage(&g, 8);
    checktestdata_accepts("cases.ctd", &made);
}

#[test]
fn words_fixed_reals_and_decimals() {
    let g = grammar("words_and_reals.ctd");
    let made = every_stage(&g, 8);
    checktestdata_accepts("words_and_reals.ctd", &made);
}

#[test]
fn a_loop_until_a_character_and_a_condition_on_a_value() {
    let g = grammar("until_zero.ctd");
    assert!(g.to_string().contains("WHILE(!MATCH(\"0\"))"), "{g}");
    let made = every_stage(&g, 8);
    assert!(made
        .iter()
        .any(|c| c.bytes.windows(4).any(|w| w == b"even")));
    checktestdata_accepts("until_zero.ctd", &made);
}

#[test]
fn bad_scripts_are_errors_at_their_line_and_column() {
    let cases: [(&str, usize, usize, &str); 6] = [
        ("INT(1, 10, n NEWLINE", 1, 14, "expected ')'"),
        (
            "INT(1, 10, n)\nREP(n) INT(1, 2)\n",
            3,
            1,
            "expected END of the REP opened at line 2, column 1",
        ),
        ("SPACE\n  FOO", 2, 3, "expected a command, found FOO"),
        ("STRING(\"abc", 1, 8, "never closed"),
        ("INT(1,,2)", 1, 7, "expected a value"),
        ("INT(1, 2) @", 1, 11, "unexpected character"),
    ];
    for (text, line, column, message) in cases {
        let e = ctd::parse(text).unwrap_err();
        assert_eq!((e.at.line, e.at.column), (line, column), "{text:?}: {e}");
        assert!(e.message.contains(message), "{text:?}: {e}");
    }
}

#[test]
fn what_cannot_be_made_is_opaque_and_named() {
    // A word boundary cannot be generated; STRING of a variable is not text the model writes.
    let g = ctd::parse("INT(1, 5, n) NEWLINE\nREGEX(\"a\\\\b\") NEWLINE\n").unwrap();
    let (site, rule, why) = g.first_opaque().unwrap();
    assert_eq!(site.to_string(), "script line 2, column 1");
    assert!(
        rule.starts_with("REGEX") && why.contains("anchor"),
        "{rule}: {why}"
    );
    let e = candidates(&g, &GenerateOptions::default(), 1)
        .err()
        .unwrap();
    assert!(e.reason.contains("script line 2, column 1"), "{e}");
    // An assertion no input meets names its line.
    let g = ctd::parse("INT(1, 5, n) ASSERT(n > 5)\n").unwrap();
    let e = candidates(&g, &GenerateOptions::default(), 1)
        .err()
        .unwrap();
    assert!(
        e.reason.contains("assertion at script line 1, column 14"),
        "{e}"
    );
}

#[test]
fn the_same_seed_makes_the_same_bytes() {
    let g = grammar("cases.ctd");
    let options = GenerateOptions {
        stages: vec![Stage::Boundary, Stage::Edits, Stage::Random],
        ..GenerateOptions::default()
    };
    let take = |seed| -> Vec<Vec<u8>> {
        candidates(&g, &options, seed)
            .unwrap()
            .take(300)
            .map(|c| c.bytes)
            .collect()
    };
    assert_eq!(take(5), take(5));
    assert_ne!(take(5), take(6));
}

#[test]
fn small_scope_is_every_input_up_to_its_size_once_smallest_first() {
    // n in [1, 100000], then n values in [1, n]: with 5 values at most and
    // the domain [-3, 3], there are 1 + 2^2 + 3^3 + 3^4 inputs (n = 4 takes
    // its values from {1, 2, 3}).
    let g = grammar("count_then_values.ctd");
    let options = GenerateOptions {
        stages: vec![Stage::SmallScope],
        ..GenerateOptions::default()
    };
    let made: Vec<GeneratedInput> = candidates(&g, &options, 0).unwrap().collect();
    assert_eq!(made.len(), 1 + 4 + 27 + 81);
    let mut seen = std::collections::HashSet::new();
    let mut last_size = 0;
    for c in &made {
        assert!(seen.insert(c.bytes.clone()), "{:?} twice", c.bytes);
        let size = String::from_utf8_lossy(&c.bytes).split_whitespace().count();
        assert!(size >= last_size, "sizes go down at {:?}", c.bytes);
        last_size = size;
    }
}

/// The values of an input of count_then_values.ctd's form (n, then n values).
fn values_of(bytes: &[u8]) -> Vec<u64> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.lines();
    let n: usize = lines.next().unwrap().parse().unwrap();
    let values: Vec<u64> = lines
        .next()
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(values.len(), n, "{text}");
    values
}

/// A validator rule the grammar does not state (24hvelo's: the values sum to
/// at most a bound) refuses every maximal shape; each shape scaled back with
/// that rule as the oracle is the largest accepted input of its shape, within
/// the bisection's precision, and at scale 1 a shape is the maximal stage's.
#[test]
fn maximal_shapes_scaled_back_to_a_sum_rule_the_grammar_does_not_know() {
    use jurybox_grammar::generate::{Largest, Scale, Scaled, SCALE_ONE};
    const SUM: u64 = 1_000_000;
    let g = grammar("count_then_values.ctd");
    let options = GenerateOptions {
        stages: vec![Stage::Maximal],
        ..GenerateOptions::default()
    };
    let stream = candidates(&g, &options, 5).unwrap();
    let maximal: Vec<GeneratedInput> = candidates(&g, &options, 5).unwrap().collect();
    let at_one = stream
        .maximal_scaled(
            0,
            Scale {
                part: Scaled::Everything,
                per: SCALE_ONE,
            },
        )
        .unwrap();
    assert_eq!(at_one.bytes, maximal[0].bytes);
    let mut asked = 0;
    let mut sum_rule = |bytes: &[u8]| {
        asked += 1;
        Some(values_of(bytes).iter().sum::<u64>() <= SUM)
    };
    // Every count at its maximum, every value at its maximum: 10^10 in all.
    for part in [Scaled::Repeated, Scaled::Everything] {
        let Largest::Found(found) = stream.largest_accepted(0, part, &mut sum_rule) else {
            panic!("{part:?}: nothing accepted");
        };
        let values = values_of(&found.bytes);
        let sum: u64 = values.iter().sum();
        assert!(sum <= SUM && sum > SUM / 2, "{part:?}: {sum}");
        assert!(
            found.origin.to_string().contains("scaled by"),
            "{}",
            found.origin
        );
        if part == Scaled::Repeated {
            assert_eq!(values.len(), 100_000, "the count is kept");
        }
    }
    assert!(asked <= 2 * 27, "{asked} questions");
    // A shape accepted unscaled is left to the maximal stage.
    let mut everything = |_: &[u8]| Some(true);
    assert_eq!(
        stream.largest_accepted(0, Scaled::Everything, &mut everything),
        Largest::Nothing
    );
    // An oracle that cannot answer hands back the input it stopped on.
    let mut stopped = |_: &[u8]| None;
    assert_eq!(
        stream.largest_accepted(0, Scaled::Counts, &mut stopped),
        Largest::Stopped(maximal[0].bytes.clone())
    );
}

/// Issue 43: a caller that finds a maximal input too costly for its time
/// caps the maximal stage's bytes ([`MaximalBytes`]); every shape made
/// after that fits the cap, at the largest counts that do, the origin says
/// so, and a second stream given the same handle (the one that scales the
/// shapes back) makes the same bytes as the first.
#[test]
fn maximal_shapes_fit_the_bytes_the_caller_affords_and_streams_share_it() {
    use jurybox_grammar::generate::{MaximalBytes, Scale, Scaled, SCALE_ONE};
    let g = grammar("no_sum.ctd");
    let options = GenerateOptions {
        stages: vec![Stage::Maximal],
        ..GenerateOptions::default()
    };
    let full = candidates(&g, &options, 3).unwrap().next().unwrap();
    let largest = full.bytes.len();
    assert!(
        largest > 2 << 20,
        "uncapped, a shape fills the budget: {largest}"
    );

    let afforded = MaximalBytes::default();
    let options = GenerateOptions {
        maximal_bytes: afforded.clone(),
        ..options
    };
    let mut stream = candidates(&g, &options, 3).unwrap();
    let first = stream.next().unwrap();
    assert_eq!(first.bytes, full.bytes, "unset, the cap changes nothing");
    const CAP: usize = 64 << 10;
    afforded.set(CAP);
    let rest: Vec<GeneratedInput> = stream.by_ref().collect();
    assert!(rest.len() >= 8, "{} shapes", rest.len());
    for c in &rest {
        assert!(
            c.bytes.len() <= CAP,
            "{} bytes: {}",
            c.bytes.len(),
            c.origin
        );
        assert!(
            c.origin
                .to_string()
                .contains("what the search's time affords"),
            "{}",
            c.origin
        );
    }
    // The counts halve until the shape fits: the largest is over half the cap.
    let capped = rest.iter().map(|c| c.bytes.len()).max().unwrap();
    assert!(capped > CAP / 4, "{capped}");
    // The same handle, another stream: shape 1 at scale 1 is the bytes the
    // first stream made after the cap.
    let other = candidates(&g, &options, 3).unwrap();
    let one = Scale {
        part: Scaled::Counts,
        per: SCALE_ONE,
    };
    let again = other.maximal_scaled(1, one).unwrap();
    assert!(again.bytes.len() <= CAP);
    assert!(rest.iter().any(|c| c.bytes == again.bytes));
}

/// Points of a dimension read first (a repetition nested in another): every
/// other maximal shape makes all rows equal or unrelated, and the rows shape
/// makes them distinct and as alike as can be, all on one line: the same
/// coordinates but the last, which ascends by one along the rows
/// (GAPC's clubwinking, whose slow submission pays most for collinear points
/// and crashes on equal ones).
#[test]
fn the_rows_shape_makes_distinct_points_on_one_line() {
    let g = grammar("points.ctd");
    let options = GenerateOptions {
        stages: vec![Stage::Maximal],
        ..GenerateOptions::default()
    };
    let made: Vec<GeneratedInput> = candidates(&g, &options, 3).unwrap().collect();
    let rows_shape = made
        .iter()
        .find(|c| {
            c.origin
                .to_string()
                .contains("rows equal but for their last value")
        })
        .expect("a rows shape");
    let text = String::from_utf8_lossy(&rows_shape.bytes);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("50"));
    assert_eq!(lines.next(), Some("1000"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(' ').collect()).collect();
    assert_eq!(rows.len(), 1000);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 51, "row {i}: {row:?}");
        assert!(row[..49].iter().all(|v| *v == "-1000000000"), "row {i}");
        assert_eq!(row[49], (-1_000_000_000 + i as i64).to_string(), "row {i}");
        assert_eq!(row[50], rows[0][50], "row {i}: the words are equal");
    }
    // No earlier shape of a matrix has two distinct rows sharing all but
    // their last coordinate.
    let alike = |c: &GeneratedInput| {
        let text = String::from_utf8_lossy(&c.bytes).into_owned();
        let rows: Vec<Vec<String>> = text
            .lines()
            .skip(2)
            .map(|l| l.split(' ').take(50).map(String::from).collect())
            .collect();
        rows.windows(2)
            .any(|w| w[0] != w[1] && w[0][..49] == w[1][..49])
    };
    assert_eq!(
        made.iter().filter(|c| alike(c)).count(),
        made.iter()
            .filter(|c| c.origin.to_string().contains("rows equal but"))
            .count()
    );
    checktestdata_accepts("points.ctd", std::slice::from_ref(rows_shape));
}

/// Issue 43: the dictionary stage fills texts with the package's words (a
/// dish the statement names, twice in one input) and values with its
/// numbers, only where they fit; no other stage spells the word.
#[test]
fn the_dictionary_stage_uses_each_word_and_number_where_it_fits() {
    let g = ctd::parse(
        "INT(1, 20, n) NEWLINE\nREP(n) REGEX(\"[a-z]{1,12}\") SPACE INT(0, 500) NEWLINE END\n",
    )
    .unwrap();
    let dictionary = jurybox_grammar::generate::Dictionary {
        words: vec!["tiramisu".into(), "Not A Dish".into()],
        numbers: vec![404, 1_000_000],
    };
    let options = GenerateOptions {
        stages: vec![Stage::Dictionary],
        dictionary: std::sync::Arc::new(dictionary),
        ..Default::default()
    };
    let made: Vec<String> = candidates(&g, &options, 7)
        .unwrap()
        .map(|c| String::from_utf8(c.bytes).unwrap())
        .collect();
    assert!(!made.is_empty());
    assert!(
        made.iter().any(|t| t.matches("tiramisu").count() >= 2),
        "{made:#?}"
    );
    assert!(made.iter().any(|t| t.contains(" 404\n")), "{made:#?}");
    assert!(made
        .iter()
        .all(|t| !t.contains("Not A Dish") && !t.contains("1000000")));
    let without: Vec<String> = candidates(&g, &GenerateOptions::default(), 7)
        .unwrap()
        .take(5000)
        .map(|c| String::from_utf8(c.bytes).unwrap())
        .collect();
    assert!(without.iter().all(|t| !t.contains("tiramisu")));
}

/// Issue 43: a caller that measures what candidates cost caps the random
/// stage's sizes ([`Candidates::set_size_ceiling`]); the stage climbs to the
/// cap and starts again, and grows with it when the cap is raised.
#[test]
fn the_random_stage_climbs_only_to_the_size_ceiling() {
    let g = ctd::parse("INT(1, 100000, n) NEWLINE\nREP(n, SPACE) INT(1, 9) END NEWLINE\n").unwrap();
    let options = GenerateOptions {
        stages: vec![Stage::Random],
        ..Default::default()
    };
    let counts = |made: &[GeneratedInput]| -> Vec<u64> {
        made.iter()
            .map(|c| {
                let text = String::from_utf8_lossy(&c.bytes);
                text.lines().next().unwrap().parse().unwrap()
            })
            .collect()
    };
    let mut stream = candidates(&g, &options, 3).unwrap();
    stream.set_size_ceiling(16);
    let capped: Vec<GeneratedInput> = stream.by_ref().take(60).collect();
    let n = counts(&capped);
    assert!(n.iter().all(|&n| n <= 16), "{n:?}");
    assert!(
        capped
            .iter()
            .all(|c| c.origin.to_string() != "random: counts up to 32"),
        "{n:?}"
    );
    stream.set_size_ceiling(1 << 12);
    let grown = counts(&stream.take(60).collect::<Vec<_>>());
    assert!(grown.iter().any(|&n| n > 1000), "{grown:?}");
    let free = counts(
        &candidates(&g, &options, 3)
            .unwrap()
            .take(20)
            .collect::<Vec<_>>(),
    );
    assert!(free.iter().any(|&n| n > 16), "{free:?}");
}

/// A search that comes back for the same target starts the maximal stage
/// where its last one stopped (issue 43: each round of a too-slow survivor's
/// search judged the same first two shapes of thirty): from shape k, the
/// stage makes shape k first, then every shape once, round to those before.
#[test]
fn the_maximal_stage_starts_at_the_shape_it_is_given() {
    use jurybox_grammar::generate::{Scale, Scaled, SCALE_ONE};
    use std::collections::BTreeSet;
    let g = grammar("count_then_values.ctd");
    let options = GenerateOptions {
        stages: vec![Stage::Maximal],
        ..GenerateOptions::default()
    };
    let from_first: Vec<Vec<u8>> = candidates(&g, &options, 5)
        .unwrap()
        .map(|m| m.bytes)
        .collect();
    let mut stream = candidates(&g, &options, 5).unwrap();
    let shapes = stream.maximal_shapes();
    let k = 4;
    let shape_k = stream
        .maximal_scaled(
            k,
            Scale {
                part: Scaled::Everything,
                per: SCALE_ONE,
            },
        )
        .unwrap();
    stream.start_maximal_at(k + shapes);
    let rotated: Vec<Vec<u8>> = stream.map(|m| m.bytes).collect();
    assert!(rotated[0] == shape_k.bytes, "shape {k} first");
    assert!(rotated[0] != from_first[0], "not the first shape");
    let set = |v: &[Vec<u8>]| v.iter().cloned().collect::<BTreeSet<_>>();
    assert_eq!(set(&rotated), set(&from_first));
    assert_eq!(rotated.len(), from_first.len());
}

/// Issue 43 (KTH Challenge 2020's winningthevote): a string whose length an
/// assertion ties to a number read before it. Made at a length of its own,
/// the assertion refused every run and no input could be made; the string of
/// one class's characters is now made at the asserted length, in every stage.
#[test]
fn a_regex_whose_length_an_assertion_fixes_is_made_at_that_length() {
    let g = ctd::parse(
        "INT(1, 5000, n) NEWLINE\nREGEX(\"[0-2]{1,5000}\", s) NEWLINE\nASSERT(STRLEN(s) == n)\n",
    )
    .unwrap();
    let made = every_stage(&g, 40);
    for c in &made {
        let text = String::from_utf8(c.bytes.clone()).unwrap();
        let (n, s) = text.split_once('\n').unwrap();
        let s = s.trim_end_matches('\n');
        assert_eq!(
            s.len(),
            n.parse::<usize>().unwrap(),
            "{}: {text:?}",
            c.origin
        );
        assert!(s.chars().all(|c| ('0'..='2').contains(&c)), "{text:?}");
    }
    assert!(
        made.iter().any(|c| c.bytes.len() > 5000),
        "no maximal input"
    );
}
