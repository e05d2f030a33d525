//! The kill table of a built-in problem's mutants: each mutant's runs (from the
//! jury, `crate::judged`) read against the flaw it declares. A wrong-answer
//! mutant is killed by a rejected answer, a slow one by more CPU time than the
//! limit times the rule's `time_limit_to_tle` on some test; a wrong-answer mutant
//! no test kills means the suite is too weak, a slow one no limit can separate
//! from the intended solutions is reported as such, with both times. Nothing
//! here runs a program.

use jurybox_core::Flaw;
use jurybox_format::Verdict;
use jurybox_judging::verdict::RunVerdict;

/// One program on one test.
#[derive(Clone, Debug, PartialEq)]
pub struct TestRun {
    /// The test's name.
    pub test: String,
    /// CPU seconds used.
    pub cpu_seconds: f64,
    /// The verdict, in the one vocabulary a program's run has everywhere in
    /// jurybox; more CPU time than the limit is a time limit even when the run
    /// was allowed to go on to its kill time.
    pub verdict: RunVerdict,
    /// The judges' word on it (the jury gives only runs that have one).
    pub judges: Verdict,
}

impl TestRun {
    /// Not accepted within the limit.
    pub fn rejected(&self) -> bool {
        !self.verdict.is_accepted()
    }

    /// Rejected for its time.
    pub fn too_slow(&self) -> bool {
        matches!(self.verdict, RunVerdict::TimeLimit(_))
    }

    /// The verdict, with its reason.
    pub fn why(&self) -> String {
        self.verdict.to_string()
    }
}

/// A wrong-answer mutant whose runs all stay under this share of the limit goes to
/// `wrong_answer/` (see `package::submission_dir`); one slower, to `rejected/`.
pub const NEAR_LIMIT: f64 = 0.7;

/// One program's row of the kill table.
#[derive(Clone, Debug)]
pub struct MutantRow {
    /// The program's name.
    pub mutant: String,
    /// The bug it carries.
    pub about: String,
    /// How it is meant to fail.
    pub flaw: Flaw,
    /// Its runs, in suite order: every test, or the tests it ran before the
    /// jury's early stop settled its place (largest first).
    pub runs: Vec<TestRun>,
}

/// How a mutant fares on the suite.
#[derive(Clone, Debug, PartialEq)]
pub enum Fate<'a> {
    /// Some test rejects it, as its flaw says it must be.
    Killed(&'a TestRun),
    /// A slow mutant no limit that accepts the intended solutions can separate:
    /// its slowest run stays under the kill threshold. Said plainly, not hidden.
    NotSeparable(&'a TestRun),
    /// A wrong-answer mutant every test accepts: the suite is too weak.
    Survives,
}

impl MutantRow {
    /// The runs that killed it.
    pub fn kills(&self) -> impl Iterator<Item = &TestRun> {
        self.runs.iter().filter(|r| r.rejected())
    }

    /// The first test that kills it, in suite order.
    pub fn first_kill(&self) -> Option<&TestRun> {
        self.kills().next()
    }

    /// Its slowest run.
    pub fn slowest(&self) -> Option<&TestRun> {
        self.runs
            .iter()
            .max_by(|a, b| a.cpu_seconds.total_cmp(&b.cpu_seconds))
    }

    /// Killed, not separable, or surviving.
    pub fn fate(&self) -> Fate<'_> {
        match (self.first_kill(), self.flaw, self.slowest()) {
            (Some(run), ..) => Fate::Killed(run),
            (None, Flaw::TooSlow, Some(slowest)) => Fate::NotSeparable(slowest),
            _ => Fate::Survives,
        }
    }

    /// The first run that kills it other than by time although it is declared
    /// [`Flaw::TooSlow`]: the program has a real bug (or a crash), so its
    /// declaration, or the program, is wrong.
    pub fn contradiction(&self) -> Option<&TestRun> {
        match self.flaw {
            Flaw::TooSlow => self.kills().find(|r| !r.too_slow()),
            Flaw::WrongAnswer => None,
        }
    }

    /// How many tests kill it with each of the judges' verdicts (WA, TLE, RTE),
    /// in the order first seen.
    pub fn verdict_counts(&self) -> Vec<(Verdict, usize)> {
        let mut counts: Vec<(Verdict, usize)> = Vec::new();
        for code in self.kills().map(|r| r.judges) {
            match counts.iter_mut().find(|(c, _)| *c == code) {
                Some((_, n)) => *n += 1,
                None => counts.push((code, 1)),
            }
        }
        counts
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use jurybox_sandbox::Clock;

    pub(crate) const AC: RunVerdict = RunVerdict::Accepted;

    /// A row with one run per `(cpu, verdict)`, on tests `t0`, `t1`, ...
    pub(crate) fn row(flaw: Flaw, runs: &[(f64, RunVerdict)]) -> MutantRow {
        MutantRow {
            mutant: "m".into(),
            about: String::new(),
            flaw,
            runs: runs
                .iter()
                .enumerate()
                .map(|(i, (cpu, verdict))| TestRun {
                    test: format!("t{i}"),
                    cpu_seconds: *cpu,
                    verdict: verdict.clone(),
                    judges: verdict.judges().expect("a verdict"),
                })
                .collect(),
        }
    }

    #[test]
    fn a_slow_mutant_no_test_kills_is_not_separable_and_a_wrong_one_survives() {
        let calm = [(0.4, AC), (1.2, AC), (0.1, AC)];
        match row(Flaw::TooSlow, &calm).fate() {
            Fate::NotSeparable(run) => assert_eq!(run.test, "t1", "its slowest run"),
            other => panic!("{other:?}"),
        }
        assert_eq!(row(Flaw::WrongAnswer, &calm).fate(), Fate::Survives);
        let killed = row(
            Flaw::TooSlow,
            &[(0.4, AC), (9.0, RunVerdict::TimeLimit(Clock::Cpu))],
        );
        assert!(matches!(killed.fate(), Fate::Killed(run) if run.test == "t1"));
    }
}
