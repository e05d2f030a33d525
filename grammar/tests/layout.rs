//! The tests' layout read as a grammar, for validators jurybox cannot read.

use jurybox_grammar::generate::{candidates, GenerateOptions};
use jurybox_grammar::layout::{self, LayoutError};

fn tests(texts: &[&str]) -> Vec<Vec<u8>> {
    texts.iter().map(|t| t.as_bytes().to_vec()).collect()
}

#[test]
fn a_count_then_that_many_lines_is_found_with_widened_ranges() {
    let g = layout::infer(&tests(&["3\n1 2\n3 4\n5 6\n", "2\n10 20\n30 40\n"])).unwrap();
    let text = g.to_string();
    assert!(text.contains("INT(1, 10, t0) seen"), "{text}");
    assert!(text.contains("REP(t0)"), "{text}");
    // Values seen up to 40: a hint widened to 100.
    assert!(text.contains("INT(1, 100, t"), "{text}");
}

#[test]
fn test_cases_each_with_its_own_count_nest() {
    let g = layout::infer(&tests(&[
        "2\n3\n1 2 3\n2\n4 5\n",
        "3\n1\n7\n2\n1 1\n4\n9 8 7 6\n",
    ]))
    .unwrap();
    let text = g.to_string();
    assert!(
        text.contains("REP(t0)\n  INT(1, 10, t2) seen\n  NEWLINE\n  REP(t2, SPACE)"),
        "{text}"
    );
    // Every input made follows the layout: its cases as many as its first
    // number, each case's values as many as its count.
    for c in candidates(&g, &GenerateOptions::default(), 3)
        .unwrap()
        .take(300)
    {
        let text = String::from_utf8(c.bytes.clone()).unwrap();
        let mut lines = text.lines();
        let t: usize = lines.next().unwrap().parse().unwrap();
        for _ in 0..t {
            let n: usize = lines.next().unwrap().parse().unwrap();
            assert_eq!(
                lines.next().unwrap().split(' ').count(),
                n,
                "{}: {text}",
                c.origin
            );
        }
        assert!(lines.next().is_none(), "{}: {text}", c.origin);
    }
}

#[test]
fn a_count_off_by_one_is_tied_and_words_keep_their_letters() {
    // n, then n - 1 edges (a tree), then a word.
    let g = layout::infer(&tests(&[
        "4\n1 2\n2 3\n3 4\nabc\n",
        "2\n1 2\nzz\n",
        "3\n1 2\n1 3\nq\n",
    ]))
    .unwrap();
    let text = g.to_string();
    assert!(text.contains("REP(t0 - 1)"), "{text}");
    assert!(text.contains("CHARS(\"abcqz\", 1, 3"), "{text}");
}

#[test]
fn lines_read_to_the_end_are_a_loop_until_the_end() {
    let g = layout::infer(&tests(&["5\n7\n", "1\n2\n3\n4\n"])).unwrap();
    assert!(g.to_string().contains("WHILE(!ISEOF)"), "{g}");
}

#[test]
fn no_tests_is_an_error() {
    assert_eq!(layout::infer(&[]).unwrap_err(), LayoutError::NoTests);
}

/// A Kattis-style validator in Rust: `n` then n values on one line, single
/// spaces, 1 ≤ n ≤ `max_n`, 1 ≤ a_i ≤ 10^9 (the inversions package's).
fn counts_up_to(max_n: usize) -> impl FnMut(&[u8]) -> bool {
    move |input: &[u8]| {
        let text = String::from_utf8_lossy(input);
        let lines: Vec<&str> = text.split('\n').collect();
        if lines.len() != 3 || !lines[2].is_empty() {
            return false;
        }
        let Ok(n) = lines[0].parse::<usize>() else {
            return false;
        };
        let values: Vec<&str> = lines[1].split(' ').collect();
        (1..=max_n).contains(&n)
            && values.len() == n
            && values.iter().all(|v| {
                v.parse::<u64>()
                    .is_ok_and(|v| (1..=1_000_000_000).contains(&v))
            })
    }
}

/// The tests hold n ≤ 8, so the layout's n stops at 10; the validator
/// accepts n up to 200 000: the count grows to exactly that (doubled while
/// accepted, the last step bisected), and the grammar's maximal input then
/// has 200 000 values. Without growing, its largest has 10.
#[test]
fn a_count_grows_to_the_largest_the_validator_accepts() {
    use jurybox_grammar::generate::Stage;
    use jurybox_grammar::grow::grow_counts;
    let tests = tests(&["5\n3 1 4 1 5\n", "8\n2 7 1 8 2 8 1 8\n", "1\n999999937\n"]);
    let mut grammar = layout::infer(&tests).unwrap();
    let maximal_n = |grammar: &jurybox_grammar::Grammar| {
        let options = GenerateOptions {
            stages: vec![Stage::Maximal],
            ..GenerateOptions::default()
        };
        let first = candidates(grammar, &options, 0).unwrap().next().unwrap();
        let text = String::from_utf8(first.bytes).unwrap();
        text.lines().next().unwrap().parse::<usize>().unwrap()
    };
    assert_eq!(maximal_n(&grammar), 10);
    let mut valid = counts_up_to(200_000);
    let grown = grow_counts(
        &mut grammar,
        &tests,
        &mut valid,
        &GenerateOptions::default(),
    )
    .unwrap();
    assert_eq!(grown.len(), 1, "{grown:?}");
    assert_eq!((grown[0].seen, grown[0].bound), (8, 200_000));
    assert!(grown[0].refused_above);
    assert_eq!(maximal_n(&grammar), 200_000);
}

