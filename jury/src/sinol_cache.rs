//! Where a sinol package's ingen-made tests and their model answers are kept
//! between runs: a directory under jurybox's build cache (`JURYBOX_CACHE`)
//! named by what they are made from, so a second `run` of an unchanged
//! package reuses them instead of running the ingen and the model solution
//! again. The key, as the build cache keys a build by its command and
//! sources: the ingen's source as it is built (with `#define _INGEN` and
//! prog/'s headers; a shell ingen with every file of prog/, which it may
//! build or read), the build target (judge, memory), the model solution's
//! source and the files built beside it, and the examples copied beside the
//! tests. A directory is complete only once a marker is written in it, and
//! it is made under a name of its own and renamed into place, so a run
//! stopped half-way or two runs at once never leave half a set of tests.

use jurybox_format::Package;
use jurybox_judging::store::content_hash;
use jurybox_languages::{BuildTarget, SourceFile};
use std::path::{Path, PathBuf};

/// The file whose presence says a directory's tests and answers are whole.
const COMPLETE: &str = "complete";

/// Bump when what is kept, or how it is made, changes.
const VERSION: &str = "sinol-tests 1";

/// What the made tests depend on, each part named.
pub(crate) struct Key {
    bytes: Vec<u8>,
}

impl Key {
    pub(crate) fn new() -> Key {
        Key {
            bytes: VERSION.as_bytes().to_vec(),
        }
    }

    /// Adds one named part.
    pub(crate) fn add(&mut self, name: &str, bytes: &[u8]) {
        self.bytes.push(0);
        self.bytes.extend_from_slice(name.as_bytes());
        self.bytes.push(0);
        self.bytes
            .extend_from_slice(&content_hash(bytes).to_le_bytes());
        self.bytes
            .extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    }

    /// Adds source files, each by its name.
    pub(crate) fn add_files(&mut self, what: &str, files: &[SourceFile]) {
        for file in files {
            self.add(&format!("{what}/{}", file.name), &file.text);
        }
    }

    /// Adds the build target (the judge's flags and the memory limit).
    pub(crate) fn add_target(&mut self, target: &BuildTarget) {
        self.add("target", format!("{target:?}").as_bytes());
    }

    /// Adds the examples the ingen's directory starts with.
    pub(crate) fn add_examples(&mut self, package: &Package) {
        for test in &package.data.tests {
            let text = std::fs::read(&test.input).unwrap_or_default();
            self.add(&format!("example/{}", test.name), &text);
        }
    }

    /// The directory of these tests under `root`.
    pub(crate) fn dir(&self, root: &Path, task: &str) -> PathBuf {
        root.join(format!("{task}-{:016x}", content_hash(&self.bytes)))
    }
}

/// Every file of prog/ (a shell ingen may build or read any of them).
pub(crate) fn prog_files(dir: &Path) -> Vec<SourceFile> {
    crate::build_programs::prog_files_where(dir, |_| true)
}

/// Whether `dir` holds a whole set of tests and answers.
pub(crate) fn is_complete(dir: &Path) -> bool {
    dir.join(COMPLETE).is_file()
}

/// A fresh directory to make `dir`'s tests in (this process's own).
pub(crate) fn work_dir(dir: &Path) -> PathBuf {
    let mut name = dir.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    dir.with_file_name(name)
}

/// Marks `work` whole and moves it to `dir`; another run that put a whole
/// set there first wins (the same tests: its key is ours).
pub(crate) fn commit(work: &Path, dir: &Path) -> std::io::Result<()> {
    std::fs::write(work.join(COMPLETE), b"")?;
    match std::fs::rename(work, dir) {
        Ok(()) => Ok(()),
        Err(_) if is_complete(dir) => {
            let _ = std::fs::remove_dir_all(work);
            Ok(())
        }
        Err(_) => {
            // A partial directory left by an older scheme or a crash.
            let _ = std::fs::remove_dir_all(dir);
            std::fs::rename(work, dir)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_part_changes_the_directory_and_a_commit_completes_it() {
        let root = tempfile::tempdir().unwrap();
        let key = |text: &[u8]| {
            let mut key = Key::new();
            key.add("ingen", text);
            key.dir(root.path(), "abc")
        };
        assert_eq!(key(b"one"), key(b"one"));
        assert_ne!(key(b"one"), key(b"two"));
        let dir = key(b"one");
        let work = work_dir(&dir);
        std::fs::create_dir_all(work.join("in")).unwrap();
        assert!(!is_complete(&dir));
        commit(&work, &dir).unwrap();
        assert!(is_complete(&dir) && !work.exists());
    }
}
