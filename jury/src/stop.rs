//! Why a jury's work ends before its answer: Ctrl-C, or a fault of the jury's
//! own (an output validator that crashes, an input validator that never ends,
//! a submission the machine cannot start). Neither is a verdict on a
//! submission, so every judging call returns it as an `Err`: a jury fault is
//! never counted as a kill, a catch, an agreement or a contradiction, and the
//! command that meets one names it and ends (the CLI's jury-fault status).

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

impl fmt::Display for JuryFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_of_no_run() {
            return write!(f, "{}", self.why);
        }
        write!(f, "{} (on {}", self.why, self.test)?;
        if let Some(program) = &self.during {
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

    /// Saves the input as `jury-fault-HASH.in` in `dir` (created), with a
    /// `.note` saying what failed written first; returns the input's path.
    /// Each file is written atomically.
    pub fn save(&self, dir: &Path) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(dir)?;
        let base = dir.join(format!("jury-fault-{:016x}", content_hash(&self.input)));
        write_atomically(&base.with_extension("note"), format!("{self}\n").as_bytes())?;
        let input = base.with_extension("in");
        write_atomically(&input, &self.input)?;
        Ok(input)
    }
}

/// Why judging stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-C: what ran is kept, nothing more is judged.
    Interrupted,
    /// The jury's own fault.
    JuryFault(Box<JuryFault>),
}

impl Stop {
    /// A jury fault.
    pub fn fault(why: String, during: Option<&str>, test: &str, input: &[u8]) -> Stop {
        Stop::JuryFault(Box::new(JuryFault {
            why,
            during: during.map(str::to_string),
            test: test.to_string(),
            input: input.to_vec(),
        }))
    }
}

impl Stop {
    /// What a run (or a validator's check) with no verdict stops: Ctrl-C, or
    /// the jury's fault on `test`.
    pub fn no_verdict(none: NoVerdict, during: Option<&str>, test: &str, input: &[u8]) -> Stop {
        match none {
            NoVerdict::Interrupted => Stop::Interrupted,
            NoVerdict::JuryFault(why) => Stop::fault(why, during, test, input),
        }
    }

    /// The same stop, a fault's run named `program` (a name its caller knows
    /// better than the built program's).
    pub fn during(self, program: &str) -> Stop {
        match self {
            Stop::JuryFault(mut fault) => {
                fault.during = Some(program.to_string());
                Stop::JuryFault(fault)
            }
            other => other,
        }
    }
}

impl std::error::Error for Stop {}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Interrupted => write!(f, "interrupted"),
            Stop::JuryFault(fault) => write!(f, "jury fault: {fault}"),
        }
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
