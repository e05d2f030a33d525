//! The summary of a contest run (`run`, `harden`, `mutants`, `stress` on a
//! contest), one line per problem, and the JSON report of one shard of it.
//!
//! A contest is sharded by problem (problem i to shard `i mod N + 1`, as
//! `jurybox_judging::shard` splits a stress run's cases), so a shard's report
//! holds whole lines and the merge of a run's shards is those lines put back
//! in the contest's order: the same lines the run on one machine prints, the
//! times aside. The checks are every shard report's
//! (`jurybox_judging::shard::report::each_shard_once`): every shard once, the
//! same contest and options in each, every problem in exactly one.

use jurybox_judging::shard::report::{
    each_shard_once, read_bytes, write_json, MergeError, ReportError, ShardField,
};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The `format` field of a contest shard's report.
pub const CONTEST_FORMAT: &str = "jurybox-contest-report/1";

/// One problem's line of the summary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProblemLine {
    /// Its label in the contest (`A`).
    pub label: String,
    /// Its directory's name.
    pub id: String,
    /// `1.00 s / 2.00 s`: the limit derived, then the one stated (`-` for
    /// none); `-` when not judged.
    pub limit: String,
    /// `accepted 2, wrong_answer 3`: the submissions by directory.
    pub submissions: String,
    /// Submissions whose verdicts contradict their directory.
    pub contradictions: Option<usize>,
    /// What the command leaves alive: submissions that must fail and pass
    /// every test (`harden`, `stress`), mutants no test kills (`mutants`).
    pub survivors: Option<usize>,
    /// The mutation score, where the command made mutants.
    pub score: Option<Score>,
    /// Jury programs found wrong (`audit`); absent in reports written
    /// before the audit had a line.
    #[serde(default)]
    pub findings: Option<usize>,
    /// A scored problem's points (`None`: pass-fail, or not judged);
    /// absent in reports written before contests summed points.
    #[serde(default)]
    pub points: Option<Points>,
    /// Wall-clock seconds spent on the problem.
    pub seconds: f64,
    /// Why the problem could not be read, built or judged.
    pub error: Option<String>,
    /// The exit status the command would have ended with on this problem
    /// alone (jurybox's table: 0 nothing found, 1 found, 3 the jury's fault).
    pub status: u8,
}

/// Mutants killed of those kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Killed by some test.
    pub killed: usize,
    /// Kept (compiled, passed the samples, not equivalent).
    pub of: usize,
}

/// A scored problem's points in a contest's summary: what its best
/// submission earned of what the problem is worth.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Points {
    /// The most any of its submissions scored.
    pub earned: f64,
    /// The most a submission can score (`None`: the format leaves it unbounded).
    pub of: Option<f64>,
}

impl ProblemLine {
    /// A line with nothing known yet but the problem.
    pub fn new(label: &str, id: &str) -> ProblemLine {
        ProblemLine {
            label: label.to_string(),
            id: id.to_string(),
            limit: "-".into(),
            submissions: "-".into(),
            contradictions: None,
            survivors: None,
            score: None,
            findings: None,
            points: None,
            seconds: 0.0,
            error: None,
            status: 0,
        }
    }

    /// The line without its time: what two runs of one contest must share.
    pub fn timeless(&self) -> ProblemLine {
        ProblemLine {
            seconds: 0.0,
            ..self.clone()
        }
    }
}

/// What every shard of a contest run must share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContestRun {
    /// The command (`run`, `harden`, ...).
    pub command: String,
    /// The contest's name (or its directory).
    pub contest: String,
    /// Every problem's id, in the contest's order.
    pub problems: Vec<String>,
    /// The options that change what a problem's line says.
    pub options: String,
}

/// One shard's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContestReport {
    /// Always [`CONTEST_FORMAT`].
    pub format: String,
    /// This shard, K of N.
    pub shard: ShardField,
    /// What every shard shares.
    pub run: ContestRun,
    /// Its problems' lines, in the contest's order.
    pub problems: Vec<ProblemLine>,
    /// The shard's wall-clock seconds.
    pub seconds: f64,
}

/// A contest run put back together.
#[derive(Clone, Debug, PartialEq)]
pub struct MergedContest {
    /// N.
    pub total: u64,
    /// What the shards shared.
    pub run: ContestRun,
    /// Every problem's line, in the contest's order.
    pub problems: Vec<ProblemLine>,
    /// The slowest shard's seconds.
    pub seconds: f64,
}

