//! The validator's rules and the answer reader, one test per rule, and the
//! engines on hand-checked positions.

use super::{cells, fast, mutants, naive, Answer, Input, Netgame, Rope};
use crate::{Constraints, Judgement, Problem};

const SAMPLE: &str = "11\n1 1 1 2\n2 3 2 4\n3 1 3 2\n1 2 1 3\n1 1 2 1\n2 1 2 2\n2 1 3 1\n\
                      1 2 2 2\n2 2 3 2\n1 3 2 3\n2 3 3 3\n";

fn parse(text: &str) -> Input {
    Netgame::parse_input(text.as_bytes(), Constraints::Official).unwrap()
}

fn error(text: &str, limits: Constraints) -> String {
    Netgame::parse_input(text.as_bytes(), limits)
        .unwrap_err()
        .to_string()
}

/// The ropes of the cells `cells` (lower-left corners), each side once.
fn net_of(cells: &[(u32, u32)]) -> Input {
    let mut edges = std::collections::BTreeSet::new();
    for &(x, y) in cells {
        edges.insert((x, y, x + 1, y));
        edges.insert((x, y + 1, x + 1, y + 1));
        edges.insert((x, y, x, y + 1));
        edges.insert((x + 1, y, x + 1, y + 1));
    }
    Input {
        ropes: edges
            .into_iter()
            .map(|(x1, y1, x2, y2)| Rope { x1, y1, x2, y2 })
            .collect(),
    }
}

fn all_engines(input: &Input) -> Vec<Answer> {
    vec![fast::solve(input), naive::solve(input), cells::solve(input)]
}

#[test]
fn the_sample_is_won_by_rope_6_only() {
    let input = parse(SAMPLE);
    for answer in all_engines(&input) {
        assert_eq!(answer, Answer::Win(6));
    }
    for k in 1..=11 {
        let verdict = Netgame::judge(&input, &Answer::Win(6), &Answer::Win(k));
        assert_eq!(verdict.is_accepted(), k == 6, "rope {k}: {verdict}");
    }
    let lose = Netgame::judge(&input, &Answer::Win(6), &Answer::Lose);
    assert!(matches!(lose, Judgement::WrongAnswer(_)), "{lose}");
}

#[test]
fn known_values_of_small_shapes() {
    // The source: a 2 x 2 square loses, two single cells lose, a domino wins.
    let square = net_of(&[(0, 0), (1, 0), (0, 1), (1, 1)]);
    let two_singles = net_of(&[(0, 0), (2, 0)]);
    let domino = net_of(&[(0, 0), (1, 0)]);
    for input in [&square, &two_singles] {
        assert!(all_engines(input).iter().all(|a| *a == Answer::Lose));
    }
    assert!(all_engines(&domino)
        .iter()
        .all(|a| matches!(a, Answer::Win(_))));
    // Every tetromino but the square wins (the source: the square is the only
    // losing one).
    for shape in [
        vec![(0, 0), (1, 0), (2, 0), (3, 0)],
        vec![(0, 0), (1, 0), (2, 0), (2, 1)],
        vec![(0, 0), (1, 0), (2, 0), (1, 1)],
        vec![(0, 0), (1, 0), (1, 1), (2, 1)],
    ] {
        let input = net_of(&shape);
        for answer in all_engines(&input) {
            assert!(matches!(answer, Answer::Win(_)), "{shape:?}");
        }
    }
}

#[test]
fn blocks_agree_between_fast_and_cells() {
    // The 5 x 4 block is 49 ropes and 20 cells: out of naive's reach, within the
    // cells search's. (fast and cells are compared on it, at the jury's sizes, by
    // tests/engines_on_families.rs; here a 4 x 3 block keeps the debug test quick.)
    let block: Vec<(u32, u32)> = (0..5).flat_map(|x| (0..4).map(move |y| (x, y))).collect();
    let input = net_of(&block);
    assert_eq!(input.ropes.len(), 49);
    assert_eq!(super::net::Net::new(&input).cells.len(), 20);
    assert!(naive::too_big(&input).is_some());
    assert!(cells::too_big(&input).is_none());
    let block: Vec<(u32, u32)> = (0..4).flat_map(|x| (0..3).map(move |y| (x, y))).collect();
    let input = net_of(&block);
    let want = cells::solve(&input);
    assert_eq!(fast::solve(&input), want);
    assert!(Netgame::judge(&input, &want, &want).is_accepted());
}

#[test]
fn end_points_come_in_either_order() {
    let a = parse("4\n0 0 1 0\n0 1 0 0\n1 1 0 1\n1 0 1 1\n");
    assert_eq!(super::net::Net::new(&a).cells, vec![(0, 0)]);
    assert_eq!(fast::solve(&a), Answer::Win(1));
}

