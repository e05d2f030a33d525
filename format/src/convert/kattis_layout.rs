//! The two Kattis layouts a Polygon package converts to, and where they part.
//! BAPCtools (`bt validate`) reads the 2025-09 format; Kattis problemtools
//! (`verifyproblem`, 1.20260907) reads only the legacy one and 2023-07-draft,
//! and DOMjudge imports the legacy one. The legacy format has no
//! `data/invalid_input/`, no submissions.yaml and no stated time limit in
//! problem.yaml, so a solution whose tag allows several verdicts states them
//! the way DOMjudge and BAPCtools document for it: an `@EXPECTED_RESULTS@:`
//! line in its source, in a directory that is not one of the four whose name
//! alone fixes the verdict (DOMjudge ignores the line there).

use crate::Verdict;
use std::collections::BTreeSet;

/// Which Kattis problem package format a conversion writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KattisLayout {
    /// The 2025-09 format (`problem_format_version: 2025-09`), as BAPCtools reads it.
    V2025,
    /// The legacy format, as problemtools' `verifyproblem` and DOMjudge read it.
    Legacy,
}

impl KattisLayout {
    /// The statement's directory.
    pub(crate) fn statement_dir(self) -> &'static str {
        match self {
            KattisLayout::V2025 => "statement",
            KattisLayout::Legacy => "problem_statement",
        }
    }

    /// The directory of the output validator (or interactor) program.
    pub(crate) fn output_validator_dir(self) -> &'static str {
        match self {
            KattisLayout::V2025 => "output_validator",
            KattisLayout::Legacy => "output_validators/checker",
        }
    }

    /// A group's (or test's) configuration passing its input validators
    /// `args`: its file name and text.
    pub(crate) fn validator_args(self, args: &[String]) -> (&'static str, Vec<u8>) {
        let mut doc = yaml_serde::Mapping::new();
        let (file, key, value): (_, _, yaml_serde::Value) = match self {
            KattisLayout::V2025 => (
                "test_group.yaml",
                "input_validator_args",
                args.iter()
                    .map(|a| yaml_serde::Value::from(a.as_str()))
                    .collect::<Vec<_>>()
                    .into(),
            ),
            KattisLayout::Legacy => (
                "testdata.yaml",
                "input_validator_flags",
                args.join(" ").into(),
            ),
        };
        doc.insert(key.into(), value);
        (
            file,
            yaml_serde::to_string(&doc).unwrap_or_default().into_bytes(),
        )
    }
}

/// The `@EXPECTED_RESULTS@:` comment line stating `permitted`, in the comment
/// syntax of the source `file_name` (`None` for a language without line
/// comments the converter knows).
pub(crate) fn expected_results_line(
    file_name: &str,
    permitted: &BTreeSet<Verdict>,
) -> Option<String> {
    let names: Vec<&str> = permitted
        .iter()
        .map(|v| match v {
            Verdict::AC => "ACCEPTED",
            Verdict::WA => "WRONG_ANSWER",
            Verdict::TLE => "TIME_LIMIT_EXCEEDED",
            Verdict::RTE => "RUN_TIME_ERROR",
        })
        .collect();
    comment_line(
        file_name,
        &format!("@EXPECTED_RESULTS@: {}", names.join(", ")),
    )
}

/// `text` as a comment line of the source `file_name`'s language (`None` for
/// a language the table of languages does not know).
pub(crate) fn comment_line(file_name: &str, text: &str) -> Option<String> {
    let comment = jurybox_languages::Language::of_file(file_name)?.line_comment;
    Some(format!("{comment} {text}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_verdicts_in_a_comment_of_the_source_language() {
        let set = BTreeSet::from([Verdict::TLE, Verdict::AC]);
        assert_eq!(
            expected_results_line("slow.cpp", &set).as_deref(),
            Some("// @EXPECTED_RESULTS@: ACCEPTED, TIME_LIMIT_EXCEEDED\n")
        );
        assert_eq!(
            expected_results_line("slow.py", &set).as_deref(),
            Some("# @EXPECTED_RESULTS@: ACCEPTED, TIME_LIMIT_EXCEEDED\n")
        );
        assert_eq!(
            expected_results_line("slow.pas", &set).as_deref(),
            Some("// @EXPECTED_RESULTS@: ACCEPTED, TIME_LIMIT_EXCEEDED\n")
        );
        assert_eq!(expected_results_line("slow.hs", &set), None);
    }

    #[test]
    fn legacy_flags_are_one_string() {
        let args = ["--group", "small"].map(String::from);
        let (file, text) = KattisLayout::Legacy.validator_args(&args);
        assert_eq!(file, "testdata.yaml");
        assert_eq!(
            String::from_utf8(text).unwrap(),
            "input_validator_flags: --group small\n"
        );
        let (file, text) = KattisLayout::V2025.validator_args(&args);
        assert_eq!(file, "test_group.yaml");
        assert!(String::from_utf8(text).unwrap().contains("- --group"));
    }
}
