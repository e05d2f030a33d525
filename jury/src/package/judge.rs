//! A package judged as `jurybox run PACKAGE` judges it: the time limit
//! derived from the submissions that bound it, then every submission on the
//! tests under it, and each margin to its line.

use crate::build_programs::BuiltPackage;
use crate::gate::Turn;
use crate::limit::{derive_keeping, TimeLimit};
use crate::margins::{margins, Margin};
use crate::matrix::{run_matrix_as_judged, run_matrix_with, Matrix};
use crate::recheck::recheck_accepted;
use crate::run::{Case, Jury, Limits};
use crate::stop::Stop;
use crate::test_inputs::Validated;
use crate::validator_cases::Checked;
use jurybox_format::Package;
use std::sync::atomic::AtomicBool;

/// A package judged: its validator tests, its limit, every submission on
/// every test, the margins.
pub struct Judged {
    /// The package's validator tests (`data/invalid_input/`, ...) checked.
    pub validator_cases: Checked,
    /// Every test's input checked with its group's validator arguments.
    pub inputs: Validated,
    /// The time limit, derived or stated.
    pub limit: TimeLimit,
    /// Every submission on the tests.
    pub matrix: Matrix,
    /// How close each submission came to its line.
    pub margins: Vec<Margin>,
    /// Each cell an accepted submission timed out on, run again as the
    /// derivation measures (`crate::recheck`): what that showed, a line each.
    pub rechecked: Vec<String>,
}

/// Checks the package's validator tests (`data/invalid_input/`, ...: one
/// that does not hold is the jury's fault, a [`Stop`]) and every test's
/// input with its group's arguments (a test a validator refuses there is
/// one too: `crate::test_inputs`), derives the limit of
/// a package whose programs are `built` (`said` is
/// told it as soon as it is known), then runs every submission on the tests
/// under it, `jobs` at a time: every test with `every_cell`, else a
/// submission that must fail only up to where the judges stop it; an
/// accepted one's time limit is run again as the derivation measures
/// ([`recheck_accepted`]) before it counts. Its runs
/// take their `turn` with other problems judged at once.
pub fn judge_package(
    package: &Package,
    cases: &[Case],
    built: &BuiltPackage,
    (jobs, turn): (usize, Turn),
    every_cell: bool,
    cancel: &AtomicBool,
    said: impl FnOnce(&TimeLimit),
) -> Result<Judged, Stop> {
    let jury = Jury {
        package,
        built,
        cancel,
        turn,
    };
    let validator_cases = jury.check_validator_cases()?;
    if let Some(stop) = validator_cases.as_stop() {
        return Err(stop);
    }
    let inputs = jury.validate_tests(cases, jobs)?;
    if let Some(stop) = inputs.as_stop(cases) {
        return Err(stop);
    }
    let (limit, first) = derive_keeping(&jury, cases, jobs, 0.0)?;
    said(&limit);
    let all: Vec<usize> = (0..package.submissions.len()).collect();
    let limits = Limits::of(package, limit.seconds);
    let mut matrix = match every_cell {
        true => run_matrix_with(&jury, &all, cases, &limits, jobs, None, &first)?,
        false => run_matrix_as_judged(&jury, &all, cases, &limits, jobs, &first)?,
    };
    let rechecked = recheck_accepted(&jury, &mut matrix, cases, &limits, &limit)?;
    let margins = margins(package, &matrix, &limit);
    Ok(Judged {
        validator_cases,
        inputs,
        limit,
        matrix,
        margins,
        rechecked,
    })
}
