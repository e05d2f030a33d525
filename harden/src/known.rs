//! What is known of a candidate input once asked: whether the validators
//! accept it and the reference's answer. Every target's search draws the same
//! grammar candidates first (every small input, each boundary, each maximal
//! shape), so after the first target only the target itself runs on them.
//! Keyed by the input's length and content hash; a question that ended in a
//! stop (a jury fault, Ctrl-C) is not kept.

use jurybox_format::Verdict;
use jurybox_judging::store::content_hash;
use std::collections::HashMap;
use std::sync::Mutex;

/// Answers above this size are not kept (a maximal input's answer may be as
/// large as the input; running the reference again is cheaper than holding it).
const KEPT_ANSWER_BYTES: usize = 1 << 16;

/// An input's length and content hash.
pub(crate) type Key = (usize, u64);

/// The key of `input`.
pub(crate) fn key(input: &[u8]) -> Key {
    (input.len(), content_hash(input))
}

/// Validator verdicts and reference answers by input, shared by every search
/// of one session (one package, one reference, one set of test arguments).
#[derive(Debug, Default)]
pub struct Known {
    valid: Mutex<HashMap<Key, bool>>,
    answers: Mutex<HashMap<Key, Option<Vec<u8>>>>,
    /// The disagreements noted, and how many of them were taken.
    disagreements: Mutex<(Vec<Disagreement>, usize)>,
}

/// An accepted submission rejected on a valid input that the reference
/// answered: the accepted submissions contradict each other there (karwa2025's
/// bancdepoissons: on a tie the package's own data avoids, one answers 100000
/// and three 99999). No test can be made of it, and a setter must hear of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The accepted submission that the reference's answer rejects.
    pub submission: String,
    /// Its verdict (a wrong answer or a crash).
    pub verdict: Verdict,
    /// How its run ended, in words.
    pub detail: String,
    /// The input, which every validator accepts.
    pub input: Vec<u8>,
    /// The reference's answer to it.
    pub answer: Vec<u8>,
}

impl Known {
    /// Whether the validators accepted `input`, if asked before.
    pub fn valid(&self, input: &[u8]) -> Option<bool> {
        self.valid
            .lock()
            .expect("no panics holding it")
            .get(&key(input))
            .copied()
    }

    /// Keeps the validators' verdict on `input`.
    pub fn keep_valid(&self, input: &[u8], valid: bool) {
        self.valid
            .lock()
            .expect("no panics holding it")
            .insert(key(input), valid);
    }

    /// The reference's answer to `input` (`Some(None)`: it did not end
    /// normally), if asked before.
    pub fn answer(&self, input: &[u8]) -> Option<Option<Vec<u8>>> {
        self.answers
            .lock()
            .expect("no panics holding it")
            .get(&key(input))
            .cloned()
    }

    /// Keeps the reference's answer to `input`, when small.
    pub fn keep_answer(&self, input: &[u8], answer: &Option<Vec<u8>>) {
        if answer.as_ref().is_some_and(|a| a.len() > KEPT_ANSWER_BYTES) {
            return;
        }
        self.answers
            .lock()
            .expect("no panics holding it")
            .insert(key(input), answer.clone());
    }

    /// Keeps `found`, the first of its submission (one input says it).
    pub fn note_disagreement(&self, found: Disagreement) {
        let mut kept = self.disagreements.lock().expect("no panics holding it");
        if kept.0.iter().all(|d| d.submission != found.submission) {
            kept.0.push(found);
        }
    }

    /// The disagreements noted and not taken before, in the order found.
    pub fn take_disagreements(&self) -> Vec<Disagreement> {
        let mut kept = self.disagreements.lock().expect("no panics holding it");
        let (noted, taken) = &mut *kept;
        let new = noted[*taken..].to_vec();
        *taken = noted.len();
        new
    }
}
