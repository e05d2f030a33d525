//! The limit a hardening run holds its tests to, once a test it found has
//! moved a derived one ([`crate::search::LimitMove`], issue 43): every later
//! search keeps the moved limit and judges a slow target against its line,
//! as the package will be judged with the test in it. At most one move a
//! run, and none after a slow target was caught at the limit in force:
//! that catch was judged against the old line, which a move would raise.
//! Why the limit is fixed is told of a survivor a move would have caught
//! ([`fixed_because`], issue 45).

use super::Session;
use crate::search::MoveRefusal;
use jurybox_format::Verdict;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Whether, and where to, a test found in this run moved the derived limit.
#[derive(Debug, Default)]
pub(crate) struct LimitInForce {
    /// The limit a found test moved it to.
    moved_to: Mutex<Option<f64>>,
    /// Whether a too-slow target was caught in this run.
    slow_caught: AtomicBool,
}

/// Why a hardening run's catches may not move the derived limit
/// ([`Session::may_move_limit`]), each a reason of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LimitFixed {
    /// The package states its limit (problem.yaml, problem.xml,
    /// `.timelimit`, a built-in's recorded limit): the jury's decision.
    Stated,
    /// A scoring group states a limit of its own.
    GroupStated,
    /// The data rejects a submission by its time alone: a higher limit
    /// might let it through.
    RejectsByTimeAlone,
    /// A slow target was caught in this run, judged against the line of
    /// the limit in force, which a move would raise.
    SlowCaught,
}

/// What [`limit_fixed`] weighs, read off a session.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LimitFacts {
    /// The package states its limit.
    pub stated: bool,
    /// A scoring group states one.
    pub group_stated: bool,
    /// A submission the data rejects fails by time alone
    /// ([`failed_by_time_alone`]).
    pub rejects_by_time_alone: bool,
    /// A slow target was caught in this run.
    pub slow_caught: bool,
}

/// The first reason the limit may not move, `None` when it may: the
/// decision of [`Session::may_move_limit`], apart from the session so that
/// each condition is tested on its own.
pub(crate) fn limit_fixed(facts: &LimitFacts) -> Option<LimitFixed> {
    [
        (facts.stated, LimitFixed::Stated),
        (facts.group_stated, LimitFixed::GroupStated),
        (facts.rejects_by_time_alone, LimitFixed::RejectsByTimeAlone),
        (facts.slow_caught, LimitFixed::SlowCaught),
    ]
    .into_iter()
    .find_map(|(holds, why)| holds.then_some(why))
}

/// The figures [`fixed_because`] names.
#[derive(Clone, Debug, Default)]
pub(crate) struct FixedFigures<'x> {
    /// The limit in force, seconds.
    pub in_force: f64,
    /// The package's own limit and where it is stated.
    pub stated: Option<&'x (f64, String)>,
    /// The first scoring group (or test) with a limit of its own.
    pub group: Option<(&'x str, f64)>,
    /// The first submission the data rejects by time alone.
    pub rejected: Option<&'x str>,
    /// Where this run moved the derived limit, when it did.
    pub moved_to: Option<f64>,
}

/// Why the limit may not move (`why`), in docs/LIMITS.md's words, with the
/// figures: the "but" of a move refused.
pub(crate) fn fixed_because(why: LimitFixed, figures: &FixedFigures) -> String {
    let in_force = figures.in_force;
    match why {
        LimitFixed::Stated => match figures.stated {
            Some((seconds, place)) => format!(
                "the package states its limit, {seconds:.2} s ({place}): a stated limit is never moved"
            ),
            None => "the package states its limit: a stated limit is never moved".to_string(),
        },
        LimitFixed::GroupStated => match figures.group {
            Some((group, seconds)) => format!(
                "{group} states a limit of its own, {seconds:.2} s: a stated limit is never moved"
            ),
            None => "a scoring group states a limit of its own: a stated limit is never moved".to_string(),
        },
        LimitFixed::RejectsByTimeAlone => format!(
            "the data rejects {} by time alone at {in_force:.2} s: a higher limit might let it through",
            figures.rejected.unwrap_or("a submission")
        ),
        LimitFixed::SlowCaught => match figures.moved_to {
            Some(to) => format!(
                "this run moved the derived time limit once already, to {to:.2} s: one move a run"
            ),
            None => format!(
                "a slow survivor was caught in this run at the {in_force:.2} s limit's line, which a move would raise: none once a slow survivor was caught at the old line"
            ),
        },
    }
}

/// Whether a submission's verdicts (of the tests it ran) fail some test and
/// every failure is a time limit.
pub(crate) fn failed_by_time_alone(verdicts: impl Iterator<Item = Verdict> + Clone) -> bool {
    let mut failed = verdicts.filter(|v| *v != Verdict::AC);
    let any = failed.clone().next().is_some();
    any && failed.all(|v| v == Verdict::TLE)
}

impl Session {
    /// The limit in force: the package's, or the one a test found in this
    /// run moved a derived one to.
    pub fn limit_in_force(&self) -> f64 {
        let moved = *self.in_force.moved_to.lock().expect("no panics holding it");
        moved.unwrap_or(self.limit.seconds)
    }

    /// CPU seconds past which a slow submission is separable under the
    /// limit in force.
    pub fn tle_seconds(&self) -> f64 {
        self.limit_in_force() * self.limit.time_limit_to_tle
    }

