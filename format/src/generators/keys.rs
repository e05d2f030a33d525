//! The keys of `generators.yaml` as BAPCtools reads them: which make a map a
//! test case, which name its literal files, which configure a directory, what
//! a file name may be, and what a `count:` means. The walk over the tree and
//! the reading of one test case both take them from here.

use yaml_serde::Value;

/// Keys of a test case's literal files (`KNOWN_TEXT_DATA_EXTENSIONS`).
pub(super) const FILE_KEYS: [&str; 9] = [
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];

/// Keys that make a map a test case rather than a group (`UNIQUE_TESTCASE_KEYS`).
pub(super) fn is_case_key(key: &str) -> bool {
    matches!(key, "copy" | "generate" | "count" | "match") || FILE_KEYS.contains(&key)
}

pub(super) const CONFIG_KEYS: [&str; 3] = ["solution", "random_salt", "retries"];
pub(super) const DIRECTORY_KEYS: [&str; 3] = ["data", "include", "test_group.yaml"];

/// BAPCtools' `is_test_case`.
pub(super) fn is_test_case(value: &Value) -> bool {
    match value {
        Value::Null | Value::String(_) => true,
        Value::Mapping(m) => m.keys().any(|k| k.as_str().is_some_and(is_case_key)),
        _ => false,
    }
}

/// BAPCtools' `is_directory`.
pub(super) fn is_directory(value: &Value) -> bool {
    value.is_mapping() && !is_test_case(value)
}

/// Whether `name` is a valid file name (`FILE_NAME_REGEX`:
/// `[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}`).
pub(super) fn is_file_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        && name.len() <= 255
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

/// A `count:` value as its list of `{count}` values (`parse_count`).
pub(super) fn count_values(value: &Value) -> Option<Result<Vec<i64>, String>> {
    let count = value.as_mapping()?.get("count")?;
    let list = match count {
        // A float is no count for BAPCtools (`isinstance(count, int)`).
        Value::Number(n) if n.is_f64() => return None,
        Value::Number(n) => {
            let n = n.as_i64().filter(|n| (1..=100).contains(n));
            match n {
                Some(n) => Ok((1..=n).collect()),
                None => Err(format!(
                    "invalid count {count:?}: must be between 1 and 100"
                )),
            }
        }
        Value::Sequence(items) => {
            let mut seen = std::collections::HashSet::new();
            items
                .iter()
                .map(|item| match item.as_i64() {
                    Some(v) if seen.insert(v) => Ok(v),
                    Some(v) => Err(format!("invalid count list: duplicate element {v}")),
                    None => Err(format!("invalid count list: {item:?} is not an integer")),
                })
                .collect::<Result<Vec<i64>, String>>()
                .and_then(|l| {
                    if (1..=100).contains(&l.len()) {
                        Ok(l)
                    } else {
                        Err("invalid count list: must have 1 to 100 elements".into())
                    }
                })
        }
        Value::String(s) => inclusive_range(s),
        // BAPCtools' `has_count` only looks at ints, lists and strings.
        _ => return None,
    };
    Some(list)
}

/// `lo..=hi`.
fn inclusive_range(s: &str) -> Result<Vec<i64>, String> {
    let bad = || format!("invalid count expression {s}: expected lo..=hi, like -4..=5");
    let (lo, hi) = s.split_once("..=").ok_or_else(bad)?;
    let int = |t: &str| {
        let digits = t.strip_prefix('-').unwrap_or(t);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        t.parse::<i64>().ok()
    };
    let (lo, hi) = (int(lo).ok_or_else(bad)?, int(hi).ok_or_else(bad)?);
    if lo > hi {
        return Err(format!(
            "invalid count range: start {lo} must be <= end {hi}"
        ));
    }
    if hi - lo + 1 > 100 {
        return Err(format!("count range too large: {} > 100", hi - lo + 1));
    }
    Ok((lo..=hi).collect())
}

/// A key as an issue shows it.
pub(super) fn show_key(key: &Value) -> String {
    match key {
        Value::String(s) => s.clone(),
        other => yaml_serde::to_string(other)
            .map(|s| s.trim_end().to_string())
            .unwrap_or_else(|_| format!("{other:?}")),
    }
}
