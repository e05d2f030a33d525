//! A scored problem's matrix read as scores: each submission's score per
//! group and in all, computed from the verdicts (and, for sinol's `oi`
//! contest, the CPU times; for a sinol checker, the points it gave) the
//! matrix already has, so scoring adds no run;
//! and each stated expectation checked against it.

use super::contest::Points;
use super::matrix::{Matrix, Row};
use jurybox_format::scoring::{Contradiction, ScoredRun, Scoring, SubmissionScore};
use jurybox_format::Package;

/// One submission's score and what its expectation says of it.
#[derive(Clone, Debug)]
pub struct Scored {
    /// The submission's index in the package.
    pub submission: usize,
    /// Its score (unknown where it did not build).
    pub score: Option<SubmissionScore>,
    /// Where its expectation is stated, when one is.
    pub expected_by: Option<String>,
    /// What contradicts its expectation (empty: met, or none stated).
    pub contradictions: Vec<Contradiction>,
}

/// Each test's outcome in `row`, as `scoring` scores it under a limit of
/// `limit` seconds (a group's own limit where it has one).
pub fn outcomes(scoring: &Scoring, row: &Row, limit: f64) -> Vec<Option<ScoredRun>> {
    row.runs
        .iter()
        .enumerate()
        .map(|(t, run)| {
            run.as_ref().map(|r| ScoredRun {
                verdict: r.verdict,
                fraction: scoring.fraction(
                    r.verdict,
                    r.cpu,
                    scoring.time_limit_for(&row.name, t).unwrap_or(limit),
                    r.points,
                ),
            })
        })
        .collect()
}

/// Every row of `matrix` scored, `limit` the time limit it ran under; empty
/// for a pass-fail package.
pub fn score_matrix(package: &Package, matrix: &Matrix, limit: f64) -> Vec<Scored> {
    let Some(scoring) = &package.scoring else {
        return Vec::new();
    };
    matrix
        .rows
        .iter()
        .map(|row| {
            let name = &package.submissions[row.submission].name;
            let expectation = scoring.expectation(name);
            let score = row
                .build_error
                .is_none()
                .then(|| scoring.score(&outcomes(scoring, row, limit)));
            let contradictions = match (&score, expectation) {
                (Some(score), Some(e)) => scoring.contradictions(e, score),
                _ => Vec::new(),
            };
            Scored {
                submission: row.submission,
                score,
                expected_by: expectation.map(|e| e.origin.clone()),
                contradictions,
            }
        })
        .collect()
}

/// A scored problem's points for a contest's summary: the most any built
/// submission scored, of the most one can; `None` for a pass-fail package.
pub fn points(package: &Package, scored: &[Scored]) -> Option<Points> {
    let scoring = package.scoring.as_ref()?;
    let earned = scored
        .iter()
        .filter_map(|s| s.score.as_ref().map(|score| score.total))
        .fold(0.0, f64::max);
    Some(Points {
        earned,
        of: scoring.best,
    })
}
