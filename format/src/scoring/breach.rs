//! What a score or a grade got that its expectation does not allow, as data.
//! The sentence is made where it is shown ([`Breach::worded`]), the verdict
//! it names said with the word the caller's table shows for the run that
//! decided it: a sinol or Polygon matrix shows a run over its memory limit
//! as `MLE` where scoring, on the judges' four verdicts, has `RTE`.

use super::{show, ScoreRule};
use crate::violation::list;
use crate::Verdict;
use std::collections::BTreeSet;

/// One expectation broken.
#[derive(Clone, Debug, PartialEq)]
pub enum Breach {
    /// A group's grade not among those expected (`grade TLE (scored 0),
    /// expected WA`).
    Grade {
        /// The grade.
        got: Verdict,
        /// What the group scored.
        scored: f64,
        /// The grades expected.
        expected: BTreeSet<Verdict>,
    },
    /// An overall verdict the rule does not allow (`overall verdict WA
    /// (scored 40), expected full marks`).
    Overall {
        /// The verdict.
        got: Verdict,
        /// What it scored.
        scored: f64,
        /// The rule.
        rule: ScoreRule,
    },
    /// Points the rule does not allow, whatever the verdict (`scored 40,
    /// expected 50`).
    Points {
        /// What it scored.
        scored: f64,
        /// The rule.
        rule: ScoreRule,
        /// The best score there is, where bounded.
        best: Option<f64>,
    },
}

impl Breach {
    /// The verdict it names, where it names one (a grade, the overall verdict).
    pub fn verdict(&self) -> Option<Verdict> {
        match self {
            Breach::Grade { got, .. } | Breach::Overall { got, .. } => Some(*got),
            Breach::Points { .. } => None,
        }
    }

    /// Its sentence, the verdict it names said as `word` (the word the
    /// caller's table shows for the run that decided it; the verdict's own
    /// code where there is none). The verdicts expected are said as codes.
    pub fn worded(&self, word: &str) -> String {
        match self {
            Breach::Grade {
                scored, expected, ..
            } => format!(
                "grade {word} (scored {}), expected {}",
                show(*scored),
                list(expected)
            ),
            Breach::Overall { scored, rule, .. } => {
                let scored = show(*scored);
                match rule {
                    ScoreRule::Partial => format!(
                        "overall verdict {word} (scored {scored}): a partial solution must be accepted with a partial score"
                    ),
                    ScoreRule::Full => {
                        format!("overall verdict {word} (scored {scored}), expected full marks")
                    }
                    ScoreRule::Rejected(want) => {
                        format!("overall verdict {word} (scored {scored}), expected {want}")
                    }
                    ScoreRule::Exactly(_) | ScoreRule::Between(..) => format!(
                        "overall verdict {word} (scored {scored}), expected {}",
                        expected(rule, None)
                    ),
                }
            }
            Breach::Points { scored, rule, best } => match rule {
                ScoreRule::Partial => {
                    format!(
                        "scored the full {}, expected a partial score",
                        show(*scored)
                    )
                }
                _ => format!(
                    "scored {}, expected {}",
                    show(*scored),
                    expected(rule, *best)
                ),
            },
        }
    }
}

/// What a score rule expects, as a sentence ends: `50`, `20 to 30`, `the
/// full 100`.
fn expected(rule: &ScoreRule, best: Option<f64>) -> String {
    match (rule, best) {
        (ScoreRule::Exactly(x), _) => show(*x),
        (ScoreRule::Between(a, b), _) => format!("{} to {}", show(*a), show(*b)),
        (ScoreRule::Partial, _) => "a partial score".into(),
        (ScoreRule::Full, Some(b)) => format!("the full {}", show(b)),
        (ScoreRule::Full, None) => "full marks".into(),
        (ScoreRule::Rejected(want), _) => want.code().into(),
    }
}

#[cfg(test)]
mod tests {
    use super::Breach;
    use crate::scoring::{Contradiction, ScoreRule};
    use crate::Verdict;
    use std::collections::BTreeSet;

    /// A group's grade is said with the word its deciding test's run is
    /// shown with, asked of that test (by index: test 4, `in/lmt1a`, is not
    /// test 5, `in/lmt1ab`); the points it names are not reworded.
    #[test]
    fn a_group_grade_is_said_as_its_deciding_run_is_shown() {
        let grade = |test| Contradiction {
            group: Some("1".into()),
            test: Some(test),
            breach: Breach::Grade {
                got: Verdict::RTE,
                scored: 0.0,
                expected: BTreeSet::from([Verdict::AC]),
            },
            origin: "config.yml's sinol_expected_scores for prog/lmtb1.cpp group 1".into(),
        };
        let shown = |t: usize, v: Verdict| if t == 4 { "MLE" } else { v.code() };
        assert_eq!(
            grade(4).worded(shown),
            "grade MLE (scored 0), expected AC (config.yml's sinol_expected_scores for prog/lmtb1.cpp group 1)"
        );
        assert!(grade(5).worded(shown).starts_with("grade RTE (scored 0)"));
        assert!(grade(4).to_string().starts_with("grade RTE (scored 0)"));
        let points = Contradiction {
            group: Some("1".into()),
            test: Some(4),
            breach: Breach::Points {
                scored: 0.0,
                rule: ScoreRule::Exactly(50.0),
                best: Some(50.0),
            },
            origin: "config.yml".into(),
        };
        assert_eq!(points.worded(shown), "scored 0, expected 50 (config.yml)");
        let overall = Contradiction {
            group: None,
            test: None,
            breach: Breach::Overall {
                got: Verdict::RTE,
                scored: 30.0,
                rule: ScoreRule::Full,
            },
            origin: "accepted/".into(),
        };
        assert_eq!(
            overall.worded(|_, _| "MLE"),
            "overall verdict RTE (scored 30), expected full marks (accepted/)",
            "no test decided it: no run's word"
        );
    }
}
