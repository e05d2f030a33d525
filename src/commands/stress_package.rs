//! `jurybox stress PACKAGE` (or `CONTEST`): the search part of hardening
//! (`jurybox_harden::drive::stress`). With `--program CMD`, your program
//! against the package's fastest accepted submission, on inputs from `--gen`
//! (and the package's generators); without it, every submission that must
//! fail but passes every test. What is found is shrunk and saved, never
//! written into the package (that is `harden --write`). `--input FILE`
//! replays one saved input (`jurybox_harden::drive::replay`).

use crate::cli::StressArgs;
use crate::contest_view::each;
use crate::exit;
use crate::interrupt;
use crate::output::Terminal;
use crate::program_flags::DEFAULT_SECONDS;
use crate::stopped::hardened;
use crate::UsageError;
use anyhow::Result;
use jurybox_harden::drive::{replay, stress, StressConfig};
use jurybox_jury::contest::{ContestCommand, ProblemLine};
use std::path::Path;
use std::process::ExitCode;

/// The search's config from `stress`'s flags.
fn config(args: &StressArgs) -> StressConfig {
    StressConfig {
        programs: args.programs.commands.clone(),
        gen: args.gen.clone(),
        seconds: args.seconds.unwrap_or(DEFAULT_SECONDS),
        seed: args.seed.unwrap_or(1),
        shrink_seconds: args.shrink_seconds,
        candidates: args.candidates,
        save: args.save.clone(),
        jobs: super::jobs(args.jobs),
    }
}

/// The search in the package in `dir`: its status, its summary in `line`.
fn one(dir: &Path, config: &StressConfig, line: &mut ProblemLine) -> Result<u8> {
    let found = stress(dir, config, interrupt::flag(), &Terminal, line).map_err(hardened)?;
    Ok(exit::found_if(found))
}

pub fn run(dir: &Path, args: &StressArgs) -> Result<ExitCode> {
    let config = config(args);
    if let Some(input) = &args.input {
        let failed = replay(dir, input, &config, interrupt::flag(), &Terminal).map_err(hardened)?;
        return Ok(exit::code(exit::found_if(failed)));
    }
    let mut line = ProblemLine::new("", "");
    Ok(exit::code(one(dir, &config, &mut line)?))
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
    let config = config(args);
    let how = ContestCommand {
        command: "stress",
        options: format!(
            "seed {:?}, seconds {:?}, programs {:?}",
            args.seed, args.seconds, args.programs.commands
        ),
        shard: args.shard,
    };
    each(dir, &how, args.report.as_deref(), |dir, line| {
        one(dir, &config, line)
    })
}
