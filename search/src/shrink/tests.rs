//! The unit tests of [`super`]: each shrinking rule on small inputs with a
//! predicate of its own, apart from the rules so that shrink.rs reads as
//! the shrinking it is.

use super::*;
use std::time::Duration;

fn later() -> Instant {
    Instant::now() + Duration::from_secs(30)
}

/// A planted bug: "the maximum of the list" answered wrongly when a number
/// above 1000 follows a negative one; the input is `n` then n numbers, one
/// per line, and is only well formed when n matches.
fn buggy(text: &[u8]) -> bool {
    let lines = parse(text);
    let Some(n) = lines
        .first()
        .and_then(|l| l.first())
        .and_then(|t| t.parse::<usize>().ok())
    else {
        return false;
    };
    if lines.len() != n + 1 || lines[1..].iter().any(|l| l.len() != 1) {
        return false; // the validator rejects it
    }
    let values: Vec<i64> = lines[1..]
        .iter()
        .filter_map(|l| l[0].parse().ok())
        .collect();
    values.len() == n && values.windows(2).any(|w| w[0] < 0 && w[1] > 1000)
}

/// A count that overflows: `n`, then n numbers on one line, failing while
/// there are at least 1000 numbers and n matches them.
fn many(text: &[u8]) -> bool {
    let lines = parse(text);
    let n = lines
        .first()
        .and_then(|l| l.first())
        .and_then(|t| t.parse::<usize>().ok());
    lines.len() == 2 && n == Some(lines[1].len()) && n >= Some(1000)
}

#[test]
fn a_long_line_shrinks_in_runs_of_tokens_not_one_token_at_a_time() {
    let n = 100_000;
    let numbers: Vec<String> = (0..n).map(|i| (i % 97 + 1).to_string()).collect();
    let text = format!("{n}\n{}\n", numbers.join(" "));
    let (small, stats) = shrink(text.as_bytes(), &many, later(), 1);
    let lines = parse(&small);
    assert_eq!(
        lines[1].len(),
        1000,
        "{}",
        String::from_utf8_lossy(&small[..20])
    );
    assert_eq!(lines[0], ["1000"]);
    // One token at a time this would be 99 000 runs before the values.
    assert!(stats.runs < 10_000, "{stats}");
}

#[test]
fn a_planted_bug_shrinks_to_its_minimum_with_the_count_fixed() {
    let mut text = String::from("12\n");
    for v in [5, 7, -3, 8, 99, -40, 5000, 3, 2, 1, 7777, 4] {
        text += &format!("{v}\n");
    }
    assert!(buggy(text.as_bytes()));
    let (small, stats) = shrink(text.as_bytes(), &buggy, later(), 1);
    assert_eq!(String::from_utf8(small).unwrap(), "2\n-1\n1001\n");
    assert_eq!(stats.first_number, Some((12, 2)));
    assert_eq!(stats.lines, (13, 3));
    assert!(stats.runs > 0);
    assert!(stats.to_string().contains("13 → 3 lines"), "{stats}");
}

#[test]
fn nothing_is_tested_twice_and_the_deadline_is_kept() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let calls = AtomicUsize::new(0);
    let counting = |t: &[u8]| {
        calls.fetch_add(1, Ordering::Relaxed);
        buggy(t)
    };
    let (_, stats) = shrink(b"3\n-5\n2000\n9\n", &counting, later(), 1);
    assert_eq!(stats.runs, calls.load(Ordering::Relaxed));
    let (same, stats) = shrink(b"3\n-5\n2000\n9\n", &buggy, Instant::now(), 1);
    assert_eq!(same, b"3\n-5\n2000\n9\n");
    assert_eq!(stats.runs, 0);
}

type Predicate = dyn Fn(&[u8]) -> bool + Sync;

#[test]
fn every_job_count_gives_the_same_result_and_runs_each_input_once() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let mut text = String::from("12\n");
    for v in [5, 7, -3, 8, 99, -40, 5000, 3, 2, 1, 7777, 4] {
        text += &format!("{v}\n");
    }
    // Fails when the sum of the numbers after the first line is odd and some
    // number exceeds 300: not monotone, so batches that took any failing
    // candidate but the first in order would end elsewhere.
    let odd_big = |t: &[u8]| {
        let numbers: Vec<i64> = String::from_utf8_lossy(t)
            .split_whitespace()
            .skip(1)
            .filter_map(|w| w.parse().ok())
            .collect();
        numbers.iter().sum::<i64>() % 2 != 0 && numbers.iter().any(|&v| v > 300)
    };
    // Fails while some number is 5000 or 7777: two witnesses, so which of
    // several failing candidates is taken decides which one is left.
    let either = |t: &[u8]| {
        String::from_utf8_lossy(t)
            .split_whitespace()
            .any(|w| w == "5000" || w == "7777")
    };
    let predicates: [&Predicate; 3] = [&buggy, &odd_big, &either];
    for fails in predicates {
        let (serial, _) = shrink(text.as_bytes(), fails, later(), 1);
        for jobs in [2, 3, 4, 8] {
            let calls = AtomicUsize::new(0);
            let counting = |t: &[u8]| {
                calls.fetch_add(1, Ordering::Relaxed);
                fails(t)
            };
            let (parallel, stats) = shrink(text.as_bytes(), &counting, later(), jobs);
            assert_eq!(
                String::from_utf8_lossy(&parallel),
                String::from_utf8_lossy(&serial),
                "jobs {jobs}"
            );
            assert_eq!(stats.runs, calls.load(Ordering::Relaxed), "jobs {jobs}");
        }
    }
}

