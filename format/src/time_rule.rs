//! Which submissions bound a package's time limit, by its format's own rule
//! (issue 45 item 0). The formats agree on the arithmetic (a limit at least
//! `ac_to_time_limit` × the slowest lower-bounding run, at most the fastest
//! upper-bounding run ÷ `time_limit_to_tle`) and differ on who takes part:
//!
//! - **legacy** (problemtools' `verifyproblem`, the reference implementation
//!   of the legacy and legacy-icpc formats): only `accepted/` bounds it from
//!   below (`time_multiplier`, default 5), `time_limit_exceeded/` from above
//!   (`time_safety_margin`, default 2). A `wrong_answer/` or `run_time_error/`
//!   submission's time never counts: a crashing submission's slow run after its
//!   first failure once set a published legacy package's limit at 26 s.
//! - **2025-09** ("Timelimit inference", as the specification reads today):
//!   every submission not permitted TLE bounds it from below (`accepted/`,
//!   `wrong_answer/`, `run_time_error/`, `use_for_time_limit: lower`), every
//!   one required to TLE from above; `use_for_time_limit: false` opts out.
//!   (problemtools counts `accepted/` alone for both formats, and the format's
//!   open issue 582 proposes that default; the specification does not say it
//!   yet, so jurybox reads the specification and names the rule it used.)
//! - **Polygon**: the limit is `problem.xml`'s, always stated; solutions
//!   tagged `main` or `accepted` must pass under it, `time-limit-exceeded` ones
//!   exceed it. Polygon has no multipliers: the format's defaults (2 and 1.5)
//!   only say how close a call is.
//!
//! Source: the format's spec/2025-09.md and spec/legacy.md; problemtools'
//! `verifyproblem.py` (`Submissions.check`); Polygon's solution tags.

use super::submissions::{Submission, TimeLimitUse};

/// The two safety margins of the time limit (2025-09 `limits.time_multipliers`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeMultipliers {
    /// The limit is at least this times the slowest accepted run.
    pub ac_to_time_limit: f64,
    /// A too-slow submission must need more than this times the limit.
    pub time_limit_to_tle: f64,
}

impl Default for TimeMultipliers {
    /// The specification's defaults: 2.0 and 1.5.
    fn default() -> TimeMultipliers {
        TimeMultipliers {
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
        }
    }
}

/// The format whose rule says which submissions bound the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeRule {
    /// Legacy / legacy-icpc: `accepted/` from below only.
    Legacy,
    /// 2025-09: every rule that does not permit TLE from below.
    V2025,
    /// Polygon: the stated limit; `main` and `accepted` must pass under it.
    Polygon,
    /// sinol-make: `config.yml`'s stated limit (and each group's
    /// `time_limits`); solutions expected to pass every test bound it.
    Sinol,
}

impl TimeRule {
    /// The multipliers a package of this format has when it states none:
    /// the legacy specification's 5 and 2, else 2025-09's 2 and 1.5.
    pub fn default_multipliers(self) -> TimeMultipliers {
        match self {
            TimeRule::Legacy => TimeMultipliers {
                ac_to_time_limit: 5.0,
                time_limit_to_tle: 2.0,
            },
            TimeRule::V2025 | TimeRule::Polygon | TimeRule::Sinol => TimeMultipliers::default(),
        }
    }

    /// The names of the two multipliers as this format writes them.
    pub fn multiplier_names(self) -> (&'static str, &'static str) {
        match self {
            TimeRule::Legacy => ("time_multiplier", "time_safety_margin"),
            TimeRule::V2025 => ("ac_to_time_limit", "time_limit_to_tle"),
            TimeRule::Polygon | TimeRule::Sinol => (
                "ac_to_time_limit (2025-09's default: the format has none)",
                "time_limit_to_tle (likewise)",
            ),
        }
    }

    /// Whether only accepted submissions may bound the limit from below.
    fn accepted_only(self) -> bool {
        matches!(self, TimeRule::Legacy | TimeRule::Polygon | TimeRule::Sinol)
    }

    /// Applies the rule to `submissions` as read: under legacy and Polygon a
    /// rule that would bound the limit from below by the 2025-09 reading (a
    /// `wrong_answer/` directory permits no TLE) does not, unless its
    /// submission is accepted. An explicit `use_for_time_limit` is kept.
    pub fn apply(self, submissions: &mut [Submission]) {
        if !self.accepted_only() {
            return;
        }
        for sub in submissions {
            if sub.is_accepted() {
                continue;
            }
            for rule in &mut sub.rules {
                if rule.use_for_time_limit == TimeLimitUse::Implied && rule.bounds_below() {
                    rule.use_for_time_limit = TimeLimitUse::No;
                }
            }
        }
    }

    /// One clause for the derivation line: the format and who bounds the
    /// limit on each side, with the multipliers in force.
    pub fn describe(self, multipliers: &TimeMultipliers) -> String {
        let (below, above) = self.multiplier_names();
        let (ac, tle) = (multipliers.ac_to_time_limit, multipliers.time_limit_to_tle);
        match self {
            TimeRule::Legacy => format!(
                "legacy format (problemtools' rule): only accepted/ bounds the limit from below \
                 ({below} {ac}), time_limit_exceeded/ from above ({above} {tle})"
            ),
            TimeRule::V2025 => format!(
                "2025-09 Timelimit inference: every submission not permitted TLE bounds the \
                 limit from below (accepted/, wrong_answer/, run_time_error/, \
                 use_for_time_limit: lower; {below} {ac}), every one required to TLE from \
                 above ({above} {tle})"
            ),
            TimeRule::Polygon => format!(
                "Polygon: the limit is problem.xml's; main and accepted solutions must pass \
                 under it, time-limit-exceeded ones exceed it (closeness told at {ac}× and \
                 {tle}×, 2025-09's defaults)"
            ),
            TimeRule::Sinol => format!(
                "sinol-make: the limit is config.yml's (each group's time_limits judge its \
                 tests); solutions expected to pass every test bound it from below \
                 (closeness told at {ac}× and {tle}×, 2025-09's defaults)"
            ),
        }
    }
}
