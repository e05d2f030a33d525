//! A stated limit is a decision, kept (issue 45 item 3): `run`, `package`,
//! `harden` and `suite` check it against the derivation instead of replacing
//! it. It is kept while the derivation's interval, widened by the noise
//! (`neighbour.rs`), is compatible with it: some time within the interval gives
//! it, or it lies between what the two ends give. A clear contradiction is said
//! with its numbers: a lower-bounding submission whose *fastest* run alone is
//! over it (no noise explains that), or a limit so loose that even the
//! interval's upper end would keep half of it. In between, a limit tighter or
//! looser than the derivation is kept and said so. problemtools refuses a fixed
//! limit under `ac_to_time_limit` × the slowest accepted run; jurybox says that
//! case as "tighter than the rule" with the figures, since a noisy machine may
//! put the slowest run above its quiet time.

use super::TimeLimit;

/// What the derivation says of a stated limit.
#[derive(Clone, Debug, PartialEq)]
pub enum StatedCheck {
    /// The interval's ends give the stated limit or straddle it.
    Agrees {
        /// The limit the interval's fastest end gives.
        low: f64,
        /// The limit its upper end gives.
        high: f64,
    },
    /// Tighter than the rule: even the fastest end gives more, but every
    /// bounding run alone fits under it.
    Tighter {
        /// The limit the fastest end gives.
        low: f64,
    },
    /// Looser than the derivation (its upper end gives less), by less than half.
    Looser {
        /// The limit the upper end gives.
        high: f64,
    },
    /// A contradiction: a submission that bounds the limit from below is over
    /// it in its fastest run alone.
    Over {
        /// The submission.
        submission: String,
        /// Its test.
        test: String,
        /// Its fastest run, CPU seconds.
        seconds: f64,
    },
    /// A contradiction: the stated limit could be halved and still be at
    /// least what the interval's upper end gives.
    Halvable {
        /// The limit the upper end gives.
        high: f64,
    },
}

impl StatedCheck {
    /// The check of `limit`'s stated limit, if it states one and something
    /// bounds it from below.
    pub fn of(limit: &TimeLimit) -> Option<StatedCheck> {
        let (stated, _) = limit.stated.as_ref()?;
        let stated = *stated;
        let yardstick = limit.yardstick.as_ref()?;
        let rule = limit.rule();
        if let Some(over) = limit
            .bounds
            .iter()
            .filter(|b| b.seconds > stated + 1e-9)
            .max_by(|a, b| a.seconds.total_cmp(&b.seconds))
        {
            return Some(StatedCheck::Over {
                submission: over.submission.clone(),
                test: over.test.clone(),
                seconds: over.seconds,
            });
        }
        let interval = yardstick.interval();
        let low = rule.rounded(rule.ac_to_time_limit * interval.fastest);
        let high = rule.step(&interval).seconds;
        Some(if stated + 1e-9 < low {
            StatedCheck::Tighter { low }
        } else if stated <= high + 1e-9 {
            StatedCheck::Agrees { low, high }
        } else if stated / 2.0 >= high - 1e-9 {
            StatedCheck::Halvable { high }
        } else {
            StatedCheck::Looser { high }
        })
    }

    /// Whether it is a clear contradiction (an exit-worthy finding).
    pub fn contradicts(&self) -> bool {
        matches!(
            self,
            StatedCheck::Over { .. } | StatedCheck::Halvable { .. }
        )
    }

