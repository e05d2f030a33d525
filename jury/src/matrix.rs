//! Every submission on every test: the kill matrix. Runs go in parallel on
//! `--jobs` threads; each submission's verdicts are then checked against what its
//! directory, `submissions.yaml` and `@EXPECTED_RESULTS@` say they must be.

use super::run::{is_jury_fault, Case, Jury, Limits, Run};
use jurybox_stress::jobs::on_threads;
use rayon::prelude::*;

/// One submission's row.
#[derive(Clone, Debug)]
pub struct Row {
    /// The submission's index in the package.
    pub submission: usize,
    /// Its name (`wrong_answer/greedy.cpp`).
    pub name: String,
    /// Its run on each test (`None`: not run, because it did not build).
    pub runs: Vec<Option<Run>>,
    /// Why it did not build, if it did not.
    pub build_error: Option<String>,
    /// Every requirement its verdicts break.
    pub violations: Vec<String>,
}

impl Row {
    /// Whether it passed every test it ran.
    pub fn all_accepted(&self) -> bool {
        self.build_error.is_none()
            && self.runs.iter().all(|r| {
                r.as_ref()
                    .is_some_and(|r| r.verdict == jurybox_package::Verdict::AC)
            })
    }

    /// Its slowest run: (test index, CPU seconds).
    pub fn slowest(&self) -> Option<(usize, f64)> {
        self.runs
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.as_ref().map(|r| (i, r.cpu)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// The first test on which its dialogue stalled ([`Run::stalled`]):
    /// separable whatever CPU time it used.
    pub fn stalled_on(&self) -> Option<usize> {
        self.runs
            .iter()
            .position(|r| r.as_ref().is_some_and(|r| r.stalled))
    }
}

/// The matrix of `submissions` (package indices) × `cases`.
#[derive(Clone, Debug)]
pub struct Matrix {
    /// The tests' names, in run order.
    pub tests: Vec<String>,
    /// One row per submission asked for.
    pub rows: Vec<Row>,
    /// Runs the jury's own programs spoiled (a validator that failed), with the
    /// submission and test: these are no verdicts on the submission.
    pub faults: Vec<String>,
}

impl Matrix {
    /// Whether some submission's verdicts contradict its requirements.
    pub fn contradictions(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| !r.violations.is_empty())
            .count()
    }
}

/// Runs `submissions` on `cases` under `limits`, `jobs` runs at a time.
pub fn run_matrix(
    jury: &Jury,
    submissions: &[usize],
    cases: &[Case],
    limits: &Limits,
    jobs: usize,
) -> Matrix {
    let pairs: Vec<(usize, usize)> = submissions
        .iter()
        .flat_map(|&s| (0..cases.len()).map(move |t| (s, t)))
        .filter(|&(s, _)| jury.built.submissions[s].is_ok())
        .collect();
    let results: Vec<((usize, usize), Run)> = on_threads(jobs, || {
        pairs
            .par_iter()
            .map(|&(s, t)| {
                let program = jury.built.submissions[s].as_ref().expect("filtered");
                ((s, t), jury.run(program, &cases[t], limits))
            })
            .collect()
    });
    let mut faults = Vec::new();
    let mut rows: Vec<Row> = submissions
        .iter()
        .map(|&s| Row {
            submission: s,
            name: jury.package.submissions[s].name.clone(),
            runs: vec![None; cases.len()],
            build_error: jury.built.submissions[s].as_ref().err().cloned(),
            violations: Vec::new(),
        })
        .collect();
    for ((s, t), run) in results {
        let row = rows
            .iter_mut()
            .find(|r| r.submission == s)
            .expect("a row per submission");
        if is_jury_fault(&run.detail) {
            faults.push(format!("{} on {}: {}", row.name, cases[t].name, run.detail));
        }
        row.runs[t] = Some(run);
    }
    for row in &mut rows {
        if row.build_error.is_some() {
            continue;
        }
        let verdicts: Vec<(String, jurybox_package::Verdict)> = row
            .runs
            .iter()
            .zip(cases)
            .filter_map(|(r, c)| r.as_ref().map(|r| (c.name.clone(), r.verdict)))
            .collect();
        row.violations = jury.package.submissions[row.submission].violations(&verdicts);
    }
    Matrix {
        tests: cases.iter().map(|c| c.name.clone()).collect(),
        rows,
        faults,
    }
}
