//! A scored problem seen as flat subtasks: the shape Kattis 2025-09 test
//! groups, the legacy `testdata.yaml` groups, Polygon's `<groups>` and
//! sinol-make's numbered groups can all state, so that every conversion
//! reads a package's scoring (`Package::scoring`, whatever format it came
//! from) once and writes it in its own words. A subtask earns its points
//! either when every test is accepted, or as equal shares per accepted test
//! (Kattis `sum`, Polygon `each-test`); it may require earlier subtasks to
//! pass. What a format cannot say (points that differ test by test within a
//! subtask, sinol's time-decay points, a legacy grader's `avg`) is an issue,
//! never a silent change.
//!
//! Each submission's expectation is carried as a grade set and a score per
//! subtask and a rule on the total, from whatever stated it (submissions.yaml,
//! `@EXPECTED_GRADES@`, Polygon's tags on groups, `sinol_expected_scores`);
//! an accepted submission is expected AC with full points everywhere.

use crate::scoring::{
    show, Aggregation, GroupMember, ScoreMode, ScoreRule, Scoring, TestScoring, KATTIS_SAMPLE,
    SAMPLES,
};
use crate::{Issue, Package, Rule, Submission, Verdict};
use std::collections::BTreeSet;

/// One subtask.
#[derive(Clone, Debug, PartialEq)]
pub struct Subtask {
    /// Its name in the source format (`secret/group1`, `small`, `1`).
    pub name: String,
    /// Its points.
    pub points: f64,
    /// Whether its points are shared equally among its tests, each accepted
    /// test earning its share; otherwise it earns them only when every test
    /// is accepted.
    pub each_test: bool,
    /// Its tests (indices in the package's tests), in run order.
    pub tests: Vec<usize>,
    /// The earlier subtasks whose tests must all pass first (indices).
    pub requires: Vec<usize>,
    /// Whether every unscored test (the samples) must pass first: a Polygon
    /// dependency on the group of the samples, Kattis's `require_pass:
    /// sample`. Set only where the required tests are exactly
    /// [`Subtasks::unscored`], which is what every target can name.
    pub requires_samples: bool,
    /// Its own time limit in seconds, where the source states one (sinol).
    pub time_limit: Option<f64>,
}

impl Subtask {
    /// Its name without the Kattis `secret/` path: `group1`, `small`, `1`.
    pub fn short_name(&self) -> &str {
        self.name.rsplit('/').next().unwrap_or(&self.name)
    }
}

/// What one submission is expected to score.
#[derive(Clone, Debug, PartialEq)]
pub struct Expected {
    /// The submission's name in the package.
    pub submission: String,
    /// Whether it is an accepted submission (full marks everywhere).
    pub accepted: bool,
    /// Its total, when stated.
    pub total: Option<ScoreRule>,
    /// Per subtask: the grades it may get there (`None`: not stated).
    pub grades: Vec<Option<BTreeSet<Verdict>>>,
    /// Per subtask: its score there, when stated or implied by its grade.
    pub scores: Vec<Option<f64>>,
    /// Its one grade on the samples (no points), when known: AC for an
    /// accepted submission, or as stated (sinol's group 0).
    pub samples: Option<Verdict>,
}

impl Expected {
    /// Its one grade in subtask `i`, when exactly one is stated.
    pub fn grade(&self, i: usize) -> Option<Verdict> {
        match &self.grades[i] {
            Some(set) if set.len() == 1 => set.iter().next().copied(),
            _ => None,
        }
    }

    /// Its one grade in every subtask, when each is stated.
    pub fn every_grade(&self) -> Option<Vec<Verdict>> {
        (0..self.grades.len()).map(|i| self.grade(i)).collect()
    }

    /// Its total where known: stated exactly, full marks, or the subtasks'
    /// scores added up when each is known.
    pub fn exact_total(&self, best: f64) -> Option<f64> {
        match self.total {
            Some(ScoreRule::Exactly(x)) => Some(x),
            Some(ScoreRule::Full) => Some(best),
            _ => self
                .scores
                .iter()
                .copied()
                .collect::<Option<Vec<f64>>>()
                .map(|s| s.iter().sum()),
        }
    }
}

/// A scored problem's subtasks and expectations.
#[derive(Clone, Debug, PartialEq)]
pub struct Subtasks {
    /// The subtasks in run order.
    pub groups: Vec<Subtask>,
    /// Tests that score nothing (the samples), in no subtask.
    pub unscored: Vec<usize>,
    /// The most a submission scores.
    pub total: f64,
    /// Every submission's expectation, in the package's order.
    pub expected: Vec<Expected>,
}

