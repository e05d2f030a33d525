//! The time limit, by the package format's own rule (`jurybox_format::TimeRule`:
//! legacy, 2025-09 or Polygon say which submissions bound it on each side): at
//! least `ac_to_time_limit` × the slowest run of every submission that bounds it
//! from below, rounded up to a multiple of `time_resolution`; each submission
//! that must time out should need more than `time_limit_to_tle` × the limit
//! somewhere (it is then *separable*).
//!
//! Stable, because a limit that moves between two derivations rejects correct
//! contestants on one of them (issue 45). The slowest lower-bounding run (by
//! its one run beside others, an upper bound of its time alone) is run again
//! one at a time, once and, if it is still the slowest, five runs in all
//! (`settle.rs`); then three times beside busy neighbours jurybox starts
//! itself (`neighbour.rs`). Its interval runs from its
//! fastest run alone to the slower of its second fastest alone and its fastest
//! beside the neighbours: the noise that moves a limit between a quiet and a
//! loaded hour, measured where it happens. Where `ac_to_time_limit` × that
//! interval straddles a rounding step, the limit is the upper step
//! (`limit_noise.rs`). A run below the settled yardstick cannot set the limit
//! and keeps its one run, and says so.
//!
//! A stated limit (problem.yaml, `.timelimit`, problem.xml, a built-in
//! problem's recorded limit) is a decision, kept: the derivation checks it
//! (`stated.rs`) and says a clear contradiction with its numbers.
//!
//! A caller may add a floor ([`derive_keeping`]): jurybox's built-in problems
//! keep their plans' 1 s, below which process start-up and a slower judge weigh
//! more than the algorithm. The package's `time_resolution` rounds either way.

mod derive;
mod moments;
mod neighbour;
mod settle;
mod stated;

pub use derive::{derive, derive_keeping};
pub use moments::{Between, Moment, Yardstick};
pub use neighbour::NEIGHBOUR_RUNS;
pub use stated::StatedCheck;

use super::limit_noise::{Interval, LimitRule};

/// Runs of each decisive (submission, test) pair alone: five, as a built-in
/// problem's suite always made them (once `jurybox_judging::timing`).
pub const DECISIVE_RUNS: usize = 5;

