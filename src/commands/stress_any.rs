//! `jurybox stress --gen CMD --reference CMD --program CMD`: a problem jurybox does
//! not know, given as plain commands or a package directory (see
//! `jurybox_stress::any`).

use crate::cli::StressArgs;
use crate::exit;
use crate::interrupt;
use crate::output::Terminal;
use crate::program_flags::{budget, jury_limits, limits, seed};
use crate::progress::Progress;
use crate::stopped::{ended, opened};
use crate::UsageError;
use anyhow::{anyhow, Context, Result};
use jurybox_judging::interactive::Interactor;
use jurybox_judging::jobs::Budget;
use jurybox_judging::tool::{OutputCheck, Tool};
use jurybox_judging::verdict::NoVerdict;
use jurybox_jury::build_validators;
use jurybox_jury::package::read_prepared;
use jurybox_jury::Stop;
use jurybox_stress::any::run::{replay, run_any, AnyOutcome, AnyPlan};
use jurybox_stress::any::{CaseResult, JuryCommands};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Runs `plan` on worker threads while this thread shows its progress as the
/// built-in problems' runs do (`crate::progress`), with a word once the cases
/// stop coming (a failure being confirmed and shrunk).
fn run_with_progress(plan: &AnyPlan) -> AnyOutcome {
    let shown = Progress::new("stress", "cases");
    shown.phase(
        "cases",
        match plan.budget {
            Budget::Cases(n) => n,
            Budget::Time(_) => 0,
        },
    );
    let done = AtomicU64::new(0);
    let mut said = "";
    let mut say = |word: &'static str| {
        if word != said {
            said = word;
            shown.say(word);
        }
    };
    let outcome = std::thread::scope(|scope| {
        let worker = scope.spawn(|| run_any(plan, interrupt::flag(), &done));
        let mut last = (0, std::time::Instant::now());
        while !worker.is_finished() {
            std::thread::sleep(Duration::from_millis(50));
            let cases = done.load(Ordering::Relaxed);
            if cases != last.0 {
                last = (cases, std::time::Instant::now());
                say("");
            } else if interrupt::flag().load(Ordering::Relaxed) {
                say("interrupted: stopping (a failure found is still saved)");
            } else if cases > 0 && last.1.elapsed() > Duration::from_secs(2) {
                say("no new case for a while: a failure is being shrunk");
            }
            shown.set_done(cases);
        }
        worker.join().expect("the run does not panic")
    });
    shown.set_done(done.load(Ordering::Relaxed));
    shown.finish();
    outcome
}

use jurybox_sandbox::shell_quote as quote;

/// The jury of the package at `dir`, read as every package is read
/// (`jurybox_format`) and its validators built as the jury builds them: its
/// input validators and how outputs are judged, each with the arguments of
/// the package's secret tests (a generated input is judged as one), added to
/// `jury` (a `--checker` given, `has_checker`, is kept); an interactive or
/// multi-pass package's output validator as the interactor. Its samples,
/// `(name, input)` in the package's order.
fn from_package(
    dir: &std::path::Path,
    jury: &mut JuryCommands,
    has_checker: bool,
    jobs: Option<usize>,
) -> Result<Vec<(String, Vec<u8>)>> {
    // A Polygon package's generated tests (a sample among them) are built first.
    let cancel = interrupt::flag();
    let package = read_prepared(dir, super::jobs(jobs), cancel, &Terminal).map_err(opened)?;
    let built = build_validators(&package, super::jobs(jobs), cancel);
    if cancel.load(Ordering::Relaxed) {
        return Err(ended(Stop::Interrupted, dir));
    }
    if let Some(failure) = built.failures().first() {
        return Err(anyhow!("{failure}"));
    }
    let judge = jurybox_jury::Jury {
        package: &package,
        built: &built,
        cancel,
        turn: jurybox_jury::Turn::default(),
    };
    let settings = package.secret_settings();
    jury.validators.extend(judge.input_validators(&settings));
    let kind = &package.config.kind;
    if (kind.interactive || kind.passes.is_some()) && jury.interactor.is_none() {
        jury.interactor = Some(judge.interactor(&settings).map_err(|e| anyhow!("{e}"))?);
    } else if !has_checker {
        jury.checker = judge.checker(&settings).map_err(|e| anyhow!("{e}"))?;
    }
    package
        .data
        .tests
        .iter()
        .filter(|t| t.sample)
        .map(|t| {
            let input =
                std::fs::read(&t.input).map_err(|e| anyhow!("{}: {e}", t.input.display()))?;
            let name = t.name.strip_prefix("sample/").unwrap_or(&t.name);
            Ok((name.to_string(), input))
        })
        .collect()
}

