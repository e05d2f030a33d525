//! `jurybox run PACKAGE`: every submission on every test of a Kattis / BAPCtools
//! package, as `bt run` does: the judge whose settings build and run it (one
//! line: its compilers, interpreters and stack for the package's languages),
//! the input validators (one line), what could not be read or built, the time
//! limit and how it was found, the matrix (test × submission: verdict and CPU
//! time), and each submission's verdicts against what its directory says; exit
//! 1 on a contradiction, 2 when the package cannot be judged (the jury's
//! fault). A submission that must fail stops where the judges stop it, at its
//! first rejection in run order, as `bt run` does (`jury::run_matrix_as_judged`):
//! the rest of its row is "skipped", which `--all` fills.

use crate::exit;
use crate::interrupt;
use crate::stopped::ended;
use anyhow::{anyhow, Result};
use jurybox_format::{Package, PackageError, Verdict};
use jurybox_judging::store::found_dir;
use jurybox_jury::Stop;
use jurybox_jury::{
    build_package_as, choose_judge, derive_keeping, margins, run_matrix_as_judged, run_matrix_with,
    BuiltPackage, Case, Checked, Jury, Limits, Margin, Matrix, Row, Side, TimeLimit, Turn,
};
use jurybox_languages::Judge;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

/// A package read and its tests loaded, with what could not be used reported;
/// a Polygon package's generated tests built first, its tests validated and
/// its self-checks run (`jurybox_jury::polygon::prepare`, `jobs` at a time).
pub fn open(dir: &Path, jobs: usize) -> Result<(Package, Vec<Case>)> {
    let package = read_prepared(dir, jobs)?;
    let cases = package
        .data
        .tests
        .iter()
        .map(|t| Case::read(t).map_err(|e| anyhow!("{}: {e}", t.input.display())))
        .collect::<Result<Vec<_>>>()?;
    Ok((package, cases))
}

/// A package read, with what could not be used reported, and made ready to
/// judge: a Polygon package's generated tests built, validated and answered,
/// its self-checks run (`jurybox_jury::polygon::prepare`, `jobs` at a time).
pub fn read_prepared(dir: &Path, jobs: usize) -> Result<Package> {
    let mut package = Package::read(dir)?;
    for issue in &package.issues {
        errln!("note: {issue}");
    }
    let prepared = jurybox_jury::polygon::prepare(&mut package, jobs, interrupt::flag())
        .map_err(|stop| ended(stop, &found_dir(&package.name)))?;
    for note in &prepared.notes {
        errln!("{}: {note}", package.name);
    }
    Ok(package)
}

/// A submission's column header: its file name, cut to 12 characters.
fn short(name: &str) -> String {
    let file = name.rsplit('/').next().unwrap_or(name);
    file.chars().take(12).collect()
}

