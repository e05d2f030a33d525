//! The limits of a sinol package's tests as sinol-make reads them
//! (`package_util._get_limit`): `time_limit` and `memory_limit` for every
//! test, `time_limits` and `memory_limits` by group (`2: 60000`) or by
//! single test (`1a: 5000`), and the same keys under `override_limits` of
//! the solutions' language, whose every key beats the package's own. Within
//! one map the most specific wins: the test's, its group's, the package's.
//! Solutions of several languages are each judged under their own
//! language's (`SubmissionLimits`), the package's being the common ones.
//! sinol-make refuses a single test's limit under `sinol_contest_type: oi`
//! unless `sinol_undocumented_test_limits: true`.

use super::build::Overrides;
use super::CONFIG_YML;
use crate::scoring::{GroupMember, Scoring, ScoringError, SubmissionLimits, TestLimits};
use crate::yaml::{self, get, number};
use std::collections::BTreeMap;
use yaml_serde::Value;

/// How specific the key a limit came from is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Scope {
    Package,
    Group,
    Test,
}

/// The package's own limits: milliseconds and KiB, where stated.
pub(super) struct PackageLimits {
    pub time_ms: Option<f64>,
    pub memory_kib: Option<f64>,
    /// Each language's own limits on every test, when the solutions are of
    /// several languages and `override_limits` names this one.
    pub languages: BTreeMap<&'static str, SubmissionLimits>,
}

/// One map's (`config.yml`'s, or its `override_limits` entry's) limit named
/// `name` (`time_limit`; `time_limits` by group or test) for the test
/// `test_id` (`1a`) of `group`, where it states one.
fn from_map(
    map: &Value,
    name: &str,
    test_id: Option<&str>,
    group: Option<u32>,
) -> Result<Option<(f64, Scope)>, ScoringError> {
    let positive = |key: &str, v: &Value| {
        number(v).filter(|x| *x > 0.0).ok_or_else(|| {
            invalid(
                key,
                format!("{v:?}: expected a positive number (ms or KiB)"),
            )
        })
    };
    let plural = format!("{name}s");
    if let Some(by) = get(map, &plural) {
        let Some(by) = by.as_mapping() else {
            return Err(invalid(
                &plural,
                "expected a map of groups (2) or tests (1a) to limits".into(),
            ));
        };
        let find = |key: &str| {
            by.iter()
                .find(|(k, _)| yaml::scalar(k).is_some_and(|k| k == key))
        };
        let group_key = group.map(|g| g.to_string());
        if let Some((_, v)) = test_id
            .filter(|t| Some(t.to_string()) != group_key)
            .and_then(find)
        {
            return Ok(Some((positive(&plural, v)?, Scope::Test)));
        }
        if let Some((_, v)) = group_key.as_deref().and_then(find) {
            return Ok(Some((positive(&plural, v)?, Scope::Group)));
        }
    }
    match get(map, name) {
        Some(v) => Ok(Some((positive(name, v)?, Scope::Package))),
        None => Ok(None),
    }
}

fn invalid(key: &str, reason: String) -> ScoringError {
    ScoringError::Invalid {
        file: CONFIG_YML.into(),
        key: key.into(),
        reason,
    }
}

/// The limit named `name` of a test (or of a group, or of the package, with
/// `test_id` or `group` unknown): `overridden`'s (the language's
/// `override_limits`) where it states one, else `doc`'s.
fn limit(
    doc: &Value,
    overridden: Option<&Value>,
    name: &str,
    test_id: Option<&str>,
    group: Option<u32>,
) -> Result<Option<(f64, Scope)>, ScoringError> {
    if let Some(o) = overridden {
        if let Some(found) = from_map(o, name, test_id, group)? {
            return Ok(Some(found));
        }
    }
    from_map(doc, name, test_id, group)
}