#[test]
fn speculative_midpoints_go_breadth_first_and_stop_at_the_count() {
    assert_eq!(speculative_midpoints(0, 16, 1), vec![8]);
    assert_eq!(speculative_midpoints(0, 16, 3), vec![8, 4, 12]);
    assert_eq!(speculative_midpoints(0, 16, 4), vec![8, 4, 12, 2]);
    assert_eq!(speculative_midpoints(0, 2, 5), vec![1]);
    assert!(speculative_midpoints(3, 4, 5).is_empty());
}

/// `n` (1 ≤ n), a line of n numbers in 0..=100, a query 1 ≤ q ≤ n; the planted
/// bug answers the last index wrongly, so it fails only while `q = n`.
fn last_index(text: &[u8]) -> bool {
    let lines = parse(text);
    let number = |t: &String| t.parse::<usize>().ok();
    let (Some(n), Some(q)) = (
        lines
            .first()
            .filter(|l| l.len() == 1)
            .and_then(|l| number(&l[0])),
        lines
            .get(2)
            .filter(|l| l.len() == 1)
            .and_then(|l| number(&l[0])),
    ) else {
        return false;
    };
    let well_formed = lines.len() == 3
        && lines[1].len() == n
        && lines[1].iter().all(|t| number(t).is_some_and(|a| a <= 100))
        && (1..=n).contains(&q);
    well_formed && q == n
}

/// `n`, then n numbers in 1..=10^6 on one line; the planted bug: two of them
/// are equal.
fn tie(text: &[u8]) -> bool {
    let lines = parse(text);
    let Some(n) = lines
        .first()
        .and_then(|l| l.first())
        .and_then(|t| t.parse().ok())
    else {
        return false;
    };
    let values: Vec<i64> = lines
        .get(1)
        .map(|l| l.iter().filter_map(|t| t.parse().ok()).collect())
        .unwrap_or_default();
    let well_formed = lines.len() == 2
        && lines[0].len() == 1
        && lines[1].len() == n
        && values.len() == n
        && values.iter().all(|v| (1..=1_000_000).contains(v));
    well_formed && (1..n).any(|i| values[..i].contains(&values[i]))
}

/// Shrinking `input` ends at `alone` without lowering equal values together
/// and at `together` with it, for every job count.
fn shrinks_further_together(input: &[u8], fails: &Predicate, alone: &str, together: &str) {
    assert!(fails(input));
    let (without, _) = shrink_steps(input, fails, later(), 1, false);
    assert_eq!(String::from_utf8_lossy(&without), alone);
    for jobs in [1, 2, 4] {
        let (small, _) = shrink(input, fails, later(), jobs);
        assert_eq!(String::from_utf8_lossy(&small), together, "jobs {jobs}");
    }
}

#[test]
fn a_count_and_an_index_equal_to_it_shrink_as_one() {
    // Lowering n alone leaves q > n, lowering q alone passes: stuck at n = 3.
    shrinks_further_together(b"3\n1 2 3\n3\n", &last_index, "3\n0 0 0\n3\n", "1\n0\n1\n");
}

#[test]
fn equal_values_are_lowered_together() {
    shrinks_further_together(b"4\n9 700 5 700\n", &tie, "2\n700 700\n", "2\n1 1\n");
}

#[test]
fn repeated_values_are_listed_once_in_the_order_they_first_occur() {
    let lines = parse(b"5 0 7\n7 0 5 5 x -2\n-2\n");
    assert_eq!(repeated_integers(&lines), vec![5, 7, -2]);
    assert_eq!(
        positions_of(&lines, 5).collect::<Vec<_>>(),
        vec![(0, 0), (1, 2), (1, 3)]
    );
    assert!(all_moved(&parse(b"3\n4\n"), 3, 2).is_none());
}

#[test]
fn strings_shorten_and_exact_bytes_are_kept_when_only_they_fail() {
    let long_word = |t: &[u8]| String::from_utf8_lossy(t).contains("ab");
    let (small, _) = shrink(b"x abcdefgh y\n", &long_word, later(), 1);
    assert_eq!(small, b"ab\n");
    let needs_tab = |t: &[u8]| t.contains(&b'\t');
    let (same, _) = shrink(b"1\t2\n", &needs_tab, later(), 1);
    assert_eq!(same, b"1\t2\n");
}
