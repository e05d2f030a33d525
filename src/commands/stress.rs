//! `jurybox stress`: validates the flags into one plan per problem, runs them one
//! after another and prints a summary.

use crate::cli::{ProgramArgs, StressArgs};
use crate::interrupt;
use crate::stress_view::{print_found, print_summary, run_with_progress, Row};
use crate::UsageError;
use anyhow::{bail, Result};
use jurybox_stress::program::{Program, RunLimits, MIB};
use jurybox_stress::runner::{first_sample, precheck, Budget, Plan};
use jurybox_stress::store::Store;
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};
use std::process::ExitCode;
use std::time::Duration;

/// Seconds per problem when neither `--cases` nor `--seconds` is given: about a
/// minute for `stress all` once all five problems are in.
const DEFAULT_SECONDS: f64 = 12.0;

/// The limits given by the flags (already checked finite and positive by clap).
pub fn limits(args: &ProgramArgs) -> RunLimits {
    let mut limits = RunLimits::with_cpu(Duration::from_secs_f64(args.time_limit));
    if let Some(wall) = args.wall_limit {
        limits.wall = Duration::from_secs_f64(wall);
    }
    limits.memory_bytes = args.memory_limit * MIB;
    limits.stdout_bytes = args.output_limit * MIB;
    limits
}

/// The `--program` flags as programs to run.
pub fn programs(args: &ProgramArgs) -> Vec<Program> {
    args.commands
        .iter()
        .map(|command| Program {
            command: command.clone(),
            limits: limits(args),
        })
        .collect()
}

struct StressOne<'a> {
    args: &'a StressArgs,
    seed: u64,
}

impl ProblemVisitor for StressOne<'_> {
    type Output = Result<Row>;
    fn visit<P: Harness>(self) -> Result<Row> {
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
        let budget = match (args.cases, args.seconds) {
            (Some(n), _) => Budget::Cases(n),
            (None, Some(s)) => Budget::Time(Duration::from_secs_f64(s)),
            (None, None) => Budget::Time(Duration::from_secs_f64(DEFAULT_SECONDS)),
        };
        let jobs = args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        if jobs == 0 {
            return Err(UsageError("--jobs must be at least 1".into()).into());
        }
        let mut plan = Plan::<P>::new(budget, jobs, self.seed);
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
        for found in &summary.failures {
            print_found(P::NAME, found);
        }
        if let Some(why) = &summary.aborted {
            eprintln!("error: {} stopped: {why}", P::NAME);
        }
        Ok(Row::new(P::NAME, &summary, jobs))
    }
}

/// Each program runs once on the first sample before the stress run: a program
/// that cannot start (missing, not executable) is a plain error, and nothing is
/// saved. Any other failure there is left to the stress run, which shrinks it.
fn check_programs_start<P: Harness>(plan: &Plan<P>) -> Result<()> {
    let Some((sample, label)) = first_sample(plan) else {
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

pub fn run(args: StressArgs) -> Result<ExitCode> {
    let names: Vec<&str> = if args.problem == "all" {
        PROBLEMS.to_vec()
    } else if PROBLEMS.contains(&args.problem.as_str()) {
        vec![args.problem.as_str()]
    } else {
        bail!(
            "unknown problem '{}' (known: {}, or all)",
            args.problem,
            PROBLEMS.join(", ")
        );
    };
    if args.problem == "all" && !args.families.is_empty() {
        return Err(UsageError("--family needs a single problem, not `all`".into()).into());
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    eprintln!("stress seed {seed} (repeat this run with --seed {seed})");
    crate::stress_view::quiet_worker_panics();
    let mut rows = Vec::new();
    for name in names {
        let row =
            with_problem(name, StressOne { args: &args, seed }).expect("listed problems exist")?;
        let interrupted = row.interrupted;
        rows.push(row);
        if interrupted {
            break;
        }
    }
    print_summary(&rows);
    Ok(if rows.iter().any(|r| r.interrupted) {
        ExitCode::from(interrupt::EXIT_INTERRUPTED)
    } else if rows.iter().any(|r| r.failures > 0 || r.aborted) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
