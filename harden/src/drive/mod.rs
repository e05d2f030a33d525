//! The commands that harden a package, as library calls: `harden`
//! ([`harden`]), `mutants PACKAGE` and its `--search` ([`mutants`]), `stress
//! PACKAGE` and its `--input` replay ([`stress`], [`replay`]). Each takes a
//! config its command line made, opens a [`Session`], tells its lines to a
//! [`Tell`] as it goes (the binary draws them), fills the problem's line of a
//! contest's summary, and returns whether it found something (the exit
//! status's "found"). What is found is written to disk before it is told.

mod audit_first;
pub(crate) mod budget;
mod by_group;
mod found;
mod harden;
mod mutants;
mod place;
mod stress;
mod targets;

pub use found::{save_cut_short, tell_disagreements, tell_search};
pub use harden::{harden, HardenConfig};
pub use mutants::{mutants, MutantsConfig};
pub use stress::{replay, stress, StressConfig};

use crate::session::Session;
use crate::write::AddError;
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::{by_directory, limits, ProblemLine};
use jurybox_jury::package::{open, tell_built, OpenError};
use jurybox_jury::{choose_judge, CalibrateError, Stop, Tell};
use jurybox_languages::Judge;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// Why a hardening command ended before its answer.
#[derive(Debug, thiserror::Error)]
pub enum HardenError {
    /// The package could not be opened.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// A run stopped: Ctrl-C, or the jury's fault, whose input belongs in
    /// `save`.
    #[error("{stop}")]
    Stopped {
        /// Why.
        stop: Stop,
        /// Where a fault's input is saved.
        save: PathBuf,
    },
    /// No accepted submission passed every test, so none answers `what`.
    #[error("no accepted submission passed every test: nothing can answer {what}")]
    NoReference {
        /// `a new input`, `the input`.
        what: &'static str,
    },
    /// The reference failed on the input to replay.
    #[error("the reference failed on the input")]
    ReferenceFailed,
    /// The input to replay cannot be read.
    #[error("cannot read {}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A found test could not be saved, or the machine's speed recorded.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// A found test could not be added to the package.
    #[error(transparent)]
    Add(#[from] AddError),
    /// This machine could not be measured.
    #[error(transparent)]
    Calibrate(#[from] CalibrateError),
}

/// A stop as the command's end, a fault's input to be saved in `save`.
fn stopped(save: &Path) -> impl Fn(Stop) -> HardenError + '_ {
    move |stop| HardenError::Stopped {
        stop,
        save: save.to_path_buf(),
    }
}

/// Opens `dir` for hardening: its tests checked by the input validators with
/// their groups' arguments (a refused one stops it, as it stops `run`), its
/// `which` submissions (all when `None`) run on its data after the limit is
/// derived, built as `judge` (or its format's
/// judge) does, telling the judge, what could not be used and the limit; a
/// jury fault met on the way is saved in `save` (by default the package's
/// found directory).
pub fn open_session(
    dir: &Path,
    which: Option<Vec<usize>>,
    judge: Option<Judge>,
    jobs: usize,
    save: Option<&Path>,
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<Session, HardenError> {
    let (package, cases) = open(dir, jobs, cancel, tell)?;
    let judging = choose_judge(&package, judge);
    tell.note(&format!(
        "{}: building, deriving the time limit and running {} submissions on {} tests",
        package.name,
        which.as_ref().map_or(package.submissions.len(), Vec::len),
        cases.len()
    ));
    let save = save.map_or_else(|| found_dir(&package.name), Path::to_path_buf);
    let session =
        Session::open(package, cases, which, judging, jobs, cancel).map_err(stopped(&save))?;
    tell_built(&session.package, &session.built, tell);
    if let Some(line) = session.inputs.line() {
        tell.out(&line);
    }
    tell.out(&session.limit.explain());
    for line in &session.rechecked {
        tell.out(&format!("run again: {line}"));
    }
    Ok(session)
}

/// The session's facts in a contest's summary line.
fn fill_line(line: &mut ProblemLine, session: &Session) {
    line.limit = limits(&session.limit);
    line.submissions = by_directory(&session.package);
    line.contradictions = Some(session.matrix.contradictions());
}

/// The indices of the package's accepted submissions.
fn accepted_of(dir: &Path) -> Result<Vec<usize>, HardenError> {
    let package = jurybox_format::Package::read(dir).map_err(OpenError::from)?;
    Ok((0..package.submissions.len())
        .filter(|&i| package.submissions[i].is_accepted())
        .collect())
}

/// The lines of `text`, each indented four spaces.
fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
