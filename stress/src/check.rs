//! One input, every engine: the comparison at the heart of stress, fuzz and the
//! corpus tests.
//!
//! The reference is the first `EngineKind::Reference` engine able to run the input;
//! every other engine (the fast one, other references, external programs) is judged
//! against its answer, so problems with several right answers are compared through
//! their checker, never by text. A panicking engine is a failure, not a crash of the
//! runner.

use jurybox_core::problem::{input_text, reference_engine, trusted_engines};
use jurybox_core::{Constraints, EngineKind, Judgement, Problem};
use jurybox_judging::verdict::{judge_run, NoVerdict, RunVerdict};
use jurybox_sandbox::{excerpt, Program, RunReport};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::AtomicBool;

/// What went wrong with one engine on one input.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// The judge rejected a built-in engine's answer.
    Judged(Judgement),
    /// The engine panicked.
    Panicked(String),
    /// An external program's run was not accepted (wrong, crashed, over a limit),
    /// with everything measured of it.
    Program(Box<ProgramFault>),
    /// The input does not survive `write_input` then `parse_input` (a generator,
    /// writer or parser bug).
    RoundTrip(String),
    /// No trusted engine can run this input.
    NoEngine,
}

/// A program's run that was not accepted.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgramFault {
    /// Its verdict.
    pub verdict: RunVerdict,
    /// Its output, stderr excerpt and figures.
    pub report: RunReport,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Judged(v) => write!(f, "{}", excerpt(v.to_string().as_bytes(), 300)),
            Fault::Panicked(msg) => write!(f, "panicked: {}", excerpt(msg.as_bytes(), 300)),
            Fault::Program(p) if matches!(p.verdict, RunVerdict::CouldNotStart(_)) => {
                write!(f, "{}", p.verdict)
            }
            Fault::Program(p) => {
                write!(
                    f,
                    "{} ({})",
                    excerpt(p.verdict.to_string().as_bytes(), 300),
                    p.report.figures()
                )?;
                if !p.report.stderr.is_empty() {
                    write!(f, "; stderr: {}", excerpt(&p.report.stderr, 200))?;
                }
                Ok(())
            }
            Fault::RoundTrip(msg) => write!(f, "input does not round-trip: {msg}"),
            Fault::NoEngine => write!(f, "no trusted engine can run this input"),
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

impl Mismatch {
    /// The program's fault, when a program is at fault.
    pub fn program_fault(&self) -> Option<&ProgramFault> {
        match &self.fault {
            Fault::Program(p) => Some(p),
            _ => None,
        }
    }

    /// The run was cancelled: not a failure of anyone.
    pub fn is_interrupted(&self) -> bool {
        self.program_fault()
            .is_some_and(|p| p.verdict == RunVerdict::NoVerdict(NoVerdict::Interrupted))
    }

    /// The program could not be started: a failure of the set-up, not of the program.
    pub fn could_not_start(&self) -> bool {
        self.program_fault()
            .is_some_and(|p| matches!(p.verdict, RunVerdict::CouldNotStart(_)))
    }
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
    /// False when no [`EngineKind::Reference`] engine could run the input and the
    /// answer came from the fast engine: then it is not a verified answer.
    pub verified: bool,
    /// Engines that ran (the reference included).
    pub engines_run: usize,
    /// The run of each program, in order.
    pub runs: Vec<RunReport>,
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
    round_trip_text::<P>(input, input_text::<P>(input))
}

/// [`round_trip`] with `input` already written as `text` (by `input_text`).
pub(crate) fn round_trip_text<P: Problem>(input: &P::Input, text: String) -> Result<String, Fault> {
    match P::parse_input(text.as_bytes(), Constraints::Extended) {
        Ok(again) if &again == input => Ok(text),
        Ok(_) => Err(Fault::RoundTrip("parsed back to a different input".into())),
        Err(e) => Err(Fault::RoundTrip(format!(
            "written input fails to parse: {e}"
        ))),
    }
}

/// Runs every built-in engine that can take `input`, plus `programs` (each run
/// stops early when `cancel` is set), and judges each against the reference.
/// `input` must already be valid.
pub fn check<P: Problem>(
    input: &P::Input,
    programs: &[Program],
    cancel: &AtomicBool,
) -> Result<Agreement<P::Answer>, Mismatch> {
    check_with_text::<P>(input, None, programs, cancel)
}

/// [`check`] with `input`'s text when the caller has it already (`check_case`
/// gets it from [`round_trip`]): rendering a stress case's input costs as much
/// as its three built-in engines together, so it is done once a case.
pub fn check_with_text<P: Problem>(
    input: &P::Input,
    text: Option<&str>,
    programs: &[Program],
    cancel: &AtomicBool,
) -> Result<Agreement<P::Answer>, Mismatch> {
    let reference = reference_engine::<P>(input).ok_or_else(|| Mismatch {
        engine: "(none)".into(),
        reference: "(none)".into(),
        fault: Fault::NoEngine,
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
    let mut runs = Vec::new();
    if !programs.is_empty() {
        let rendered;
        let text = match text {
            Some(text) => text,
            None => {
                rendered = input_text::<P>(input);
                &rendered
            }
        };
        for program in programs {
            let report = program.run(text.as_bytes(), cancel);
            let verdict = judge_run::<P>(input, &expected, &report);
            if !verdict.is_accepted() {
                let fault = ProgramFault { verdict, report };
                return Err(mismatch(&program.name(), Fault::Program(Box::new(fault))));
            }
            runs.push(report);
            engines_run += 1;
        }
    }
    Ok(Agreement {
        answer: expected,
        reference: reference.name,
        verified: reference.kind == EngineKind::Reference,
        engines_run,
        runs,
    })
}
