//! A catch of a too-slow target that moves a *derived* time limit (issue 43).
//!
//! Cut to its samples, a package's limit is derived from the accepted
//! submissions' times on tiny inputs: one resolution step. An input large
//! enough to make a slow submission time out makes the accepted ones take
//! longer than that step allows too, so "would this test move the limit"
//! ([`Searcher::keeps_limit`]) refuses every such input and the slow
//! submission survives. A derived limit is no decision of the jury's: it is
//! what the data's accepted times give, and it is derived again with the
//! test in the data. So such a test is kept when it is honest under the
//! limit it would give: the bounding submissions' times on it give the new
//! limit by the derivation's own rule ([`LimitRule::step`], a thin call run
//! again alone), every accepted submission is within it, and the slow target
//! needs more than `time_limit_to_tle` × the new limit in each of its
//! [`CONFIRMING_RUNS`] runs (the format's margin, as `run` warns of). A
//! stated limit (problem.yaml, problem.xml, `.timelimit`, a built-in's
//! recorded limit) is the jury's decision and never moved.
//!
//! [`decide`] is the rule, on figures (unit-tested without programs);
//! [`Searcher::moved_catch`] measures the figures. A refusal is said to the
//! user with its figures ([`super::move_refusal`]): a survivor not caught
//! only because the limit could not move is told why.

use super::move_refusal::{new_limit, refusal, BoundTime, MoveAsked, MoveRefusal, MoveRefused};
use super::{Searcher, Target, CONFIRMING_RUNS};
use jurybox_format::Verdict;
use jurybox_jury::{kill_past, undisturbed, Case, Interval, Limits, Stop};
use jurybox_jury::{Run, DECISIVE_RUNS};

/// A derived limit a catch moves, kept: what harden says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct LimitMove {
    /// The limit before, seconds.
    pub from: f64,
    /// The limit derived with the test in the data, seconds.
    pub to: f64,
    /// The bounding submission that sets it, and its time on the test
    /// (its interval's upper end).
    pub slowest: (String, f64),
    /// `ac_to_time_limit`.
    pub ac_to_time_limit: f64,
    /// `time_limit_to_tle`.
    pub time_limit_to_tle: f64,
    /// The slow target's fastest run under the new limit.
    pub target_fastest: f64,
    /// Its runs, each over the new line.
    pub runs: usize,
}

impl LimitMove {
    /// Whether the limit moved at all (a careful measure may find it kept).
    pub fn moves(&self) -> bool {
        self.to > self.from + 1e-9
    }

    /// The line harden says of it: the move, and why it is kept.
    pub fn said(&self) -> String {
        let (name, seconds) = &self.slowest;
        let line = self.time_limit_to_tle * self.to;
        format!(
            "moves the derived time limit from {:.2} s to {:.2} s ({} × {seconds:.3} s, {name} on it), kept: \
             the package states no limit, so it is derived again with this test in the data; every accepted \
             submission is within {:.2} s, and the slow submission needs more than {} × {:.2} s = {line:.2} s \
             in each of {} runs (fastest {:.3} s)",
            self.from,
            self.to,
            self.ac_to_time_limit,
            self.to,
            self.time_limit_to_tle,
            self.to,
            self.runs,
            self.target_fastest
        )
    }
}

