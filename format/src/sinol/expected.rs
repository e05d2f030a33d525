//! What a sinol package's `config.yml` expects of its solutions
//! (`sinol_expected_scores`: per solution and group a status and points, and
//! a total), read into the model's expectations; and `prog/other/`, where
//! jurybox's convert keeps the solutions nothing is stated of.

use super::CONFIG_YML;
use crate::layout::Category;
use crate::scoring::{Expectation, GroupExpectation, ScoreRule, Scoring, ScoringError, SAMPLES};
use crate::submissions::{Submission, Verdict};
use crate::yaml::{self, get, number};
use crate::Issue;
use std::path::{Path, PathBuf};
use yaml_serde::Value;

/// The sinol status as the judges' verdict (`ML` is a run-time error there).
fn status(text: &str) -> Option<Verdict> {
    Some(match text {
        "OK" => Verdict::AC,
        "WA" => Verdict::WA,
        "TL" | "TLE" => Verdict::TLE,
        "ML" | "MLE" | "RE" => Verdict::RTE,
        _ => return None,
    })
}

/// The expected scores of a solution, `sinol_expected_scores.NAME`.
pub(super) fn expected_of<'a>(doc: &'a Value, file: &str) -> Option<&'a Value> {
    get(doc, "sinol_expected_scores").and_then(|e| get(e, file))
}

/// Whether `sinol_expected_scores` gives `file` full marks with every group OK.
pub(super) fn expected_full(doc: &Value, file: &str, scoring: &Scoring) -> bool {
    let Some(e) = expected_of(doc, file) else {
        return false;
    };
    let points = get(e, "points").and_then(number);
    points.is_some() && points == scoring.best
}

/// The sources of `prog/other/`, which sinol-make does not run (jurybox's
/// convert keeps there a solution whose status config.yml cannot state in
/// every group sinol-make runs): run and shown, nothing checked.
pub(super) fn unjudged(dir: &Path, issues: &mut Vec<Issue>) -> Vec<Submission> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir.join("prog").join("other"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| {
        p.is_file()
            && p.file_name()
                .and_then(|n| jurybox_languages::Language::of_file(&n.to_string_lossy()))
                .is_some()
    });
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let name = format!(
                "prog/other/{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            );
            issues.push(Issue::new(
                &name,
                "not run by sinol-make (prog/other/): its score is shown, not checked".into(),
            ));
            Submission {
                name,
                path,
                category: Category::Other("prog".into()),
                rules: Vec::new(),
                expected_results: None,
                entrypoint: None,
                language: None,
            }
        })
        .collect()
}

pub(super) fn expectations(
    doc: &Value,
    scoring: &Scoring,
    submissions: &[Submission],
    issues: &mut Vec<Issue>,
) -> Result<Vec<Expectation>, ScoringError> {
    let mut out = Vec::new();
    let Some(all) = get(doc, "sinol_expected_scores").and_then(Value::as_mapping) else {
        return Ok(out);
    };
    for (file, entry) in all {
        let Some(file) = yaml::scalar(file) else {
            continue;
        };
        let name = format!("prog/{file}");
        if !submissions.iter().any(|s| s.name == name) {
            issues.push(Issue::new(
                CONFIG_YML,
                format!("sinol_expected_scores names {file}, which prog/ does not have"),
            ));
            continue;
        }
        let origin = format!("{CONFIG_YML}: sinol_expected_scores: {file}");
        let mut expectation = Expectation {
            submission: name.clone(),
            origin: origin.clone(),
            score: get(entry, "points")
                .and_then(number)
                .map(ScoreRule::Exactly),
            groups: Vec::new(),
        };
        for (group, result) in get(entry, "expected")
            .and_then(Value::as_mapping)
            .into_iter()
            .flatten()
        {
            let Some(mut group) = yaml::scalar(group) else {
                continue;
            };
            let stated_origin = format!("{origin} group {group}");
            // Group 0, the examples without points (sinol-make states it):
            // judged as the samples.
            if group == "0" && scoring.group("0").is_none() && !scoring.unscored.is_empty() {
                group = SAMPLES.into();
            }
            if scoring.group(&group).is_none() && group != SAMPLES {
                return Err(ScoringError::UnknownGroup {
                    file: CONFIG_YML.into(),
                    submission: name.clone(),
                    group,
                    known: scoring.group_names(),
                });
            }
            let grade = get(result, "status").and_then(yaml::scalar);
            let grades = match grade.as_deref().map(|s| (s, status(s))) {
                Some((_, Some(v))) => Some([v].into()),
                Some((other, None)) => {
                    issues.push(Issue::new(
                        CONFIG_YML,
                        format!("{file} group {group}: status {other} is not checked"),
                    ));
                    None
                }
                None => None,
            };
            expectation.groups.push(GroupExpectation {
                group: group.clone(),
                origin: stated_origin,
                grades,
                score: get(result, "points")
                    .and_then(number)
                    .map(ScoreRule::Exactly),
            });
        }
        out.push(expectation);
    }
    Ok(out)
}