#[test]
fn bad_ropes_name_line_column_and_rule() {
    let official = Constraints::Official;
    assert_eq!(
        error("2\n0 0 1 0\n0 0 2 0\n", official),
        "line 3, column 1: the rope from (0, 0) to (2, 0) is not a unit segment parallel \
         to an axis"
    );
    assert!(error("1\n0 0 1 1\n", official).contains("not a unit segment"));
    assert!(error("1\n0 0 0 0\n", official).contains("not a unit segment"));
    assert_eq!(
        error("1\n0 0 51 0\n", official),
        "line 2, column 5: x2 = 51 exceeds the limit 50"
    );
    assert_eq!(
        error("3\n0 0 1 0\n5 5 5 6\n1 0 0 0\n", official),
        "line 4, column 1: rope 3 (1 0 0 0) repeats the rope on line 2: ropes must be \
         pairwise distinct"
    );
    assert!(error("0\n", official).contains("N = 0 is below the minimum 1"));
    assert!(error("51\n", official).contains("N = 51 exceeds the limit 50"));
    assert!(error("1\n0 0 1 0\n\n", official).starts_with("line 3"));
    assert!(error("1\n0 0 1 -1\n", official).starts_with("line 2, column 7"));
    assert!(error("2\n0 0 1 0\n", official).starts_with("line 3, column 1: expected x1"));
}

#[test]
fn extended_limits_allow_more_but_not_big_components() {
    let text = "1\n1000000 0 999999 0\n";
    assert!(error(text, Constraints::Official).contains("exceeds the limit 50"));
    assert!(Netgame::parse_input(text.as_bytes(), Constraints::Extended).is_ok());
    // A 5 x 5 block: 25 whole cells in one component.
    let block: Vec<(u32, u32)> = (0..5).flat_map(|x| (0..5).map(move |y| (x, y))).collect();
    let mut text = String::new();
    Netgame::write_input(&net_of(&block), &mut text);
    let e = error(&text, Constraints::Extended);
    assert!(
        e.contains("component of 25 whole cells") && e.contains("limit is 24"),
        "{e}"
    );
    assert!(e.starts_with("line 2, column 1"), "{e}");
}

#[test]
fn answers_read_as_tokens() {
    let input = parse(SAMPLE);
    let read = |s: &str| Netgame::parse_answer(&input, s.as_bytes());
    assert_eq!(read("1\n6\n"), Ok(Answer::Win(6)));
    assert_eq!(read("  1 6"), Ok(Answer::Win(6)));
    assert_eq!(read("2"), Ok(Answer::Lose));
    assert_eq!(read("1 -5"), Ok(Answer::Win(-5)));
    assert_eq!(read("1 99999999999999999999999"), Ok(Answer::Win(i64::MAX)));
    for bad in [
        "", "1", "3", "1 6 7", "2 1", "1 +6", "1 06", "1 -0", "x", "1 6.0",
    ] {
        assert!(read(bad).is_err(), "{bad:?} read");
    }
    assert!(Netgame::parse_answer(&input, &[0xff, 0xfe]).is_err());
}

#[test]
fn the_judge_gives_reasons_and_blames_the_jury_when_it_is_wrong() {
    let input = parse(SAMPLE);
    let won = Answer::Win(6);
    let reason = |candidate: Answer| match Netgame::judge(&input, &won, &candidate) {
        Judgement::WrongAnswer(why) => why,
        other => panic!("{other}"),
    };
    assert!(reason(Answer::Win(0)).contains("outside 1..=11"));
    assert!(reason(Answer::Win(i64::MIN)).contains("outside"));
    assert!(reason(Answer::Win(2)).contains("side of no whole cell"));
    assert!(reason(Answer::Win(1)).contains("does not win"));
    // A reference that says "lost" where a move wins is a checker failure.
    let verdict = Netgame::judge(&input, &Answer::Lose, &Answer::Win(6));
    assert!(matches!(verdict, Judgement::Fail(_)), "{verdict}");
    // So is a reference whose winning move does not win.
    let verdict = Netgame::judge(&input, &Answer::Win(1), &Answer::Lose);
    assert!(matches!(verdict, Judgement::Fail(_)), "{verdict}");
}

#[test]
fn mutants_carry_their_bugs() {
    let domino = net_of(&[(0, 0), (1, 0)]);
    // Two cells, even: the parity guess and the one-cell search say "lost".
    assert_eq!(mutants::parity(&domino), Answer::Lose);
    assert_eq!(mutants::one_cell(&domino), Answer::Lose);
    // Seven ropes, odd: the any-rope game says "won".
    let square = net_of(&[(0, 0), (1, 0), (0, 1), (1, 1)]);
    assert_eq!(square.ropes.len(), 12);
    let mut odd = square.clone();
    odd.ropes.push(Rope {
        x1: 9,
        y1: 9,
        x2: 9,
        y2: 10,
    });
    assert_eq!(mutants::any_rope(&odd), Answer::Win(1));
    // The sample: the verdict is right but rope 1 is printed.
    let sample = parse(SAMPLE);
    assert_eq!(mutants::unchecked(&sample), Answer::Win(1));
    assert_eq!(mutants::unmemoised(&sample), Answer::Win(6));
}
