//! `harden`, `mutants` and `stress` on a contest: each problem in turn, with
//! the output the command prints for one package, then one summary
//! (`contest_summary`). A problem that cannot be read, or whose jury fails,
//! is a named error in its line and the others go on; Ctrl-C ends it all.
//! The status is the worst of the problems'.

use crate::cli::ContestArgs;
use crate::contest_view as summary;
use crate::UsageError;
use anyhow::Result;
use jurybox_format::contest::Contest;
use jurybox_judging::shard::Shard;
use jurybox_jury::contest::ProblemLine;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// How a command runs on a contest.
pub struct EachProblem<'a> {
    /// `harden`, `mutants`, `stress`: the summary's and the report's name.
    pub command: &'a str,
    /// The flags that change what a line says, for the report.
    pub options: String,
    /// Only its problems (`--shard K/N`).
    pub shard: Option<Shard>,
    /// Where to write the summary as JSON (`--report FILE`).
    pub report: Option<&'a Path>,
}

/// Runs `one` on every problem of the contest in `dir` that the shard owns.
/// `one` prints the problem's own output, fills in its line (limit,
/// submissions, contradictions, survivors, score) and returns its status.
pub fn run(
    dir: &Path,
    how: &EachProblem,
    mut one: impl FnMut(&Path, &mut ProblemLine) -> Result<u8>,
) -> Result<ExitCode> {
    let started = Instant::now();
    let contest = Contest::read(dir)?;
    for issue in &contest.issues {
        errln!("note: {issue}");
    }
    let mine = summary::owned(&contest, how.shard);
    outln!("{}", summary::header(&contest, how.shard, &mine));
    let mut lines = Vec::new();
    for problem in mine {
        outln!();
        outln!("== {} {}", problem.label, problem.id);
        let start = Instant::now();
        let mut line = ProblemLine::new(&problem.label, &problem.id);
        let done = match &problem.package {
            Err(e) => Err(anyhow::anyhow!("{e}")),
            Ok(_) => one(&problem.dir, &mut line),
        };
        match done {
            Ok(status) => line.status = status,
            Err(error) => {
                let (why, status) = summary::problem_error(error)?;
                outln!("ERROR: {why}");
                line.error = Some(summary::first_line(&why));
                line.status = status;
            }
        }
        line.seconds = start.elapsed().as_secs_f64();
        lines.push(line);
    }
    if let Some(path) = how.report {
        summary::write_report(
            path,
            how.command,
            &contest,
            how.options.clone(),
            how.shard,
            &lines,
            started.elapsed(),
        )?;
    }
    summary::print(&lines, started.elapsed().as_secs_f64());
    Ok(summary::worst(lines.iter().map(|l| l.status)))
}

/// Whether `path` is a contest rather than one package.
pub fn is_contest(path: &Path) -> bool {
    Contest::is_contest(path)
}

/// Refuses `--shard` and `--report` where `path` is not a contest: they split
/// and record a contest's problems, and one package has no such summary.
pub fn contest_only(command: &str, path: &Path, asked: &ContestArgs) -> Result<(), UsageError> {
    if is_contest(path) {
        return Ok(());
    }
    let what = match (&asked.shard, &asked.report) {
        (Some(_), _) => "--shard K/N splits a contest's problems",
        (None, Some(_)) => "--report FILE writes a contest's summary",
        (None, None) => return Ok(()),
    };
    Err(UsageError(format!(
        "{command} {what}: give a contest directory, not {}",
        path.display()
    )))
}
