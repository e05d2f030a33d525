//! Which (submission, test) pairs are run again one at a time, and how often:
//! only those that can set the limit or whose margin is shown by their runs
//! alone (see [`settle`]). Scripted runs test it below; the real runs are
//! `derive.rs`'s.

use super::DECISIVE_RUNS;
use crate::limit_noise::{Interval, LimitRule, THIN_RUNS};

/// A (submission, test) pair's runs: the parallel pass's one, and those made
/// one at a time (none until it is decisive).
#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) pair: (usize, usize),
    pub(super) first: f64,
    pub(super) alone: Vec<f64>,
}

impl Entry {
    /// What ranks it: its interval's upper end once run alone, else its one
    /// run in the parallel pass (which a neighbour only ever slowed).
    pub(super) fn key(&self) -> f64 {
        match self.alone.is_empty() {
            true => self.first,
            false => Interval::of(&self.alone).upper,
        }
    }
}

/// The margins a report shows by their runs alone: an accepted submission's
/// slowest is held to the limit in force (`margins.rs`), and where its one run
/// beside others is past the line's warning (limit ÷ `ac_to_time_limit`,
/// `margins.rs`) the warning must say
/// the limit is tight, not that the machine was busy, so it is run alone.
pub(super) struct Shown<'a> {
    /// Whether the submission is accepted (its margin is shown).
    pub accepted: &'a dyn Fn(usize) -> bool,
    /// Where an accepted run's warning starts, given the yardstick's
    /// interval: the limit in force (the stated limit, or the step the
    /// interval gives) ÷ `ac_to_time_limit`.
    pub warn_from: &'a dyn Fn(&Interval) -> f64,
}

