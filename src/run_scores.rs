//! `jurybox run` on a scored (olympiad) problem: the matrix's groups named
//! where they start, then each submission's score per group and in all,
//! and every stated expectation checked (a contradiction names its group
//! and the test that decided it; a submission with none is said unchecked).

use jurybox_format::scoring::{show, Aggregation, Group, Scoring};
use jurybox_format::Package;
use jurybox_jury::{Matrix, Scored};

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

/// How a group's score is made, in a word or two.
fn rule(group: &Group) -> String {
    match &group.aggregation {
        Aggregation::PassFail => "all or nothing".into(),
        Aggregation::Sum => "each test's points".into(),
        Aggregation::Min { .. } => "the least test".into(),
        Aggregation::Product => "the product".into(),
        Aggregation::Threshold(t) => format!("every test at least {t}"),
        Aggregation::Grader(g) => format!("grader {:?}", g.score_mode).to_lowercase(),
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
    let mut contradicting = 0;
    for s in scored {
        let name = &package.submissions[s.submission].name;
        let Some(score) = &s.score else {
            outln!("{name:width$}  not built: no score");
            continue;
        };
        let groups: Vec<String> = scoring
            .subtasks()
            .iter()
            .filter_map(|g| {
                let r = score.group(&g.name)?;
                let mark = if r.known { "" } else { "?" };
                Some(format!("{} {}{mark} {}", g.name, show(r.score), r.verdict))
            })
            .collect();
        let total = match score.known {
            true => show(score.total),
            false => format!("≥{}", show(score.total)),
        };
        let verdict = match (&s.expected_by, s.contradictions.is_empty()) {
            (None, _) => "unchecked: no expectation states its score".to_string(),
            (Some(by), true) => format!("ok ({by})"),
            (Some(_), false) => {
                contradicting += 1;
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
                        format!("{at}{}", c.message)
                    })
                    .collect();
                format!("CONTRADICTION: {}", each.join("; "))
            }
        };
        outln!(
            "{name:width$}  {total:>5}  {}  {verdict}",
            groups.join("  ")
        );
    }
    contradicting
}
