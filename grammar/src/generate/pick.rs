//! The dictionary's words and numbers, and a policy's use of them (the
//! dictionary stage's chooser of texts and values, `dictionary.rs`).

use std::sync::Arc;

use jurybox_generators::Rng;

use super::run::TextSpec;
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

    /// Every entry as the bytes of one token: the words without white space
    /// (a sample's whole line is a phrase), then the numbers; for the
    /// mutations of the tests, which write a token where a token was.
    pub fn entries(&self) -> Vec<Vec<u8>> {
        let words = self
            .words
            .iter()
            .filter(|w| !w.contains(char::is_whitespace));
        words
            .map(|w| w.as_bytes().to_vec())
            .chain(self.numbers.iter().map(|n| n.to_string().into_bytes()))
            .collect()
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
