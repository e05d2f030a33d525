//! The dictionary stage: inputs that use the words and numbers the package
//! itself names (AFL's `-x`, libFuzzer's `-dict`). A bug that needs one
//! particular word twice ("tiramisu" in two orders) is out of reach of random
//! strings over `[a-z]`, and a setter writes that test with the statement's
//! own words. For each entry in turn, a few runs of small random size in which
//! every text (or value) it fits takes it half the time and another entry a
//! quarter of the time: the entry appears, and appears again.

use std::sync::Arc;

use super::pick::Pick;
use super::policy::{Policy, Sizes, Values};
use super::run::Budget;
use super::{Candidates, GeneratedInput, Origin, State};

/// Runs per entry, at sizes up to 4, 16 and 64.
const RUNS_PER_ENTRY: u32 = 3;

impl Candidates<'_> {
    /// One step of the dictionary stage ([`Candidates::step`]).
    pub(super) fn step_dictionary(&mut self, budget: Budget) -> Result<Option<GeneratedInput>, ()> {
        let State::Dictionary { entry, run } = &mut self.state else {
            return Err(());
        };
        let dictionary = Arc::clone(&self.options.dictionary);
        if *entry >= dictionary.len() {
            return Err(());
        }
        let (e, r) = (*entry, *run);
        *run += 1;
        if *run >= RUNS_PER_ENTRY {
            (*entry, *run) = (e + 1, 0);
        }
        let mut p = Policy::new(
            Sizes::Random {
                scale: 4 << (2 * r),
            },
            Values::Random,
            self.seed_for(6, (e as u64) << 4 | u64::from(r)),
            self.options.open_length,
        );
        p.pick = Some(Pick {
            dictionary: Arc::clone(&dictionary),
            entry: e,
        });
        let made = self.plan.run(&mut p, budget).map(|m| m.bytes);
        Ok(self.keep(made, || Origin::Dictionary {
            entry: dictionary.entry(e),
        }))
    }
}
