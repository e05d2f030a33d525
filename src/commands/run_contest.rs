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

use super::contest_summary as summary;
use super::run_package::{judge_package, open, print_built, print_rows, scale_to_this_machine};
use crate::exit;
use crate::interrupt;
use crate::stopped::ended;
use anyhow::Result;
use jurybox_format::contest::{Contest, ContestProblem};
use jurybox_format::Package;
use jurybox_judging::jobs::on_threads;
use jurybox_judging::store::found_dir;
use jurybox_jury::{build_package_as, choose_judge, BuiltPackage, Case, Stop, TimeLimit};
use jurybox_languages::Judge;
use jurybox_stress::shard::contest::ProblemLine;
use jurybox_stress::shard::Shard;
use rayon::prelude::*;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// A problem read and built, or why not.
type Opened = Result<(Package, Vec<Case>, BuiltPackage), String>;

/// A stop as one problem's error (its input saved); Ctrl-C ends the command.
fn stop_error(stop: Stop, package: &str) -> Result<String> {
    let (why, _) = summary::problem_error(ended(stop, &found_dir(package)))?;
    Ok(why)
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

/// How `run CONTEST` was asked to run.
pub struct RunContest<'a> {
    pub dir: &'a Path,
    pub jobs: usize,
    pub judge: Option<Judge>,
    pub keep_stated: bool,
    /// `--all`: every submission on every test.
    pub every_cell: bool,
    pub shard: Option<Shard>,
    pub report: Option<&'a Path>,
}

pub fn run(asked: &RunContest) -> Result<ExitCode> {
    let RunContest {
        dir,
        jobs,
        judge,
        keep_stated,
        every_cell,
        shard,
        report,
    } = *asked;
    let started = Instant::now();
    let contest = Contest::read(dir)?;
    for issue in &contest.issues {
        errln!("note: {issue}");
    }
    let mine = summary::owned(&contest, shard);
    outln!("{}", summary::header(&contest, shard, &mine));
    errln!(
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
        let mut line = ProblemLine::new(&problem.label, &problem.id);
        let judged = match opened {
            Err(why) => Err(why),
            Ok((mut package, cases, built)) => {
                line.submissions = summary::by_directory(&package);
                scale_to_this_machine(&mut package, keep_stated)?;
                print_built(&package, &built);
                let said = |limit: &TimeLimit| outln!("{}", limit.explain());
                match judge_package(&package, &cases, &built, jobs, every_cell, said) {
                    Ok(judged) => Ok((package, judged)),
                    Err(stop) => Err(stop_error(stop, &package.name)?),
                }
            }
        };
        match judged {
            Err(why) => {
                outln!("ERROR: {why}");
                line.error = Some(summary::first_line(&why));
                line.status = exit::JURY_FAULT;
            }
            Ok((package, judged)) => {
                print_rows(&package, &judged.matrix, &judged.limit, &judged.margins);
                super::suite::print_margin_warnings(&judged.margins);
                line.limit = summary::limits(&judged.limit);
                line.contradictions = Some(judged.matrix.contradictions());
                line.status = exit::found_if(judged.matrix.contradictions() > 0);
            }
        }
        line.seconds = (build_time + start.elapsed()).as_secs_f64();
        lines.push(line);
    }
    if let Some(path) = report {
        let options = format!(
            "judge {judge:?}, stated limit kept {keep_stated}, every cell run {every_cell}"
        );
        summary::write_report(
            path,
            "run",
            &contest,
            options,
            shard,
            &lines,
            started.elapsed(),
        )?;
    }
    summary::print(&lines, started.elapsed().as_secs_f64());
    Ok(summary::worst(lines.iter().map(|l| l.status)))
}