    /// `Ok(time_limit_to_tle)` when a too-slow target's catch may move the
    /// limit ([`crate::search::Searcher::may_move_limit`]): the package
    /// states none (nor any group's), no slow target was caught in this run
    /// yet, and the data rejects no submission by its time alone (a higher
    /// limit might let it through). Else why not, with its figures.
    pub fn may_move_limit(&self) -> Result<f64, MoveRefusal> {
        let rejected = (self.matrix.rows.iter())
            .find(|row| failed_by_time_alone(row.runs.iter().flatten().map(|r| r.verdict)))
            .map(|row| self.package.submissions[row.submission].name.as_str());
        let facts = LimitFacts {
            stated: self.limit.stated.is_some(),
            group_stated: !self.limit.groups.is_empty(),
            rejects_by_time_alone: rejected.is_some(),
            slow_caught: self.in_force.slow_caught.load(Ordering::Relaxed),
        };
        let Some(why) = limit_fixed(&facts) else {
            return Ok(self.limit.time_limit_to_tle);
        };
        let in_force = self.limit_in_force();
        let figures = FixedFigures {
            in_force,
            stated: self.limit.stated.as_ref(),
            group: (self.limit.groups.iter())
                .find(|(_, _, own)| *own)
                .map(|(name, seconds, _)| (name.as_str(), *seconds)),
            rejected,
            moved_to: *self.in_force.moved_to.lock().expect("no panics holding it"),
        };
        let what = match why {
            LimitFixed::Stated | LimitFixed::GroupStated => "time limit",
            _ => "derived time limit",
        };
        Err(MoveRefusal {
            would: format!(
                "a test that catches it at the {in_force:.2} s limit would move the {what}"
            ),
            but: fixed_because(why, &figures),
        })
    }

    /// A too-slow target was caught, by a test that moved the derived limit
    /// to `moved_to` when it did.
    pub fn caught_slow(&self, moved_to: Option<f64>) {
        self.in_force.slow_caught.store(true, Ordering::Relaxed);
        if let Some(to) = moved_to {
            *self.in_force.moved_to.lock().expect("no panics holding it") = Some(to);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::{AC, RTE, TLE, WA};

    #[test]
    fn a_derived_limit_may_move_when_nothing_fixes_it() {
        assert_eq!(limit_fixed(&LimitFacts::default()), None);
    }

    #[test]
    fn each_fact_that_fixes_the_limit_gives_its_own_reason() {
        let each = [
            (
                LimitFacts {
                    stated: true,
                    ..Default::default()
                },
                LimitFixed::Stated,
            ),
            (
                LimitFacts {
                    group_stated: true,
                    ..Default::default()
                },
                LimitFixed::GroupStated,
            ),
            (
                LimitFacts {
                    rejects_by_time_alone: true,
                    ..Default::default()
                },
                LimitFixed::RejectsByTimeAlone,
            ),
            (
                LimitFacts {
                    slow_caught: true,
                    ..Default::default()
                },
                LimitFixed::SlowCaught,
            ),
        ];
        for (facts, why) in each {
            assert_eq!(limit_fixed(&facts), Some(why), "{facts:?}");
        }
    }

    #[test]
    fn each_reason_the_limit_is_fixed_is_said_with_its_figures() {
        let stated = (1.0, "problem.yaml".to_string());
        let figures = FixedFigures {
            in_force: 1.0,
            stated: Some(&stated),
            group: Some(("group 2", 2.5)),
            rejected: Some("time_limit_exceeded/slow.c"),
            moved_to: None,
        };
        let said = |why| fixed_because(why, &figures);
        assert_eq!(
            said(LimitFixed::Stated),
            "the package states its limit, 1.00 s (problem.yaml): a stated limit is never moved"
        );
        assert_eq!(
            said(LimitFixed::GroupStated),
            "group 2 states a limit of its own, 2.50 s: a stated limit is never moved"
        );
        assert!(said(LimitFixed::RejectsByTimeAlone)
            .starts_with("the data rejects time_limit_exceeded/slow.c by time alone at 1.00 s"));
        assert!(
            said(LimitFixed::SlowCaught).contains("caught in this run at the 1.00 s limit's line")
        );
        let moved = FixedFigures {
            moved_to: Some(3.0),
            ..figures
        };
        assert!(fixed_because(LimitFixed::SlowCaught, &moved)
            .starts_with("this run moved the derived time limit once already, to 3.00 s"));
    }

    #[test]
    fn a_stated_limit_never_moves_whatever_else_holds() {
        let all = LimitFacts {
            stated: true,
            group_stated: true,
            rejects_by_time_alone: true,
            slow_caught: true,
        };
        assert_eq!(limit_fixed(&all), Some(LimitFixed::Stated));
    }

    #[test]
    fn only_a_submission_failed_by_time_and_nothing_else_is_failed_by_time_alone() {
        let alone = |v: &[Verdict]| failed_by_time_alone(v.iter().copied());
        assert!(alone(&[AC, TLE, AC]));
        assert!(alone(&[TLE]));
        // Failing nothing is no failure by time.
        assert!(!alone(&[AC, AC]));
        assert!(!alone(&[]));
        // A wrong answer or a crash beside the time limit rejects it anyway.
        assert!(!alone(&[TLE, WA]));
        assert!(!alone(&[RTE, TLE]));
    }
}
