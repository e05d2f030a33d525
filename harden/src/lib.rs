//! `jurybox harden`: find what the data misses, above the jury that judges it
//! (`jurybox_jury`). Every submission whose directory says it must fail but
//! which passes every test (a *survivor*) is searched for a test that catches
//! it (see [`search`]); what is found is shrunk, answered by an accepted
//! submission, saved under the found directory, and with `write` added to the
//! package as a secret test. Above the audit of the jury's own programs
//! (`jurybox_audit`), which reads the package's input grammar for both; the
//! grammar's candidates (`jurybox_grammar`), the text search
//! (`jurybox_search`) and source mutants (`jurybox_mutants`) are harden's.
#![deny(missing_docs)]
// Libraries print nothing: progress is told (the judging::progress facade),
// never drawn; failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod breakpoint;
pub mod coverage;
pub mod dictionary;
pub mod drive;
pub mod equivalent;
pub mod from_grammar;
pub mod known;
pub mod mutants;
pub mod reach;
pub mod scale_back;
pub mod scale_to_limit;
pub mod search;
pub mod session;
pub mod source;
pub mod subtask;
pub mod write;

use jurybox_format::{Package, Verdict};
use jurybox_jury::Matrix;
use jurybox_languages::Built;
use std::collections::BTreeSet;

/// A submission that must fail but passes every test, and what catches it.
#[derive(Clone, Debug)]
pub struct Survivor {
    /// The submission's index in the package.
    pub submission: usize,
    /// The verdicts that would catch it: required by its rules, permitted by
    /// every rule that covers all tests.
    pub catch: BTreeSet<Verdict>,
    /// The scoring group it must fail and passes ([`subtask`]), for a survivor
    /// of one group; `None` for one of the whole package.
    pub group: Option<subtask::SurvivedGroup>,
    /// For a whole-package survivor of a scored problem: the groups a test
    /// that fails it may go into, in run order
    /// ([`subtask::groups_that_may_hold`]); its search is held to the last
    /// one's constraints, and what catches it is written into the first whose
    /// validator accepts it. Empty otherwise.
    pub may_hold: Vec<subtask::SurvivedGroup>,
}

impl Survivor {
    /// How the survivor is named: `partially_accepted/slow.c`, or
    /// `partially_accepted/slow.c (a survivor of secret/group2)`.
    pub fn label(&self, package: &Package) -> String {
        let name = &package.submissions[self.submission].name;
        match &self.group {
            Some(g) => format!("{name} (a survivor of group {})", g.name),
            None => name.clone(),
        }
    }
}

/// The survivors of `matrix`: submissions that must fail somewhere and got none
/// of the verdicts they must get.
pub fn survivors(package: &Package, matrix: &Matrix) -> Vec<Survivor> {
    matrix
        .rows
        .iter()
        .filter(|row| row.build_error.is_none())
        .filter_map(|row| {
            let sub = &package.submissions[row.submission];
            if !sub.must_fail() {
                return None;
            }
            let failing = sub.failing_verdicts();
            let got: BTreeSet<Verdict> = row.runs.iter().flatten().map(|r| r.verdict).collect();
            if got.iter().any(|v| failing.contains(v)) {
                return None;
            }
            let catch: BTreeSet<Verdict> = failing
                .into_iter()
                .filter(|v| {
                    sub.rules
                        .iter()
                        .filter(|r| r.tests.is_none())
                        .all(|r| r.permitted.contains(v))
                })
                .collect();
            (!catch.is_empty()).then_some(Survivor {
                submission: row.submission,
                catch,
                group: None,
                may_hold: Vec::new(),
            })
        })
        .collect()
}

/// The accepted submission that answers new inputs: of the accepted ones that
/// built and passed every test, the fastest on its slowest test (a compiled one,
/// usually, so candidates are answered quickly).
pub fn reference<'a>(
    package: &Package,
    built: &'a jurybox_jury::BuiltPackage,
    matrix: &Matrix,
) -> Option<(usize, &'a Built)> {
    matrix
        .rows
        .iter()
        .filter(|r| package.submissions[r.submission].is_accepted() && r.all_accepted())
        .min_by(|a, b| {
            let time = |r: &jurybox_jury::Row| r.slowest().map_or(0.0, |(_, s)| s);
            time(a).total_cmp(&time(b))
        })
        .and_then(|r| {
            built.submissions[r.submission]
                .as_ref()
                .ok()
                .map(|b| (r.submission, b))
        })
}
