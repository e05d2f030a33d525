//! The time limit, as the 2025-09 format's "Timelimit inference" says: at least
//! `ac_to_time_limit` × the slowest run of every submission that bounds it from
//! below (accepted, wrong answer, run-time error), rounded up to a multiple of
//! `time_resolution`; each submission that must time out should need more than
//! `time_limit_to_tle` × the limit somewhere (it is then *separable*).
//!
//! Stable, because a limit that moves between two runs on one machine rejects
//! correct contestants on one of them: the runs that decide it are not taken
//! from the parallel pass alone. The slowest lower-bounding run (by its one
//! run beside others, an upper bound of its time alone) is run again one at a
//! time, once and, if it is still the slowest, five runs in all, and their interval (fastest to second fastest:
//! `limit_noise.rs`) is its time; where `ac_to_time_limit` × that interval
//! straddles a rounding step, the limit is the upper step. If another run is
//! then the slowest, that one is run again too, until the slowest is such an
//! interval; near a step, ten more runs narrow it first. A run below the
//! settled yardstick cannot set the limit and is not run again (but an
//! accepted submission within a warning of the limit, whose margin is then
//! shown by its runs alone): its bound is its one run, and says so.
//!
//! A caller may add a floor ([`derive_keeping`]): jurybox's built-in problems
//! keep their plans' 1 s, below which process start-up and a slower judge weigh
//! more than the algorithm. The package's `time_resolution` rounds either way.

use super::first_pass::FirstPass;
use super::limit_noise::{Interval, LimitRule, Step, THIN_RUNS};
use super::run::{Case, Jury, Limits, Run};
use super::stop::Stop;
use super::undisturbed::{self, undisturbed};
use jurybox_judging::jobs::on_threads;
use jurybox_judging::progress;
use rayon::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::Ordering;

/// How close (a factor) a slowest run may come to its line before a warning
/// (`margins.rs` says it of each submission; the limit runs alone an
/// accepted one that close, for its margin).
pub const WARN_WITHIN: f64 = 1.25;

/// Runs of each decisive (submission, test) pair, one at a time; the same
/// count as a built-in problem's suite (`jurybox_judging::timing`).
pub use jurybox_judging::timing::DECISIVE_RUNS;
/// CPU seconds a run may take while the limit is being found, when the
/// package states no limit.
const PROBE_SECONDS: f64 = 60.0;

/// A submission's time on a test.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// The submission.
    pub submission: String,
    /// The test.
    pub test: String,
    /// CPU seconds: the fastest of its runs.
    pub seconds: f64,
    /// CPU seconds: the second fastest of its runs, the interval's upper end.
    pub upper: f64,
    /// How many runs the figures are of.
    pub runs: usize,
    /// Whether they were made one at a time; else the figure is the parallel
    /// pass's one run beside others, an upper bound of its time alone (it
    /// was too far below the yardstick to set the limit). One run alone is
    /// such an upper bound too (see `settle`).
    pub alone: bool,
}

impl Timing {
    /// How its figures were taken, for a report: `fastest and second
    /// fastest of 5 runs alone` (`how` says how they were alone), or, for a
    /// pair too far below the yardstick to be run to an interval, `one run
    /// alone, an upper bound` or `one run beside others, an upper bound`.
    pub fn how(&self, how: &str) -> String {
        match (self.alone, self.runs) {
            (true, 2..) => format!("fastest and second fastest of {} runs {how}", self.runs),
            (true, _) => format!("one run {how}, an upper bound"),
            (false, _) => "one run beside others, an upper bound".into(),
        }
    }

    /// Its runs' interval.
    pub fn interval(&self) -> Interval {
        Interval {
            fastest: self.seconds,
            upper: self.upper,
            runs: self.runs,
        }
    }
}

/// The time limit and how it came about.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeLimit {
    /// The limit in force: the package's, or else the derived one.
    pub seconds: f64,
    /// The limit the lower bounds give (`None`: no submission bounds it).
    pub derived: Option<f64>,
    /// The package's own limit and where it is stated.
    pub stated: Option<(f64, String)>,
    /// The lower-bounding run that sets the limit: the limit's yardstick.
    pub yardstick: Option<Timing>,
    /// Each lower-bounding submission's slowest test.
    pub bounds: Vec<Timing>,
    /// `ac_to_time_limit`.
    pub ac_to_time_limit: f64,
    /// `time_limit_to_tle`.
    pub time_limit_to_tle: f64,
    /// `time_resolution`.
    pub resolution: f64,
    /// The smallest limit the caller allows (0: none; see [`derive_keeping`]).
    pub floor: f64,
    /// The machine's load average and core count when the decisive runs
    /// ended, when it was busy (more than twice the cores): its neighbours
    /// slow memory-bound programs by up to half (docs/PERFORMANCE.md), so the
    /// limit may be a step above a quiet one's.
    pub busy: Option<(f64, usize)>,
    /// How the decisive runs were made (`alone`, or `alone at real-time
    /// priority`: `undisturbed.rs`).
    pub how: &'static str,
}

