//! A Kattis package's scoring: the legacy layout's tree of `testdata.yaml`
//! groups, each key inherited from the nearest ancestor that sets it and
//! problem.yaml's deprecated `grading:` keys over all (as problemtools reads
//! them), or the 2025-09 test data groups of `data/secret/` (`max_score`,
//! `score_aggregation`, `require_pass`; the 2023-07 draft's `scoring: {score,
//! aggregation}` too); and what its submissions are expected to score.

mod expected;

use super::{
    Aggregation, GradeRule, Grader, Group, GroupMember, Requires, ScoreMode, Scoring, ScoringError,
    TestScoring, VerdictMode, KATTIS_SAMPLE,
};
use crate::layout::{DATA, PROBLEM_YAML, TESTDATA_YAML, TEST_GROUP_YAML};
use crate::yaml::{self, get, number, words};
use crate::{Data, Format, Issue, PackageError, ProblemConfig, Settings, Submission};
use expected::expectations;
use std::collections::BTreeMap;
use std::path::Path;
use yaml_serde::Value;

/// The scoring of a Kattis package of type `scoring` (`None` for pass-fail).
pub fn read(
    dir: &Path,
    config: &ProblemConfig,
    data: &Data,
    submissions: &[Submission],
    issues: &mut Vec<Issue>,
) -> Result<Option<Scoring>, ScoringError> {
    if !config.kind.scoring {
        return Ok(None);
    }
    let mut scoring = match config.format {
        Format::Legacy => legacy(dir, data, issues)?,
        Format::V2025 => v2025(dir, data, issues)?,
    };
    scoring.expectations = expectations(dir, &scoring, config, submissions, issues)?;
    Ok(Some(scoring))
}

/// The settings file of a directory of `data/` (either name), as a value.
fn settings_doc(
    dir: &Path,
    shown: &str,
    issues: &mut Vec<Issue>,
) -> Result<Option<Value>, ScoringError> {
    for f in [TESTDATA_YAML, TEST_GROUP_YAML] {
        let (path, file) = (dir.join(f), format!("{shown}/{f}"));
        // A group's file that is not YAML would be read as if it stated
        // nothing, and its points or aggregation lost: the scores would be
        // wrong, or an error would blame the sum above it. So it is the
        // error, with YAML's line and column (a key set twice stays a note,
        // the last one used, as problemtools reads it).
        if let Err(PackageError::Yaml { reason, .. }) = yaml::read(&path) {
            if !reason.contains("duplicate") {
                return Err(ScoringError::Invalid {
                    file,
                    key: "the whole file".into(),
                    reason: format!("not YAML: {reason}"),
                });
            }
        }
        if let Some(doc) = yaml::read_or_note(&path, &file, issues) {
            return Ok(Some(doc));
        }
    }
    Ok(None)
}

/// A range `A B` ("inf", "-inf", "+inf" allowed).
fn range(text: &str, file: &str) -> Result<(f64, f64), ScoringError> {
    let parse = |w: &str| match w {
        "inf" | "+inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        other => other.parse::<f64>().ok(),
    };
    let parts: Vec<Option<f64>> = text.split_whitespace().map(parse).collect();
    match parts.as_slice() {
        [Some(a), Some(b)] if a <= b => Ok((*a, *b)),
        _ => Err(ScoringError::Invalid {
            file: file.into(),
            key: "range".into(),
            reason: format!("'{text}': expected two numbers, the least first (0 100)"),
        }),
    }
}

/// A legacy group's keys as problemtools reads them, inherited.
#[derive(Clone)]
struct Legacy {
    keys: BTreeMap<String, Value>,
    /// The file that set `range` last, for messages.
    range_file: String,
}

impl Legacy {
    fn text(&self, key: &str, default: &str) -> String {
        self.keys
            .get(key)
            .and_then(yaml::scalar)
            .unwrap_or_else(|| default.to_string())
    }

    fn number(&self, key: &str, default: f64, file: &str) -> Result<f64, ScoringError> {
        match self.keys.get(key) {
            None => Ok(default),
            Some(v) => number(v).ok_or_else(|| ScoringError::Invalid {
                file: file.into(),
                key: key.into(),
                reason: format!("{v:?} is not a number"),
            }),
        }
    }

