//! The corpus on disk: `corpus/<problem>/{samples,regressions}/NAME.{in,ans,note}`.
//!
//! `NAME.in` is an input in the official format, `NAME.ans` the right answer as the
//! reference engine writes it, `NAME.note` (regressions) one paragraph saying what
//! the case caught and the commands that reproduce it. Files are written to a
//! temporary file in the same directory and renamed, so a crash or a full disk
//! never leaves half a test behind; the `.in` goes last, as the corpus tests key on it.
//!
//! Failures of a contestant's program are not the project's regressions: they go
//! to a directory of the user's choice as a set `PROBLEM-HASH.{in,ans,out,err,
//! verdict,note}` ([`Store::save_set`]), written the same way. Files get the
//! user's umask, like any file they make.

use jurybox_judging::store::{content_hash, write_atomically};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One corpus case read back from disk.
#[derive(Clone, Debug)]
pub struct CorpusCase {
    /// Path of the `.in` file.
    pub input_path: PathBuf,
    /// The input text.
    pub input: Vec<u8>,
    /// The expected answer text, when a `.ans` file exists.
    pub answer: Option<Vec<u8>>,
}

/// The corpus directory.
#[derive(Clone, Debug)]
pub struct Store {
    root: PathBuf,
}

impl Store {
    /// A store rooted at `root` (usually `corpus/`).
    pub fn new(root: impl Into<PathBuf>) -> Store {
        Store { root: root.into() }
    }

    /// The corpus bundled with the source tree, for tests and fuzz targets.
    pub fn source_tree() -> Store {
        Store::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus"))
    }

    /// `corpus/<problem>/<kind>/`.
    pub fn dir(&self, problem: &str, kind: &str) -> PathBuf {
        self.root.join(problem).join(kind)
    }

    /// Where the `.in` file of a regression with this input goes: named after its
    /// content, so the same case found twice is stored once.
    pub fn regression_path(&self, problem: &str, prefix: &str, input: &str) -> PathBuf {
        let name = format!("{prefix}-{:016x}.in", content_hash(input.as_bytes()));
        self.dir(problem, "regressions").join(name)
    }

    /// Saves a regression at [`Store::regression_path`] (plus `.ans` and `.note`) and
    /// returns the `.in` path. The files are on disk, synced, before this returns.
    pub fn save_regression(
        &self,
        problem: &str,
        prefix: &str,
        input: &str,
        answer: &str,
        note: &str,
    ) -> io::Result<PathBuf> {
        fs::create_dir_all(self.dir(problem, "regressions"))?;
        let base = self.regression_path(problem, prefix, input);
        write_atomically(&base.with_extension("ans"), answer.as_bytes())?;
        write_atomically(&base.with_extension("note"), note.as_bytes())?;
        let input_path = base.with_extension("in");
        write_atomically(&input_path, input.as_bytes())?;
        Ok(input_path)
    }

    /// Saves a case found against a program in `dir` (created if needed) as
    /// `dir/<stem>.<ext>` for each `(ext, contents)`, atomically each, the `.in` file
    /// last; returns the `.in` path. The files are on disk before this returns.
    pub fn save_set(dir: &Path, stem: &str, files: &[(&str, &[u8])]) -> io::Result<PathBuf> {
        fs::create_dir_all(dir)?;
        let base = dir.join(stem);
        for (ext, contents) in files.iter().filter(|(e, _)| *e != "in") {
            write_atomically(&base.with_extension(ext), contents)?;
        }
        let input = files
            .iter()
            .find(|(e, _)| *e == "in")
            .map_or(&[][..], |f| f.1);
        let input_path = base.with_extension("in");
        write_atomically(&input_path, input)?;
        Ok(input_path)
    }

    /// Every `.in` file of `problem` (samples and regressions), sorted by path.
    pub fn cases(&self, problem: &str) -> io::Result<Vec<CorpusCase>> {
        let mut cases = Vec::new();
        for kind in ["samples", "regressions"] {
            let dir = self.dir(problem, kind);
            if !dir.exists() {
                continue;
            }
            for entry in fs::read_dir(&dir)? {
                let path = entry?.path();
                if path.extension().is_some_and(|e| e == "in") {
                    let answer_path = path.with_extension("ans");
                    cases.push(CorpusCase {
                        input: fs::read(&path)?,
                        answer: answer_path
                            .exists()
                            .then(|| fs::read(&answer_path))
                            .transpose()?,
                        input_path: path,
                    });
                }
            }
        }
        cases.sort_by(|a, b| a.input_path.cmp(&b.input_path));
        Ok(cases)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_regressions_are_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path());
        let path = store
            .save_regression("p", "stress", "1 1 1\n1 1 1 0 0\n", "1\n", "why")
            .unwrap();
        assert!(path
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("stress-"));
        let cases = store.cases("p").unwrap();
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].answer.as_deref(), Some(&b"1\n"[..]));
        // The same content lands under the same name: no duplicates.
        store
            .save_regression("p", "stress", "1 1 1\n1 1 1 0 0\n", "1\n", "why")
            .unwrap();
        assert_eq!(store.cases("p").unwrap().len(), 1);
    }

    #[test]
    fn saved_files_follow_the_umask() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = Store::save_set(dir.path(), "x", &[("in", b"1\n"), ("out", b"2\n")]).unwrap();
        // SAFETY: umask only swaps a process-wide mask; read and restored at once.
        let mask = unsafe {
            let m = libc::umask(0o022);
            libc::umask(m);
            m
        };
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o666 & !(mask as u32));
        assert_eq!(std::fs::read(path.with_extension("out")).unwrap(), b"2\n");
    }

    #[test]
    fn hash_is_pinned() {
        assert_eq!(content_hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(content_hash(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
