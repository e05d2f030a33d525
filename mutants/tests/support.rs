//! What the tests share: mutants as report lines, filtered by operator.

use jurybox_mutants::{mutants, Operator, Syntax};

/// The descriptions of `source`'s mutants of `operator`, in order.
pub fn described(source: &str, language: Syntax, operator: Operator) -> Vec<String> {
    mutants(source, language)
        .iter()
        .filter(|m| m.operator == operator)
        .map(|m| m.description(source))
        .collect()
}

/// Every mutant of `source` as `(original, replacement)`, in order.
pub fn edits(source: &str, language: Syntax) -> Vec<(String, String)> {
    mutants(source, language)
        .iter()
        .map(|m| (m.original(source).to_string(), m.replacement.clone()))
        .collect()
}