    fn grader(&self, file: &str) -> Result<Grader, ScoringError> {
        let flags = self.text("grader_flags", "");
        let mut grader = Grader {
            verdict_mode: VerdictMode::WorstError,
            score_mode: ScoreMode::Sum,
            ignore_sample: false,
            accept_if_any_accepted: false,
            break_on_reject: self.text("on_reject", "break") != "continue",
            reject_score: self.number("reject_score", 0.0, file)?,
        };
        // As the default grader reads its arguments: the last mode wins.
        for flag in flags.split_whitespace() {
            match flag {
                "worst_error" | "no_errors" => grader.verdict_mode = VerdictMode::WorstError,
                "first_error" => grader.verdict_mode = VerdictMode::FirstError,
                "always_accept" => grader.verdict_mode = VerdictMode::AlwaysAccept,
                "sum" => grader.score_mode = ScoreMode::Sum,
                "avg" => grader.score_mode = ScoreMode::Avg,
                "min" => grader.score_mode = ScoreMode::Min,
                "max" => grader.score_mode = ScoreMode::Max,
                "ignore_sample" => grader.ignore_sample = true,
                "accept_if_any_accepted" => grader.accept_if_any_accepted = true,
                _ => {}
            }
        }
        Ok(grader)
    }
}

/// The most a legacy group can score: its children's, as its grader adds
/// them (`None` where unbounded).
fn attainable(group: &Group) -> Option<f64> {
    let Aggregation::Grader(grader) = &group.aggregation else {
        return group.points;
    };
    let mut maxima: Vec<Option<f64>> = group
        .items
        .iter()
        .map(|i| match i {
            GroupMember::Test { points, .. } => Some(*points),
            GroupMember::Group(g) => attainable(g),
        })
        .collect();
    if grader.ignore_sample && maxima.len() == 2 {
        maxima.remove(0);
    }
    let known: Option<Vec<f64>> = maxima.into_iter().collect();
    let known = known?;
    if known.is_empty() {
        return Some(0.0);
    }
    Some(match grader.score_mode {
        ScoreMode::Sum => known.iter().sum(),
        ScoreMode::Avg => known.iter().sum::<f64>() / known.len() as f64,
        ScoreMode::Min => known.iter().copied().fold(f64::INFINITY, f64::min),
        ScoreMode::Max => known.iter().copied().fold(f64::NEG_INFINITY, f64::max),
    })
}

/// The groups and tests under `data/`, by path.
struct Tree<'a> {
    data: &'a Data,
    root: &'a Path,
    overrides: BTreeMap<String, Value>,
}

impl Tree<'_> {
    /// The legacy group of directory `name` under the package (`data`,
    /// `data/secret/group1`).
    fn legacy_group(
        &self,
        name: &str,
        parent: &Legacy,
        issues: &mut Vec<Issue>,
    ) -> Result<Group, ScoringError> {
        let file = format!("{name}/{TESTDATA_YAML}");
        let mut keys = parent.clone();
        if let Some(Value::Mapping(map)) = settings_doc(&self.root.join(name), name, issues)? {
            for (k, v) in map {
                if let Some(k) = yaml::scalar(&k) {
                    if k == "range" {
                        keys.range_file = file.clone();
                    }
                    keys.keys.insert(k, v);
                }
            }
        }
        for (k, v) in &self.overrides {
            keys.keys.insert(k.clone(), v.clone());
        }
        let (_, most) = range(&keys.text("range", "-inf +inf"), &keys.range_file)?;
        let accept = keys.number("accept_score", 1.0, &file)?;
        let under = name
            .strip_prefix(DATA)
            .unwrap_or(name)
            .trim_start_matches('/');
        let mut items: Vec<(String, GroupMember)> = Vec::new();
        for (index, test) in self.data.tests.iter().enumerate() {
            let Some(rest) = test
                .name
                .strip_prefix(under)
                .map(|r| r.trim_start_matches('/'))
            else {
                continue;
            };
            if !under.is_empty() && !test.name.starts_with(&format!("{under}/")) {
                continue;
            }
            match rest.split_once('/') {
                None => items.push((
                    format!("{rest}.ans"),
                    GroupMember::Test {
                        index,
                        points: accept,
                    },
                )),
                Some((sub, _)) => {
                    if !items
                        .iter()
                        .any(|(k, i)| k == sub && matches!(i, GroupMember::Group(_)))
                    {
                        let child = self.legacy_group(&format!("{name}/{sub}"), &keys, issues)?;
                        items.push((sub.to_string(), GroupMember::Group(Box::new(child))));
                    }
                }
            }
        }
        items.sort_by(|a, b| a.0.cmp(&b.0));
        let group = Group {
            name: under.to_string(),
            origin: file.clone(),
            points: most.is_finite().then_some(most),
            aggregation: Aggregation::Grader(keys.grader(&file)?),
            items: items.into_iter().map(|(_, i)| i).collect(),
            requires: Vec::new(),
            time_limit: None,
            settings: group_settings(self.data, under),
        };
        if let (Some(stated), Some(sum)) = (group.points, attainable(&group)) {
            if (stated - sum).abs() > 1e-6 && !group.items.is_empty() {
                return Err(ScoringError::PointsDoNotAddUp {
                    file: keys.range_file.clone(),
                    stated_by: format!("range (of {})", display_name(&group.name)),
                    total: stated,
                    sum,
                });
            }
        }
        Ok(group)
    }
}

