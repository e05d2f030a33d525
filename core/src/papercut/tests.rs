//! Tests of the paper-cutting game: the spec's samples, the validator's errors, the
//! answer reader, the checker's verdicts, fast against naive on every tiny sheet,
//! and what each mutant gets wrong.

use super::{fast, judge, mutants, naive, Answer, Cut, Input, Line, Move, Papercut};
use crate::problem::{answer_text, judge_output};
use crate::{Constraints, Judgement, Problem};

fn input(text: &str) -> Input {
    Papercut::parse_input(text.as_bytes(), Constraints::Official).unwrap()
}

fn error(text: &str) -> String {
    Papercut::parse_input(text.as_bytes(), Constraints::Official)
        .unwrap_err()
        .to_string()
}

fn first(xb: i64, yb: i64, xe: i64, ye: i64) -> Answer {
    Answer::First(Move { xb, yb, xe, ye })
}

/// The verdict on a program's raw output, the reference being the fast engine's.
fn verdict(input: &Input, output: &str) -> Judgement {
    judge_output::<Papercut>(input, &fast::solve(input), output.as_bytes())
}

#[test]
fn samples() {
    let one = input("2 1 0\n");
    assert_eq!(fast::solve(&one), first(1, 0, 1, 1));
    assert_eq!(naive::solve(&one), first(1, 0, 1, 1));
    let two = input("2 2 4\n0 1 2 1\n0 1 2 1\n1 2 1 0\n1 1 1 2\n");
    assert_eq!(fast::solve(&two), Answer::Second);
    assert_eq!(naive::solve(&two), Answer::Second);
    assert_eq!(
        answer_text::<Papercut>(&one, &fast::solve(&one)),
        "FIRST\n1 0 1 1\n"
    );
}

#[test]
fn validator_names_line_column_and_rule() {
    assert_eq!(
        error("2 2 1\n1 0 1 3\n"),
        "line 2, column 7: ye = 3 exceeds m = 2"
    );
    assert_eq!(
        error("3 3 1\n1 1 2 2\n"),
        "line 2, column 1: the cut 1 1 2 2 is neither vertical nor horizontal"
    );
    assert_eq!(
        error("3 3 2\n1 0 1 3\n2 2 2 2\n"),
        "line 3, column 1: the cut 2 2 2 2 has zero length"
    );
    assert!(error("3 3 1\n0 1 0 2\n").contains("along the border x = 0"));
    assert!(error("3 3 1\n1 3 2 3\n").contains("along the border y = 3"));
    assert!(error("0 3 0\n").contains("n = 0 is below the minimum 1"));
    assert!(error("1000000001 3 0\n").contains("exceeds the limit 1000000000"));
    assert!(error("3 3 100001\n").contains("k = 100001 exceeds the limit 100000"));
    assert!(error("3 3 2\n1 0 1 3\n").starts_with("line 3, column 1: expected xb"));
    assert!(error("3 3 2\n1 0 1 3").starts_with("line 2, column 8: expected end of line"));
    assert!(error("3 3 0\n\n").starts_with("line 2, column 1: expected end of input"));
    assert!(error("3 3 1\n1  0 1 3\n").starts_with("line 2, column 3: expected yb"));
    assert!(error("3 3 1\n-1 0 1 3\n").starts_with("line 2, column 1: expected xb"));
}

#[test]
fn extended_limits_allow_more_cuts_only() {
    let mut text = String::from("2 2 100001\n");
    for _ in 0..100_001 {
        text.push_str("1 0 1 2\n");
    }
    assert!(Papercut::parse_input(text.as_bytes(), Constraints::Official).is_err());
    let big = Papercut::parse_input(text.as_bytes(), Constraints::Extended).unwrap();
    assert_eq!(big.cuts.len(), 100_001);
    assert!(Papercut::parse_input(b"1000000001 1 0\n", Constraints::Extended).is_err());
}

