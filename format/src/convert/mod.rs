//! Converting a package between formats, given the tests' bytes (the caller
//! builds the generated tests and their answers): a Polygon package to a
//! Kattis package, 2025-09 or legacy (`crate::polygon::to_kattis`,
//! [`KattisLayout`]) and a Kattis package to a Polygon one
//! (`crate::polygon::from_kattis`); a sinol-make package to a Kattis one
//! ([`sinol_to_kattis`]) and a Kattis package to a sinol-make one
//! ([`to_sinol`]; [`to_sinol_with`] given group 0's statuses a caller
//! measured, [`Examples`]). A scored problem's groups, points and expectations cross
//! as [`Subtasks`], the flat shape every one of these formats can state
//! ([`subtasks`]). The programs of one format speak its own protocol
//! (testlib's exit 0 / 1 / 2 / 3 against Kattis's 42 / 43), so a program that
//! crosses over is wrapped: a directory program whose `build` compiles the
//! source as the source format's language says and whose `run` turns the
//! exit codes. Nothing is run here.

mod kattis_layout;
pub(crate) mod kattis_scoring;
mod sinol_examples;
mod sinol_to_kattis;
pub mod subtasks;
mod to_sinol;
pub(crate) mod validator_wrapper;

pub(crate) use kattis_layout::expected_results_line;
pub use kattis_layout::KattisLayout;
pub(crate) use kattis_scoring::KattisScoring;
pub use sinol_examples::{Examples, SinolConversion, SinolStatus};
pub use sinol_to_kattis::sinol_to_kattis;
pub use subtasks::Subtasks;
pub use to_sinol::{to_sinol, to_sinol_with};

use crate::Issue;
use std::path::{Path, PathBuf};

/// One test's bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestBytes {
    /// The input.
    pub input: Vec<u8>,
    /// The answer.
    pub answer: Vec<u8>,
}

/// Why a conversion could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ConvertError {
    /// The output directory holds files already.
    #[error("{0}: not empty: the converted package needs a new directory")]
    NotEmpty(String),
    /// The package is not of the format the conversion reads.
    #[error("{0}")]
    Source(String),
    /// The caller gave a different number of tests than the package has.
    #[error("the package has {expected} tests but {given} were given")]
    TestCount {
        /// The package's.
        expected: usize,
        /// The caller's.
        given: usize,
    },
    /// Writing failed.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// What failed.
        error: std::io::Error,
    },
}

/// Writes the converted package's files under `out` (which must not hold any).
pub(crate) struct Out {
    pub(crate) root: PathBuf,
}

impl Out {
    pub(crate) fn new(root: &Path) -> Result<Out, ConvertError> {
        let busy = std::fs::read_dir(root).is_ok_and(|mut d| d.next().is_some());
        if busy {
            return Err(ConvertError::NotEmpty(root.display().to_string()));
        }
        Ok(Out {
            root: root.to_path_buf(),
        })
    }

    pub(crate) fn write(&self, path: impl AsRef<Path>, bytes: &[u8]) -> Result<(), ConvertError> {
        let path = self.root.join(path);
        let io = |error| ConvertError::Io {
            file: path.display().to_string(),
            error,
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        std::fs::write(&path, bytes).map_err(io)
    }

    pub(crate) fn copy(&self, from: &Path, to: impl AsRef<Path>) -> Result<(), ConvertError> {
        let bytes = std::fs::read(from).map_err(|error| ConvertError::Io {
            file: from.display().to_string(),
            error,
        })?;
        self.write(to, &bytes)
    }

    /// A copy of a Polygon package's own test file (a validator's or the
    /// checker's) with Windows line endings (CRLF) made LF, as Polygon's Linux
    /// package holds them and as jurybox's self-check reads them: a package
    /// made on Polygon's Windows side holds them CRLF, which a testlib
    /// program on a Linux judge refuses at its first `readEoln`.
    pub(crate) fn copy_unix(&self, from: &Path, to: impl AsRef<Path>) -> Result<(), ConvertError> {
        let bytes = std::fs::read(from).map_err(|error| ConvertError::Io {
            file: from.display().to_string(),
            error,
        })?;
        self.write(to, &unix_line_endings(&bytes))
    }

    /// A symbolic link at `path` to `target`, a path relative to the link's
    /// directory (as testdata_tools links a test into a second group).
    pub(crate) fn symlink(&self, target: &str, path: impl AsRef<Path>) -> Result<(), ConvertError> {
        let path = self.root.join(path);
        let io = |error| ConvertError::Io {
            file: path.display().to_string(),
            error,
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        std::os::unix::fs::symlink(target, &path).map_err(io)
    }

    pub(crate) fn executable(
        &self,
        path: impl AsRef<Path>,
        text: &str,
    ) -> Result<(), ConvertError> {
        use std::os::unix::fs::PermissionsExt;
        self.write(&path, text.as_bytes())?;
        let full = self.root.join(path);
        std::fs::set_permissions(&full, std::fs::Permissions::from_mode(0o755)).map_err(|error| {
            ConvertError::Io {
                file: full.display().to_string(),
                error,
            }
        })
    }
}

/// `bytes` with every CRLF made LF (a lone CR kept).
pub(crate) fn unix_line_endings(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        if !(b == b'\r' && bytes.get(i + 1) == Some(&b'\n')) {
            out.push(b);
        }
    }
    out
}

/// How a judge builds a source of Polygon's `language` (`cpp.g++17`), as the
/// shell command of a `build` script run in the program's directory, and how
/// a `run` script that set `here` to that directory starts it; `None` for a
/// language the wrappers do not know.
pub(crate) fn build_and_run(language: Option<&str>, source: &str) -> Option<(String, String)> {
    use jurybox_languages::{polygon, Language};
    let kind = language.unwrap_or("");
    let cpp_standard = polygon::cpp_standard(kind)
        .filter(|v| ["20", "17", "14", "11"].contains(v))
        .unwrap_or(polygon::WRITTEN_CPP_STANDARD);
    let language = Language::of_polygon_id(kind).or_else(|| Language::of_file(source))?;
    match language.id {
        "cpp" => Some((
            format!("g++ -O2 -std=gnu++{cpp_standard} -o program '{source}'"),
            "\"$here/program\"".into(),
        )),
        "c" => Some((
            format!("gcc -O2 -o program '{source}' -lm"),
            "\"$here/program\"".into(),
        )),
        "python3" => Some((":".into(), format!("python3 \"$here/{source}\""))),
        _ => None,
    }
}

/// An issue of the converted package, named by its file there.
pub(crate) fn issue(file: &str, message: impl Into<String>) -> Issue {
    Issue::new(file, message.into())
}

/// The file name of `path`.
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}
