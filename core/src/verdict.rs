//! Verdicts of a judge, the fixed small set testlib made standard.

use std::fmt;

/// The Kattis problem package format's exit code for "yes": a valid input, an
/// accepted output. Input and output validators, jurybox's and the user's alike.
pub const KATTIS_ACCEPTED: i32 = 42;
/// The Kattis exit code for "no": an invalid input, a rejected output.
pub const KATTIS_REJECTED: i32 = 43;

/// What a judge says of a candidate answer.
///
/// The exit codes follow testlib (0 ok, 1 wrong answer, 2 presentation error,
/// 3 checker failure) so that jurybox slots into existing judging scripts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The answer is right.
    Accepted,
    /// The answer is well formed but wrong; the reason says how.
    WrongAnswer(String),
    /// The answer does not follow the output format.
    PresentationError(String),
    /// The judge itself could not decide (a bug in the judge or in the reference).
    Fail(String),
}

impl Verdict {
    /// True for [`Verdict::Accepted`].
    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted)
    }

    /// testlib's exit code for this verdict.
    pub fn exit_code(&self) -> i32 {
        match self {
            Verdict::Accepted => 0,
            Verdict::WrongAnswer(_) => 1,
            Verdict::PresentationError(_) => 2,
            Verdict::Fail(_) => 3,
        }
    }

    /// The exit code of a Kattis output validator for this verdict: 42, 43, or
    /// testlib's 3 for a judge that failed (anything but 42 and 43 is a judge
    /// error to Kattis).
    pub fn kattis_exit_code(&self) -> i32 {
        match self {
            Verdict::Accepted => KATTIS_ACCEPTED,
            Verdict::WrongAnswer(_) | Verdict::PresentationError(_) => KATTIS_REJECTED,
            Verdict::Fail(_) => 3,
        }
    }

    /// A wrong answer unless `expected == got`, naming both when they differ.
    pub fn equal<T: PartialEq + fmt::Display>(expected: &T, got: &T) -> Verdict {
        if expected == got {
            Verdict::Accepted
        } else {
            Verdict::WrongAnswer(format!("expected {expected}, found {got}"))
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => write!(f, "ok"),
            Verdict::WrongAnswer(why) => write!(f, "wrong answer: {why}"),
            Verdict::PresentationError(why) => write!(f, "presentation error: {why}"),
            Verdict::Fail(why) => write!(f, "checker failure: {why}"),
        }
    }
}
