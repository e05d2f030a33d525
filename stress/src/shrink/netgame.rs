//! Network game shrinking: fewer ropes, and the whole net moved towards the
//! origin.
//!
//! Candidates come biggest cut first: halves of the ropes dropped, then each rope
//! on its own (a dropped side kills its cells, so cells go too), then the net
//! translated so that its lowest coordinates reach 0 (or one step towards it),
//! which makes the minimal case read easily. Every candidate keeps the ropes
//! distinct and unit-length, and only ever loses cells, so it stays within the
//! extended limits.

use super::Shrink;
use jurybox_core::netgame::{Input, Netgame, Rope};

/// `input` without the ropes at positions `drop` (a range).
fn without(input: &Input, drop: std::ops::Range<usize>) -> Input {
    let ropes = input
        .ropes
        .iter()
        .enumerate()
        .filter(|(i, _)| !drop.contains(i))
        .map(|(_, r)| *r)
        .collect();
    Input { ropes }
}

/// `input` moved by `(-dx, -dy)` (the caller keeps coordinates non-negative).
fn shifted(input: &Input, dx: u32, dy: u32) -> Input {
    let ropes = input
        .ropes
        .iter()
        .map(|r| Rope {
            x1: r.x1 - dx,
            y1: r.y1 - dy,
            x2: r.x2 - dx,
            y2: r.y2 - dy,
        })
        .collect();
    Input { ropes }
}

impl Shrink for Netgame {
    fn shrink_candidates(input: &Input) -> Vec<Input> {
        let n = input.ropes.len();
        let mut out = Vec::new();
        if n > 1 {
            out.push(without(input, 0..n / 2));
            out.push(without(input, n / 2..n));
            for i in 0..n {
                out.push(without(input, i..i + 1));
            }
        }
        let min_x = input
            .ropes
            .iter()
            .map(|r| r.x1.min(r.x2))
            .min()
            .unwrap_or(0);
        let min_y = input
            .ropes
            .iter()
            .map(|r| r.y1.min(r.y2))
            .min()
            .unwrap_or(0);
        for (dx, dy) in [(min_x, min_y), (min_x, 0), (0, min_y)] {
            if dx > 0 || dy > 0 {
                out.push(shifted(input, dx, dy));
            }
        }
        if min_x > 1 || min_y > 1 {
            out.push(shifted(input, min_x.min(1), min_y.min(1)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::minimize;
    use jurybox_core::netgame::net::Net;
    use jurybox_core::netgame::{cells, fast, Answer, Input, Netgame};
    use jurybox_core::problem::input_text;
    use jurybox_core::{Constraints, Problem};
    use jurybox_generators::{family_named, Options};

    fn is_won(input: &Input) -> bool {
        matches!(cells::solve(input), Answer::Win(_))
    }

    #[test]
    fn candidates_stay_valid() {
        let family = family_named::<Netgame>("holes").unwrap();
        for seed in 0..5 {
            let input = family.make(&Options::defaults(family.params), seed);
            for candidate in <Netgame as crate::Shrink>::shrink_candidates(&input) {
                let text = input_text::<Netgame>(&candidate);
                assert!(
                    Netgame::parse_input(text.as_bytes(), Constraints::Extended).is_ok(),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn a_won_block_shrinks_to_one_cell_at_the_origin() {
        // "The first player wins" holds for one whole cell (4 ropes) and for no
        // net of fewer ropes, so a minimal won net is a single cell, and moving
        // it to the origin is always possible.
        let family = family_named::<Netgame>("block").unwrap();
        let won: Vec<Input> = (0..10)
            .map(|seed| family.make(&Options::defaults(family.params), seed))
            .filter(is_won)
            .take(2)
            .collect();
        assert!(!won.is_empty());
        for input in won {
            let small = minimize::<Netgame>(input, 10_000, is_won);
            assert_eq!(small.ropes.len(), 4, "{small:?}");
            assert_eq!(Net::new(&small).cells, vec![(0, 0)]);
            assert_eq!(fast::solve(&small), cells::solve(&small));
        }
    }
}
