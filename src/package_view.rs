//! A judged package as the terminal shows it (`run`, `harden`, `mutants`,
//! `stress` and `report` on a package or contest): the judge and validators
//! it is built with, the matrix, a line per submission, the margins' warnings.

use crate::output::Terminal;
use jurybox_core::Verdict;
use jurybox_format::Package;
use jurybox_jury::package::{separable, tell_built, Separable};
use jurybox_jury::{BuiltPackage, LimitSide, Margin, Matrix, Row, TimeLimit};
use jurybox_report::MarginRow;

/// A submission's column header: its file name, cut to 12 characters.
fn short(name: &str) -> String {
    let file = name.rsplit('/').next().unwrap_or(name);
    file.chars().take(12).collect()
}

/// The matrix: a line per test (a scored problem's groups each opened with
/// its points and rule), a column per submission (verdict and CPU time),
/// and what a skipped cell means.
pub fn print_matrix(package: &Package, matrix: &Matrix) {
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
                Some(run) => format!("{} {:.2}", run.shown(package), run.cpu),
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

/// `AC×4 WA×1`: a row's verdicts counted as its cells show them (`MLE`
/// apart from `RTE` where the format names it), and its cells skipped.
fn tally(package: &Package, row: &Row) -> String {
    let words: Vec<&str> = row
        .runs
        .iter()
        .flatten()
        .map(|r| r.shown(package))
        .collect();
    let mut order: Vec<&str> = Verdict::ALL.iter().map(|v| v.code()).collect();
    order.insert(order.len() - 1, "MLE");
    let mut counts: Vec<String> = order
        .iter()
        .filter_map(|w| {
            let n = words.iter().filter(|x| *x == w).count();
            (n > 0).then(|| format!("{w}×{n}"))
        })
        .collect();
    if row.unrun() > 0 {
        counts.push(format!("{SKIPPED}×{}", row.unrun()));
    }
    counts.join(" ")
}

/// A line per submission: its verdicts counted, and either its margin and
/// the separable rule's word on it, why it was not run, or its contradiction.
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
                .find(|m| m.side == LimitSide::Accepted && m.submission == row.name);
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
                match separable(package, row, limit) {
                    Some(Separable::Stalled { test }) => {
                        s += &format!(
                            ", separable: it stalled (idle past the wall clock) on {}",
                            matrix.tests[test]
                        );
                    }
                    Some(Separable::Over { test, .. }) => {
                        s += &format!(
                            ", separable: over {:.2} s on {}",
                            limit.tle_seconds(),
                            matrix.tests[test]
                        );
                    }
                    Some(Separable::Under { test, cpu }) => {
                        s += &format!(
                            ", NOT SEPARABLE: its slowest, {cpu:.2} s on {}, is under {} × the limit ({:.2} s)",
                            matrix.tests[test],
                            limit.time_limit_to_tle,
                            limit.tle_seconds()
                        );
                    }
                    None => {}
                }
            }
            s
        } else {
            format!("CONTRADICTION: {}", row.violations.join("; "))
        };
        outln!(
            "{:name_width$}  {:<26}  {status}",
            row.name,
            tally(package, row)
        );
    }
}

/// Prints the judge and the input validators (the header, once), then what
/// could not be built and which jury programs run on this machine's tools.
pub fn print_built(package: &Package, built: &BuiltPackage) {
    tell_built(package, built, &Terminal);
}

/// A warning for each margin within noise of its line (`jurybox_jury::margins`).
pub fn print_margin_warnings(margins: &[Margin]) {
    for warning in margins.iter().filter_map(Margin::warning) {
        outln!("{warning}");
    }
}

/// Each cell an accepted submission timed out on and the jury ran again as
/// the limit's derivation measures (`jurybox_jury::recheck_accepted`).
pub fn print_rechecked(rechecked: &[String]) {
    for line in rechecked {
        outln!("run again: {line}");
    }
}

/// The jury's margins as the report shows them.
pub fn margin_rows(margins: &[Margin]) -> Vec<MarginRow> {
    margins
        .iter()
        .map(|m| MarginRow {
            program: m.submission.clone(),
            test: m.test.clone(),
            seconds: m.seconds,
            line: match m.side {
                LimitSide::Accepted => "limit",
                LimitSide::TooSlow => "TLE line",
            }
            .to_string(),
            line_seconds: m.line,
            warning: m.warning(),
        })
        .collect()
}

/// The tests' inputs as the validators judged them with each group's
/// arguments: one line, or the note saying why they were not checked.
pub fn print_inputs(validated: &jurybox_jury::Validated) {
    if let Some(note) = &validated.note {
        errln!("note: {note}");
    }
    if let Some(line) = validated.line() {
        outln!("{line}");
    }
}

/// The validator tests' line and what could not be checked.
pub fn print_validator_cases(checked: &jurybox_jury::Checked) {
    for note in &checked.notes {
        errln!("note: {note}");
    }
    if let Some(line) = checked.line() {
        outln!("{line}");
    }
}
