//! `jurybox audit` end to end (issue 44): each package of
//! `tests/packages/audit-*` has one jury program made weak on purpose, and the
//! audit must find it (exit 1), its input shrunk to a few tokens and saved
//! with a `reproduce:` line; a sound package gives no finding (exit 0).

use crate::packages_cli::{checktestdata_installed, copy_of, copy_with_validation_h};
use crate::support::{jurybox, text};
use std::path::Path;

/// `jurybox audit PACKAGE --save DIR ARGS...`: its exit code and stdout.
fn audit(package: &Path, save: &Path, args: &[&str]) -> (i32, String) {
    let mut all = vec![
        "audit",
        package.to_str().unwrap(),
        "--save",
        save.to_str().unwrap(),
        "--jobs",
        "2",
    ];
    all.extend(args);
    let out = jurybox(&all, "");
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    (
        out.status.code().unwrap_or(-1),
        format!("{stdout}\n--- stderr\n{stderr}"),
    )
}

/// The first line of `out` that starts with `FOUND` and holds every one of
/// `words`, and the file its `saved:` line names.
fn found(out: &str, words: &[&str]) -> (String, Vec<u8>) {
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("FOUND") && words.iter().all(|w| l.contains(w)))
        .unwrap_or_else(|| panic!("no finding with {words:?}:\n{out}"));
    let saved = lines[at + 1..]
        .iter()
        .find_map(|l| l.trim().strip_prefix("saved: "))
        .unwrap_or_else(|| panic!("no saved line:\n{out}"));
    assert!(
        lines[at + 1..]
            .iter()
            .any(|l| l.trim().starts_with("reproduce: jurybox audit")),
        "{out}"
    );
    (lines[at].to_string(), std::fs::read(saved).unwrap())
}

fn tokens(bytes: &[u8]) -> usize {
    text(bytes).split_whitespace().count()
}

#[test]
fn a_forgotten_upper_bound_the_statement_states_is_found() {
    let (_tmp, package) = copy_with_validation_h("audit-forgotten-bound");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(&package, save.path(), &["--only", "statement"]);
    assert_eq!(code, 1, "{out}");
    let (_, input) = found(
        &out,
        &["[statement] validate", "1000000001", "|a_i| \\le 10^9"],
    );
    assert_eq!(text(&input), "1\n1000000001\n");
}

#[test]
fn a_validator_without_an_end_of_file_check_is_found() {
    let (_tmp, package) = copy_of("audit-no-eof");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(&package, save.path(), &["--only", "invalid-input"]);
    assert_eq!(code, 1, "{out}");
    let (_, input) = found(&out, &["[invalid-input] validate", "after the input's end"]);
    assert!(tokens(&input) <= 4, "{}", text(&input));
}

#[test]
fn a_count_not_checked_against_its_values_is_found() {
    let (_tmp, package) = copy_of("audit-count");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(&package, save.path(), &["--only", "invalid-input"]);
    assert_eq!(code, 1, "{out}");
    let (_, input) = found(
        &out,
        &[
            "[invalid-input] validate",
            "one more repetition than its count",
        ],
    );
    assert!(tokens(&input) <= 4, "{}", text(&input));
}

#[test]
fn a_ctd_and_a_cpp_validator_that_disagree_on_a_bound_are_found() {
    if !checktestdata_installed() {
        return;
    }
    let (_tmp, package) = copy_with_validation_h("audit-disagree");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(
        &package,
        save.path(),
        &["--only", "invalid-input", "--shrink-seconds", "2"],
    );
    assert_eq!(code, 1, "{out}");
    let (line, input) = found(
        &out,
        &[
            "[disagreement] validate against strict:",
            "one past its upper bound 10",
            "strict refuses",
        ],
    );
    assert!(text(&input).starts_with("11\n"), "{line}: {}", text(&input));
}

#[test]
fn an_output_validator_comparing_the_first_token_only_is_found() {
    if !checktestdata_installed() {
        return;
    }
    let (_tmp, package) = copy_of("audit-first-token");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(&package, save.path(), &["--only", "output"]);
    assert_eq!(code, 1, "{out}");
    found(
        &out,
        &["[output] the output validator: accepts token 2 changed"],
    );
}

#[test]
fn an_output_validator_accepting_the_empty_output_is_found() {
    if !checktestdata_installed() {
        return;
    }
    let (_tmp, package) = copy_of("audit-empty-output");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(&package, save.path(), &["--only", "output"]);
    assert_eq!(code, 1, "{out}");
    let (_, input) = found(&out, &["accepts the empty output"]);
    assert!(tokens(&input) <= 4, "{}", text(&input));
}

#[test]
fn an_output_validator_crashing_on_a_negative_number_is_found() {
    if !checktestdata_installed() {
        return;
    }
    let (_tmp, package) = copy_of("audit-negative-crash");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(&package, save.path(), &["--only", "output"]);
    assert_eq!(code, 1, "{out}");
    found(
        &out,
        &["fails on token 1 changed from `0` to `-1`", "SIGSEGV"],
    );
}

#[test]
fn a_generator_seeded_from_the_clock_is_found() {
    if !checktestdata_installed() {
        return;
    }
    let (_tmp, package) = copy_of("audit-clock-generator");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(&package, save.path(), &["--only", "generators"]);
    assert_eq!(code, 1, "{out}");
    found(
        &out,
        &[
            "[generators] generators.yaml:",
            "writes different bytes when run twice",
        ],
    );
}

/// A sound package (a checktestdata validator that matches its statement,
/// the default output validator): nothing found, and the summary says how
/// much was tried.
#[test]
fn a_sound_package_gives_no_finding() {
    if !checktestdata_installed() {
        return;
    }
    let (_tmp, package) = copy_of("checktestdata");
    let save = tempfile::tempdir().unwrap();
    let (code, out) = audit(&package, save.path(), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(!out.contains("FOUND"), "{out}");
    assert!(
        out.contains("invalid inputs (bounds, counts, tokens, bytes)"),
        "{out}"
    );
}
