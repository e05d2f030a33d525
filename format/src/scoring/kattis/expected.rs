//! What a Kattis package's submissions are expected to score: its own
//! module because the expectations (submissions.yaml's `score` keys,
//! `@EXPECTED_SCORE@`, `@EXPECTED_GRADES@`) are read the same way for both
//! scoring layouts its parent reads, once their groups are known.

use super::super::{
    expected_grades, expected_score_line, Expectation, GroupExpectation, ScoreRule, Scoring,
    ScoringError,
};
use crate::layout::{SUBMISSIONS, SUBMISSIONS_YAML};
use crate::yaml::{self, get, number};
use crate::{glob, Format, Issue, ProblemConfig, Submission};
use std::path::Path;
use yaml_serde::Value;

/// What each submission is expected to score.
pub(super) fn expectations(
    dir: &Path,
    scoring: &Scoring,
    config: &ProblemConfig,
    submissions: &[Submission],
    issues: &mut Vec<Issue>,
) -> Result<Vec<Expectation>, ScoringError> {
    let yaml_file = format!("{SUBMISSIONS}/{SUBMISSIONS_YAML}");
    let listed = yaml::read(&dir.join(SUBMISSIONS).join(SUBMISSIONS_YAML))
        .ok()
        .flatten();
    let secret_groups: Vec<String> = scoring
        .subtasks()
        .iter()
        .filter(|g| g.name.starts_with("secret/"))
        .map(|g| g.name.clone())
        .collect();
    let mut out = Vec::new();
    for s in submissions {
        let file = format!("{SUBMISSIONS}/{}", s.name);
        let mut expectation = Expectation {
            submission: s.name.clone(),
            origin: format!("the {}/ directory", s.category),
            score: None,
            groups: Vec::new(),
        };
        if s.is_accepted() {
            expectation.score = Some(ScoreRule::Full);
        } else if config.format == Format::Legacy {
            expectation.score = ScoreRule::of_legacy_directory(&s.category);
        }
        if let Some(score) = expected_score_line(&s.path) {
            let score = score.map_err(|reason| ScoringError::Invalid {
                file: file.clone(),
                key: "@EXPECTED_SCORE@".into(),
                reason,
            })?;
            expectation.score = Some(ScoreRule::Exactly(score));
            expectation.origin = format!("@EXPECTED_SCORE@ in {file}");
        }
        if let Some(grades) = expected_grades(&s.path) {
            let grades = grades.map_err(|reason| ScoringError::Invalid {
                file: file.clone(),
                key: "@EXPECTED_GRADES@".into(),
                reason,
            })?;
            if s.is_accepted() {
                issues.push(Issue::new(&file, "an accepted submission's @EXPECTED_GRADES@ is ignored (it must be AC everywhere), as analyzetestgroups.py ignores it".into()));
            } else {
                if grades.len() > secret_groups.len() {
                    return Err(ScoringError::UnknownGroup {
                        file,
                        submission: s.name.clone(),
                        group: format!(
                            "secret group {} of @EXPECTED_GRADES@",
                            secret_groups.len() + 1
                        ),
                        known: secret_groups.join(", "),
                    });
                }
                if grades.len() < secret_groups.len() {
                    return Err(ScoringError::Invalid {
                        file,
                        key: "@EXPECTED_GRADES@".into(),
                        reason: format!(
                            "{} grades for {} secret groups ({}): one grade per group",
                            grades.len(),
                            secret_groups.len(),
                            secret_groups.join(", ")
                        ),
                    });
                }
                for (group, grade) in secret_groups.iter().zip(grades) {
                    expectation.groups.push(GroupExpectation {
                        group: group.clone(),
                        origin: format!("@EXPECTED_GRADES@ in {file}"),
                        grades: Some([grade].into()),
                        score: None,
                    });
                }
            }
        }
        if let Some(Value::Mapping(map)) = &listed {
            yaml_scores(map, s, scoring, &yaml_file, &mut expectation)?;
        }
        if expectation.score.is_some() || !expectation.groups.is_empty() {
            out.push(expectation);
        }
    }
    Ok(out)
}

/// A `score:` of submissions.yaml: a number or `[least, most]`.
fn score_rule(value: &Value, file: &str) -> Result<ScoreRule, ScoringError> {
    let bad = || ScoringError::Invalid {
        file: file.into(),
        key: "score".into(),
        reason: format!("{value:?}: expected a number or a list of two numbers"),
    };
    match value {
        Value::Sequence(pair) => match pair.as_slice() {
            [a, b] => match (number(a), number(b)) {
                (Some(a), Some(b)) if a <= b => Ok(ScoreRule::Between(a, b)),
                _ => Err(bad()),
            },
            _ => Err(bad()),
        },
        other => number(other).map(ScoreRule::Exactly).ok_or_else(bad),
    }
}

/// submissions.yaml's `score` keys for `s`: the whole's, and each group's.
fn yaml_scores(
    map: &yaml_serde::Mapping,
    s: &Submission,
    scoring: &Scoring,
    file: &str,
    expectation: &mut Expectation,
) -> Result<(), ScoringError> {
    for (key, value) in map {
        let Some(pattern) = yaml::scalar(key) else {
            continue;
        };
        if !glob::matches(&pattern, &s.name) {
            continue;
        }
        if let Some(score) = get(value, "score") {
            expectation.score = Some(score_rule(score, file)?);
            expectation.origin = format!("{file} '{pattern}'");
        }
        let Value::Mapping(inner) = value else {
            continue;
        };
        for (group, keys) in inner {
            let Some(group) = yaml::scalar(group) else {
                continue;
            };
            let Some(score) = get(keys, "score") else {
                continue;
            };
            if scoring.group(&group).is_none() {
                return Err(ScoringError::UnknownGroup {
                    file: file.into(),
                    submission: s.name.clone(),
                    group,
                    known: scoring.group_names(),
                });
            }
            expectation.groups.push(GroupExpectation {
                group: group.clone(),
                origin: format!("{file} '{pattern}' {group}"),
                grades: None,
                score: Some(score_rule(score, file)?),
            });
        }
    }
    Ok(())
}
