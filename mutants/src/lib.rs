//! Mutants of a contestant's submission, for mutation testing of a judge suite.
//!
//! A suite that accepts every accepted submission may still be weak: it kills a
//! wrong solution only if some test tells it apart. SourceEdit testing measures
//! that. Each accepted C, C++ or Python submission is edited in one small place
//! (a comparison loosened, a constant or a loop bound off by one, an operator
//! swapped, a type narrowed, two variables confused); a mutant that still
//! compiles and passes the samples is run on the suite, and the share of such
//! mutants the suite kills is the mutation score. A surviving mutant names a
//! test the jury has not written (issue 23).
//!
//! This crate is the pure half: source text in, mutants out. [`mutants`] lexes
//! the source just enough to never edit a comment, a string, a character
//! literal, a preprocessor line or a conditionally compiled region (see
//! `lex`), applies every [`Operator`] and returns the edits in source order.
//! Each [`SourceEdit`] is exactly one edit, a byte range and its replacement, which
//! the caller applies ([`SourceEdit::apply`]), describes ([`SourceEdit::description`])
//! or shows as a unified diff ([`SourceEdit::diff`]). [`select`] picks a
//! reproducible sample when there are too many to run. Compiling, running and
//! scoring are the caller's (`jurybox`'s) job; nothing here runs a program.
//!
//! The lexers are heuristic where the languages are context-sensitive (a C++
//! `<` may open template arguments, a `*` may declare a pointer): when unsure,
//! they leave the token alone, since a missing mutant costs little and a
//! nonsensical one costs a compile. A mutant that does not compile or fails a
//! sample is expected and is the caller's to drop.

#![deny(missing_docs)]
// Libraries print nothing: progress is told (counters the caller polls, or the
// judging::progress facade), never drawn; failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod code;
mod language;
mod lex;
mod mutant;
mod ops;
mod select;
mod templates;
mod words;

use std::collections::HashSet;

pub use language::Syntax;
pub use mutant::{Operator, SourceEdit};
pub use select::select;

/// Every mutant of `source`, in source order (then [`Operator`] order, then
/// replacement), without repeats: when two operators make the same edit (a
/// literal bound), the first in that order is kept. Never panics, whatever the
/// text; every range is a char-boundary range of `source` that touches no
/// comment, string, directive or conditionally compiled token.
pub fn mutants(source: &str, language: Syntax) -> Vec<SourceEdit> {
    let code = code::Code::new(source, language).with_template_brackets();
    let mut edits = ops::all_edits(&code);
    edits.retain(|e| {
        !code.touches_opaque(e.start, e.end) && source.get(e.start..e.end) != Some(&e.replacement)
    });
    edits.sort_by(|a, b| {
        (a.start, a.operator, a.end, &a.replacement).cmp(&(
            b.start,
            b.operator,
            b.end,
            &b.replacement,
        ))
    });
    let mut seen = HashSet::new();
    edits.retain(|e| seen.insert((e.start, e.end, e.replacement.clone())));
    let lines = LineStarts::new(source);
    edits
        .into_iter()
        .map(|e| {
            let (line, column) = lines.locate(e.start);
            SourceEdit {
                operator: e.operator,
                start: e.start,
                end: e.end,
                replacement: e.replacement,
                line,
                column,
            }
        })
        .collect()
}

/// Where each line of a source starts, to turn byte offsets into lines and
/// columns in logarithmic time.
struct LineStarts(Vec<usize>);

impl LineStarts {
    fn new(source: &str) -> Self {
        let starts = std::iter::once(0)
            .chain(source.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineStarts(starts)
    }

    /// The 1-based line and byte column of `offset`.
    fn locate(&self, offset: usize) -> (u32, u32) {
        let line = self.0.partition_point(|&s| s <= offset);
        let column = offset - self.0[line - 1] + 1;
        let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        (to_u32(line), to_u32(column))
    }
}
