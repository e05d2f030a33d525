//! `jurybox stress PACKAGE`: the search part of hardening. With `--program CMD`,
//! your program against the package's fastest accepted submission, on inputs
//! from `--gen` (and the package's generators); without it, every submission
//! that must fail but passes every test. What is found is shrunk and saved,
//! never written into the package (that is `harden --write`).

use super::contest_each::{self, EachProblem};
use super::harden::{report_search, say_disagreements, session};
use crate::cli::StressArgs;
use crate::exit;
use crate::interrupt;
use crate::stopped::ended;
use crate::UsageError;
use anyhow::{anyhow, Result};
use jurybox_format::Verdict;
use jurybox_harden::search::Target;
use jurybox_harden::session::SearchBudget;
use jurybox_harden::survivors;
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::ProblemLine;
use jurybox_jury::Case;
use jurybox_jury::Stop;
use jurybox_languages::Built;
use jurybox_sandbox::shell_quote;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::ExitCode;

pub fn run(dir: &Path, args: &StressArgs) -> Result<ExitCode> {
    if let Some(input) = &args.input {
        return replay(dir, input, args, super::jobs(args.jobs));
    }
    let mut line = ProblemLine::new("", "");
    Ok(exit::code(search(dir, args, &mut line)?))
}

/// `stress CONTEST`: each problem searched in turn, one summary at the end;
/// `--shard K/N` takes only its problems, `--report FILE` writes the summary.
pub fn run_contest(dir: &Path, args: &StressArgs) -> Result<ExitCode> {
    if args.input.is_some() {
        return Err(UsageError(
            "--input replays a saved case of one package: give the problem's directory".into(),
        )
        .into());
    }
    let how = EachProblem {
        command: "stress",
        options: format!(
            "seed {:?}, seconds {:?}, programs {:?}",
            args.seed, args.seconds, args.programs.commands
        ),
        shard: args.shard,
        report: args.report.as_deref(),
    };
    contest_each::run(dir, &how, |dir, line| search(dir, args, line))
}

/// The search in the package in `dir`: its status, its summary in `line`
/// (survivors: the submissions that must fail, pass every test and were
/// not caught).
fn search(dir: &Path, args: &StressArgs, line: &mut ProblemLine) -> Result<u8> {
    let jobs = super::jobs(args.jobs);
    let accepted_only = !args.programs.commands.is_empty();
    let package = jurybox_format::Package::read(dir)?;
    let which = accepted_only.then(|| {
        (0..package.submissions.len())
            .filter(|&i| package.submissions[i].is_accepted())
            .collect()
    });
    drop(package);
    let session = session(dir, which, None, jobs, args.save.as_deref())?;
    super::harden::fill_line(line, &session);
    session.reference().ok_or_else(|| {
        anyhow!("no accepted submission passed every test: nothing can answer a new input")
    })?;
    let save = args
        .save
        .clone()
        .unwrap_or_else(|| found_dir(&session.package.name));
    let seconds = args
        .seconds
        .unwrap_or(crate::program_flags::DEFAULT_SECONDS);
    let seed = args.seed.unwrap_or(1);
    let mut targets: Vec<(String, Built, BTreeSet<Verdict>)> = args
        .programs
        .commands
        .iter()
        .map(|c| {
            (
                format!("program '{c}'"),
                Built::from_command(c),
                BTreeSet::from([Verdict::WA, Verdict::TLE, Verdict::RTE]),
            )
        })
        .collect();
    if !accepted_only {
        for s in survivors(&session.package, &session.matrix) {
            let program = session.built.submissions[s.submission]
                .clone()
                .expect("survivors built");
            targets.push((
                session.package.submissions[s.submission].name.clone(),
                program,
                s.catch,
            ));
        }
        outln!(
            "{} submissions must fail and pass every test",
            targets.len()
        );
    }
    if !targets.is_empty() {
        for line in session.grammar_note(interrupt::flag()) {
            errln!("{line}");
        }
    }
    let (mut failures, mut disagreements) = (0, 0);
    for (name, program, catch) in &targets {
        let budget = SearchBudget {
            seconds,
            shrink_seconds: args.shrink_seconds,
            candidates: args.candidates,
        };
        let searcher = session
            .searcher(interrupt::flag(), &budget)
            .expect("a reference exists");
        let target = Target {
            name: name.clone(),
            program,
            catch: catch.clone(),
            reach: None,
        };
        let replay = match args
            .programs
            .commands
            .iter()
            .find(|c| name.contains(c.as_str()))
        {
            Some(c) => format!(
                "jurybox stress {} --program {}",
                shell_quote(&dir.display().to_string()),
                shell_quote(c)
            ),
            None => format!("jurybox stress {}", shell_quote(&dir.display().to_string())),
        };
        jurybox_judging::progress::phase(&format!("search: {name}"), 0);
        let searched = session.hunt(&searcher, &target, args.gen.as_deref(), seed);
        if report_search(name, searched, &save, None, &replay)? {
            failures += 1;
        }
        disagreements += say_disagreements(&session, &save, "stress")?;
    }
    if !accepted_only {
        line.survivors = Some(targets.len() - failures);
    }
    Ok(exit::found_if(failures > 0 || disagreements > 0))
}