/// Runs again one at a time (`run` times one run) only the pairs of `entries`
/// that can set the limit or whose margin is shown by them, [`DECISIVE_RUNS`]
/// runs each:
///
/// - the global slowest by key, until it has [`DECISIVE_RUNS`] runs alone: its
///   parallel-pass run is an upper bound of its time alone (a neighbour only
///   ever slows a run), so a pair whose one run is below a settled yardstick
///   cannot set the limit, and a yardstick whose runs alone fall below another
///   pair's key has that one run in turn. A pair is run alone once first,
///   which is such an upper bound too, and only a pair still the slowest after
///   it gets the rest of its runs. With `rule`, a thin call too: where the yardstick's
///   interval, widened by a quarter step, touches a rounding step, noise would
///   pick the side of the step; [`THIN_RUNS`] more runs narrow it first. So
///   the limit is never set by a single run (issue 35), with or without `rule`;
///   and still not after the widening between moments, which multiplies this
///   same key (the second fastest) by one factor for every pair
///   (`Interval::top`), so the order it ranks pairs in is the order here.
/// - each accepted submission's slowest whose key is past the warning
///   of the line (see [`Shown`]); others keep their one run, shown as such.
///
/// A wrong-answer submission far below the yardstick is not run again: on
/// karwa2024 those runs alone were most of the derivation's time. A run
/// stopped at `cap` is no time to take an interval of.
pub(super) fn settle(
    entries: &mut [Entry],
    run: &dyn Fn((usize, usize)) -> f64,
    cap: f64,
    rule: Option<LimitRule>,
    shown: &Shown,
) {
    let mut submissions: Vec<usize> = entries.iter().map(|e| e.pair.0).collect();
    submissions.sort_unstable();
    submissions.dedup();
    let slowest = |entries: &[Entry], of: Option<usize>| {
        (0..entries.len())
            .filter(|&i| of.is_none_or(|s| entries[i].pair.0 == s))
            .max_by(|&a, &b| entries[a].key().total_cmp(&entries[b].key()))
    };
    let capped = |entry: &Entry| entry.first >= 0.98 * cap;
    let settled = |entry: &Entry| entry.alone.len() >= DECISIVE_RUNS;
    // One run alone first: it is an upper bound of the pair's fastest alone,
    // as the parallel run was, and closer; a pair that falls below another by
    // it is left there, so a cascade through tests of one size (the parallel
    // pass slows them all alike) costs a run each, not five.
    let toward_decisive = |entries: &mut [Entry], i: usize| {
        let pair = entries[i].pair;
        let more = match entries[i].alone.is_empty() {
            true => 1,
            false => DECISIVE_RUNS - entries[i].alone.len(),
        };
        let runs: Vec<f64> = (0..more).map(|_| run(pair)).collect();
        entries[i].alone.extend(runs);
    };
    let decisive = |entries: &mut [Entry], s: usize| {
        while let Some(i) = slowest(entries, Some(s)) {
            if settled(&entries[i]) || capped(&entries[i]) {
                break;
            }
            toward_decisive(entries, i);
        }
    };
    loop {
        while let Some(i) = slowest(entries, None) {
            let entry = &entries[i];
            if capped(entry) {
                break;
            }
            if !settled(entry) {
                toward_decisive(entries, i);
                continue;
            }
            let Some(rule) = rule else {
                break;
            };
            if entry.alone.len() > DECISIVE_RUNS || !rule.thin(&Interval::of(&entry.alone)) {
                break;
            }
            let pair = entry.pair;
            let more: Vec<f64> = (0..THIN_RUNS).map(|_| run(pair)).collect();
            entries[i].alone.extend(more);
        }
        let Some(top) = slowest(entries, None).filter(|&i| settled(&entries[i])) else {
            return;
        };
        let warn_from = (shown.warn_from)(&Interval::of(&entries[top].alone));
        let close: Vec<usize> = submissions
            .iter()
            .copied()
            .filter(|&s| (shown.accepted)(s))
            .filter(|&s| {
                slowest(entries, Some(s)).is_some_and(|i| {
                    let e = &entries[i];
                    !settled(e) && !capped(e) && e.key() >= warn_from
                })
            })
            .collect();
        if close.is_empty() {
            return;
        }
        for s in close {
            decisive(entries, s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{settle, Entry, Interval, LimitRule, Shown, DECISIVE_RUNS, THIN_RUNS};
    use crate::limit_noise::tests::TETRIS;
    use std::cell::{Cell, RefCell};

    /// The warning's factor in these tests: a format whose `ac_to_time_limit`
    /// is 1.25 (the fixed factor margins used before issue 45).
    const AC: f64 = 1.25;

    /// Every submission accepted, under the limit TETRIS derives.
    fn derived_tetris() -> Shown<'static> {
        Shown {
            accepted: &|_| true,
            warn_from: &|yardstick| TETRIS.step(yardstick).seconds / AC,
        }
    }

    /// Settles `firsts` ((submission, parallel-pass seconds), one test each)
    /// where each pair takes `alone` seconds run alone, and counts the runs
    /// alone of each submission.
    fn runs_alone(
        firsts: &[(usize, f64, f64)],
        rule: Option<LimitRule>,
        shown: &Shown,
    ) -> (Vec<Entry>, Vec<usize>) {
        let counts = RefCell::new(vec![0; firsts.len()]);
        let run = |(s, t): (usize, usize)| {
            counts.borrow_mut()[s] += 1;
            firsts[t].2
        };
        let mut timings: Vec<Entry> = firsts
            .iter()
            .enumerate()
            .map(|(t, &(s, first, _))| Entry {
                pair: (s, t),
                first,
                alone: Vec::new(),
            })
            .collect();
        settle(&mut timings, &run, 60.0, rule, shown);
        (timings, counts.into_inner())
    }

    /// The entry with the highest key, which must set the limit.
    fn top(timings: &[Entry]) -> &Entry {
        timings
            .iter()
            .max_by(|a, b| a.key().total_cmp(&b.key()))
            .unwrap()
    }

    fn entries(firsts: &[f64]) -> Vec<Entry> {
        firsts
            .iter()
            .enumerate()
            .map(|(t, &first)| Entry {
                pair: (0, t),
                first,
                alone: Vec::new(),
            })
            .collect()
    }

    /// The limit `settle` leads to on one submission whose test 0 is the
    /// slowest, run alone by the scripted `times` (in turn, then the last
    /// again), with how many runs alone were made.
    fn limit_of(times: &[f64]) -> (f64, Option<f64>, usize) {
        let next = Cell::new(0);
        let run = |_: (usize, usize)| {
            let i = next.get();
            next.set(i + 1);
            times[i.min(times.len() - 1)]
        };
        let mut timings = entries(&[0.9, 0.1]);
        settle(&mut timings, &run, 60.0, Some(TETRIS), &derived_tetris());
        let step = TETRIS.step(&Interval::of(&timings[0].alone));
        (step.seconds, step.straddled, next.get())
    }

    #[test]
    fn a_yardstick_straddling_a_step_gets_the_upper_step_with_the_reason() {
        // Alone it takes 0.49 to 0.56 s, its two fastest 0.49 and 0.51 s: 2 ×
        // that straddles 1.0 s. A thin call, so fifteen runs, and the upper
        // step with the lower named.
        let times = [
            0.52, 0.55, 0.53, 0.56, 0.49, 0.54, 0.51, 0.52, 0.51, 0.53, 0.55, 0.52, 0.54, 0.51,
            0.53,
        ];
        let (limit, straddled, runs) = limit_of(&times);
        assert_eq!(runs, DECISIVE_RUNS + THIN_RUNS);
        assert_eq!((limit, straddled), (1.5, Some(1.0)));
    }

    #[test]
    fn a_yardstick_clearly_below_a_step_gets_the_lower_step() {
        // 2 × 0.30–0.33 s is far under the 1 s floor: five runs, 1.0 s.
        let (limit, straddled, runs) = limit_of(&[0.31, 0.30, 0.33, 0.32, 0.31]);
        assert_eq!(runs, DECISIVE_RUNS);
        assert_eq!((limit, straddled), (1.0, None));
    }

    #[test]
    fn the_same_runs_in_any_order_give_the_same_limit() {
        // Any five of these are thin (all within a quarter step of 1.0 s), so
        // every order makes the same fifteen runs.
        // The fastest, 0.498 s, gives 1.0 s; the second fastest, 0.501 s, 1.5 s.
        let times: Vec<f64> = (0..15)
            .map(|i| {
                if i == 0 {
                    0.498
                } else {
                    0.5 + 0.001 * i as f64
                }
            })
            .collect();
        let expected = limit_of(&times);
        assert_eq!(expected, (1.5, Some(1.0), DECISIVE_RUNS + THIN_RUNS));
        let orders = RefCell::new(Vec::new());
        for k in 0..times.len() {
            let mut order = times.clone();
            order.rotate_left(k);
            orders.borrow_mut().push(order.clone());
            order.reverse();
            orders.borrow_mut().push(order);
        }
        for order in orders.into_inner() {
            assert_eq!(limit_of(&order), expected, "{order:?}");
        }
    }

    #[test]
    fn the_yardstick_is_never_a_single_run_after_a_thin_call() {
        // One submission, two tests, the parallel pass: 1.0 s and 0.70 s. Alone,
        // test 0 takes 0.74 s (twice that, 1.48 s, is a thin call at 0.5 s
        // steps), then 0.6 s; test 0 falls below test 1's single run, which
        // must then be run again before it may set the limit.
        let calls = Cell::new(0);
        let run = |(_, t): (usize, usize)| {
            if t == 1 {
                return 0.65;
            }
            calls.set(calls.get() + 1);
            if calls.get() <= DECISIVE_RUNS {
                0.74
            } else {
                0.6
            }
        };
        let mut timings = entries(&[1.0, 0.70]);
        let no_floor = LimitRule {
            floor: 0.0,
            ..TETRIS
        };
        settle(&mut timings, &run, 60.0, Some(no_floor), &derived_tetris());
        let top = timings
            .iter()
            .max_by(|a, b| a.key().total_cmp(&b.key()))
            .unwrap();
        assert!(top.alone.len() >= DECISIVE_RUNS, "{timings:?}");
        assert_eq!(top.pair, (0, 1));
        assert!((top.key() - 0.65).abs() < 1e-9, "{timings:?}");
    }

    #[test]
    fn a_wrong_answer_far_below_the_yardstick_is_not_run_alone() {
        // Submission 0 accepted, 0.40 s beside others and 0.35 s alone: the
        // yardstick. Submission 1 a wrong answer at 0.10 s beside others, an
        // upper bound of its time alone: it cannot set the limit.
        let wrong_answer = Shown {
            accepted: &|s| s == 0,
            warn_from: &|yardstick| TETRIS.step(yardstick).seconds / AC,
        };
        let (timings, runs) = runs_alone(
            &[(0, 0.4, 0.35), (1, 0.1, 0.09)],
            Some(TETRIS),
            &wrong_answer,
        );
        assert_eq!(runs, vec![DECISIVE_RUNS, 0]);
        assert_eq!(top(&timings).pair, (0, 0));
    }

    #[test]
    fn a_wrong_answer_that_is_the_slowest_is_run_alone_also_under_a_stated_limit() {
        // A stated 2 s limit (no rule: no thin call). The wrong answer's 0.9 s
        // is the slowest; the accepted 0.3 s is far from a warning (1.25 ×
        // 0.3 s < 2 s), so it keeps its one run.
        let stated = Shown {
            accepted: &|s| s == 0,
            warn_from: &|_| 2.0 / AC,
        };
        let (timings, runs) = runs_alone(&[(0, 0.3, 0.28), (1, 0.9, 0.8)], None, &stated);
        assert_eq!(runs, vec![0, DECISIVE_RUNS]);
        assert_eq!(top(&timings).pair, (1, 1));
        assert!((top(&timings).key() - 0.8).abs() < 1e-9, "{timings:?}");
    }

    #[test]
    fn an_accepted_submission_within_a_warning_of_the_limit_is_run_alone() {
        // A stated 1 s limit: the accepted submission 1 at 0.85 s beside others
        // would be warned of (1 s ÷ 0.85 s < 1.25), so its margin is shown by
        // runs alone; submission 2 at 0.5 s is 2× under and keeps its one run.
        let stated = Shown {
            accepted: &|s| s != 0,
            warn_from: &|_| 1.0 / AC,
        };
        let firsts = [(0, 0.9, 0.88), (1, 0.85, 0.7), (2, 0.5, 0.45)];
        let (_, runs) = runs_alone(&firsts, None, &stated);
        assert_eq!(runs, vec![DECISIVE_RUNS, DECISIVE_RUNS, 0]);
    }

    #[test]
    fn the_slowest_by_key_always_has_runs_alone_without_a_rule() {
        // Beside others 1.0, 0.8, 0.75 and 0.5 s; alone 0.4, 0.7, 0.3 and
        // 0.45 s. Each of the first three is the slowest by key in turn and
        // run alone once; submission 1's 0.7 s alone then leads, over
        // submission 3's 0.5 s beside others, which is never run alone, and
        // gets the rest of its runs: 0 and 2 fell below it by one run each.
        let stated = Shown {
            accepted: &|_| false,
            warn_from: &|_| 10.0 / AC,
        };
        let firsts = [(0, 1.0, 0.4), (1, 0.8, 0.7), (2, 0.75, 0.3), (3, 0.5, 0.45)];
        let (timings, runs) = runs_alone(&firsts, None, &stated);
        assert_eq!(runs, vec![1, DECISIVE_RUNS, 1, 0]);
        let top = top(&timings);
        assert_eq!(top.pair, (1, 1));
        assert_eq!(top.alone.len(), DECISIVE_RUNS);
    }
}
