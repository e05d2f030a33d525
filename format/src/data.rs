//! `data/`: the test cases, in the order a judge runs them (samples, then secret,
//! each in lexicographic order of their names), each with the arguments the
//! package gives its programs. Settings come from `test_group.yaml` (2025-09) or
//! `testdata.yaml` (legacy, where they are inherited by every directory below)
//! in each directory from `data/` down, then from the test case's own
//! `NAME.yaml`: the nearest one that sets a key wins.

use super::layout::{DataRoot, DATA, TESTDATA_YAML, TEST_GROUP_YAML};
use super::yaml::{self, get, words};
use super::{Issue, PackageError};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use yaml_serde::Value;

/// Arguments for the input validators: the same for each, or per validator name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValidatorArgs {
    /// Every validator gets these.
    Each(Vec<String>),
    /// Validator name → its arguments; validators not named get none.
    ByName(BTreeMap<String, Vec<String>>),
}

impl Default for ValidatorArgs {
    fn default() -> ValidatorArgs {
        ValidatorArgs::Each(Vec::new())
    }
}

impl ValidatorArgs {
    /// The arguments of the validator called `name`.
    pub fn of(&self, name: &str) -> &[String] {
        match self {
            ValidatorArgs::Each(args) => args,
            ValidatorArgs::ByName(map) => map.get(name).map_or(&[], |a| a.as_slice()),
        }
    }
}

/// What a test case's programs are given, inherited down the directories.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Command-line arguments of the submission.
    pub args: Vec<String>,
    /// Arguments of the input validators.
    pub input_validator_args: ValidatorArgs,
    /// Arguments of the output validator (the default one's flags included).
    pub output_validator_args: Vec<String>,
    /// Arguments of the answer validators (BAPCtools' `answer_validator_args`,
    /// given after the input file's path).
    pub answer_validator_args: ValidatorArgs,
    /// What the test is for (`description`).
    pub description: Option<String>,
}

impl Settings {
    /// `self` with the keys `doc` sets replaced; a key of the wrong shape is an
    /// issue of `file` and leaves the inherited value.
    fn with(&self, doc: &Value, file: &str, issues: &mut Vec<Issue>) -> Settings {
        let mut out = self.clone();
        let mut bad = |key: &str| {
            issues.push(Issue::new(
                file,
                format!("{key} must be a string or a list of strings: ignored"),
            ))
        };
        if let Some(v) = get(doc, "args") {
            match words(v) {
                Some(w) => out.args = w,
                None => bad("args"),
            }
        }
        for key in ["output_validator_args", "output_validator_flags"] {
            if let Some(v) = get(doc, key) {
                match words(v) {
                    Some(w) => out.output_validator_args = w,
                    None => bad(key),
                }
            }
        }
        if let Some(v) = get(doc, "input_validator_args") {
            match validator_args(v) {
                Some(a) => out.input_validator_args = a,
                None => bad("input_validator_args"),
            }
        }
        if let Some(v) = get(doc, "answer_validator_args") {
            match validator_args(v) {
                Some(a) => out.answer_validator_args = a,
                None => bad("answer_validator_args"),
            }
        }
        if let Some(v) = get(doc, "input_validator_flags") {
            // Legacy: a string for every validator, or {name: N, flags: F}.
            let legacy = match v {
                Value::Mapping(_) => get(v, "name").and_then(yaml::scalar).map(|name| {
                    let flags = get(v, "flags").and_then(words).unwrap_or_default();
                    ValidatorArgs::ByName(BTreeMap::from([(name, flags)]))
                }),
                other => words(other).map(ValidatorArgs::Each),
            };
            match legacy {
                Some(a) => out.input_validator_args = a,
                None => bad("input_validator_flags"),
            }
        }
        if let Some(d) = get(doc, "description").and_then(yaml::scalar) {
            out.description = Some(d);
        }
        out
    }
}

