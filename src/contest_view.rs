//! The one summary of every command on a contest (`run`, `harden`, `mutants`,
//! `stress`, and `merge` of their shards), as the terminal shows it: a line
//! per problem (`jurybox_jury::contest::ProblemLine`: its limit derived and
//! stated, contradictions, survivors and mutation score where the command has
//! them, a scored problem's points (summed on the contest's line), time
//! taken and submissions by directory), a problem's error, and the contest's
//! exit status, the worst of its problems'. [`each`] runs a command
//! on each problem in turn (`harden`, `mutants`, `stress`); `run CONTEST`
//! judges two at a time (`jurybox_jury::contest`).

use crate::cli::ContestArgs;
use crate::exit;
use crate::stopped::Ended;
use crate::UsageError;
use anyhow::Result;
use jurybox_format::contest::Contest;
use jurybox_format::scoring::show;
use jurybox_jury::contest::{header, owned, write_report, ContestCommand, Points, ProblemLine};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

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
    let scored = lines.iter().any(|l| l.points.is_some());
    let points_header = if scored { "     points" } else { "" };
    outln!(
        "{:<5} {:<id_width$}  {:<limit_width$}  {:>14}  {:>9}  {:>8}{findings_header}{points_header}  {:>8}  submissions",
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
        let points = match scored {
            true => format!("  {:>9}", l.points.map_or("-".into(), points_of)),
            false => String::new(),
        };
        let rest = match &l.error {
            Some(why) => format!("ERROR: {why}"),
            None => l.submissions.clone(),
        };
        outln!(
            "{:<5} {:<id_width$}  {:<limit_width$}  {:>14}  {:>9}  {score:>8}{findings}{points}  {:>7.1}s  {rest}",
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
        "{} problems in {total:.1} s: {contradictions} contradictions, {survivors} survivors{found}, {errors} with errors{}",
        lines.len(),
        summed_points(lines)
    );
}

/// `85/100`: what a problem's best submission earned of what it is worth.
pub fn points_of(p: Points) -> String {
    format!(
        "{}/{}",
        show(p.earned),
        p.of.map_or("unbounded".into(), show)
    )
}

/// `; 2 scored problems: the best submissions earn 185 of 200 points`, the
/// points summed over the problems that are scored (nothing where none is).
fn summed_points(lines: &[ProblemLine]) -> String {
    let points: Vec<Points> = lines.iter().filter_map(|l| l.points).collect();
    sum_of_points(&points).map_or(String::new(), |sum| format!("; {sum}"))
}

/// `2 scored problems: the best submissions earn 185 of 200 points`: the
/// contest's sum of `points`, one per scored problem (`None` for none), as
/// `run CONTEST` and `report CONTEST`'s index say it.
pub fn sum_of_points(points: &[Points]) -> Option<String> {
    if points.is_empty() {
        return None;
    }
    let earned = points.iter().map(|p| p.earned).sum();
    let of = points
        .iter()
        .map(|p| p.of)
        .sum::<Option<f64>>()
        .map_or("unbounded".into(), show);
    Some(format!(
        "{} scored problem{}: the best submissions earn {} of {of} points",
        points.len(),
        if points.len() == 1 { "" } else { "s" },
        show(earned)
    ))
}

/// Runs `one` on every problem of the contest in `dir` that `how`'s shard
/// owns, each with the output the command prints for one package, then the
/// summary (and with `report`, the shard's report). `one` fills in the
/// problem's line (limit, submissions, contradictions, survivors, score) and
/// returns its status. A problem that cannot be read, or whose jury fails, is
/// a named error in its line and the others go on; Ctrl-C ends it all.
pub fn each(
    dir: &Path,
    how: &ContestCommand,
    report: Option<&Path>,
    mut one: impl FnMut(&Path, &mut ProblemLine) -> Result<u8>,
) -> Result<ExitCode> {
    let started = Instant::now();
    let contest = Contest::read(dir)?;
    for issue in &contest.issues {
        errln!("note: {issue}");
    }
    let mine = owned(&contest, how.shard);
    outln!("{}", header(&contest, how.shard, &mine));
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
                let (why, status) = problem_error(error)?;
                outln!("ERROR: {why}");
                line.error = Some(first_line(&why));
                line.status = status;
            }
        }
        line.seconds = start.elapsed().as_secs_f64();
        lines.push(line);
    }
    if let Some(path) = report {
        write_report(path, how, &contest, &lines, started.elapsed())?;
    }
    print(&lines, started.elapsed().as_secs_f64());
    Ok(worst(lines.iter().map(|l| l.status)))
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