impl ContestReport {
    /// Writes the report atomically (after every problem's files are on disk).
    pub fn write(&self, path: &Path) -> Result<(), ReportError> {
        write_json(self, path)
    }

    /// Reads a report written by [`ContestReport::write`].
    pub fn read(path: &Path) -> Result<ContestReport, ReportError> {
        let bytes = read_bytes(path)?;
        let report: ContestReport =
            serde_json::from_slice(&bytes).map_err(|source| ReportError::Json {
                path: path.to_path_buf(),
                source,
            })?;
        if report.format != CONTEST_FORMAT {
            return Err(ReportError::Format {
                path: path.to_path_buf(),
                found: report.format,
                expected: CONTEST_FORMAT,
            });
        }
        Ok(report)
    }
}

/// Checks that `reports` (with their files' names) are the N shards of one
/// contest run and puts their lines back in the contest's order.
pub fn merge_contest(reports: &[(String, ContestReport)]) -> Result<MergedContest, MergeError> {
    let Some((first_file, first)) = reports.first() else {
        return Err(MergeError::Empty);
    };
    for (file, report) in reports {
        let mismatch = |field: &str, expected: String, found: String| MergeError::Mismatch {
            first: first_file.clone(),
            file: file.clone(),
            field: field.to_string(),
            expected,
            found,
        };
        if report.shard.total != first.shard.total {
            return Err(mismatch(
                "the number of shards",
                first.shard.total.to_string(),
                report.shard.total.to_string(),
            ));
        }
        if report.run != first.run {
            return Err(mismatch(
                "the run",
                format!("{:?}", first.run),
                format!("{:?}", report.run),
            ));
        }
    }
    each_shard_once(
        reports.iter().map(|(file, r)| (file.as_str(), r.shard)),
        &format!("contest {}", first.run.contest),
    )?;
    let mut problems = Vec::new();
    for id in &first.run.problems {
        let mut lines = reports
            .iter()
            .flat_map(|(file, r)| r.problems.iter().map(move |p| (file, p)))
            .filter(|(_, p)| &p.id == id);
        let Some((file, line)) = lines.next() else {
            return Err(MergeError::Mismatch {
                first: first_file.clone(),
                file: first_file.clone(),
                field: "the problems judged".into(),
                expected: format!("a line for {id}"),
                found: "none in any shard (a shard stopped early?)".into(),
            });
        };
        if let Some((again, _)) = lines.next() {
            return Err(MergeError::Duplicate {
                shard: format!("the problem {id}"),
                first: file.to_string(),
                second: again.to_string(),
            });
        }
        problems.push(line.clone());
    }
    Ok(MergedContest {
        total: first.shard.total,
        run: first.run.clone(),
        problems,
        seconds: reports.iter().map(|(_, r)| r.seconds).fold(0.0, f64::max),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shard(k: u64, n: u64, ids: &[&str]) -> (String, ContestReport) {
        let all = ["a", "b", "c"];
        let report = ContestReport {
            format: CONTEST_FORMAT.into(),
            shard: ShardField { index: k, total: n },
            run: ContestRun {
                command: "run".into(),
                contest: "small".into(),
                problems: all.iter().map(|s| s.to_string()).collect(),
                options: String::new(),
            },
            problems: ids.iter().map(|id| ProblemLine::new(id, id)).collect(),
            seconds: k as f64,
        };
        (format!("{k}.json"), report)
    }

    #[test]
    fn shards_merge_back_in_the_contests_order() {
        let merged = merge_contest(&[shard(2, 2, &["b"]), shard(1, 2, &["a", "c"])]).unwrap();
        let ids: Vec<&str> = merged.problems.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        assert_eq!(merged.seconds, 2.0);
    }

    #[test]
    fn a_missing_shard_or_problem_twice_is_an_error() {
        let err = merge_contest(&[shard(1, 2, &["a", "c"])]).unwrap_err();
        assert!(
            err.to_string()
                .contains("1 of 2 shards of contest small missing: 2"),
            "{err}"
        );
        let err = merge_contest(&[shard(1, 2, &["a", "b", "c"]), shard(2, 2, &["b"])]).unwrap_err();
        assert!(matches!(err, MergeError::Duplicate { .. }), "{err}");
        let err = merge_contest(&[shard(1, 2, &["a"]), shard(2, 2, &["b"])]).unwrap_err();
        assert!(err.to_string().contains("a line for c"), "{err}");
    }
}
