//! Answer breakpoints: where the accepted answer changes as one integer token
//! grows, everything else in the input unchanged, found by bisection.
//!
//! Description: a setter's hand search for the inputs a floating-point or
//! off-by-one formula gets wrong. A wrong `(2n-1)**.5` is right everywhere but
//! within a few values below each point where the true answer steps up, and
//! near the bound those points are rarely round numbers, so no boundary value
//! or random input meets them. For each end of the token's accepted range
//! ([`super::boundary`], asked of the validators) and a few magnitudes below
//! it (the end divided by 2^10, twice), a value farther in whose answer
//! differs is taken (the middle of the range, its other end, the end's
//! neighbour), and the interval is bisected, keeping the half next to the end
//! while it still holds a change, to the change nearest the end: `at` with
//! answer(at − 1) ≠ answer(at). The candidates are at − 1, at and at + 1.
//! Answers are compared token by token (white space is not an answer).
//! Time: per place, the boundary's probes (about 20 a side) plus, per end,
//! at most 3 + ⌈log2(range)⌉ ≤ 67 answers, the ends bisected in parallel.
//! Status: tested here with oracles written in Rust (a step function and a
//! float formula wrong only near its large steps).

use super::boundary::{boundary_hinted, Boundary, Place};
use super::edits::set_token;
use super::layout::{apply, Layout};
use crate::text::Grid;
use jurybox_judging::jobs::on_threads;
use rayon::prelude::*;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};

/// Ends bisected toward on each side of a token's range: the end itself and
/// two magnitudes below it.
const ENDS_A_SIDE: usize = 3;

/// Each magnitude below an end is the end divided by this.
const MAGNITUDE_STEP: i128 = 1 << 10;

/// The accepted answer to an input, `None` when there is none to compare: the
/// validators refuse it, no accepted submission answered it, or the caller's
/// time is over (a bisection then ends where it is).
pub type AcceptedAnswer<'a> = dyn Fn(&[u8]) -> Option<Vec<u8>> + Sync + 'a;

/// Whether every validator accepts an input.
pub type Valid<'a> = dyn Fn(&[u8]) -> bool + Sync + 'a;

/// A value of one token at which the accepted answer changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakpoint {
    /// The token.
    pub place: Place,
    /// answer(`at` − 1) ≠ answer(`at`), both inputs valid.
    pub at: i64,
    /// The two values whose answers differed, bisected between.
    pub between: (i64, i64),
}

/// What one place gave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breakpoints {
    /// The token's accepted values, when it is an integer of a valid input.
    pub boundary: Option<Boundary>,
    /// Each change found, the nearest to each end first, no value twice.
    pub found: Vec<Breakpoint>,
    /// Answers asked (the boundary's validator probes are in `boundary`).
    pub answers: usize,
}

/// The integer tokens of `inputs` worth bisecting, at most `max`, in order
/// (input by input, line by line): a token whose input is, but for that token,
/// the same as an earlier place's (samples `2`, `15` and `1` of a one-number
/// problem) is left out, since its bisection would be the same.
pub fn places(inputs: &[&[u8]], max: usize) -> Vec<(usize, Place)> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let layout = Layout::new(input.to_vec());
        for line in 0..layout.height() {
            for token in 0..layout.width(line) {
                if out.len() >= max {
                    return out;
                }
                if layout.integer(line, token).is_none() {
                    continue;
                }
                let span = layout.span(line, token);
                let mut hasher = DefaultHasher::new();
                (line, token).hash(&mut hasher);
                input[..span.start].hash(&mut hasher);
                input[span.end..].hash(&mut hasher);
                if seen.insert(hasher.finish()) {
                    out.push((i, Place { line, token }));
                }
            }
        }
    }
    out
}

