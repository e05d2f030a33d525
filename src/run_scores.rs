//! `jurybox run` on a scored (olympiad) problem: the matrix's groups named
//! where they start, then each submission's score per group and in all,
//! and every stated expectation checked (a contradiction names its group
//! and the test that decided it; a submission with none is said unchecked);
//! the same as `report`'s table of scores.

use jurybox_format::scoring::{show, Aggregation, Group, GroupScore, Scoring, SubmissionScore};
use jurybox_format::Package;
use jurybox_jury::{Matrix, Row, Scored};
use jurybox_report::{ScoreRow, ScoreTable};

/// The line that opens a group's tests in the matrix.
pub fn group_header(scoring: &Scoring, test: usize) -> Option<String> {
    if scoring.unscored.first() == Some(&test) {
        return Some("— samples (no points)".into());
    }
    let group = scoring.group_of(test)?;
    let first = group.tests().first().copied();
    (first == Some(test)).then(|| {
        let points = group.points.map_or("unbounded".to_string(), show);
        let limit = group
            .time_limit
            .map(|t| format!(", its own limit {t:.2} s"))
            .unwrap_or_default();
        format!(
            "— group {} ({points} points, {}{limit})",
            group.name,
            rule(group)
        )
    })
}

/// How a group's score is made, in a word or two, and the groups it needs
/// (Polygon's dependencies, Kattis's `require_pass`): a group that earns
/// nothing for a failure elsewhere says where.
fn rule(group: &Group) -> String {
    let rule = match &group.aggregation {
        Aggregation::PassFail => "all or nothing".into(),
        Aggregation::Sum => "each test's points".into(),
        Aggregation::Min { .. } => "the least test".into(),
        Aggregation::Product => "the product".into(),
        Aggregation::Threshold(t) => format!("every test at least {t}"),
        Aggregation::Grader(g) => format!("grader {:?}", g.score_mode).to_lowercase(),
    };
    match group.requires.is_empty() {
        true => rule,
        false => format!("{rule}, needs {}", group.requires.join(", ")),
    }
}

/// A scored package's groups with their points and each submission's score
/// per group and in all, for `report`'s page; `None` for a pass-fail one.
pub fn score_table(package: &Package, matrix: &Matrix, scored: &[Scored]) -> Option<ScoreTable> {
    let scoring = package.scoring.as_ref()?;
    let groups = scoring
        .subtasks()
        .iter()
        .map(|g| {
            let points = g.points.map_or("unbounded".to_string(), show);
            format!("{} ({points} points, {})", g.name, rule(g))
        })
        .collect();
    let rows = scored
        .iter()
        .map(|s| {
            let name = package.submissions[s.submission].name.clone();
            let Some(score) = &s.score else {
                return ScoreRow {
                    name,
                    groups: Vec::new(),
                    total: "not built".into(),
                    expectation: "no score".into(),
                };
            };
            let groups = scoring
                .subtasks()
                .iter()
                .map(|g| {
                    let row = matrix.rows.iter().find(|r| r.submission == s.submission);
                    score
                        .group(&g.name)
                        .map_or("-".into(), |r| group_cell(package, row, r))
                })
                .collect();
            ScoreRow {
                name,
                groups,
                total: total(score),
                expectation: expectation_word(package, matrix, s),
            }
        })
        .collect();
    Some(ScoreTable {
        best: scoring.best.map_or("unbounded".into(), show),
        groups,
        rows,
    })
}

/// A group's score and grade (`15 AC`, `0? TLE` where a test it depends on
/// was not run), the grade worded as its deciding run's cell in `row` shows
/// it (`MLE` where the format names it: [`Row::shown`]).
fn group_cell(package: &Package, row: Option<&Row>, r: &GroupScore) -> String {
    let mark = if r.known { "" } else { "?" };
    let word = match (row, r.decided_by) {
        (Some(row), Some(t)) => row.shown(package, t, r.verdict),
        _ => r.verdict.code(),
    };
    format!("{}{mark} {word}", show(r.score))
}

