//! `jurybox stress`: validates the flags into one plan per problem, runs them one
//! after another and prints a summary.

use crate::cli::StressArgs;
use crate::exit;
use crate::interrupt;
use crate::program_flags::{budget, programs, seed, DEFAULT_SECONDS};
use crate::stress_view::{print_found, print_summary, run_with_progress, SummaryRow};
use crate::UsageError;
use anyhow::{bail, Result};
use jurybox_judging::jobs::Budget;
use jurybox_judging::shard::Shard;
use jurybox_sandbox::shell_quote;
use jurybox_stress::plan::StressPlan;
use jurybox_stress::report::{ProblemReport, RunOptions, ShardReport, FORMAT};
use jurybox_stress::runner::{first_sample, precheck};
use jurybox_stress::save::program_flags;
use jurybox_stress::store::Store;
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};
use std::process::ExitCode;
use std::time::Duration;

struct StressOne<'a> {
    args: &'a StressArgs,
    seed: u64,
    shard: Shard,
    replay_flags: &'a str,
}

impl ProblemVisitor for StressOne<'_> {
    type Output = Result<(SummaryRow, ProblemReport)>;
    fn visit<P: Harness>(self) -> Result<(SummaryRow, ProblemReport)> {
        let args = self.args;
        let families = if args.families.is_empty() {
            P::families().iter().collect()
        } else {
            P::families()
                .iter()
                .filter(|f| args.families.iter().any(|n| n == f.name))
                .collect::<Vec<_>>()
        };
        if families.is_empty() {
            bail!("{} has none of the families {:?}", P::NAME, args.families);
        }
        let budget = budget(args)?;
        let jobs = super::jobs(args.jobs);
        let mut plan = StressPlan::<P>::new(budget, jobs, self.seed);
        plan.shard = self.shard;
        plan.start = args.case.unwrap_or(0);
        plan.families = families;
        plan.programs = programs(&args.programs);
        plan.store = Store::new(&args.corpus);
        if let Some(dir) = &args.save {
            plan.found_dir = dir.clone();
        }
        plan.extended = args.extended;
        plan.shrink_time = Duration::from_secs_f64(args.shrink_seconds);
        if !plan.programs.is_empty() {
            let started = std::time::Instant::now();
            check_programs_start(&plan)?;
            // The check counts against --seconds.
            if let Budget::Time(t) = plan.budget {
                plan.budget = Budget::Time(t.saturating_sub(started.elapsed()));
            }
        }
        let summary = run_with_progress(&plan, interrupt::flag());
        let report = ProblemReport::new(&plan, &summary, self.replay_flags);
        for (found, failure) in summary.failures.iter().zip(&report.failures) {
            print_found(P::NAME, found);
            match &failure.replay {
                Some(replay) if plan.shard.total() > 1 => outln!("  on one machine: {replay}"),
                _ => {}
            }
        }
        if let Some(why) = &summary.aborted {
            errln!("error: {} stopped: {why}", P::NAME);
        }
        Ok((SummaryRow::new(P::NAME, &summary, jobs), report))
    }
}

/// Each program runs once on the first sample before the stress run: a program
/// that cannot start (missing, not executable) is a plain error, and nothing is
/// saved. Any other failure there is left to the stress run, which shrinks it.
fn check_programs_start<P: Harness>(plan: &StressPlan<P>) -> Result<()> {
    let samples = crate::embedded::samples_of(P::NAME);
    let named = samples
        .iter()
        .map(|s| (s.name.as_str(), s.input.as_slice()));
    let Some((sample, label)) = first_sample(plan, named) else {
        return Ok(());
    };
    match precheck::<P>(&plan.programs, &sample, interrupt::flag()) {
        // Interrupted: the stress run sees the same flag and stops at once.
        Err(m) if m.is_interrupted() => Ok(()),
        Err(m) if m.could_not_start() => {
            let fault = m
                .program_fault()
                .map_or(String::new(), |f| f.verdict.to_string());
            bail!(
                "{}: {fault}\n  (tried on {label} before stress; nothing was saved)",
                m.engine
            )
        }
        _ => Ok(()),
    }
}

/// The shard to run and where it came from: `--shard`, else the scheduler's
/// environment, else the whole run. `--case` runs one case wherever it runs.
fn shard(args: &StressArgs) -> Result<(Shard, String)> {
    if args.case.is_some() {
        return Ok((Shard::WHOLE, "--case".into()));
    }
    if let Some(shard) = args.shard {
        return Ok((shard, "--shard".into()));
    }
    let detected = jurybox_judging::shard::from_env(|var| std::env::var(var).ok())
        .map_err(|e| UsageError(e.to_string()))?;
    let Some(detected) = detected else {
        return Ok((Shard::WHOLE, "none".into()));
    };
    if let Some(file) = &detected.status_file {
        // Bazel reads this file's existence as "the test knows about sharding".
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
            .map_err(|e| anyhow::anyhow!("could not touch {}: {e}", file.display()))?;
    }
    Ok((detected.shard, detected.source))
}