/// `input` with the token at `place` set to `value`, and the change in words
/// (`line 1, token 1: 2 → 999999998058150360`).
pub fn with_value(input: &[u8], place: Place, value: i64) -> Option<(Vec<u8>, String)> {
    let layout = Layout::new(input.to_vec());
    if place.line >= layout.height() || place.token >= layout.width(place.line) {
        return None;
    }
    let from = layout.integer(place.line, place.token)?;
    let edit = set_token(&layout, place.line, place.token, from, value);
    Some((apply(layout.text(), &edit.splices), edit.description))
}

/// The values to try around `breakpoint` within `boundary`: at − 1, at, at + 1.
pub fn neighbours(breakpoint: &Breakpoint, boundary: &Boundary) -> Vec<i64> {
    let at = i128::from(breakpoint.at);
    (at - 1..=at + 1)
        .filter(|v| (i128::from(boundary.lowest)..=i128::from(boundary.highest)).contains(v))
        .map(|v| v as i64)
        .collect()
}

/// The answer breakpoints of the token at `place` of `input` (the module's
/// documentation), the ends bisected `jobs` at a time.
pub fn breakpoints(
    input: &[u8],
    place: Place,
    valid: &Valid,
    answer: &AcceptedAnswer,
    jobs: usize,
) -> Breakpoints {
    let layout = Layout::new(input.to_vec());
    let is_integer = place.line < layout.height()
        && place.token < layout.width(place.line)
        && layout.integer(place.line, place.token).is_some();
    if !is_integer || !valid(input) {
        return Breakpoints::default();
    }
    let Some(boundary) = boundary_hinted(&layout, place, valid, &[]) else {
        return Breakpoints::default();
    };
    let from = layout.integer(place.line, place.token).unwrap_or_default();
    let probe = |value: i128| -> Option<Vec<u8>> {
        let edit = set_token(&layout, place.line, place.token, from, value as i64);
        answer(&apply(layout.text(), &edit.splices))
    };
    let ends = ends(&boundary);
    let bisected: Vec<(Option<Breakpoint>, usize)> = on_threads(jobs, || {
        ends.par_iter()
            .map(|&(end, side)| toward(end, side, &boundary, place, &probe))
            .collect()
    });
    let mut found: Vec<Breakpoint> = Vec::new();
    let mut answers = 0;
    for (breakpoint, asked) in bisected {
        answers += asked;
        if let Some(b) = breakpoint.filter(|b| found.iter().all(|f| f.at != b.at)) {
            found.push(b);
        }
    }
    Breakpoints {
        boundary: Some(boundary),
        found,
        answers,
    }
}

/// Which way from an end the range lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    /// The end is an upper one: the range lies below it.
    Upper,
    /// The end is a lower one (a negative bound): the range lies above it.
    Lower,
}

/// The ends bisected toward: the highest value and two magnitudes below it
/// (positive ones), and, when the range reaches below zero, the lowest value
/// and two magnitudes above it (negative ones); each with room for a change.
fn ends(boundary: &Boundary) -> Vec<(i128, Side)> {
    let (lowest, highest) = (i128::from(boundary.lowest), i128::from(boundary.highest));
    let mut out = Vec::new();
    let mut end = highest;
    for k in 0..ENDS_A_SIDE {
        if end <= lowest || (k > 0 && end <= 0) {
            break;
        }
        out.push((end, Side::Upper));
        end /= MAGNITUDE_STEP;
    }
    let mut end = lowest;
    for k in 0..ENDS_A_SIDE {
        if end >= highest || end >= 0 || (k == 0 && lowest >= 0) {
            break;
        }
        out.push((end, Side::Lower));
        end /= MAGNITUDE_STEP;
    }
    out
}