fn display_name(name: &str) -> &str {
    if name.is_empty() {
        DATA
    } else {
        name
    }
}

/// The settings a new test of group `under` would get: its first test's.
fn group_settings(data: &Data, under: &str) -> Settings {
    data.tests
        .iter()
        .find(|t| t.name.starts_with(&format!("{under}/")))
        .map(|t| t.settings.clone())
        .unwrap_or_default()
}

fn legacy(dir: &Path, data: &Data, issues: &mut Vec<Issue>) -> Result<Scoring, ScoringError> {
    let problem = yaml::read(&dir.join(PROBLEM_YAML)).ok().flatten();
    let grading = problem.as_ref().and_then(|p| get(p, "grading"));
    let mut overrides = BTreeMap::new();
    for key in ["accept_score", "reject_score", "range"] {
        if let Some(v) = grading.and_then(|g| get(g, key)) {
            overrides.insert(key.to_string(), v.clone());
        }
    }
    match grading
        .and_then(|g| get(g, "on_reject"))
        .and_then(yaml::scalar)
        .as_deref()
    {
        Some("first_error") => {
            overrides.insert("on_reject".into(), Value::from("break"));
        }
        Some("grade") => {
            overrides.insert("on_reject".into(), Value::from("continue"));
        }
        _ => {}
    }
    let minimize = grading
        .and_then(|g| get(g, "objective"))
        .and_then(yaml::scalar)
        .is_some_and(|o| o == "min");
    let tree = Tree {
        data,
        root: dir,
        overrides,
    };
    let top = Legacy {
        keys: BTreeMap::new(),
        range_file: format!("{DATA}/{TESTDATA_YAML}"),
    };
    let root = tree.legacy_group(DATA, &top, issues)?;
    let least = {
        let mut keys = top.clone();
        if let Some(Value::Mapping(map)) = settings_doc(&dir.join(DATA), DATA, &mut Vec::new())? {
            for (k, v) in map {
                if let Some(k) = yaml::scalar(&k) {
                    keys.keys.insert(k, v);
                }
            }
        }
        range(&keys.text("range", "-inf +inf"), &keys.range_file)?.0
    };
    let best = match minimize {
        true => least.is_finite().then_some(least),
        false => root.points,
    };
    Ok(Scoring {
        root,
        unscored: Vec::new(),
        requires: Requires::PassAll,
        grades: GradeRule::First,
        test_scoring: TestScoring::Full,
        best,
        expectations: Vec::new(),
        test_limits: Default::default(),
        new_test_limits: Default::default(),
        submission_limits: Default::default(),
    })
}

