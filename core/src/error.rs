//! The one error type of every parser: where the input broke a rule, and which rule.
//!
//! A jury member reading `line 3, column 9: x + d = 1001 exceeds D = 1000` can fix
//! the test without opening a debugger, so every rejection carries a 1-based line
//! and column and a sentence naming the rule.

use std::fmt;

/// A 1-based line and column (columns count bytes, which is what test files hold).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    /// 1-based line number.
    pub line: usize,
    /// 1-based byte column within the line.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// An input (or answer) that does not follow the format or breaks a limit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{at}: {message}")]
pub struct ParseError {
    /// Where the offending token starts.
    pub at: Position,
    /// What was expected, or which constraint was broken.
    pub message: String,
}

impl ParseError {
    /// An error at `at` saying `message`.
    pub fn new(at: Position, message: impl Into<String>) -> Self {
        ParseError {
            at,
            message: message.into(),
        }
    }
}
