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
        Err(PackageError::Yaml { reason, .. }) if reason.contains("duplicate") => {
            let text = std::fs::read_to_string(path).ok()?;
            let (kept, dropped) = last_of_each_key(&text);
            match yaml_serde::from_str::<Value>(&kept) {
                Ok(doc) if !dropped.is_empty() => {
                    issues.push(super::Issue::new(
                        shown,
                        format!(
                            "{} set more than once: the last one is used, as problemtools' YAML reader (PyYAML) uses it",
                            dropped.join(", ")
                        ),
                    ));
                    Some(doc)
                }
                _ => {
                    issues.push(super::Issue::new(shown, format!("{reason}: ignored")));
                    None
                }
            }
        }
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

/// `text` with each top-level key kept only where it is set last (a line at
/// column 0 `key:` and the indented lines under it), and the keys dropped.
fn last_of_each_key(text: &str) -> (String, Vec<String>) {
    let key_of = |line: &str| -> Option<String> {
        let first = line.chars().next()?;
        if first.is_whitespace() || first == '#' || first == '-' {
            return None;
        }
        line.split_once(':').map(|(k, _)| k.trim().to_string())
    };
    // Blocks: a top-level key's line and the lines under it.
    let mut blocks: Vec<(Option<String>, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        match key_of(line) {
            Some(key) => blocks.push((Some(key), vec![line])),
            None => match blocks.last_mut() {
                Some(block) => block.1.push(line),
                None => blocks.push((None, vec![line])),
            },
        }
    }
    let mut dropped = Vec::new();
    let mut out = String::new();
    for (i, (key, lines)) in blocks.iter().enumerate() {
        let later = key.as_ref().is_some_and(|k| {
            blocks[i + 1..]
                .iter()
                .any(|(other, _)| other.as_ref() == Some(k))
        });
        if later {
            dropped.extend(key.clone().filter(|k| !dropped.contains(k)));
            continue;
        }
        for line in lines {
            out.push_str(line);
            out.push('\n');
        }
    }
    (out, dropped)
}

#[cfg(test)]
mod tests {
    use super::last_of_each_key;

    #[test]
    fn a_key_set_twice_keeps_its_last_value() {
        let text = "on_reject: break\ninput_validator_flags: downright=1\ninput_validator_flags: maxn=300000\n";
        let (kept, dropped) = last_of_each_key(text);
        assert_eq!(
            kept,
            "on_reject: break\ninput_validator_flags: maxn=300000\n"
        );
        assert_eq!(dropped, ["input_validator_flags"]);
    }
}