#[test]
fn answers_are_read_as_tokens() {
    let sheet = input("2 1 0\n");
    assert!(verdict(&sheet, "FIRST\n1 0 1 1\n").is_accepted());
    assert!(verdict(&sheet, "  FIRST 1\t1 1 0").is_accepted());
    for garbage in [
        "",
        "first\n1 0 1 1\n",
        "FIRST\n1 0 1\n",
        "FIRST\n1 0 1 1 5\n",
        "SECOND SECOND",
        "FIRST\n1 0 1 99999999999999999999999\n",
        "FIRST\n+1 0 1 1\n",
        "\u{0}\u{ff}",
    ] {
        assert!(
            matches!(verdict(&sheet, garbage), Judgement::PresentationError(_)),
            "{garbage:?}: {}",
            verdict(&sheet, garbage)
        );
    }
    let invalid = [0xffu8, b' ', b'1'];
    assert!(matches!(
        judge_output::<Papercut>(&sheet, &fast::solve(&sheet), &invalid),
        Judgement::PresentationError(_)
    ));
}

#[test]
fn checker_rejects_illegal_and_losing_moves_with_reasons() {
    // 5 x 1: vertical lines x = 1..4 of length 1, x = 2 cut; no horizontal line.
    // Heaps 1, 0, 1, 1: XOR 1.
    let sheet = input("5 1 1\n2 0 2 1\n");
    let wa = |out: &str| match verdict(&sheet, out) {
        Judgement::WrongAnswer(why) => why,
        v => panic!("{out:?}: expected a wrong answer, got {v}"),
    };
    assert!(wa("SECOND").contains("XOR of the heaps is 1"));
    assert!(wa("FIRST 2 0 2 1").contains("cuts nothing new"));
    assert!(wa("FIRST 0 0 0 1").contains("border x = 0"));
    assert!(wa("FIRST 5 0 5 1").contains("border x = 5"));
    assert!(wa("FIRST 1 0 2 1").contains("neither vertical nor horizontal"));
    assert!(wa("FIRST 1 1 1 1").contains("zero length"));
    assert!(wa("FIRST 1 0 1 2").contains("leaves the sheet"));
    assert!(wa("FIRST -1 0 -1 1").contains("leaves the sheet"));
    assert!(wa("FIRST 1 0 3 0").contains("border y = 0"));
    // Any uncut line taken whole leaves two heaps of 1: XOR 0.
    assert!(verdict(&sheet, "FIRST 1 0 1 1").is_accepted());
    assert!(verdict(&sheet, "FIRST 3 1 3 0").is_accepted());
    assert!(verdict(&sheet, "FIRST 4 0 4 1").is_accepted());
    // The judge says why a legal move loses.
    let sheet = input("3 3 0\n");
    let why = verdict(&sheet, "FIRST 1 0 1 2").to_string();
    assert!(why.contains("leaves the XOR of the heaps at"), "{why}");
}

#[test]
fn checker_fails_when_the_jury_is_wrong() {
    let lost = input("3 1 0\n"); // two heaps of 1: XOR 0
    let won = input("2 1 0\n");
    let judge = |i: &Input, r: &Answer, c: &Answer| judge::judge(i, r, c);
    assert!(matches!(
        judge(&won, &Answer::Second, &first(1, 0, 1, 1)),
        Judgement::Fail(_)
    ));
    assert!(matches!(
        judge(&lost, &first(1, 0, 1, 1), &Answer::Second),
        Judgement::Fail(_)
    ));
    // A jury move that does not win is caught even when the candidate is right.
    let sheet = input("4 1 0\n"); // three heaps of 1: XOR 1
    assert!(matches!(
        judge(&sheet, &first(0, 0, 0, 1), &first(1, 0, 1, 1)),
        Judgement::Fail(_)
    ));
    assert!(judge(&sheet, &first(2, 0, 2, 1), &first(1, 1, 1, 0)).is_accepted());
    // SECOND against a right FIRST is the candidate's fault.
    assert!(matches!(
        judge(&sheet, &first(2, 0, 2, 1), &Answer::Second),
        Judgement::WrongAnswer(_)
    ));
}