fn validator_args(value: &Value) -> Option<ValidatorArgs> {
    match value {
        Value::Mapping(map) => map
            .iter()
            .map(|(k, v)| Some((yaml::scalar(k)?, words(v)?)))
            .collect::<Option<BTreeMap<_, _>>>()
            .map(ValidatorArgs::ByName),
        other => words(other).map(ValidatorArgs::Each),
    }
}

/// One test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// Its name: the path under `data/` without extension (`secret/group1/01`).
    pub name: String,
    /// A sample (`data/sample/`), shown to contestants.
    pub sample: bool,
    /// The `.in` file.
    pub input: PathBuf,
    /// The `.ans` file, when there is one.
    pub answer: Option<PathBuf>,
    /// The `.interaction` file of an interactive sample, when there is one.
    pub interaction: Option<PathBuf>,
    /// The arguments its programs get.
    pub settings: Settings,
}

/// A test case of `data/invalid_input/`, `data/invalid_answer/`,
/// `data/invalid_output/` or `data/valid_output/`: data that checks the
/// validators, not the submissions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidatorCase {
    /// Its name under `data/`.
    pub name: String,
    /// The `.in` file.
    pub input: PathBuf,
    /// The `.ans` file, when there is one.
    pub answer: Option<PathBuf>,
    /// The `.out` file (output cases).
    pub output: Option<PathBuf>,
    /// The arguments its validators get.
    pub settings: Settings,
}

/// Every test case under `data/`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Data {
    /// Samples then secret tests, in the order a judge runs them.
    pub tests: Vec<TestCase>,
    /// `data/invalid_input/` (legacy: `invalid_inputs/`).
    pub invalid_input: Vec<ValidatorCase>,
    /// `data/invalid_answer/` (legacy: `invalid_answers/`).
    pub invalid_answer: Vec<ValidatorCase>,
    /// `data/invalid_output/`.
    pub invalid_output: Vec<ValidatorCase>,
    /// `data/valid_output/`.
    pub valid_output: Vec<ValidatorCase>,
}

/// Settings of a group that generators.yaml gives but `data/` lacks, by the
/// group's directory under `data/` (see [`crate::generators::group_settings`]).
pub type GeneratedSettings = std::collections::BTreeMap<String, yaml_serde::Value>;

/// The settings file of a directory, if any; where it has none, what
/// generators.yaml's `test_group.yaml:` says `bt generate` would write there.
fn dir_settings(
    dir: &Path,
    data: &Path,
    inherited: &Settings,
    generated: &GeneratedSettings,
    issues: &mut Vec<Issue>,
) -> Result<Settings, PackageError> {
    let mut settings = inherited.clone();
    let mut found = false;
    for file in [TESTDATA_YAML, TEST_GROUP_YAML] {
        let path = dir.join(file);
        let shown = relative(&path, data);
        if let Some(doc) = yaml::read_or_note(&path, &shown, issues) {
            settings = settings.with(&doc, &shown, issues);
            found = true;
        }
    }
    let group = dir
        .strip_prefix(data)
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    if let (false, Some(doc)) = (found, generated.get(&group)) {
        let shown = if group.is_empty() {
            "generators.yaml: data: test_group.yaml".to_string()
        } else {
            format!("generators.yaml: {group}: test_group.yaml")
        };
        issues.push(Issue::new(
            &relative(&dir.join(TEST_GROUP_YAML), data),
            format!("missing, so {shown} is used (bt generate writes it)"),
        ));
        settings = settings.with(doc, &shown, issues);
    }
    Ok(settings)
}

fn relative(path: &Path, data: &Path) -> String {
    let base = data.parent().unwrap_or(data);
    path.strip_prefix(base)
        .unwrap_or(path)
        .display()
        .to_string()
}

fn sorted_entries(dir: &Path) -> Result<Vec<PathBuf>, PackageError> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| PackageError::io(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    entries.sort();
    Ok(entries)
}