fn print_matrix(package: &Package, matrix: &Matrix) {
    let width = |h: &str| h.chars().count().max(9);
    let headers: Vec<String> = matrix.rows.iter().map(|r| short(&r.name)).collect();
    let test_width = matrix
        .tests
        .iter()
        .map(|t| t.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut line = format!("{:test_width$}", "test");
    for h in &headers {
        line += &format!("  {h:>w$}", w = width(h));
    }
    outln!("{line}");
    for (t, test) in matrix.tests.iter().enumerate() {
        if let Some(header) = package
            .scoring
            .as_ref()
            .and_then(|s| crate::run_scores::group_header(s, t))
        {
            outln!("{header}");
        }
        let mut line = format!("{test:test_width$}");
        for (row, h) in matrix.rows.iter().zip(&headers) {
            let cell = match &row.runs[t] {
                Some(run) => format!("{} {:.2}", run.verdict, run.cpu),
                None if row.stopped_early => SKIPPED.to_string(),
                None => "-".to_string(),
            };
            line += &format!("  {cell:>w$}", w = width(h));
        }
        outln!("{line}");
    }
    if matrix.rows.iter().any(|r| r.stopped_early) {
        outln!("{SKIPPED}: not run, the submission had already failed where the judges stop it (--all runs every cell)");
    }
}

/// A cell not run because its submission had stopped early: no verdict.
const SKIPPED: &str = "skipped";

/// `AC×4 WA×1`: a row's verdicts counted, and its cells skipped.
fn tally(row: &Row) -> String {
    let mut counts: Vec<String> = Verdict::ALL
        .iter()
        .filter_map(|v| {
            let n = row
                .runs
                .iter()
                .flatten()
                .filter(|r| r.verdict == *v)
                .count();
            (n > 0).then(|| format!("{v}×{n}"))
        })
        .collect();
    if row.unrun() > 0 {
        counts.push(format!("{SKIPPED}×{}", row.unrun()));
    }
    counts.join(" ")
}

pub fn print_rows(package: &Package, matrix: &Matrix, limit: &TimeLimit, margins: &[Margin]) {
    let name_width = matrix.rows.iter().map(|r| r.name.len()).max().unwrap_or(10);
    for row in &matrix.rows {
        let sub = &package.submissions[row.submission];
        let status = if let Some(e) = &row.build_error {
            format!("NOT RUN: {}", e.lines().next().unwrap_or(""))
        } else if row.violations.is_empty() {
            let mut s = "ok".to_string();
            let accepted = margins
                .iter()
                .find(|m| m.side == Side::Accepted && m.submission == row.name);
            if let Some(m) = accepted {
                s += &format!(", {}", m.describe());
            }
            if let Some((t, cpu)) = row.slowest() {
                if accepted.is_none() && sub.bounds_below(&matrix.tests[t]) && cpu > 0.0 {
                    s += &format!(
                        ", slowest {cpu:.3} s on {}, margin {:.1}×",
                        matrix.tests[t],
                        limit.seconds / cpu
                    );
                }
                if sub.bounds_above() {
                    if let Some(stuck) = row.stalled_on() {
                        s += &format!(
                            ", separable: it stalled (idle past the wall clock) on {}",
                            matrix.tests[stuck]
                        );
                    } else if cpu > limit.tle_seconds() {
                        s += &format!(
                            ", separable: over {:.2} s on {}",
                            limit.tle_seconds(),
                            matrix.tests[t]
                        );
                    } else {
                        s += &format!(
                            ", NOT SEPARABLE: its slowest, {cpu:.2} s on {}, is under {} × the limit ({:.2} s)",
                            matrix.tests[t],
                            limit.time_limit_to_tle,
                            limit.tle_seconds()
                        );
                    }
                }
            }
            s
        } else {
            format!("CONTRADICTION: {}", row.violations.join("; "))
        };
        outln!("{:name_width$}  {:<26}  {status}", row.name, tally(row));
    }
}

/// A package's stated limit as it corresponds to this machine: when
/// problem.yaml records the speed it was stated at (`jurybox calibrate`), this
/// machine is measured, the comparison printed, and, unless `keep_stated`,
/// the limit scaled (beyond the calibration's noise) in the package read.
pub fn scale_to_this_machine(package: &mut Package, keep_stated: bool) -> Result<()> {
    let text = std::fs::read_to_string(package.dir.join("problem.yaml")).unwrap_or_default();
    let Some(recorded) = jurybox_format::recorded_speed(&text) else {
        return Ok(());
    };
    let Some((stated, file)) = package.config.time_limit.clone() else {
        errln!(
            "note: problem.yaml records speed {recorded:.2}, but states no limit: the limit is derived here"
        );
        return Ok(());
    };
    if keep_stated {
        outln!("stated limit {stated:.2} s kept as it is (--stated-limit; it was stated at speed {recorded:.2})");
        return Ok(());
    }
    let here = super::calibrate::measure()?;
    let scaled = jurybox_jury::scale(stated, recorded, here.speed);
    outln!("{} ({})", scaled.explain(), here.figures());
    if scaled.differs() {
        outln!(
            "judging with {:.2} s (--stated-limit keeps {stated:.2} s)",
            scaled.seconds
        );
        package.config.time_limit = Some((
            scaled.seconds,
            format!(
                "{file}'s {stated:.2} s at speed {recorded:.2}, scaled to this machine's {:.2}",
                here.speed
            ),
        ));
    }
    Ok(())
}

/// Prints the judge and the input validators (the header, once), then what
/// could not be built and which jury programs run on this machine's tools.
pub fn print_built(package: &Package, built: &BuiltPackage) {
    outln!("{}", built.judge_line(package));
    outln!("{}", built.validators_line());
    for failure in built.failures_but_input_validators() {
        errln!("note: {failure}");
    }
    for substitute in &built.substitutes {
        errln!("note: {substitute}");
    }
}

/// The validator tests' line and what could not be checked.
pub fn print_validator_cases(checked: &Checked) {
    for note in &checked.notes {
        errln!("note: {note}");
    }
    if let Some(line) = checked.line() {
        outln!("{line}");
    }
}

/// A package judged: its validator tests, its limit, every submission on
/// every test, the margins.
pub struct Judged {
    pub validator_cases: Checked,
    pub limit: TimeLimit,
    pub matrix: Matrix,
    pub margins: Vec<Margin>,
}

/// Checks the package's validator tests (`data/invalid_input/`, ...: one
/// that does not hold is the jury's fault, a [`Stop`]), derives the limit of
/// a package whose programs are `built` (`said` is told it as soon as it is
/// known), then runs every submission on the tests
/// under it, `jobs` at a time: every test with `every_cell`, else a
/// submission that must fail only up to where the judges stop it. Its runs
/// take their `turn` with other problems judged at once.
pub fn judge_package(
    package: &Package,
    cases: &[Case],
    built: &BuiltPackage,
    (jobs, turn): (usize, Turn),
    every_cell: bool,
    said: impl FnOnce(&TimeLimit),
) -> Result<Judged, Stop> {
    let jury = Jury {
        package,
        built,
        cancel: interrupt::flag(),
        turn,
    };
    let validator_cases = jury.check_validator_cases()?;
    if let Some(stop) = validator_cases.as_stop() {
        return Err(stop);
    }
    let (limit, first) = derive_keeping(&jury, cases, jobs, 0.0)?;
    said(&limit);
    let all: Vec<usize> = (0..package.submissions.len()).collect();
    let limits = Limits::of(package, limit.seconds);
    let matrix = match every_cell {
        true => run_matrix_with(&jury, &all, cases, &limits, jobs, None, &first)?,
        false => run_matrix_as_judged(&jury, &all, cases, &limits, jobs, &first)?,
    };
    let margins = margins(package, &matrix, &limit);
    Ok(Judged {
        validator_cases,
        limit,
        matrix,
        margins,
    })
}

/// How `run PACKAGE` was asked to run.
pub struct RunPackage<'a> {
    pub dir: &'a Path,
    pub jobs: usize,
    pub judge: Option<Judge>,
    pub keep_stated: bool,
    /// `--all`: every submission on every test.
    pub every_cell: bool,
}

