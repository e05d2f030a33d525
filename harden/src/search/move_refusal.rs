//! The figures a move of a derived limit is decided on ([`MoveAsked`], the
//! limit they give: [`new_limit`]) and why one is refused ([`MoveRefused`]),
//! said in the words docs/LIMITS.md ("One rule") uses, with the figures:
//! harden tells it of a survivor not caught (issue 45), so that "not caught"
//! says whether only the limit stood in the way, and what would have to
//! change. The rule itself is `moved_limit.rs`'s [`super::decide`]; a limit
//! fixed before anything is measured (stated, a move already made) is said
//! by the session (`session/moved.rs`).

use super::CONFIRMING_RUNS;
use jurybox_jury::{Interval, LimitRule};

/// A bounding submission's time on a candidate, for [`super::decide`].
#[derive(Clone, Debug, PartialEq)]
pub struct BoundTime {
    /// Its name (`accepted/linear.c`).
    pub name: String,
    /// Whether it must pass the test (an accepted submission).
    pub must_pass: bool,
    /// Its runs' interval; `None` when it ran past the most the search
    /// could confirm (the limit would move further than that).
    pub interval: Option<Interval>,
}

/// What [`super::decide`] is asked.
#[derive(Clone, Debug)]
pub struct MoveAsked<'x> {
    /// The derivation's rounding rule.
    pub rule: LimitRule,
    /// The format's `time_limit_to_tle`.
    pub time_limit_to_tle: f64,
    /// The limit a new test must keep now.
    pub from: f64,
    /// Whether the package states its limit.
    pub stated: bool,
    /// Each bounding submission's time on the test.
    pub bounds: &'x [BoundTime],
    /// The slow target's CPU seconds in its runs under the new limit (0 for
    /// a run it did not fail by time), in the order run.
    pub target_runs: &'x [f64],
    /// The largest limit the budget left could confirm a move to: each
    /// bounding submission is stopped past its noise ceiling (said when
    /// one ran past it).
    pub reach: f64,
}

/// Why [`super::decide`] (or the search before it) refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveRefused {
    /// The package states its limit: never moved.
    Stated,
    /// No accepted submission's time on the test is known (none bounds the
    /// limit, or none ran): no accepted run to derive the new limit from.
    NoBounds,
    /// A bounding submission ran past the most the search could confirm.
    BeyondReach,
    /// An accepted submission fails the test (wrong answer, crash): no
    /// limit is derived with it (the disagreement is said apart).
    AcceptedFails,
    /// The slow target is not over `time_limit_to_tle` × the new limit in
    /// every one of [`CONFIRMING_RUNS`] runs.
    NotSeparable,
}

/// The limit derived with the test in the data: the limit kept now, or the
/// step the slowest bounding interval gives when higher.
/// [`MoveRefused::BeyondReach`] when a bounding submission ran past reach;
/// [`MoveRefused::NoBounds`] when no accepted submission's time is among
/// `bounds` (empty, or none that must pass): the limit kept would otherwise
/// pass for one derived again, from no accepted run.
pub fn new_limit(rule: &LimitRule, from: f64, bounds: &[BoundTime]) -> Result<f64, MoveRefused> {
    let to = bounds.iter().try_fold(from, |limit, b| {
        let interval = b.interval.as_ref().ok_or(MoveRefused::BeyondReach)?;
        Ok(limit.max(rule.step(interval).seconds))
    })?;
    match bounds.iter().any(|b| b.must_pass) {
        true => Ok(to),
        false => Err(MoveRefused::NoBounds),
    }
}

/// A move of the limit refused, as harden says it: a test the survivor
/// fails by time `would` move the limit, `but` something holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRefusal {
    /// The move (`a test that catches it at the 0.10 s limit would move
    /// the derived time limit to 0.90 s`).
    pub would: String,
    /// Why it may not (`only 2 of 3 runs were over ...`).
    pub but: String,
}

impl MoveRefusal {
    /// The whole sentence: `{would}, but {but}`.
    pub fn said(&self) -> String {
        format!("{}, but {}", self.would, self.but)
    }
}

