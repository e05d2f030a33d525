//! A built-in problem's suite from its plan to a judged package: the one
//! pipeline `jurybox suite`, `jurybox mutants`, `jurybox package` and
//! `jurybox report --kills` run. The plan's tests are built and cross-checked
//! ([`build_suite`]); the suite is staged as a package with the problem's C++
//! programs and judged by the jury there ([`judge_suite`]): the limit from the
//! intended solutions, then the mutants. The binary only gives it what it
//! embeds ([`ProblemSources`]) and prints what comes back.

use super::cpp::CppProgram;
use super::judged::{judge, JudgedMutant, JudgedSuite};
use super::package::{output_validator_args, stage_package, PackageContents};
use super::plan::{SuitePlan, TimeLimitRule};
use super::staging::{staging, Staging};
use super::suite_tests::{build_invalid, build_tests, Sample, SuiteError};
use super::BuiltSuite;
use jurybox_stress::Harness;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a built-in problem's suite is made from: its plan
/// (`suites/PROBLEM.toml`), its C++ programs made whole
/// (`packager/judge/PROBLEM/`) and the spec's samples (`corpus/`).
pub struct ProblemSources {
    /// The plan.
    pub plan: SuitePlan,
    /// The C++ programs a package ships.
    pub programs: Vec<CppProgram>,
    /// The spec's samples.
    pub samples: Vec<Sample>,
}

/// Every mutant of `P` (an engine with a flaw) that the package ships as
/// `mutants/NAME.cpp` among `programs` (or the named edit `NAME.patch`), and
/// the names of those with no such program: a package cannot ship jurybox's
/// engine, so they are not judged (`jurybox package` refuses them).
pub fn shipped_mutants<P: Harness>(programs: &[CppProgram]) -> (Vec<JudgedMutant>, Vec<String>) {
    let mut shipped = Vec::new();
    let mut unshippable = Vec::new();
    for engine in P::engines() {
        let Some(flaw) = engine.kind.flaw() else {
            continue;
        };
        let path = format!("mutants/{}.cpp", engine.name);
        if programs.iter().any(|s| s.path == path) {
            shipped.push(JudgedMutant {
                name: engine.name.to_string(),
                about: engine.about.to_string(),
                flaw,
            });
        } else {
            unshippable.push(engine.name.to_string());
        }
    }
    (shipped, unshippable)
}

/// Builds `P`'s plan into tests, answers cross-checked, on `jobs` threads
/// (Ctrl-C, `cancel`, stops it between tests); its limit is the jury's to
/// derive ([`judge_suite`]), so it is 0 until then.
pub fn build_suite<P: Harness>(
    sources: &ProblemSources,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<BuiltSuite, SuiteError> {
    let tests = build_tests::<P>(&sources.plan, &sources.samples, jobs, cancel)?;
    let invalid = build_invalid::<P>(&sources.plan)?;
    Ok(BuiltSuite {
        problem: P::NAME,
        tests,
        time_limit_seconds: 0.0,
        invalid,
    })
}

/// A suite's package, staged and judged: the one path every package takes.
pub struct Staged {
    /// The staged package (removed when dropped).
    pub dir: Staging,
    /// The jury's limit, intended solutions' runs and kill table (and the
    /// notes of reading the staged package).
    pub judged: JudgedSuite,
    /// Mutants with no C++ program to ship, not judged.
    pub unshippable: Vec<String>,
    /// The problem's C++ programs, made whole.
    pub judge: Vec<CppProgram>,
    /// The output validator's flags.
    pub validator_args: Vec<&'static str>,
    /// The plan's rule for the limit.
    pub rule: TimeLimitRule,
}

impl Staged {
    /// What the package holds besides the suite.
    pub fn contents<P: Harness>(&self) -> PackageContents<'_> {
        package_contents::<P>(&self.judge, &self.rule, &self.validator_args)
    }
}

/// What `P`'s package holds besides the suite.
fn package_contents<'a, P: Harness>(
    judge: &'a [CppProgram],
    rule: &'a TimeLimitRule,
    validator_args: &'a [&'static str],
) -> PackageContents<'a> {
    PackageContents {
        title: P::TITLE,
        judge,
        rule,
        validator_args,
    }
}

/// Writes `suite`'s package into a staging directory (beside `beside`, else
/// in the system's temporary directory), opens it with the jury, derives the
/// limit there from the intended solutions (the plan's floor, its resolution
/// and multipliers in `problem.yaml`) and, `with_mutants`, runs the mutants.
/// A jury fault or Ctrl-C is an `Err` (`SuiteError::Stopped`).
pub fn judge_suite<P: Harness>(
    suite: &BuiltSuite,
    sources: &ProblemSources,
    with_mutants: bool,
    beside: Option<&Path>,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<Staged, SuiteError> {
    let programs = sources.programs.clone();
    let (mut shipped, unshippable) = shipped_mutants::<P>(&programs);
    if !with_mutants {
        shipped.clear();
    }
    let validator_args = output_validator_args::<P>(suite);
    let dir = staging(beside)?;
    let names: Vec<&str> = shipped.iter().map(|m| m.name.as_str()).collect();
    let rule = sources.plan.time_limit;
    let contents = package_contents::<P>(&programs, &rule, &validator_args);
    stage_package(suite, &contents, &names, dir.path())?;
    let judged = judge(dir.path(), suite, &rule, &shipped, jobs, cancel)?;
    if cancel.load(Ordering::Relaxed) {
        return Err(SuiteError::Stopped(jurybox_jury::Stop::Interrupted));
    }
    Ok(Staged {
        dir,
        judged,
        unshippable,
        judge: programs,
        validator_args,
        rule,
    })
}