pub fn run(asked: &RunPackage) -> Result<ExitCode> {
    let RunPackage {
        dir,
        jobs,
        judge,
        keep_stated,
        every_cell,
    } = *asked;
    let (mut package, cases) = match open(dir, jobs) {
        Ok(opened) => opened,
        Err(e) => match e.downcast_ref::<PackageError>() {
            // The package's own fault, not a usage error: the jury's exit code.
            Some(unjudgeable @ PackageError::NoOutputValidator { .. }) => {
                errln!("jury fault: {unjudgeable}");
                return Ok(exit::code(exit::JURY_FAULT));
            }
            _ => return Err(e),
        },
    };
    scale_to_this_machine(&mut package, keep_stated)?;
    let built = build_package_as(
        &package,
        choose_judge(&package, judge),
        jobs,
        interrupt::flag(),
    );
    let save = found_dir(&package.name);
    let stopped = |stop| ended(stop, &save);
    if interrupt::flag().load(Ordering::Relaxed) {
        return Err(stopped(Stop::Interrupted));
    }
    print_built(&package, &built);
    let (samples, secret) = (
        package.data.tests.iter().filter(|t| t.sample).count(),
        package.data.tests.iter().filter(|t| !t.sample).count(),
    );
    errln!(
        "{}: {} tests ({samples} sample, {secret} secret), {} submissions; deriving the time limit",
        package.name,
        cases.len(),
        package.submissions.len()
    );
    // A run with no verdict (the jury's fault, Ctrl-C) ends the command: no
    // verdict, no contradiction is shown from a jury that failed.
    let Judged {
        validator_cases,
        limit,
        matrix,
        margins,
    } = judge_package(
        &package,
        &cases,
        &built,
        (jobs, Turn::default()),
        every_cell,
        |limit: &TimeLimit| outln!("{}", limit.explain()),
    )
    .map_err(stopped)?;
    print_validator_cases(&validator_cases);
    print_matrix(&package, &matrix);
    outln!();
    print_rows(&package, &matrix, &limit, &margins);
    super::suite::print_margin_warnings(&margins);
    let scored = jurybox_jury::score_matrix(&package, &matrix, limit.seconds);
    let wrong_scores = crate::run_scores::print_scores(&package, &matrix, &scored);
    let contradictions = matrix.contradictions();
    if contradictions + wrong_scores > 0 {
        if contradictions > 0 {
            outln!("{contradictions} submissions contradict their expected verdicts");
        }
        if wrong_scores > 0 {
            outln!("{wrong_scores} submissions contradict their expected scores");
        }
        return Ok(exit::code(exit::FOUND));
    }
    match package.scoring {
        Some(_) => outln!("every submission's verdicts and stated scores are as expected"),
        None => outln!("every submission's verdicts are as expected"),
    }
    Ok(ExitCode::SUCCESS)
}