impl TimeLimit {
    /// CPU seconds past which a slow submission is separable.
    pub fn tle_seconds(&self) -> f64 {
        self.seconds * self.time_limit_to_tle
    }

    /// The rounding rule the limit was derived by.
    pub fn rule(&self) -> LimitRule {
        LimitRule {
            ac_to_time_limit: self.ac_to_time_limit,
            resolution: self.resolution,
            floor: self.floor,
        }
    }

    /// The limit a new test must leave where it is: the one in force, or the
    /// derived one when that is higher (a stated limit tighter than the rule).
    pub fn kept(&self) -> f64 {
        self.derived.unwrap_or(0.0).max(self.seconds)
    }

    /// How the yardstick's interval became the derived limit, in a clause:
    /// `2 × 0.490–0.520 s (accepted/a.cpp on secret/t, ...) straddles 1.0 s,
    /// so the upper step: ...` or `2 × 0.610–0.630 s (...), rounded up to a
    /// multiple of 0.5 s`.
    pub fn rounding(&self) -> String {
        let Some(y) = &self.yardstick else {
            return "no submission bounds the limit from below (an accepted one would)".into();
        };
        let times = format!(
            "{} × {} ({} on {}, {})",
            self.ac_to_time_limit,
            y.interval().seconds(),
            y.submission,
            y.test,
            y.how(self.how)
        );
        match self.rule().step(&y.interval()).straddled {
            Some(lower) => format!(
                "{times} straddles {lower:.1} s, so the upper step: a correct submission as fast \
                 as the yardstick would be within noise of {lower:.1} s"
            ),
            None => format!("{times}, rounded up to a multiple of {} s", self.resolution),
        }
    }

    /// One paragraph: the rule and the figures.
    pub fn explain(&self) -> String {
        let derived = match &self.derived {
            Some(d) => format!("derived {d:.1} s = {}", self.rounding()),
            None => self.rounding(),
        };
        let derived = if self.floor > 0.0 {
            format!("{derived}, at least {:.1} s", self.floor)
        } else {
            derived
        };
        let said = match &self.stated {
            Some((s, file)) => format!("time limit {s:.2} s ({file}); {derived}"),
            None => format!("time limit {:.1} s: {derived}", self.seconds),
        };
        match self.busy {
            Some((load, cores)) if self.yardstick.is_some() => format!(
                "{said}. Measured on a busy machine (load average {load:.1} on {cores} cores): \
                 other work slows programs, memory-bound ones most, so a quiet machine may \
                 derive a step less"
            ),
            _ => said,
        }
    }
}

/// The load average (1 min) and core count, when the load is more than twice
/// the cores (the derivation's own parallel pass alone brings the average
/// near the cores, for a minute); `None` on a quiet machine or where
/// `/proc/loadavg` is not to be read.
fn busy_machine() -> Option<(f64, usize)> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let load: f64 = text.split_whitespace().next()?.parse().ok()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (load > 2.0 * cores as f64).then_some((load, cores))
}

/// A (submission, test) pair's runs: the parallel pass's one, and those made
/// one at a time (none until it is decisive).
#[derive(Clone, Debug)]
struct Entry {
    pair: (usize, usize),
    first: f64,
    alone: Vec<f64>,
}

impl Entry {
    /// What ranks it: its interval's upper end once run alone, else its one
    /// run in the parallel pass (which a neighbour only ever slowed).
    fn key(&self) -> f64 {
        match self.alone.is_empty() {
            true => self.first,
            false => Interval::of(&self.alone).upper,
        }
    }
}

