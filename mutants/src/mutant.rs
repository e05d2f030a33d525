//! A mutant: one edit of a submission, and how to show and apply it.

use std::fmt;

/// The kind of edit a mutant makes. The order is the order mutants at one
/// position are listed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// A comparison made strict or loose, or equality inverted: `<` → `<=`,
    /// `<=` → `<`, `>` → `>=`, `>=` → `>`, `==` → `!=`, `!=` → `==`. The
    /// off-by-one at a boundary that olympiad tests exist to catch.
    Relational,
    /// An integer literal one less or one more (`0` only one more): limits,
    /// array sizes, start indices.
    Constant,
    /// A binary arithmetic operator replaced: `+` ↔ `-`, `*` → `/`, `/` → `*`,
    /// `%` → `/` (Python: `//` → `*`, `%` → `//`), and the compound assignments
    /// alike.
    Arithmetic,
    /// `&&` ↔ `||`, `and` ↔ `or`.
    Logical,
    /// A C or C++ integer type made narrower: `long long` → `int`, `unsigned long
    /// long` → `unsigned`, `int64_t` → `int32_t`, `size_t` → `unsigned`, ...: an
    /// overflow the tests must reach.
    NarrowerType,
    /// A loop's bound one less or one more: `i < n` → `i < n - 1` in a `for` or
    /// `while` condition, `range(n)` → `range(n + 1)`.
    LoopBound,
    /// A variable replaced by another declared with it (`int D, S, N;`, `d, s, n
    /// = ...`): the confusion of two same-typed dimensions that symmetric tests
    /// never notice.
    VariableSwap,
}

impl Operator {
    /// Every operator, in listing order.
    pub const ALL: [Operator; 7] = [
        Operator::Relational,
        Operator::Constant,
        Operator::Arithmetic,
        Operator::Logical,
        Operator::NarrowerType,
        Operator::LoopBound,
        Operator::VariableSwap,
    ];

    /// The operator's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Operator::Relational => "relational",
            Operator::Constant => "constant",
            Operator::Arithmetic => "arithmetic",
            Operator::Logical => "logical",
            Operator::NarrowerType => "narrower type",
            Operator::LoopBound => "loop bound",
            Operator::VariableSwap => "variable swap",
        }
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One edit of a source, a mutant's whole difference from it: the bytes
/// `start..end` replaced by `replacement`.
///
/// A mutant stores positions, not the mutated text, so a thousand mutants of a
/// long submission cost a few kilobytes; [`SourceEdit::apply`] builds the text when
/// it is compiled. `line` and `column` (1-based, the column in bytes as the
/// compilers and `jurybox_core::Position` count it) locate `start` for reports.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceEdit {
    /// What kind of edit it is.
    pub operator: Operator,
    /// The first byte replaced.
    pub start: usize,
    /// One past the last byte replaced.
    pub end: usize,
    /// The text put in their place.
    pub replacement: String,
    /// The 1-based line of `start`.
    pub line: u32,
    /// The 1-based byte column of `start`.
    pub column: u32,
}

impl SourceEdit {
    /// The replaced text of `source`, the text the mutant was made from (empty
    /// if the range is not in `source`).
    pub fn original<'a>(&self, source: &'a str) -> &'a str {
        source.get(self.start..self.end).unwrap_or("")
    }

    /// One line for a report: `line 12, column 9: `<` → `<=` (relational)`.
    pub fn description(&self, source: &str) -> String {
        format!(
            "line {}, column {}: `{}` → `{}` ({})",
            self.line,
            self.column,
            self.original(source),
            self.replacement,
            self.operator
        )
    }

    /// The mutated program: `source` with this mutant's one edit.
    ///
    /// # Panics
    /// If `start..end` is not a range of char boundaries of `source`, i.e. if
    /// `source` is not the text the mutant was made from.
    pub fn apply(&self, source: &str) -> String {
        let mut out = String::with_capacity(source.len() + self.replacement.len());
        out.push_str(&source[..self.start]);
        out.push_str(&self.replacement);
        out.push_str(&source[self.end..]);
        out
    }

    /// The mutant as a unified diff against `source` (`--- a/NAME`, `+++
    /// b/NAME`, three lines of context), for a report of survivors: a jury
    /// reads the edit in the form it reads every other change.
    ///
    /// # Panics
    /// As [`SourceEdit::apply`].
    pub fn diff(&self, source: &str, name: &str) -> String {
        let mutated = self.apply(source);
        diffy::DiffOptions::new()
            .set_original_filename(format!("a/{name}"))
            .set_modified_filename(format!("b/{name}"))
            .create_patch(source, &mutated)
            .to_string()
    }
}
