//! The problem's real limits for one integer token, asked of the validators: the
//! largest and the smallest value they accept there, everything else unchanged.
//!
//! Each side is an exponential then a binary search, first over *round* numbers
//! (0, c·10^k, 2^k and 2^k − 1, on both sides of zero), because limits are
//! nearly always one of them (10^9, 2·10^5, 2^31 − 1), and then, only when the
//! round number found is not the limit itself, over all integers up to the next
//! round one. Before that it tries the value + 1 (a count of what follows
//! accepts nothing else, and costs one probe a side) and the limits found for
//! other tokens (`hints`: in `n` then n numbers, every number has the same
//! limits, and a right hint costs two probes).
//!
//! The validators are assumed to accept an interval of values at the token (true
//! of `a ≤ x ≤ b` and of anything monotone). The answer is always a value they
//! accepted, and, unless it is an end of the i64 range, one past it was rejected:
//! a true boundary even where the assumption fails, if not the farthest one.
//!
//! Time: O(log(round numbers between the value and the limit) + log(gap between
//! two round numbers)) probes a side; a limit that is itself round costs about
//! 2·log2(its number of round numbers from the value) + 2 (measured in
//! docs/PERFORMANCE.md).

use super::layout::{apply, Layout, Splice};
use super::Grid;
use std::collections::HashMap;

/// A token's place: line and token, both counted from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// The line.
    pub line: usize,
    /// The token on that line.
    pub token: usize,
}

/// The values the validators accept at one token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Boundary {
    /// The smallest accepted.
    pub lowest: i64,
    /// The largest accepted.
    pub highest: i64,
    /// Inputs put to the validators to find them.
    pub probes: usize,
}

/// The smallest and largest values the validators (`valid`) accept for the token
/// at `place` of `input`; `None` when that token is not an integer, or `input`
/// itself is invalid.
pub fn boundary(input: &[u8], place: Place, valid: &dyn Fn(&[u8]) -> bool) -> Option<Boundary> {
    let layout = Layout::new(input.to_vec());
    let is_integer = place.line < layout.height()
        && place.token < layout.width(place.line)
        && layout.integer(place.line, place.token).is_some();
    if !is_integer || !valid(input) {
        return None;
    }
    let mut found = boundary_hinted(&layout, place, valid, &[])?;
    found.probes += 1;
    Some(found)
}

/// [`boundary`] of a valid input, first trying the values in `hints` (limits of
/// other tokens, most likely first).
pub(crate) fn boundary_hinted(
    layout: &Layout,
    place: Place,
    valid: &dyn Fn(&[u8]) -> bool,
    hints: &[i64],
) -> Option<Boundary> {
    if place.line >= layout.height() || place.token >= layout.width(place.line) {
        return None;
    }
    let value = layout.integer(place.line, place.token)?;
    let span = layout.span(place.line, place.token);
    let mut known: HashMap<i128, bool> = HashMap::from([(i128::from(value), true)]);
    let mut probes = 0;
    let mut accepts = |v: i128| -> bool {
        *known.entry(v).or_insert_with(|| {
            probes += 1;
            let splice = Splice {
                range: span.clone(),
                bytes: v.to_string().into_bytes(),
            };
            valid(&apply(layout.text(), &[splice]))
        })
    };
    let hints: Vec<i128> = hints.iter().map(|&h| i128::from(h)).collect();
    let upwards: Vec<i128> = round_numbers().collect();
    let highest = farthest(
        i128::from(value),
        i128::from(i64::MAX),
        &hints,
        &upwards,
        &mut accepts,
    );
    // Downwards is upwards on the mirrored line.
    let mirrored_hints: Vec<i128> = hints.iter().map(|h| -h).collect();
    let mut mirrored: Vec<i128> = upwards.iter().map(|r| -r).collect();
    mirrored.reverse();
    let lowest = -farthest(
        -i128::from(value),
        -i128::from(i64::MIN),
        &mirrored_hints,
        &mirrored,
        &mut |v| accepts(-v),
    );
    Some(Boundary {
        lowest: lowest as i64,
        highest: highest as i64,
        probes,
    })
}