/// The margins a report shows by their runs alone: an accepted submission's
/// slowest is held to the limit in force (`margins.rs`), and where its one run
/// beside others is within [`WARN_WITHIN`]× of that line the warning must say
/// the limit is tight, not that the machine was busy, so it is run alone.
pub(crate) struct Shown<'a> {
    /// Whether the submission is accepted (its margin is shown).
    pub accepted: &'a dyn Fn(usize) -> bool,
    /// The limit in force, given the yardstick's interval (the stated limit,
    /// or the step the interval gives).
    pub line: &'a dyn Fn(&Interval) -> f64,
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
///   the limit is never set by a single run (issue 35), with or without `rule`.
/// - each accepted submission's slowest whose key is within [`WARN_WITHIN`]×
///   of the line (see [`Shown`]); others keep their one run, shown as such.
///
/// A wrong-answer submission far below the yardstick is not run again: on
/// karwa2024 those runs alone were most of the derivation's time. A run
/// stopped at `cap` is no time to take an interval of.
fn settle(
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
        let line = (shown.line)(&Interval::of(&entries[top].alone));
        let close: Vec<usize> = submissions
            .iter()
            .copied()
            .filter(|&s| (shown.accepted)(s))
            .filter(|&s| {
                slowest(entries, Some(s)).is_some_and(|i| {
                    let e = &entries[i];
                    !settled(e) && !capped(e) && e.key() * WARN_WITHIN >= line
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

/// Derives the limit from the submissions that bound it from below, on `cases`;
/// a run with no verdict (a jury fault, Ctrl-C) stops it: no time then counts.
pub fn derive(jury: &Jury, cases: &[Case], jobs: usize) -> Result<TimeLimit, Stop> {
    Ok(derive_keeping(jury, cases, jobs, 0.0)?.0)
}

/// [`derive`], with a limit of at least `floor` seconds (a yardstick whose
/// doubled time falls under it decides nothing, so it is not run again for a
/// thin call), keeping the parallel pass's runs for the matrix that follows
/// ([`super::run_matrix_with`]).
pub fn derive_keeping(
    jury: &Jury,
    cases: &[Case],
    jobs: usize,
    floor: f64,
) -> Result<(TimeLimit, FirstPass), Stop> {
    let config = &jury.package.config;
    // With a stated limit, a run past time_limit_to_tle × it is a time limit
    // whatever it would have taken: measuring further (an `accepted/` program
    // that never ends, as BAPCtools' own test packages have) only costs time.
    let cap = config
        .time_limit
        .as_ref()
        .map_or(PROBE_SECONDS, |(stated, _)| {
            (stated * config.multipliers.time_limit_to_tle + 0.05).min(PROBE_SECONDS)
        });
    let probe = Limits {
        time_limit: cap,
        kill_at: cap,
        ..Limits::of(jury.package, cap)
    };
    let bounding: Vec<(usize, usize)> = jury
        .package
        .submissions
        .iter()
        .enumerate()
        .filter(|(s, _)| jury.built.submissions[*s].is_ok())
        .flat_map(|(s, sub)| {
            cases
                .iter()
                .enumerate()
                .filter(|(_, c)| sub.bounds_below(&c.name))
                .map(move |(t, _)| (s, t))
        })
        .collect();
    let run = |(s, t): (usize, usize)| -> Result<Run, Stop> {
        let program = jury.built.submissions[s].as_ref().expect("built");
        jury.run(program, &cases[t], &probe)
            .map_err(|stop| stop.during(&jury.package.submissions[s].name))
    };
    progress::phase("time limit: every bounding run", bounding.len() as u64);
    let first: Vec<((usize, usize), Result<Run, Stop>)> =
        on_threads(jobs, || bounding.par_iter().map(|&p| (p, run(p))).collect());
    if jury.cancel.load(Ordering::Relaxed) {
        return Err(Stop::Interrupted);
    }
    let first: Vec<((usize, usize), Run)> = first
        .into_iter()
        .map(|(pair, run)| run.map(|run| (pair, run)))
        .collect::<Result<_, _>>()?;
    // The decisive pairs, run again alone (see `settle`).
    let mut entries: Vec<Entry> = first
        .iter()
        .map(|(pair, r)| Entry {
            pair: *pair,
            first: r.cpu,
            alone: Vec::new(),
        })
        .collect();
    let rule = LimitRule {
        ac_to_time_limit: config.multipliers.ac_to_time_limit,
        resolution: config.time_resolution,
        floor,
    };
    // A stated limit is in force whatever is derived: no thin call to settle.
    let thin_rule = config.time_limit.is_none().then_some(rule);
    // One at a time, undisturbed where the machine allows it. A run that has
    // no verdict ends the derivation (its time is then the cap, so settling
    // stops at it).
    let stopped: RefCell<Option<Stop>> = RefCell::new(None);
    let alone = |(s, t): (usize, usize)| -> f64 {
        let program = jury.built.submissions[s].as_ref().expect("built");
        match jury.run_alone(&undisturbed(program), &cases[t], &probe) {
            Ok(run) => run.cpu,
            Err(stop) => {
                let stop = stop.during(&jury.package.submissions[s].name);
                stopped.borrow_mut().get_or_insert(stop);
                cap
            }
        }
    };
    let accepted = |s: usize| jury.package.submissions[s].is_accepted();
    let line = |yardstick: &Interval| {
        config
            .time_limit
            .as_ref()
            .map_or_else(|| rule.step(yardstick).seconds, |(stated, _)| *stated)
    };
    let shown = Shown {
        accepted: &accepted,
        line: &line,
    };
    progress::phase("time limit: decisive runs, one at a time", 0);
    settle(&mut entries, &alone, cap, thin_rule, &shown);
    if let Some(stop) = stopped.into_inner() {
        return Err(stop);
    }
    let timing = |e: &Entry| {
        let (s, t) = e.pair;
        let interval = match e.alone.is_empty() {
            true => Interval::of(&[e.first]),
            false => Interval::of(&e.alone),
        };
        Timing {
            submission: jury.package.submissions[s].name.clone(),
            test: cases[t].name.clone(),
            seconds: interval.fastest,
            upper: interval.upper,
            runs: interval.runs,
            alone: !e.alone.is_empty(),
        }
    };
    let mut bounds: Vec<Timing> = Vec::new();
    for entry in &entries {
        let t = timing(entry);
        match bounds.iter_mut().find(|b| b.submission == t.submission) {
            Some(b) if b.upper >= t.upper => {}
            Some(b) => *b = t,
            None => bounds.push(t),
        }
    }
    let step = |t: &Timing| rule.step(&t.interval());
    let yardstick = bounds
        .iter()
        .max_by(|a, b| {
            let (sa, sb): (Step, Step) = (step(a), step(b));
            sa.seconds
                .total_cmp(&sb.seconds)
                .then(a.upper.total_cmp(&b.upper))
                .then(a.alone.cmp(&b.alone))
        })
        .cloned();
    let derived = yardstick.as_ref().map(|y| step(y).seconds);
    let kind = &config.kind;
    let first_pass = match kind.interactive || kind.passes.is_some() {
        true => FirstPass::default(),
        false => FirstPass::new(probe, first.into_iter().collect()),
    };
    let limit = TimeLimit {
        seconds: config
            .time_limit
            .as_ref()
            .map(|(s, _)| *s)
            .or(derived)
            .unwrap_or_else(|| rule.rounded(0.0)),
        derived,
        stated: config.time_limit.clone(),
        yardstick,
        bounds,
        ac_to_time_limit: config.multipliers.ac_to_time_limit,
        time_limit_to_tle: config.multipliers.time_limit_to_tle,
        resolution: rule.resolution,
        floor,
        busy: busy_machine(),
        how: undisturbed::how(),
    };
    Ok((limit, first_pass))
}

#[cfg(test)]
mod tests {
    use super::{settle, Entry, Interval, LimitRule, Shown, DECISIVE_RUNS, THIN_RUNS};
    use crate::limit_noise::tests::TETRIS;
    use std::cell::{Cell, RefCell};

    /// Every submission accepted, under the limit TETRIS derives.
    fn derived_tetris() -> Shown<'static> {
        Shown {
            accepted: &|_| true,
            line: &|yardstick| TETRIS.step(yardstick).seconds,
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
            line: &|yardstick| TETRIS.step(yardstick).seconds,
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
            line: &|_| 2.0,
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
            line: &|_| 1.0,
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
            line: &|_| 10.0,
        };
        let firsts = [(0, 1.0, 0.4), (1, 0.8, 0.7), (2, 0.75, 0.3), (3, 0.5, 0.45)];
        let (timings, runs) = runs_alone(&firsts, None, &stated);
        assert_eq!(runs, vec![1, DECISIVE_RUNS, 1, 0]);
        let top = top(&timings);
        assert_eq!(top.pair, (1, 1));
        assert_eq!(top.alone.len(), DECISIVE_RUNS);
    }

    #[test]
    fn a_bound_not_run_to_an_interval_says_it_is_an_upper_bound() {
        let bound = |alone, runs| super::Timing {
            submission: "wrong_answer/w.py".into(),
            test: "secret/1".into(),
            seconds: 0.1,
            upper: 0.1,
            runs,
            alone,
        };
        assert_eq!(
            bound(true, DECISIVE_RUNS).how("alone"),
            "fastest and second fastest of 5 runs alone"
        );
        assert_eq!(bound(true, 1).how("alone"), "one run alone, an upper bound");
        assert_eq!(
            bound(false, 1).how("alone"),
            "one run beside others, an upper bound"
        );
    }
}
