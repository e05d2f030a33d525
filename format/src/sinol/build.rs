//! What `config.yml` says of building and limiting a sinol package's
//! solutions beyond the limits themselves: the files built beside each
//! (`extra_compilation_files`, `extra_compilation_args`,
//! `extra_execution_files`) and the limits of one language
//! (`override_limits`).

use super::sinol_language;
use crate::submissions::Submission;
use crate::yaml::{self, get};
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

/// Which of `override_limits`' entries judge a package's solutions.
pub(super) enum Overrides<'a> {
    /// None: no entry names a solution's language.
    None,
    /// Every solution is of one language, whose entry's keys then beat the
    /// package's own for every test (`limits.rs`).
    One(&'a Value),
    /// The solutions are of several languages: each language with an entry
    /// (`py`) and that entry; its solutions are judged under their own
    /// limits, the others under the package's.
    Each(Vec<(&'static str, &'a Value)>),
}

/// `override_limits`' entries for the languages of the package's solutions.
pub(super) fn override_limits<'a>(doc: &'a Value, submissions: &[Submission]) -> Overrides<'a> {
    let Some(overrides) = get(doc, "override_limits") else {
        return Overrides::None;
    };
    let mut languages: Vec<&'static str> = submissions
        .iter()
        .filter_map(|s| sinol_language(&s.name))
        .collect();
    languages.sort();
    languages.dedup();
    let of = |l: &str| get(overrides, l);
    match languages[..] {
        [one] => of(one).map_or(Overrides::None, Overrides::One),
        _ => {
            let each: Vec<_> = languages
                .iter()
                .filter_map(|l| Some((*l, of(l)?)))
                .collect();
            match each.is_empty() {
                true => Overrides::None,
                false => Overrides::Each(each),
            }
        }
    }
}