/// 2025-09: "Each group mentioned under `require_pass` must have
/// `pass-fail` aggregation": a group of `sum` or `min` has no one moment of
/// being passed that another group could wait for.
fn required_groups_pass_fail(items: &[GroupMember]) -> Result<(), ScoringError> {
    let groups: Vec<&Group> = items
        .iter()
        .filter_map(|i| match i {
            GroupMember::Group(g) => Some(g.as_ref()),
            GroupMember::Test { .. } => None,
        })
        .collect();
    for g in &groups {
        for r in &g.requires {
            if let Some(required) = groups.iter().find(|o| &o.name == r) {
                if required.aggregation != Aggregation::PassFail {
                    return Err(ScoringError::Invalid {
                        file: g.origin.clone(),
                        key: "require_pass".into(),
                        reason: format!(
                            "'{r}' aggregates its tests by {}: a group named in require_pass must have pass-fail aggregation (2025-09)",
                            match required.aggregation {
                                Aggregation::Sum => "sum",
                                _ => "min",
                            }
                        ),
                    });
                }
            }
        }
    }
    Ok(())
}

/// A 2025-09 group's keys (or the 2023-07 draft's `scoring:` map).
fn v2025_keys(doc: &Value) -> (Option<&Value>, Option<&Value>, Option<&Value>) {
    let draft = get(doc, "scoring");
    (
        get(doc, "max_score").or_else(|| draft.and_then(|d| get(d, "score"))),
        get(doc, "score_aggregation").or_else(|| draft.and_then(|d| get(d, "aggregation"))),
        get(doc, "require_pass"),
    )
}

fn max_score(
    value: Option<&Value>,
    default: Option<f64>,
    file: &str,
) -> Result<Option<f64>, ScoringError> {
    match value {
        None => Ok(default),
        Some(v) if v.as_str() == Some("unbounded") => Ok(None),
        Some(v) => match number(v) {
            Some(x) if x >= 0.0 => Ok(Some(x)),
            _ => Err(ScoringError::Invalid {
                file: file.into(),
                key: "max_score".into(),
                reason: format!("{v:?}: expected a non-negative number or unbounded"),
            }),
        },
    }
}

fn aggregation(
    value: Option<&Value>,
    default: Aggregation,
    file: &str,
) -> Result<Aggregation, ScoringError> {
    match value.and_then(yaml::scalar).as_deref() {
        None => Ok(default),
        Some("pass-fail") => Ok(Aggregation::PassFail),
        Some("sum") => Ok(Aggregation::Sum),
        Some("min") => Ok(Aggregation::Min {
            ceil_percent: false,
        }),
        Some(other) => Err(ScoringError::Invalid {
            file: file.into(),
            key: "score_aggregation".into(),
            reason: format!("'{other}': expected pass-fail, sum or min"),
        }),
    }
}

/// Tests' points in a group of `points` aggregated by `how` over `n` tests.
fn test_points(how: &Aggregation, points: Option<f64>, n: usize) -> f64 {
    let points = points.unwrap_or(0.0);
    match how {
        Aggregation::Sum if n > 0 => points / n as f64,
        _ => points,
    }
}

