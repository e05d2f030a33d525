//! The [`Problem`] trait: what the CLI, the stress runner, the shrinker, the fuzz
//! targets and the corpus tests need to know about a problem, and nothing more.
//!
//! A problem is a type with no values (`struct Tetris3d;`); its associated types are
//! the parsed input and the typed answer. Engines are plain function pointers so a
//! problem's engine list is a `static` and the stress loop calls them without
//! allocation or dynamic dispatch. Programs outside the process (a contestant's
//! binary) are not engines of this crate: the stress crate runs them and turns their
//! output into an answer with [`Problem::parse_answer`], so they are judged exactly
//! like built-in engines.

use crate::{Judgement, ParseError};
use std::fmt::Debug;

/// Which limits the validator enforces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Constraints {
    /// The limits of the official statement: what a judge test must respect.
    #[default]
    Official,
    /// The larger limits every solver must still handle (stress and scaling tests).
    Extended,
}

/// Why an engine exists, which decides who is trusted in a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// The optimised solver: the one under test.
    Fast,
    /// An obviously correct solver, never optimised: the one others are judged by.
    Reference,
    /// A known wrong or too slow solution from the spec, kept so that test suites
    /// can prove they kill it; its [`Flaw`] says how it must die, its `about` line
    /// what the mistake is. Never a reference, never expected to agree: check,
    /// stress and the corpus test leave mutants out unless asked.
    Mutant(Flaw),
}

/// How a mutant fails, stated in its type rather than in its `about` prose,
/// because it decides what proves the mutant killed: a wrong answer is a fact
/// about one small input, checked in process (`tests/suites.rs`); too slow is a
/// fact about CPU time, measured only by running the mutant as a separate process
/// against the suite's time limit (`jurybox mutants`). A mutant both wrong and
/// slow is a [`Flaw::WrongAnswer`]: its wrong answers are the certain kill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flaw {
    /// Answers wrong on some valid input: some test must make the judge reject it.
    WrongAnswer,
    /// Answers right on every input, but takes too long on some: a suite kills it
    /// by time alone, and a wrong answer from it means the engine has a real bug.
    TooSlow,
}

impl std::fmt::Display for Flaw {
    /// `wrong answer` or `too slow`, for messages and generated files.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Flaw::WrongAnswer => "wrong answer",
            Flaw::TooSlow => "too slow",
        })
    }
}

impl EngineKind {
    /// True for the engines that are meant to be right (not [`EngineKind::Mutant`]).
    pub fn is_trusted(self) -> bool {
        self.flaw().is_none()
    }

    /// The flaw of a mutant; `None` for a trusted engine.
    pub fn flaw(self) -> Option<Flaw> {
        match self {
            EngineKind::Mutant(flaw) => Some(flaw),
            EngineKind::Fast | EngineKind::Reference => None,
        }
    }
}

/// One way of solving a problem.
pub struct Engine<P: Problem + ?Sized> {
    /// Name used on the command line (`--engine NAME`).
    pub name: &'static str,
    /// One line for `--help` and `jurybox problems`: the algorithm and its complexity.
    pub about: &'static str,
    /// Whether this engine is the one under test or a trusted reference.
    pub kind: EngineKind,
    /// Solves a validated input.
    pub solve: fn(&P::Input) -> P::Answer,
    /// `Some(reason)` when the input is too large for this engine to finish quickly
    /// (a height map on a 2048 × 2048 platform), `None` when it may run.
    pub too_big: fn(&P::Input) -> Option<String>,
    /// `Some(reason)` when the engine cannot run the input at all, however long it
    /// is given: its state does not fit the word or table it is built on (a bitmask
    /// search past its width). `--force` overrides [`Engine::too_big`], a matter of
    /// time, never this; it implies `too_big`. [`Engine::try_solve`] checks it, so
    /// an engine asked the impossible answers with an error instead of a panic.
    pub cannot_run: fn(&P::Input) -> Option<String>,
}

impl<P: Problem + ?Sized> Engine<P> {
    /// An engine that can run every valid input.
    pub fn always(_: &P::Input) -> Option<String> {
        None
    }

    /// Solves `input`, or says why this engine cannot (see [`Engine::cannot_run`]).
    /// It does not check [`Engine::too_big`]: a slow run is the caller's choice.
    pub fn try_solve(&self, input: &P::Input) -> Result<P::Answer, CannotRun> {
        match (self.cannot_run)(input) {
            Some(reason) => Err(CannotRun {
                engine: self.name,
                reason,
            }),
            None => Ok((self.solve)(input)),
        }
    }
}

