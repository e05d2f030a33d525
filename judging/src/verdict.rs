//! The verdict of one run, in the one vocabulary every part of jurybox uses:
//! the sandbox's outcome (how the process ended, no problem known) and the
//! checker's judgement (what it printed, when it ended on its own) become a
//! [`RunVerdict`]; the judges' word on it is core's [`Verdict`] (AC, WA, TLE,
//! RTE), or why there is none (core's [`NoVerdict`]: the jury failed, or
//! Ctrl-C).

use jurybox_core::problem::judge_output;
use jurybox_core::{Judgement as Checked, Problem, Verdict};
use jurybox_sandbox::{Clock, Outcome, RunReport, Stream, Termination};
use std::fmt;

/// The table code of a jury fault (the jury's own program failed, no verdict
/// on the program): one word wherever a table shows one.
pub const JURY_FAULT_CODE: &str = "JF";

/// The typed set of verdicts for a program's run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunVerdict {
    /// Right answer within every limit.
    Accepted,
    /// Well-formed but wrong; the checker's reason.
    WrongAnswer(String),
    /// Output that does not follow the format; the reason.
    PresentationError(String),
    /// A time limit, CPU or wall-clock.
    TimeLimit(Clock),
    /// The measured peak memory went over the limit.
    MemoryLimit,
    /// Too much output on a stream.
    OutputLimit(Stream),
    /// The program failed: exit code or signal.
    RuntimeError(Termination),
    /// The program could not be started; why.
    CouldNotStart(String),
    /// No verdict on the program, core's one type: the jury's own program
    /// failed (a checker, validator, interactor or reference; the program's
    /// fault it never is), or the run was cancelled before it ended.
    NoVerdict(NoVerdict),
}

impl RunVerdict {
    /// True for [`RunVerdict::Accepted`].
    pub fn is_accepted(&self) -> bool {
        matches!(self, RunVerdict::Accepted)
    }

    /// Short code for tables: the judges' own word where the run has one of
    /// theirs (AC, WA, TLE, RTE: [`Verdict::code`]), else a finer one: PE,
    /// MLE, OLE, CNS (could not start), JF (jury fault), INT.
    pub fn code(&self) -> &'static str {
        match self {
            RunVerdict::Accepted => Verdict::AC.code(),
            RunVerdict::WrongAnswer(_) => Verdict::WA.code(),
            RunVerdict::PresentationError(_) => "PE",
            RunVerdict::TimeLimit(_) => Verdict::TLE.code(),
            RunVerdict::MemoryLimit => "MLE",
            RunVerdict::OutputLimit(_) => "OLE",
            RunVerdict::RuntimeError(_) => Verdict::RTE.code(),
            RunVerdict::CouldNotStart(_) => "CNS",
            RunVerdict::NoVerdict(NoVerdict::JuryFault(_)) => JURY_FAULT_CODE,
            RunVerdict::NoVerdict(NoVerdict::Interrupted) => "INT",
        }
    }

    /// The judges' word on the run, as Kattis and BAPCtools sort submissions:
    /// `AC`, `WA` (a presentation error included: Kattis has only wrong
    /// answers), `TLE`, `RTE` (a crash, or past the memory or output limit). A
    /// run with no verdict on the program (the jury failed, it could not start,
    /// it was interrupted) has no word: never a kill, a catch or an agreement.
    pub fn judges(&self) -> Result<Verdict, NoVerdict> {
        match self {
            RunVerdict::Accepted => Ok(Verdict::AC),
            RunVerdict::WrongAnswer(_) | RunVerdict::PresentationError(_) => Ok(Verdict::WA),
            RunVerdict::TimeLimit(_) => Ok(Verdict::TLE),
            RunVerdict::MemoryLimit | RunVerdict::OutputLimit(_) | RunVerdict::RuntimeError(_) => {
                Ok(Verdict::RTE)
            }
            RunVerdict::CouldNotStart(why) => Err(NoVerdict::JuryFault(format!(
                "the program could not start: {why}"
            ))),
            RunVerdict::NoVerdict(none) => Err(none.clone()),
        }
    }
}

/// Why a run has no verdict on the program: core's one type, here beside
/// the run's verdict that gives it.
pub use jurybox_core::NoVerdict;

impl fmt::Display for RunVerdict {
    /// The words of the verdict table; a run's own ending is worded by the
    /// sandbox's [`Outcome`], so a time limit reads the same everywhere.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunVerdict::Accepted => write!(f, "accepted"),
            RunVerdict::WrongAnswer(why) => write!(f, "wrong answer: {why}"),
            RunVerdict::PresentationError(why) => write!(f, "presentation error: {why}"),
            RunVerdict::TimeLimit(c) => Outcome::TimeLimit(*c).fmt(f),
            RunVerdict::MemoryLimit => Outcome::MemoryLimit.fmt(f),
            RunVerdict::OutputLimit(s) => Outcome::OutputLimit(*s).fmt(f),
            RunVerdict::RuntimeError(t) => Outcome::RuntimeError(*t).fmt(f),
            RunVerdict::CouldNotStart(why) => write!(f, "could not start: {why}"),
            RunVerdict::NoVerdict(NoVerdict::JuryFault(why)) => write!(f, "jury fault: {why}"),
            RunVerdict::NoVerdict(NoVerdict::Interrupted) => write!(f, "interrupted"),
        }
    }
}