/// The equal share of each test, or `None` when the tests' points differ.
fn equal_shares(points: &[f64]) -> Option<f64> {
    let first = *points.first()?;
    points
        .iter()
        .all(|p| (p - first).abs() < 1e-9)
        .then_some(first)
}

impl Subtasks {
    /// The subtasks of `package`'s scoring (`None` for a pass-fail package),
    /// what cannot be said in subtasks added to `issues`.
    pub fn of(package: &Package, issues: &mut Vec<Issue>) -> Option<Subtasks> {
        let scoring = package.scoring.as_ref()?;
        let unscored_test =
            |i: usize| scoring.unscored.contains(&i) || package.data.tests[i].sample;
        let mut note = |m: String| issues.push(Issue::new(&scoring.root.origin, m));
        if scoring.test_scoring == TestScoring::OiTimeDecay {
            note("the oi contest's points that decay past half the time limit are not converted: each test is scored all or nothing".into());
        }
        let mut groups: Vec<Subtask> = Vec::new();
        // Per group: the groups it requires that hold unscored tests, and those tests.
        let mut pending: Vec<Vec<(String, Vec<usize>)>> = Vec::new();
        for g in scoring.subtasks() {
            let tests: Vec<(usize, f64)> = g
                .items
                .iter()
                .filter_map(|i| match i {
                    GroupMember::Test { index, points } if !unscored_test(*index) => {
                        Some((*index, *points))
                    }
                    _ => None,
                })
                .collect();
            if tests.is_empty() {
                continue;
            }
            if g.items.iter().any(|i| matches!(i, GroupMember::Group(_))) {
                note(format!(
                    "group {} holds tests and groups: its groups are written beside it",
                    g.name
                ));
            }
            let shares: Vec<f64> = tests.iter().map(|(_, p)| *p).collect();
            let each_test = match &g.aggregation {
                Aggregation::Sum => true,
                Aggregation::Grader(grader) => match grader.score_mode {
                    ScoreMode::Sum => {
                        if grader.break_on_reject && tests.len() > 1 {
                            note(format!("group {}: a sum that stops at its first rejection is written as each test's share", g.name));
                        }
                        true
                    }
                    ScoreMode::Min => false,
                    ScoreMode::Avg | ScoreMode::Max => {
                        note(format!(
                            "group {}: the grader's avg or max is written as all or nothing",
                            g.name
                        ));
                        false
                    }
                },
                Aggregation::PassFail
                | Aggregation::Min { .. }
                | Aggregation::Product
                | Aggregation::Threshold(_) => false,
            };
            let points = match each_test {
                true => {
                    if equal_shares(&shares).is_none() {
                        note(format!(
                            "group {}: its tests' points differ ({}): written as equal shares of their sum",
                            g.name,
                            shares.iter().map(|p| show(*p)).collect::<Vec<_>>().join(", ")
                        ));
                    }
                    g.points.unwrap_or_else(|| shares.iter().sum())
                }
                false => g
                    .points
                    .unwrap_or_else(|| shares.iter().copied().fold(0.0, f64::max)),
            };
            let mut requires = Vec::new();
            let mut on_samples = Vec::new();
            for name in &g.requires {
                let required = required_tests(scoring, name);
                let (samples, scored): (Vec<usize>, Vec<usize>) =
                    required.iter().partition(|&&t| unscored_test(t));
                if !samples.is_empty() {
                    on_samples.push((name.clone(), samples));
                }
                match groups.iter().position(|s| &s.name == name) {
                    Some(i) => requires.push(i),
                    None if scored.is_empty() => {}
                    None => note(format!(
                        "group {} requires {name}, no earlier scored group: not converted",
                        g.name
                    )),
                }
            }
            pending.push(on_samples);
            groups.push(Subtask {
                name: g.name.clone(),
                points,
                each_test,
                tests: tests.iter().map(|(t, _)| *t).collect(),
                requires,
                requires_samples: false,
                time_limit: g.time_limit,
            });
        }
        let unscored: Vec<usize> = (0..package.data.tests.len())
            .filter(|i| !groups.iter().any(|g| g.tests.contains(i)))
            .collect();
        for (group, on_samples) in groups.iter_mut().zip(pending) {
            for (name, mut samples) in on_samples {
                samples.sort_unstable();
                samples.dedup();
                if samples == unscored {
                    group.requires_samples = true;
                    continue;
                }
                let others: Vec<String> = unscored
                    .iter()
                    .filter(|t| !samples.contains(t))
                    .map(|&t| package.data.tests[t].name.clone())
                    .collect();
                note(format!(
                    "group {} requires {name}, whose tests {} score nothing and go with the samples, which also hold {}: no target names a part of the samples, so this part of the dependency is not converted",
                    group.name,
                    samples.iter().map(|&t| package.data.tests[t].name.as_str()).collect::<Vec<_>>().join(", "),
                    others.join(", ")
                ));
            }
        }
        let total = scoring
            .best
            .or(scoring.root.points)
            .unwrap_or_else(|| groups.iter().map(|g| g.points).sum());
        let expected = package
            .submissions
            .iter()
            .map(|s| expected(scoring, &groups, s))
            .collect();
        Some(Subtasks {
            groups,
            unscored,
            total,
            expected,
        })
    }

