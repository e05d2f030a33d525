//! `jurybox mutants PACKAGE` (or `CONTEST`): the mutants of the accepted
//! submissions, which tests kill each, the survivors' edits and the mutation
//! score, and with `--search S` a search for each survivor
//! (`jurybox_harden::drive::mutants`). A built-in problem's `mutants` is the
//! kill table of its suite (`suite.rs`).

use crate::cli::MutantsArgs;
use crate::contest_view::{each, is_contest};
use crate::exit;
use crate::interrupt;
use crate::output::Terminal;
use crate::stopped::hardened;
use anyhow::Result;
use jurybox_harden::drive::{mutants, MutantsConfig};
use jurybox_jury::contest::{ContestCommand, ProblemLine};
use std::path::Path;
use std::process::ExitCode;

/// `jurybox mutants PACKAGE`, or `mutants CONTEST`: each problem in turn, one
/// summary at the end.
pub fn run(dir: &Path, args: &MutantsArgs) -> Result<ExitCode> {
    let config = MutantsConfig {
        mutants: args.mutants,
        seed: args.seed,
        search: args.search,
        jobs: super::jobs(args.jobs),
        judge: args.judge.judge,
    };
    let one = |dir: &Path, line: &mut ProblemLine| -> Result<u8> {
        let found = mutants(dir, &config, interrupt::flag(), &Terminal, line).map_err(hardened)?;
        Ok(exit::found_if(found))
    };
    if is_contest(dir) {
        let how = ContestCommand {
            command: "mutants",
            options: format!(
                "mutants {}, seed {}, search {}, judge {:?}",
                args.mutants, args.seed, args.search, args.judge.judge
            ),
            shard: args.contest.shard,
        };
        return each(dir, &how, args.contest.report.as_deref(), one);
    }
    let mut line = ProblemLine::new("", "");
    Ok(exit::code(one(dir, &mut line)?))
}
