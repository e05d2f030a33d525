//! A submission's broken requirement as data: which rule, and which test's
//! verdict broke it. The sentence is made where it is shown, with the word
//! the caller's table shows for that test's run ([`Violation::worded`]):
//! the rules judge the judges' four verdicts, but a sinol or Polygon matrix
//! shows a run over its memory limit as `MLE` where its verdict is `RTE`,
//! and a contradiction must say what the cell beside it says.

use jurybox_core::Verdict;
use std::collections::BTreeSet;
use std::fmt;

/// One requirement on a submission's verdicts that its verdicts break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A covered test's verdict the rule does not permit (`RTE on in/lmt1a,
    /// but the wrong_answer/ directory permits only AC/WA`): broken for good,
    /// whatever the other tests give.
    Forbidden {
        /// The test.
        test: String,
        /// Its verdict.
        verdict: Verdict,
        /// Where the rule comes from.
        origin: String,
        /// What the rule permits.
        permitted: BTreeSet<Verdict>,
    },
    /// No covered test gave a verdict the rule requires.
    Missing {
        /// Where the rule comes from.
        origin: String,
        /// What the rule requires.
        required: BTreeSet<Verdict>,
    },
    /// The final verdict, which `@EXPECTED_RESULTS@` does not list.
    Final {
        /// The test that gave it: the first not accepted (none: AC).
        test: Option<String>,
        /// The final verdict.
        verdict: Verdict,
        /// What `@EXPECTED_RESULTS@` lists.
        expected: BTreeSet<Verdict>,
    },
}

impl Violation {
    /// The test whose verdict it names, where it names one.
    pub fn test(&self) -> Option<&str> {
        match self {
            Violation::Forbidden { test, .. } => Some(test),
            Violation::Final { test, .. } => test.as_deref(),
            Violation::Missing { .. } => None,
        }
    }

    /// Its sentence, the verdict it names of a test said as `shown(test,
    /// verdict)` gives it: the word the caller's table shows for that run
    /// (`MLE` in a format with a memory verdict of its own). The verdicts a
    /// rule lists are the rule's, said as codes.
    pub fn worded(&self, shown: impl Fn(&str, Verdict) -> &'static str) -> String {
        match self {
            Violation::Forbidden {
                test,
                verdict,
                origin,
                permitted,
            } => format!(
                "{} on {test}, but {origin} permits only {}",
                shown(test, *verdict),
                list(permitted)
            ),
            Violation::Missing { origin, required } => {
                format!("no test gave {} ({origin} requires one)", list(required))
            }
            Violation::Final {
                test,
                verdict,
                expected,
            } => format!(
                "final verdict {}, but @EXPECTED_RESULTS@ says {}",
                test.as_deref()
                    .map_or(verdict.code(), |test| shown(test, *verdict)),
                list(expected)
            ),
        }
    }
}

/// The sentence with each verdict said as its code, as a Kattis judge says
/// it (a caller with no table of its own).
impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(|_, verdict| verdict.code()))
    }
}

/// A set of verdicts as a rule states it: `AC/WA`.
pub(crate) fn list(set: &BTreeSet<Verdict>) -> String {
    set.iter().map(|v| v.code()).collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::Violation;
    use jurybox_core::Verdict;
    use std::collections::BTreeSet;

    /// The word is asked of the test the violation names, by its whole
    /// name: `in/lmt1a`'s word is never `in/lmt1ab`'s, whatever the order.
    #[test]
    fn the_named_tests_word_is_the_one_said() {
        let forbidden = |test: &str| Violation::Forbidden {
            test: test.into(),
            verdict: Verdict::RTE,
            origin: "config.yml's sinol_expected_scores".into(),
            permitted: BTreeSet::from([Verdict::AC]),
        };
        let shown = |test: &str, v: Verdict| match test {
            "in/lmt1a" => "MLE",
            _ => v.code(),
        };
        assert_eq!(
            forbidden("in/lmt1a").worded(shown),
            "MLE on in/lmt1a, but config.yml's sinol_expected_scores permits only AC"
        );
        assert_eq!(
            forbidden("in/lmt1ab").worded(shown),
            "RTE on in/lmt1ab, but config.yml's sinol_expected_scores permits only AC"
        );
        assert_eq!(
            forbidden("in/lmt1a").to_string(),
            "RTE on in/lmt1a, but config.yml's sinol_expected_scores permits only AC"
        );
        let final_ = Violation::Final {
            test: Some("in/lmt1a".into()),
            verdict: Verdict::RTE,
            expected: BTreeSet::from([Verdict::WA]),
        };
        assert_eq!(
            final_.worded(shown),
            "final verdict MLE, but @EXPECTED_RESULTS@ says WA"
        );
        let missing = Violation::Missing {
            origin: "the run_time_error/ directory".into(),
            required: BTreeSet::from([Verdict::RTE]),
        };
        assert_eq!(
            missing.worded(|_, _| "MLE"),
            "no test gave RTE (the run_time_error/ directory requires one)"
        );
    }
}
