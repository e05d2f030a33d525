//! Harden per subtask: a scored problem's partial solution that its
//! expectation says must fail group k (testdata_tools' `@EXPECTED_GRADES@`,
//! Polygon's tags per group, sinol's expected scores, a submissions.yaml
//! score under the group's name) but passes every test of group k is a
//! *survivor of group k*. Its search is held inside group k's constraints
//! (the validators told what group k's tests are told: its
//! `input_validator_flags`, Polygon's `--group`, sinol's test name), and what
//! catches it is written into group k, never another.
//!
//! The other way round, a partial solution expected to earn a group it fails
//! is no survivor: the data or the expectation is wrong, and no search can
//! mend it ([`earned_but_failed`] says so, with the test).

use crate::Survivor;
use jurybox_format::scoring::{Group, GroupExpectation, ScoreRule, Scoring};
use jurybox_format::{Package, Settings, Verdict};
use jurybox_jury::score_matrix;
use jurybox_jury::{Case, Matrix};
use std::collections::BTreeSet;

/// Scores nearer than this are equal (the scoring model's tolerance).
const EPSILON: f64 = 1e-6;

/// The group a survivor must fail.
#[derive(Clone, Debug, PartialEq)]
pub struct SurvivedGroup {
    /// Its name as the format writes it (`secret/group2`, `s3`, `2`).
    pub name: String,
    /// What a new test of it is given: its first test's settings (the
    /// group's validator flags, Polygon's `--group`, sinol's test name),
    /// else the group's own.
    pub settings: Settings,
}

/// The verdicts that would show a submission failing a group it is expected
/// to fail, by `expected` (`points` the group's most); `None` when the
/// expectation lets it earn the group.
pub fn must_fail_with(
    expected: &GroupExpectation,
    points: Option<f64>,
) -> Option<BTreeSet<Verdict>> {
    if let Some(grades) = &expected.grades {
        if grades.contains(&Verdict::AC) {
            return None;
        }
        let failing: BTreeSet<Verdict> = grades.clone();
        return (!failing.is_empty()).then_some(failing);
    }
    let most = points?;
    let below_full = match expected.score.as_ref()? {
        ScoreRule::Exactly(x) => *x < most - EPSILON,
        ScoreRule::Between(_, b) => *b < most - EPSILON,
        ScoreRule::Partial => true,
        ScoreRule::Full | ScoreRule::Rejected(_) => false,
    };
    below_full.then(|| BTreeSet::from([Verdict::WA, Verdict::TLE, Verdict::RTE]))
}

/// The settings a new test of the group named `name` gets: its first test's,
/// else the group's own.
pub fn settings_of(scoring: &Scoring, cases: &[Case], name: &str) -> Settings {
    let Some(group) = scoring.group(name) else {
        return Settings::default();
    };
    group
        .tests()
        .first()
        .and_then(|&t| cases.get(t))
        .map_or_else(|| group.settings.clone(), |c| c.settings.clone())
}

/// What a submission's expectation says of one group.
#[derive(Clone, Debug, PartialEq)]
pub enum Stance {
    /// It is expected to earn the group: no test of it may fail it.
    Earns,
    /// It is expected to fail the group with one of these verdicts.
    FailsWith(BTreeSet<Verdict>),
    /// Nothing is stated of the group (its directory's rule alone holds).
    Unstated,
}

/// What the expectation of the submission named `name` says of `group`.
pub fn stance(scoring: &Scoring, name: &str, group: &Group) -> Stance {
    let stated = scoring
        .expectation(name)
        .and_then(|e| e.groups.iter().find(|g| g.group == group.name));
    match stated {
        None => Stance::Unstated,
        Some(expected) => match must_fail_with(expected, group.points) {
            Some(verdicts) => Stance::FailsWith(verdicts),
            None => Stance::Earns,
        },
    }
}

