//! `jurybox run PACKAGE`: every submission on every test of a Kattis / BAPCtools
//! package, as `bt run` does: the judge whose settings build and run it (one
//! line: its compilers, interpreters and stack for the package's languages),
//! the input validators (one line), what could not be read or built, the time
//! limit and how it was found, the matrix (test × submission: verdict and CPU
//! time), and each submission's verdicts against what its directory says; exit
//! 1 on a contradiction, 2 when the package cannot be judged (the jury's
//! fault). A submission that must fail stops where the judges stop it, at its
//! first rejection in run order, as `bt run` does (`jury::run_matrix_as_judged`):
//! the rest of its row is "skipped", which `--all` fills. The judging is
//! `jurybox_jury::package`; this file prints it.

use crate::exit;
use crate::interrupt;
use crate::output::Terminal;
use crate::package_view::{
    print_built, print_inputs, print_margin_warnings, print_matrix, print_rechecked, print_rows,
    print_validator_cases,
};
use crate::stopped::{ended, opened};
use anyhow::Result;
use jurybox_format::PackageError;
use jurybox_judging::store::found_dir;
use jurybox_jury::package::{compare_recorded_speed, judge_package, open, Judged, OpenError};
use jurybox_jury::{build_package_as, choose_judge, Stop, TimeLimit, Turn};
use jurybox_languages::Judge;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// How `run PACKAGE` was asked to run.
pub struct RunPackage<'a> {
    pub dir: &'a Path,
    pub jobs: usize,
    pub judge: Option<Judge>,
    pub keep_stated: bool,
    /// `--all`: every submission on every test.
    pub every_cell: bool,
}

pub fn run(asked: &RunPackage) -> Result<ExitCode> {
    let RunPackage {
        dir,
        jobs,
        judge,
        keep_stated,
        every_cell,
    } = *asked;
    let cancel = interrupt::flag();
    let (package, cases) = match open(dir, jobs, cancel, &Terminal) {
        Ok(opened) => opened,
        // The package's own fault, not a usage error: the jury's exit code.
        Err(OpenError::Package(unjudgeable @ PackageError::NoOutputValidator { .. })) => {
            errln!("jury fault: {unjudgeable}");
            return Ok(exit::code(exit::JURY_FAULT));
        }
        Err(e) => return Err(opened(e)),
    };
    compare_recorded_speed(&package, keep_stated, cancel, &Terminal)?;
    let built = build_package_as(&package, choose_judge(&package, judge), jobs, cancel);
    let save = found_dir(&package.name);
    let stopped = |stop| ended(stop, &save);
    if cancel.load(Ordering::Relaxed) {
        return Err(stopped(Stop::Interrupted));
    }
    print_built(&package, &built);
    let (samples, secret) = (
        package.data.tests.iter().filter(|t| t.sample).count(),
        package.data.tests.iter().filter(|t| !t.sample).count(),
    );
    errln!(
        "{}: {} tests ({samples} sample, {secret} secret), {} submissions; deriving the time limit",
        package.name,
        cases.len(),
        package.submissions.len()
    );
    // A run with no verdict (the jury's fault, Ctrl-C) ends the command: no
    // verdict, no contradiction is shown from a jury that failed.
    let Judged {
        validator_cases,
        inputs,
        limit,
        matrix,
        margins,
        rechecked,
    } = judge_package(
        &package,
        &cases,
        &built,
        (jobs, Turn::default()),
        every_cell,
        cancel,
        |limit: &TimeLimit| outln!("{}", limit.explain()),
    )
    .map_err(stopped)?;
    print_validator_cases(&validator_cases);
    print_inputs(&inputs);
    print_rechecked(&rechecked);
    print_matrix(&package, &matrix);
    outln!();
    print_rows(&package, &matrix, &limit, &margins);
    print_margin_warnings(&margins);
    let scored = jurybox_jury::score_matrix(&package, &matrix, limit.seconds);
    let wrong_scores = crate::run_scores::print_scores(&package, &matrix, &scored);
    // A stated limit the derivation clearly contradicts is a finding too
    // (it is kept, and said with its numbers in the limit's line).
    let stated = limit.stated_check().filter(|c| c.contradicts());
    if let Some(check) = &stated {
        outln!("the stated limit: {}", check.describe());
    }
    let contradictions = matrix.contradictions();
    if contradictions + wrong_scores + usize::from(stated.is_some()) > 0 {
        if contradictions > 0 {
            outln!("{contradictions} submissions contradict their expected verdicts");
        }
        if wrong_scores > 0 {
            outln!("{wrong_scores} submissions contradict their expected scores");
        }
        return Ok(exit::code(exit::FOUND));
    }
    match package.scoring {
        Some(_) => outln!("every submission's verdicts and stated scores are as expected"),
        None => outln!("every submission's verdicts are as expected"),
    }
    Ok(ExitCode::SUCCESS)
}
