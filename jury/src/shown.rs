//! The word a table shows for a run, and the sentences said beside it worded
//! with it. The format crate's rules and scoring judge the judges' four
//! verdicts and return what broke as data (`format::Violation`,
//! `format::scoring::Contradiction`); a sinol or Polygon matrix shows a run
//! over its memory limit as `MLE` where its verdict is `RTE`, so each
//! sentence is worded here, asking the row for the word of the very test it
//! names: a contradiction says what the cell beside it says.

use super::matrix::{Matrix, Row};
use super::run::{Case, Run};
use jurybox_core::Verdict;
use jurybox_format::scoring::Contradiction;
use jurybox_format::{Package, Violation};
use jurybox_judging::verdict::RunVerdict;

impl Run {
    /// The word a table shows for this run: its verdict's (`RTE`), but `MLE`
    /// for a run stopped over its memory limit (its peak resident memory
    /// measured over it) in a package whose format has that verdict of its
    /// own: sinol-make's `ML`, Polygon's `MEMORY_LIMIT_EXCEEDED`. A Kattis
    /// package keeps `RTE`, as problemtools says (its expectations have no
    /// memory verdict); a crash at the limit that cannot be told from any
    /// other (a stack overflow's SIGSEGV) stays `RTE` everywhere.
    pub fn shown(&self, package: &Package) -> &'static str {
        let names_memory = package.sinol.is_some() || package.polygon.is_some();
        match (&self.detail, names_memory) {
            (RunVerdict::MemoryLimit, true) => RunVerdict::MemoryLimit.code(),
            _ => self.verdict.code(),
        }
    }
}

impl Row {
    /// The word its cell on test `t` shows for `verdict`: its run's
    /// ([`Run::shown`]) where that run gave `verdict`, else the verdict's
    /// code (a group's grade decided elsewhere, a test not run).
    pub fn shown(&self, package: &Package, t: usize, verdict: Verdict) -> &'static str {
        match self.runs.get(t) {
            Some(Some(run)) if run.verdict == verdict => run.shown(package),
            _ => verdict.code(),
        }
    }

    /// `violations` of its rules worded as its cells show the runs they
    /// name (`cases` the matrix's tests, in run order): a test is found by
    /// its whole name.
    pub fn worded(
        &self,
        package: &Package,
        cases: &[Case],
        violations: &[Violation],
    ) -> Vec<String> {
        let shown = |test: &str, verdict: Verdict| match cases.iter().position(|c| c.name == test) {
            Some(t) => self.shown(package, t, verdict),
            None => verdict.code(),
        };
        violations.iter().map(|v| v.worded(shown)).collect()
    }
}

impl Matrix {
    /// A contradiction of `submission`'s expected score worded as its row
    /// shows the run that decided it ([`Row::shown`]).
    pub fn worded(&self, package: &Package, submission: usize, c: &Contradiction) -> String {
        let row = self.rows.iter().find(|r| r.submission == submission);
        c.worded(|t, verdict| match row {
            Some(row) => row.shown(package, t, verdict),
            None => verdict.code(),
        })
    }
}
