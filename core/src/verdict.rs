//! The verdict vocabulary at the bottom of jurybox: a checker's judgement of an
//! answer (the fixed small set testlib made standard), the one table of what
//! the exit code of a checker, interactor or validator means on each protocol
//! (testlib's and Kattis's, read and written here only), and the judges'
//! verdict on a run ([`Verdict`]: AC, WA, TLE, RTE) or why there is none
//! ([`NoVerdict`]).

use std::fmt;

/// The Kattis problem package format's exit code for "yes": a valid input, an
/// accepted output. Input and output validators, jurybox's and the user's alike.
pub const KATTIS_ACCEPTED: i32 = 42;
/// The Kattis exit code for "no": an invalid input, a rejected output.
pub const KATTIS_REJECTED: i32 = 43;

/// testlib's exit codes: ok, wrong answer, presentation error, failure (the
/// jury's own), "dirt" (output after the answer: a presentation error) and an
/// unexpected end of file (with `ENABLE_UNEXPECTED_EOF`; a presentation error).
const TESTLIB_OK: i32 = 0;
const TESTLIB_WA: i32 = 1;
const TESTLIB_PE: i32 = 2;
const TESTLIB_FAIL: i32 = 3;
const TESTLIB_DIRT: i32 = 4;
const TESTLIB_UNEXPECTED_EOF: i32 = 8;

/// How a checker, interactor or validator speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// testlib: a checker is `CMD input output answer`, an interactor `CMD input
    /// output`; a validator reads stdin, exit 0 means valid.
    Testlib,
    /// Kattis: an output validator (or interactor) is `CMD input answer
    /// feedbackdir`, the output on stdin; an input validator reads stdin, 42
    /// means valid.
    Kattis,
}

/// What a jury program's exit code says, by [`Protocol::said`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// Yes: an accepted output, a valid input.
    Yes,
    /// No: a wrong answer, an invalid input.
    No,
    /// A presentation error (testlib only).
    PresentationError,
    /// The program says it failed (testlib's 3): the jury's fault.
    Failed,
    /// A code the protocol gives no meaning: the jury's fault in a checker or
    /// interactor, a rejection (not confirmed valid) in an input validator.
    Unknown,
}

impl Protocol {
    /// The one table: what exit `code` means on this protocol.
    pub fn said(self, code: i32) -> Said {
        match (self, code) {
            (Protocol::Testlib, TESTLIB_OK) | (Protocol::Kattis, KATTIS_ACCEPTED) => Said::Yes,
            (Protocol::Testlib, TESTLIB_WA) | (Protocol::Kattis, KATTIS_REJECTED) => Said::No,
            (Protocol::Testlib, TESTLIB_PE | TESTLIB_DIRT | TESTLIB_UNEXPECTED_EOF) => {
                Said::PresentationError
            }
            (Protocol::Testlib, TESTLIB_FAIL) => Said::Failed,
            _ => Said::Unknown,
        }
    }

    /// The exit code a judge speaking this protocol ends with for `verdict`
    /// (a Kattis judge that failed exits with testlib's 3: anything but 42 and
    /// 43 is a judge error to Kattis).
    pub fn exit_code(self, verdict: &Judgement) -> i32 {
        match (self, verdict) {
            (Protocol::Testlib, Judgement::Accepted) => TESTLIB_OK,
            (Protocol::Testlib, Judgement::WrongAnswer(_)) => TESTLIB_WA,
            (Protocol::Testlib, Judgement::PresentationError(_)) => TESTLIB_PE,
            (_, Judgement::JuryFault(_)) => TESTLIB_FAIL,
            (Protocol::Kattis, Judgement::Accepted) => KATTIS_ACCEPTED,
            (Protocol::Kattis, Judgement::WrongAnswer(_) | Judgement::PresentationError(_)) => {
                KATTIS_REJECTED
            }
        }
    }

    /// The codes a checker of this protocol may end with, for messages.
    pub fn verdict_codes(self) -> &'static str {
        match self {
            Protocol::Testlib => "0, 1, 2, 3, 4 or 8",
            Protocol::Kattis => "42 or 43",
        }
    }

    /// `testlib` or `kattis`, as the command line names it.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Testlib => "testlib",
            Protocol::Kattis => "kattis",
        }
    }
}

impl std::str::FromStr for Protocol {
    type Err = String;
    fn from_str(s: &str) -> Result<Protocol, String> {
        match s {
            "testlib" => Ok(Protocol::Testlib),
            "kattis" => Ok(Protocol::Kattis),
            other => Err(format!("'{other}' is not a protocol (testlib or kattis)")),
        }
    }
}

/// What a checker (a built-in problem's judge, a package's output validator
/// or interactor) says of a candidate answer.
///
/// The exit codes follow testlib (0 ok, 1 wrong answer, 2 presentation error,
/// 3 the jury's own failure) so that jurybox slots into existing judging
/// scripts; the words are jurybox's one vocabulary (accepted, jury fault).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The answer is right.
    Accepted,
    /// The answer is well formed but wrong; the reason says how.
    WrongAnswer(String),
    /// The answer does not follow the output format.
    PresentationError(String),
    /// The checker itself could not decide (a bug in the checker or in the
    /// reference): the jury's fault, no verdict on the answer.
    JuryFault(String),
}

impl Judgement {
    /// True for [`Judgement::Accepted`].
    pub fn is_accepted(&self) -> bool {
        matches!(self, Judgement::Accepted)
    }

