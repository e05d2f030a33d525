//! A package judged as `jurybox run PACKAGE` judges it: the time limit
//! derived from the submissions that bound it, then every submission on the
//! tests under it, and each margin to its line.

use crate::build_programs::BuiltPackage;
use crate::gate::Turn;
use crate::limit::{derive_keeping, TimeLimit};
use crate::margins::{margins, Margin};
use crate::matrix::{run_matrix_as_judged, run_matrix_with, Matrix};
use crate::run::{Case, Jury, Limits};
use crate::stop::Stop;
use jurybox_format::Package;
use std::sync::atomic::AtomicBool;

/// A package judged: its limit, every submission on every test, the margins.
pub struct Judged {
    /// The time limit, derived or stated.
    pub limit: TimeLimit,
    /// Every submission on the tests.
    pub matrix: Matrix,
    /// How close each submission came to its line.
    pub margins: Vec<Margin>,
}

/// Derives the limit of a package whose programs are `built` (`said` is
/// told it as soon as it is known), then runs every submission on the tests
/// under it, `jobs` at a time: every test with `every_cell`, else a
/// submission that must fail only up to where the judges stop it. Its runs
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
    let (limit, first) = derive_keeping(&jury, cases, jobs, 0.0)?;
    said(&limit);
    let all: Vec<usize> = (0..package.submissions.len()).collect();
    let limits = Limits::of(package, limit.seconds);
    let matrix = match every_cell {
        true => run_matrix_with(&jury, &all, cases, &limits, jobs, None, &first)?,
        false => run_matrix_as_judged(&jury, &all, cases, &limits, jobs, &first)?,
    };
    let margins = margins(package, &matrix, &limit);
    Ok(Judged {
        limit,
        matrix,
        margins,
    })
}
