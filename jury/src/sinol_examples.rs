//! `convert --to sinol` with group 0 measured: sinol-make states every
//! solution's status on the examples (group 0, 0 points) and stops with
//! "Groups were added: 0" where config.yml does not, yet no Kattis or
//! Polygon source says how a partial solution does on its samples. So the
//! package is converted once into a scratch directory of the same name (the
//! task id is the directory's), opened and built as `jurybox run` opens a
//! sinol package (judge sinol-make: its compilers and flags), and each
//! solution whose status there is unstated is run on the group-0 tests
//! under the converted package's own limits as sinol-make's `run` runs it
//! (its time and memory limit, its wall-clock cap), its status the worst of
//! its tests' in sinol's order ([`SinolStatus::of_group`]). The package is
//! then written where asked with those statuses
//! ([`jurybox_format::convert::to_sinol_with`]). A solution that did not
//! build, or whose run was the jury's fault, gets no status: the
//! conversion keeps sinol-make's own command for it.

use crate::build_programs::{build_package, memory_mib};
use crate::matrix::run_matrix;
use crate::package::{open, OpenError};
use crate::run::{Jury, Limits, Run};
use crate::stop::Stop;
use crate::tell::Quiet;
use crate::Turn;
use jurybox_format::convert::{
    to_sinol_with, ConvertError, Examples, SinolConversion, SinolStatus, TestBytes,
};
use jurybox_format::Package;
use jurybox_judging::verdict::RunVerdict;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Why a measured conversion was not written.
#[derive(Debug, thiserror::Error)]
pub enum MeasuredError {
    /// The conversion itself failed.
    #[error(transparent)]
    Convert(#[from] ConvertError),
    /// Ctrl-C.
    #[error("interrupted")]
    Interrupted,
}

/// sinol-make's status of one run (`ML` where the sandbox stopped it over
/// its memory limit, which jurybox's verdicts count as a run-time error).
pub fn status_of(run: &Run) -> SinolStatus {
    match &run.detail {
        RunVerdict::MemoryLimit => SinolStatus::ML,
        _ => SinolStatus::of(run.verdict),
    }
}

/// Writes the scored Kattis `package` (its tests' bytes `tests`) as a
/// sinol-make package in the new directory `out`, each solution's status
/// on group 0 measured where the source states none, `jobs` runs at a time.
pub fn to_sinol_measured(
    package: &Package,
    tests: &[TestBytes],
    out: &Path,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<SinolConversion, MeasuredError> {
    if std::fs::read_dir(out).is_ok_and(|mut d| d.next().is_some()) {
        return Err(ConvertError::NotEmpty(out.display().to_string()).into());
    }
    let scratch = tempfile::tempdir().map_err(|error| ConvertError::Io {
        file: "a scratch directory".into(),
        error,
    })?;
    // The same name: sinol's task id, and so every file's, is the directory's.
    let name = out.file_name().map_or_else(
        || package.name.clone(),
        |n| n.to_string_lossy().into_owned(),
    );
    let staged = scratch.path().join(name);
    let first = to_sinol_with(package, tests, &staged, None)?;
    if first.examples_unstated.is_empty() {
        return Ok(to_sinol_with(package, tests, out, None)?);
    }
    let examples = measure(&staged, &first.examples_unstated, jobs, cancel)?;
    Ok(to_sinol_with(package, tests, out, Some(&examples))?)
}

/// Group 0's status of each of `files` (`prog/` files of the sinol
/// package in `dir`), measured.
fn measure(
    dir: &Path,
    files: &[String],
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<Examples, MeasuredError> {
    let none = |why: String| Examples {
        measured_by: String::new(),
        statuses: files
            .iter()
            .map(|f| (f.clone(), Err(why.clone())))
            .collect(),
    };
    let (package, cases) = match open(dir, jobs, cancel, &Quiet) {
        Ok(opened) => opened,
        Err(OpenError::Prepare {
            stop: Stop::Interrupted,
            ..
        }) => return Err(MeasuredError::Interrupted),
        Err(e) => {
            return Ok(none(format!(
                "the converted package could not be opened: {e}"
            )))
        }
    };
    let built = build_package(&package, jobs, cancel);
    if cancel.load(Ordering::Relaxed) {
        return Err(MeasuredError::Interrupted);
    }
    // sinol reads its tests group by group: group 0's come first.
    let examples = package.data.tests.iter().take_while(|t| t.sample).count();
    let seconds = package.config.time_limit.as_ref().map_or(1.0, |(s, _)| *s);
    let limits = Limits::of(&package, seconds);
    let jury = Jury {
        package: &package,
        built: &built,
        cancel,
        turn: Turn::default(),
    };
    let profile = built.judging.judge.profile();
    let measured_by = format!(
        "judge {}: {}; time limit {} ms, memory limit {} KiB, on {}",
        profile.name,
        profile.describe_toolchains(&built.toolchains, memory_mib(&package)),
        (seconds * 1000.0).round(),
        memory_mib(&package) * 1024,
        cases[..examples]
            .iter()
            .map(|c| format!("{}.in", c.name))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut statuses = std::collections::BTreeMap::new();
    for file in files {
        let name = format!("prog/{file}");
        let status = match package.submissions.iter().position(|s| s.name == name) {
            None => Err(format!("{name} is not in the converted package")),
            Some(s) => match &built.submissions[s] {
                Err(why) => Err(format!(
                    "it did not build: {}",
                    why.lines().next().unwrap_or("")
                )),
                Ok(_) => match run_matrix(&jury, &[s], &cases[..examples], &limits, jobs) {
                    Err(Stop::Interrupted) => return Err(MeasuredError::Interrupted),
                    Err(Stop::JuryFault(fault)) => Err(fault.to_string()),
                    Ok(matrix) => {
                        let runs: Option<Vec<SinolStatus>> = matrix.rows[0]
                            .runs
                            .iter()
                            .map(|r| r.as_ref().map(status_of))
                            .collect();
                        runs.map(SinolStatus::of_group)
                            .ok_or_else(|| "a test was not run".to_string())
                    }
                },
            },
        };
        statuses.insert(file.clone(), status);
    }
    Ok(Examples {
        measured_by,
        statuses,
    })
}
