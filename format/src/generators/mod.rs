//! BAPCtools' `generators/generators.yaml`: the test cases it declares, read as
//! BAPCtools 2026.10 (`bapctools/generate.py`) reads them, and a new test
//! written back into it.
//!
//! Reading ([`GeneratorsYaml::parse`]) gives every test case with the name it
//! gets under `data/` and what makes it: a [`GenerateCommand`] (a generator and its
//! argument words, placeholders kept), a `copy:` of files in `generators/`, or
//! literal file contents (`in:`, `ans:`, ...). The names follow BAPCtools:
//! - `data:` is a map (names as written; children in sorted order) or a list
//!   of one-key maps. In a list, test cases are numbered `N-key` (or `N` for
//!   the key `""`) by ONE counter over the whole file, zero-padded to the
//!   width of the number of numbered test cases in the file; test groups in a
//!   list are numbered per directory. The top-level `data:` must be a map,
//!   and only its known directories (`sample`, `secret`, `invalid_*`,
//!   `valid_output`, `testing_tool_test`, `fuzz`) are read, in that order.
//! - `count: 3`, `count: [7, -3]` or `count: 1..=3` repeats a rule, adding
//!   `-VALUE` to its name (zero-padded when the values are consecutive).
//! - A string value is a `generate:` command (or, ending in `.in`, an old-style
//!   `copy:`); a map with `generate`, `copy`, `count`, `match` or a file
//!   extension key is a test case, any other map a test group.
//! - `solution:`, `random_salt:` and `retries:` are inherited from the nearest
//!   directory that sets them; `include:` links earlier cases by key.
//!
//! What BAPCtools rejects for the whole file (the top level not a map of
//! directories, a bad `count:`, a malformed `data:`) is a [`GeneratorsError`];
//! what it rejects for one test case or warns about is an [`Issue`] and that
//! case is skipped. Reading runs nothing.
//!
//! Writing ([`add_test`]) inserts one entry into the text, byte for byte
//! preserving the rest, and proves by reparsing that nothing else changed.

mod case;
mod command;
mod keys;
mod outline;
mod render;
mod walk;
mod write;

pub use command::{
    bapctools_seed, size_args, split_words, GenerateCommand, Generator, SizeArg, SEED_BOUND,
};
pub use render::Entry;
pub use write::{add_described_test, add_test, Added, WriteError};

use super::Issue;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use crate::layout::GENERATORS_YAML;

/// Why BAPCtools would not read the file at all.
#[derive(Debug, thiserror::Error)]
pub enum GeneratorsError {
    /// The YAML does not parse (the parser's message has the line and column).
    #[error("{file}: {reason}")]
    Yaml {
        /// The file.
        file: String,
        /// The parser's message.
        reason: String,
    },
    /// It parses, but BAPCtools cannot use it.
    #[error("{file}: {at}: {reason}")]
    Invalid {
        /// The file.
        file: String,
        /// The key path (`data.secret.data[2].big`), or `(top level)`.
        at: String,
        /// What is wrong.
        reason: String,
    },
    /// The file cannot be read.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// What failed.
        error: std::io::Error,
    },
}

/// Which program makes a generated case's `.ans`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// None named: BAPCtools picks an accepted submission (and writes it into
    /// the file as `solution:`).
    Default,
    /// `solution: /submissions/accepted/x.py`: this file, relative to the package.
    Program(PathBuf),
    /// `solution:` with no value: no `.ans` is made; the case must bring its own.
    Disabled,
}

/// One test case the file declares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredCase {
    /// Its path under `data/`, without extension: `secret/2-small-1`.
    pub name: String,
    /// Its key in the file: `small-1`.
    pub key: String,
    /// Where it is in the file: `data.secret.data[0].small-1`.
    pub at: String,
    /// The command that writes its input, if any.
    pub generate: Option<GenerateCommand>,
    /// `copy: path`: the files `path.in`, `path.ans`, ... (relative to the
    /// package, without extension: `generators/manual/3`).
    pub copy: Option<PathBuf>,
    /// Literal files by extension (`in`, `ans`, `yaml`, ...), each ending in a
    /// newline as BAPCtools writes it.
    pub files: BTreeMap<String, String>,
    /// Its `{count}` value, when the rule has `count:`.
    pub count: Option<i64>,
    /// What makes its `.ans` when nothing else does.
    pub solution: Solution,
    /// The inherited salt of its seed.
    pub random_salt: String,
    /// How many times a failing generator is run (with seed + 1, + 2, ...).
    pub retries: u32,
}

impl DeclaredCase {
    /// Whether it is a sample (under `data/sample/`).
    pub fn is_sample(&self) -> bool {
        self.name.starts_with("sample/")
    }
}

/// A test group (a directory under `data/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its path under `data/`: `secret/1-hard`.
    pub name: String,
    /// Its key in the file: `hard`.
    pub key: String,
    /// Whether its `data:` is a list (its cases are numbered).
    pub numbered: bool,
}