/// Whether a catch of a too-slow target that would move the limit is kept,
/// and the move: only a derived limit moves, every bounding submission
/// measured (every accepted one is then within the new limit: it is at least
/// the step each one's time gives), and the target over
/// `time_limit_to_tle` × the new limit in [`CONFIRMING_RUNS`] runs.
pub fn decide(asked: &MoveAsked) -> Result<LimitMove, MoveRefused> {
    if asked.stated {
        return Err(MoveRefused::Stated);
    }
    // At least the step of every bounding interval: each accepted
    // submission is within it by the derivation's own rule.
    let to = new_limit(&asked.rule, asked.from, asked.bounds)?;
    let line = asked.time_limit_to_tle * to;
    let runs = asked.target_runs;
    if runs.len() < CONFIRMING_RUNS || runs.iter().any(|cpu| *cpu <= line) {
        return Err(MoveRefused::NotSeparable);
    }
    let (slowest, interval) = (asked.bounds.iter())
        .filter_map(|b| Some((b, b.interval?)))
        .max_by(|a, b| a.1.top().total_cmp(&b.1.top()))
        .ok_or(MoveRefused::NoBounds)?;
    Ok(LimitMove {
        from: asked.from,
        to,
        slowest: (slowest.name.clone(), interval.top()),
        ac_to_time_limit: asked.rule.ac_to_time_limit,
        time_limit_to_tle: asked.time_limit_to_tle,
        target_fastest: runs.iter().copied().fold(f64::INFINITY, f64::min),
        runs: runs.len(),
    })
}

/// How [`Searcher::moved_catch`] ended.
pub(super) enum MoveChecked {
    /// The test is kept, moving the limit as said.
    Kept(LimitMove),
    /// No test (said by the caller as a test that would move the limit);
    /// `larger_may` when the slow target was not separable under the new
    /// limit: a larger input of a growing source may be (the slow target's
    /// time grows faster than the accepted ones', or it would not be slow).
    Refused {
        /// Whether a larger input may still be kept.
        larger_may: bool,
        /// Why, as harden says it of a survivor not caught.
        refusal: MoveRefusal,
    },
    /// The budget's end came first: how far the check went.
    Cut(String),
}