/// An engine asked to run an input beyond what it can represent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("engine '{engine}' cannot run this input: {reason}")]
pub struct CannotRun {
    /// The engine's name.
    pub engine: &'static str,
    /// Why: the size that does not fit.
    pub reason: String,
}

/// A problem as the harness sees it.
pub trait Problem: 'static {
    /// A parsed input that satisfies at least the extended limits.
    type Input: Clone + Debug + PartialEq + Send + Sync;
    /// A typed answer, as an engine produces it.
    type Answer: Clone + Debug + PartialEq + Send + Sync;

    /// Short name used on the command line and for file paths (`tetris3d`).
    const NAME: &'static str;
    /// One line describing the problem.
    const TITLE: &'static str;
    /// True when more than one answer can be right (a winning move among several),
    /// so [`Problem::judge`] runs a checker instead of comparing. Everything that
    /// differs for such a problem follows from it: its package ships an output
    /// validator instead of an answer validator, and it has a `<p>_check` fuzz
    /// target (`tests/registry.rs` holds every registered problem to both).
    const SEVERAL_ANSWERS: bool = false;

    /// Parses and validates an input, rejecting anything that breaks `limits`.
    fn parse_input(text: &[u8], limits: Constraints) -> Result<Self::Input, ParseError>;

    /// Writes an input in the official format, so that `parse_input` gives it back.
    fn write_input(input: &Self::Input, out: &mut String);

    /// Every engine; the first is the default of `jurybox solve`.
    fn engines() -> &'static [Engine<Self>];

    /// Writes an answer exactly as the official output format says.
    fn write_answer(input: &Self::Input, answer: &Self::Answer, out: &mut String);

    /// Reads a candidate's output. An error here is a wrong answer or a presentation
    /// error, never a crash: the text may come from any program.
    fn parse_answer(input: &Self::Input, text: &[u8]) -> Result<Self::Answer, ParseError>;

    /// Judges `candidate` against a `reference` answer known to be right. Problems
    /// with a single right answer compare; the others run a checker.
    fn judge(input: &Self::Input, reference: &Self::Answer, candidate: &Self::Answer) -> Judgement;

    /// A short size summary for reports (`D=10 S=7 N=12`).
    fn describe(input: &Self::Input) -> String;
}

/// The engines meant to be right (every one but the mutants).
pub fn trusted_engines<P: Problem>() -> impl Iterator<Item = &'static Engine<P>> {
    P::engines().iter().filter(|e| e.kind.is_trusted())
}

/// The engine whose answer the others are judged by on `input`: the first
/// [`EngineKind::Reference`] engine able to run it, else the first trusted engine
/// that can (a maximal input may be too big for every reference). `None` when none
/// can. A mutant is never chosen.
pub fn reference_engine<P: Problem>(input: &P::Input) -> Option<&'static Engine<P>> {
    let runnable = || trusted_engines::<P>().filter(|e| (e.too_big)(input).is_none());
    runnable()
        .find(|e| e.kind == EngineKind::Reference)
        .or_else(|| runnable().next())
}

/// The engine called `name`, if the problem has one.
pub fn engine_named<P: Problem>(name: &str) -> Option<&'static Engine<P>> {
    P::engines().iter().find(|e| e.name == name)
}

/// Judges a program's raw output. Output that [`Problem::parse_answer`] cannot read
/// (not the expected sequence of tokens) is a presentation error, testlib's verdict
/// for it; everything that reads is judged by [`Problem::judge`]. So `parse_answer`
/// checks the shape of the output and `judge` its meaning (a move that is not legal
/// is a wrong answer).
pub fn judge_output<P: Problem>(
    input: &P::Input,
    reference: &P::Answer,
    output: &[u8],
) -> Judgement {
    match P::parse_answer(input, output) {
        Ok(candidate) => P::judge(input, reference, &candidate),
        Err(e) => Judgement::PresentationError(format!("unreadable output: {e}")),
    }
}

/// Renders an input to a string (a convenience over [`Problem::write_input`]).
pub fn input_text<P: Problem>(input: &P::Input) -> String {
    let mut s = String::new();
    P::write_input(input, &mut s);
    s
}

/// Renders an answer to a string (a convenience over [`Problem::write_answer`]).
pub fn answer_text<P: Problem>(input: &P::Input, answer: &P::Answer) -> String {
    let mut s = String::new();
    P::write_answer(input, answer, &mut s);
    s
}
