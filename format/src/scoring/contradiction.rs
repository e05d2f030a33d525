//! A submission's score checked against what it is expected to score: each
//! broken expectation a [`Contradiction`] naming its group and the test that
//! decided it, what broke it a [`Breach`]. Both are data: the sentence is made
//! where it is shown ([`Contradiction::worded`]), the verdict it names said
//! with the word the caller's table shows for the run that decided it (a
//! sinol or Polygon matrix shows a run over its memory limit as `MLE` where
//! scoring, on the judges' four verdicts, has `RTE`).

use super::expect::EPSILON;
use super::{show, Expectation, GroupExpectation, GroupScore, ScoreRule, Scoring, SubmissionScore};
use crate::violation::list;
use crate::Verdict;
use std::collections::BTreeSet;

/// An expectation the score contradicts: which group, decided by which test.
#[derive(Clone, Debug, PartialEq)]
pub struct Contradiction {
    /// The group, when the expectation is a group's.
    pub group: Option<String>,
    /// The test that decided it, when one did.
    pub test: Option<usize>,
    /// What was expected and what it got.
    pub breach: Breach,
    /// Where the expectation is stated.
    pub origin: String,
}

impl Contradiction {
    /// What was expected and what it got, and where that is stated; the
    /// verdict it names said as `shown(test, verdict)` gives it for the test
    /// that decided it (the word the caller's table shows for that run,
    /// `MLE` in a format with a memory verdict of its own), as its code where
    /// no test did.
    pub fn worded(&self, shown: impl Fn(usize, Verdict) -> &'static str) -> String {
        let word = match (self.breach.verdict(), self.test) {
            (Some(verdict), Some(test)) => shown(test, verdict),
            (Some(verdict), None) => verdict.code(),
            (None, _) => "",
        };
        format!("{} ({})", self.breach.worded(word), self.origin)
    }
}

/// The sentence with its verdict said as its code, as a Kattis judge says it
/// (a caller with no table of its own).
impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.worded(|_, verdict| verdict.code()))
    }
}

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

impl ScoreRule {
    /// What is wrong with `score` (and the overall `verdict`) under this
    /// rule, `best` being the best score there is.
    pub fn contradicted_by(
        &self,
        score: f64,
        verdict: Verdict,
        best: Option<f64>,
    ) -> Option<Breach> {
        let points = || Breach::Points {
            scored: score,
            rule: self.clone(),
            best,
        };
        let overall = || Breach::Overall {
            got: verdict,
            scored: score,
            rule: self.clone(),
        };
        match *self {
            ScoreRule::Exactly(x) => ((score - x).abs() > EPSILON).then(points),
            ScoreRule::Between(a, b) => (score < a - EPSILON || score > b + EPSILON).then(points),
            ScoreRule::Partial => match (verdict, best) {
                (Verdict::AC, Some(b)) => ((score - b).abs() <= EPSILON).then(points),
                (Verdict::AC, None) => None,
                _ => Some(overall()),
            },
            ScoreRule::Full => match (verdict, best) {
                (Verdict::AC, Some(b)) => ((score - b).abs() > EPSILON).then(points),
                (Verdict::AC, None) => None,
                _ => Some(overall()),
            },
            ScoreRule::Rejected(want) => (verdict != want).then(overall),
        }
    }
}

impl GroupExpectation {
    /// What is wrong with the group's result `got` (`points` its most).
    pub fn contradicted_by(&self, got: &GroupScore, points: Option<f64>) -> Option<Breach> {
        if let Some(grades) = &self.grades {
            if !grades.contains(&got.verdict) {
                return Some(Breach::Grade {
                    got: got.verdict,
                    scored: got.score,
                    expected: grades.clone(),
                });
            }
        }
        self.score
            .as_ref()
            .and_then(|rule| rule.contradicted_by(got.score, got.verdict, points))
    }
}

impl Scoring {
    /// What in `score` contradicts `expectation`: each group's expected grade
    /// or score, then the total.
    pub fn contradictions(
        &self,
        expectation: &Expectation,
        score: &SubmissionScore,
    ) -> Vec<Contradiction> {
        let mut out = Vec::new();
        for expected in &expectation.groups {
            let Some(got) = score.group(&expected.group) else {
                continue;
            };
            if !got.known {
                continue;
            }
            if let Some(breach) = expected.contradicted_by(got, self.best_of(&expected.group)) {
                out.push(Contradiction {
                    group: Some(got.name.clone()),
                    test: got.decided_by,
                    breach,
                    origin: expected.origin.clone(),
                });
            }
        }
        if let (Some(rule), true) = (&expectation.score, score.known) {
            if let Some(breach) = rule.contradicted_by(score.total, score.verdict, self.best) {
                let (group, test) = match rule.on_verdict(score.verdict) {
                    // The overall verdict is the root's: decided by the test
                    // the judge's grade rests on, else (an AC no test
                    // decides, as `accept_if_any_accepted` makes it) by the
                    // first test rejected. No group is named: the first
                    // group with a rejection may be one graded AC.
                    true => {
                        let root = score.groups.first().and_then(|g| g.decided_by);
                        (None, root.or(score.first_rejected))
                    }
                    // A score: the first group that lost points to a rejection.
                    false => {
                        let lost = score
                            .groups
                            .iter()
                            .skip(1)
                            .find(|g| g.verdict != Verdict::AC && g.decided_by.is_some());
                        (
                            lost.map(|g| g.name.clone()),
                            lost.and_then(|g| g.decided_by),
                        )
                    }
                };
                out.push(Contradiction {
                    group,
                    test,
                    breach,
                    origin: expectation.origin.clone(),
                });
            }
        }
        out
    }

    fn best_of(&self, group: &str) -> Option<f64> {
        if group == super::SAMPLES && self.group(group).is_none() {
            return Some(0.0);
        }
        self.group(group).and_then(|g| g.points)
    }
}

#[cfg(test)]
mod tests {
    use super::{Breach, Contradiction};
    use crate::scoring::ScoreRule;
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