/// A validator that refuses every input of the values' seen shape at the
/// tests' own size leaves the count as inferred (nothing to grow from).
#[test]
fn a_count_the_validator_never_accepts_is_left_as_inferred() {
    use jurybox_grammar::grow::grow_counts;
    let tests = tests(&["5\n3 1 4 1 5\n", "8\n2 7 1 8 2 8 1 8\n"]);
    let mut grammar = layout::infer(&tests).unwrap();
    let before = grammar.clone();
    let grown = grow_counts(
        &mut grammar,
        &tests,
        &mut |_| false,
        &GenerateOptions::default(),
    )
    .unwrap();
    assert!(grown.is_empty());
    assert_eq!(grammar, before);
}

/// `n`, then a string of exactly n characters, then two numbers (a walk of
/// `n` moves): the string's length is tied to n, so every input made has a
/// string as long as its first number says (before the tie, a length drawn
/// on its own agreed with n about once in forty inputs), and growing n with
/// the validator makes the maximal input's string that long.
#[test]
fn a_word_as_long_as_a_number_before_it_is_tied_to_it_and_grows_with_it() {
    use jurybox_grammar::generate::Stage;
    use jurybox_grammar::grow::grow_counts;
    let tests = tests(&[
        "14\n>v<v>v>^^^>>v<\n1 2\n",
        "3\n<<^\n0 0\n",
        "6\nvvv>>>\n3 3\n",
    ]);
    let mut grammar = layout::infer(&tests).unwrap();
    let text = grammar.to_string();
    assert!(text.contains("CHARS(\"<>^v\", t0, t0, t2)"), "{text}");
    let lengths_agree = |input: &[u8]| {
        let text = String::from_utf8(input.to_vec()).unwrap();
        let mut lines = text.lines();
        let n: usize = lines.next().unwrap().parse().unwrap();
        lines.next().unwrap().chars().count() == n
    };
    for c in candidates(&grammar, &GenerateOptions::default(), 5)
        .unwrap()
        .take(300)
    {
        assert!(lengths_agree(&c.bytes), "{}: {:?}", c.origin, c.bytes);
    }
    let mut valid = |input: &[u8]| {
        lengths_agree(input)
            && String::from_utf8_lossy(input)
                .lines()
                .next()
                .and_then(|n| n.parse::<u32>().ok())
                .is_some_and(|n| (1..=300_000).contains(&n))
    };
    let grown = grow_counts(
        &mut grammar,
        &tests,
        &mut valid,
        &GenerateOptions::default(),
    )
    .unwrap();
    assert_eq!(grown.len(), 1, "{grown:?}");
    assert_eq!((grown[0].seen, grown[0].bound), (14, 300_000));
    let options = GenerateOptions {
        stages: vec![Stage::Maximal],
        ..GenerateOptions::default()
    };
    let maximal: Vec<_> = candidates(&grammar, &options, 0).unwrap().collect();
    assert!(lengths_agree(&maximal[0].bytes));
    assert!(
        maximal[0].bytes.starts_with(b"300000\n"),
        "{}",
        maximal[0].origin
    );
    // Among the maximal shapes, the moves in runs, each direction once, in
    // descending order (a walk down, then back up: what a random string,
    // whose runs are short, never makes).
    let runs_of = |input: &[u8]| {
        let text = String::from_utf8_lossy(input).into_owned();
        let moves: Vec<char> = text.lines().nth(1).unwrap_or("").chars().collect();
        let mut runs: Vec<char> = moves.clone();
        runs.dedup();
        (moves.len(), runs.into_iter().collect::<String>())
    };
    assert!(
        maximal
            .iter()
            .any(|c| runs_of(&c.bytes) == (300_000, "v^><".to_string())),
        "{:?}",
        maximal
            .iter()
            .map(|c| runs_of(&c.bytes))
            .collect::<Vec<_>>()
    );
    // ... and with the goal just above its minimum (golvyta: "1 1" keeps the
    // quadratic submission trying 75 000 grid sizes; the descending shape's
    // goal at the top of the range the tests hint at ends it at once, or is
    // refused by the validator's tighter bound).
    let last_line = |input: &[u8]| {
        let text = String::from_utf8_lossy(input).into_owned();
        text.lines().nth(2).unwrap_or("").to_string()
    };
    assert!(
        maximal
            .iter()
            .any(|c| runs_of(&c.bytes) == (300_000, "v^><".to_string())
                && last_line(&c.bytes) == "1 1"),
        "{:?}",
        maximal
            .iter()
            .map(|c| (runs_of(&c.bytes), last_line(&c.bytes)))
            .collect::<Vec<_>>()
    );
}