/// The change nearest `end` on its `side`, and the answers asked for it.
fn toward(
    end: i128,
    side: Side,
    boundary: &Boundary,
    place: Place,
    probe: &(dyn Fn(i128) -> Option<Vec<u8>> + Sync),
) -> (Option<Breakpoint>, usize) {
    let mut asked = 0;
    let mut ask = |v: i128| {
        asked += 1;
        probe(v)
    };
    let Some(at_end) = ask(end) else {
        return (None, asked);
    };
    let (lowest, highest) = (i128::from(boundary.lowest), i128::from(boundary.highest));
    let (other, step) = match side {
        Side::Upper => (lowest, -1),
        Side::Lower => (highest, 1),
    };
    let mut farther = vec![end + (other - end) / 2, other, end + step];
    farther.dedup();
    let mut far = None;
    for v in farther.into_iter().filter(|&v| v != end) {
        match ask(v) {
            Some(a) if !same(&a, &at_end) => {
                far = Some((v, a));
                break;
            }
            Some(_) => {}
            None => return (None, asked),
        }
    }
    let Some((far, at_far)) = far else {
        return (None, asked);
    };
    // lo < hi, answer(lo) ≠ answer(hi): a change lies in (lo, hi].
    let (mut lo, mut hi, mut at_lo, mut at_hi) = match side {
        Side::Upper => (far, end, at_far, at_end),
        Side::Lower => (end, far, at_end, at_far),
    };
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let Some(at_mid) = ask(mid) else {
            return (None, asked);
        };
        // The half next to the end, while it holds a change.
        let keep_upper = match side {
            Side::Upper => !same(&at_mid, &at_hi),
            Side::Lower => same(&at_mid, &at_lo),
        };
        if keep_upper {
            (lo, at_lo) = (mid, at_mid);
        } else {
            (hi, at_hi) = (mid, at_mid);
        }
    }
    let between = match side {
        Side::Upper => (far as i64, end as i64),
        Side::Lower => (end as i64, far as i64),
    };
    let found = Breakpoint {
        place,
        at: hi as i64,
        between,
    };
    (Some(found), asked)
}