/// A submission's result in each subtask (`secret/group1 15 AC`, `?` where
/// a test it depends on was not run), in run order; `row` its runs.
pub fn group_cells(package: &Package, row: Option<&Row>, score: &SubmissionScore) -> Vec<String> {
    let Some(scoring) = &package.scoring else {
        return Vec::new();
    };
    scoring
        .subtasks()
        .iter()
        .filter_map(|g| {
            let cell = group_cell(package, row, score.group(&g.name)?);
            Some(format!("{} {cell}", g.name))
        })
        .collect()
}

/// A submission's total (`≥40` where a test it depends on was not run).
pub fn total(score: &SubmissionScore) -> String {
    match score.known {
        true => show(score.total),
        false => format!("≥{}", show(score.total)),
    }
}

/// What a submission's expectation says of its score: `ok (where)`, each
/// contradiction with its group and deciding test, or unchecked. A grade
/// is worded as the deciding run's cell shows it (`MLE` where the format
/// names it, [`Matrix::worded`]), so the two never disagree.
pub fn expectation_word(package: &Package, matrix: &Matrix, s: &Scored) -> String {
    match (&s.expected_by, s.contradictions.is_empty()) {
        (None, _) => "unchecked: no expectation states its score".to_string(),
        (Some(by), true) => format!("ok ({by})"),
        (Some(_), false) => {
            let each: Vec<String> = s
                .contradictions
                .iter()
                .map(|c| {
                    let at = match (&c.group, c.test) {
                        (Some(g), Some(t)) => {
                            format!("group {g}, decided by {}: ", matrix.tests[t])
                        }
                        (Some(g), None) => format!("group {g}: "),
                        (None, Some(t)) => format!("decided by {}: ", matrix.tests[t]),
                        (None, None) => String::new(),
                    };
                    format!("{at}{}", matrix.worded(package, s.submission, c))
                })
                .collect();
            format!("CONTRADICTION: {}", each.join("; "))
        }
    }
}

/// Each submission's score per group and in all, with its expectation's
/// verdict; returns how many submissions contradict theirs.
pub fn print_scores(package: &Package, matrix: &Matrix, scored: &[Scored]) -> usize {
    let Some(scoring) = &package.scoring else {
        return 0;
    };
    let best = scoring.best.map_or("unbounded".into(), show);
    outln!();
    outln!(
        "scores (of {best}; groups: {})",
        scoring
            .subtasks()
            .iter()
            .map(|g| format!("{} {}", g.name, g.points.map_or("-".into(), show)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let width = matrix.rows.iter().map(|r| r.name.len()).max().unwrap_or(10);
    let row_of = |s: usize| matrix.rows.iter().find(|r| r.submission == s);
    for s in scored {
        let name = &package.submissions[s.submission].name;
        let Some(score) = &s.score else {
            outln!("{name:width$}  not built: no score");
            continue;
        };
        outln!(
            "{name:width$}  {:>5}  {}  {}",
            total(score),
            group_cells(package, row_of(s.submission), score).join("  "),
            expectation_word(package, matrix, s)
        );
    }
    scored
        .iter()
        .filter(|s| !s.contradictions.is_empty())
        .count()
}

#[cfg(test)]
mod tests {
    use super::rule;
    use jurybox_format::scoring::{Aggregation, Group};

    /// A Polygon group's dependencies are said where the group opens: a
    /// group that earns nothing though its own tests pass (a published
    /// package's `s3` needs `example`, `s1` and `s2`) says why.
    #[test]
    fn a_group_that_needs_others_names_them() {
        let group = |requires: &[&str]| Group {
            name: "s3".into(),
            origin: "problem.xml".into(),
            points: Some(33.0),
            aggregation: Aggregation::PassFail,
            items: Vec::new(),
            requires: requires.iter().map(|r| r.to_string()).collect(),
            time_limit: None,
            settings: Default::default(),
        };
        assert_eq!(rule(&group(&[])), "all or nothing");
        assert_eq!(
            rule(&group(&["example", "s1", "s2"])),
            "all or nothing, needs example, s1, s2"
        );
    }
}