#[test]
fn checker_is_exact_at_a_billion() {
    // 10^9 x 10^9: 999 999 999 untouched lines each way (odd): XOR = 10^9 ^ 10^9 = 0.
    let huge = input("1000000000 1000000000 0\n");
    assert_eq!(fast::solve(&huge), Answer::Second);
    assert!(verdict(&huge, "SECOND").is_accepted());
    // One line cut in its middle: heap 10^9 - 2 on x = 5; the rest cancels but for
    // one full vertical line now missing: XOR = (10^9 - 2) ^ 10^9 (even count).
    let text = "1000000000 1000000000 1\n5 1 5 3\n";
    let sheet = input(text);
    let answer = fast::solve(&sheet);
    assert!(judge::judge(&sheet, &answer, &answer).is_accepted());
    let Answer::First(mv) = answer else {
        panic!("the first player wins")
    };
    // The move skips the cut part [1, 3] on x = 5 if it is the line chosen.
    assert!(verdict(
        &sheet,
        &format!("FIRST {} {} {} {}", mv.xe, mv.ye, mv.xb, mv.yb)
    )
    .is_accepted());
}

/// Every sheet up to 3 x 3 with no cut, one cut, or two cuts (the second reversed).
fn tiny_inputs() -> Vec<Input> {
    let mut out = Vec::new();
    for n in 1..=3u32 {
        for m in 1..=3u32 {
            let mut cuts = Vec::new();
            for c in 1..n {
                for lo in 0..m {
                    for hi in lo + 1..=m {
                        cuts.push(Cut::along(Line::Vertical(c), lo, hi));
                    }
                }
            }
            for c in 1..m {
                for lo in 0..n {
                    for hi in lo + 1..=n {
                        cuts.push(Cut::along(Line::Horizontal(c), lo, hi));
                    }
                }
            }
            out.push(Input { n, m, cuts: vec![] });
            for (i, &a) in cuts.iter().enumerate() {
                out.push(Input {
                    n,
                    m,
                    cuts: vec![a],
                });
                for &b in &cuts[i..] {
                    out.push(Input {
                        n,
                        m,
                        cuts: vec![a, b.reversed()],
                    });
                }
            }
        }
    }
    out
}

#[test]
fn fast_and_naive_agree_on_every_tiny_sheet() {
    let inputs = tiny_inputs();
    assert!(inputs.len() > 500, "{}", inputs.len());
    for input in &inputs {
        let (f, r) = (fast::solve(input), naive::solve(input));
        assert_eq!(
            matches!(f, Answer::Second),
            matches!(r, Answer::Second),
            "{input:?}"
        );
        assert!(judge::judge(input, &r, &f).is_accepted(), "{input:?}");
        assert!(judge::judge(input, &f, &r).is_accepted(), "{input:?}");
    }
}

#[test]
fn mutants_are_right_where_their_bug_does_not_show() {
    // No overlaps, odd untouched counts, no cut at a line's start, small sheet.
    let sheet = input("4 4 2\n1 2 1 4\n3 1 3 2\n");
    let right = fast::solve(&sheet);
    for engine in Papercut::engines() {
        if (engine.too_big)(&sheet).is_some() {
            continue;
        }
        let got = (engine.solve)(&sheet);
        assert!(
            judge::judge(&sheet, &right, &got).is_accepted(),
            "{}: {got:?}",
            engine.name
        );
    }
}

#[test]
fn each_mutant_fails_on_its_own_bug() {
    let wrong = |solve: fn(&Input) -> Answer, text: &str| {
        let sheet = input(text);
        let verdict = judge::judge(&sheet, &fast::solve(&sheet), &solve(&sheet));
        assert!(
            matches!(verdict, Judgement::WrongAnswer(_)),
            "{text:?}: {verdict}"
        );
    };
    // Two overlapping cuts on x = 1 of a 2 x 3 sheet (one vertical line).
    wrong(mutants::unmerged::solve, "2 3 2\n1 0 1 2\n1 1 1 3\n");
    // 4 x 1: three untouched vertical lines... odd; 3 x 2: two vertical (even), one
    // horizontal (odd): XOR = 3; counted once each: 2 ^ 3 = 1.
    wrong(mutants::parity::solve, "3 2 0\n");
    // 2 x 5, x = 1 cut on [0, 1]: heap 4, the move must take all 4 uncut units;
    // horizontal lines y = 1..4 untouched (even).
    wrong(mutants::cut_start::solve, "2 5 1\n1 0 1 1\n");
    // Lines x = 5 and x = 9 of a 10^9 sheet land far apart only in 64 bits.
    wrong(
        mutants::wrap32::solve,
        "1000000000 1000000000 2\n5 0 5 999999999\n9 3 9 1000000000\n",
    );
    // The loop is right, only slow.
    assert!(mutants::line_loop::too_big(&input("1000000000 2 0\n")).is_some());
    let sheet = input("7 5 2\n1 0 1 5\n3 2 5 2\n");
    let got = mutants::line_loop::solve(&sheet);
    assert!(judge::judge(&sheet, &fast::solve(&sheet), &got).is_accepted());
}

