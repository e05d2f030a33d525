//! A written Kattis package's linked tests held to the groups they are
//! linked into. `jurybox convert` links a test into a second group where the
//! Kattis layout has no dependency to say it with (the legacy layout's
//! samples and required groups, 2025-09's required groups of per-test
//! points: the format crate's `convert::kattis_scoring`); a linked test is
//! then validated with that group's flags, as verifyproblem and `bt
//! validate` do, and may break them (a sample outside a subtask's bounds,
//! which a Polygon dependency allows). The format crate runs nothing, so
//! the check is here: each linked test the package's own validators refuse
//! there is unlinked, and said, so that no invalid package is written.

use crate::build_programs::build_validators;
use crate::gate::Turn;
use crate::run::{Case, Jury};
use crate::stop::Stop;
use crate::test_inputs::{link_of, RefusedTest, Validated};
use crate::Stops;
use jurybox_format::Package;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// What checking a written package's links did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unlinked {
    /// The links checked.
    pub checked: usize,
    /// The links refused, each removed from the package.
    pub removed: Vec<RefusedTest>,
    /// Why the links could not be checked, when they were not.
    pub note: Option<String>,
    /// The validator arguments' key as the package's layout names it.
    pub key: &'static str,
}

/// Validates every linked test of the Kattis package in `dir` with its
/// group's arguments (its validators built, `jobs` at a time) and removes
/// each one refused (its linked `.in` and `.ans`); nothing is built when
/// the package links no test.
pub fn unlink_refused(dir: &Path, jobs: usize, cancel: &AtomicBool) -> Result<Unlinked, Stop> {
    let package = Package::read(dir).map_err(|e| {
        Stop::fault(
            format!("the written package does not read back: {e}"),
            None,
            "",
            b"",
        )
    })?;
    let linked: Vec<Case> = package
        .data
        .tests
        .iter()
        .filter(|t| link_of(&package, &t.name).is_some())
        .filter_map(|t| Case::read(t).ok())
        .collect();
    if linked.is_empty() {
        return Ok(Unlinked::default());
    }
    let built = build_validators(&package, jobs, cancel);
    let jury = Jury {
        package: &package,
        built: &built,
        cancel,
        turn: Turn::default(),
    };
    let Validated {
        checked,
        refusals,
        note,
        key,
        ..
    } = jury.validate_tests(&linked, jobs)?;
    for refusal in &refusals {
        for ext in ["in", "ans"] {
            let file = package
                .dir
                .join("data")
                .join(format!("{}.{ext}", refusal.test));
            if file.is_symlink() {
                std::fs::remove_file(&file)
                    .map_err(|e| Stop::fault(format!("{}: {e}", file.display()), None, "", b""))?;
            }
        }
    }
    Ok(Unlinked {
        checked,
        removed: refusals,
        note,
        key,
    })
}
