//! The walk over `generators.yaml`'s tree that names its test cases as
//! BAPCtools' `GeneratorConfig._parse_root` does (`bapctools/generate.py`):
//! one global counter for numbered test cases, one per directory for numbered
//! groups, children of a map in sorted order, `count:` suffixes, inherited
//! `solution` / `random_salt` / `retries`, and `include:` by key.

use super::command::split_words;
use super::keys::{
    count_values, is_directory, is_file_name, is_test_case, show_key, CONFIG_KEYS, DIRECTORY_KEYS,
};
use super::{GeneratorsError, GeneratorsYaml, Group, Include, Solution};
use crate::Issue;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use yaml_serde::{Mapping, Value};

/// The directories BAPCtools reads under the top-level `data:`, in its order
/// (`KNOWN_ROOT_DIRECTORIES`).
const ROOT_DIRECTORIES: [&str; 8] = [
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// Old names BAPCtools warns about and skips (`DEPRECATED_ROOT_DIRECTORIES`).
const DEPRECATED_ROOT_DIRECTORIES: [&str; 4] = [
    "invalid_outputs",
    "invalid_answers",
    "invalid_inputs",
    "valid_outputs",
];

/// The number of test cases in numbered `data:` lists, over the whole file
/// (the pre-count of `_parse_root`: it sets the width of their numbers).
fn count_numbered(dir: &Value) -> Result<usize, String> {
    let (entries, numbered): (Vec<&Value>, bool) =
        match dir.as_mapping().and_then(|m| m.get("data")) {
            Some(Value::Mapping(_)) => (vec![&dir["data"]], false),
            Some(Value::Sequence(items)) => (items.iter().collect(), true),
            _ => return Ok(0),
        };
    let mut total = 0;
    for entry in entries.iter().filter_map(|e| e.as_mapping()) {
        for child in entry.values() {
            if is_test_case(child) && numbered {
                total += count_values(child).unwrap_or(Ok(vec![1]))?.len();
            } else if is_directory(child) {
                total += count_numbered(child)?;
            }
        }
    }
    Ok(total)
}

/// `number-base`, zero-padded to the width of `of` (`next_numbered_name`).
fn numbered(base: &str, number: usize, of: usize) -> String {
    let width = of.to_string().len();
    if base.is_empty() {
        format!("{number:0width$}")
    } else {
        format!("{number:0width$}-{base}")
    }
}

/// The settings a directory passes down (`Config`).
#[derive(Clone, Debug)]
pub(super) struct Inherited {
    pub(super) solution: Solution,
    pub(super) random_salt: String,
    pub(super) retries: u32,
}

/// A rule known by its key, for `include:`.
#[derive(Clone, Copy)]
enum Known {
    Case(usize),
    Group(usize),
}

pub(super) struct Walker<'a> {
    file: &'a str,
    pub(super) constants: &'a BTreeMap<String, String>,
    issues: &'a mut Vec<Issue>,
    pub(super) out: GeneratorsYaml,
    numbered_cases: usize,
    next_case: usize,
    /// Key → (included already, the rules with that key).
    known_keys: HashMap<String, (bool, Vec<Known>)>,
    /// Every case path → the case it is (itself, or an included one).
    known_cases: HashMap<String, String>,
}

/// Reads the tree of a `generators.yaml`.
pub(super) fn walk(
    root: &Value,
    file: &str,
    constants: &BTreeMap<String, String>,
    issues: &mut Vec<Issue>,
) -> Result<GeneratorsYaml, GeneratorsError> {
    let fatal = |at: &str, reason: String| GeneratorsError::Invalid {
        file: file.to_string(),
        at: if at.is_empty() {
            "(top level)".into()
        } else {
            at.to_string()
        },
        reason,
    };
    let Some(map) = root.as_mapping() else {
        return Err(fatal("", "the top level must be a map".into()));
    };
    if !is_directory(root) {
        return Err(fatal(
            "",
            "the top level must be a directory, not a test case".into(),
        ));
    }
    if map.get("data").is_some_and(Value::is_sequence) {
        return Err(fatal(
            "data",
            "the top-level data must be a map, not a numbered list".into(),
        ));
    }
    let numbered_cases = count_numbered(root).map_err(|reason| fatal("data", reason))?;
    let mut walker = Walker {
        file,
        constants,
        issues,
        out: GeneratorsYaml::default(),
        numbered_cases,
        next_case: 1,
        known_keys: HashMap::new(),
        known_cases: HashMap::new(),
    };
    walker.out.generators = walker.generators(map.get("generators"));
    let top = Inherited {
        solution: Solution::Default,
        random_salt: String::new(),
        retries: 1,
    };
    let inherited = walker.inherit(&top, map, "");
    walker
        .directory(map, "", "", &inherited, true)
        .map_err(|(at, reason)| fatal(&at, reason))?;
    Ok(walker.out)
}

