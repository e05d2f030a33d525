//! One test case of `generators.yaml` as BAPCtools' `TestCaseRule` reads it:
//! its name checked, its `count:` values, what makes its input (a `generate:`
//! command with `{{constants}}` and `{count}` filled in, a `copy:`, literal
//! files) and the settings it overrides.

use super::command::{
    bapctools_seed, seed_count, size_args, split_words, GenerateCommand, Generator,
};
use super::keys::{is_case_key, is_file_name, show_key, CONFIG_KEYS, FILE_KEYS};
use super::walk::{Inherited, Walker};
use super::DeclaredCase;
use crate::config::is_constant_name;
use std::collections::BTreeMap;
use std::path::PathBuf;
use yaml_serde::{Mapping, Value};

/// Keys only samples may have (`KNOWN_SAMPLE_TESTCASE_EXTENSIONS`).
const SAMPLE_FILE_KEYS: [&str; 4] = [
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
];

/// Why `name` cannot name a test case, as BAPCtools' `TestCaseRule` checks it.
pub(super) fn bad_case_name(name: &str) -> Option<&'static str> {
    if !is_file_name(&format!("{name}.in")) {
        Some("not a valid test case name ([a-zA-Z0-9_][a-zA-Z0-9_.-]*, at most 252 characters)")
    } else if name.ends_with(".in") {
        Some("test case names must not end in .in")
    } else if name == "test_group" {
        Some("test_group clashes with the group's test_group.yaml")
    } else {
        None
    }
}

impl Walker<'_> {
    /// One case (`TestCaseRule`), or why BAPCtools rejects it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn case(
        &mut self,
        key: &str,
        name: &str,
        full: &str,
        raw: &Value,
        at: &str,
        count: Option<i64>,
        inherited: &Inherited,
    ) -> Result<DeclaredCase, String> {
        if let Some(why) = bad_case_name(name) {
            return Err(format!("{name}: {why}"));
        }
        let map: Mapping = match raw {
            Value::Null => {
                return Err("an empty entry: a test case needs generate, copy or in".into());
            }
            Value::String(s) => match s.strip_suffix(".in") {
                Some(path) => {
                    self.issue(at, format!("use `copy: {path}` instead of {s}"));
                    [(Value::from("copy"), Value::from(path))]
                        .into_iter()
                        .collect()
                }
                None => [(Value::from("generate"), raw.clone())]
                    .into_iter()
                    .collect(),
            },
            Value::Mapping(m) => m.clone(),
            _ => return Err("not a test case".into()),
        };
        for key in map.keys() {
            let known = key
                .as_str()
                .is_some_and(|k| is_case_key(k) || CONFIG_KEYS.contains(&k));
            if !known {
                self.issue(
                    &format!("{at}.{}", show_key(key)),
                    "unknown key of a test case: ignored (BAPCtools warns)".into(),
                );
            }
        }
        let sample = full.starts_with("sample/");
        let has = |k: &str| map.contains_key(k);
        let has_input = has("generate")
            || has("copy")
            || has("in")
            || (sample && has("in.statement") && has("in.download"))
            || (sample && has("interaction") && has("in.download"));
        if !has_input {
            return Err("a test case needs one of generate, copy, in".into());
        }
        if !sample {
            if let Some(k) = SAMPLE_FILE_KEYS.iter().find(|k| has(k)) {
                return Err(format!("only samples may have {k}"));
            }
        }
        let own = self.inherit(inherited, &map, at);
        let generate = match map.get("generate") {
            None => None,
            Some(Value::String(text)) => Some(self.command(text, count, &own, at)?),
            Some(_) => return Err("generate must be a string".into()),
        };
        let copy = match map.get("copy") {
            None => None,
            Some(Value::String(path)) if path.starts_with('/') => {
                return Err(format!("copy: {path} must be relative to generators/"));
            }
            Some(Value::String(path)) => Some(PathBuf::from("generators").join(path)),
            Some(_) => return Err("copy must be a path".into()),
        };
        let mut files = BTreeMap::new();
        for ext in FILE_KEYS {
            let text = match map.get(ext) {
                None => continue,
                Some(Value::String(s)) => s.clone(),
                Some(Value::Mapping(m)) if ext == "yaml" => {
                    yaml_serde::to_string(m).map_err(|e| format!("yaml: {e}"))?
                }
                Some(Value::Mapping(m)) if m.len() == 1 && m.contains_key("link") => continue,
                Some(_) => return Err(format!("{ext} must be a string")),
            };
            let text = if text.is_empty() || text.ends_with('\n') {
                text
            } else {
                text + "\n"
            };
            files.insert(ext.to_string(), text);
        }
        Ok(DeclaredCase {
            name: full.to_string(),
            key: key.to_string(),
            at: at.to_string(),
            generate,
            copy,
            files,
            count,
            solution: own.solution,
            random_salt: own.random_salt,
            retries: own.retries,
        })
    }

    /// A `generate:` text as the command BAPCtools runs.
    fn command(
        &mut self,
        text: &str,
        count: Option<i64>,
        own: &Inherited,
        at: &str,
    ) -> Result<GenerateCommand, String> {
        if text.is_empty() {
            return Err("generate must not be empty".into());
        }
        let mut text = self.fill_constants(text, at);
        if text.contains("{count}") {
            match count {
                Some(v) => text = text.replace("{count}", &v.to_string()),
                None => self.issue(
                    at,
                    "{count} in a command without count: left as it is".into(),
                ),
            }
        }
        let mut words = split_words(&text)
            .map_err(|e| format!("generate: {e}"))?
            .into_iter();
        let program = words.next().ok_or("generate has no program")?;
        if program.starts_with('/') {
            return Err(format!(
                "generator {program} must be relative to generators/"
            ));
        }
        let args: Vec<String> = words.collect();
        let seeds = seed_count(&args);
        if seeds > 1 {
            return Err("{seed} may appear at most once".into());
        }
        let generator = match self.out.generators.get(&program) {
            Some(files) => Generator::Named {
                name: program.clone(),
                files: files.clone(),
            },
            None => Generator::Program(PathBuf::from("generators").join(&program)),
        };
        let seed =
            (seeds == 1).then(|| bapctools_seed(&own.random_salt, count.unwrap_or(1), &text));
        Ok(GenerateCommand {
            sizes: size_args(&args),
            text,
            program,
            generator,
            args,
            seed,
        })
    }

    /// `{{NAME}}` and `{{NAME.VARIANT}}` from problem.yaml's constants
    /// (`CONSTANT_SUBSTITUTE_REGEX`); unknown ones stay, with an issue.
    fn fill_constants(&mut self, text: &str, at: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find("{{") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let name_len = after
                .find("}}")
                .filter(|&n| is_constant_reference(&after[..n]));
            match name_len {
                Some(n) => {
                    let name = &after[..n];
                    match self.constants.get(name) {
                        Some(value) => out.push_str(value),
                        None => {
                            self.issue(
                                at,
                                format!(
                                    "{{{{{name}}}}} is no constant of problem.yaml: left as it is"
                                ),
                            );
                            out.push_str(&rest[start..start + n + 4]);
                        }
                    }
                    rest = &after[n + 2..];
                }
                None => {
                    out.push_str("{{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// `NAME` or `NAME.VARIANT` (`CONSTANT_SUBSTITUTE_REGEX`).
fn is_constant_reference(s: &str) -> bool {
    match s.split_once('.') {
        Some((a, b)) => is_constant_name(a) && is_constant_name(b),
        None => is_constant_name(s),
    }
}