impl Searcher<'_> {
    /// The largest limit a move may reach: what the check's runs (each
    /// bounding submission to the noise ceiling, six times for a thin call,
    /// and the target's [`CONFIRMING_RUNS`] to its kill time) can afford in
    /// the time left to the budget's end, in whole resolution steps.
    fn most_confirmable(&self, time_limit_to_tle: f64) -> f64 {
        let end = self.end.unwrap_or(self.deadline);
        let left = end
            .saturating_duration_since(std::time::Instant::now())
            .as_secs_f64();
        let rule = &self.limit_rule;
        let per_second = CONFIRMING_RUNS as f64 * time_limit_to_tle
            + self.bounding.len() as f64 * (1 + DECISIVE_RUNS) as f64 / rule.ac_to_time_limit;
        rule.resolution * (left / per_second / rule.resolution).floor()
    }

    /// Whether `case`, which the too-slow `target` is over the line on but
    /// which would move the limit, is kept under the limit it gives
    /// ([`decide`]): measured only for a derived limit
    /// ([`Searcher::may_move_limit`]). Runs are made one at a time, each
    /// bounding submission stopped just past what the budget lets the move
    /// reach, a thin call run again alone, as [`Searcher::keeps_limit`]
    /// does; then the target under the new limit.
    pub(super) fn moved_catch(&self, target: &Target, case: &Case) -> Result<MoveChecked, Stop> {
        let refused = |why: MoveRefused, asked: &MoveAsked| MoveChecked::Refused {
            larger_may: why == MoveRefused::NotSeparable,
            refusal: refusal(why, asked),
        };
        let tle = match &self.may_move_limit {
            Ok(tle) => *tle,
            Err(fixed) => {
                return Ok(MoveChecked::Refused {
                    larger_may: false,
                    refusal: fixed.clone(),
                })
            }
        };
        let mut asked = MoveAsked {
            rule: self.limit_rule,
            time_limit_to_tle: tle,
            from: self.kept_limit,
            stated: false,
            bounds: &[],
            target_runs: &[],
            reach: self.most_confirmable(tle),
        };
        if asked.reach <= self.kept_limit + 1e-9 {
            return Ok(refused(MoveRefused::BeyondReach, &asked));
        }
        let Some(bounds) = self.bound_times(case, asked.reach)? else {
            return Ok(refused(MoveRefused::AcceptedFails, &asked));
        };
        asked.bounds = &bounds;
        // One past reach ends the bounds early; short of that, fewer than
        // all is the budget's end.
        let (ran, of) = (bounds.len(), self.bounding.len());
        let past_reach = bounds.last().is_some_and(|b| b.interval.is_none());
        if ran < of && !past_reach {
            return Ok(MoveChecked::Cut(format!(
                "the moved limit's check: {ran} of {of} bounding submissions run"
            )));
        }
        let to = match new_limit(&self.limit_rule, self.kept_limit, &bounds) {
            Ok(to) => to,
            Err(why) => return Ok(refused(why, &asked)),
        };
        let under = Limits {
            time_limit: to,
            kill_at: kill_past(to * tle),
            ..self.limits_of(target.submission)
        };
        let mut target_runs = Vec::with_capacity(CONFIRMING_RUNS);
        while target_runs.len() < CONFIRMING_RUNS {
            if self.past_end() {
                let held = target_runs.len();
                return Ok(MoveChecked::Cut(format!(
                    "the runs under the moved limit {to:.2} s: {held} of {CONFIRMING_RUNS} over the line before the budget's end"
                )));
            }
            let run = self.unstarved(target, case, &under)?;
            let cpu = match target.catch.contains(&run.verdict) {
                true => run.cpu,
                false => 0.0,
            };
            target_runs.push(cpu);
            if cpu <= to * tle {
                break;
            }
        }
        asked.target_runs = &target_runs;
        Ok(match decide(&asked) {
            Ok(moved) => MoveChecked::Kept(moved),
            Err(why) => refused(why, &asked),
        })
    }

    /// The target's run on `case` under `limits`, run again with a longer
    /// wall clock when a busy machine starved it (as the search does).
    pub(super) fn unstarved(
        &self,
        target: &Target,
        case: &Case,
        limits: &Limits,
    ) -> Result<Run, Stop> {
        let run = self.jury.run(target.program, case, limits)?;
        if run.starved && !self.past_end() {
            return self.jury.run(target.program, case, &limits.alone());
        }
        Ok(run)
    }

    /// Each bounding submission's time on `case`, stopped past the noise
    /// ceiling of `reach`; fewer than all when the budget's end came first,
    /// the last `None` when one ran past reach. `None` in all when an
    /// accepted submission fails the test (no limit is derived with it).
    fn bound_times(&self, case: &Case, reach: f64) -> Result<Option<Vec<BoundTime>>, Stop> {
        let rule = &self.limit_rule;
        let ceiling = rule.noise_ceiling(reach);
        let mut bounds = Vec::with_capacity(self.bounding.len());
        for b in &self.bounding {
            if self.past_end() {
                return Ok(Some(bounds));
            }
            // Its own memory (a moved limit is a derived one: no package
            // or group states a time limit).
            let limits = Limits {
                time_limit: ceiling,
                kill_at: kill_past(ceiling * 1.05),
                wall_cap: None,
                ..self.limits_of(b.submission)
            };
            let run = self.jury.run(b.program, case, &limits)?;
            if b.must_pass && matches!(run.verdict, Verdict::WA | Verdict::RTE) {
                self.disagreeing(b.name, &run, case);
                return Ok(None);
            }
            let past_reach = run.verdict == Verdict::TLE || run.cpu > ceiling;
            let mut interval = Some(Interval::of(&[run.cpu])).filter(|_| !past_reach);
            if interval.is_some_and(|i| rule.thin(&i)) {
                let program = undisturbed(b.program);
                let mut alone = Vec::with_capacity(DECISIVE_RUNS);
                for _ in 0..DECISIVE_RUNS {
                    if self.past_end() {
                        return Ok(Some(bounds));
                    }
                    alone.push(self.jury.run_alone(&program, case, &limits)?.cpu);
                }
                interval = Some(Interval::of(&alone));
            }
            bounds.push(BoundTime {
                name: b.name.to_string(),
                must_pass: b.must_pass,
                interval,
            });
            if interval.is_none() {
                break;
            }
        }
        Ok(Some(bounds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::search::move_refusal::fixtures::{bound, RULE};

    fn asked<'x>(stated: bool, bounds: &'x [BoundTime], runs: &'x [f64]) -> MoveAsked<'x> {
        MoveAsked {
            rule: RULE,
            time_limit_to_tle: 1.5,
            from: 0.1,
            stated,
            bounds,
            target_runs: runs,
            reach: 5.0,
        }
    }

    #[test]
    fn a_slow_target_caught_under_the_limit_the_test_gives_moves_a_derived_limit() {
        // The linear accepted submission takes 0.30 s on the test: 2 × 0.30
        // gives 0.6 s; the quadratic one needs more than 1.5 × 0.6 = 0.9 s.
        let bounds = [bound("accepted/linear.c", true, Some(0.30))];
        let moved = decide(&asked(false, &bounds, &[1.2, 1.1, 1.3])).unwrap();
        assert!((moved.to - 0.6).abs() < 1e-9, "{moved:?}");
        assert!(moved.moves());
        assert_eq!(moved.slowest.0, "accepted/linear.c");
        assert!((moved.target_fastest - 1.1).abs() < 1e-9);
        assert!(
            moved.said().contains("from 0.10 s to 0.60 s"),
            "{}",
            moved.said()
        );
    }

    #[test]
    fn a_stated_limit_is_never_moved() {
        let bounds = [bound("accepted/linear.c", true, Some(0.30))];
        let refused = decide(&asked(true, &bounds, &[1.2, 1.1, 1.3]));
        assert_eq!(refused, Err(MoveRefused::Stated));
    }

    #[test]
    fn a_target_within_the_margin_of_the_new_limit_is_no_catch() {
        // Over the new limit (0.6 s) but not over 1.5 × it in every run: the
        // re-derived package would not separate it.
        let bounds = [bound("accepted/linear.c", true, Some(0.30))];
        let refused = decide(&asked(false, &bounds, &[1.2, 0.85, 1.3]));
        assert_eq!(refused, Err(MoveRefused::NotSeparable));
        // Fewer confirming runs than asked for is no catch either.
        assert_eq!(
            decide(&asked(false, &bounds, &[1.2])),
            Err(MoveRefused::NotSeparable)
        );
    }

    #[test]
    fn the_slowest_bounding_submission_sets_the_new_limit_and_one_past_reach_refuses() {
        // A wrong_answer/ submission bounds a 2025-09 limit from below too.
        let bounds = [
            bound("accepted/linear.c", true, Some(0.30)),
            bound("wrong_answer/off.c", false, Some(0.44)),
        ];
        let moved = decide(&asked(false, &bounds, &[1.5, 1.4, 1.6])).unwrap();
        assert!((moved.to - 0.9).abs() < 1e-9, "{moved:?}");
        assert_eq!(moved.slowest.0, "wrong_answer/off.c");
        let refused = decide(&asked(false, &bounds, &[1.3, 1.4, 1.6]));
        assert_eq!(refused, Err(MoveRefused::NotSeparable));
        let beyond = [bound("accepted/linear.c", true, None)];
        assert_eq!(
            decide(&asked(false, &beyond, &[9.0, 9.0, 9.0])),
            Err(MoveRefused::BeyondReach)
        );
    }

    /// The line the slow target must be over under the limit `bounds` give
    /// (the same product [`decide`] takes, so "at the line" is exact).
    fn line_of(bounds: &[BoundTime]) -> f64 {
        1.5 * new_limit(&RULE, 0.1, bounds).unwrap()
    }

    #[test]
    fn the_issue_asks_three_confirming_runs() {
        assert_eq!(CONFIRMING_RUNS, 3);
    }

    #[test]
    fn a_run_at_or_under_the_line_in_any_of_the_three_refuses() {
        let bounds = [bound("accepted/linear.c", true, Some(0.30))];
        let line = line_of(&bounds);
        for slow_one in 0..CONFIRMING_RUNS {
            let mut runs = vec![line + 0.3; CONFIRMING_RUNS];
            runs[slow_one] = line - 0.05;
            assert_eq!(
                decide(&asked(false, &bounds, &runs)),
                Err(MoveRefused::NotSeparable),
                "under the line in run {slow_one}: {runs:?}"
            );
        }
        // A run the judge did not fail by time counts as 0 s: never over.
        let runs = [line + 0.3, 0.0, line + 0.3];
        assert_eq!(
            decide(&asked(false, &bounds, &runs)),
            Err(MoveRefused::NotSeparable)
        );
    }

    #[test]
    fn exactly_at_the_line_refuses_and_just_over_it_is_kept() {
        // The rule is "more than time_limit_to_tle × the limit", as every
        // other line jurybox draws for a slow submission (the matrix's, a
        // catch found above): a run at the line is not past it, and any
        // judge a hair faster accepts it. So at the line is on the refused
        // side, and the next float above it on the kept side.
        let bounds = [bound("accepted/linear.c", true, Some(0.30))];
        let line = line_of(&bounds);
        let at = [line + 0.3, line, line + 0.3];
        assert_eq!(
            decide(&asked(false, &bounds, &at)),
            Err(MoveRefused::NotSeparable)
        );
        let over = [line.next_up(); CONFIRMING_RUNS];
        let moved = decide(&asked(false, &bounds, &over)).unwrap();
        assert_eq!(moved.target_fastest, line.next_up());
        assert_eq!(moved.runs, CONFIRMING_RUNS);
    }

    #[test]
    fn fewer_than_three_runs_refuse_however_slow() {
        let bounds = [bound("accepted/linear.c", true, Some(0.30))];
        let slow = 10.0 * line_of(&bounds);
        for n in 0..CONFIRMING_RUNS {
            let runs = vec![slow; n];
            assert_eq!(
                decide(&asked(false, &bounds, &runs)),
                Err(MoveRefused::NotSeparable),
                "{n} runs"
            );
        }
        let runs = vec![slow; CONFIRMING_RUNS];
        assert!(decide(&asked(false, &bounds, &runs)).is_ok());
    }

    #[test]
    fn each_refusal_gives_its_own_reason_the_stated_limit_first() {
        let measured = [bound("accepted/linear.c", true, Some(0.30))];
        let beyond = [
            bound("accepted/linear.c", true, Some(0.30)),
            bound("accepted/slower.c", true, None),
        ];
        let wrong_only = [bound("wrong_answer/off.c", false, Some(0.30))];
        let slow = [9.0; CONFIRMING_RUNS];
        let cases: [(bool, &[BoundTime], &[f64], MoveRefused); 8] = [
            // A stated limit is refused before anything is looked at.
            (true, &measured, &slow, MoveRefused::Stated),
            (true, &beyond, &[], MoveRefused::Stated),
            // A bounding submission past reach: the new limit is unknown.
            (false, &beyond, &slow, MoveRefused::BeyondReach),
            (false, &beyond, &[], MoveRefused::BeyondReach),
            // No accepted run to derive from: its own reason, not beyond
            // reach (which empty bounds gave before, issue 45).
            (false, &[], &slow, MoveRefused::NoBounds),
            (false, &[], &[], MoveRefused::NoBounds),
            (false, &wrong_only, &slow, MoveRefused::NoBounds),
            // Measured, but the target not over the line three times.
            (false, &measured, &[9.0, 9.0], MoveRefused::NotSeparable),
        ];
        for (stated, bounds, runs, why) in cases {
            assert_eq!(
                decide(&asked(stated, bounds, runs)),
                Err(why),
                "stated {stated}, {bounds:?}, runs {runs:?}"
            );
        }
    }
}