/// Two answers the same, token by token.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .eq(b.split(u8::is_ascii_whitespace).filter(|t| !t.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One number n in [low, high], and nothing else.
    fn one_number(low: i64, high: i64) -> impl Fn(&[u8]) -> bool + Sync {
        move |text: &[u8]| {
            let text = String::from_utf8_lossy(text);
            let words: Vec<&str> = text.split_whitespace().collect();
            words.len() == 1
                && words[0]
                    .parse::<i64>()
                    .is_ok_and(|n| (low..=high).contains(&n))
        }
    }

    /// The largest k with 2k(k+1) + 1 ≤ n, in integers (karwa2025's etoile).
    fn star(n: i64) -> i64 {
        let (mut lo, mut hi) = (0i128, 1i128 << 31);
        while lo < hi {
            let mid = (lo + hi + 1) / 2;
            if 2 * mid * (mid + 1) < i128::from(n) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo as i64
    }

    /// etoile's wrong `int(((2n-1)**.5-1)/2)`: right but near large steps.
    fn star_by_float(n: i64) -> i64 {
        ((((2 * n - 1) as f64).sqrt() - 1.0) / 2.0) as i64
    }

    fn answering(f: fn(i64) -> i64) -> impl Fn(&[u8]) -> Option<Vec<u8>> + Sync {
        let valid = one_number(1, 1_000_000_000_000_000_000);
        move |input: &[u8]| {
            let n: i64 =
                valid(input).then(|| String::from_utf8_lossy(input).trim().parse().ok())??;
            Some(format!("{}\n", f(n)).into_bytes())
        }
    }

    #[test]
    fn the_reference_is_a_plain_model() {
        for n in 1..2000 {
            let k = star(n);
            assert!(2 * k * (k + 1) < n && 2 * (k + 1) * (k + 2) >= n, "{n}");
        }
    }

    #[test]
    fn the_change_nearest_each_end_is_found_and_its_neighbours_catch_a_float_formula() {
        let valid = one_number(1, 1_000_000_000_000_000_000);
        let answer = answering(star);
        let found = breakpoints(b"15\n", Place { line: 0, token: 0 }, &valid, &answer, 2);
        let boundary = found.boundary.unwrap();
        assert_eq!(
            (boundary.lowest, boundary.highest),
            (1, 1_000_000_000_000_000_000)
        );
        // Three magnitudes: 10^18, 10^18 / 2^10, 10^18 / 2^20, each the last
        // step at or below its end.
        assert_eq!(found.found.len(), 3, "{found:?}");
        for b in &found.found {
            assert_ne!(star(b.at - 1), star(b.at), "{b:?}");
            assert!(b.at <= b.between.1 && b.at > b.between.0, "{b:?}");
            // No step between it and the end.
            assert_eq!(star(b.at), star(b.between.1), "{b:?}");
        }
        assert_eq!(found.found[0].at, 999_999_998_058_150_361);
        assert!(found.answers <= 3 * 67, "{found:?}");
        // The float formula: wrong next to the largest step, right on every
        // value the boundary stage would try (round numbers).
        let wrong = |n: i64| star_by_float(n) != star(n);
        let near: Vec<i64> = neighbours(&found.found[0], &boundary);
        assert_eq!(
            near,
            [
                999_999_998_058_150_360,
                999_999_998_058_150_361,
                999_999_998_058_150_362
            ]
        );
        assert!(near.iter().any(|&n| wrong(n)));
        let tens = (0..=18).flat_map(|k| (1..=9).map(move |c| c * 10i64.pow(k)));
        let twos = (1..=59).map(|k| 1i64 << k);
        for round in tens.chain(twos).filter(|&r| r <= 1_000_000_000_000_000_000) {
            for n in [round - 1, round, round + 1]
                .into_iter()
                .filter(|&n| n >= 1)
            {
                assert!(!wrong(n), "{n}");
            }
        }
    }

    #[test]
    fn a_negative_range_is_bisected_from_below_too() {
        // The answer: n / 1000 rounded toward negative infinity; n in [-10^6, 10^6].
        let valid = one_number(-1_000_000, 1_000_000);
        let answer = |input: &[u8]| {
            let n: i64 =
                valid(input).then(|| String::from_utf8_lossy(input).trim().parse().ok())??;
            Some(n.div_euclid(1000).to_string().into_bytes())
        };
        let found = breakpoints(b"5", Place { line: 0, token: 0 }, &valid, &answer, 1);
        let at: Vec<i64> = found.found.iter().map(|b| b.at).collect();
        // Up: the steps at or below 10^6 and 976; down: the step above -10^6
        // (the one above -976 is 0, found already).
        assert_eq!(at, [1_000_000, 0, -999_000]);
    }

    #[test]
    fn nothing_is_found_where_the_answer_never_changes_or_the_token_is_fixed() {
        let valid = one_number(1, 1000);
        let constant = |input: &[u8]| valid(input).then(|| b"7\n".to_vec());
        let found = breakpoints(b"3", Place { line: 0, token: 0 }, &valid, &constant, 2);
        assert!(
            found.boundary.is_some() && found.found.is_empty(),
            "{found:?}"
        );
        // A count: only its own value is valid.
        let count = |t: &[u8]| t == b"2\n1 2\n";
        let answer = |t: &[u8]| count(t).then(Vec::new);
        let fixed = breakpoints(b"2\n1 2\n", Place { line: 0, token: 0 }, &count, &answer, 2);
        assert!(fixed.found.is_empty() && fixed.answers == 0, "{fixed:?}");
        assert_eq!(
            breakpoints(b"x", Place { line: 0, token: 0 }, &|_| true, &answer, 2),
            Breakpoints::default()
        );
    }

    #[test]
    fn places_skip_tokens_whose_input_is_otherwise_the_same() {
        let inputs: [&[u8]; 4] = [b"2\n", b"15\n", b"3 x 4\n", b"3 x 5\n"];
        let found = places(&inputs, 10);
        let at = |line, token| Place { line, token };
        assert_eq!(
            found,
            [(0, at(0, 0)), (2, at(0, 0)), (2, at(0, 2)), (3, at(0, 0))]
        );
        assert_eq!(places(&inputs, 2).len(), 2);
    }

    #[test]
    fn answers_differ_by_tokens_not_by_white_space() {
        assert!(same(b"1 2\n", b"1  2"));
        assert!(!same(b"1 2", b"12"));
    }
}
