//! Every test's input checked on every `run` by the package's input
//! validators, each told the arguments of the group the test sits in (its
//! directory's `input_validator_flags` in the legacy layout,
//! `input_validator_args` in 2025-09, sinol's test file name), as
//! problemtools' `verifyproblem` and BAPCtools' `bt validate` check them.
//!
//! A test that sits in two groups is a test of each: a sample linked into
//! `data/secret/group1/` (testdata_tools' `include_group`, `jurybox convert`
//! emulating a dependency) is checked there with group1's arguments as well
//! as in `data/sample/` with the samples', so a sample that breaks a
//! subtask's constraints cannot sit in that subtask unnoticed (its partial
//! solution would fail a test outside what it was written for). A refused
//! test is the package's fault: every refusal is named (the test, what it
//! links to, its group, the arguments, the validator's words) and judging
//! stops, as it stops for a Polygon package's invalid test
//! (`crate::polygon`, which validates its tests while building them, so a
//! Polygon package is not checked again here).

use crate::run::{Case, Jury};
use crate::stop::Stop;
use crate::Stops;
use jurybox_format::{Format, Package};
use jurybox_judging::jobs::on_threads;
use jurybox_judging::progress;
use jurybox_judging::tool::run_validator;
use jurybox_judging::verdict::NoVerdict;
use jurybox_sandbox::RunLimits;
use rayon::prelude::*;
use std::path::Path;
use std::time::Duration;

/// One test an input validator refused under its group's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedTest {
    /// The test (`secret/group1/sample-1`).
    pub test: String,
    /// The file it is a link to, relative to the package (`data/sample/1.in`),
    /// when it is one.
    pub link_to: Option<String>,
    /// The group it sits in (`secret/group1`).
    pub group: String,
    /// The validator that refused it.
    pub validator: String,
    /// The arguments that validator was told.
    pub args: Vec<String>,
    /// The validator's words.
    pub why: String,
}

impl RefusedTest {
    /// One line: the test, the group, the arguments and the validator's words.
    pub fn describe(&self, key: &str) -> String {
        let link = match &self.link_to {
            Some(to) => format!(" (a link to {to})"),
            None => String::new(),
        };
        let args = match self.args.is_empty() {
            true => "no arguments".to_string(),
            false => format!("{key} '{}'", self.args.join(" ")),
        };
        format!(
            "test {}{link} in group {}: input validator {} with the group's {args}: {}",
            self.test,
            self.group,
            self.validator,
            self.why.trim_end()
        )
    }
}

/// What checking the tests' inputs found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Validated {
    /// Tests checked (0: none was, and `note` says why).
    pub checked: usize,
    /// Of them, the links into a second group (checked there too).
    pub linked: usize,
    /// The refused tests, in run order.
    pub refusals: Vec<RefusedTest>,
    /// Why the tests were not checked here, when they were not.
    pub note: Option<String>,
    /// The arguments' key as the package's layout names it.
    pub key: &'static str,
}

impl Validated {
    /// `test inputs: 8 accepted by the input validators, each with its
    /// group's arguments (1 linked into a second group)`, or `None` when none
    /// was checked.
    pub fn line(&self) -> Option<String> {
        if self.checked == 0 {
            return None;
        }
        let linked = match self.linked {
            0 => String::new(),
            n => format!(" ({n} linked into a second group, each validated with that group's)"),
        };
        let held = match self.refusals.len() {
            0 => format!("{} accepted", self.checked),
            n => format!("{n} of {} refused", self.checked),
        };
        Some(format!(
            "test inputs: {held} by the input validators, each with its group's {}{linked}",
            self.key
        ))
    }

    /// The refusals as one stop (the first's test and input), or `None`.
    pub fn as_stop(&self, cases: &[Case]) -> Option<Stop> {
        let first = self.refusals.first()?;
        let all: Vec<String> = self.refusals.iter().map(|r| r.describe(self.key)).collect();
        let input = cases
            .iter()
            .find(|c| c.name == first.test)
            .map_or(&[][..], |c| &c.input[..]);
        Some(Stop::fault(
            format!(
                "the package's tests break their groups' constraints (each test is validated with the arguments of the group it sits in, as verifyproblem and bt validate do):\n  {}",
                all.join("\n  ")
            ),
            None,
            &first.test,
            input,
        ))
    }
}

