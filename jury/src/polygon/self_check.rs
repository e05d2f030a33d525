//! The package's own tests of its judges, run before anything is judged by
//! them, as Polygon's `run-validator-tests.sh` and `run-checker-tests.sh` do:
//! each validator on its tests (told the testset and group a test names),
//! which it must accept or refuse as problem.xml says, and the checker on its
//! (input, output, answer) triples, whose verdicts problem.xml states. A
//! self-check that fails is the jury's fault, named: a judge that disagrees
//! with its own tests judges nothing.

use super::Tools;
use crate::build_programs::Role;
use crate::stop::Stop;
use crate::Stops;
use jurybox_core::verdict::Protocol;
use jurybox_core::Judgement;
use jurybox_format::polygon::{CheckerVerdict, Polygon};
use jurybox_format::Package;
use jurybox_judging::jobs::on_threads;
use jurybox_judging::tool::{run_checker, run_validator, Tool};
use jurybox_judging::verdict::NoVerdict;
use jurybox_sandbox::RunLimits;
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// A file of the package's self-checks, with LF line endings where it has
/// Windows ones (CRLF): a package from Polygon's Windows side holds its
/// validator and checker tests so, as it holds its manual tests, and testlib
/// on Linux refuses a `\r` before the end of a line (`FAIL Expected EOLN`),
/// so they are read as Polygon's Linux package holds them, as the manual
/// tests are (`super::tests`); `crlf` counts the files read so.
fn read(dir: &Path, file: &Path, crlf: &AtomicUsize) -> Result<Vec<u8>, Stop> {
    let path = dir.join(file);
    let bytes = std::fs::read(&path).map_err(|e| {
        Stop::fault(
            format!("self-check: {}: {e}", file.display()),
            None,
            &file.display().to_string(),
            b"",
        )
    })?;
    if !bytes.windows(2).any(|w| w == b"\r\n") {
        return Ok(bytes);
    }
    crlf.fetch_add(1, Ordering::Relaxed);
    let mut unix = Vec::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        if !(b == b'\r' && bytes.get(i + 1) == Some(&b'\n')) {
            unix.push(b);
        }
    }
    Ok(unix)
}

/// Runs every validator's and the checker's own tests; one line saying how
/// many passed, or the first that failed as a [`Stop`].
pub(super) fn self_check(
    package: &Package,
    tools: &Tools,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<Vec<String>, Stop> {
    let Some(polygon) = &package.polygon else {
        return Ok(Vec::new());
    };
    let checks = Checks {
        dir: &package.dir,
        polygon,
        tools,
        limits: RunLimits::with_cpu(Duration::from_secs(
            jurybox_sandbox::JURY_PROGRAM_CPU_SECONDS,
        )),
        jobs,
        cancel,
        crlf: AtomicUsize::new(0),
    };
    let validators = validator_tests(&checks)?;
    let checker = checker_tests(&checks)?;
    if validators + checker == 0 {
        return Ok(Vec::new());
    }
    let crlf = match checks.crlf.into_inner() {
        0 => String::new(),
        n => format!(" ({n} of their files have Windows line endings (CRLF): read with LF)"),
    };
    Ok(vec![format!(
        "self-checks passed: {validators} validator tests, {checker} checker tests{crlf}"
    )])
}

/// What every self-check runs with.
struct Checks<'a> {
    dir: &'a Path,
    polygon: &'a Polygon,
    tools: &'a Tools<'a>,
    limits: RunLimits,
    jobs: usize,
    cancel: &'a AtomicBool,
    /// How many files were read with LF for their CRLF.
    crlf: AtomicUsize,
}

