//! Reading the package's YAML files into values, with errors that name the file
//! and, where the YAML parser knows it, the line and column.

use super::PackageError;
use std::path::Path;
use yaml_serde::Value;

/// The YAML document at `path`, or `None` when there is no such file. An empty
/// file is an empty mapping (BAPCtools writes such files).
pub fn read(path: &Path) -> Result<Option<Value>, PackageError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(PackageError::io(path, e)),
    };
    if text.trim().is_empty() {
        return Ok(Some(Value::Mapping(Default::default())));
    }
    yaml_serde::from_str(&text)
        .map(Some)
        .map_err(|e| PackageError::Yaml {
            file: path.display().to_string(),
            reason: e.to_string(),
        })
}

/// `map[key]`, when `map` is a mapping that has it.
pub fn get<'a>(map: &'a Value, key: &str) -> Option<&'a Value> {
    map.as_mapping()?.get(key)
}

/// A value as a number (integers and floats alike).
pub fn number(value: &Value) -> Option<f64> {
    value.as_f64().or_else(|| value.as_i64().map(|i| i as f64))
}

/// Arguments as the formats give them: a sequence of strings (2025-09), or one
/// string split at white space (legacy `*_flags`). Numbers are accepted as words.
pub fn words(value: &Value) -> Option<Vec<String>> {
    match value {
        Value::String(s) => Some(s.split_whitespace().map(String::from).collect()),
        Value::Sequence(items) => items.iter().map(scalar).collect(),
        Value::Null => Some(Vec::new()),
        _ => None,
    }
}

/// A scalar as the text YAML gave it.
pub fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Like [`read`], but a file that does not read is an issue (named with its
/// reason) and counts as absent: one bad settings file must not stop the rest.
pub fn read_or_note(path: &Path, shown: &str, issues: &mut Vec<super::Issue>) -> Option<Value> {
    match read(path) {
        Ok(doc) => doc,
        Err(e) => {
            let reason = match e {
                PackageError::Yaml { reason, .. } => reason,
                other => other.to_string(),
            };
            issues.push(super::Issue::new(shown, format!("{reason}: ignored")));
            None
        }
    }
}
