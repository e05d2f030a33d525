//! The time limit, as the 2025-09 format's "Timelimit inference" says: at least
//! `ac_to_time_limit` × the slowest run of every submission that bounds it from
//! below (accepted, wrong answer, run-time error), rounded up to a multiple of
//! `time_resolution`; each submission that must time out should need more than
//! `time_limit_to_tle` × the limit somewhere (it is then *separable*).
//!
//! Stable, because a limit that moves between two runs on one machine rejects
//! correct contestants on one of them: the runs that decide it are not taken
//! from the parallel pass alone. Each lower-bounding submission's slowest test is
//! run again one at a time, five runs in all, and the fastest counts (other
//! work only ever adds CPU time: `jurybox_judging::timing` says why), so a run
//! slowed by a neighbour or a timer tick does not set the limit; if another test
//! is then its slowest, that one is run again too, until its slowest time is
//! such a figure.
//!
//! A caller may add a floor ([`derive_keeping`]): jurybox's built-in problems
//! keep their plans' 1 s, below which process start-up and a slower judge weigh
//! more than the algorithm. The package's `time_resolution` rounds either way.

use super::first_pass::FirstPass;
use super::run::{Case, Jury, Limits, Run};
use super::stop::Stop;
use jurybox_judging::jobs::on_threads;
use jurybox_judging::timing::{fastest, thin, THIN_RUNS};
use rayon::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::Ordering;

/// Runs of each decisive (submission, test) pair, the first included; the same
/// count and statistic as a built-in problem's suite (`jurybox_judging::timing`).
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
    /// CPU seconds (the fastest of its runs).
    pub seconds: f64,
    /// How many runs the figure is the fastest of.
    pub runs: usize,
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
    /// The slowest lower-bounding run: the limit's yardstick.
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
}

impl TimeLimit {
    /// CPU seconds past which a slow submission is separable.
    pub fn tle_seconds(&self) -> f64 {
        self.seconds * self.time_limit_to_tle
    }

    /// One paragraph: the rule and the figures.
    pub fn explain(&self) -> String {
        let derived = match (&self.derived, &self.yardstick) {
            (Some(d), Some(y)) => format!(
                "derived {d:.1} s = {} × {:.3} s ({} on {}, fastest of {} runs), rounded up to a multiple of {} s",
                self.ac_to_time_limit, y.seconds, y.submission, y.test, y.runs, self.resolution
            ),
            _ => "no submission bounds the limit from below (an accepted one would)".into(),
        };
        let derived = if self.floor > 0.0 {
            format!("{derived}, at least {:.1} s", self.floor)
        } else {
            derived
        };
        match &self.stated {
            Some((s, file)) => format!("time limit {s:.1} s ({file}); {derived}"),
            None => format!("time limit {:.1} s: {derived}", self.seconds),
        }
    }
}

/// A (submission, test) pair's time: the fastest of how many runs.
type Entry = ((usize, usize), f64, usize);

/// Runs the decisive pairs of `timings` again (`run` times one run alone) until
/// each submission's slowest is the fastest of [`DECISIVE_RUNS`] runs (a test
/// that was slowest only by noise falls back, and the next slowest is run again
/// in turn). Then, with `thin_rule` (`ac_to_time_limit`, resolution, floor), a
/// thin call: where twice the yardstick lies near a rounding step, noise would
/// pick the side of the step; [`THIN_RUNS`] more runs of it settle that, and a
/// yardstick that falls below another pair has that one settled in turn, so
/// the limit is never set by a single run. A run stopped at `cap` is no time to
/// take the fastest of.
fn settle(
    timings: &mut [Entry],
    run: &dyn Fn((usize, usize)) -> f64,
    cap: f64,
    thin_rule: Option<(f64, f64, f64)>,
) {
    let mut submissions: Vec<usize> = timings.iter().map(|((s, _), ..)| *s).collect();
    submissions.sort_unstable();
    submissions.dedup();
    let decisive = |timings: &mut [Entry], s: usize| loop {
        let slowest = (0..timings.len())
            .filter(|&i| timings[i].0 .0 == s)
            .max_by(|&a, &b| timings[a].1.total_cmp(&timings[b].1));
        let Some(i) = slowest else { break };
        if timings[i].2 >= DECISIVE_RUNS || timings[i].1 >= 0.98 * cap {
            break;
        }
        let mut xs = vec![timings[i].1];
        xs.extend((1..DECISIVE_RUNS).map(|_| run(timings[i].0)));
        timings[i] = (timings[i].0, fastest(&xs), DECISIVE_RUNS);
    };
    for &s in &submissions {
        decisive(timings, s);
    }
    let Some((ac, resolution, floor)) = thin_rule else {
        return;
    };
    while let Some(i) = (0..timings.len()).max_by(|&a, &b| timings[a].1.total_cmp(&timings[b].1)) {
        let (pair, seconds, runs) = timings[i];
        if seconds >= 0.98 * cap {
            break;
        }
        if runs < DECISIVE_RUNS {
            decisive(timings, pair.0);
            continue;
        }
        // Under three quarters of a step the limit is the one step whatever
        // the noise (it is never below `resolution`); under the floor, the floor.
        let raw = seconds * ac;
        if runs > DECISIVE_RUNS || raw < 0.75 * resolution || raw <= floor || !thin(raw, resolution)
        {
            break;
        }
        let more: Vec<f64> = (0..THIN_RUNS).map(|_| run(pair)).collect();
        timings[i] = (pair, seconds.min(fastest(&more)), DECISIVE_RUNS + THIN_RUNS);
    }
    for &s in &submissions {
        decisive(timings, s);
    }
}

