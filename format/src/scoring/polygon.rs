//! A Polygon package's scoring: the judged testset's `<groups>` (a group of
//! `each-test` points policy scores the points of each accepted test, one of
//! `complete-group` its points only when every test is accepted; its
//! dependencies are groups every test of which must be accepted first, as
//! Codeforces skips a group whose dependencies failed, so transitively), or,
//! without groups, each test's `points`; and each solution's tags on groups
//! (`<extra-tags>`) as the grades it is expected there.

use super::{
    Aggregation, Expectation, GradeRule, Group, GroupExpectation, GroupMember, Requires, ScoreRule,
    Scoring, ScoringError, TestScoring,
};
use crate::polygon::{Polygon, Testset, JUDGED_TESTSET, PROBLEM_XML};
use crate::Submission;
use std::collections::BTreeSet;

/// The scoring of a Polygon package whose judged testset has groups or points
/// (`None`: a pass-fail problem). `index_of` maps a testset's test (by its
/// index from 1) to the package's test index.
pub fn read(
    polygon: &Polygon,
    submissions: &[Submission],
    index_of: &dyn Fn(usize) -> Option<usize>,
) -> Result<Option<Scoring>, ScoringError> {
    let Some(set) = polygon.judged() else {
        return Ok(None);
    };
    let has_points = set.tests.iter().any(|t| t.points.is_some_and(|p| p > 0.0))
        || set.groups.iter().any(|g| g.points.is_some_and(|p| p > 0.0));
    if !has_points {
        return Ok(None);
    }
    let file = format!("{PROBLEM_XML} (testset {})", set.name);
    let items = match set.groups.is_empty() {
        true => set
            .tests
            .iter()
            .filter_map(|t| {
                Some(GroupMember::Test {
                    index: index_of(t.index)?,
                    points: t.points.unwrap_or(0.0),
                })
            })
            .collect(),
        false => groups(set, &file, index_of)?,
    };
    let total: f64 = items
        .iter()
        .map(|i| match i {
            GroupMember::Test { points, .. } => *points,
            GroupMember::Group(g) => g.points.unwrap_or(0.0),
        })
        .sum();
    let root = Group {
        name: set.name.clone(),
        origin: file.clone(),
        points: Some(total),
        aggregation: Aggregation::Sum,
        items,
        requires: Vec::new(),
        time_limit: None,
        settings: Default::default(),
    };
    let mut scoring = Scoring {
        best: Some(total),
        root,
        unscored: Vec::new(),
        requires: Requires::PassAll,
        grades: GradeRule::First,
        test_scoring: TestScoring::Full,
        expectations: Vec::new(),
        test_limits: Default::default(),
        new_test_limits: Default::default(),
        submission_limits: Default::default(),
    };
    scoring.expectations = expectations(polygon, &scoring, submissions, &file)?;
    Ok(Some(scoring))
}

fn groups(
    set: &Testset,
    file: &str,
    index_of: &dyn Fn(usize) -> Option<usize>,
) -> Result<Vec<GroupMember>, ScoringError> {
    let names = || {
        set.groups
            .iter()
            .map(|g| g.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let Some(stray) = set.tests.iter().find(|t| t.group.is_none()) {
        return Err(ScoringError::TestInNoGroup {
            file: file.into(),
            test: format!("{} ({})", stray.index, stray.input.display()),
            groups: names(),
        });
    }
    let mut out = Vec::new();
    for g in &set.groups {
        let tests: Vec<_> = set
            .tests
            .iter()
            .filter(|t| t.group.as_deref() == Some(g.name.as_str()))
            .collect();
        let sum: f64 = tests.iter().map(|t| t.points.unwrap_or(0.0)).sum();
        let each_test = g.points_policy.as_deref() == Some("each-test");
        let points = match (g.points, each_test) {
            (Some(stated), true) if (stated - sum).abs() > 1e-6 && sum > 0.0 => {
                return Err(ScoringError::PointsDoNotAddUp {
                    file: file.into(),
                    stated_by: format!("group {}'s points", g.name),
                    total: stated,
                    sum,
                })
            }
            (Some(stated), _) => stated,
            (None, _) => sum,
        };
        if let Some(unknown) = g.dependencies.iter().find(|d| set.group(d).is_none()) {
            return Err(ScoringError::Invalid {
                file: file.into(),
                key: format!("group {}'s dependency", g.name),
                reason: format!("'{unknown}' is no group (groups: {})", names()),
            });
        }
        let items = tests
            .iter()
            .filter_map(|t| {
                Some(GroupMember::Test {
                    index: index_of(t.index)?,
                    points: match each_test {
                        true => t.points.unwrap_or(0.0),
                        false => points,
                    },
                })
            })
            .collect();
        out.push(GroupMember::Group(Box::new(Group {
            name: g.name.clone(),
            origin: file.into(),
            points: Some(points),
            aggregation: match each_test {
                true => Aggregation::Sum,
                false => Aggregation::PassFail,
            },
            items,
            requires: g.dependencies.clone(),
            time_limit: None,
            settings: Default::default(),
        })));
    }
    Ok(out)
}

/// Main and accepted solutions: full marks; a tag on a group: the grades that
/// tag allows there.
fn expectations(
    polygon: &Polygon,
    scoring: &Scoring,
    submissions: &[Submission],
    file: &str,
) -> Result<Vec<Expectation>, ScoringError> {
    let mut out = Vec::new();
    for solution in &polygon.assets.solutions {
        let name = crate::polygon::test_name_of(&solution.program.source);
        if !submissions.iter().any(|s| s.name == name) {
            continue;
        }
        let mut expectation = Expectation {
            submission: name.clone(),
            origin: format!("the tag {}", solution.tag),
            score: solution.tag.is_accepted().then_some(ScoreRule::Full),
            groups: Vec::new(),
        };
        for extra in &solution.extra_tags {
            let Some(group) = &extra.group else { continue };
            if extra
                .testset
                .as_deref()
                .is_some_and(|t| t != JUDGED_TESTSET)
            {
                continue;
            }
            if scoring.group(group).is_none() {
                return Err(ScoringError::UnknownGroup {
                    file: file.into(),
                    submission: name.clone(),
                    group: group.clone(),
                    known: scoring.group_names(),
                });
            }
            let (permitted, required) = extra.tag.kattis_rule();
            let grades: BTreeSet<_> = match required.is_empty() {
                true => permitted,
                false => required,
            };
            expectation.groups.push(GroupExpectation {
                group: group.clone(),
                origin: format!("the tag {} on group {group}", extra.tag),
                grades: Some(grades),
                score: None,
            });
        }
        if expectation.score.is_some() || !expectation.groups.is_empty() {
            out.push(expectation);
        }
    }
    Ok(out)
}
