//! A built suite judged the one way every package is judged (issue 23's "one
//! path"): its package is written first ([`crate::package::stage_package`]: the
//! mutants waiting in `submissions/rejected/`, which bounds the limit on neither
//! side, and `problem.yaml` with no limit), opened with [`jurybox_jury`], the
//! limit derived there from `accepted/` alone (the plan's floor, the package's
//! resolution and multipliers), the intended solutions run on every test under
//! it (a time limit judged as the derivation measures, at its quiet moment:
//! `jurybox_jury::recheck_accepted`), and the mutants run with an early stop. What a built-in problem adds is
//! only the view: each mutant's declared [`Flaw`], and its test names as the
//! suite names them.

use super::kills::{MutantRow, TestRun, NEAR_LIMIT};
use super::package::WAITING;
use super::plan::TimeLimitRule;
use super::suite_tests::SuiteError;
use super::BuiltSuite;
use jurybox_core::Flaw;
use jurybox_format::layout::Category;
use jurybox_format::Package;
use jurybox_jury::{
    build_package, derive_keeping, margin, margins, recheck_accepted, run_matrix_with,
    BuiltPackage, Case, EarlyStop, FirstPass, Jury, LimitSide, Limits, Margin, Matrix, Stop,
    TimeLimit,
};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// A mutant as the judged package holds it (`submissions/rejected/NAME`).
#[derive(Clone, Debug)]
pub struct JudgedMutant {
    /// Its name, the engine's.
    pub name: String,
    /// The bug it carries.
    pub about: String,
    /// How the suite must kill it.
    pub flaw: Flaw,
}

/// What the jury found on a staged package.
#[derive(Clone, Debug)]
pub struct JudgedSuite {
    /// The limit and its derivation.
    pub limit: TimeLimit,
    /// Each intended solution (`accepted/NAME`) and its run on every test,
    /// under the limit.
    pub intended: Vec<(String, Vec<TestRun>)>,
    /// The kill table: each mutant's runs, killed past `time_limit_to_tle` × the
    /// limit, stopped once its place is settled.
    pub mutants: Vec<MutantRow>,
    /// Each intended solution's slowest run against the limit, and each slow
    /// mutant's against the TLE line (`jurybox_jury::margins`).
    pub margins: Vec<Margin>,
    /// What the package reader noted (nothing, for a package jurybox wrote).
    pub notes: Vec<String>,
}

/// The suite's name of the package's test `case` (`secret/tet2a` → `tet2a`).
fn suite_name(case: &str) -> &str {
    case.split_once('/').map_or(case, |(_, name)| name)
}

/// A matrix row's runs as the kill table has them: suite names, suite order.
fn runs_of(matrix: &Matrix, row: usize, cases: &[Case], suite: &BuiltSuite) -> Vec<TestRun> {
    let mut runs: Vec<(usize, TestRun)> = matrix.rows[row]
        .runs
        .iter()
        .zip(cases)
        .filter_map(|(run, case)| {
            let run = run.as_ref()?;
            let name = suite_name(&case.name);
            let order = suite.tests.iter().position(|t| t.name == name)?;
            Some((
                order,
                TestRun {
                    test: name.to_string(),
                    cpu_seconds: run.cpu,
                    verdict: run.detail.clone(),
                    judges: run.verdict,
                },
            ))
        })
        .collect();
    runs.sort_by_key(|(order, _)| *order);
    runs.into_iter().map(|(_, run)| run).collect()
}

/// Every validator of the staged package built (they are jurybox's own
/// C++ programs: one that does not build is the suite's fault).
fn validators_built(built: &BuiltPackage) -> Result<(), SuiteError> {
    for (name, ready) in built
        .input_validators
        .iter()
        .chain(&built.answer_validators)
    {
        if let Err(why) = ready {
            return Err(SuiteError::Directory(format!(
                "the validator {name} does not build: {why}"
            )));
        }
    }
    if let Some(Err(why)) = &built.output_validator {
        return Err(SuiteError::Directory(format!(
            "the output validator does not build: {why}"
        )));
    }
    Ok(())
}

