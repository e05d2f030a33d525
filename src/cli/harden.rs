//! `jurybox harden`'s flags, apart from cli.rs's other commands: the
//! budget's rules are said here, where `--help` reads them.

use super::{job_count, positive_seconds, ContestArgs, JudgeArg};
use clap::Args;
use std::path::PathBuf;

/// Arguments of `jurybox harden`.
#[derive(Args, Debug)]
pub struct HardenArgs {
    /// The package directory (with a problem.yaml), or a contest (each
    /// problem hardened in turn, one summary).
    pub package: PathBuf,
    /// Add what is found to the package (data/secret/ and generators.yaml);
    /// without it the package is not changed, and what is found is saved under
    /// --save.
    #[arg(long)]
    pub write: bool,
    /// Skip the audit of the jury's own programs (`jurybox audit`, with a
    /// one-second shrink per finding) that runs before the search.
    #[arg(long)]
    pub no_audit: bool,
    /// A generator of candidate inputs: `{seed}` becomes each candidate's seed,
    /// `{n=1..30}` a size (as in stress --gen).
    #[arg(long, value_name = "CMD")]
    pub gen: Option<String>,
    /// Wall-clock seconds of the whole command, from its start: building,
    /// the limit, the matrix and the audit first; then the mutants, made,
    /// judged and searched for within a third of it (those left out are
    /// said); the survivors' searches get the rest, shared round by round: a
    /// first round gives each survivor an equal part of half of it (all of
    /// it when there is one), later rounds split what is left among those
    /// still alive, the cheapest first, so none goes unsearched. A search
    /// stops drawing candidates what confirming a catch may take before the
    /// end (the limit's runs, a too-slow catch's runs again); a catch whose
    /// confirmation the end cuts short is saved under unconfirmed/, not
    /// added. The last line says where the seconds went.
    #[arg(long, default_value_t = 600.0, value_parser = positive_seconds)]
    pub budget: f64,
    /// The most seconds one surviving submission's searches take, in all
    /// its rounds (default: the whole --budget).
    #[arg(long, value_parser = positive_seconds)]
    pub seconds: Option<f64>,
    /// Seed of the search and of the mutants' selection (default: 1, so a run
    /// repeats).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Mutants made of each accepted C, C++ or Python submission (a seeded
    /// selection; 0: none). Made and judged within a third of --budget, timed
    /// on stderr: two builds of each C or C++ mutant (object code, program)
    /// and its runs on the samples, about half a second a mutant on 2 cores,
    /// less once built (builds are cached).
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub mutants: usize,
    /// Wall-clock seconds of the search for each mutant the data leaves
    /// alive, counted as --seconds is.
    #[arg(long, default_value_t = 5.0, value_parser = positive_seconds)]
    pub mutant_seconds: f64,
    /// At most N candidate inputs per search (with the seed, a run that finds
    /// the same tests on any machine; the seconds still bound it).
    #[arg(long, value_name = "N")]
    pub candidates: Option<usize>,
    /// Search only for the surviving submissions whose names (`wrong_answer/x.cpp`)
    /// contain this text (repeatable; default: every survivor).
    #[arg(long = "only", value_name = "TEXT")]
    pub only: Vec<String>,
    /// The most time spent shrinking one found test, in seconds (within the
    /// search's own seconds).
    #[arg(long, default_value_t = 20.0, value_parser = positive_seconds)]
    pub shrink_seconds: f64,
    /// Where found tests are saved (default: ./jurybox-found/PACKAGE/).
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Runs at a time (default: all cores).
    #[arg(long, short, value_parser = job_count)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub judge: JudgeArg,
    #[command(flatten)]
    pub contest: ContestArgs,
}