/// A submission's time on a test.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// The submission.
    pub submission: String,
    /// The test.
    pub test: String,
    /// CPU seconds: the fastest of its runs.
    pub seconds: f64,
    /// CPU seconds: the second fastest of its runs alone.
    pub upper: f64,
    /// How many runs the figures are of.
    pub runs: usize,
    /// Whether they were made one at a time; else the figure is the parallel
    /// pass's one run beside others, an upper bound of its time alone (it
    /// was too far below the yardstick to set the limit). One run alone is
    /// such an upper bound too (see `settle`).
    pub alone: bool,
    /// CPU seconds: its fastest run beside `neighbours` busy neighbours (the
    /// limit's yardstick only), the interval's upper end when slower.
    pub loaded: Option<f64>,
    /// How many busy neighbours those runs had.
    pub neighbours: usize,
    /// The yardstick over the derivation's moments, when its runs alone were
    /// each measured beside one (`moments.rs`): the figures above are then
    /// brought to its quiet moment, and its variation widens the interval.
    pub between: Option<Between>,
    /// The fastest and second fastest runs alone as measured, before they
    /// were brought to the quiet moment (with `between`).
    pub raw: Option<(f64, f64)>,
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

    /// Its runs' interval (with the loaded end, when it was run so).
    pub fn interval(&self) -> Interval {
        Interval {
            fastest: self.seconds,
            upper: self.upper,
            runs: self.runs,
            loaded: self.loaded,
            between: self.between.map(|b| b.variation()),
        }
    }

    /// How the runs were brought to the quiet moment and how far the
    /// variation between moments widened the interval (item 1: say the
    /// interval, the variation, and by how much it widened), when measured.
    pub fn between_moments(&self) -> Option<String> {
        let between = self.between?;
        let raw = self.raw.map_or(String::new(), |(f, u)| {
            format!(" from {f:.3}–{u:.3} s as run")
        });
        let agreed = self.upper.max(self.seconds);
        let widened = agreed * between.variation();
        let by = match widened > agreed + 1e-9 {
            true => format!(
                "widened {:.2}× to {widened:.3} s (its second fastest, the figure two runs agree                  on, × that variation)",
                widened / agreed.max(1e-9)
            ),
            false => "not widened (the yardstick did not move between moments)".into(),
        };
        Some(format!(
            "each run brought to the quiet moment by the yardstick beside it{raw}; between moments, {}: {by}",
            between.describe()
        ))
    }

    /// The busy neighbours' own part of the widening: their fastest run ÷
    /// the second fastest alone (at most 1: they did not widen it), when run.
    /// The interval's whole widening (`Interval::widened_by`) also holds the
    /// variation between moments, which is said apart.
    pub fn widened_by_neighbours(&self) -> Option<f64> {
        Some(self.loaded? / self.upper.max(self.seconds).max(1e-9))
    }

    /// How the interval was widened, when it was (item 5: say the noise):
    /// `0.441 s alone, widened 1.25× to 0.552 s, its fastest of 3 runs beside
    /// 1 busy neighbour`, or that the neighbours did not widen it.
    pub fn widening(&self) -> Option<String> {
        let loaded = self.loaded?;
        let by = self.widened_by_neighbours()?;
        let beside = format!(
            "its fastest of {NEIGHBOUR_RUNS} runs beside {} busy neighbour{} jurybox started, {loaded:.3} s",
            self.neighbours,
            if self.neighbours == 1 { "" } else { "s" }
        );
        Some(match by > 1.0 + 1e-9 {
            true => format!(
                "second fastest alone {:.3} s, widened {by:.2}× by {beside}",
                self.upper,
            ),
            false => format!("not widened: {beside}, is within its runs alone"),
        })
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
    /// The submissions that bound the limit from above (they must time out).
    pub above: Vec<String>,
    /// The format's rule: who bounds the limit on each side, with its
    /// multipliers (`jurybox_format::TimeRule::describe`).
    pub format_rule: String,
    /// `ac_to_time_limit`.
    pub ac_to_time_limit: f64,
    /// `time_limit_to_tle`.
    pub time_limit_to_tle: f64,
    /// `time_resolution`.
    pub resolution: f64,
    /// The smallest limit the caller allows (0: none; see [`derive_keeping`]).
    pub floor: f64,
    /// The machine's load average and core count when the decisive runs
    /// ended, when it was busy (more than twice the cores).
    pub busy: Option<(f64, usize)>,
    /// How the decisive runs were made (`alone`, or `alone at real-time
    /// priority`: `undisturbed.rs`).
    pub how: &'static str,
    /// Why instructions retired were not counted beside the CPU times, when
    /// they were not (`jurybox_sandbox::instructions`): said once, in the
    /// limit's line, never an error.
    pub uncounted: Option<String>,
    /// Why the yardstick between moments was not run, when it was not (its
    /// programs did not build): said once, in the limit's line.
    pub unmeasured_moments: Option<String>,
    /// Each scored group's limit, when the package states one for some group
    /// or test (sinol-make's `time_limits`): (`group 1`, seconds, whether its
    /// own), then each test's of its own (`test in/abc1a`).
    /// Empty when every test is judged by the one limit.
    pub groups: Vec<(String, f64, bool)>,
    /// Each submission judged under its language's own limits (sinol's
    /// `override_limits` beside solutions of other languages), worded:
    /// `prog/abc.py 3.00 s, 256 MiB (override_limits: py)`.
    pub own: Vec<String>,
}

impl TimeLimit {
    /// CPU seconds past which a slow submission is separable.
    pub fn tle_seconds(&self) -> f64 {
        self.seconds * self.time_limit_to_tle
    }

