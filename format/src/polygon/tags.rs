//! A Polygon solution's tag as a verdict rule, and the tag's place in a Kattis
//! package. Polygon judges with finer verdicts than Kattis's four (a
//! presentation error and a memory limit are verdicts of their own), so a tag
//! is a rule on [`PolygonVerdict`]s: every test's verdict must be permitted,
//! and one test's verdict must be required (a tag that allows several verdicts
//! allows them all: `time-limit-exceeded-or-accepted` may pass or time out).
//! `do-not-run` is not run at all.
//!
//! The tags and their API letters are those of polygon-cli's package import
//! (MA, OK, RJ, WA, TL, ML, TO, TM, PE, RE for `failed`, NR); the directory
//! each means in a Kattis package follows p2d's table, with one difference: a
//! tag whose verdicts are no single Kattis directory's (TO, TM) goes to a
//! directory of its own, its rule stated in `submissions.yaml` and in an
//! `@EXPECTED_RESULTS@` line, where p2d only marks it "mixed".

use crate::Verdict;
use std::collections::BTreeSet;

/// The verdict of one run as Polygon reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PolygonVerdict {
    /// OK.
    Ok,
    /// Wrong answer.
    WrongAnswer,
    /// Presentation error (testlib's `_pe`).
    PresentationError,
    /// Time limit exceeded (idleness included).
    TimeLimit,
    /// Memory limit exceeded.
    MemoryLimit,
    /// Run-time error (a crash, a non-zero exit, or the output limit).
    RuntimeError,
}

impl PolygonVerdict {
    /// Every verdict.
    pub const ALL: [PolygonVerdict; 6] = [
        PolygonVerdict::Ok,
        PolygonVerdict::WrongAnswer,
        PolygonVerdict::PresentationError,
        PolygonVerdict::TimeLimit,
        PolygonVerdict::MemoryLimit,
        PolygonVerdict::RuntimeError,
    ];

    /// Polygon's short code (OK, WA, PE, TL, ML, RE).
    pub fn code(self) -> &'static str {
        match self {
            PolygonVerdict::Ok => "OK",
            PolygonVerdict::WrongAnswer => "WA",
            PolygonVerdict::PresentationError => "PE",
            PolygonVerdict::TimeLimit => "TL",
            PolygonVerdict::MemoryLimit => "ML",
            PolygonVerdict::RuntimeError => "RE",
        }
    }

    /// The judges' verdict a Kattis judge gives the same run: a presentation
    /// error is a wrong answer there, a memory limit a run-time error.
    pub fn kattis(self) -> Verdict {
        match self {
            PolygonVerdict::Ok => Verdict::AC,
            PolygonVerdict::WrongAnswer | PolygonVerdict::PresentationError => Verdict::WA,
            PolygonVerdict::TimeLimit => Verdict::TLE,
            PolygonVerdict::MemoryLimit | PolygonVerdict::RuntimeError => Verdict::RTE,
        }
    }
}

impl std::fmt::Display for PolygonVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A solution's tag in problem.xml (`<solution tag="...">`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SolutionTag {
    /// `main`: the main correct solution; its answers are the tests' answers.
    Main,
    /// `accepted`.
    Accepted,
    /// `rejected`: fails somewhere, with any verdict.
    Rejected,
    /// `wrong-answer`.
    WrongAnswer,
    /// `presentation-error`.
    PresentationError,
    /// `time-limit-exceeded`.
    TimeLimit,
    /// `time-limit-exceeded-or-accepted`: passes or times out.
    TimeLimitOrAccepted,
    /// `time-limit-exceeded-or-memory-limit-exceeded`.
    TimeLimitOrMemoryLimit,
    /// `memory-limit-exceeded`.
    MemoryLimit,
    /// `failed`: a run-time error (polygon-cli uploads it as RE).
    Failed,
    /// `do-not-run`: kept, never run.
    DoNotRun,
}

impl SolutionTag {
    /// Every tag, in the order Polygon lists them.
    pub const ALL: [SolutionTag; 11] = [
        SolutionTag::Main,
        SolutionTag::Accepted,
        SolutionTag::Rejected,
        SolutionTag::WrongAnswer,
        SolutionTag::PresentationError,
        SolutionTag::TimeLimit,
        SolutionTag::TimeLimitOrAccepted,
        SolutionTag::TimeLimitOrMemoryLimit,
        SolutionTag::MemoryLimit,
        SolutionTag::Failed,
        SolutionTag::DoNotRun,
    ];

