//! Why a jury's work ends before its answer: Ctrl-C, or a fault of the jury's
//! own (an output validator that crashes, an input validator that never ends,
//! a submission the machine cannot start). Neither is a verdict on a
//! submission, so every judging call returns it as an `Err`: a jury fault is
//! never counted as a kill, a catch, an agreement or a contradiction, and the
//! command that meets one names it and ends (the CLI's jury-fault status).
//! The stop is core's one [`NoVerdict`], its fault a [`JuryFault`] record.

use jurybox_judging::store::{content_hash, write_atomically};
use jurybox_judging::verdict::NoVerdict;
use std::fmt;
use std::path::{Path, PathBuf};

/// The jury failed on one input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JuryFault {
    /// What of the jury failed, and how (it names the program).
    pub why: String,
    /// The submission whose run showed it, if a run did (a validator judging
    /// an input shows it alone).
    pub during: Option<String>,
    /// The test's name (`secret/02-big`, or `candidate` for a made input).
    pub test: String,
    /// The input.
    pub input: Vec<u8>,
}

/// `jury fault: ` and [`JuryFault::describe`]'s words: a [`Stop`]'s text.
impl fmt::Display for JuryFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "jury fault: {}", Described(self))
    }
}

/// What failed and where, without the `jury fault: ` its display begins with.
struct Described<'a>(&'a JuryFault);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Described(fault) = self;
        if fault.is_of_no_run() {
            return write!(f, "{}", fault.why);
        }
        write!(f, "{} (on {}", fault.why, fault.test)?;
        if let Some(program) = &fault.during {
            write!(f, ", judging {program}")?;
        }
        write!(f, ")")
    }
}

impl JuryFault {
    /// Whether the fault is of no run on any input (a jury program that did
    /// not build, a cache that cannot be made): nothing to name or save.
    pub fn is_of_no_run(&self) -> bool {
        self.test.is_empty() && self.input.is_empty() && self.during.is_none()
    }

    /// What failed and where (`why (on TEST, judging PROGRAM)`), without
    /// the `jury fault: ` its display begins with.
    pub fn describe(&self) -> String {
        Described(self).to_string()
    }

    /// Saves the input as `jury-fault-HASH.in` in `dir` (created), with a
    /// `.note` saying what failed written first; returns the input's path.
    /// Each file is written atomically.
    pub fn save(&self, dir: &Path) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(dir)?;
        let base = dir.join(format!("jury-fault-{:016x}", content_hash(&self.input)));
        let note = format!("{}\n", self.describe());
        write_atomically(&base.with_extension("note"), note.as_bytes())?;
        let input = base.with_extension("in");
        write_atomically(&input, &self.input)?;
        Ok(input)
    }
}

/// Why judging stopped: Ctrl-C (what ran is kept, nothing more is judged)
/// or the jury's own fault, with its test and input. Core's one "no
/// verdict"; its text is `interrupted` or `jury fault: ...`.
pub type Stop = NoVerdict<Box<JuryFault>>;

/// A jury fault's stop, and a stop's fault renamed: the jury's constructors
/// of its [`Stop`] (a trait, since the type is core's).
pub trait Stops: Sized {
    /// A jury fault.
    fn fault(why: String, during: Option<&str>, test: &str, input: &[u8]) -> Self;

    /// What a run (or a validator's check) with no verdict stops: Ctrl-C, or
    /// the jury's fault on `test`.
    fn no_verdict(none: NoVerdict, during: Option<&str>, test: &str, input: &[u8]) -> Self;

    /// The same stop, a fault's run named `program` (a name its caller knows
    /// better than the built program's).
    fn during(self, program: &str) -> Self;
}

impl Stops for Stop {
    fn fault(why: String, during: Option<&str>, test: &str, input: &[u8]) -> Stop {
        Stop::JuryFault(Box::new(JuryFault {
            why,
            during: during.map(str::to_string),
            test: test.to_string(),
            input: input.to_vec(),
        }))
    }

    fn no_verdict(none: NoVerdict, during: Option<&str>, test: &str, input: &[u8]) -> Stop {
        match none {
            NoVerdict::Interrupted => Stop::Interrupted,
            NoVerdict::JuryFault(why) => Stop::fault(why, during, test, input),
        }
    }

    fn during(self, program: &str) -> Stop {
        self.map_fault(|mut fault| {
            fault.during = Some(program.to_string());
            fault
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fault_names_what_failed_where_and_saves_its_input() {
        let stop = Stop::fault(
            "the output validator `v` did not finish: runtime error (SIGSEGV)".into(),
            Some("wrong_answer/greedy.c"),
            "candidate",
            b"70\n",
        );
        assert_eq!(
            stop.to_string(),
            "jury fault: the output validator `v` did not finish: runtime error (SIGSEGV) \
             (on candidate, judging wrong_answer/greedy.c)"
        );
        let Stop::JuryFault(fault) = stop else {
            unreachable!()
        };
        let dir = tempfile::tempdir().unwrap();
        let path = fault.save(&dir.path().join("found")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"70\n");
        let note = std::fs::read_to_string(path.with_extension("note")).unwrap();
        assert!(
            note.contains("SIGSEGV") && note.contains("greedy"),
            "{note}"
        );
    }
}