fn millis(d: Duration) -> String {
    format!("{:.3}s", d.as_secs_f64())
}

pub fn run(args: StressArgs) -> Result<ExitCode> {
    let generator = args.gen.clone().expect("checked by the caller");
    let reference = args.reference.clone();
    let [program] = args.programs.commands.as_slice() else {
        return Err(UsageError("--gen needs exactly one --program CMD".into()).into());
    };
    if args.case.is_some() {
        return Err(UsageError(
            "--case replays a case of a built-in problem; for your own problem give the saved input with --input FILE".into(),
        )
        .into());
    }
    let program_limits = limits(&args.programs);
    let jury_limits = jury_limits(&args);
    let mut jury = JuryCommands {
        generator: generator.clone(),
        reference: reference.clone(),
        checker: args
            .checker
            .clone()
            .map_or_else(OutputCheck::tokens, |command| {
                OutputCheck::Tool(Tool::new(command, args.checker_protocol))
            }),
        validators: args
            .validators
            .iter()
            .map(|command| Tool::new(command.clone(), args.validator_protocol))
            .collect(),
        limits: jury_limits,
        interactor: args.interactor.clone().map(|command| Interactor {
            tool: Tool::new(command, args.interactor_protocol),
            passes: args.multi_pass.unwrap_or(1),
            checker: None,
            in_turn: false,
        }),
    };
    let mut samples = Vec::new();
    let mut replay_flags = format!("--gen {}", quote(&generator));
    if let Some(reference) = &reference {
        replay_flags += &format!(" --reference {}", quote(reference));
    }
    if let Some(interactor) = &args.interactor {
        replay_flags += &format!(
            " --interactor {} --interactor-protocol {}",
            quote(interactor),
            args.interactor_protocol.name()
        );
        if let Some(passes) = args.multi_pass {
            replay_flags += &format!(" --multi-pass {passes}");
        }
    }
    replay_flags += &format!(" --program {}", quote(program));
    if let Some(dir) = &args.package_dir {
        samples = from_package(dir, &mut jury, args.checker.is_some(), args.jobs)
            .with_context(|| format!("--problem {}", dir.display()))?;
        replay_flags += &format!(" --problem {}", quote(&dir.display().to_string()));
    }
    if jury.reference.is_none() && jury.interactor.is_none() {
        return Err(UsageError(
            "--gen needs --reference CMD (or, for an interactive problem, --interactor CMD or an interactive package as --problem)".into(),
        )
        .into());
    }
    if let Some(checker) = &args.checker {
        // The command keeps its case: only the protocol is a flag value.
        replay_flags += &format!(
            " --checker {} --checker-protocol {}",
            quote(checker),
            args.checker_protocol.name()
        );
    }
    for validator in &args.validators {
        replay_flags += &format!(" --validator {}", quote(validator));
    }
    if !args.validators.is_empty() {
        replay_flags += &format!(" --validator-protocol {}", args.validator_protocol.name());
    }
    let seed = seed(&args);
    let plan = AnyPlan {
        jury,
        program: program.clone(),
        limits: program_limits,
        seed,
        budget: budget(&args)?,
        jobs: super::jobs(args.jobs).max(1),
        samples,
        save: args
            .save
            .clone()
            .unwrap_or_else(|| jurybox_judging::store::found_dir("any")),
        shrink_time: Duration::from_secs_f64(args.shrink_seconds),
        replay: replay_flags,
    };
    if let Some(input) = &args.input {
        let result = replay(&plan, input, interrupt::flag())
            .map_err(|e| anyhow!("cannot read {}: {e}", input.display()))?;
        return Ok(said_replay(result));
    }
    errln!("stress seed {seed} (repeat this run with --seed {seed})");
    errln!(
        "jury programs: {:.0} s CPU, {:.0} s wall clock a run (--jury-time-limit); program: {:.1} s CPU, {:.1} s wall clock",
        plan.jury.limits.cpu.as_secs_f64(),
        plan.jury.limits.wall.as_secs_f64(),
        plan.limits.cpu.as_secs_f64(),
        plan.limits.wall.as_secs_f64()
    );
    let outcome = run_with_progress(&plan);
    Ok(said_outcome(&plan, &outcome))
}

