//! A command the jury's work stopped before its answer: Ctrl-C (exit 130) or
//! the jury's own fault (exit 3, testlib's "fail": 2 is a usage error). A jury
//! fault's input is saved before it is reported, with a note saying what
//! failed; `main` prints the message and ends with the status.

use crate::exit;
use jurybox_harden::drive::HardenError;
use jurybox_judging::store::found_dir;
use jurybox_jury::package::OpenError;
use jurybox_jury::Stop;
use jurybox_packager::suite_tests::SuiteError;
use std::path::Path;

/// How a stopped command ends: what it says, and its exit status.
#[derive(Debug)]
pub struct Ended {
    /// Said on stderr.
    pub message: String,
    /// The exit status.
    pub code: u8,
}

impl std::fmt::Display for Ended {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Ended {}

/// `stop` as the command's end, a fault's input saved in `save` first.
pub fn ended(stop: Stop, save: &Path) -> anyhow::Error {
    match stop {
        Stop::Interrupted => Ended {
            message: "interrupted".into(),
            code: exit::INTERRUPTED,
        },
        Stop::JuryFault(fault) if fault.is_of_no_run() => Ended {
            message: fault.to_string(),
            code: exit::JURY_FAULT,
        },
        Stop::JuryFault(fault) => {
            let saved = match fault.save(save) {
                Ok(path) => format!("the input is saved as {}", path.display()),
                Err(e) => format!("the input could not be saved in {}: {e}", save.display()),
            };
            Ended {
                message: format!("{fault}\n  {saved}"),
                code: exit::JURY_FAULT,
            }
        }
    }
    .into()
}

/// A suite's error as the command's end: a stop as [`ended`] says, any other
/// error as it is.
pub fn suite_ended(error: SuiteError, save: &Path) -> anyhow::Error {
    match error {
        SuiteError::Stopped(stop) => ended(stop, save),
        other => other.into(),
    }
}

/// A package that could not be opened, as the command's end: a Polygon
/// package's preparation that stopped as [`ended`] says (a fault's input
/// saved in the package's found directory), a package that cannot be read
/// as its own error (so `main` knows a path that is no package).
pub fn opened(error: OpenError) -> anyhow::Error {
    match error {
        OpenError::Package(e) => e.into(),
        OpenError::Prepare { package, stop } => ended(stop, &found_dir(&package)),
        other => other.into(),
    }
}

/// A hardening command's error as the command's end: a stop as [`ended`]
/// says, a package that could not be opened as [`opened`] says, any other as
/// it is.
pub fn hardened(error: HardenError) -> anyhow::Error {
    match error {
        HardenError::Stopped { stop, save } => ended(stop, &save),
        HardenError::Open(e) => opened(e),
        other => other.into(),
    }
}