/// The flags that, with the problem, the seed and `--case I`, make the same case
/// and check it the same way on one machine.
fn replay_flags(args: &StressArgs) -> String {
    let mut flags = String::new();
    for family in &args.families {
        flags += &format!(" --family {}", shell_quote(family));
    }
    let programs = programs(&args.programs);
    if let Some((first, rest)) = programs.split_first() {
        flags += &format!(" {}", program_flags(first));
        for program in rest {
            flags += &format!(" --program {}", shell_quote(&program.command));
        }
    }
    if args.extended {
        flags += " --extended";
    }
    flags
}

/// What `--seconds` or `--cases` means for this shard, said once at the start.
fn describe_shard(args: &StressArgs, shard: Shard, source: &str, seed: u64) -> String {
    let (k, n) = (shard.index(), shard.total());
    let which = if n <= 3 {
        format!("cases {}, {}...", k - 1, k - 1 + n)
    } else {
        format!("cases {}, {}, {}...", k - 1, k - 1 + n, k - 1 + 2 * n)
    };
    let budget = match (args.cases, args.seconds) {
        (Some(c), _) => format!("below {c} (the whole run's --cases)"),
        (None, s) => format!(
            "for {} s per problem (each shard runs its own cases that long)",
            s.unwrap_or(DEFAULT_SECONDS)
        ),
    };
    format!("shard {shard} of seed {seed} (from {source}): {which} {budget}")
}

/// `stress PROBLEM` (or `all`) on the built-in problems; a package, a
/// contest and `--gen` are `stress_package.rs`'s and `stress_any.rs`'s.
pub fn run(args: StressArgs) -> Result<ExitCode> {
    if args.input.is_some() {
        return Err(UsageError(
            "--input replays a saved case of your own problem (--gen) or of a package; a built-in problem's case replays with `jurybox check PROBLEM FILE`".into(),
        )
        .into());
    }
    let problem = args.problem.clone().unwrap_or_default();
    let names: Vec<&str> = if problem == "all" {
        PROBLEMS.to_vec()
    } else if PROBLEMS.contains(&problem.as_str()) {
        vec![problem.as_str()]
    } else {
        return Err(UsageError(format!(
            "unknown problem '{}' (known: {}, or all; or your own problem with --gen, or a package directory)",
            problem,
            PROBLEMS.join(", ")
        ))
        .into());
    };
    if problem == "all" && !args.families.is_empty() {
        return Err(UsageError("--family needs a single problem, not `all`".into()).into());
    }
    let (shard, shard_source) = shard(&args)?;
    if shard.total() > 1 && args.seed.is_none() {
        return Err(UsageError(format!(
            "shard {shard} (from {shard_source}) needs --seed S: every shard of a run must draw the same cases"
        ))
        .into());
    }
    let seed = seed(&args);
    errln!("stress seed {seed} (repeat this run with --seed {seed})");
    if shard.total() > 1 {
        errln!("{}", describe_shard(&args, shard, &shard_source, seed));
    }
    crate::stress_view::quiet_worker_panics();
    let replay_flags = replay_flags(&args);
    let mut rows = Vec::new();
    let mut reports = Vec::new();
    for name in names {
        let one = StressOne {
            args: &args,
            seed,
            shard,
            replay_flags: &replay_flags,
        };
        let (row, report) = with_problem(name, one).expect("listed problems exist")?;
        let interrupted = row.interrupted;
        rows.push(row);
        reports.push(report);
        if interrupted {
            break;
        }
    }
    if let Some(path) = &args.report {
        let report = ShardReport {
            format: FORMAT.into(),
            seed,
            shard: shard.into(),
            shard_source,
            run: RunOptions {
                problem: problem.clone(),
                cases: args.case.map_or(args.cases, |i| i.checked_add(1)),
                seconds: args.seconds,
                families: args.families.clone(),
                programs: args.programs.commands.clone(),
                replay_flags,
            },
            problems: reports,
        };
        // Every failure in it is already on disk; the report goes last.
        report.write(path)?;
    }
    print_summary(&rows);
    Ok(if rows.iter().any(|r| r.interrupted) {
        exit::code(exit::INTERRUPTED)
    } else if rows.iter().any(|r| r.failures > 0 || r.aborted) {
        exit::code(exit::FOUND)
    } else {
        ExitCode::SUCCESS
    })
}
