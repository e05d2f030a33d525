//! proptest: the network game engines agree on small random nets, the checker
//! accepts every engine's move, and the checker's verdict on every rope matches a
//! brute force that removes the rope from the net and solves what is left (a cut
//! rope is as good as absent).

use jurybox_core::netgame::{cells, fast, naive, Answer, Input, Netgame, Rope};
use jurybox_core::Problem;
use proptest::prelude::*;

/// Dense random subsets of the ropes of a `w × h` grid (at most 12 cells), in
/// random order, end points in random order.
fn net() -> impl Strategy<Value = Input> {
    (1u32..=4, 1u32..=3).prop_flat_map(|(w, h)| {
        let mut edges = Vec::new();
        for y in 0..=h {
            for x in 0..w {
                edges.push((x, y, x + 1, y));
            }
        }
        for y in 0..h {
            for x in 0..=w {
                edges.push((x, y, x, y + 1));
            }
        }
        let count = edges.len();
        (
            prop::collection::vec(prop::bool::weighted(0.85), count),
            prop::collection::vec(any::<bool>(), count),
            Just(edges),
        )
            .prop_flat_map(|(keep, flip, edges)| {
                let ropes: Vec<Rope> = edges
                    .iter()
                    .zip(keep.iter().zip(&flip))
                    .filter(|(_, (&k, _))| k)
                    .map(|(&(x1, y1, x2, y2), (_, &f))| {
                        if f {
                            Rope {
                                x1: x2,
                                y1: y2,
                                x2: x1,
                                y2: y1,
                            }
                        } else {
                            Rope { x1, y1, x2, y2 }
                        }
                    })
                    .collect();
                Just(ropes).prop_shuffle()
            })
            .prop_filter("at least one rope", |ropes| !ropes.is_empty())
            .prop_map(|ropes| Input { ropes })
    })
}

fn won(answer: &Answer) -> bool {
    matches!(answer, Answer::Win(_))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn engines_agree_and_the_checker_accepts_their_moves(input in net()) {
        let reference = cells::solve(&input);
        let mut answers = vec![("fast", fast::solve(&input))];
        if naive::too_big(&input).is_none() {
            answers.push(("naive", naive::solve(&input)));
        }
        for (name, answer) in answers {
            prop_assert_eq!(won(&answer), won(&reference), "{} disagrees", name);
            let verdict = Netgame::judge(&input, &reference, &answer);
            prop_assert!(verdict.is_accepted(), "{}: {}", name, verdict);
        }
    }

    #[test]
    fn the_checker_matches_brute_force_on_every_rope(input in net()) {
        let reference = cells::solve(&input);
        let net = jurybox_core::netgame::net::Net::new(&input);
        for k in 0..input.ropes.len() {
            let accepted =
                Netgame::judge(&input, &reference, &Answer::Win(k as i64 + 1)).is_accepted();
            let legal = !net.borders[k].is_empty();
            let mut after = input.clone();
            after.ropes.remove(k);
            let wins = legal && cells::solve(&after) == Answer::Lose;
            prop_assert_eq!(accepted, wins, "rope {}", k + 1);
        }
        // "2" is accepted exactly when no rope wins.
        let lose = Netgame::judge(&input, &reference, &Answer::Lose).is_accepted();
        prop_assert_eq!(lose, !won(&reference));
    }
}