impl From<Checked> for RunVerdict {
    fn from(v: Checked) -> RunVerdict {
        match v {
            Checked::Accepted => RunVerdict::Accepted,
            Checked::WrongAnswer(why) => RunVerdict::WrongAnswer(why),
            Checked::PresentationError(why) => RunVerdict::PresentationError(why),
            Checked::JuryFault(why) => RunVerdict::NoVerdict(NoVerdict::JuryFault(why)),
        }
    }
}

impl From<NoVerdict> for RunVerdict {
    fn from(none: NoVerdict) -> RunVerdict {
        RunVerdict::NoVerdict(none)
    }
}

/// The verdict of a run: its outcome, or, when it exited normally, the checker's
/// judgement of its output against the `expected` answer (never a text diff: some
/// problems have several right answers).
pub fn judge_run<P: Problem>(
    input: &P::Input,
    expected: &P::Answer,
    report: &RunReport,
) -> RunVerdict {
    run_verdict(report, |output| judge_output::<P>(input, expected, output))
}

/// The verdict of a run whose output, when it exited normally, `judge` reads: the
/// one way a sandbox `Outcome` and a checker's `Verdict` become a `RunVerdict`,
/// for built-in problems ([`judge_run`]) and a user's own checker alike.
pub fn run_verdict(report: &RunReport, judge: impl FnOnce(&[u8]) -> Checked) -> RunVerdict {
    match &report.outcome {
        Outcome::Exited => judge(&report.stdout).into(),
        Outcome::TimeLimit(c) => RunVerdict::TimeLimit(*c),
        Outcome::MemoryLimit => RunVerdict::MemoryLimit,
        Outcome::OutputLimit(s) => RunVerdict::OutputLimit(*s),
        Outcome::RuntimeError(t) => RunVerdict::RuntimeError(*t),
        Outcome::CouldNotStart(why) => RunVerdict::CouldNotStart(why.clone()),
        Outcome::Interrupted => RunVerdict::NoVerdict(NoVerdict::Interrupted),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::problem::reference_engine;
    use jurybox_core::tetris3d::Tetris3d;
    use jurybox_core::Constraints;
    use std::time::Duration;

    /// A run that ended with `outcome` and printed `stdout`.
    fn report(outcome: Outcome, stdout: &[u8]) -> RunReport {
        RunReport {
            outcome,
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_memory: 0,
            peak_is_bound: false,
            stdout: stdout.to_vec(),
            stderr: Vec::new(),
        }
    }

    /// The verdict of `report` on tetris3d's first sample (answer 6).
    fn on_sample(report: &RunReport) -> RunVerdict {
        let text = include_str!("../../corpus/tetris3d/samples/sample1.in");
        let input = Tetris3d::parse_input(text.as_bytes(), Constraints::Official).unwrap();
        let expected = (reference_engine::<Tetris3d>(&input).unwrap().solve)(&input);
        judge_run::<Tetris3d>(&input, &expected, report)
    }

    #[test]
    fn a_normal_end_is_judged_by_the_checker() {
        assert_eq!(
            on_sample(&report(Outcome::Exited, b"6\n")),
            RunVerdict::Accepted
        );
        let wrong = on_sample(&report(Outcome::Exited, b"7\n"));
        assert!(matches!(wrong, RunVerdict::WrongAnswer(_)), "{wrong:?}");
        let garbage = on_sample(&report(Outcome::Exited, b"\xff\x00six"));
        assert!(
            matches!(garbage, RunVerdict::PresentationError(_)),
            "{garbage:?}"
        );
    }

    #[test]
    fn any_other_end_is_its_own_verdict_whatever_was_printed() {
        let fault = || NoVerdict::JuryFault("the program could not start: missing".into());
        let cases = [
            (Outcome::TimeLimit(Clock::Cpu), "TLE", Ok(Verdict::TLE)),
            (Outcome::MemoryLimit, "MLE", Ok(Verdict::RTE)),
            (
                Outcome::OutputLimit(Stream::Stdout),
                "OLE",
                Ok(Verdict::RTE),
            ),
            (
                Outcome::RuntimeError(Termination::Signal(libc::SIGSEGV)),
                "RTE",
                Ok(Verdict::RTE),
            ),
            (
                Outcome::CouldNotStart("missing".into()),
                "CNS",
                Err(fault()),
            ),
            (Outcome::Interrupted, "INT", Err(NoVerdict::Interrupted)),
        ];
        for (outcome, code, judges) in cases {
            let verdict = on_sample(&report(outcome.clone(), b"6\n"));
            assert_eq!(verdict.code(), code, "{outcome:?}");
            assert_eq!(verdict.judges(), judges, "{outcome:?}");
        }
        let crash = on_sample(&report(
            Outcome::RuntimeError(Termination::Signal(libc::SIGSEGV)),
            b"",
        ));
        assert_eq!(crash.to_string(), "runtime error (SIGSEGV)");
        assert_eq!(RunVerdict::MemoryLimit.to_string(), "memory limit exceeded");
        assert_eq!(
            RunVerdict::from(Checked::PresentationError("x".into())).judges(),
            Ok(Verdict::WA),
            "Kattis has no presentation error"
        );
    }
}