/// `stress PACKAGE --input FILE`: the saved input judged alone, as `reproduce:`
/// lines ask: validated, answered by the reference, and every submission (and
/// each --program) run on it, with its verdict.
fn replay(dir: &Path, input: &Path, args: &StressArgs, jobs: usize) -> Result<ExitCode> {
    let bytes =
        std::fs::read(input).map_err(|e| anyhow!("cannot read {}: {e}", input.display()))?;
    let session = session(dir, None, None, jobs, args.save.as_deref())?;
    let save = args
        .save
        .clone()
        .unwrap_or_else(|| found_dir(&session.package.name));
    let stopped = |stop| ended(stop, &save);
    let cancel = interrupt::flag();
    let jury = session.jury(cancel);
    let settings = session.secret_settings();
    if let Some(why) = jury
        .validate_input(&bytes, &settings, &session.limits().jury)
        .map_err(|none| {
            stopped(Stop::no_verdict(
                none,
                None,
                &input.display().to_string(),
                &bytes,
            ))
        })?
    {
        outln!("invalid input: {why}");
        return Ok(exit::code(exit::FOUND));
    }
    session.reference().ok_or_else(|| {
        anyhow!("no accepted submission passed every test: nothing can answer the input")
    })?;
    let budget = SearchBudget {
        seconds: 0.0,
        shrink_seconds: 0.0,
        candidates: None,
    };
    let searcher = session.searcher(cancel, &budget).ok_or_else(|| {
        anyhow!("no accepted submission passed every test: nothing can answer the input")
    })?;
    let answer = searcher
        .answer(&bytes)
        .map_err(stopped)?
        .ok_or_else(|| anyhow!("the reference failed on the input"))?;
    let case = Case {
        name: input.display().to_string(),
        input: bytes,
        answer,
        settings,
    };
    let mut programs: Vec<(String, Built)> = session
        .package
        .submissions
        .iter()
        .zip(&session.built.submissions)
        .filter_map(|(s, b)| b.as_ref().ok().map(|b| (s.name.clone(), b.clone())))
        .collect();
    programs.extend(
        args.programs
            .commands
            .iter()
            .map(|c| (format!("program '{c}'"), Built::from_command(c))),
    );
    let mut failed = false;
    for (name, program) in &programs {
        let run = jury
            .run(program, &case, &session.limits())
            .map_err(stopped)?;
        failed |= name.starts_with("program") && run.verdict != Verdict::AC;
        outln!(
            "{name:40} {:3}  {:.3} s  {}",
            run.verdict.code(),
            run.cpu,
            run.detail
        );
    }
    Ok(if failed {
        exit::code(exit::FOUND)
    } else {
        ExitCode::SUCCESS
    })
}
