//! `jurybox merge`: the reports of a sharded run, checked to be its N shards
//! and joined into one summary: a stress run's (one seed, its cases added up)
//! or a contest's (`run CONTEST --shard K/N --report FILE`: each problem's
//! line back in the contest's order, the table one machine prints).

use crate::exit;
use crate::UsageError;
use anyhow::Result;
use jurybox_judging::shard::report::{format_of, read_bytes, ReportError};
use jurybox_jury::contest::{merge_contest, ContestReport, MergedContest, CONTEST_FORMAT};
use jurybox_stress::report::{merge, Merged, ShardReport};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(paths: &[PathBuf]) -> Result<ExitCode> {
    let mut stress = Vec::new();
    let mut contest = Vec::new();
    for path in paths {
        let name = path.display().to_string();
        match read_any(path).map_err(|e| UsageError(e.to_string()))? {
            AnyReport::Stress(report) => stress.push((name, report)),
            AnyReport::Contest(report) => contest.push((name, report)),
        }
    }
    if !stress.is_empty() && !contest.is_empty() {
        return Err(UsageError(format!(
            "{} is a stress run's report and {} a contest's: merge the shards of one run",
            stress[0].0, contest[0].0
        ))
        .into());
    }
    if !contest.is_empty() {
        let merged = merge_contest(&contest).map_err(|e| UsageError(e.to_string()))?;
        return Ok(print_contest(&merged));
    }
    let merged = merge(&stress).map_err(|e| UsageError(e.to_string()))?;
    Ok(print(&merged))
}

/// A report file of either kind, told apart by its `format` field.
enum AnyReport {
    /// A stress run's shard.
    Stress(ShardReport),
    /// A contest run's shard.
    Contest(ContestReport),
}

/// Reads a stress or contest shard report.
fn read_any(path: &Path) -> Result<AnyReport, ReportError> {
    let bytes = read_bytes(path)?;
    match format_of(path, &bytes)?.as_str() {
        CONTEST_FORMAT => ContestReport::read(path).map(AnyReport::Contest),
        _ => ShardReport::read(path).map(AnyReport::Stress),
    }
}

/// Prints a contest's summary as the run on one machine does; its status too
/// (the worst of its problems').
fn print_contest(merged: &MergedContest) -> ExitCode {
    outln!(
        "merged {} shards of {} on contest {}: {} problems",
        merged.total,
        merged.run.command,
        merged.run.contest,
        merged.problems.len()
    );
    crate::contest_view::print(&merged.problems, merged.seconds);
    crate::contest_view::worst(merged.problems.iter().map(|l| l.status))
}

/// Prints the combined summary; exit 1 when a shard found a failure or did not
/// finish its cases.
fn print(merged: &Merged) -> ExitCode {
    let budget = match (merged.run.cases, merged.run.seconds) {
        (Some(c), _) => format!("--cases {c}"),
        (None, Some(s)) => format!("--seconds {s} per shard"),
        (None, None) => "the default time per shard".into(),
    };
    outln!(
        "merged {} shards of stress {} --seed {} ({budget})",
        merged.total,
        merged.run.problem,
        merged.seed
    );
    let mut bad = false;
    for p in &merged.problems {
        for (shard, f) in &p.failures {
            bad = true;
            let case = f.case.map_or(String::new(), |c| format!("case {c}, "));
            let kind = if f.flaky { "FLAKY" } else { "FAILURE" };
            outln!(
                "{kind} {} ({case}shard {}/{}): {} against {}: {}",
                p.problem,
                shard.index,
                shard.total,
                f.engine,
                f.reference,
                f.verdict
            );
            match (f.saved.last(), &f.not_saved) {
                (Some(input), _) => outln!("  saved:  {}", input.display()),
                (None, Some(why)) => outln!(
                    "  NOT SAVED ({why}); the input was:\n{}",
                    f.input.as_deref().unwrap_or("")
                ),
                (None, None) => {}
            }
            if let Some(reproduce) = &f.reproduce {
                outln!("  reproduce: {reproduce}");
            }
            if let Some(replay) = &f.replay {
                outln!("  on one machine: {replay}");
            }
        }
        for (shard, why) in &p.incomplete {
            bad = true;
            outln!(
                "INCOMPLETE {} shard {}/{}: {why}",
                p.problem,
                shard.index,
                shard.total
            );
        }
    }
    outln!(
        "{:<10} {:>12} {:>9} {:>8}",
        "problem",
        "cases",
        "failures",
        "seconds"
    );
    for p in &merged.problems {
        outln!(
            "{:<10} {:>12} {:>9} {:>8.1}",
            p.problem,
            p.cases,
            p.failures.len(),
            p.seconds
        );
    }
    let cases: u64 = merged.problems.iter().map(|p| p.cases).sum();
    let failures: usize = merged.problems.iter().map(|p| p.failures.len()).sum();
    outln!(
        "total: {cases} cases, {failures} failures over {} shards",
        merged.total
    );
    let skipped: u64 = merged.problems.iter().map(|p| p.skipped).sum();
    if skipped > 0 {
        outln!("({skipped} cases skipped: no input within the official limits)");
    }
    if bad {
        exit::code(exit::FOUND)
    } else {
        ExitCode::SUCCESS
    }
}