type Fatal = (String, String);

impl Walker<'_> {
    pub(super) fn issue(&mut self, at: &str, message: String) {
        let at = if at.is_empty() { "(top level)" } else { at };
        self.issues
            .push(Issue::new(self.file, format!("{at}: {message}")));
    }

    /// The top-level `generators:` map.
    fn generators(&mut self, value: Option<&Value>) -> BTreeMap<String, Vec<PathBuf>> {
        let mut out = BTreeMap::new();
        let Some(value) = value.filter(|v| !v.is_null()) else {
            return out;
        };
        let Some(map) = value.as_mapping() else {
            self.issue(
                "generators",
                "must be a map of names to lists of files: ignored".into(),
            );
            return out;
        };
        for (key, files) in map {
            let at = format!("generators.{}", show_key(key));
            let Some(name) = key.as_str().filter(|n| is_file_name(n)) else {
                self.issue(&at, "not a valid generator name: skipped".into());
                continue;
            };
            let files: Option<Vec<PathBuf>> = match files {
                Value::Sequence(items) if !items.is_empty() => items
                    .iter()
                    .map(|f| f.as_str().map(|f| PathBuf::from("generators").join(f)))
                    .collect(),
                _ => None,
            };
            match files {
                Some(files) => {
                    out.insert(name.to_string(), files);
                }
                None => self.issue(&at, "must be a non-empty list of files: skipped".into()),
            }
        }
        out
    }

    /// `parent` with the `solution`, `random_salt` and `retries` that `map` sets.
    pub(super) fn inherit(&mut self, parent: &Inherited, map: &Mapping, at: &str) -> Inherited {
        let mut out = parent.clone();
        let key_at = |key: &str| {
            if at.is_empty() {
                key.to_string()
            } else {
                format!("{at}.{key}")
            }
        };
        match map.get("solution") {
            None => {}
            Some(Value::Null) => out.solution = Solution::Disabled,
            Some(Value::String(s)) => match solution_path(s) {
                Ok(path) => out.solution = Solution::Program(path),
                Err(reason) => self.issue(&key_at("solution"), format!("{reason}: ignored")),
            },
            Some(_) => self.issue(&key_at("solution"), "must be a path: ignored".into()),
        }
        match map.get("random_salt") {
            None => {}
            Some(Value::String(s)) => out.random_salt = s.clone(),
            Some(_) => self.issue(&key_at("random_salt"), "must be a string: ignored".into()),
        }
        match map.get("retries").map(|r| r.as_u64()) {
            None => {}
            Some(Some(r)) if r > 0 && r <= u32::MAX as u64 => out.retries = r as u32,
            Some(_) => self.issue(
                &key_at("retries"),
                "must be a positive integer: ignored".into(),
            ),
        }
        out
    }

    /// One directory: its includes, then its children.
    fn directory(
        &mut self,
        map: &Mapping,
        path: &str,
        at: &str,
        inherited: &Inherited,
        is_root: bool,
    ) -> Result<(), Fatal> {
        let numbered_dir = map.get("data").is_some_and(Value::is_sequence);
        let key_at = |key: &str| {
            if at.is_empty() {
                key.to_string()
            } else {
                format!("{at}.{key}")
            }
        };
        if !is_root {
            for key in map.keys() {
                let known = key
                    .as_str()
                    .is_some_and(|k| DIRECTORY_KEYS.contains(&k) || CONFIG_KEYS.contains(&k));
                if !known {
                    self.issue(
                        &key_at(&show_key(key)),
                        "unknown key of a test group: ignored (BAPCtools warns)".into(),
                    );
                }
            }
        }
        let included = self.gather_includes(map.get("include"), &key_at("include"));
        let entries: Vec<&Mapping> = match map.get("data") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Mapping(m)) => vec![m],
            Some(Value::Sequence(items)) => items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    item.as_mapping()
                        .ok_or_else(|| (format!("{}[{i}]", key_at("data")), "must be a map".into()))
                })
                .collect::<Result<_, Fatal>>()?,
            Some(_) => return Err((key_at("data"), "must be a map or a list of maps".into())),
        };
        let groups_here = entries
            .iter()
            .flat_map(|e| e.values())
            .filter(|v| is_directory(v))
            .count();
        let mut next_group = 1;
        for (i, entry) in entries.iter().enumerate() {
            let entry_at = if numbered_dir {
                format!("{}[{i}]", key_at("data"))
            } else {
                key_at("data")
            };
            if numbered_dir && entry.len() != 1 {
                self.issue(
                    &entry_at,
                    "a numbered entry must have exactly one key: skipped".into(),
                );
                continue;
            }
            for (key, child) in self.children(entry, is_root, &entry_at) {
                let child_at = format!("{entry_at}.{key}");
                if let Some(child_map) = child.as_mapping().filter(|_| is_directory(child)) {
                    let name = if numbered_dir {
                        next_group += 1;
                        numbered(&key, next_group - 1, groups_here)
                    } else {
                        key.clone()
                    };
                    if !numbered_dir && key.is_empty() {
                        self.issue(
                            &child_at,
                            "a test group in a map needs a name: skipped".into(),
                        );
                        continue;
                    }
                    if !is_file_name(&name) {
                        return Err((child_at, format!("{name} is not a valid directory name")));
                    }
                    let group_path = join(path, &name);
                    self.out.groups.push(Group {
                        name: group_path.clone(),
                        key: key.clone(),
                        numbered: child_map.get("data").is_some_and(Value::is_sequence),
                    });
                    self.know(&key, Known::Group(self.out.groups.len() - 1));
                    let child_inherited = self.inherit(inherited, child_map, &child_at);
                    self.directory(child_map, &group_path, &child_at, &child_inherited, false)?;
                } else if is_test_case(child) {
                    if !numbered_dir && key.is_empty() {
                        self.issue(
                            &child_at,
                            "a test case in a map needs a name: skipped".into(),
                        );
                        continue;
                    }
                    self.test_cases(&key, child, numbered_dir, path, &child_at, inherited)?;
                } else {
                    self.issue(
                        &child_at,
                        "neither a test case nor a test group: skipped".into(),
                    );
                }
            }
        }
        for (key, target) in included {
            let base = target.rsplit('/').next().unwrap_or(&target).to_string();
            let name = join(path, &base);
            match self.known_cases.get(&name) {
                Some(existing) if *existing != target => self.issue(
                    &key_at("include"),
                    format!("{name} would be both {existing} and the included {target}: skipped"),
                ),
                Some(_) => {}
                None => {
                    self.known_cases.insert(name.clone(), target.clone());
                    self.out.includes.push(Include { name, target, key });
                }
            }
        }
        Ok(())
    }

    /// The children of one entry of `data:` in BAPCtools' order, named by
    /// their keys (`""` for a null key); keys it skips are issues.
    fn children<'v>(
        &mut self,
        entry: &'v Mapping,
        is_root: bool,
        at: &str,
    ) -> Vec<(String, &'v Value)> {
        let mut out = Vec::new();
        if is_root {
            for (key, _) in entry {
                let known = key.as_str().is_some_and(|k| ROOT_DIRECTORIES.contains(&k));
                if !known {
                    let why = if key
                        .as_str()
                        .is_some_and(|k| DEPRECATED_ROOT_DIRECTORIES.contains(&k))
                    {
                        "a deprecated name (drop the final s): skipped"
                    } else {
                        "not a directory BAPCtools knows: skipped"
                    };
                    self.issue(&format!("{at}.{}", show_key(key)), why.into());
                }
            }
            for name in ROOT_DIRECTORIES {
                if let Some(child) = entry.get(name) {
                    out.push((name.to_string(), child));
                }
            }
            return out;
        }
        for (key, child) in entry {
            match key {
                Value::String(k) => out.push((k.clone(), child)),
                Value::Null => out.push((String::new(), child)),
                other => self.issue(
                    &format!("{at}.{}", show_key(other)),
                    "a key must be a string (quote it): skipped".into(),
                ),
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn know(&mut self, key: &str, rule: Known) {
        self.known_keys
            .entry(key.to_string())
            .or_default()
            .1
            .push(rule);
    }

    /// The cases `include:` names, as (key, case path), resolved against the
    /// rules read so far.
    fn gather_includes(&mut self, value: Option<&Value>, at: &str) -> Vec<(String, String)> {
        let items: Vec<&Value> = match value {
            None | Some(Value::Null) => return Vec::new(),
            Some(Value::Sequence(items)) => items.iter().collect(),
            Some(other) => vec![other],
        };
        let mut out = Vec::new();
        for (i, item) in items.into_iter().enumerate() {
            let at = format!("{at}[{i}]");
            let Some(key) = item.as_str() else {
                self.issue(&at, "must be a test case or group key: skipped".into());
                continue;
            };
            if key.contains('/') {
                self.issue(&at, format!("{key} is a path, not a key: skipped"));
                continue;
            }
            let rule = match self.known_keys.get_mut(key) {
                None => {
                    self.issue(
                        &at,
                        format!("{key} names no earlier test case or group: skipped"),
                    );
                    continue;
                }
                Some((_, rules)) if rules.len() != 1 => {
                    self.issue(&at, format!("{key} is ambiguous: skipped"));
                    continue;
                }
                Some((included, rules)) => {
                    *included = true;
                    rules[0]
                }
            };
            match rule {
                Known::Case(i) => out.push((key.to_string(), self.out.cases[i].name.clone())),
                Known::Group(g) => {
                    let prefix = format!("{}/", self.out.groups[g].name);
                    let under = |name: &str| name.starts_with(&prefix);
                    for include in self.out.includes.iter().filter(|i| under(&i.name)) {
                        out.push((key.to_string(), include.target.clone()));
                    }
                    for case in self.out.cases.iter().filter(|c| under(&c.name)) {
                        out.push((key.to_string(), case.name.clone()));
                    }
                }
            }
        }
        out
    }

    /// One test case entry: one case, or one per `count:` value.
    fn test_cases(
        &mut self,
        key: &str,
        raw: &Value,
        numbered_dir: bool,
        dir: &str,
        at: &str,
        inherited: &Inherited,
    ) -> Result<(), Fatal> {
        let counts = match count_values(raw) {
            None => None,
            Some(Ok(list)) => Some(list),
            Some(Err(reason)) => return Err((format!("{at}.count"), reason)),
        };
        let values = counts.clone().unwrap_or(vec![1]);
        let (lo, hi) = (
            values.iter().min().copied().unwrap_or(1),
            values.iter().max().copied().unwrap_or(1),
        );
        let consecutive =
            hi.checked_sub(lo).and_then(|d| usize::try_from(d).ok()) == Some(values.len() - 1);
        let padding = if consecutive {
            values
                .iter()
                .map(|v| v.to_string().len())
                .max()
                .unwrap_or(1)
        } else {
            0
        };
        for value in values {
            let mut name = if numbered_dir {
                self.next_case += 1;
                numbered(key, self.next_case - 1, self.numbered_cases)
            } else {
                key.to_string()
            };
            if counts.is_some() {
                name = format!("{name}-{value:0padding$}");
            }
            let full = join(dir, &name);
            if self.known_cases.contains_key(&full) {
                self.issue(at, format!("{full} is declared twice: skipped"));
                continue;
            }
            self.known_cases.insert(full.clone(), full.clone());
            let count = counts.as_ref().map(|_| value);
            match self.case(key, &name, &full, raw, at, count, inherited) {
                Ok(case) => {
                    self.out.cases.push(case);
                    self.know(key, Known::Case(self.out.cases.len() - 1));
                }
                Err(reason) => {
                    self.issue(at, format!("{reason}: skipped"));
                    self.out.skipped.push(full);
                }
            }
        }
        Ok(())
    }
}

/// `solution: /path`: absolute from the package root, no arguments.
fn solution_path(s: &str) -> Result<PathBuf, String> {
    let words = split_words(s).map_err(|e| format!("solution: {e}"))?;
    match words.as_slice() {
        [path] if path.starts_with('/') => Ok(PathBuf::from(path.trim_start_matches('/'))),
        [path] => Err(format!(
            "solution {path} must start with / (the package root)"
        )),
        _ => Err("solution must be one path, without arguments".into()),
    }
}

fn join(dir: &str, name: &str) -> String {
    if dir.is_empty() {
        name.to_string()
    } else {
        format!("{dir}/{name}")
    }
}