    /// A wrong answer unless `expected == got`, naming both when they differ.
    pub fn equal<T: PartialEq + fmt::Display>(expected: &T, got: &T) -> Judgement {
        if expected == got {
            Judgement::Accepted
        } else {
            Judgement::WrongAnswer(format!("expected {expected}, found {got}"))
        }
    }
}

impl fmt::Display for Judgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Judgement::Accepted => write!(f, "accepted"),
            Judgement::WrongAnswer(why) => write!(f, "wrong answer: {why}"),
            Judgement::PresentationError(why) => write!(f, "presentation error: {why}"),
            Judgement::JuryFault(why) => write!(f, "jury fault: {why}"),
        }
    }
}

/// The judges' verdict on a run of a submission: the four words that Kattis's
/// submissions.yaml, BAPCtools and DOMjudge sort submissions by. A finer word
/// (a presentation error, a memory or output limit) is one of these four to a
/// judge: a presentation error is a wrong answer, a memory or output limit a
/// run-time error. The one vocabulary every crate judges with; a run with no
/// word on the submission is a [`NoVerdict`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Time limit exceeded.
    TLE,
    /// Run-time error (a crash, or past the memory or output limit).
    RTE,
}

impl Verdict {
    /// Every verdict.
    pub const ALL: [Verdict; 4] = [Verdict::AC, Verdict::WA, Verdict::TLE, Verdict::RTE];

    /// `AC`, `WA`, `TLE`, `RTE`: the one word for each, as submissions.yaml
    /// writes it and every table prints it.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::TLE => "TLE",
            Verdict::RTE => "RTE",
        }
    }

    /// The verdict a code names (`AC`, or DOMjudge's `CORRECT`, `WRONG-ANSWER`, ...).
    pub fn parse(text: &str) -> Option<Verdict> {
        Some(match text.trim().to_ascii_uppercase().as_str() {
            "AC" | "ACCEPTED" | "CORRECT" => Verdict::AC,
            "WA" | "WRONG_ANSWER" | "WRONG-ANSWER" | "NO-OUTPUT" | "NO_OUTPUT" => Verdict::WA,
            "TLE" | "TIME_LIMIT_EXCEEDED" | "TIMELIMIT" => Verdict::TLE,
            "RTE" | "RUN_TIME_ERROR" | "RUN-ERROR" | "RUN_ERROR" => Verdict::RTE,
            _ => return None,
        })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Why a run has no verdict on the submission: the one "no verdict" of every
/// crate (a judged run's, a jury program's check, a generator's input, a
/// package's judging that stopped). `Fault` is what a jury fault carries: its
/// words by default, or a caller's richer record (the jury's `Stop` is
/// `NoVerdict<Box<JuryFault>>`, naming the test and keeping its input), so
/// that no crate restates the two variants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoVerdict<Fault = String> {
    /// The jury failed (its program, or the machine that could not start the
    /// program); what failed, and how.
    JuryFault(Fault),
    /// Stopped by Ctrl-C.
    Interrupted,
}

impl<Fault> NoVerdict<Fault> {
    /// The same stop, a jury fault's record made by `f`.
    pub fn map_fault<Other>(self, f: impl FnOnce(Fault) -> Other) -> NoVerdict<Other> {
        match self {
            NoVerdict::JuryFault(fault) => NoVerdict::JuryFault(f(fault)),
            NoVerdict::Interrupted => NoVerdict::Interrupted,
        }
    }
}

/// A jury fault as its record displays itself (the words alone for the
/// default), Ctrl-C as `interrupted`.
impl<Fault: fmt::Display> fmt::Display for NoVerdict<Fault> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoVerdict::JuryFault(why) => why.fmt(f),
            NoVerdict::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl<Fault: fmt::Display + fmt::Debug> std::error::Error for NoVerdict<Fault> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_a_checker_may_end_with_reads_back_as_its_verdict() {
        let verdicts = [
            (Judgement::Accepted, Said::Yes),
            (Judgement::WrongAnswer(String::new()), Said::No),
            (
                Judgement::PresentationError(String::new()),
                Said::PresentationError,
            ),
            (Judgement::JuryFault(String::new()), Said::Failed),
        ];
        for (verdict, said) in &verdicts {
            assert_eq!(
                Protocol::Testlib.said(Protocol::Testlib.exit_code(verdict)),
                *said
            );
        }
        // Kattis has no presentation error and no code of its own for a failure.
        assert_eq!(Protocol::Kattis.said(42), Said::Yes);
        assert_eq!(Protocol::Kattis.said(43), Said::No);
        assert_eq!(
            Protocol::Kattis.said(Protocol::Kattis.exit_code(&verdicts[3].0)),
            Said::Unknown
        );
    }

    #[test]
    fn one_table_for_checkers_and_interactors_alike() {
        // testlib's "dirt" and unexpected end of file are presentation errors,
        // whoever exits with them; 0 and 1 mean nothing to Kattis.
        for code in [2, 4, 8] {
            assert_eq!(
                Protocol::Testlib.said(code),
                Said::PresentationError,
                "{code}"
            );
        }
        for (protocol, code) in [
            (Protocol::Testlib, 5),
            (Protocol::Testlib, 42),
            (Protocol::Kattis, 0),
            (Protocol::Kattis, 1),
        ] {
            assert_eq!(protocol.said(code), Said::Unknown, "{protocol:?} {code}");
        }
    }
}
