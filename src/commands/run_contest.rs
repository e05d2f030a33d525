//! `jurybox run CONTEST`: every problem of a contest (a folder of problem
//! folders, a BAPCtools contest, a Polygon contest.xml) judged as `run DIR`
//! judges one, and one summary table: each problem's limit (derived and
//! stated), its submissions by directory, its contradictions (of verdicts or
//! of stated scores), a scored problem's points, and the time it took. The
//! slow part that needs no quiet machine (reading, building the generated tests, compiling every program) runs for every problem at once,
//! `jobs` programs at a time across problems. The judging then goes in the
//! contest's order, two problems at a time on one work queue of `jobs` slots
//! (`jurybox_jury::contest::in_order`, `jurybox_jury::Gate`): the next problem's runs take
//! the cores the one before leaves idle (its parallel pass's last runs, a
//! matrix of few rows, a slot between two of its runs), and a run alone,
//! whose time sets a limit, still has the machine to itself. Each problem's lines are printed whole, in order. A
//! problem that cannot be read, built or judged (a jury fault) is a named
//! error for that problem, and the others go on; Ctrl-C ends it all (130).
//! Exit 1 if any problem has a contradiction, else 3 if any had an error.

use crate::contest_view as summary;
use crate::exit;
use crate::interrupt;
use crate::output::Terminal;
use crate::package_view::{
    print_built, print_inputs, print_margin_warnings, print_rechecked, print_rows,
    print_validator_cases,
};
use crate::stopped::{ended, opened};
use anyhow::Result;
use jurybox_format::contest::{Contest, ContestProblem};
use jurybox_format::Package;
use jurybox_judging::jobs::on_threads;
use jurybox_judging::shard::Shard;
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::{
    by_directory, header, in_order, limits, owned, write_report, ContestCommand, ProblemLine,
    PROBLEMS_AT_ONCE,
};
use jurybox_jury::package::{compare_recorded_speed, judge_package, open};
use jurybox_jury::{build_package_as, choose_judge, BuiltPackage, Case, Stop, TimeLimit, Turn};
use jurybox_languages::Judge;
use rayon::prelude::*;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// A problem read and built, or why not.
type Opened = Result<(Package, Vec<Case>, BuiltPackage), String>;

/// A problem ready to judge: its summary line so far and the lines printed
/// for it (its header, its judge, a limit scaled to this machine).
struct Ready {
    line: ProblemLine,
    said: String,
    opened: Opened,
    build_time: Duration,
}

/// A problem judged: its summary line and every line printed for it.
struct Done {
    line: ProblemLine,
    said: String,
}

/// A stop as one problem's error (its input saved); Ctrl-C ends the command.
fn stop_error(stop: Stop, package: &str) -> Result<String> {
    let (why, _) = summary::problem_error(ended(stop, &found_dir(package)))?;
    Ok(why)
}