/// The limit `raw` seconds give: rounded up to a multiple of `resolution`,
/// never below one step nor below `floor` (itself rounded up).
pub fn rounded(raw: f64, resolution: f64, floor: f64) -> f64 {
    let up = |x: f64| resolution * (x / resolution - 1e-9).ceil();
    up(raw).max(up(floor)).max(resolution)
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
    let mut timings: Vec<Entry> = first.iter().map(|(p, r)| (*p, r.cpu, 1)).collect();
    let resolution = config.time_resolution;
    let ac = config.multipliers.ac_to_time_limit;
    // A stated limit is in force whatever is derived: no call to settle.
    let thin_rule = config
        .time_limit
        .is_none()
        .then_some((ac, resolution, floor));
    // A run again alone that has no verdict ends the derivation (its time is
    // then the cap, so settling stops at it).
    let stopped: RefCell<Option<Stop>> = RefCell::new(None);
    let again = |pair| match run(pair) {
        Ok(run) => run.cpu,
        Err(stop) => {
            stopped.borrow_mut().get_or_insert(stop);
            cap
        }
    };
    settle(&mut timings, &again, cap, thin_rule);
    if let Some(stop) = stopped.into_inner() {
        return Err(stop);
    }
    let timing = |&((s, t), seconds, runs): &((usize, usize), f64, usize)| Timing {
        submission: jury.package.submissions[s].name.clone(),
        test: cases[t].name.clone(),
        seconds,
        runs,
    };
    let mut bounds: Vec<Timing> = Vec::new();
    for entry in &timings {
        let t = timing(entry);
        match bounds.iter_mut().find(|b| b.submission == t.submission) {
            Some(b) if b.seconds >= t.seconds => {}
            Some(b) => *b = t,
            None => bounds.push(t),
        }
    }
    let yardstick = bounds
        .iter()
        .max_by(|a, b| a.seconds.total_cmp(&b.seconds))
        .cloned();
    let derived = yardstick
        .as_ref()
        .map(|y| rounded(y.seconds * ac, resolution, floor));
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
            .unwrap_or_else(|| rounded(0.0, resolution, floor)),
        derived,
        stated: config.time_limit.clone(),
        yardstick,
        bounds,
        ac_to_time_limit: config.multipliers.ac_to_time_limit,
        time_limit_to_tle: config.multipliers.time_limit_to_tle,
        resolution,
        floor,
    };
    Ok((limit, first_pass))
}

#[cfg(test)]
mod tests {
    use super::{rounded, settle, DECISIVE_RUNS};
    use std::cell::Cell;

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
            if calls.get() < DECISIVE_RUNS {
                0.74
            } else {
                0.6
            }
        };
        let mut timings = vec![((0, 0), 1.0, 1), ((0, 1), 0.70, 1)];
        settle(&mut timings, &run, 60.0, Some((2.0, 0.5, 0.0)));
        let top = timings.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert!(top.2 >= DECISIVE_RUNS, "{timings:?}");
        assert_eq!(top.0, (0, 1));
        assert!((top.1 - 0.65).abs() < 1e-9, "{timings:?}");
    }

    #[test]
    fn a_limit_is_rounded_up_to_the_resolution_and_kept_above_the_floor() {
        // 2 × 0.661 s at 0.1 s steps.
        assert!((rounded(1.322, 0.1, 0.0) - 1.4).abs() < 1e-9);
        // Exactly on a step stays there.
        assert!((rounded(1.4, 0.1, 0.0) - 1.4).abs() < 1e-9);
        // Under the floor: the floor.
        assert!((rounded(0.02, 0.1, 1.0) - 1.0).abs() < 1e-9);
        // A floor between steps is rounded up too.
        assert!((rounded(0.02, 0.5, 1.2) - 1.5).abs() < 1e-9);
        // Never below one step, the format's own rule.
        assert!((rounded(0.0, 1.0, 0.0) - 1.0).abs() < 1e-9);
    }
}