/// Every entry of `time_limits` and `memory_limits` (in `config.yml` and in
/// the language's `override_limits`) read once: a value that is no positive
/// number, or (once the tests exist) a key that names no group and no test,
/// is an error naming it, where a lookup by test would pass it by silently.
fn check_maps(
    maps: &[&Value],
    task: &str,
    tests: &[(u32, String)],
    pending: bool,
) -> Result<(), ScoringError> {
    let names: Vec<String> = tests
        .iter()
        .flat_map(|(group, file)| {
            let id = file
                .trim_end_matches(".in")
                .strip_prefix(task)
                .unwrap_or_default();
            [group.to_string(), id.to_string()]
        })
        .collect();
    for map in maps {
        for plural in ["time_limits", "memory_limits"] {
            let Some(by) = get(map, plural).and_then(Value::as_mapping) else {
                continue;
            };
            for (k, v) in by {
                let key = yaml::scalar(k).unwrap_or_default();
                if number(v).filter(|x| *x > 0.0).is_none() {
                    return Err(invalid(
                        plural,
                        format!("{key}: {v:?}: expected a positive number (ms or KiB)"),
                    ));
                }
                if !pending && !names.contains(&key) {
                    return Err(invalid(
                        plural,
                        format!("{key:?} names no group (2) and no test (1a) of the package"),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A test's (`id`, of `group`, file `file`) time and memory limits under
/// `overridden` (a language's `override_limits`) and the package's; an
/// error where one is a single test's and such are refused.
fn of_test(
    doc: &Value,
    overridden: Option<&Value>,
    (id, group, file): (&str, u32, &str),
    single_allowed: bool,
) -> Result<[Option<(f64, Scope)>; 2], ScoringError> {
    let time = limit(doc, overridden, "time_limit", Some(id), Some(group))?;
    let memory = limit(doc, overridden, "memory_limit", Some(id), Some(group))?;
    let own = |l: Option<(f64, Scope)>| l.is_some_and(|(_, s)| s == Scope::Test);
    if (own(time) || own(memory)) && !single_allowed {
        let key = match own(time) {
            true => "time_limits",
            false => "memory_limits",
        };
        return Err(invalid(
            key,
            format!(
                "in/{file} has a limit of its own, which sinol-make refuses under \
                 sinol_contest_type: oi (unless sinol_undocumented_test_limits: true)"
            ),
        ));
    }
    Ok([time, memory])
}

/// Sets each group's time limit and each test's own limits in `scoring`
/// (`tests`: each test's group and file, in the order of the package's
/// tests) and returns the package's limits, with each language's of
/// `overrides` when the solutions are of several. `pending`: the ingen is
/// still to make the tests, so keys naming groups and tests are not checked
/// yet.
pub(super) fn apply(
    doc: &Value,
    overrides: &Overrides,
    task: &str,
    tests: &[(u32, String)],
    pending: bool,
    scoring: &mut Scoring,
) -> Result<PackageLimits, ScoringError> {
    let (overridden, each) = match overrides {
        Overrides::One(map) => (Some(*map), &[][..]),
        Overrides::Each(each) => (None, &each[..]),
        Overrides::None => (None, &[][..]),
    };
    let maps: Vec<&Value> = overridden
        .into_iter()
        .chain(each.iter().map(|(_, map)| *map))
        .chain([doc])
        .collect();
    check_maps(&maps, task, tests, pending)?;
    let value = |found: Option<(f64, Scope)>| found.map(|(v, _)| v);
    let mut package = PackageLimits {
        time_ms: value(limit(doc, overridden, "time_limit", None, None)?),
        memory_kib: value(limit(doc, overridden, "memory_limit", None, None)?),
        languages: BTreeMap::new(),
    };
    let mut groups = Vec::new();
    for item in scoring.root.items.iter_mut() {
        let GroupMember::Group(group) = item else {
            continue;
        };
        let number = group.name.parse::<u32>().ok();
        group.time_limit = match limit(doc, overridden, "time_limit", None, number)? {
            Some((ms, Scope::Group)) => Some(ms / 1000.0),
            _ => None,
        };
        // A new test of the group (harden's) has no key of its own: its
        // group's memory where that differs from the package's.
        let memory = limit(doc, overridden, "memory_limit", None, number)?
            .filter(|(kib, s)| *s == Scope::Group && Some(*kib) != package.memory_kib);
        if let Some((kib, _)) = memory {
            let own = TestLimits {
                time: None,
                memory_mib: Some(mib(kib)),
            };
            scoring.new_test_limits.insert(group.name.clone(), own);
        }
        groups.push((group.name.clone(), number));
    }
    let contest = get(doc, "sinol_contest_type").and_then(yaml::scalar);
    let undocumented = get(doc, "sinol_undocumented_test_limits")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let single_allowed = undocumented || contest.as_deref() != Some("oi");
    let id_of = |file: &str| {
        file.trim_end_matches(".in")
            .strip_prefix(task)
            .unwrap_or_default()
            .to_string()
    };
    let mut own = BTreeMap::new();
    for (index, (group, file)) in tests.iter().enumerate() {
        let id = id_of(file);
        let [time, memory] = of_test(doc, overridden, (&id, *group, file), single_allowed)?;
        let limits = TestLimits {
            // Group 0 (the examples) is no scored group: its group's limit is
            // kept as the test's.
            time: time
                .filter(|(_, s)| *s == Scope::Test || *group == 0 && *s == Scope::Group)
                .map(|(ms, _)| ms / 1000.0),
            memory_mib: memory
                .filter(|(kib, _)| Some(*kib) != package.memory_kib)
                .map(|(kib, _)| mib(kib)),
        };
        if limits != TestLimits::default() {
            own.insert(index, limits);
        }
    }
    scoring.test_limits = own;
    for (language, map) in each {
        let mut resolved = Vec::new();
        for (group, file) in tests {
            let id = id_of(file);
            let [time, memory] = of_test(doc, Some(map), (&id, *group, file), single_allowed)?;
            resolved.push(TestLimits {
                time: value(time).map(|ms| ms / 1000.0),
                memory_mib: value(memory).map(mib),
            });
        }
        // A new test in each group, and in none, under this language's.
        let new_test = |group: Option<u32>| -> Result<TestLimits, ScoringError> {
            Ok(TestLimits {
                time: value(limit(doc, Some(map), "time_limit", None, group)?)
                    .map(|ms| ms / 1000.0),
                memory_mib: value(limit(doc, Some(map), "memory_limit", None, group)?).map(mib),
            })
        };
        let mut in_groups = BTreeMap::new();
        for (name, number) in &groups {
            in_groups.insert(name.clone(), new_test(*number)?);
        }
        let limits = SubmissionLimits {
            origin: format!("override_limits: {language}"),
            tests: resolved,
            groups: in_groups,
            elsewhere: new_test(None)?,
        };
        package.languages.insert(language, limits);
    }
    Ok(package)
}

/// KiB as whole MiB, rounded up (jurybox limits memory in MiB).
pub(super) fn mib(kib: f64) -> u64 {
    (kib / 1024.0).ceil() as u64
}
