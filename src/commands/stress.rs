//! `jurybox stress`: validates the flags into one plan per problem, runs them one
//! after another and prints a summary.

use crate::cli::{ProgramArgs, StressArgs};
use crate::stress_view::{print_found, print_summary, run_with_progress, Row};
use anyhow::{bail, Result};
use jurybox_stress::program::Program;
use jurybox_stress::runner::{Budget, Plan};
use jurybox_stress::store::Store;
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};
use std::process::ExitCode;
use std::time::Duration;

/// Seconds per problem when neither `--cases` nor `--seconds` is given: about a
/// minute for `stress all` once all five problems are in.
const DEFAULT_SECONDS: f64 = 12.0;

/// The `--program` flags as programs to run.
pub fn programs(args: &ProgramArgs) -> Vec<Program> {
    args.commands
        .iter()
        .map(|command| Program {
            command: command.clone(),
            time_limit: Duration::from_secs_f64(args.time_limit),
            memory_mib: args.memory_limit,
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
            (None, Some(s)) if s > 0.0 => Budget::Time(Duration::from_secs_f64(s)),
            (None, Some(s)) => bail!("--seconds must be positive, not {s}"),
            (None, None) => Budget::Time(Duration::from_secs_f64(DEFAULT_SECONDS)),
        };
        let jobs = args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        if jobs == 0 {
            bail!("--jobs must be at least 1");
        }
        let plan = Plan {
            families,
            budget,
            jobs,
            seed: self.seed,
            programs: programs(&args.programs),
            store: Store::new(&args.corpus),
        };
        let summary = run_with_progress(&plan);
        for found in &summary.failures {
            print_found(P::NAME, found);
        }
        Ok(Row::new(P::NAME, &summary, jobs))
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
        bail!("--family needs a single problem, not `all`");
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
        rows.push(row);
    }
    print_summary(&rows);
    Ok(if rows.iter().any(|r| r.failures > 0) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