/// The round numbers of the i64 range, ascending: 0, ±c·10^k and ±(c·10^k − 1)
/// (`|a| < 10^9`), ±2^k and ±(2^k − 1), and the largest residues of the two
/// usual moduli.
fn round_numbers() -> impl Iterator<Item = i128> {
    let tens = (0..=18u32)
        .flat_map(|k| (1..=9).flat_map(move |c| [c * 10i128.pow(k) - 1, c * 10i128.pow(k)]));
    let twos = (1..=63u32).flat_map(|k| [(1i128 << k) - 1, 1i128 << k]);
    let moduli = [1_000_000_006, 998_244_352];
    let mut all: Vec<i128> = tens
        .chain(twos)
        .chain(moduli)
        .flat_map(|v| [v, -v])
        .chain([0])
        .filter(|&v| i64::try_from(v).is_ok())
        .collect();
    all.sort_unstable();
    all.dedup();
    all.into_iter()
}

/// The largest value accepted above `value` (accepted) up to `limit`: `value` + 1,
/// then `hints`, then round numbers (`rounds`, ascending) by exponential then
/// binary search, then the integers between the last accepted round number and
/// the first rejected one by binary search.
fn farthest(
    value: i128,
    limit: i128,
    hints: &[i128],
    rounds: &[i128],
    accepts: &mut dyn FnMut(i128) -> bool,
) -> i128 {
    // `good` is accepted; `bad`, when known, is the smallest value seen rejected.
    let mut good = value;
    let mut bad = limit + 1;
    if good >= limit || !accepts(good + 1) {
        return good;
    }
    good += 1;
    for &hint in hints {
        if hint <= good || hint >= bad {
            continue;
        }
        if !accepts(hint) {
            bad = hint;
            continue;
        }
        good = hint;
        if good >= limit || !accepts(good + 1) {
            return good;
        }
        good += 1;
    }
    // Round numbers strictly between: gallop, then bisect their indices.
    let between: Vec<i128> = rounds
        .iter()
        .copied()
        .filter(|&r| r > good && r < bad && r <= limit)
        .collect();
    let n = between.len();
    // `lo`: the last index accepted; `hi`: the first rejected (n: none).
    let (mut lo, mut hi) = (None::<usize>, n);
    // Indices 0, 1, 3, 7, ..., and the last.
    let gallop = (0..usize::BITS).map(|k| ((1usize << k) - 1).min(n.saturating_sub(1)));
    for at in gallop.take_while(|_| n > 0) {
        if !accepts(between[at]) {
            hi = at;
            break;
        }
        lo = Some(at);
        if at == n - 1 {
            break;
        }
    }
    loop {
        let from = lo.map_or(0, |i| i + 1);
        if from >= hi {
            break;
        }
        let mid = from + (hi - from) / 2;
        if accepts(between[mid]) {
            lo = Some(mid);
        } else {
            hi = mid;
        }
    }
    if let Some(i) = lo {
        good = between[i];
    }
    if hi < n {
        bad = between[hi];
    }
    // Between two round numbers: is the accepted one the limit, else bisect.
    if good >= limit || good + 1 >= bad {
        return good;
    }
    if !accepts(good + 1) {
        return good;
    }
    good += 1;
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if accepts(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    good
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A validator: `n`, then n numbers in `low..=high`.
    fn list(low: i64, high: i64) -> impl Fn(&[u8]) -> bool {
        move |text: &[u8]| {
            let text = String::from_utf8_lossy(text);
            let mut words = text.split_whitespace();
            let Some(n) = words.next().and_then(|w| w.parse::<usize>().ok()) else {
                return false;
            };
            let values: Vec<Option<i64>> = words.map(|w| w.parse().ok()).collect();
            values.len() == n
                && values
                    .iter()
                    .all(|v| v.is_some_and(|v| (low..=high).contains(&v)))
        }
    }

    fn at(line: usize, token: usize) -> Place {
        Place { line, token }
    }

    #[test]
    fn real_limits_are_found_round_or_not() {
        for (low, high) in [
            (1, 1_000_000_000),
            (0, 200_000),
            (-1_000_000_000_000_000_000, 1_000_000_000_000_000_000),
            (i64::MIN, i64::MAX),
            (1, 2_147_483_647),
            (-3, 123_457),
            (5, 5),
        ] {
            let valid = list(low, high);
            let found = boundary(b"3\n5 5 5\n", at(1, 1), &valid).unwrap();
            assert_eq!((found.lowest, found.highest), (low, high), "{found:?}");
        }
    }

    #[test]
    fn a_count_is_its_own_boundary_and_non_integers_have_none() {
        let valid = list(1, 100);
        let found = boundary(b"3\n5 5 5\n", at(0, 0), &valid).unwrap();
        assert_eq!((found.lowest, found.highest, found.probes), (3, 3, 3));
        assert_eq!(boundary(b"3\n5 x 5\n", at(1, 1), &|_| true), None);
        assert_eq!(boundary(b"3\n5 5 5\n", at(7, 0), &valid), None);
        assert_eq!(boundary(b"3\n5 5 500\n", at(1, 0), &valid), None);
    }

    #[test]
    fn a_right_hint_costs_two_probes_a_side() {
        let valid = list(1, 1_000_000_000);
        let layout = Layout::new(b"3\n5 5 5\n".to_vec());
        let cold = boundary_hinted(&layout, at(1, 2), &valid, &[]).unwrap();
        let hinted = boundary_hinted(&layout, at(1, 2), &valid, &[1_000_000_000, 1]).unwrap();
        assert_eq!((hinted.lowest, hinted.highest), (cold.lowest, cold.highest));
        // Up: 6, 10^9, 10^9 + 1; down: 4, 1, 0.
        assert_eq!(hinted.probes, 6);
        assert!(cold.probes > hinted.probes, "{cold:?}");
        // A wrong hint still finds the limit.
        let wrong = boundary_hinted(&layout, at(1, 2), &valid, &[7, 1 << 40]).unwrap();
        assert_eq!((wrong.lowest, wrong.highest), (1, 1_000_000_000));
    }

    /// Probes above and below the value, for limits [low, high], from 5.
    fn cost(low: i64, high: i64, hints: &[i64]) -> (usize, usize) {
        use std::cell::Cell;
        let (up, down) = (Cell::new(0), Cell::new(0));
        let valid = |t: &[u8]| {
            let x: i64 = String::from_utf8_lossy(t).trim().parse().unwrap();
            if x > 5 {
                up.set(up.get() + 1);
            } else {
                down.set(down.get() + 1);
            }
            (low..=high).contains(&x)
        };
        let layout = Layout::new(b"5\n".to_vec());
        let found = boundary_hinted(&layout, at(0, 0), &valid, hints).unwrap();
        assert_eq!((found.lowest, found.highest), (low, high));
        assert_eq!(found.probes, up.get() + down.get());
        (up.get(), down.get())
    }

    /// The figures of docs/PERFORMANCE.md ("Finding a package's limits").
    #[test]
    fn a_round_limit_costs_about_twenty_probes_and_a_known_one_three() {
        let table = [
            ((1, 1_000_000_000), (18, 5)),
            ((1, 200_000), (16, 5)),
            ((0, 100), (12, 7)),
            ((1, i32::MAX as i64), (17, 5)),
            ((-999_999_999, 999_999_999), (17, 17)),
            (
                (-1_000_000_000_000_000_000, 1_000_000_000_000_000_000),
                (20, 20),
            ),
            ((i64::MIN, i64::MAX), (11, 11)),
            ((1, 123_456), (31, 5)),
        ];
        for ((low, high), probes) in table {
            assert_eq!(cost(low, high, &[]), probes, "[{low}, {high}]");
            // Known from another token: the limit, and one past it.
            let known = cost(low, high, &[high, low]);
            assert!(known.0 <= 3 && known.1 <= 3, "[{low}, {high}]: {known:?}");
        }
    }

    #[test]
    fn every_probe_stays_in_range_and_the_answer_was_accepted() {
        use std::cell::RefCell;
        // Accepts a non-interval set: the answer is still accepted, one past it
        // rejected.
        let seen = RefCell::new(Vec::new());
        let odd = |text: &[u8]| {
            let v: i64 = String::from_utf8_lossy(text).trim().parse().unwrap();
            seen.borrow_mut().push(v);
            (v.rem_euclid(1000) < 500) && v.abs() < 1_000_000
        };
        let found = boundary(b"7\n", at(0, 0), &odd).unwrap();
        assert!(odd(found.highest.to_string().as_bytes()));
        assert!(!odd((found.highest + 1).to_string().as_bytes()));
        assert!(odd(found.lowest.to_string().as_bytes()));
        assert!(!odd((found.lowest - 1).to_string().as_bytes()));
        assert_eq!(found.probes + 4, seen.borrow().len());
    }
}
