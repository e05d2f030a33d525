//! proptest on tiny sheets: the fast engine and the naive game search agree on who
//! wins; the checker accepts every engine's answer; and, by brute force over every
//! possible move, the checker accepts exactly the moves after which the naive search
//! says the player to move loses. On a disagreement proptest shrinks the sheet
//! before printing it.

use jurybox_core::papercut::{fast, judge, naive, Answer, Cut, Input, Line, Move, Papercut};
use jurybox_core::problem::trusted_engines;
use proptest::prelude::*;

/// A valid cut of an `n × m` sheet, or `None` when it has no interior line.
fn cut(n: u32, m: u32) -> impl Strategy<Value = Cut> {
    let vertical = (1..n.max(2), 0..m, any::<bool>()).prop_flat_map(move |(c, lo, rev)| {
        (lo + 1..=m).prop_map(move |hi| (Line::Vertical(c), lo, hi, rev))
    });
    let horizontal = (1..m.max(2), 0..n, any::<bool>()).prop_flat_map(move |(c, lo, rev)| {
        (lo + 1..=n).prop_map(move |hi| (Line::Horizontal(c), lo, hi, rev))
    });
    let either = match (n > 1, m > 1) {
        (true, true) => prop_oneof![vertical, horizontal].boxed(),
        (true, false) => vertical.boxed(),
        _ => horizontal.boxed(),
    };
    either.prop_map(|(line, lo, hi, rev)| {
        let c = Cut::along(line, lo, hi);
        if rev {
            c.reversed()
        } else {
            c
        }
    })
}

/// Sheets with at most 17 interior unit segments (4 × 3 and smaller, or 1 × ≤ 12),
/// with up to six cuts.
fn sheet() -> impl Strategy<Value = Input> {
    sheet_of(prop_oneof![
        (1..=4u32, 1..=3u32),
        (1..=3u32, 1..=4u32),
        (Just(1u32), 1..=12u32)
    ])
}

/// Sheets with at most 12 interior unit segments, for the brute force over moves.
fn small_sheet() -> impl Strategy<Value = Input> {
    sheet_of(prop_oneof![
        (1..=3u32, 1..=3u32),
        (1..=4u32, 1..=2u32),
        (Just(1u32), 1..=8u32)
    ])
}

/// A sheet of a size drawn from `size` with up to six cuts.
fn sheet_of(size: impl Strategy<Value = (u32, u32)>) -> impl Strategy<Value = Input> {
    size.prop_flat_map(|(n, m)| {
        let cuts = if n == 1 && m == 1 {
            Just(vec![]).boxed()
        } else {
            prop::collection::vec(cut(n, m), 0..=6).boxed()
        };
        cuts.prop_map(move |cuts| Input { n, m, cuts })
    })
}

/// Every move with end points on the sheet and on one grid line, legal or not.
fn every_move(input: &Input) -> Vec<Move> {
    let (n, m) = (i64::from(input.n), i64::from(input.m));
    let mut moves = Vec::new();
    for x in 0..=n {
        for (a, b) in (0..=m).flat_map(|a| (0..=m).map(move |b| (a, b))) {
            moves.push(Move {
                xb: x,
                yb: a,
                xe: x,
                ye: b,
            });
        }
    }
    for y in 0..=m {
        for (a, b) in (0..=n).flat_map(|a| (0..=n).map(move |b| (a, b))) {
            if a != b {
                moves.push(Move {
                    xb: a,
                    yb: y,
                    xe: b,
                    ye: y,
                });
            }
        }
    }
    moves
}

/// The input after `mv` (a legal move): one more cut.
fn after(input: &Input, mv: &Move) -> Input {
    let mut next = input.clone();
    next.cuts.push(Cut {
        xb: mv.xb as u32,
        yb: mv.yb as u32,
        xe: mv.xe as u32,
        ye: mv.ye as u32,
    });
    next
}

/// Legal by the rules, checked cell by cell: on an interior line, inside the sheet,
/// non-zero length, and some unit of it not covered by any cut yet.
fn legal(input: &Input, mv: &Move) -> bool {
    let (n, m) = (i64::from(input.n), i64::from(input.m));
    let vertical = mv.xb == mv.xe && mv.yb != mv.ye && mv.xb > 0 && mv.xb < n;
    let horizontal = mv.yb == mv.ye && mv.xb != mv.xe && mv.yb > 0 && mv.yb < m;
    if !vertical && !horizontal {
        return false;
    }
    let c = Cut {
        xb: mv.xb as u32,
        yb: mv.yb as u32,
        xe: mv.xe as u32,
        ye: mv.ye as u32,
    };
    let (line, lo, hi) = c.span();
    (lo..hi).any(|unit| {
        !input.cuts.iter().any(|cut| {
            let (l, a, b) = cut.span();
            l == line && a <= unit && unit < b
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn fast_and_naive_agree_on_who_wins(input in sheet()) {
        let (f, r) = (fast::solve(&input), naive::solve(&input));
        prop_assert_eq!(matches!(f, Answer::Second), matches!(r, Answer::Second));
    }

    #[test]
    fn the_checker_accepts_every_engines_answer(input in sheet()) {
        let reference = naive::solve(&input);
        for engine in trusted_engines::<Papercut>() {
            let got = (engine.solve)(&input);
            let verdict = judge::judge(&input, &reference, &got);
            prop_assert!(verdict.is_accepted(), "{}: {:?}: {}", engine.name, got, verdict);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_checker_accepts_exactly_the_winning_moves(input in small_sheet()) {
        let reference = naive::solve(&input);
        for mv in every_move(&input) {
            let accepted = judge::judge(&input, &reference, &Answer::First(mv)).is_accepted();
            let winning = legal(&input, &mv)
                && naive::solve(&after(&input, &mv)) == Answer::Second;
            prop_assert_eq!(accepted, winning, "move {:?}", mv);
        }
        let second = judge::judge(&input, &reference, &Answer::Second).is_accepted();
        prop_assert_eq!(second, reference == Answer::Second);
    }
}
