//! A C++ validator's reads, recorded, turned into a grammar.
//!
//! A package's validator on testlib.h or BAPCtools' validation.h says what it
//! reads through the header's calls (`inf.readInt(1, n, "a_i")`,
//! `v.read_integer("n", 1, 100000)`). jurybox ships its own implementation of
//! each header's validator calls (`headers/`: written for jurybox, copying
//! neither library), which reads as strictly as the original, accepts and
//! rejects as the original does (testlib: 0 / 3; validation.h: 42 / 43),
//! and, when [`RECORD_ENV`] names a file, writes each read there (call site,
//! kind, value, bounds, name, byte offset).
//!
//! The caller's part: [`BuildDir::new`] lays the validator source out alone
//! beside jurybox's header (a package ships the real header beside its
//! validator, and `#include "..."` looks in the source's own directory
//! first, so the source must be copied away from it); the caller compiles
//! `BuildDir::source` as it compiles any C++ program, runs it on the samples
//! and tests with [`RECORD_ENV`] set, reads each file with [`trace::parse`],
//! and hands the accepted recordings to [`infer`].

mod infer;
pub mod trace;

use std::path::{Path, PathBuf};

use jurybox_core::error::ParseError;

pub use infer::infer;

/// The environment variable naming the file a recording validator writes.
pub const RECORD_ENV: &str = "JURYBOX_GRAMMAR_RECORD";

/// jurybox's recording testlib.h.
pub const TESTLIB_H: &str = include_str!("../../headers/testlib.h");
/// jurybox's recording validation.h.
pub const VALIDATION_H: &str = include_str!("../../headers/validation.h");
/// The recording core both include.
pub const RECORDER_H: &str = include_str!("../../headers/jurybox_recorder.h");

/// The validator library a source includes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// testlib.h.
    Testlib,
    /// BAPCtools' validation.h.
    ValidationH,
}

impl Header {
    /// The header `source` includes, if it is one jurybox records.
    pub fn of_source(source: &str) -> Option<Header> {
        source.lines().find_map(|line| {
            let l = line.trim_start();
            if !l.starts_with("#") || !l.contains("include") {
                return None;
            }
            if l.contains("testlib.h") {
                Some(Header::Testlib)
            } else if l.contains("validation.h") {
                Some(Header::ValidationH)
            } else {
                None
            }
        })
    }

    /// The file name the source includes.
    pub fn file_name(self) -> &'static str {
        match self {
            Header::Testlib => "testlib.h",
            Header::ValidationH => "validation.h",
        }
    }

    /// The exit code of an accepting validator.
    pub fn accept_code(self) -> i32 {
        match self {
            Header::Testlib => 0,
            Header::ValidationH => 42,
        }
    }
}

/// Why a validator's reads give no grammar; the caller falls back to the
/// next source (the tests' layout).
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The source includes neither header.
    #[error(
        "the validator includes neither testlib.h nor validation.h: its reads cannot be recorded"
    )]
    NoHeader,
    /// A build directory could not be written.
    #[error("cannot lay out the recording build directory: {0}")]
    Io(#[from] std::io::Error),
    /// A recording file is damaged.
    #[error("recording {index}: {error}")]
    Damaged {
        /// Which recording (from 0).
        index: usize,
        /// Where and what.
        error: ParseError,
    },
    /// Nothing was read through the header.
    #[error("no read was recorded: the validator reads its input another way (a custom reader), so its grammar cannot be recorded")]
    NoReads,
    /// Every recording ends in a rejection.
    #[error("the validator rejected every recorded input (first: {0})")]
    AllRejected(String),
    /// The recordings follow no one structure.
    #[error("the recordings share no structure of reads (the validator reads differently than the header's calls show, or its loops depend on more than the values read)")]
    Mismatch,
}

/// A validator source laid out alone beside jurybox's recording header.
#[derive(Debug)]
pub struct BuildDir {
    dir: tempfile::TempDir,
    /// The copied source, to compile.
    pub source: PathBuf,
    /// The header it includes.
    pub header: Header,
}

impl BuildDir {
    /// Copies the validator at `validator` into a new temporary directory
    /// with jurybox's header of the library it includes (and nothing else
    /// from its own directory). Removed when dropped.
    pub fn new(validator: &Path) -> Result<BuildDir, RecordError> {
        let text = std::fs::read_to_string(validator)?;
        let header = Header::of_source(&text).ok_or(RecordError::NoHeader)?;
        let dir = tempfile::Builder::new()
            .prefix("jurybox-record-")
            .tempdir()?;
        let name = validator
            .file_name()
            .map_or_else(|| "validator.cpp".into(), |n| n.to_owned());
        let source = dir.path().join(name);
        std::fs::write(&source, text)?;
        let contents = match header {
            Header::Testlib => TESTLIB_H,
            Header::ValidationH => VALIDATION_H,
        };
        std::fs::write(dir.path().join(header.file_name()), contents)?;
        std::fs::write(dir.path().join("jurybox_recorder.h"), RECORDER_H)?;
        Ok(BuildDir {
            dir,
            source,
            header,
        })
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}
