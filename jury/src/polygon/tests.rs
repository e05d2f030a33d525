//! The judged testset's tests built as `doall.sh` builds them: each generator
//! call run once in an empty directory (its standard output the test, or the
//! files it wrote for a call that fills several), every input checked by the
//! validators, and each answer the package lacks made by the main solution.

use super::Tools;
use crate::build_programs::Role;
use crate::stop::Stop;
use crate::Stops;
use jurybox_core::verdict::Protocol;
use jurybox_format::polygon::{from_file_candidates, GeneratorCall, Polygon};
use jurybox_format::{Package, TestCase};
use jurybox_judging::interactive::{judge_interaction, Interactor};
use jurybox_judging::jobs::on_threads;
use jurybox_judging::store::write_atomically;
use jurybox_judging::tool::{run_validator, Tool};
use jurybox_judging::verdict::RunVerdict;
use jurybox_languages::Built;
use jurybox_sandbox::{run_command, shell_quote, Outcome, RunLimits, MIB};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How long a generator or the main solution may run on one test: the jury's
/// programs are not timed, only stopped if they never end.
pub(super) fn jury_limits(memory_mib: u64) -> RunLimits {
    RunLimits {
        memory_bytes: memory_mib.max(1024) * MIB,
        stdout_bytes: 4096 * MIB,
        ..RunLimits::with_cpu(Duration::from_secs(
            jurybox_sandbox::TEST_MAKING_CPU_SECONDS,
        ))
    }
}

/// A stop naming what of the jury failed on `test`.
fn fault(why: String, test: &str, input: &[u8]) -> Stop {
    Stop::fault(why, None, test, input)
}

/// A run's outcome as a stop, unless it ended well.
fn ended_well(what: &str, outcome: &Outcome, stderr: &[u8], test: &str) -> Result<(), Stop> {
    match outcome {
        Outcome::Exited => Ok(()),
        Outcome::Interrupted => Err(Stop::Interrupted),
        other => Err(fault(
            format!(
                "{what} failed: {other}: {}",
                jurybox_sandbox::excerpt(stderr, 200).trim_end()
            ),
            test,
            b"",
        )),
    }
}

/// The test of the judged testset with `index`.
fn input_of(polygon: &Polygon, index: usize) -> Option<&Path> {
    let set = polygon.judged()?;
    set.tests
        .iter()
        .find(|t| t.index == index)
        .map(|t| t.input.as_path())
}

/// Runs one generator call in an empty directory; the bytes of each test it
/// fills, by index.
pub(super) fn generate(
    call: &GeneratorCall,
    polygon: &Polygon,
    tools: &Tools,
    limits: &RunLimits,
    cancel: &AtomicBool,
) -> Result<Vec<(usize, Vec<u8>)>, Stop> {
    let first = call.outputs.first().map_or(0, |(i, _)| *i);
    let test = format!("test {first} (`{}`)", call.cmd);
    let Some(file) = polygon.assets.generator(&call.cmd) else {
        let name = call.cmd.split_whitespace().next().unwrap_or("");
        return Err(fault(
            format!(
                "problem.xml: no executable with a source named `{name}` for the command `{}` \
                 (a package built on Windows may ship only `{name}.exe`, which cannot run here: \
                 its source is needed)",
                call.cmd
            ),
            &test,
            b"",
        ));
    };
    let built: Built = tools
        .build(file, Role::Jury)
        .map_err(|why| fault(format!("the generator does not build: {why}"), &test, b""))?;
    let scratch = tempfile::tempdir().map_err(|e| {
        fault(
            format!("cannot make a directory to run in: {e}"),
            &test,
            b"",
        )
    })?;
    let mut command = format!(
        "cd {} && {}",
        shell_quote(&scratch.path().display().to_string()),
        built.command()
    );
    for arg in call.cmd.split_whitespace().skip(1) {
        command.push(' ');
        command.push_str(&shell_quote(arg));
    }
    let report = run_command(&command, limits, b"", cancel);
    ended_well(
        &format!("the generator `{}`", call.cmd),
        &report.outcome,
        &report.stderr,
        &test,
    )?;
    let mut out = Vec::new();
    for (index, from_file) in &call.outputs {
        let bytes = match from_file {
            None => report.stdout.clone(),
            Some(name) => {
                let found = from_file_candidates(name)
                    .into_iter()
                    .map(|n| scratch.path().join(n))
                    .find(|p| p.is_file());
                let Some(path) = found else {
                    return Err(fault(
                        format!(
                            "the generator `{}` wrote no file `{name}` for test {index}",
                            call.cmd
                        ),
                        &test,
                        b"",
                    ));
                };
                std::fs::read(&path)
                    .map_err(|e| fault(format!("{}: {e}", path.display()), &test, b""))?
            }
        };
        out.push((*index, bytes));
    }
    Ok(out)
}