    /// CPU seconds under which an accepted submission is clear of the limit:
    /// limit ÷ `ac_to_time_limit` (item 4; BAPCtools' "time sensitive" lower
    /// end).
    pub fn ac_seconds(&self) -> f64 {
        self.seconds / self.ac_to_time_limit
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

    /// The stated limit checked against the derivation (`None`: none stated,
    /// or nothing bounds it from below).
    pub fn stated_check(&self) -> Option<StatedCheck> {
        StatedCheck::of(self)
    }

    /// How the yardstick's interval became the derived limit, in a clause:
    /// `2 × 0.490–0.520 s (accepted/a.cpp on secret/t, ...) straddles 1.0 s,
    /// so the upper step: ...` or `2 × 0.610–0.630 s (...), rounded up to a
    /// multiple of 0.5 s`.
    pub fn rounding(&self) -> String {
        let Some(y) = &self.yardstick else {
            return "no submission bounds the limit from below (an accepted one would)".into();
        };
        let widening = y.widening().map_or(String::new(), |w| format!("; {w}"));
        let widening = match y.between_moments() {
            Some(b) => format!("{widening}; {b}"),
            None => widening,
        };
        let times = format!(
            "{} × {} ({} on {}, {}{widening})",
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

    /// Who bounds the limit: the format's rule, then the submissions.
    pub fn bounded_by(&self) -> String {
        let names = |list: &[String]| match list.len() {
            0 => "none".to_string(),
            _ => list.join(", "),
        };
        let below: Vec<String> = self.bounds.iter().map(|b| b.submission.clone()).collect();
        format!(
            "{}; here from below: {}; from above: {}",
            self.format_rule,
            names(&below),
            names(&self.above)
        )
    }

    /// `Per group (the package's time_limits): group 1 1.00 s (the limit
    /// above), group 2 3.00 s (its own)`, when some group or test states its
    /// own limit (item 5: a sinol package's line says each group's, and each
    /// test's of its own: `test in/abc1a 5.00 s (its own)`).
    pub fn per_group(&self) -> Option<String> {
        if !self.groups.iter().any(|(_, _, own)| *own) {
            return None;
        }
        let each: Vec<String> = self
            .groups
            .iter()
            .map(|(name, seconds, own)| match own {
                true => format!("{name} {seconds:.2} s (its own)"),
                false => format!("{name} {seconds:.2} s (the limit above)"),
            })
            .collect();
        let heading = match self
            .groups
            .iter()
            .any(|(name, _, _)| name.starts_with("test "))
        {
            true => "Per group and test",
            false => "Per group",
        };
        Some(format!(
            "{heading} (the package's time_limits): {}",
            each.join(", ")
        ))
    }

    /// One paragraph: the rule, the figures, the stated limit's check.
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
        let said = match (&self.stated, self.stated_check()) {
            (Some((s, file)), Some(check)) => {
                format!(
                    "time limit {s:.2} s ({file}), {}; {derived}",
                    check.describe()
                )
            }
            (Some((s, file)), None) => format!("time limit {s:.2} s ({file}); {derived}"),
            (None, _) => format!("time limit {:.1} s: {derived}", self.seconds),
        };
        let said = format!("{said}. Bounds: {}", self.bounded_by());
        let said = match self.per_group() {
            Some(groups) => format!("{said}. {groups}"),
            None => said,
        };
        let said = match self.own.is_empty() {
            true => said,
            false => format!(
                "{said}. Per solution, its language's own: {}",
                self.own.join(", ")
            ),
        };
        let said = match &self.unmeasured_moments {
            Some(why) if self.yardstick.is_some() => {
                format!("{said}. The machine's variation between moments: not measured ({why})")
            }
            _ => said,
        };
        let said = match &self.uncounted {
            Some(why) if self.yardstick.is_some() => {
                format!("{said}. Instructions retired: not counted ({why}), so CPU time alone")
            }
            _ => said,
        };
        match self.busy {
            Some((load, cores)) if self.yardstick.is_some() => format!(
                "{said}. Measured on a busy machine (load average {load:.1} on {cores} cores)"
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

#[cfg(test)]
mod tests {
    use super::{Timing, DECISIVE_RUNS};

    pub(super) fn timing(alone: bool, runs: usize) -> Timing {
        Timing {
            submission: "wrong_answer/w.py".into(),
            test: "secret/1".into(),
            seconds: 0.1,
            upper: 0.1,
            runs,
            alone,
            loaded: None,
            neighbours: 0,
            between: None,
            raw: None,
        }
    }

    #[test]
    fn a_bound_not_run_to_an_interval_says_it_is_an_upper_bound() {
        assert_eq!(
            timing(true, DECISIVE_RUNS).how("alone"),
            "fastest and second fastest of 5 runs alone"
        );
        assert_eq!(
            timing(true, 1).how("alone"),
            "one run alone, an upper bound"
        );
        assert_eq!(
            timing(false, 1).how("alone"),
            "one run beside others, an upper bound"
        );
    }

    #[test]
    fn a_widened_interval_says_by_what() {
        let widened = Timing {
            seconds: 0.434,
            upper: 0.441,
            loaded: Some(0.552),
            neighbours: 1,
            ..timing(true, DECISIVE_RUNS)
        };
        let said = widened.widening().unwrap();
        assert!(
            said.contains("second fastest alone 0.441 s, widened 1.25×"),
            "{said}"
        );
        assert!(
            said.contains("beside 1 busy neighbour jurybox started, 0.552 s"),
            "{said}"
        );
        assert_eq!(widened.interval().seconds(), "0.434–0.552 s");
        let not = Timing {
            loaded: Some(0.43),
            ..widened
        };
        assert!(not.widening().unwrap().starts_with("not widened"));
        assert!(timing(true, 1).widening().is_none());
    }
}