/// A case linked into another directory by `include:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Include {
    /// Where it appears: `secret/1`.
    pub name: String,
    /// The case it is: `sample/1`.
    pub target: String,
    /// The key the `include:` names.
    pub key: String,
}

/// What `generators.yaml` declares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GeneratorsYaml {
    /// The top-level `generators:` map: name → its files, relative to the package.
    pub generators: BTreeMap<String, Vec<PathBuf>>,
    /// The usable test cases, in the order BAPCtools reads them.
    pub cases: Vec<DeclaredCase>,
    /// The test groups.
    pub groups: Vec<Group>,
    /// The included cases.
    pub includes: Vec<Include>,
    /// Names of declared cases that cannot be made (an issue says why): they
    /// still take their names.
    pub skipped: Vec<String>,
}

impl GeneratorsYaml {
    /// Reads `text`, the file `file` (named in errors and issues), filling
    /// `{{NAME}}` from `constants` (problem.yaml's, as
    /// [`ProblemConfig::constants`](crate::ProblemConfig::constants) has them).
    pub fn parse(
        text: &str,
        file: &str,
        constants: &BTreeMap<String, String>,
        issues: &mut Vec<Issue>,
    ) -> Result<GeneratorsYaml, GeneratorsError> {
        let doc = parse_yaml(text, file)?;
        walk::walk(&doc, file, constants, issues)
    }

    /// Reads the file at `path`, shown as `file`.
    pub fn read(
        path: &Path,
        file: &str,
        constants: &BTreeMap<String, String>,
        issues: &mut Vec<Issue>,
    ) -> Result<GeneratorsYaml, GeneratorsError> {
        let text = std::fs::read_to_string(path).map_err(|error| GeneratorsError::Io {
            file: file.to_string(),
            error,
        })?;
        GeneratorsYaml::parse(&text, file, constants, issues)
    }

    /// The rules whose arguments take a seed, one per distinct command (the
    /// cases of one `count:` rule without `{count}` share it): the rules a
    /// search can draw new inputs from.
    pub fn seeded_rules(&self) -> Vec<&DeclaredCase> {
        let mut seen = std::collections::HashSet::new();
        self.cases
            .iter()
            .filter(|c| {
                c.generate
                    .as_ref()
                    .is_some_and(|g| g.takes_seed() && seen.insert((&g.generator, &g.args)))
            })
            .collect()
    }

    /// The case called `name` (`secret/2-small-1`).
    pub fn case(&self, name: &str) -> Option<&DeclaredCase> {
        self.cases.iter().find(|c| c.name == name)
    }

    /// Every name under `data/` the file gives: cases (skipped ones too),
    /// groups and included cases.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.cases
            .iter()
            .map(|c| c.name.as_str())
            .chain(self.skipped.iter().map(String::as_str))
            .chain(self.groups.iter().map(|g| g.name.as_str()))
            .chain(self.includes.iter().map(|i| i.name.as_str()))
    }
}

/// Each group's `test_group.yaml:` in the generators.yaml at `path`, by its
/// directory under `data/` (`""` for `data/` itself, `secret`,
/// `secret/group1`): what `bt generate` writes as that directory's
/// test_group.yaml, so a package whose data was not generated (or whose
/// generated settings were not committed) is still read with them. A file
/// that does not read gives none (its issue is raised where its rules are
/// read).
pub fn group_settings(
    path: &std::path::Path,
) -> std::collections::BTreeMap<String, yaml_serde::Value> {
    fn collect(
        dir: &yaml_serde::Value,
        at: &str,
        out: &mut std::collections::BTreeMap<String, yaml_serde::Value>,
    ) {
        let Some(map) = dir.as_mapping() else { return };
        if let Some(settings) = map.get("test_group.yaml") {
            out.insert(at.to_string(), settings.clone());
        }
        // Groups are the map entries of `data:` that are directories.
        let Some(yaml_serde::Value::Mapping(data)) = map.get("data") else {
            return;
        };
        for (key, child) in data {
            let (Some(name), true) = (key.as_str(), keys::is_directory(child)) else {
                continue;
            };
            let path = if at.is_empty() {
                name.to_string()
            } else {
                format!("{at}/{name}")
            };
            collect(child, &path, out);
        }
    }
    let mut out = std::collections::BTreeMap::new();
    let Ok(text) = std::fs::read_to_string(path) else {
        return out;
    };
    if let Ok(doc) = parse_yaml(&text, GENERATORS_YAML) {
        collect(&doc, "", &mut out);
    }
    out
}

/// The YAML document of `text`; an empty (or comments-only) file is an empty map.
fn parse_yaml(text: &str, file: &str) -> Result<yaml_serde::Value, GeneratorsError> {
    let nothing = text.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#')
    });
    if nothing {
        return Ok(yaml_serde::Value::Mapping(Default::default()));
    }
    let doc: yaml_serde::Value = yaml_serde::from_str(text).map_err(|e| GeneratorsError::Yaml {
        file: file.to_string(),
        reason: e.to_string(),
    })?;
    Ok(match doc {
        yaml_serde::Value::Null => yaml_serde::Value::Mapping(Default::default()),
        doc => doc,
    })
}