/// The subtasks a found test may go into: those that hold tests, but not
/// the samples nor a group worth 0 points (Polygon's `samples`, sinol's
/// group 0).
pub fn scored_subtasks<'a>(package: &Package, scoring: &'a Scoring) -> Vec<&'a Group> {
    let is_sample = |t: &usize| package.data.tests.get(*t).is_none_or(|test| test.sample);
    scoring
        .subtasks()
        .into_iter()
        .filter(|g| g.points != Some(0.0) && !g.tests().iter().all(is_sample))
        .collect()
}

/// The groups a test failing a whole-package survivor (the submission
/// `submission`, failing with a verdict of `verdicts`) may go into, in run
/// order: the scored subtasks (no samples, none worth 0 points) where its
/// expectation lets it fail with one of `verdicts` or says nothing, never
/// one it is expected to earn ([`stance`], as [`group_survivors`] reads it).
/// Empty for a pass-fail package.
pub fn groups_that_may_hold(
    package: &Package,
    cases: &[Case],
    submission: usize,
    verdicts: &BTreeSet<Verdict>,
) -> Vec<SurvivedGroup> {
    let Some(scoring) = &package.scoring else {
        return Vec::new();
    };
    let name = &package.submissions[submission].name;
    scored_subtasks(package, scoring)
        .into_iter()
        .filter(|g| match stance(scoring, name, g) {
            Stance::Earns => false,
            Stance::FailsWith(fails) => !fails.is_disjoint(verdicts),
            Stance::Unstated => true,
        })
        .map(|g| SurvivedGroup {
            name: g.name.clone(),
            settings: settings_of(scoring, cases, &g.name),
        })
        .collect()
}

/// The survivors of single groups: each built partial solution and group
/// its expectation says it must fail, where it passed every test of that
/// group (a group with no test is no catch of anything, and is left out).
pub fn group_survivors(package: &Package, matrix: &Matrix, cases: &[Case]) -> Vec<Survivor> {
    let Some(scoring) = &package.scoring else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for row in matrix.rows.iter().filter(|r| r.build_error.is_none()) {
        let name = &package.submissions[row.submission].name;
        for group in scoring.all_groups() {
            let Stance::FailsWith(catch) = stance(scoring, name, group) else {
                continue;
            };
            let tests = group.tests();
            let passed = !tests.is_empty()
                && tests.iter().all(|&t| {
                    row.runs
                        .get(t)
                        .and_then(Option::as_ref)
                        .is_some_and(|r| r.verdict == Verdict::AC)
                });
            if passed {
                out.push(Survivor {
                    submission: row.submission,
                    catch,
                    group: Some(SurvivedGroup {
                        name: group.name.clone(),
                        settings: settings_of(scoring, cases, &group.name),
                    }),
                    may_hold: Vec::new(),
                });
            }
        }
    }
    out
}

/// Each partial solution expected to earn a group it fails, one line each:
/// the group, the test that decided it and what was expected. Harden
/// searches nothing for these: the data (the test is wrong, or outside the
/// group's constraints) or the expectation is.
pub fn earned_but_failed(
    package: &Package,
    matrix: &Matrix,
    cases: &[Case],
    limit: f64,
) -> Vec<String> {
    let Some(scoring) = &package.scoring else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for scored in score_matrix(package, matrix, limit) {
        let name = &package.submissions[scored.submission].name;
        let Some(score) = &scored.score else {
            continue;
        };
        for c in &scored.contradictions {
            let Some(group) = &c.group else {
                continue;
            };
            let failed = score.group(group).is_some_and(|g| g.verdict != Verdict::AC);
            let expected_to_earn = scoring
                .group(group)
                .is_some_and(|g| stance(scoring, name, g) == Stance::Earns);
            if !(failed && expected_to_earn) {
                continue;
            }
            let test = c
                .test
                .and_then(|t| cases.get(t))
                .map_or("no single test", |case| case.name.as_str());
            // Worded as the matrix's cell shows the run (`MLE` in sinol).
            let said = matrix.worded(package, scored.submission, c);
            out.push(format!(
                "{name} is expected to earn {group} but fails it on {test}: {said}: the data's or the expectation's contradiction, not searched for"
            ));
        }
    }
    out
}
