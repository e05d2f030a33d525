//! What every shard report shares, whichever run it is of (a stress run's
//! cases, `jurybox_stress::report`; a contest's problems,
//! `jurybox_jury::contest`): the shard as JSON, the errors of reading and
//! merging, the atomic write, and the check that a run's reports hold every
//! shard exactly once, since a missing shard would otherwise pass for a clean
//! run.

use super::Shard;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A shard as JSON: `{"index": K, "total": N}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardField {
    /// K, from 1.
    pub index: u64,
    /// N.
    pub total: u64,
}

impl From<Shard> for ShardField {
    fn from(shard: Shard) -> ShardField {
        ShardField {
            index: shard.index(),
            total: shard.total(),
        }
    }
}

/// Why a report could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The report's path.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// Not JSON of a report (serde_json names the line and column).
    #[error("{path}: not a jurybox shard report (stress or contest): {source}")]
    Json {
        /// The report's path.
        path: PathBuf,
        /// What failed, with line and column.
        source: serde_json::Error,
    },
    /// A report of another format.
    #[error("{path}: format '{found}', expected '{expected}'")]
    Format {
        /// The report's path.
        path: PathBuf,
        /// The format it names.
        found: String,
        /// The format the reader takes.
        expected: &'static str,
    },
}

/// Writes `report` to `path` as JSON, atomically (a temporary file renamed):
/// a shard's report of either kind.
pub fn write_json(report: &impl Serialize, path: &Path) -> Result<(), ReportError> {
    let io = |source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut text = serde_json::to_vec_pretty(report).map_err(|e| io(e.into()))?;
    text.push(b'\n');
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    crate::store::write_atomically(path, &text).map_err(io)
}

/// Why a set of reports is not one whole run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No report was given.
    #[error("no report to merge")]
    Empty,
    /// A report differs from the first in what must be shared.
    #[error(
        "{file} is not of the same run as {first}: {field} is {found} there, {expected} in {first}"
    )]
    Mismatch {
        /// The first report.
        first: String,
        /// The report that differs.
        file: String,
        /// The field.
        field: String,
        /// Its value in the first report.
        expected: String,
        /// Its value in `file`.
        found: String,
    },
    /// A shard is there twice.
    #[error("shard {shard} is there twice: {first} and {second}")]
    Duplicate {
        /// The shard.
        shard: String,
        /// Its first report.
        first: String,
        /// Its second report.
        second: String,
    },
    /// Shards are missing.
    #[error("{} of {total} shards of {run} missing: {}", missing.len(), list(missing))]
    Missing {
        /// Which run: `seed S`, `contest NAME`.
        run: String,
        /// N.
        total: u64,
        /// The missing K's.
        missing: Vec<u64>,
    },
}

fn list(shards: &[u64]) -> String {
    let shown: Vec<String> = shards.iter().take(20).map(u64::to_string).collect();
    let more = if shards.len() > 20 { ", ..." } else { "" };
    format!("{}{more}", shown.join(", "))
}

/// Checks that `shards` (each with its file's name, all of N shards, N
/// checked by the caller) hold every shard 1..=N exactly once: a missing
/// shard would otherwise pass for a clean run. `run` names the run in the
/// error (`seed 7`, `contest NAME`).
pub fn each_shard_once<'a>(
    shards: impl Iterator<Item = (&'a str, ShardField)>,
    run: &str,
) -> Result<(), MergeError> {
    let mut seen: BTreeMap<u64, &str> = BTreeMap::new();
    let mut total = None;
    for (file, shard) in shards {
        let total = *total.get_or_insert(shard.total);
        let index = shard.index;
        if index == 0 || index > total {
            return Err(MergeError::Mismatch {
                first: seen.values().next().unwrap_or(&file).to_string(),
                file: file.to_string(),
                field: "the shard".into(),
                expected: format!("1..={total}"),
                found: format!("{index}/{}", shard.total),
            });
        }
        if let Some(earlier) = seen.insert(index, file) {
            return Err(MergeError::Duplicate {
                shard: format!("{index}/{total}"),
                first: earlier.to_string(),
                second: file.to_string(),
            });
        }
    }
    let total = total.ok_or(MergeError::Empty)?;
    let missing: Vec<u64> = (1..=total).filter(|k| !seen.contains_key(k)).collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(MergeError::Missing {
            run: run.to_string(),
            total,
            missing,
        })
    }
}

/// The `format` field of the report in `bytes` (read from `path`), which says
/// which kind of report it is.
pub fn format_of(path: &Path, bytes: &[u8]) -> Result<String, ReportError> {
    #[derive(Deserialize)]
    struct Format {
        format: String,
    }
    let format: Format = serde_json::from_slice(bytes).map_err(|source| ReportError::Json {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(format.format)
}

/// The bytes of the report at `path`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, ReportError> {
    std::fs::read(path).map_err(|source| ReportError::Io {
        path: path.to_path_buf(),
        source,
    })
}