fn v2025(dir: &Path, data: &Data, issues: &mut Vec<Issue>) -> Result<Scoring, ScoringError> {
    let secret = dir.join(DATA).join("secret");
    let root_file = format!("{DATA}/secret/{TEST_GROUP_YAML}");
    let doc = settings_doc(&secret, "data/secret", issues)?.unwrap_or(Value::Null);
    let (max, how, root_requires) = v2025_keys(&doc);
    let root_points = max_score(max, Some(100.0), &root_file)?;
    let root_requires = root_requires.and_then(words).unwrap_or_default();
    if let Some(other) = root_requires.iter().find(|r| *r != KATTIS_SAMPLE) {
        return Err(ScoringError::Invalid {
            file: root_file,
            key: "require_pass".into(),
            reason: format!("'{other}': secret may require only sample (2025-09)"),
        });
    }
    let root_how = aggregation(how, Aggregation::Sum, &root_file)?;
    let mut groups: Vec<String> = std::fs::read_dir(&secret)
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.join(TEST_GROUP_YAML).is_file() || p.join(TESTDATA_YAML).is_file())
                .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    groups.sort();
    let secret_tests: Vec<usize> = (0..data.tests.len())
        .filter(|&i| !data.tests[i].sample)
        .collect();
    let unscored: Vec<usize> = (0..data.tests.len())
        .filter(|&i| data.tests[i].sample)
        .collect();
    let mut items = Vec::new();
    if groups.is_empty() {
        let points = test_points(&root_how, root_points, secret_tests.len());
        items.extend(
            secret_tests
                .iter()
                .map(|&index| GroupMember::Test { index, points }),
        );
    } else {
        let names: Vec<String> = groups.iter().map(|g| format!("secret/{g}")).collect();
        if let Some(&stray) = secret_tests.iter().find(|&&i| {
            !names
                .iter()
                .any(|n| data.tests[i].name.starts_with(&format!("{n}/")))
        }) {
            return Err(ScoringError::TestInNoGroup {
                file: root_file,
                test: data.tests[stray].name.clone(),
                groups: names.join(", "),
            });
        }
        for name in &names {
            items.push(GroupMember::Group(Box::new(v2025_group(
                dir,
                name,
                data,
                root_points,
                &names,
                issues,
            )?)));
        }
        required_groups_pass_fail(&items)?;
    }
    let root = Group {
        name: "secret".into(),
        origin: root_file.clone(),
        points: root_points,
        aggregation: root_how.clone(),
        items,
        requires: root_requires,
        time_limit: None,
        settings: group_settings(data, "secret"),
    };
    if let (Some(total), Aggregation::Sum, false) = (root.points, &root_how, groups.is_empty()) {
        let sum: f64 = root
            .items
            .iter()
            .filter_map(|i| match i {
                GroupMember::Group(g) => g.points,
                GroupMember::Test { .. } => None,
            })
            .sum();
        if (sum - total).abs() > 1e-6 {
            return Err(ScoringError::PointsDoNotAddUp {
                file: root_file,
                stated_by: "max_score".into(),
                total,
                sum,
            });
        }
    }
    Ok(Scoring {
        best: root.points,
        root,
        unscored,
        requires: Requires::PassAll,
        grades: GradeRule::First,
        test_scoring: TestScoring::Full,
        expectations: Vec::new(),
        test_limits: Default::default(),
        new_test_limits: Default::default(),
        submission_limits: Default::default(),
    })
}

fn v2025_group(
    dir: &Path,
    name: &str,
    data: &Data,
    secret_points: Option<f64>,
    names: &[String],
    issues: &mut Vec<Issue>,
) -> Result<Group, ScoringError> {
    let file = format!("{DATA}/{name}/{TEST_GROUP_YAML}");
    let doc = settings_doc(
        &dir.join(DATA).join(name),
        &format!("{DATA}/{name}"),
        issues,
    )?
    .unwrap_or(Value::Null);
    let (max, how, requires) = v2025_keys(&doc);
    let points = max_score(max, None, &file)?;
    if points.is_none() && secret_points.is_some() {
        return Err(ScoringError::Invalid {
            file,
            key: "max_score".into(),
            reason: "a group of a bounded secret must state its max_score (2025-09: unbounded only where secret is)".into(),
        });
    }
    let how = aggregation(how, Aggregation::PassFail, &file)?;
    let requires = requires.and_then(words).unwrap_or_default();
    if let Some(unknown) = requires
        .iter()
        .find(|r| *r != KATTIS_SAMPLE && !names.contains(r))
    {
        return Err(ScoringError::Invalid {
            file,
            key: "require_pass".into(),
            reason: format!(
                "'{unknown}' is no group (groups: sample, {})",
                names.join(", ")
            ),
        });
    }
    let tests: Vec<usize> = (0..data.tests.len())
        .filter(|&i| data.tests[i].name.starts_with(&format!("{name}/")))
        .collect();
    let each = test_points(&how, points, tests.len());
    Ok(Group {
        name: name.to_string(),
        origin: file,
        points,
        aggregation: how,
        items: tests
            .iter()
            .map(|&index| GroupMember::Test {
                index,
                points: each,
            })
            .collect(),
        requires,
        time_limit: None,
        settings: group_settings(data, name),
    })
}