    /// The tag as problem.xml writes it.
    pub fn name(self) -> &'static str {
        match self {
            SolutionTag::Main => "main",
            SolutionTag::Accepted => "accepted",
            SolutionTag::Rejected => "rejected",
            SolutionTag::WrongAnswer => "wrong-answer",
            SolutionTag::PresentationError => "presentation-error",
            SolutionTag::TimeLimit => "time-limit-exceeded",
            SolutionTag::TimeLimitOrAccepted => "time-limit-exceeded-or-accepted",
            SolutionTag::TimeLimitOrMemoryLimit => "time-limit-exceeded-or-memory-limit-exceeded",
            SolutionTag::MemoryLimit => "memory-limit-exceeded",
            SolutionTag::Failed => "failed",
            SolutionTag::DoNotRun => "do-not-run",
        }
    }

    /// The tag `text` names (`incorrect`, an old name of `rejected`, too).
    pub fn parse(text: &str) -> Option<SolutionTag> {
        let text = text.trim().to_ascii_lowercase();
        if text == "incorrect" {
            return Some(SolutionTag::Rejected);
        }
        SolutionTag::ALL.into_iter().find(|t| t.name() == text)
    }

    /// Every test's verdict must be one of these.
    pub fn permitted(self) -> BTreeSet<PolygonVerdict> {
        use PolygonVerdict::*;
        let list: &[PolygonVerdict] = match self {
            SolutionTag::Main | SolutionTag::Accepted => &[Ok],
            SolutionTag::Rejected | SolutionTag::DoNotRun => &PolygonVerdict::ALL,
            SolutionTag::WrongAnswer => &[Ok, WrongAnswer],
            SolutionTag::PresentationError => &[Ok, PresentationError],
            SolutionTag::TimeLimit | SolutionTag::TimeLimitOrAccepted => &[Ok, TimeLimit],
            SolutionTag::TimeLimitOrMemoryLimit => &[Ok, TimeLimit, MemoryLimit],
            SolutionTag::MemoryLimit => &[Ok, MemoryLimit],
            SolutionTag::Failed => &[Ok, RuntimeError],
        };
        list.iter().copied().collect()
    }

    /// Some test's verdict must be one of these (empty: nothing is required).
    pub fn required(self) -> BTreeSet<PolygonVerdict> {
        use PolygonVerdict::*;
        let list: &[PolygonVerdict] = match self {
            SolutionTag::Main
            | SolutionTag::Accepted
            | SolutionTag::TimeLimitOrAccepted
            | SolutionTag::DoNotRun => &[],
            SolutionTag::Rejected => &[
                WrongAnswer,
                PresentationError,
                TimeLimit,
                MemoryLimit,
                RuntimeError,
            ],
            SolutionTag::WrongAnswer => &[WrongAnswer],
            SolutionTag::PresentationError => &[PresentationError],
            SolutionTag::TimeLimit => &[TimeLimit],
            SolutionTag::TimeLimitOrMemoryLimit => &[TimeLimit, MemoryLimit],
            SolutionTag::MemoryLimit => &[MemoryLimit],
            SolutionTag::Failed => &[RuntimeError],
        };
        list.iter().copied().collect()
    }

    /// Whether a solution with this tag is run.
    pub fn runs(self) -> bool {
        self != SolutionTag::DoNotRun
    }

    /// Whether it must pass every test.
    pub fn is_accepted(self) -> bool {
        matches!(self, SolutionTag::Main | SolutionTag::Accepted)
    }

    /// What is wrong with `verdicts` (test name, verdict) under this tag.
    pub fn violation(self, verdicts: &[(String, PolygonVerdict)]) -> Option<String> {
        if !self.runs() {
            return None;
        }
        let permitted = self.permitted();
        if let Some((test, v)) = verdicts.iter().find(|(_, v)| !permitted.contains(v)) {
            return Some(format!(
                "{v} on {test}, but the tag {} permits only {}",
                self.name(),
                codes(&permitted)
            ));
        }
        let required = self.required();
        if !required.is_empty() && !verdicts.iter().any(|(_, v)| required.contains(v)) {
            return Some(format!(
                "no test gave {} (the tag {} requires one)",
                codes(&required),
                self.name()
            ));
        }
        None
    }

    /// The Kattis verdicts the tag permits and requires (PE read as WA, ML as RTE).
    pub fn kattis_rule(self) -> (BTreeSet<Verdict>, BTreeSet<Verdict>) {
        let kattis = |set: BTreeSet<PolygonVerdict>| set.into_iter().map(|v| v.kattis()).collect();
        (kattis(self.permitted()), kattis(self.required()))
    }

    /// The `submissions/` directory of a Kattis package that means this tag, and
    /// whether that directory's own rule says all the tag says (else the
    /// converted package states the rule in submissions.yaml and in an
    /// `@EXPECTED_RESULTS@` line). `None` for `do-not-run`, which is left out.
    pub fn kattis_directory(self) -> Option<(&'static str, bool)> {
        Some(match self {
            SolutionTag::Main | SolutionTag::Accepted => ("accepted", true),
            SolutionTag::WrongAnswer | SolutionTag::PresentationError => ("wrong_answer", true),
            SolutionTag::TimeLimit => ("time_limit_exceeded", true),
            SolutionTag::MemoryLimit | SolutionTag::Failed => ("run_time_error", true),
            SolutionTag::Rejected => ("rejected", true),
            SolutionTag::TimeLimitOrAccepted => ("time_limit_exceeded_or_accepted", false),
            SolutionTag::TimeLimitOrMemoryLimit => ("time_limit_exceeded_or_run_time_error", false),
            SolutionTag::DoNotRun => return None,
        })
    }

    /// The tag a Kattis submission directory means, when it names one.
    pub fn from_kattis_directory(directory: &str) -> Option<SolutionTag> {
        Some(match directory {
            "accepted" => SolutionTag::Accepted,
            "wrong_answer" => SolutionTag::WrongAnswer,
            "time_limit_exceeded" => SolutionTag::TimeLimit,
            "run_time_error" => SolutionTag::Failed,
            "rejected" => SolutionTag::Rejected,
            "time_limit_exceeded_or_accepted" => SolutionTag::TimeLimitOrAccepted,
            "time_limit_exceeded_or_run_time_error" => SolutionTag::TimeLimitOrMemoryLimit,
            _ => return None,
        })
    }
}

