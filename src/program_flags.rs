//! The flags every command that runs programs shares, validated once: the
//! program's limits (`--time-limit` and its kin), the jury's limits
//! (`--jury-time-limit`), a stress run's budget and seed. `stress`, `stress
//! --gen`, `check` and `run` read them here, so none of them imports another.

use crate::cli::{ProgramArgs, StressArgs};
use crate::UsageError;
use anyhow::Result;
use jurybox_judging::jobs::Budget;
use jurybox_sandbox::{Program, RunLimits, MIB};
use std::time::Duration;

/// Seconds per problem when neither `--cases` nor `--seconds` is given: about a
/// minute for `stress all` once all five problems are in.
pub const DEFAULT_SECONDS: f64 = 12.0;

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

/// The limits of each run of a jury program (generator, reference, validator,
/// checker): `--jury-time-limit` of CPU, 2 × that + 1 s of wall clock, and the
/// program's memory and output limits. Their time is not judged, but a hang must
/// end the run soon, with a message that says which limit it hit.
pub fn jury_limits(args: &StressArgs) -> RunLimits {
    RunLimits {
        memory_bytes: args.programs.memory_limit * MIB,
        stdout_bytes: args.programs.output_limit * MIB,
        ..RunLimits::with_cpu(Duration::from_secs_f64(args.jury_time_limit))
    }
}

/// When a stress run stops: after case `--case` alone, `--cases`, `--seconds`,
/// or [`DEFAULT_SECONDS`].
pub fn budget(args: &StressArgs) -> Result<Budget> {
    Ok(match (args.case, args.cases, args.seconds) {
        (Some(i), _, _) => Budget::Cases(
            i.checked_add(1)
                .ok_or_else(|| UsageError(format!("--case {i} is past the last case of a run")))?,
        ),
        (None, Some(n), _) => Budget::Cases(n),
        (None, None, Some(s)) => Budget::Time(Duration::from_secs_f64(s)),
        (None, None, None) => Budget::Time(Duration::from_secs_f64(DEFAULT_SECONDS)),
    })
}

/// `--seed`, or one from the clock (printed, so the run can be repeated).
pub fn seed(args: &StressArgs) -> u64 {
    args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    })
}
