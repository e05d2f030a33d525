//! `jurybox audit`'s flags (issue 44), apart from cli.rs's other commands.

use super::{job_count, positive_seconds, JudgeArg};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `jurybox audit`.
#[derive(Args, Debug)]
pub struct AuditArgs {
    /// The package directory, or a contest (each problem audited in turn, one
    /// summary).
    pub package: PathBuf,
    /// Keep each confirmed finding in the package as a test: data/invalid_input/
    /// (and generators.yaml) or data/invalid_output/.
    #[arg(long)]
    pub write: bool,
    /// Audit only these parts (repeatable): statement, reach, invalid-input,
    /// disagreement, output, generators.
    #[arg(long = "only", value_name = "PART")]
    pub only: Vec<String>,
    /// Replay a saved finding: give FILE.in to every input validator (and
    /// FILE.out, when beside it, to the output validator) and say what each
    /// says; exit 1 if the finding still holds.
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// A generator command audited with generators.yaml's rules (`{seed}`,
    /// `{n=1..30}` as in stress --gen).
    #[arg(long, value_name = "CMD")]
    pub gen: Option<String>,
    /// Seed of every input the audit makes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The most time spent shrinking one finding, in seconds.
    #[arg(long, default_value_t = 5.0, value_parser = positive_seconds)]
    pub shrink_seconds: f64,
    /// Where findings are saved (default: ./jurybox-found/PACKAGE/).
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Runs at a time (default: all cores).
    #[arg(long, short, value_parser = job_count)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub judge: JudgeArg,
}

/// `jurybox audit --help`'s examples.
pub const AUDIT_EXAMPLES: &str = "\
Examples:
  jurybox audit mypackage/                        # judge the validators, checker, generators
  jurybox audit mypackage/ --only output          # the output validator only
  jurybox audit mypackage/ --write                # keep each finding as a test";
