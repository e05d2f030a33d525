//! The one summary of every command on a contest (`run`, `harden`, `mutants`,
//! `stress`, and `merge` of their shards): a line per problem, its limit
//! derived and stated, contradictions, survivors and mutation score where
//! the command has them, time taken and submissions by directory; and the
//! contest's exit status, the worst of its problems'.

use crate::exit;
use crate::stopped::Ended;
use crate::UsageError;
use jurybox_format::contest::{Contest, ContestProblem};
use jurybox_format::Package;
use jurybox_judging::shard::Shard;
use jurybox_jury::contest::{ContestReport, ContestRun, ProblemLine, CONTEST_FORMAT};
use jurybox_jury::TimeLimit;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;
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

/// A problem's error as its summary says it (the first line), and the exit
/// status it counts as: a stop's own (a jury fault 3), a usage error 2, any
/// other error (a package that cannot be read) 3, as `run CONTEST` has
/// always counted it. Ctrl-C is not a problem's error: `None`, the contest
/// ends.
pub fn problem_error(error: anyhow::Error) -> Result<(String, u8), anyhow::Error> {
    let (message, code) = match error.downcast::<Ended>() {
        Ok(ended) if ended.code == exit::INTERRUPTED => return Err(ended.into()),
        Ok(ended) => (ended.message, ended.code),
        Err(other) => {
            let code = if other.downcast_ref::<UsageError>().is_some() {
                exit::USAGE
            } else {
                exit::JURY_FAULT
            };
            (format!("{other:#}"), code)
        }
    };
    Ok((message, code))
}

/// The first line of an error, for the summary.
pub fn first_line(why: &str) -> String {
    why.lines().next().unwrap_or("").to_string()
}

/// The contest's status: 1 when any problem found something (a contradiction,
/// a survivor), else the worst other status, 0 when all were 0.
pub fn worst(statuses: impl IntoIterator<Item = u8>) -> ExitCode {
    let statuses: Vec<u8> = statuses.into_iter().collect();
    let status = if statuses.contains(&exit::FOUND) {
        exit::FOUND
    } else {
        statuses.into_iter().max().unwrap_or(exit::OK)
    };
    exit::code(status)
}

/// Writes a shard's report (`--report FILE`), after every problem's files.
pub fn write_report(
    path: &Path,
    command: &str,
    contest: &Contest,
    options: String,
    shard: Option<Shard>,
    lines: &[ProblemLine],
    total: Duration,
) -> anyhow::Result<()> {
    let shard = shard.unwrap_or(Shard::WHOLE);
    let report = ContestReport {
        format: CONTEST_FORMAT.into(),
        shard: shard.into(),
        run: ContestRun {
            command: command.into(),
            contest: name(contest),
            problems: contest.problems.iter().map(|p| p.id.clone()).collect(),
            options,
        },
        problems: lines.to_vec(),
        seconds: total.as_secs_f64(),
    };
    report.write(path)?;
    Ok(())
}

/// Prints the table; `total` is the whole run's wall time. A findings
/// column is added where some line has one (`audit`).
pub fn print(lines: &[ProblemLine], total: f64) {
    outln!();
    let id_width = lines.iter().map(|l| l.id.len()).max().unwrap_or(7).max(7);
    let limit_width = lines
        .iter()
        .map(|l| l.limit.len())
        .max()
        .unwrap_or(0)
        .max(22);
    let audited = lines.iter().any(|l| l.findings.is_some());
    let findings_header = if audited { "  findings" } else { "" };
    outln!(
        "{:<5} {:<id_width$}  {:<limit_width$}  {:>14}  {:>9}  {:>8}{findings_header}  {:>8}  submissions",
        "label",
        "problem",
        "limit derived / stated",
        "contradictions",
        "survivors",
        "score",
        "time"
    );
    let dash = |n: Option<usize>| n.map_or("-".to_string(), |n| n.to_string());
    for l in lines {
        let score = l
            .score
            .map_or("-".to_string(), |s| format!("{}/{}", s.killed, s.of));
        let findings = match audited {
            true => format!("  {:>8}", dash(l.findings)),
            false => String::new(),
        };
        let rest = match &l.error {
            Some(why) => format!("ERROR: {why}"),
            None => l.submissions.clone(),
        };
        outln!(
            "{:<5} {:<id_width$}  {:<limit_width$}  {:>14}  {:>9}  {score:>8}{findings}  {:>7.1}s  {rest}",
            l.label,
            l.id,
            l.limit,
            dash(l.contradictions),
            dash(l.survivors),
            l.seconds
        );
    }
    let contradictions: usize = lines.iter().filter_map(|l| l.contradictions).sum();
    let survivors: usize = lines.iter().filter_map(|l| l.survivors).sum();
    let errors = lines.iter().filter(|l| l.error.is_some()).count();
    let found = match audited {
        true => format!(
            ", {} findings",
            lines.iter().filter_map(|l| l.findings).sum::<usize>()
        ),
        false => String::new(),
    };
    outln!(
        "{} problems in {total:.1} s: {contradictions} contradictions, {survivors} survivors{found}, {errors} with errors",
        lines.len(),
    );
}