/// The package staged in `dir` read, its programs built (every validator
/// must build) and its tests read: what a jury over it needs.
pub(crate) fn open_staged(
    dir: &Path,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<(Package, BuiltPackage, Vec<Case>), SuiteError> {
    let package = Package::read(dir).map_err(|e| SuiteError::Directory(e.to_string()))?;
    let built = build_package(&package, jobs, cancel);
    if cancel.load(Ordering::Relaxed) {
        return Err(SuiteError::Stopped(Stop::Interrupted));
    }
    validators_built(&built)?;
    let cases = package
        .data
        .tests
        .iter()
        .map(Case::read)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((package, built, cases))
}

/// Judges the package staged in `dir` for `suite`: the limit by `rule` from
/// `accepted/`, every intended solution under it, and each of `mutants` (in
/// [`WAITING`]) killed past `time_limit_to_tle` × the limit.
pub fn judge(
    dir: &Path,
    suite: &BuiltSuite,
    rule: &TimeLimitRule,
    mutants: &[JudgedMutant],
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<JudgedSuite, SuiteError> {
    let (package, built, cases) = open_staged(dir, jobs, cancel)?;
    let mut notes: Vec<String> = package.issues.iter().map(|i| i.to_string()).collect();
    let jury = Jury {
        package: &package,
        built: &built,
        cancel,
        turn: jurybox_jury::Turn::default(),
    };
    let index = |category: &Category, name: &str| {
        package.submissions.iter().position(|s| {
            s.category == *category
                && s.name
                    .strip_prefix(&format!("{category}/"))
                    .is_some_and(|n| n.strip_suffix(".cpp").unwrap_or(n) == name)
        })
    };
    let accepted: Vec<usize> = (0..package.submissions.len())
        .filter(|&s| package.submissions[s].category == Category::Accepted)
        .collect();
    if accepted.is_empty() {
        return Err(SuiteError::Directory(format!(
            "{} has no intended solution (packager/judge/{}/accepted/*.cpp): a limit needs a yardstick",
            suite.problem, suite.problem
        )));
    }
    let (limit, first) = derive_keeping(&jury, &cases, jobs, rule.floor_seconds)?;
    let limits = Limits::of(&package, limit.seconds);
    let mut intended = run_matrix_with(&jury, &accepted, &cases, &limits, jobs, None, &first)?;
    // A time limit is judged as the derivation measures a time (at its
    // quiet moment, runs again alone), so that load alone never makes an
    // intended solution fail; one truly over the limit still does.
    for line in recheck_accepted(&jury, &mut intended, &cases, &limits, &limit)? {
        notes.push(format!("run again: {line}"));
    }
    let mut intended_runs = Vec::new();
    for (i, row) in intended.rows.iter().enumerate() {
        let name = row.name.strip_prefix("accepted/").unwrap_or(&row.name);
        let name = name.strip_suffix(".cpp").unwrap_or(name).to_string();
        if let Some(why) = &row.build_error {
            return Err(SuiteError::Intended {
                program: name,
                reason: format!("it does not build: {why}"),
                test: "-".into(),
            });
        }
        let runs = runs_of(&intended, i, &cases, suite);
        if let Some(run) = runs.iter().find(|r| r.rejected()) {
            return Err(SuiteError::Intended {
                program: name,
                reason: run.why(),
                test: run.test.clone(),
            });
        }
        intended_runs.push((name, runs));
    }
    let mut margins = margins(&package, &intended, &limit);
    let mut rows = Vec::new();
    if !mutants.is_empty() {
        let which = mutants
            .iter()
            .map(|m| {
                index(&WAITING, &m.name).ok_or_else(|| {
                    SuiteError::Directory(format!(
                        "mutant {} is not in the staged package's submissions/{WAITING}/",
                        m.name
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        // Too slow only past time_limit_to_tle × the limit: between the two a
        // somewhat faster judge would accept it, so it is not counted as killed.
        // A kill is shown by CPU time: the wall clock gets ten times the kill
        // time, so a busy machine (2 cores, load 12) does not stop a mutant
        // idle-looking before its CPU time has told (a stop by the wall clock
        // under the CPU limit is a time limit to the jury: stalled).
        let tle = limit.tle_seconds();
        let limits = Limits {
            time_limit: tle,
            kill_at: jurybox_jury::kill_past(tle),
            wall_factor: 10.0,
            ..Limits::of(&package, limit.seconds)
        };
        let stop = EarlyStop {
            near_seconds: NEAR_LIMIT * limit.seconds,
        };
        let none = FirstPass::default();
        let matrix = run_matrix_with(&jury, &which, &cases, &limits, jobs, Some(stop), &none)?;
        for (i, mutant) in mutants.iter().enumerate() {
            if let Some(why) = &matrix.rows[i].build_error {
                return Err(SuiteError::Directory(format!(
                    "mutant {} does not build: {why}",
                    mutant.name
                )));
            }
            let row = &matrix.rows[i];
            if let (Flaw::TooSlow, None, Some((t, seconds))) =
                (mutant.flaw, row.stalled_on(), row.slowest())
            {
                let name = format!("mutant {}", mutant.name);
                margins.push(margin(
                    &name,
                    &matrix.tests[t],
                    seconds,
                    LimitSide::TooSlow,
                    &limit,
                ));
            }
            rows.push(MutantRow {
                mutant: mutant.name.clone(),
                about: mutant.about.clone(),
                flaw: mutant.flaw,
                runs: runs_of(&matrix, i, &cases, suite),
            });
        }
    }
    Ok(JudgedSuite {
        limit,
        intended: intended_runs,
        mutants: rows,
        margins,
        notes,
    })
}
