//! `jurybox run CONTEST`: every problem of a contest (a folder of problem
//! folders, a BAPCtools contest, a Polygon contest.xml) judged as `run DIR`
//! judges one, and one summary table: each problem's limit (derived and
//! stated), its submissions by directory, its contradictions and the time it
//! took. The slow part that needs no quiet machine (reading, building the
//! generated tests, compiling every program) runs for every problem at once,
//! `jobs` programs at a time across problems; the judging that derives a limit
//! from runs alone then goes problem by problem, each with every core. A
//! problem that cannot be read, built or judged (a jury fault) is a named
//! error for that problem, and the others go on; Ctrl-C ends it all (130).
//! Exit 1 if any problem has a contradiction, else 3 if any had an error.

use super::run_package::{judge_package, open, print_built, print_rows, scale_to_this_machine};
use crate::exit::JURY_FAULT as EXIT_JURY_FAULT;
use crate::interrupt;
use crate::stopped::{ended, Ended};
use anyhow::Result;
use jurybox_format::contest::{Contest, ContestProblem};
use jurybox_format::Package;
use jurybox_judging::jobs::on_threads;
use jurybox_judging::store::found_dir;
use jurybox_jury::{build_package_as, choose_judge, BuiltPackage, Case, Stop, TimeLimit};
use jurybox_languages::Judge;
use jurybox_stress::shard::Shard;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// A problem read and built, or why not.
type Opened = Result<(Package, Vec<Case>, BuiltPackage), String>;

/// One line of the summary.
struct Line {
    label: String,
    id: String,
    limit: String,
    submissions: String,
    contradictions: Option<usize>,
    time: Duration,
    error: Option<String>,
}

/// A stop as one problem's error (its input saved); Ctrl-C ends the command.
fn problem_error(stop: Stop, package: &str) -> Result<String> {
    let error = ended(stop, &found_dir(package));
    match error.downcast::<Ended>() {
        Ok(ended) if ended.code == EXIT_JURY_FAULT => Ok(ended.message),
        Ok(ended) => Err(ended.into()),
        Err(other) => Err(other),
    }
}

/// Reads and builds one problem with one job: the problems run side by side.
fn open_one(problem: &ContestProblem, judge: Option<Judge>) -> Opened {
    let package = problem.package.as_ref().map_err(|e| e.to_string())?;
    let (package, cases) = open(&package.dir, 1).map_err(|e| format!("{e:#}"))?;
    let built = build_package_as(
        &package,
        choose_judge(&package, judge),
        1,
        interrupt::flag(),
    );
    Ok((package, cases, built))
}

/// `derived 1.0 s / stated 2.0 s`.
fn limits(limit: &TimeLimit) -> String {
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
fn by_directory(package: &Package) -> String {
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

pub fn run(
    dir: &Path,
    jobs: usize,
    judge: Option<Judge>,
    keep_stated: bool,
    shard: Option<Shard>,
) -> Result<ExitCode> {
    let started = Instant::now();
    let contest = Contest::read(dir)?;
    for issue in &contest.issues {
        eprintln!("note: {issue}");
    }
    let mine: Vec<&ContestProblem> = contest
        .problems
        .iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.owns(*i as u64)))
        .map(|(_, p)| p)
        .collect();
    outln!(
        "contest {}: {} problems{}",
        contest
            .name
            .as_deref()
            .unwrap_or(&dir.display().to_string()),
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
    );
    eprintln!(
        "reading and building {} problems, {jobs} at a time",
        mine.len()
    );
    let opened: Vec<(Opened, Duration)> = on_threads(jobs, || {
        mine.par_iter()
            .map(|p| {
                let start = Instant::now();
                (open_one(p, judge), start.elapsed())
            })
            .collect()
    });
    if interrupt::flag().load(Ordering::Relaxed) {
        return Err(ended(Stop::Interrupted, &found_dir("contest")));
    }
    let mut lines = Vec::new();
    for (problem, (opened, build_time)) in mine.iter().zip(opened) {
        outln!();
        outln!("== {} {}", problem.label, problem.id);
        let start = Instant::now();
        let mut line = Line {
            label: problem.label.clone(),
            id: problem.id.clone(),
            limit: "-".into(),
            submissions: "-".into(),
            contradictions: None,
            time: build_time,
            error: None,
        };
        let judged = match opened {
            Err(why) => Err(why),
            Ok((mut package, cases, built)) => {
                line.submissions = by_directory(&package);
                scale_to_this_machine(&mut package, keep_stated)?;
                print_built(&package, &built);
                match judge_package(&package, &cases, &built, jobs, |limit: &TimeLimit| {
                    outln!("{}", limit.explain())
                }) {
                    Ok(judged) => Ok((package, judged)),
                    Err(stop) => Err(problem_error(stop, &package.name)?),
                }
            }
        };
        match judged {
            Err(why) => {
                outln!("ERROR: {why}");
                line.error = Some(why.lines().next().unwrap_or("").to_string());
            }
            Ok((package, judged)) => {
                print_rows(&package, &judged.matrix, &judged.limit, &judged.margins);
                super::suite::print_margin_warnings(&judged.margins);
                line.limit = limits(&judged.limit);
                line.contradictions = Some(judged.matrix.contradictions());
            }
        }
        line.time += start.elapsed();
        lines.push(line);
    }
    print_summary(&lines, started.elapsed());
    let contradictions: usize = lines.iter().filter_map(|l| l.contradictions).sum();
    let errors = lines.iter().filter(|l| l.error.is_some()).count();
    Ok(if contradictions > 0 {
        ExitCode::FAILURE
    } else if errors > 0 {
        ExitCode::from(EXIT_JURY_FAULT)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_summary(lines: &[Line], total: Duration) {
    outln!();
    let id_width = lines.iter().map(|l| l.id.len()).max().unwrap_or(7).max(7);
    let limit_width = lines
        .iter()
        .map(|l| l.limit.len())
        .max()
        .unwrap_or(0)
        .max(22);
    outln!(
        "{:<5} {:<id_width$}  {:<limit_width$}  {:>14}  {:>8}  submissions",
        "label",
        "problem",
        "limit derived / stated",
        "contradictions",
        "time"
    );
    for l in lines {
        let contra = l.contradictions.map_or("-".to_string(), |c| c.to_string());
        let rest = match &l.error {
            Some(why) => format!("ERROR: {why}"),
            None => l.submissions.clone(),
        };
        outln!(
            "{:<5} {:<id_width$}  {:<limit_width$}  {contra:>14}  {:>7.1}s  {rest}",
            l.label,
            l.id,
            l.limit,
            l.time.as_secs_f64()
        );
    }
    let contradictions: usize = lines.iter().filter_map(|l| l.contradictions).sum();
    let errors = lines.iter().filter(|l| l.error.is_some()).count();
    outln!(
        "{} problems in {:.1} s: {contradictions} contradictions, {errors} problems with errors",
        lines.len(),
        total.as_secs_f64()
    );
}