/// A replayed case's verdict printed (`--input FILE`), and its status.
fn said_replay(result: CaseResult) -> ExitCode {
    match result {
        CaseResult::Accepted { program, .. } => {
            crate::output::write(format_args!("accepted ({})\n", program.figures()));
            ExitCode::SUCCESS
        }
        CaseResult::Failed {
            verdict,
            program,
            dialogue,
            ..
        } => {
            crate::output::write(format_args!("{verdict} ({})\n", program.figures()));
            if let Some(dialogue) = dialogue {
                for remark in dialogue.remarks() {
                    crate::output::write(format_args!("{remark}\n"));
                }
                crate::output::write(format_args!(
                    "the exchange (< what the program read, > what it wrote):\n{}",
                    String::from_utf8_lossy(&dialogue.transcript())
                ));
            }
            exit::code(exit::FOUND)
        }
        CaseResult::Invalid(why) => {
            crate::output::write(format_args!("invalid input: {why}\n"));
            exit::code(exit::FOUND)
        }
        CaseResult::NoVerdict(NoVerdict::JuryFault(why)) => {
            errln!("the jury failed: {why}");
            exit::code(exit::JURY_FAULT)
        }
        CaseResult::NoVerdict(NoVerdict::Interrupted) => {
            errln!("interrupted");
            exit::code(exit::INTERRUPTED)
        }
    }
}

/// What a run found printed: the cases and times, then a failure with its
/// files and the command that reproduces it; its status.
fn said_outcome(plan: &AnyPlan, outcome: &AnyOutcome) -> ExitCode {
    let out = |text: String| crate::output::write(format_args!("{text}\n"));
    let reference_cpu = if plan.jury.reference.is_some() {
        format!(
            "reference CPU total {} worst {}; ",
            millis(outcome.reference.total),
            millis(outcome.reference.worst)
        )
    } else {
        String::new()
    };
    out(format!(
        "{} cases; {reference_cpu}program CPU total {} worst {}",
        outcome.cases,
        millis(outcome.program.total),
        millis(outcome.program.worst)
    ));
    if let Some(fault) = &outcome.jury_fault {
        errln!("the jury failed, not the program: {fault}");
        return exit::code(exit::JURY_FAULT);
    }
    if let Some(failure) = &outcome.failure {
        out(format!(
            "{} ({}) on {}",
            failure.verdict, failure.figures, failure.case
        ));
        out(format!("shrunk: {}", failure.stats));
        if let Some(generator) = &failure.generator {
            out(format!("original: {generator}"));
        }
        for file in &failure.saved {
            out(format!("saved: {}", file.display()));
        }
        out(format!("reproduce: {}", failure.reproduce));
        return exit::code(exit::FOUND);
    }
    if outcome.interrupted {
        errln!("interrupted");
        return exit::code(exit::INTERRUPTED);
    }
    out("no failure".to_string());
    ExitCode::SUCCESS
}