/// What [`super::decide`] (or the search before it) refused, said with the
/// figures it was `asked`.
pub fn refusal(why: MoveRefused, asked: &MoveAsked) -> MoveRefusal {
    let from = asked.from;
    let known_to = new_limit(&asked.rule, from, asked.bounds).ok();
    let to = match known_to {
        Some(to) if to > from + 1e-9 => format!(" to {to:.2} s"),
        _ => String::new(),
    };
    let would = format!(
        "a test that catches it at the {from:.2} s limit would move the derived time limit{to}"
    );
    let but = match why {
        MoveRefused::Stated => {
            "the package states its limit: a stated limit is never moved".to_string()
        }
        MoveRefused::NoBounds => {
            "no accepted submission ran on it: no accepted run to derive the new limit from"
                .to_string()
        }
        MoveRefused::AcceptedFails => {
            "an accepted submission fails it (said apart): no limit is derived with it".to_string()
        }
        MoveRefused::BeyondReach => beyond_reach(asked),
        MoveRefused::NotSeparable => not_separable(asked, known_to.unwrap_or(from)),
    };
    MoveRefusal { would, but }
}

/// A move past what the budget left could confirm: the bounding submission
/// that ran past it, or none run when it reaches no higher than the limit.
fn beyond_reach(asked: &MoveAsked) -> String {
    let reach = asked.reach;
    let past = asked.bounds.iter().find(|b| b.interval.is_none());
    match past {
        Some(b) => format!(
            "it is beyond reach: {} ran past {:.2} s on it, the most the budget left can confirm a limit of {reach:.2} s with",
            b.name,
            asked.rule.noise_ceiling(reach)
        ),
        None => format!(
            "it is beyond reach: the budget left confirms no limit above {reach:.2} s, and {:.2} s is in force",
            asked.from
        ),
    }
}

/// The slow target not over `time_limit_to_tle` × the new limit `to` in
/// each of [`CONFIRMING_RUNS`] runs: how many were, and the one that was not.
fn not_separable(asked: &MoveAsked, to: f64) -> String {
    let tle = asked.time_limit_to_tle;
    let line = tle * to;
    let runs = asked.target_runs;
    let over = runs.iter().take_while(|cpu| **cpu > line).count();
    let under = match runs.get(over) {
        Some(cpu) if *cpu > 0.0 => format!("; run {} took {cpu:.3} s", over + 1),
        Some(_) => format!("; run {} was not failed by time", over + 1),
        None => String::new(),
    };
    format!(
        "only {over} of {CONFIRMING_RUNS} runs confirmed the slow submission over {tle} × {to:.2} s = {line:.2} s{under}: it is not separable under the limit the test gives"
    )
}

/// The figures the refusal's tests and `moved_limit.rs`'s share: 2025-09's
/// defaults with 0.1 s steps, and a bounding submission's times.
#[cfg(test)]
pub(super) mod fixtures {
    use super::*;

    /// 2025-09's defaults with 0.1 s steps: a limit of one step, derived
    /// from samples that take a millisecond.
    pub(in crate::search) const RULE: LimitRule = LimitRule {
        ac_to_time_limit: 2.0,
        resolution: 0.1,
        floor: 0.0,
    };

