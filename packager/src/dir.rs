//! A built suite on disk: `data/sample/` and `data/secret/` with `NAME.in` and
//! `NAME.ans` (the layout of the Kattis problem package format), and `suite.toml`,
//! which records the problem, the time limit and the tests in order with the
//! `jurybox gen` command of each. `jurybox package` writes the same files and more.

use super::suite_tests::SuiteError;
use super::{BuiltSuite, InvalidInput, SuiteTest, TestGroup};
use jurybox_format::layout::{DataRoot, DATA};
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::Path;

/// `suite.toml`.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    problem: String,
    time_limit_seconds: f64,
    #[serde(rename = "test")]
    tests: Vec<ManifestTest>,
    #[serde(default, rename = "invalid")]
    invalid: Vec<ManifestInvalid>,
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct ManifestInvalid {
    name: String,
    rule: String,
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct ManifestTest {
    name: String,
    group: String,
    about: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    gen: Option<Vec<String>>,
}

/// Writes `path` (and its parent directories) through the store's atomic writer:
/// a temporary file, synced, then renamed; mode 0666 less the user's umask.
pub(super) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SuiteError> {
    let dir = path.parent().expect("paths here have a parent");
    fs::create_dir_all(dir)?;
    jurybox_judging::store::write_atomically(path, bytes)?;
    Ok(())
}

/// Refuses to write into a directory that holds anything but an earlier suite or
/// package of jurybox; clears that one's `data/`, so a rebuild leaves no stale test.
pub(super) fn prepare(out: &Path) -> Result<(), SuiteError> {
    refuse_foreign(out)?;
    if out.join(DATA).exists() {
        fs::remove_dir_all(out.join(DATA))?;
    }
    fs::create_dir_all(out)?;
    Ok(())
}

/// Refuses a directory `out` that holds anything but an earlier suite or
/// package of jurybox (a missing or empty one is fine).
pub fn refuse_foreign(out: &Path) -> Result<(), SuiteError> {
    if out.exists() {
        let empty = fs::read_dir(out)?.next().is_none();
        if !empty && !out.join("suite.toml").exists() {
            return Err(SuiteError::Directory(format!(
                "{} is not empty and holds no suite.toml: refusing to write into it",
                out.display()
            )));
        }
    }
    Ok(())
}

/// Writes `suite` into `out` (created; see [`prepare`]).
pub fn write_suite(suite: &BuiltSuite, out: &Path) -> Result<(), SuiteError> {
    prepare(out)?;
    for test in &suite.tests {
        let dir = out.join(DATA).join(test.group.dir());
        write_atomic(&dir.join(format!("{}.in", test.name)), &test.input)?;
        write_atomic(&dir.join(format!("{}.ans", test.name)), &test.answer)?;
    }
    for invalid in &suite.invalid {
        let path = out
            .join(DATA)
            .join(DataRoot::InvalidInput.dir())
            .join(format!("{}.in", invalid.name));
        write_atomic(&path, &invalid.input)?;
    }
    write_manifest(suite, suite.time_limit_seconds, out)
}

/// Writes `out/suite.toml`: the problem, the limit `time_limit_seconds` and the
/// tests in order, each with the `jurybox gen` command that makes it again.
pub fn write_manifest(
    suite: &BuiltSuite,
    time_limit_seconds: f64,
    out: &Path,
) -> Result<(), SuiteError> {
    let manifest = Manifest {
        problem: suite.problem.to_string(),
        time_limit_seconds,
        tests: suite
            .tests
            .iter()
            .map(|t| ManifestTest {
                name: t.name.clone(),
                group: t.group.dir().to_string(),
                about: t.about.clone(),
                gen: t.gen_args.clone(),
            })
            .collect(),
        invalid: suite
            .invalid
            .iter()
            .map(|i| ManifestInvalid {
                name: i.name.clone(),
                rule: i.rule.clone(),
            })
            .collect(),
    };
    let text = toml::to_string(&manifest).map_err(|e| SuiteError::Directory(e.to_string()))?;
    write_atomic(
        &out.join("suite.toml"),
        format!("# Written by `jurybox suite`; the tests are in data/.\n{text}").as_bytes(),
    )
}

/// Reads a suite written by [`write_suite`] (or a package) for problem `problem`.
/// Every test listed must be there and nothing else may be.
pub fn read_suite(problem: &'static str, dir: &Path) -> Result<BuiltSuite, SuiteError> {
    let manifest_path = dir.join("suite.toml");
    let text = fs::read_to_string(&manifest_path).map_err(|e| {
        SuiteError::Directory(format!("cannot read {}: {e}", manifest_path.display()))
    })?;
    let manifest: Manifest = toml::from_str(&text)
        .map_err(|e| SuiteError::Directory(format!("{}: {e}", manifest_path.display())))?;
    if manifest.problem != problem {
        return Err(SuiteError::Directory(format!(
            "{} is a suite of '{}', not '{problem}'",
            dir.display(),
            manifest.problem
        )));
    }
    let mut tests = Vec::new();
    for t in manifest.tests {
        let Some(group) = TestGroup::of_dir(&t.group) else {
            return Err(SuiteError::Directory(format!(
                "unknown group '{}'",
                t.group
            )));
        };
        let base = dir.join(DATA).join(group.dir()).join(&t.name);
        let read = |ext: &str| {
            let path = base.with_extension(ext);
            fs::read(&path)
                .map_err(|e| SuiteError::Directory(format!("cannot read {}: {e}", path.display())))
        };
        tests.push(SuiteTest {
            input: read("in")?,
            answer: read("ans")?,
            name: t.name,
            group,
            gen_args: t.gen,
            about: t.about,
        });
    }
    for group in [TestGroup::Sample, TestGroup::Secret] {
        let sub = dir.join(DATA).join(group.dir());
        let on_disk = fs::read_dir(&sub)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok())
                    .filter(|e| e.path().extension().is_some_and(|x| x == "in"))
                    .count()
            })
            .unwrap_or(0);
        let listed = tests.iter().filter(|t| t.group == group).count();
        if on_disk != listed {
            return Err(SuiteError::Directory(format!(
                "{} holds {on_disk} inputs but suite.toml lists {listed}",
                sub.display()
            )));
        }
    }
    let invalid = manifest
        .invalid
        .into_iter()
        .map(|i| {
            let path = dir
                .join(DATA)
                .join(DataRoot::InvalidInput.dir())
                .join(format!("{}.in", i.name));
            let input = fs::read(&path).map_err(|e| {
                SuiteError::Directory(format!("cannot read {}: {e}", path.display()))
            })?;
            Ok(InvalidInput {
                name: i.name,
                rule: i.rule,
                input,
            })
        })
        .collect::<Result<_, SuiteError>>()?;
    Ok(BuiltSuite {
        problem,
        tests,
        time_limit_seconds: manifest.time_limit_seconds,
        invalid,
    })
}