/// Reads and builds one problem; the problems run side by side, their
/// builds on the same pool of `jobs` threads.
fn open_one(problem: &ContestProblem, judge: Option<Judge>, jobs: usize) -> Opened {
    let package = problem.package.as_ref().map_err(|e| e.to_string())?;
    let cancel = interrupt::flag();
    let (package, cases) =
        open(&package.dir, jobs, cancel, &Terminal).map_err(|e| format!("{:#}", opened(e)))?;
    let built = build_package_as(&package, choose_judge(&package, judge), jobs, cancel);
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
    let mine = owned(&contest, shard);
    outln!("{}", header(&contest, shard, &mine));
    errln!(
        "reading and building {} problems, {jobs} at a time",
        mine.len()
    );
    let opened: Vec<(Opened, Duration)> = on_threads(jobs, || {
        mine.par_iter()
            .map(|p| {
                let start = Instant::now();
                (open_one(p, judge, jobs), start.elapsed())
            })
            .collect()
    });
    if interrupt::flag().load(Ordering::Relaxed) {
        return Err(ended(Stop::Interrupted, &found_dir("contest")));
    }
    // A limit scaled to this machine is measured here, one problem after
    // another, before any judging shares the machine.
    let mut ready = Vec::new();
    for (problem, (opened, build_time)) in mine.iter().zip(opened) {
        let (prepared, said) = crate::output::kept(|| prepare(problem, opened, keep_stated));
        let (line, opened) = prepared?;
        ready.push(Ready {
            line,
            said,
            opened,
            build_time,
        });
    }
    errln!(
        "judging in the contest's order, {PROBLEMS_AT_ONCE} problems at a time on {jobs} slots: a problem's time overlaps the next one's"
    );
    let judge_one = |priority: usize, ready: Ready| -> Result<Done> {
        let label = ready.line.label.clone();
        let turn = Turn::of(priority, &label);
        let (line, said) = jurybox_judging::progress::within(&label, || {
            crate::output::kept(|| judge_ready(ready.line, ready.opened, (jobs, turn), every_cell))
        });
        let mut line = line?;
        line.seconds += ready.build_time.as_secs_f64();
        Ok(Done {
            line,
            said: ready.said + &said,
        })
    };
    let done = in_order(ready, judge_one, |done: &Done| {
        crate::output::write(format_args!("{}", done.said))
    })?;
    let lines: Vec<ProblemLine> = done.into_iter().map(|d| d.line).collect();
    if let Some(path) = report {
        let how = ContestCommand {
            command: "run",
            options: format!(
                "judge {judge:?}, stated limit kept {keep_stated}, every cell run {every_cell}"
            ),
            shard,
        };
        write_report(path, &how, &contest, &lines, started.elapsed())?;
    }
    summary::print(&lines, started.elapsed().as_secs_f64());
    Ok(summary::worst(lines.iter().map(|l| l.status)))
}

/// A problem's header and judge printed, its stated limit compared with this machine.
fn prepare(
    problem: &ContestProblem,
    opened: Opened,
    keep_stated: bool,
) -> Result<(ProblemLine, Opened)> {
    outln!();
    outln!("== {} {}", problem.label, problem.id);
    let mut line = ProblemLine::new(&problem.label, &problem.id);
    let opened = match opened {
        Err(why) => Err(why),
        Ok((package, cases, built)) => {
            line.submissions = by_directory(&package);
            compare_recorded_speed(&package, keep_stated, interrupt::flag(), &Terminal)?;
            print_built(&package, &built);
            Ok((package, cases, built))
        }
    };
    Ok((line, opened))
}

/// A problem judged on its `turn`, its limit, rows and warnings printed; its
/// line says the time from its judging's start to its end (problems judged
/// at once overlap).
fn judge_ready(
    mut line: ProblemLine,
    opened: Opened,
    (jobs, turn): (usize, Turn),
    every_cell: bool,
) -> Result<ProblemLine> {
    let start = Instant::now();
    let judged = match opened {
        Err(why) => Err(why),
        Ok((package, cases, built)) => {
            let said = |limit: &TimeLimit| outln!("{}", limit.explain());
            let cancel = interrupt::flag();
            match judge_package(
                &package,
                &cases,
                &built,
                (jobs, turn),
                every_cell,
                cancel,
                said,
            ) {
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
            print_validator_cases(&judged.validator_cases);
            print_inputs(&judged.inputs);
            print_rechecked(&judged.rechecked);
            print_rows(&package, &judged.matrix, &judged.limit, &judged.margins);
            print_margin_warnings(&judged.margins);
            let scored = jurybox_jury::score_matrix(&package, &judged.matrix, judged.limit.seconds);
            crate::run_scores::print_scores(&package, &judged.matrix, &scored);
            // A submission counts once, whether its verdicts, its score or both
            // contradict what is stated of it.
            let contradicting = judged
                .matrix
                .rows
                .iter()
                .filter(|r| !r.violations.is_empty())
                .map(|r| r.submission)
                .chain(
                    scored
                        .iter()
                        .filter(|s| !s.contradictions.is_empty())
                        .map(|s| s.submission),
                )
                .collect::<std::collections::BTreeSet<usize>>()
                .len();
            line.limit = limits(&judged.limit);
            line.contradictions = Some(contradicting);
            line.points = jurybox_jury::points(&package, &scored);
            line.status = exit::found_if(contradicting > 0);
        }
    }
    line.seconds = start.elapsed().as_secs_f64();
    Ok(line)
}
