//! A confirmed finding kept in the package as a test (`--write`): an input
//! every validator must refuse in `data/invalid_input/`, an output the
//! output validator must refuse in `data/invalid_output/` (with its input
//! and answer), the 2025-09 layout's places for them; where generators.yaml
//! makes the data, an invalid input is also added there as a literal entry
//! (`bt generate` keeps what its file declares). In a Polygon package they
//! become its validator's and its checker's own tests (problem.xml's
//! `<validator><testset>`, `<checker><testset>`). Each file is written
//! atomically, the input last. A finding that did not hold twice is never
//! written.

use crate::finding::{Finding, Keep};
use jurybox_format::generators::{add_described_test, Entry};
use jurybox_format::polygon::{add_own_test, CheckerVerdict, OwnTest};
use jurybox_format::Package;
use jurybox_judging::store::write_atomically;
use std::path::PathBuf;

/// What could not be written.
#[derive(Debug, thiserror::Error)]
pub enum KeepError {
    /// A file could not be written.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The finding was not confirmed, or is of a kind no format keeps.
    #[error("not written: {0}")]
    NotKept(String),
    /// generators.yaml could not take the entry.
    #[error("generators.yaml: {0}")]
    Generators(#[from] jurybox_format::generators::WriteError),
    /// problem.xml could not take the validator's or the checker's test.
    #[error(transparent)]
    Polygon(#[from] jurybox_format::polygon::WriteError),
}

/// Where a finding was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The test's input file.
    pub input: PathBuf,
    /// Whether generators.yaml got an entry for it too.
    pub in_generators_yaml: bool,
}

/// Keeps `finding` in `package` as `name` (a file stem).
pub fn keep(package: &Package, finding: &Finding, name: &str) -> Result<Kept, KeepError> {
    if !finding.confirmed {
        return Err(KeepError::NotKept(
            "the finding did not hold when checked again".into(),
        ));
    }
    if package.polygon.is_some() {
        return keep_in_polygon(package, finding);
    }
    let group = match finding.keep {
        Keep::InvalidInput => "invalid_input",
        Keep::InvalidOutput => "invalid_output",
        Keep::Nothing => {
            return Err(KeepError::NotKept(
                "no format keeps this kind of finding".into(),
            ))
        }
    };
    let dir = package.dir.join("data").join(group);
    std::fs::create_dir_all(&dir).map_err(|error| KeepError::Io {
        path: dir.clone(),
        error,
    })?;
    let file = |ext: &str| dir.join(format!("{name}.{ext}"));
    let write = |path: PathBuf, bytes: &[u8]| {
        write_atomically(&path, bytes).map_err(|error| KeepError::Io {
            path: path.clone(),
            error,
        })?;
        Ok::<PathBuf, KeepError>(path)
    };
    let mut in_generators_yaml = false;
    if let (Keep::InvalidInput, Some(yaml)) = (finding.keep, &package.programs.generators_yaml) {
        let text = std::fs::read_to_string(yaml).map_err(|error| KeepError::Io {
            path: yaml.clone(),
            error,
        })?;
        let entry = Entry::Input {
            text: String::from_utf8_lossy(&finding.input).into_owned(),
        };
        let description = format!("found by jurybox audit: {}", finding.what);
        let added = add_described_test(&text, group, name, entry, Some(&description))?;
        write_atomically(yaml, added.text.as_bytes()).map_err(|error| KeepError::Io {
            path: yaml.clone(),
            error,
        })?;
        in_generators_yaml = true;
    }
    if let Some(output) = &finding.output {
        write(file("out"), output)?;
    }
    if let Some(answer) = &finding.answer {
        write(file("ans"), answer)?;
    }
    let input = write(file("in"), &finding.input)?;
    Ok(Kept {
        input,
        in_generators_yaml,
    })
}

/// Keeps `finding` as a test of the Polygon package's own programs: an
/// invalid input as its first validator's next test (`verdict="invalid"`),
/// an accepted wrong output as the checker's (`verdict="wrong-answer"`),
/// each file written atomically and problem.xml last, once it reads back
/// as the old tests plus the new one.
fn keep_in_polygon(package: &Package, finding: &Finding) -> Result<Kept, KeepError> {
    let test = match (finding.keep, &finding.output) {
        (Keep::InvalidInput, _) => OwnTest::Validator {
            input: finding.input.clone(),
            valid: false,
        },
        (Keep::InvalidOutput, Some(output)) => OwnTest::Checker {
            input: finding.input.clone(),
            output: output.clone(),
            answer: finding.answer.clone().unwrap_or_default(),
            verdict: CheckerVerdict::WrongAnswer,
        },
        _ => {
            return Err(KeepError::NotKept(
                "no format keeps this kind of finding".into(),
            ))
        }
    };
    let edit = add_own_test(&package.dir, &test)?;
    edit.write(&package.dir, write_atomically)
        .map_err(|error| KeepError::Io {
            path: package.dir.clone(),
            error,
        })?;
    Ok(Kept {
        input: package.dir.join(&edit.files[0].0),
        in_generators_yaml: false,
    })
}