/// Builds the package's generated tests into `cache`, validates every test
/// and makes the answers it lacks; the package's tests then read from there.
pub(super) fn build(
    package: &mut Package,
    tools: &Tools,
    cache: &Path,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<Vec<String>, Stop> {
    let Some(polygon) = package.polygon.clone() else {
        return Ok(Vec::new());
    };
    let Some(set) = polygon.judged() else {
        return Ok(Vec::new());
    };
    let limits = jury_limits(crate::build_programs::memory_mib(package));
    let calls = set.generator_calls();
    let made: Vec<Vec<(usize, Vec<u8>)>> = on_threads(jobs, || {
        calls
            .par_iter()
            .map(|call| generate(call, &polygon, tools, &limits, cancel))
            .collect::<Result<_, Stop>>()
    })?;
    let mut notes = Vec::new();
    let generated: usize = made.iter().map(Vec::len).sum();
    for (index, bytes) in made.into_iter().flatten() {
        let Some(input) = input_of(&polygon, index) else {
            continue;
        };
        let path = cache.join(input);
        let name = input.display().to_string();
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| fault(format!("{}: {e}", parent.display()), &name, &bytes))?;
        }
        write_atomically(&path, &bytes)
            .map_err(|e| fault(format!("{}: {e}", path.display()), &name, &bytes))?;
        if let Some(test) = package.data.tests.iter_mut().find(|t| t.name == name) {
            test.input = path;
        }
    }
    if generated > 0 {
        notes.push(format!(
            "{generated} tests generated by {} generator calls into {}",
            calls.len(),
            cache.display()
        ));
    }
    notes.extend(unix_line_endings(package, cache)?);
    notes.extend(validate(package, &polygon, tools, jobs, cancel)?);
    notes.extend(answer(
        package, &polygon, tools, cache, &limits, jobs, cancel,
    )?);
    Ok(notes)
}

/// The package's own tests written with Windows line endings (CRLF), as a
/// package made on Polygon's Windows side holds them, copied into `cache`
/// with LF ones, which the package's tests then read. Codeforces judges on
/// Windows, where testlib's strict `readEoln` expects CRLF and every test has
/// it; here testlib expects LF, as in Polygon's Linux package, whose tests
/// Polygon converts so. The package's files are not touched.
fn unix_line_endings(package: &mut Package, cache: &Path) -> Result<Vec<String>, Stop> {
    let mut converted = 0;
    for test in package.data.tests.iter_mut() {
        if test.input.starts_with(cache) {
            continue;
        }
        let Ok(bytes) = std::fs::read(&test.input) else {
            continue;
        };
        if !bytes.windows(2).any(|w| w == b"\r\n") {
            continue;
        }
        let unix = String::from_utf8_lossy(&bytes).replace("\r\n", "\n");
        let path = cache.join(format!("{}.lf", test.name));
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| fault(format!("{}: {e}", parent.display()), &test.name, &bytes))?;
        }
        write_atomically(&path, unix.as_bytes())
            .map_err(|e| fault(format!("{}: {e}", path.display()), &test.name, &bytes))?;
        test.input = path;
        converted += 1;
    }
    Ok((converted > 0)
        .then(|| {
            format!(
                "{converted} of the package's tests have Windows line endings (CRLF): judged with LF, as Polygon's Linux package holds them"
            )
        })
        .into_iter()
        .collect())
}

