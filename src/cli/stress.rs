//! `jurybox stress`'s flags, apart from cli.rs's other commands: the
//! longest of them (a problem, a package, a contest or your own commands,
//! each with its own flags), kept where `--help` reads them.

use super::{job_count, positive_seconds, ProgramArgs};
use clap::Args;
use jurybox_judging::shard::Shard;
use std::path::PathBuf;

/// Arguments of `jurybox stress`.
#[derive(Args, Debug)]
pub struct StressArgs {
    /// Problem name, or `all`, or a package directory (one with a problem.yaml),
    /// or a contest (each problem in turn, one summary; --shard K/N takes its
    /// problems); none with --gen (a problem of your own given as commands).
    #[arg(required_unless_present = "gen")]
    pub problem: Option<String>,
    /// Your own problem: the generator command; `{seed}` becomes each case's 64-bit
    /// seed (a pure function of --seed and the case's index). Needs --reference and
    /// --program, or a package directory as the problem (whose accepted
    /// submission is the reference).
    #[arg(long, value_name = "CMD")]
    pub gen: Option<String>,
    /// Your own problem: the trusted solution (input on stdin; with --interactor
    /// it talks with the interactor, which must accept it).
    #[arg(long, value_name = "CMD", requires = "gen")]
    pub reference: Option<String>,
    /// Your own interactive problem: the interactor. The generated input is its
    /// input (the hidden parameters), and the program talks with it: its output
    /// is the interactor's stdin, the interactor's stdout is its input.
    #[arg(long, value_name = "CMD", requires = "gen")]
    pub interactor: Option<String>,
    /// How the interactor speaks: testlib (`CMD input output`, exit 0/1/2/3, and 4
    /// and 8 presentation errors; a --checker then judges its output file) or kattis (an output validator,
    /// `CMD input answer feedbackdir/`, exit 42/43).
    #[arg(
        long,
        value_name = "PROTOCOL",
        default_value = "testlib",
        requires = "interactor"
    )]
    pub interactor_protocol: jurybox_core::verdict::Protocol,
    /// Kattis multi-pass: run the program again on the feedback directory's
    /// nextpass.in while the interactor accepts and writes one, at most this
    /// many passes in all.
    #[arg(long, value_name = "PASSES", requires = "interactor", value_parser = clap::value_parser!(u32).range(2..))]
    pub multi_pass: Option<u32>,
    /// Your own problem: the checker (default: outputs compared token by token).
    #[arg(long, value_name = "CMD", requires = "gen")]
    pub checker: Option<String>,
    /// How the checker speaks: testlib (`CMD input output answer`, exit 0/1/2/3, and
    /// 4 and 8 presentation errors) or
    /// kattis (`CMD input answer feedbackdir < output`, exit 42/43).
    #[arg(
        long,
        value_name = "PROTOCOL",
        default_value = "testlib",
        requires = "gen"
    )]
    pub checker_protocol: jurybox_core::verdict::Protocol,
    /// Your own problem: an input validator (repeatable; input on stdin).
    #[arg(long = "validator", value_name = "CMD", requires = "gen")]
    pub validators: Vec<String>,
    /// How the validators speak: testlib (exit 0 means valid) or kattis (42).
    #[arg(
        long,
        value_name = "PROTOCOL",
        default_value = "testlib",
        requires = "gen"
    )]
    pub validator_protocol: jurybox_core::verdict::Protocol,
    /// Your own problem as a Kattis / BAPCtools package directory: its input
    /// validators, output validator and samples are used (Kattis protocol).
    #[arg(
        long = "problem",
        id = "package_dir",
        value_name = "DIR",
        requires = "gen"
    )]
    pub package_dir: Option<PathBuf>,
    /// Your own problem or a package: judge this saved input alone (the
    /// `reproduce:` line).
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Only these families (repeatable; default: every family).
    #[arg(long = "family", short = 'f', value_name = "NAME")]
    pub families: Vec<String>,
    /// Stop after this many cases (per problem; with --shard, the whole run's
    /// cases, of which this shard runs its own).
    #[arg(long, conflicts_with = "seconds")]
    pub cases: Option<u64>,
    /// Stop after this many seconds, shrinking included (per problem; default: 12,
    /// about a minute for `all`; with --shard, each shard runs its own cases that
    /// long).
    #[arg(long, value_parser = positive_seconds)]
    pub seconds: Option<f64>,
    /// Run shard K of N (1-based): the cases i of the run with i mod N = K - 1.
    /// Without it, read from the job scheduler's environment (Bazel, GitLab,
    /// SLURM arrays, Kubernetes Indexed Jobs with JURYBOX_SHARDS); see docs/SCALE.md.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Run case I of the run alone (with --seed: replays a failure a shard found).
    #[arg(long, value_name = "I", conflicts_with_all = ["cases", "seconds", "shard"], requires = "seed")]
    pub case: Option<u64>,
    /// Write a JSON report of this run (or shard) to FILE, for `jurybox merge`.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long, short, value_parser = job_count)]
    pub jobs: Option<usize>,
    /// Seed of the run (default: from the clock; printed so the run can be repeated).
    #[arg(long, short)]
    pub seed: Option<u64>,
    /// Corpus directory where failing cases of built-in engines are saved.
    #[arg(long, default_value = "corpus")]
    pub corpus: PathBuf,
    /// Where failing cases of --program are saved (default: ./jurybox-found/PROBLEM/).
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Let programs see inputs beyond the official limits.
    #[arg(long)]
    pub extended: bool,
    /// Your own problem: CPU seconds each run of a jury program (generator,
    /// reference, validator, checker) may take; its wall clock is 2 × that + 1 s.
    /// A jury program past it stops the run as the jury's fault (exit 3).
    #[arg(long, value_name = "SECONDS", default_value_t = jurybox_sandbox::DEFAULT_JURY_CPU_SECONDS, value_parser = positive_seconds)]
    pub jury_time_limit: f64,
    /// The most time spent shrinking one failure, in seconds.
    #[arg(long, default_value_t = 60.0, value_parser = positive_seconds)]
    pub shrink_seconds: f64,
    /// A package: at most N candidate inputs per search (a budget that does not
    /// depend on the machine's speed).
    #[arg(long, value_name = "N")]
    pub candidates: Option<usize>,
    #[command(flatten)]
    pub programs: ProgramArgs,
}