/// The key a layout names the input validators' arguments with.
fn key_of(package: &Package) -> &'static str {
    match (&package.sinol, package.config.format) {
        (Some(_), _) => "arguments (the test's file name)",
        (None, Format::Legacy) => "input_validator_flags",
        (None, Format::V2025) => "input_validator_args",
    }
}

/// The file `name`'s input links to, relative to the package, when it is
/// a link (itself or through a linked directory).
pub(crate) fn link_of(package: &Package, name: &str) -> Option<String> {
    let test = package.data.tests.iter().find(|t| t.name == name)?;
    let real = test.input.canonicalize().ok()?;
    let dir = package.dir.canonicalize().ok()?;
    let own = dir.join("data").join(format!("{name}.in"));
    (real != own).then(|| {
        real.strip_prefix(&dir)
            .unwrap_or(&real)
            .display()
            .to_string()
    })
}

/// The group test `name` sits in: its scoring group, else its directory
/// under `data/`.
fn group_of(package: &Package, name: &str) -> String {
    let index = package.data.tests.iter().position(|t| t.name == name);
    let scored = package
        .scoring
        .as_ref()
        .zip(index)
        .and_then(|(s, index)| s.group_of(index))
        .map(|g| g.name.clone());
    scored.unwrap_or_else(|| {
        Path::new(name)
            .parent()
            .map_or_else(String::new, |p| p.display().to_string())
    })
}

impl Jury<'_> {
    /// Checks every test of `cases` (the package's, or some of them) with
    /// every input validator that built, told the test's own arguments,
    /// `jobs` at a time; `Err` for Ctrl-C or a validator that did not finish.
    pub fn validate_tests(&self, cases: &[Case], jobs: usize) -> Result<Validated, Stop> {
        let package = self.package;
        let mut out = Validated {
            key: key_of(package),
            ..Validated::default()
        };
        if package.polygon.is_some() {
            return Ok(out);
        }
        if self.input_validators(&Default::default()).is_empty() {
            out.note = Some("no input validator ran, so no test input is checked".into());
            return Ok(out);
        }
        let limits = RunLimits::with_cpu(Duration::from_secs(
            jurybox_sandbox::JURY_PROGRAM_CPU_SECONDS,
        ));
        progress::phase(
            "test inputs, each validated with its group's arguments",
            cases.len() as u64,
        );
        let found: Vec<Vec<RefusedTest>> = on_threads(jobs, || {
            cases
                .par_iter()
                .map(|case| {
                    let said = self.refusals_of(case, &limits);
                    progress::advance_for(self.turn.label, 1);
                    said
                })
                .collect::<Result<Vec<_>, Stop>>()
        })?;
        out.checked = cases.len();
        out.linked = cases
            .iter()
            .filter(|c| link_of(package, &c.name).is_some())
            .count();
        out.refusals = found.into_iter().flatten().collect();
        Ok(out)
    }

    /// What each input validator says of one test under its arguments.
    fn refusals_of(&self, case: &Case, limits: &RunLimits) -> Result<Vec<RefusedTest>, Stop> {
        let mut out = Vec::new();
        for (name, tool) in self.named_input_validators(&case.settings) {
            match run_validator(&tool, &case.input, limits, self.cancel) {
                Ok(None) => {}
                Ok(Some(why)) => out.push(RefusedTest {
                    test: case.name.clone(),
                    link_to: link_of(self.package, &case.name),
                    group: group_of(self.package, &case.name),
                    validator: name.to_string(),
                    args: tool.args.clone(),
                    why,
                }),
                Err(NoVerdict::Interrupted) => return Err(Stop::Interrupted),
                Err(NoVerdict::JuryFault(why)) => {
                    return Err(Stop::fault(
                        format!("input validator {name} failed on the test: {why}"),
                        None,
                        &case.name,
                        &case.input,
                    ))
                }
            }
        }
        Ok(out)
    }
}
