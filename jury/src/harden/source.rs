//! Where candidate inputs come from: a generator command taking `{seed}` (the
//! package's generators.yaml rules, or `--gen CMD`), or mutations of the
//! package's own test inputs. A source is a lazy, deterministic sequence: the
//! same package and seed give the same candidates in the same order.

use jurybox_languages::Built;
use jurybox_sandbox::{run_command, RunLimits};
use jurybox_stress::any::sizes;
use jurybox_stress::case::splitmix64;
use std::sync::atomic::AtomicBool;

/// One candidate input and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The input.
    pub input: Vec<u8>,
    /// Where it came from, for the report (`--gen './gen 7'`, `mutation of
    /// secret/02: ...`).
    pub provenance: String,
    /// The generator words that make it again, when a generator made it (for a
    /// generators.yaml entry); `None` for a mutation.
    pub command: Option<Vec<String>>,
}

/// A source of candidates.
pub trait Source: Send {
    /// Its name, for progress and the report.
    fn name(&self) -> String;
    /// The next candidate, or `None` when it has no more.
    fn next_candidate(&mut self) -> Option<Candidate>;
}

/// A generator run with a fresh seed per candidate: candidate `i` of run seed
/// `S` uses `splitmix64(S + i)`, as every jurybox stress run does. The command
/// is the user's `--gen` (with `{seed}` and size markers `{n=1..30}`) or a
/// package generator with its rule's words.
pub struct Generator {
    /// The name shown.
    pub name: String,
    /// The generator, built (its arguments follow).
    pub program: Option<Built>,
    /// The arguments, or the whole command when `program` is `None`; `{seed}`
    /// is replaced by the candidate's seed.
    pub words: String,
    /// The run's seed.
    pub seed: u64,
    /// Candidates drawn so far.
    pub drawn: u64,
    /// The generator's limits.
    pub limits: RunLimits,
    /// Failures in a row: a generator that fails often is given up.
    pub failures: u32,
}

impl Generator {
    /// The command for candidate seed `seed`.
    pub fn command(&self, seed: u64) -> String {
        let words = sizes::expand(&self.words, seed, None);
        match &self.program {
            Some(p) => format!("{} {words}", p.command()),
            None => words,
        }
    }
}

impl Source for Generator {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn next_candidate(&mut self) -> Option<Candidate> {
        while self.failures < 8 {
            let seed = splitmix64(self.seed.wrapping_add(self.drawn));
            self.drawn += 1;
            let command = self.command(seed);
            let report = run_command(&command, &self.limits, b"", &AtomicBool::new(false));
            if report.outcome != jurybox_sandbox::Outcome::Exited {
                self.failures += 1;
                continue;
            }
            self.failures = 0;
            return Some(Candidate {
                input: report.stdout,
                provenance: format!("`{command}`"),
                command: Some(
                    sizes::expand(&self.words, seed, None)
                        .split_whitespace()
                        .map(String::from)
                        .collect(),
                ),
            });
        }
        None
    }
}