    /// One clause: `kept: the derivation gives 1.0–1.5 s`, or the
    /// contradiction with its numbers.
    pub fn describe(&self) -> String {
        match self {
            StatedCheck::Agrees { low, high } if (high - low).abs() < 1e-9 => {
                format!("kept: the derivation gives {high:.1} s too")
            }
            StatedCheck::Agrees { low, high } => format!(
                "kept: within the derivation's noise, which gives {low:.1} s at its fastest end \
                 and {high:.1} s at its upper end"
            ),
            StatedCheck::Tighter { low } => format!(
                "kept, but tighter than the rule: even the derivation's fastest end gives \
                 {low:.1} s (every bounding run alone still fits under the stated limit)"
            ),
            StatedCheck::Looser { high } => {
                format!("kept, looser than the derivation's {high:.1} s (by less than half)")
            }
            StatedCheck::Over {
                submission,
                test,
                seconds,
            } => format!(
                "CONTRADICTION: {submission} takes {seconds:.3} s on {test} in its fastest run \
                 alone, over the stated limit"
            ),
            StatedCheck::Halvable { high } => format!(
                "CONTRADICTION: it could be halved: the derivation's upper end gives only \
                 {high:.1} s"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::timing;
    use super::super::{TimeLimit, Timing, DECISIVE_RUNS};
    use super::StatedCheck;

    /// A limit stated at `stated` s whose yardstick ran 0.434 s alone
    /// (second fastest 0.441 s) and 0.552 s beside a neighbour: 2×, 0.5 s
    /// steps, so 1.0 s at the fastest end and 1.5 s at the upper one.
    fn stated(stated: f64) -> TimeLimit {
        let yardstick = Timing {
            submission: "accepted/a.cpp".into(),
            seconds: 0.434,
            upper: 0.441,
            loaded: Some(0.552),
            neighbours: 1,
            ..timing(true, DECISIVE_RUNS)
        };
        TimeLimit {
            seconds: stated,
            derived: Some(1.5),
            stated: Some((stated, "problem.yaml".into())),
            yardstick: Some(yardstick.clone()),
            bounds: vec![yardstick],
            above: Vec::new(),
            format_rule: String::new(),
            ac_to_time_limit: 2.0,
            time_limit_to_tle: 1.5,
            resolution: 0.5,
            floor: 0.0,
            busy: None,
            how: "alone",
            uncounted: None,
            unmeasured_moments: None,
            groups: Vec::new(),
            own: Vec::new(),
        }
    }

    #[test]
    fn a_stated_limit_within_the_noise_is_kept() {
        for s in [1.0, 1.5] {
            let check = stated(s).stated_check().unwrap();
            assert_eq!(
                check,
                StatedCheck::Agrees {
                    low: 1.0,
                    high: 1.5
                },
                "{s}"
            );
            assert!(!check.contradicts());
        }
        assert!(stated(1.5)
            .explain()
            .contains("time limit 1.50 s (problem.yaml), kept: within the derivation's noise"));
    }

    #[test]
    fn a_clear_contradiction_is_said_with_its_numbers() {
        // Tighter than the rule, but the run alone fits: kept, said.
        let tight = stated(0.5).stated_check().unwrap();
        assert_eq!(tight, StatedCheck::Tighter { low: 1.0 });
        assert!(!tight.contradicts());
        // Under the yardstick's fastest run: over the limit.
        let over = stated(0.4).stated_check().unwrap();
        assert!(over.contradicts());
        assert!(over
            .describe()
            .contains("accepted/a.cpp takes 0.434 s on secret/1"));
        // Twice the upper end's 1.5 s: it could be halved.
        let loose = stated(3.0).stated_check().unwrap();
        assert_eq!(loose, StatedCheck::Halvable { high: 1.5 });
        assert!(loose.describe().contains("gives only 1.5 s"));
        // Looser, by less than half: kept.
        assert_eq!(
            stated(2.5).stated_check().unwrap(),
            StatedCheck::Looser { high: 1.5 }
        );
    }

    #[test]
    fn instructions_not_counted_are_said_once_and_change_nothing() {
        // Issue 45's bad input: perf counters not available (this VM:
        // `perf stat` says `<not supported>`) are said once, in the limit's
        // line, and neither the limit nor its check moves.
        let why = "this machine exposes no hardware instructions counter";
        let counted = stated(1.5);
        let uncounted = TimeLimit {
            uncounted: Some(why.into()),
            ..stated(1.5)
        };
        let (with, without) = (uncounted.explain(), counted.explain());
        let sentence = format!(". Instructions retired: not counted ({why}), so CPU time alone");
        assert_eq!(with.matches("Instructions retired").count(), 1, "{with}");
        assert!(!without.contains("Instructions retired"), "{without}");
        assert_eq!(with.replace(&sentence, ""), without);
        assert_eq!(uncounted.seconds, 1.5);
        assert_eq!(uncounted.stated_check(), counted.stated_check());
    }
}