fn validator_tests(checks: &Checks) -> Result<usize, Stop> {
    let (dir, polygon, tools) = (checks.dir, checks.polygon, checks.tools);
    let (limits, jobs, cancel) = (&checks.limits, checks.jobs, checks.cancel);
    let mut count = 0;
    for validator in &polygon.assets.validators {
        if validator.tests.is_empty() {
            continue;
        }
        let name = validator.program.source.display().to_string();
        let built = tools.build(&validator.program, Role::Jury).map_err(|why| {
            Stop::fault(
                format!("the validator does not build: {why}"),
                None,
                &name,
                b"",
            )
        })?;
        on_threads(jobs, || {
            validator.tests.par_iter().try_for_each(|test| {
                let shown = test.input.display().to_string();
                let input = read(dir, &test.input, &checks.crlf)?;
                let mut args = Vec::new();
                if let Some(set) = &test.testset {
                    args.extend(["--testset".to_string(), set.clone()]);
                }
                if let Some(group) = &test.group {
                    args.extend(["--group".to_string(), group.clone()]);
                }
                let tool = Tool {
                    args,
                    ..Tool::new(built.command(), Protocol::Testlib)
                };
                let refused = run_validator(&tool, &input, limits, cancel)
                    .map_err(|none| Stop::no_verdict(none, Some(&name), &shown, &input))?;
                match (test.valid, refused) {
                    (true, None) | (false, Some(_)) => Ok(()),
                    (true, Some(why)) => Err(Stop::fault(
                        format!("self-check: validator {name} refuses its test {shown}, which problem.xml says is valid: {why}"),
                        None,
                        &shown,
                        &input,
                    )),
                    (false, None) => Err(Stop::fault(
                        format!("self-check: validator {name} accepts its test {shown}, which problem.xml says is invalid"),
                        None,
                        &shown,
                        &input,
                    )),
                }
            })
        })?;
        count += validator.tests.len();
    }
    Ok(count)
}

/// What the checker said, in problem.xml's words.
fn said(verdict: &Result<Judgement, NoVerdict>) -> &'static str {
    match verdict {
        Ok(Judgement::Accepted) => "ok",
        Ok(Judgement::WrongAnswer(_)) => "wrong-answer",
        Ok(Judgement::PresentationError(_)) => "presentation-error",
        Ok(_) => "another verdict",
        Err(_) => "crashed",
    }
}

fn checker_tests(checks: &Checks) -> Result<usize, Stop> {
    let (dir, polygon, tools) = (checks.dir, checks.polygon, checks.tools);
    let (limits, jobs, cancel) = (&checks.limits, checks.jobs, checks.cancel);
    let Some(checker) = &polygon.assets.checker else {
        return Ok(0);
    };
    if checker.tests.is_empty() {
        return Ok(0);
    }
    let name = checker.program.source.display().to_string();
    let built = tools.build(&checker.program, Role::Jury).map_err(|why| {
        Stop::fault(
            format!("the checker does not build: {why}"),
            None,
            &name,
            b"",
        )
    })?;
    let tool = Tool::new(built.command(), Protocol::Testlib);
    on_threads(jobs, || {
        checker.tests.par_iter().try_for_each(|test| {
            let shown = test.input.display().to_string();
            let input = read(dir, &test.input, &checks.crlf)?;
            let output = read(dir, &test.output, &checks.crlf)?;
            let answer = read(dir, &test.answer, &checks.crlf)?;
            let verdict = run_checker(&tool, &input, &output, &answer, limits, cancel);
            if verdict == Err(NoVerdict::Interrupted) {
                return Err(Stop::Interrupted);
            }
            let expected = match test.verdict {
                CheckerVerdict::Ok => "ok",
                CheckerVerdict::WrongAnswer => "wrong-answer",
                CheckerVerdict::PresentationError => "presentation-error",
                CheckerVerdict::Crashed => "crashed",
            };
            let got = said(&verdict);
            if got == expected {
                return Ok(());
            }
            let detail = match &verdict {
                Ok(v) => format!("{v:?}"),
                Err(e) => format!("{e:?}"),
            };
            Err(Stop::fault(
                format!("self-check: checker {name} says {got} on its test {shown} (output {}), which problem.xml says is {expected}: {detail}", test.output.display()),
                None,
                &shown,
                &input,
            ))
        })
    })?;
    Ok(checker.tests.len())
}
