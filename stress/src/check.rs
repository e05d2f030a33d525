//! One input, every engine: the comparison at the heart of stress, fuzz and the
//! corpus tests.
//!
//! The reference is the first `EngineKind::Reference` engine able to run the input;
//! every other engine (the fast one, other references, external programs) is judged
//! against its answer, so problems with several right answers are compared through
//! their checker, never by text. A panicking engine is a failure, not a crash of the
//! runner.

use crate::program::{Program, RunError};
use jurybox_core::problem::{input_text, judge_output, reference_engine, trusted_engines};
use jurybox_core::{Limits, Problem, Verdict};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What went wrong with one engine on one input.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// The judge rejected the engine's answer.
    Judged(Verdict),
    /// The engine panicked.
    Panicked(String),
    /// An external program failed to produce an answer (crash, time, memory).
    Program(String),
    /// The input does not survive `write_input` then `parse_input` (a generator,
    /// writer or parser bug).
    RoundTrip(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Judged(v) => write!(f, "{v}"),
            Fault::Panicked(msg) => write!(f, "panicked: {msg}"),
            Fault::Program(msg) => write!(f, "{msg}"),
            Fault::RoundTrip(msg) => write!(f, "input does not round-trip: {msg}"),
        }
    }
}

/// An engine that disagreed with the reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    /// The engine (or program) at fault.
    pub engine: String,
    /// The engine it was judged against.
    pub reference: String,
    /// What it did wrong.
    pub fault: Fault,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} against {}: {}",
            self.engine, self.reference, self.fault
        )
    }
}

/// The answer every engine agreed on, and who gave it.
#[derive(Clone, Debug)]
pub struct Agreement<A> {
    /// The reference answer.
    pub answer: A,
    /// The engine that produced it.
    pub reference: &'static str,
    /// Engines that ran (the reference included).
    pub engines_run: usize,
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "non-string panic payload".to_string()
    }
}

/// Checks that `input` survives writing and parsing back under extended limits.
pub fn round_trip<P: Problem>(input: &P::Input) -> Result<String, Fault> {
    let text = input_text::<P>(input);
    match P::parse_input(text.as_bytes(), Limits::Extended) {
        Ok(again) if &again == input => Ok(text),
        Ok(_) => Err(Fault::RoundTrip("parsed back to a different input".into())),
        Err(e) => Err(Fault::RoundTrip(format!(
            "written input fails to parse: {e}"
        ))),
    }
}

/// Runs every built-in engine that can take `input`, plus `programs`, and judges
/// each against the reference. `input` must already be valid.
pub fn check<P: Problem>(
    input: &P::Input,
    programs: &[Program],
) -> Result<Agreement<P::Answer>, Mismatch> {
    let reference = reference_engine::<P>(input).ok_or_else(|| Mismatch {
        engine: "(none)".into(),
        reference: "(none)".into(),
        fault: Fault::Program("no engine can run this input".into()),
    })?;
    let mismatch = |engine: &str, fault| Mismatch {
        engine: engine.to_string(),
        reference: reference.name.to_string(),
        fault,
    };
    let expected = catch_unwind(AssertUnwindSafe(|| (reference.solve)(input)))
        .map_err(|p| mismatch(reference.name, Fault::Panicked(panic_message(&*p))))?;
    let mut engines_run = 1;
    let others =
        trusted_engines::<P>().filter(|e| e.name != reference.name && (e.too_big)(input).is_none());
    for engine in others {
        let answer = catch_unwind(AssertUnwindSafe(|| (engine.solve)(input)))
            .map_err(|p| mismatch(engine.name, Fault::Panicked(panic_message(&*p))))?;
        let verdict = P::judge(input, &expected, &answer);
        if !verdict.is_accepted() {
            return Err(mismatch(engine.name, Fault::Judged(verdict)));
        }
        engines_run += 1;
    }
    if !programs.is_empty() {
        let text = input_text::<P>(input);
        for program in programs {
            let output = program
                .run(text.as_bytes())
                .map_err(|e: RunError| mismatch(&program.name(), Fault::Program(e.to_string())))?;
            let verdict = judge_output::<P>(input, &expected, &output);
            if !verdict.is_accepted() {
                return Err(mismatch(&program.name(), Fault::Judged(verdict)));
            }
            engines_run += 1;
        }
    }
    Ok(Agreement {
        answer: expected,
        reference: reference.name,
        engines_run,
    })
}