    pub(in crate::search) fn bound(name: &str, must_pass: bool, seconds: Option<f64>) -> BoundTime {
        BoundTime {
            name: name.into(),
            must_pass,
            interval: seconds.map(|s| Interval::of(&[s, s])),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::fixtures::{bound, RULE};

    fn asked<'x>(bounds: &'x [BoundTime], runs: &'x [f64]) -> MoveAsked<'x> {
        MoveAsked {
            rule: RULE,
            time_limit_to_tle: 1.5,
            from: 0.1,
            stated: false,
            bounds,
            target_runs: runs,
            reach: 2.0,
        }
    }

    /// `why` said of `asked` (which `decide` refuses for `why`: held by
    /// `moved_limit.rs`'s tests, on the same figures).
    fn said_of(why: MoveRefused, asked: &MoveAsked) -> String {
        refusal(why, asked).said()
    }

    #[test]
    fn a_stated_limit_says_it_is_never_moved() {
        let bounds = [bound("accepted/linear.c", true, Some(0.30))];
        let mut stated = asked(&bounds, &[9.0; CONFIRMING_RUNS]);
        stated.stated = true;
        let said = said_of(MoveRefused::Stated, &stated);
        assert!(said.starts_with("a test that catches it at the 0.10 s limit would move the derived time limit to 0.60 s, but"), "{said}");
        assert!(
            said.ends_with("but the package states its limit: a stated limit is never moved"),
            "{said}"
        );
    }

    #[test]
    fn too_few_runs_over_the_line_say_how_many_and_the_one_under_it() {
        // The new limit 0.6 s (2 × 0.30 s): the line 1.5 × 0.6 = 0.90 s.
        let bounds = [bound("accepted/linear.c", true, Some(0.30))];
        let said = said_of(
            MoveRefused::NotSeparable,
            &asked(&bounds, &[1.2, 1.1, 0.85]),
        );
        assert!(
            said.contains("limit to 0.60 s, but only 2 of 3 runs"),
            "{said}"
        );
        assert!(
            said.contains("over 1.5 × 0.60 s = 0.90 s; run 3 took 0.850 s"),
            "{said}"
        );
        let said = said_of(MoveRefused::NotSeparable, &asked(&bounds, &[1.2, 0.0]));
        assert!(said.contains("only 1 of 3 runs"), "{said}");
        assert!(said.contains("run 2 was not failed by time"), "{said}");
    }

    #[test]
    fn a_bounding_submission_past_reach_is_named_with_the_reach() {
        let bounds = [
            bound("accepted/linear.c", true, Some(0.30)),
            bound("accepted/slower.c", true, None),
        ];
        assert_eq!(
            new_limit(&RULE, 0.1, &bounds),
            Err(MoveRefused::BeyondReach)
        );
        let said = said_of(MoveRefused::BeyondReach, &asked(&bounds, &[]));
        // Its new limit is unknown: no figure "to".
        assert!(said.starts_with("a test that catches it at the 0.10 s limit would move the derived time limit, but it is beyond reach: accepted/slower.c ran past 1.01 s on it"), "{said}");
        assert!(said.contains("a limit of 2.00 s"), "{said}");
        // No bounding submission run: the budget reached no higher.
        let mut short = asked(&[], &[]);
        short.reach = 0.1;
        let said = said_of(MoveRefused::BeyondReach, &short);
        assert!(
            said.ends_with(
                "the budget left confirms no limit above 0.10 s, and 0.10 s is in force"
            ),
            "{said}"
        );
    }

    #[test]
    fn no_accepted_run_is_its_own_reason_not_beyond_reach() {
        // Seen to fail before: empty bounds gave the limit kept, as if
        // derived again, and `decide` then BeyondReach (no slowest found).
        assert_eq!(new_limit(&RULE, 0.1, &[]), Err(MoveRefused::NoBounds));
        // Only submissions that need not pass: none accepted to derive from.
        let wrong = [bound("wrong_answer/off.c", false, Some(0.30))];
        assert_eq!(new_limit(&RULE, 0.1, &wrong), Err(MoveRefused::NoBounds));
        let measured = [bound("accepted/linear.c", true, Some(0.30))];
        let to = new_limit(&RULE, 0.1, &measured).unwrap();
        assert!((to - 0.6).abs() < 1e-9, "{to}");
        let said = said_of(MoveRefused::NoBounds, &asked(&[], &[9.0; CONFIRMING_RUNS]));
        assert!(said.ends_with("but no accepted submission ran on it: no accepted run to derive the new limit from"), "{said}");
    }

    #[test]
    fn an_accepted_submission_failing_it_is_said() {
        let said = said_of(MoveRefused::AcceptedFails, &asked(&[], &[]));
        assert!(
            said.ends_with(
                "but an accepted submission fails it (said apart): no limit is derived with it"
            ),
            "{said}"
        );
    }
}