/// Every test's input checked by every validator, told the testset and the
/// test's group as Polygon tells it; a refused test is the package's fault.
fn validate(
    package: &Package,
    polygon: &Polygon,
    tools: &Tools,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<Vec<String>, Stop> {
    let mut validators = Vec::new();
    for v in &polygon.assets.validators {
        let built = tools
            .build(&v.program, Role::Jury)
            .map_err(|why| fault(format!("the validator does not build: {why}"), "", b""))?;
        validators.push(Tool::new(built.command(), Protocol::Testlib));
    }
    if validators.is_empty() {
        return Ok(Vec::new());
    }
    let limits = RunLimits::with_cpu(Duration::from_secs(
        jurybox_sandbox::JURY_PROGRAM_CPU_SECONDS,
    ));
    let tests: &[TestCase] = &package.data.tests;
    on_threads(jobs, || {
        tests.par_iter().try_for_each(|test| {
            let name = test.name.as_str();
            let input = std::fs::read(&test.input)
                .map_err(|e| fault(format!("{}: {e}", test.input.display()), name, b""))?;
            for validator in &validators {
                let tool = Tool {
                    args: test.settings.input_validator_args.of("").to_vec(),
                    ..validator.clone()
                };
                let refused = run_validator(&tool, &input, &limits, cancel)
                    .map_err(|none| Stop::no_verdict(none, None, name, &input))?;
                if let Some(why) = refused {
                    return Err(fault(
                        format!("the package's test {name} is invalid: {why}"),
                        name,
                        &input,
                    ));
                }
            }
            Ok(())
        })
    })?;
    Ok(vec![format!(
        "every test ({}) accepted by the validators",
        tests.len()
    )])
}

/// What the main solution makes of one test's input: its output, or in an
/// interactive package the OUTPUT file the interactor wrote while talking
/// with it (what Polygon keeps as an interactive test's answer).
fn main_answer(
    package: &Package,
    main: &Built,
    interactor: Option<&Built>,
    input: &[u8],
    limits: &RunLimits,
    cancel: &AtomicBool,
) -> Result<Vec<u8>, String> {
    let Some(interactor) = interactor else {
        // Through its named files where the package names them, as judged.
        let report =
            crate::file_io::run_as_judged(package, &main.command(), limits, input, cancel)?;
        return match report.outcome {
            Outcome::Exited => Ok(report.stdout),
            other => Err(format!(
                "{other}: {}",
                jurybox_sandbox::excerpt(&report.stderr, 200).trim_end()
            )),
        };
    };
    let talk = Interactor {
        tool: Tool::new(interactor.command(), Protocol::Testlib),
        passes: 1,
        checker: None,
        in_turn: false,
    };
    let done = judge_interaction(&talk, &main.command(), limits, limits, input, b"", cancel)
        .map_err(|e| format!("cannot write the interactor's files: {e}"))?;
    match (&done.verdict, done.passes.last()) {
        (RunVerdict::Accepted, Some(pass)) => Ok(pass.output.clone()),
        (verdict, _) => Err(format!("through the interactor: {verdict}")),
    }
}

/// Makes each answer the package lacks by running the main solution, as
/// `doall.sh` does (through the interactor in an interactive package).
fn answer(
    package: &mut Package,
    polygon: &Polygon,
    tools: &Tools,
    cache: &Path,
    limits: &RunLimits,
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<Vec<String>, Stop> {
    let missing: Vec<usize> = (0..package.data.tests.len())
        .filter(|&i| package.data.tests[i].answer.is_none())
        .collect();
    if missing.is_empty() {
        return Ok(Vec::new());
    }
    let Some(main) = polygon.assets.main_solution() else {
        return Err(fault(
            "no solution tagged main or accepted: the tests' answers cannot be made".into(),
            "",
            b"",
        ));
    };
    let what = format!("the main solution {}", main.program.source.display());
    let built = tools
        .build(&main.program, Role::Submission)
        .map_err(|why| fault(format!("{what} does not build: {why}"), "", b""))?;
    let run_limits = RunLimits {
        stack: built.stack,
        ..*limits
    };
    let interactor = match &polygon.assets.interactor {
        None => None,
        Some(file) => Some(
            tools
                .build(file, Role::Jury)
                .map_err(|why| fault(format!("the interactor does not build: {why}"), "", b""))?,
        ),
    };
    let tests = &package.data.tests;
    let answers: Vec<(usize, std::path::PathBuf)> = on_threads(jobs, || {
        missing
            .par_iter()
            .map(|&i| {
                let test = &tests[i];
                let input = std::fs::read(&test.input).map_err(|e| {
                    fault(format!("{}: {e}", test.input.display()), &test.name, b"")
                })?;
                let made = main_answer(
                    package,
                    &built,
                    interactor.as_ref(),
                    &input,
                    &run_limits,
                    cancel,
                )
                .map_err(|why| match cancel.load(Ordering::Relaxed) {
                    true => Stop::Interrupted,
                    false => fault(format!("{what} failed: {why}"), &test.name, &input),
                })?;
                let path = cache.join(format!("{}.a", test.name));
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| {
                        fault(format!("{}: {e}", parent.display()), &test.name, &input)
                    })?;
                }
                write_atomically(&path, &made)
                    .map_err(|e| fault(format!("{}: {e}", path.display()), &test.name, &input))?;
                Ok((i, path))
            })
            .collect::<Result<_, Stop>>()
    })?;
    let made = answers.len();
    for (i, path) in answers {
        package.data.tests[i].answer = Some(path);
    }
    Ok(vec![format!("{made} answers made by {what}")])
}
