//! What a submission is expected to score, and the lines of its source that
//! say so: testdata_tools' `@EXPECTED_GRADES@ AC AC TLE WA` (one grade per
//! secret group, as `analyzetestgroups.py` reads it) and DOMjudge's
//! `@EXPECTED_SCORE@: 30`. Checked against a score in `contradiction.rs`.

use crate::layout::Category;
use crate::Verdict;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Scores nearer than this are equal (scores are sums of decimals).
pub(super) const EPSILON: f64 = 1e-6;

/// A rule on a score.
#[derive(Clone, Debug, PartialEq)]
pub enum ScoreRule {
    /// Exactly this.
    Exactly(f64),
    /// Within this inclusive range.
    Between(f64, f64),
    /// Legacy `partially_accepted/`: accepted overall, but not the best score.
    Partial,
    /// Accepted, with the best score.
    Full,
    /// Legacy `wrong_answer/`, `time_limit_exceeded/`, `run_time_error/`:
    /// the grader's overall verdict must be this one, whatever the score
    /// (verifyproblem's check: with `accept_if_any_accepted` a wrong_answer/
    /// submission that earns a group is accepted, and so an error).
    Rejected(Verdict),
}

impl ScoreRule {
    /// Whether a contradiction of this rule by a score of overall `verdict`
    /// is about the verdict (a rejection expected, or accepted where it is
    /// not), not the points.
    pub fn on_verdict(&self, verdict: Verdict) -> bool {
        match self {
            ScoreRule::Rejected(_) => true,
            ScoreRule::Partial | ScoreRule::Full => verdict != Verdict::AC,
            ScoreRule::Exactly(_) | ScoreRule::Between(..) => false,
        }
    }

    /// The rule a legacy scoring package's directory states, as verifyproblem
    /// reads it (accepted/ is [`ScoreRule::Full`], stated apart).
    pub fn of_legacy_directory(category: &Category) -> Option<ScoreRule> {
        match category {
            Category::WrongAnswer => Some(ScoreRule::Rejected(Verdict::WA)),
            Category::TimeLimitExceeded => Some(ScoreRule::Rejected(Verdict::TLE)),
            Category::RunTimeError => Some(ScoreRule::Rejected(Verdict::RTE)),
            Category::Other(name) if name == "partially_accepted" => Some(ScoreRule::Partial),
            _ => None,
        }
    }
}

/// What a submission is expected of one group.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupExpectation {
    /// The group's name.
    pub group: String,
    /// Where it is stated.
    pub origin: String,
    /// Its grade must be one of these.
    pub grades: Option<BTreeSet<Verdict>>,
    /// Its score.
    pub score: Option<ScoreRule>,
}

/// The files of a submission, a directory's in name order, recursively.
fn files_of(path: &Path) -> Vec<PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.sort();
    entries.iter().flat_map(|p| files_of(p)).collect()
}

/// The text after `key` on the first line of the submission's files that has
/// it.
fn tagged_line(path: &Path, key: &str) -> Option<String> {
    files_of(path).iter().find_map(|f| {
        let text = std::fs::read_to_string(f).ok()?;
        text.lines()
            .find_map(|line| line.find(key).map(|at| line[at + key.len()..].to_string()))
    })
}

/// testdata_tools' `@EXPECTED_GRADES@ AC AC TLE WA`: the grade of each secret
/// group in order, or `Err` naming a word that is no grade.
pub fn expected_grades(path: &Path) -> Option<Result<Vec<Verdict>, String>> {
    let line = tagged_line(path, "@EXPECTED_GRADES@")?;
    let mut grades = Vec::new();
    for word in line.split_whitespace() {
        match Verdict::ALL.into_iter().find(|v| v.code() == word) {
            Some(grade) => grades.push(grade),
            // The line may end inside a comment (`*/`, `-->`).
            _ if grades.is_empty() => {
                return Some(Err(format!(
                    "@EXPECTED_GRADES@: '{word}' is not a grade (AC, WA, TLE, RTE)"
                )))
            }
            _ => break,
        }
    }
    Some(Ok(grades))
}

/// DOMjudge's `@EXPECTED_SCORE@: 30`, or `Err` when it is no number.
pub fn expected_score_line(path: &Path) -> Option<Result<f64, String>> {
    let line = tagged_line(path, "@EXPECTED_SCORE@:")?;
    let word = line.split_whitespace().next().unwrap_or("");
    Some(
        word.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("@EXPECTED_SCORE@: '{word}' is not a number")),
    )
}