impl std::fmt::Display for SolutionTag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

fn codes(set: &BTreeSet<PolygonVerdict>) -> String {
    set.iter().map(|v| v.code()).collect::<Vec<_>>().join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use PolygonVerdict::*;

    fn run(verdicts: &[PolygonVerdict]) -> Vec<(String, PolygonVerdict)> {
        verdicts
            .iter()
            .enumerate()
            .map(|(i, v)| (format!("tests/{:02}", i + 1), *v))
            .collect()
    }

    #[test]
    fn every_tag_reads_back_from_its_name() {
        for tag in SolutionTag::ALL {
            assert_eq!(SolutionTag::parse(tag.name()), Some(tag));
        }
        assert_eq!(SolutionTag::parse("incorrect"), Some(SolutionTag::Rejected));
        assert_eq!(SolutionTag::parse("runtime-error"), None);
    }

    #[test]
    fn a_tag_that_allows_several_verdicts_allows_them_all() {
        let to = SolutionTag::TimeLimitOrAccepted;
        assert_eq!(to.violation(&run(&[Ok, Ok])), None);
        assert_eq!(to.violation(&run(&[Ok, TimeLimit])), None);
        assert!(to.violation(&run(&[Ok, WrongAnswer])).is_some());
        let tm = SolutionTag::TimeLimitOrMemoryLimit;
        assert_eq!(tm.violation(&run(&[Ok, MemoryLimit])), None);
        assert_eq!(tm.violation(&run(&[TimeLimit, MemoryLimit])), None);
        let message = tm.violation(&run(&[Ok, Ok])).unwrap();
        assert!(message.contains("no test gave TL/ML"), "{message}");
    }

    #[test]
    fn a_finer_verdict_is_its_own_and_not_its_kattis_cousin() {
        let pe = SolutionTag::PresentationError;
        assert_eq!(pe.violation(&run(&[Ok, PresentationError])), None);
        let message = pe.violation(&run(&[Ok, WrongAnswer])).unwrap();
        assert!(message.contains("WA on tests/02"), "{message}");
        let ml = SolutionTag::MemoryLimit;
        assert!(ml.violation(&run(&[RuntimeError])).is_some());
        assert_eq!(
            ml.kattis_rule(),
            (
                BTreeSet::from([Verdict::AC, Verdict::RTE]),
                BTreeSet::from([Verdict::RTE])
            )
        );
    }

    #[test]
    fn rejected_needs_a_failure_of_any_kind_and_do_not_run_is_never_judged() {
        let rj = SolutionTag::Rejected;
        assert!(rj.violation(&run(&[Ok, Ok])).is_some());
        assert_eq!(rj.violation(&run(&[Ok, MemoryLimit])), None);
        assert!(!SolutionTag::DoNotRun.runs());
        assert_eq!(SolutionTag::DoNotRun.violation(&run(&[WrongAnswer])), None);
        assert_eq!(SolutionTag::DoNotRun.kattis_directory(), None);
    }

    #[test]
    fn every_kattis_directory_reads_back_as_a_tag_with_the_same_kattis_rule() {
        for tag in SolutionTag::ALL {
            let Some((dir, _)) = tag.kattis_directory() else {
                continue;
            };
            let back = SolutionTag::from_kattis_directory(dir).unwrap();
            assert_eq!(back.kattis_rule(), tag.kattis_rule(), "{tag} via {dir}");
        }
    }
}