/// The `.in` files under `dir`, recursively, with their settings, in name order.
fn walk(
    dir: &Path,
    data: &Path,
    inherited: &Settings,
    generated: &GeneratedSettings,
    issues: &mut Vec<Issue>,
    found: &mut Vec<(PathBuf, Settings)>,
) -> Result<(), PackageError> {
    let settings = dir_settings(dir, data, inherited, generated, issues)?;
    let entries = sorted_entries(dir)?;
    // Names sort as the specification says: a test `a.in` and a directory `a/`
    // compare by their names, files and directories alike.
    let mut items: Vec<(String, PathBuf)> = entries
        .into_iter()
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "in"))
        .map(|p| {
            let stem = p
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
            let key = if p.is_dir() {
                p.file_name()
                    .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
            } else {
                stem
            };
            (key, p)
        })
        .collect();
    items.sort();
    for (_, path) in items {
        if path.is_dir() {
            if path.extension().is_some_and(|e| e == "files") {
                continue;
            }
            walk(&path, data, &settings, generated, issues, found)?;
        } else {
            let own = path.with_extension("yaml");
            let shown = relative(&own, data);
            let mine = match yaml::read_or_note(&own, &shown, issues) {
                Some(doc) => settings.with(&doc, &shown, issues),
                None => settings.clone(),
            };
            found.push((path, mine));
        }
    }
    Ok(())
}

fn name_of(input: &Path, data: &Path) -> String {
    input
        .with_extension("")
        .strip_prefix(data)
        .unwrap_or(input)
        .display()
        .to_string()
}

fn existing(path: PathBuf) -> Option<PathBuf> {
    path.is_file().then_some(path)
}

/// Reads `dir/data/`.
pub fn read(
    dir: &Path,
    generated: &GeneratedSettings,
    issues: &mut Vec<Issue>,
) -> Result<Data, PackageError> {
    let data = dir.join(DATA);
    let mut out = Data::default();
    if !data.is_dir() {
        issues.push(Issue::new(
            &format!("{DATA}/"),
            format!("there is no {DATA}/ directory: no tests"),
        ));
        return Ok(out);
    }
    let top = dir_settings(&data, &data, &Settings::default(), generated, issues)?;
    for (group, sample) in [(DataRoot::Sample, true), (DataRoot::Secret, false)] {
        let root = data.join(group.dir());
        if !root.is_dir() {
            if !sample {
                issues.push(Issue::new(
                    &format!("{DATA}/{}/", DataRoot::Secret.dir()),
                    "missing: no secret tests".into(),
                ));
            }
            continue;
        }
        let mut found = Vec::new();
        walk(&root, &data, &top, generated, issues, &mut found)?;
        for (input, settings) in found {
            let name = name_of(&input, &data);
            let answer = existing(input.with_extension("ans"));
            let interaction = existing(input.with_extension("interaction"));
            if answer.is_none() && interaction.is_none() {
                issues.push(Issue::new(
                    &format!("{DATA}/{name}.in"),
                    "has no .ans: judged against an accepted submission's output".into(),
                ));
            }
            out.tests.push(TestCase {
                name,
                sample,
                input,
                answer,
                interaction,
                settings,
            });
        }
    }
    for (group, list) in [
        (DataRoot::InvalidInput, &mut out.invalid_input),
        (DataRoot::InvalidAnswer, &mut out.invalid_answer),
        (DataRoot::InvalidOutput, &mut out.invalid_output),
        (DataRoot::ValidOutput, &mut out.valid_output),
    ] {
        for part in std::iter::once(&group.dir()).chain(group.legacy_dirs()) {
            let root = data.join(part);
            if !root.is_dir() {
                continue;
            }
            let mut found = Vec::new();
            walk(&root, &data, &top, generated, issues, &mut found)?;
            for (input, settings) in found {
                list.push(ValidatorCase {
                    name: name_of(&input, &data),
                    answer: existing(input.with_extension("ans")),
                    output: existing(input.with_extension("out")),
                    input,
                    settings,
                });
            }
        }
    }
    Ok(out)
}