/// The sheets a plain memoised search ought to reach: 4 × 4 (24 interior units)
/// with a few cuts, which the first naive engine refused for counting every
/// interior unit instead of the uncut ones.
#[test]
fn naive_reaches_four_by_four_sheets_with_a_few_cuts() {
    let sheets = [
        "4 4 3\n1 0 1 2\n0 2 3 2\n3 1 3 4\n",
        "4 4 2\n2 0 2 4\n0 1 4 1\n",
        "4 4 4\n1 1 1 3\n0 3 2 3\n3 4 3 2\n2 2 4 2\n",
        "4 4 1\n0 2 4 2\n",
    ];
    for text in sheets {
        let sheet = input(text);
        assert!(
            sheet.interior_units() > 20,
            "{text}: meant to be past the old bound"
        );
        assert_eq!(naive::too_big(&sheet), None, "{text}");
        let answer = naive::solve(&sheet);
        let verdict = judge::judge(&sheet, &fast::solve(&sheet), &answer);
        assert!(verdict.is_accepted(), "{text}: {answer:?}: {verdict}");
        assert_eq!(
            matches!(answer, Answer::Second),
            matches!(fast::solve(&sheet), Answer::Second),
            "{text}"
        );
    }
}

#[test]
fn uncut_units_are_counted_without_walking_the_sheet() {
    assert_eq!(naive::uncut_units(&input("4 4 0\n")), 24);
    assert_eq!(naive::uncut_units(&input("4 4 2\n2 0 2 4\n2 1 2 3\n")), 20);
    assert_eq!(naive::uncut_units(&input("4 4 2\n0 1 2 1\n1 1 3 1\n")), 21);
    let huge = input("1000000000 1000000000 1\n1 0 1 5\n");
    assert_eq!(
        naive::uncut_units(&huge),
        999_999_999 * 1_000_000_000 * 2 - 5
    );
}

#[test]
fn an_engine_past_what_it_can_represent_says_so_instead_of_panicking() {
    let huge = input("1000000000 1000000000 0\n");
    let naive = crate::problem::engine_named::<Papercut>("naive").unwrap();
    let error = naive.try_solve(&huge).unwrap_err().to_string();
    assert!(
        error.starts_with("engine 'naive' cannot run this input: "),
        "{error}"
    );
    assert!(error.contains("uncut unit segments > 32"), "{error}");
    let fast = crate::problem::engine_named::<Papercut>("fast").unwrap();
    assert!(fast.try_solve(&huge).is_ok());
}

/// The fuzz targets' inputs reach the naive engine only where its 2^uncut search is
/// quick: a sheet it may run has at most 8 uncut unit segments, and every other is
/// past its `too_big` (so the fast engine is judged by the checker alone).
#[cfg(feature = "arbitrary")]
#[test]
fn arbitrary_sheets_are_tiny_for_naive_or_out_of_its_reach() {
    use arbitrary::{Arbitrary, Unstructured};
    let mut state = 7u64;
    let mut next_byte = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state as u8
    };
    let (mut tiny, mut big) = (0, 0);
    for _ in 0..2_000 {
        let bytes: Vec<u8> = (0..64).map(|_| next_byte()).collect();
        let Ok(sheet) = Input::arbitrary(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        let text = crate::problem::input_text::<Papercut>(&sheet);
        assert_eq!(input(&text), sheet);
        if naive::too_big(&sheet).is_some() {
            big += 1;
        } else {
            let uncut = naive::uncut_units(&sheet);
            assert!(uncut <= 8, "{uncut} uncut units reach naive:\n{text}");
            tiny += 1;
        }
    }
    assert!(tiny > 1_000 && big > 100, "{tiny} tiny, {big} big sheets");
}
