//! Paper-cutting shrinking: drop cuts, delete a column or row strip of the sheet
//! (cuts beyond it move one unit towards the origin), shorten cuts, move them to a
//! lower line, put their end points in order. Big cuts first: halves of the cuts,
//! then single cuts, then strips, then single-unit edits, so a failing 4 × 3 sheet
//! with six cuts shrinks in a few passes and the minimal case reads easily.

use super::Shrink;
use jurybox_core::papercut::{Cut, Input, Line, Papercut};

impl Shrink for Papercut {
    fn shrink_candidates(input: &Input) -> Vec<Input> {
        let mut out = Vec::new();
        let k = input.cuts.len();
        let with_cuts = |cuts: Vec<Cut>| Input {
            cuts,
            ..input.clone()
        };
        // Drop halves, quarters, ... then single cuts.
        let mut chunk = k / 2;
        while chunk >= 1 {
            for start in (0..k).step_by(chunk) {
                let mut cuts = input.cuts.clone();
                cuts.drain(start..(start + chunk).min(k));
                out.push(with_cuts(cuts));
            }
            chunk /= 2;
        }
        if k == 1 {
            out.push(with_cuts(Vec::new()));
        }
        // Delete the strip between x = c and x = c + 1 (or y = c and y = c + 1); the
        // last strip of both directions at once first (parities change in pairs).
        if let Some(both) = delete_strip(input, true, input.n - 1)
            .and_then(|narrower| delete_strip(&narrower, false, input.m - 1))
        {
            out.push(both);
        }
        out.extend((0..input.n).filter_map(|c| delete_strip(input, true, c)));
        out.extend((0..input.m).filter_map(|c| delete_strip(input, false, c)));
        // Edit one cut: shorter from either end, one line lower, end points in order.
        for (i, cut) in input.cuts.iter().enumerate() {
            let (line, lo, hi) = cut.span();
            let mut edits = Vec::new();
            if hi - lo > 1 {
                edits.push(Cut::along(line, lo, hi - 1));
                edits.push(Cut::along(line, lo + 1, hi));
            }
            match line {
                Line::Vertical(c) if c > 1 => edits.push(Cut::along(Line::Vertical(c - 1), lo, hi)),
                Line::Horizontal(c) if c > 1 => {
                    edits.push(Cut::along(Line::Horizontal(c - 1), lo, hi))
                }
                _ => {}
            }
            if lo > 0 {
                edits.push(Cut::along(line, lo - 1, hi - 1));
            }
            let ordered = Cut::along(line, lo, hi);
            if ordered != *cut {
                edits.push(ordered);
            }
            for edit in edits {
                let mut cuts = input.cuts.clone();
                cuts[i] = edit;
                out.push(with_cuts(cuts));
            }
        }
        out
    }
}

/// The input with the unit strip between lines `c` and `c + 1` of one direction
/// removed (`vertical`: the strip `c ≤ x ≤ c + 1`, so n shrinks by one). Cuts
/// crossing the strip get one unit shorter, cuts beyond it move one unit towards
/// the origin, cuts that end up on the border or with zero length go. `None` when
/// the sheet would vanish.
fn delete_strip(input: &Input, vertical: bool, c: u32) -> Option<Input> {
    let side = if vertical { input.n } else { input.m };
    if side == 1 {
        return None;
    }
    let new_side = side - 1;
    // A coordinate across the strip: positions after it move down by one.
    let squeeze = |p: u32| if p > c { p - 1 } else { p };
    let cuts = input
        .cuts
        .iter()
        .filter_map(|cut| {
            let (line, lo, hi) = cut.span();
            let (along_strip, d) = match line {
                Line::Vertical(d) => (vertical, d),
                Line::Horizontal(d) => (!vertical, d),
            };
            if along_strip {
                // A line parallel to the strip: its coordinate squeezes.
                let d = squeeze(d);
                (d > 0 && d < new_side).then(|| {
                    Cut::along(
                        if vertical {
                            Line::Vertical(d)
                        } else {
                            Line::Horizontal(d)
                        },
                        lo,
                        hi,
                    )
                })
            } else {
                // A line across the strip: its span squeezes.
                let (lo, hi) = (squeeze(lo), squeeze(hi));
                (lo < hi).then(|| Cut::along(line, lo, hi))
            }
        })
        .collect();
    let (n, m) = if vertical {
        (new_side, input.m)
    } else {
        (input.n, new_side)
    };
    Some(Input { n, m, cuts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimize;
    use jurybox_core::papercut::{fast, Answer};
    use jurybox_core::{Constraints, Problem};

    fn valid(input: &Input) -> bool {
        let mut text = String::new();
        Papercut::write_input(input, &mut text);
        Papercut::parse_input(text.as_bytes(), Constraints::Extended).as_ref() == Ok(input)
    }

    #[test]
    fn every_candidate_is_valid_and_smaller() {
        let input = Papercut::parse_input(
            b"4 3 5\n1 0 1 3\n2 3 2 1\n0 1 4 1\n3 2 1 2\n3 0 3 1\n",
            Constraints::Official,
        )
        .unwrap();
        let size = |i: &Input| {
            let spans: u64 = i
                .cuts
                .iter()
                .map(|c| {
                    let (line, lo, hi) = c.span();
                    let (Line::Vertical(d) | Line::Horizontal(d)) = line;
                    u64::from(hi - lo) * 1000 + u64::from(lo + d)
                })
                .sum();
            (i.n + i.m, i.cuts.len() as u64 * 1_000_000 + spans)
        };
        let candidates = Papercut::shrink_candidates(&input);
        assert!(candidates.len() > 20);
        for candidate in candidates {
            assert!(valid(&candidate), "{candidate:?}");
            let reordered = candidate
                .cuts
                .iter()
                .zip(&input.cuts)
                .any(|(a, b)| a == &b.reversed());
            assert!(
                size(&candidate) < size(&input) || reordered,
                "{candidate:?} is not smaller"
            );
        }
    }

    #[test]
    fn a_first_player_win_shrinks_to_one_unit() {
        let input =
            Papercut::parse_input(b"4 3 3\n1 0 1 3\n2 3 2 1\n3 2 1 2\n", Constraints::Official)
                .unwrap();
        let wins = |i: &Input| matches!(fast::solve(i), Answer::First(_));
        assert!(wins(&input));
        let small = minimize::<Papercut>(input, 1000, wins);
        assert_eq!((small.n, small.m, small.cuts.len()), (2, 1, 0), "{small:?}");
    }
}
