//! What a contest's summary says of its problems, whichever command ran
//! (`run`, `harden`, `mutants`, `stress`): which problems a shard owns, the
//! header, a judged problem's limit and submissions as its line shows them,
//! and the shard's report written.

use super::report::{ContestReport, ContestRun, ProblemLine, CONTEST_FORMAT};
use crate::limit::TimeLimit;
use jurybox_format::contest::{Contest, ContestProblem};
use jurybox_format::Package;
use jurybox_judging::shard::report::ReportError;
use jurybox_judging::shard::Shard;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// `1.00 s / 2.00 s`: the limit derived, and the one stated.
pub fn limits(limit: &TimeLimit) -> String {
    let derived = limit
        .derived
        .map_or("-".to_string(), |d| format!("{d:.2} s"));
    let stated = limit
        .stated
        .as_ref()
        .map_or("-".to_string(), |(s, _)| format!("{s:.2} s"));
    format!("{derived} / {stated}")
}

/// `accepted 2, wrong_answer 3`: the submissions counted by directory.
pub fn by_directory(package: &Package) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for s in &package.submissions {
        *counts.entry(s.category.dir()).or_default() += 1;
    }
    counts
        .iter()
        .map(|(dir, n)| format!("{dir} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The problems `shard` owns (all without one): problem i belongs to shard
/// `i mod N + 1`, as `stress --shard` splits cases.
pub fn owned(contest: &Contest, shard: Option<Shard>) -> Vec<&ContestProblem> {
    contest
        .problems
        .iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.owns(*i as u64)))
        .map(|(_, p)| p)
        .collect()
}

/// The contest's name as its header says it.
pub fn name(contest: &Contest) -> String {
    contest
        .name
        .clone()
        .unwrap_or_else(|| contest.dir.display().to_string())
}

/// `contest NAME: N problems[; shard K/N: A, C]`, said first.
pub fn header(contest: &Contest, shard: Option<Shard>, mine: &[&ContestProblem]) -> String {
    format!(
        "contest {}: {} problems{}",
        name(contest),
        contest.problems.len(),
        shard.map_or(String::new(), |s| format!(
            "; shard {}/{}: {}",
            s.index(),
            s.total(),
            mine.iter()
                .map(|p| p.label.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    )
}

/// How a command ran on a contest, for its shard's report.
pub struct ContestCommand<'a> {
    /// `run`, `harden`, `mutants`, `stress`.
    pub command: &'a str,
    /// The flags that change what a line says.
    pub options: String,
    /// Only its problems (`--shard K/N`).
    pub shard: Option<Shard>,
}

/// Writes a shard's report (`--report FILE`), after every problem's files.
pub fn write_report(
    path: &Path,
    how: &ContestCommand,
    contest: &Contest,
    lines: &[ProblemLine],
    total: Duration,
) -> Result<(), ReportError> {
    let shard = how.shard.unwrap_or(Shard::WHOLE);
    let report = ContestReport {
        format: CONTEST_FORMAT.into(),
        shard: shard.into(),
        run: ContestRun {
            command: how.command.into(),
            contest: name(contest),
            problems: contest.problems.iter().map(|p| p.id.clone()).collect(),
            options: how.options.clone(),
        },
        problems: lines.to_vec(),
        seconds: total.as_secs_f64(),
    };
    report.write(path)
}
