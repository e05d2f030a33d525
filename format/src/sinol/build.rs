//! What `config.yml` says of building and limiting a sinol package's
//! solutions beyond the limits themselves: the files built beside each
//! (`extra_compilation_files`, `extra_compilation_args`,
//! `extra_execution_files`) and the limits of one language
//! (`override_limits`).

use super::{sinol_language, CONFIG_YML};
use crate::submissions::Submission;
use crate::yaml::{self, get};
use crate::Issue;
use yaml_serde::Value;

/// The file names `config.yml` gives a solution's build: the list
/// `extra_compilation_files` and each language's list of
/// `extra_compilation_args` and `extra_execution_files`.
pub(super) fn extra_files(doc: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |v: &Value| {
        for name in v
            .as_sequence()
            .into_iter()
            .flatten()
            .filter_map(yaml::scalar)
        {
            if !out.contains(&name) {
                out.push(name);
            }
        }
    };
    if let Some(list) = get(doc, "extra_compilation_files") {
        add(list);
    }
    for key in ["extra_compilation_args", "extra_execution_files"] {
        for (_, list) in get(doc, key)
            .and_then(Value::as_mapping)
            .into_iter()
            .flatten()
        {
            add(list);
        }
    }
    out
}

/// `override_limits`' entry for the one language of every solution, whose
/// keys then beat the package's own (`limits.rs`; jurybox judges every
/// solution under one set of limits, so solutions of several languages
/// keep the common ones, said).
pub(super) fn override_limits<'a>(
    doc: &'a Value,
    submissions: &[Submission],
    issues: &mut Vec<Issue>,
) -> Option<&'a Value> {
    let overrides = get(doc, "override_limits")?;
    let mut languages: Vec<&str> = submissions
        .iter()
        .filter_map(|s| sinol_language(&s.name))
        .collect();
    languages.sort();
    languages.dedup();
    let of = |l: &str| get(overrides, l);
    match languages[..] {
        [one] => of(one),
        _ if languages.iter().any(|l| of(l).is_some()) => {
            issues.push(Issue::new(
                CONFIG_YML,
                format!("override_limits not applied: the solutions are of several languages ({}), and jurybox judges them under one limit", languages.join(", ")),
            ));
            None
        }
        _ => None,
    }
}
