//! The dictionary stage: inputs that use the words and numbers the package
//! itself names (AFL's `-x`, libFuzzer's `-dict`). A bug that needs one
//! particular word twice ("tiramisu" in two orders) is out of reach of random
//! strings over `[a-z]`, and a setter writes that test with the statement's
//! own words. For each entry in turn, a few runs of small random size in which
//! every text (or value) it fits takes it half the time and another entry a
//! quarter of the time: the entry appears, and appears again.

use std::sync::Arc;

use jurybox_generators::Rng;

use super::policy::{Policy, Sizes, Values};
use super::run::{Budget, TextSpec};
use super::{Candidate, Candidates, Origin, State};
use crate::pattern::usable_chars;

/// Words and numbers named by the package (its sources' literals, its
/// samples' tokens and lines, its statement's words and numbers), most
/// telling first; the caller gathers them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dictionary {
    /// Texts, each tried where a text fits it.
    pub words: Vec<String>,
    /// Integers, each tried where its bounds allow it.
    pub numbers: Vec<i128>,
}

impl Dictionary {
    /// How many entries the stage goes through: the words, then the numbers.
    pub fn len(&self) -> usize {
        self.words.len() + self.numbers.len()
    }

    /// Whether it has no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entry `e` in words.
    pub fn entry(&self, e: usize) -> String {
        match self.words.get(e) {
            Some(w) => format!("{w:?}"),
            None => self
                .numbers
                .get(e - self.words.len())
                .map_or_else(String::new, i128::to_string),
        }
    }
}

/// Runs per entry, at sizes up to 4, 16 and 64.
const RUNS_PER_ENTRY: u32 = 3;

/// A policy's use of the dictionary: entry `entry` first.
#[derive(Clone, Debug)]
pub(crate) struct Pick {
    pub dictionary: Arc<Dictionary>,
    pub entry: usize,
}

impl Pick {
    /// A text for `spec` from the dictionary, or `None` to draw as usual:
    /// the entry half the time, another fitting word a quarter of the time.
    pub fn text(&self, rng: &mut Rng, spec: &TextSpec<'_>) -> Option<String> {
        let fits = |w: &str| fits_text(w, spec);
        let roll = rng.below(4);
        if roll < 2 {
            let own = self.dictionary.words.get(self.entry)?;
            return fits(own).then(|| own.clone());
        }
        if roll == 2 {
            let fitting: Vec<&String> = self.dictionary.words.iter().filter(|w| fits(w)).collect();
            if !fitting.is_empty() {
                return Some(fitting[rng.below(fitting.len() as u64) as usize].clone());
            }
        }
        None
    }

    /// An integer in `lo..=hi` from the dictionary, or `None` to choose as
    /// usual: the entry half the time.
    pub fn int(&self, rng: &mut Rng, lo: i128, hi: i128) -> Option<i128> {
        let at = self.entry.checked_sub(self.dictionary.words.len())?;
        let v = *self.dictionary.numbers.get(at)?;
        ((lo..=hi).contains(&v) && rng.chance(1, 2)).then_some(v)
    }
}

/// Whether `word` is a text `spec` may be.
fn fits_text(word: &str, spec: &TextSpec<'_>) -> bool {
    match spec {
        TextSpec::Pattern(p) => p.matches(word),
        TextSpec::Chars { chars, min, max } => {
            let len = word.chars().count() as u64;
            let allowed = |c: char| {
                if chars.is_empty() {
                    usable_chars(&[('!', '~')]).contains(&c)
                } else {
                    chars.contains(&c)
                }
            };
            (*min..=*max).contains(&len) && word.chars().all(allowed)
        }
    }
}

impl Candidates<'_> {
    /// One step of the dictionary stage ([`Candidates::step`]).
    pub(super) fn step_dictionary(&mut self, budget: Budget) -> Result<Option<Candidate>, ()> {
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