    /// The expectation of the submission named `name`.
    pub fn expected_of(&self, name: &str) -> Option<&Expected> {
        self.expected.iter().find(|e| e.submission == name)
    }

    /// The subtask test `index` is in.
    pub fn group_of(&self, index: usize) -> Option<usize> {
        self.groups.iter().position(|g| g.tests.contains(&index))
    }
}

/// The tests of the group `name` a group requires: a group's, or the
/// samples' where the name is Kattis's `sample` and no group has it.
fn required_tests(scoring: &Scoring, name: &str) -> Vec<usize> {
    match scoring.group(name) {
        Some(g) => g.tests(),
        None if name == KATTIS_SAMPLE => scoring.unscored.clone(),
        None => Vec::new(),
    }
}

/// The grades a verdict rule on the tests of one group allows there: the
/// verdicts it requires where it requires a failure, else those it permits.
fn rule_grades(rule: &Rule) -> BTreeSet<Verdict> {
    match rule.required.is_empty() || rule.required.contains(&Verdict::AC) {
        true => rule.permitted.clone(),
        false => rule.required.clone(),
    }
}

/// What `scoring` and the submission's own rules on single groups (a
/// submissions.yaml key naming a group) expect of `submission`, per subtask.
fn expected(scoring: &Scoring, groups: &[Subtask], submission: &Submission) -> Expected {
    let (name, accepted) = (submission.name.as_str(), submission.is_accepted());
    let n = groups.len();
    let mut out = Expected {
        submission: name.to_string(),
        accepted,
        total: accepted.then_some(ScoreRule::Full),
        grades: vec![None; n],
        scores: vec![None; n],
        samples: accepted.then_some(Verdict::AC),
    };
    if accepted {
        out.grades = vec![Some(BTreeSet::from([Verdict::AC])); n];
        out.scores = groups.iter().map(|g| Some(g.points)).collect();
        return out;
    }
    for rule in &submission.rules {
        let on = |g: &Subtask| rule.tests.as_deref() == Some(g.name.as_str());
        if let Some(i) = groups.iter().position(on) {
            out.grades[i] = Some(rule_grades(rule));
        }
    }
    let stated = scoring.expectation(name);
    out.total = stated.and_then(|s| s.score.clone());
    for e in stated.map_or(&[][..], |s| &s.groups[..]) {
        if e.group == SAMPLES {
            out.samples = e
                .grades
                .as_ref()
                .filter(|g| g.len() == 1)
                .and_then(|g| g.first().copied());
            continue;
        }
        let Some(i) = groups.iter().position(|g| g.name == e.group) else {
            continue;
        };
        if e.grades.is_some() {
            out.grades[i] = e.grades.clone();
        }
        if let Some(ScoreRule::Exactly(x)) = e.score {
            out.scores[i] = Some(x);
            if out.grades[i].is_none() && (x - groups[i].points).abs() < 1e-9 {
                out.grades[i] = Some(BTreeSet::from([Verdict::AC]));
            }
        }
    }
    for (i, g) in groups.iter().enumerate() {
        if out.scores[i].is_some() {
            continue;
        }
        out.scores[i] = match out.grade(i) {
            Some(Verdict::AC) => Some(g.points),
            Some(_) if !g.each_test => Some(0.0),
            _ => None,
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_shares_are_one_share_and_unequal_none() {
        assert_eq!(equal_shares(&[10.0, 10.0, 10.0]), Some(10.0));
        assert_eq!(equal_shares(&[70.0, 0.0]), None);
        assert_eq!(equal_shares(&[]), None);
    }
}
