//! A package opened for judging: read, what could not be used told, a
//! Polygon package made ready as its `doall.sh` does ([`crate::polygon`]), a
//! sinol one without tests given its ingen's ([`crate::sinol_gen`]), and its
//! tests loaded. Every command that takes a package opens it here,
//! so they all see the same tests.

use crate::build_programs::BuiltPackage;
use crate::polygon::prepare;
use crate::run::Case;
use crate::stop::Stop;
use crate::tell::Tell;
use jurybox_format::{Package, PackageError};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// Why a package could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// It cannot be read.
    #[error(transparent)]
    Package(#[from] PackageError),
    /// Making a Polygon package ready stopped: Ctrl-C, or the jury's fault,
    /// whose input belongs in the package's found directory.
    #[error("{stop}")]
    Prepare {
        /// The package's name.
        package: String,
        /// Why it stopped.
        stop: Stop,
    },
    /// A test's file cannot be read.
    #[error("{}: {error}", path.display())]
    Test {
        /// The test's input.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// A package read, what could not be used told, and made ready to judge: a
/// Polygon package's generated tests built, validated and answered, its
/// self-checks run (`jobs` at a time).
pub fn read_prepared(
    dir: &Path,
    jobs: usize,
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<Package, OpenError> {
    let mut package = Package::read(dir)?;
    for issue in &package.issues {
        tell.note(&format!("note: {issue}"));
    }
    let prepared = prepare(&mut package, jobs, cancel).map_err(|stop| OpenError::Prepare {
        package: package.name.clone(),
        stop,
    })?;
    for note in &prepared.notes {
        tell.note(&format!("{}: {note}", package.name));
    }
    let made = crate::sinol_gen::prepare(&mut package, cancel).map_err(|e| match e {
        crate::sinol_gen::Unready::Stopped(stop) => OpenError::Prepare {
            package: package.name.clone(),
            stop,
        },
        crate::sinol_gen::Unready::Package(e) => OpenError::Package(e),
    })?;
    for note in &made {
        tell.note(&format!("{}: {note}", package.name));
    }
    Ok(package)
}

/// A package made ready ([`read_prepared`]) and its tests loaded.
pub fn open(
    dir: &Path,
    jobs: usize,
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<(Package, Vec<Case>), OpenError> {
    let package = read_prepared(dir, jobs, cancel, tell)?;
    let cases = package
        .data
        .tests
        .iter()
        .map(|t| {
            Case::read(t).map_err(|error| OpenError::Test {
                path: t.input.clone(),
                error,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((package, cases))
}

/// Tells the judge and the input validators (the header, once), then what
/// could not be built and which jury programs run on this machine's tools.
pub fn tell_built(package: &Package, built: &BuiltPackage, tell: &dyn Tell) {
    tell.out(&built.judge_line(package));
    tell.out(&built.validators_line());
    for failure in built.failures_but_input_validators() {
        tell.note(&format!("note: {failure}"));
    }
    for substitute in &built.substitutes {
        tell.note(&format!("note: {substitute}"));
    }
}
