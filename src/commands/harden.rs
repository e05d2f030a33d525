//! `jurybox harden PACKAGE` (or `CONTEST`): the matrix, the survivors, a
//! search for each, and what was found, saved (and with --write, added to the
//! package). The hardening is `jurybox_harden::drive::harden`; this file
//! makes its config from the flags and prints what it tells.

use crate::cli::HardenArgs;
use crate::contest_view::{contest_only, each, is_contest};
use crate::exit;
use crate::interrupt;
use crate::output::Terminal;
use crate::stopped::hardened;
use anyhow::Result;
use jurybox_harden::drive::{harden, HardenConfig};
use jurybox_jury::contest::{ContestCommand, ProblemLine};
use std::process::ExitCode;

/// `harden PACKAGE`, or `harden CONTEST`: each problem hardened in turn,
/// one summary at the end.
pub fn run(args: HardenArgs) -> Result<ExitCode> {
    contest_only("harden", &args.package, &args.contest)?;
    let config = HardenConfig {
        write: args.write,
        audit: !args.no_audit,
        gen: args.gen,
        budget: args.budget,
        seconds: args.seconds,
        seed: args.seed,
        mutants: args.mutants,
        mutant_seconds: args.mutant_seconds,
        candidates: args.candidates,
        only: args.only,
        shrink_seconds: args.shrink_seconds,
        save: args.save,
        jobs: super::jobs(args.jobs),
        judge: args.judge.judge,
    };
    let one = |dir: &std::path::Path, line: &mut ProblemLine| -> Result<u8> {
        let found = harden(dir, &config, interrupt::flag(), &Terminal, line).map_err(hardened)?;
        Ok(exit::found_if(found))
    };
    if is_contest(&args.package) {
        let how = ContestCommand {
            command: "harden",
            options: format!(
                "mutants {}, seed {}, budget {}, seconds {:?}, mutant seconds {}, only {:?}, judge {:?}",
                config.mutants,
                config.seed,
                config.budget,
                config.seconds,
                config.mutant_seconds,
                config.only,
                config.judge
            ),
            shard: args.contest.shard,
        };
        return each(&args.package, &how, args.contest.report.as_deref(), one);
    }
    let mut line = ProblemLine::new("", "");
    Ok(exit::code(one(&args.package, &mut line)?))
}
