//! A package staged before it is judged, and put in place after: its
//! directory is removed whatever way jurybox ends. Dropping a [`Staging`]
//! removes it; a closed stdout ends jurybox by `process::exit`, which drops
//! nothing, so the CLI calls [`remove_all`] first (a stage left in the
//! system's temporary directory, or beside the user's `--out`, was seen when a
//! `jurybox mutants | head` stopped reading).

use super::dir::refuse_foreign;
use super::suite_tests::SuiteError;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The stages alive now.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A staging directory, removed when dropped or by [`remove_all`].
pub struct Staging {
    dir: Option<tempfile::TempDir>,
}

impl Staging {
    /// Its path.
    pub fn path(&self) -> &Path {
        self.dir.as_ref().expect("kept only by `keep`").path()
    }

    /// Its path, no longer removed by anything.
    fn keep(mut self) -> PathBuf {
        let path = self.dir.take().expect("kept once").keep();
        live().retain(|p| p != &path);
        path
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.take() {
            live().retain(|p| p != dir.path());
        }
    }
}

/// Removes every stage alive: for an exit that drops nothing.
pub fn remove_all() {
    for path in live().drain(..) {
        let _ = fs::remove_dir_all(path);
    }
}

/// A directory for a package to be staged in before it is judged: beside
/// `beside` (so the last step is a rename on one file system), or in the
/// system's temporary directory when it is only judged.
pub fn staging(beside: Option<&Path>) -> Result<Staging, SuiteError> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".jurybox-staged-");
    let dir = match beside.and_then(Path::parent) {
        Some(parent) => {
            let parent = if parent.as_os_str().is_empty() {
                Path::new(".")
            } else {
                parent
            };
            fs::create_dir_all(parent)?;
            builder.tempdir_in(parent)?
        }
        None => builder.tempdir()?,
    };
    live().push(dir.path().to_path_buf());
    Ok(Staging { dir: Some(dir) })
}

/// Puts the finished package `staged` at `out` by renames, so an interrupted
/// run leaves `out` as it was or whole: refused, as `write_suite` refuses,
/// when `out` holds anything but an earlier suite or package of jurybox; an
/// earlier one is moved aside first and removed once the new one is in place.
pub fn put_in_place(staged: Staging, out: &Path) -> Result<(), SuiteError> {
    refuse_foreign(out)?;
    let aside = staging(Some(out))?;
    let old = aside.path().join("old");
    if out.exists() {
        fs::rename(out, &old)?;
    }
    let path = staged.keep();
    if let Err(e) = fs::rename(&path, out) {
        // Nothing half-done is left: the earlier package back, the new one gone.
        let _ = fs::remove_dir_all(&path);
        if old.exists() {
            fs::rename(&old, out)?;
        }
        return Err(e.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `remove_all` removes every stage of the process: these tests take turns.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

    #[test]
    fn a_staged_package_replaces_an_earlier_one_and_never_a_foreign_directory() {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("pkg");
        let stage = |marker: &str| {
            let dir = staging(Some(&out)).unwrap();
            fs::write(dir.path().join("suite.toml"), marker).unwrap();
            dir
        };
        put_in_place(stage("first"), &out).unwrap();
        put_in_place(stage("second"), &out).unwrap();
        assert_eq!(
            fs::read_to_string(out.join("suite.toml")).unwrap(),
            "second"
        );
        // Nothing is left beside it: the stages and the earlier package are gone.
        let names: Vec<_> = fs::read_dir(root.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "{names:?}");

        let foreign = root.path().join("mine");
        fs::create_dir(&foreign).unwrap();
        fs::write(foreign.join("notes.txt"), "mine").unwrap();
        let refused = put_in_place(stage("third"), &foreign);
        assert!(
            matches!(refused, Err(SuiteError::Directory(_))),
            "{refused:?}"
        );
        assert_eq!(
            fs::read_to_string(foreign.join("notes.txt")).unwrap(),
            "mine"
        );
        assert!(!foreign.join("suite.toml").exists());
    }

    #[test]
    fn an_exit_that_drops_nothing_still_removes_every_stage() {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let root = tempfile::tempdir().unwrap();
        let out = root.path().join("pkg");
        let stage = staging(Some(&out)).unwrap();
        fs::write(stage.path().join("suite.toml"), "staged").unwrap();
        assert_eq!(fs::read_dir(root.path()).unwrap().count(), 1);
        remove_all();
        assert_eq!(fs::read_dir(root.path()).unwrap().count(), 0);
        // Dropped afterwards, it finds nothing left to remove.
        drop(stage);
    }
}
