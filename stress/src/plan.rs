//! What a built-in problem's stress run is asked to do: its families, budget,
//! shard, seed, programs and where it saves failures; the loop itself is
//! [`crate::runner`], case `i` of it [`crate::case`].

use crate::registry::Harness;
use crate::store::Store;
use jurybox_generators::Family;
use jurybox_judging::jobs::Budget;
use jurybox_judging::shard::{CaseSet, Shard};
use jurybox_sandbox::Program;
use std::path::PathBuf;
use std::time::Duration;

/// What to run.
pub struct StressPlan<P: Harness> {
    /// Families to draw from, in round robin.
    pub families: Vec<&'static Family<P>>,
    /// When to stop. `Budget::Cases(n)` counts the run's cases `0..n`, of which a
    /// shard runs its own.
    pub budget: Budget,
    /// The part of the run this process does (shards of one seed split its cases).
    pub shard: Shard,
    /// The run's first case: 0, or `I` to replay case `I` alone (with
    /// `Budget::Cases(I + 1)`).
    pub start: u64,
    /// Worker threads.
    pub jobs: usize,
    /// The run's seed.
    pub seed: u64,
    /// External programs judged along with the built-in engines.
    pub programs: Vec<Program>,
    /// Where failing cases of built-in engines are saved (the project's corpus).
    pub store: Store,
    /// Where failing cases of programs are saved (`./jurybox-found/PROBLEM/`).
    pub found_dir: PathBuf,
    /// Let programs see inputs beyond the official limits.
    pub extended: bool,
    /// The most time spent shrinking one failure.
    pub shrink_time: Duration,
}

impl<P: Harness> StressPlan<P> {
    /// A plan with the defaults: every family, no program, the source tree's corpus,
    /// `./jurybox-found/PROBLEM/`, 60 s of shrinking.
    pub fn new(budget: Budget, jobs: usize, seed: u64) -> StressPlan<P> {
        StressPlan {
            families: P::families().iter().collect(),
            budget,
            shard: Shard::WHOLE,
            start: 0,
            jobs,
            seed,
            programs: Vec::new(),
            store: Store::source_tree(),
            found_dir: jurybox_judging::store::found_dir(P::NAME),
            extended: false,
            shrink_time: Duration::from_secs(60),
        }
    }

    /// The case indices this process runs, in order.
    pub fn case_set(&self) -> CaseSet {
        let end = match self.budget {
            Budget::Cases(n) => n,
            Budget::Time(_) => u64::MAX,
        };
        CaseSet {
            range: self.start.min(end)..end,
            shard: self.shard,
        }
    }

    pub(crate) fn official_only(&self) -> bool {
        !self.programs.is_empty() && !self.extended
    }
}
