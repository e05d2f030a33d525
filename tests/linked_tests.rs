//! A test that sits in two groups (a sample linked into a subtask, as Kattis'
//! testdata_tools `include_group` links it and as `jurybox convert` emulates
//! a dependency) is validated with the flags of each group it sits in, as
//! problemtools' verifyproblem and BAPCtools' `bt validate` validate it:
//! tests/packages/scoring-sample-link (each linked sample inside its group's
//! bounds) and scoring-sample-link-bad (sample 2, `150 3`, linked into
//! group1, whose `input_validator_flags: max=100` refuse it; verifyproblem
//! refuses it too: docs/PERFORMANCE.md, "Linked tests").

use crate::packages_cli::copy_of;
use crate::scoring_cli::score_line;
use crate::support::{jurybox_command, output_of, text};
use std::path::Path;

/// `jurybox ARGS` run in `dir` (what a jury fault saves goes under its
/// `jurybox-found/`, not the repository's).
fn jurybox_in(dir: &Path, args: &[&str]) -> std::process::Output {
    let mut command = jurybox_command();
    command.current_dir(dir).args(args);
    output_of(command, "")
}

#[test]
fn a_sample_linked_into_a_group_whose_flags_refuse_it_stops_run_naming_it() {
    let (tmp, package) = copy_of("scoring-sample-link-bad");
    let linked = package.join("data/secret/group1/sample-2.in");
    assert!(linked.is_symlink(), "the copy keeps the link");
    let out = jurybox_in(tmp.path(), &["run", package.to_str().unwrap()]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(3), "{stdout}\n{stderr}");
    let line = stderr
        .lines()
        .find(|l| l.contains("test secret/group1/sample-2"))
        .unwrap_or_else(|| panic!("no line names the test:\n{stderr}"));
    for part in [
        "(a link to data/sample/2.in)",
        "in group secret/group1",
        "input validator validate",
        "input_validator_flags 'max=100'",
        "a number out of range",
    ] {
        assert!(line.contains(part), "{part:?} not in: {line}");
    }
    // The sample itself, and its link into group2, are inside their bounds.
    assert_eq!(stderr.matches("  test ").count(), 1, "{stderr}");
    assert!(!stdout.contains("scores (of"), "nothing judged: {stdout}");
}

/// harden, mutants, `stress PACKAGE` and report open the package as `run`
/// does (harden's `Session::open`): the same refused test stops each before
/// any search or mutant builds on it.
#[test]
fn every_command_that_judges_the_package_stops_on_the_refused_sample() {
    let (tmp, package) = copy_of("scoring-sample-link-bad");
    let dir = package.to_str().unwrap();
    let html = tmp.path().join("report.html");
    for args in [
        vec!["harden", dir],
        vec!["mutants", dir],
        vec!["stress", dir],
        vec!["report", dir, "--out", html.to_str().unwrap()],
    ] {
        let out = jurybox_in(tmp.path(), &args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {stderr}");
        assert!(
            stderr.contains(
                "test secret/group1/sample-2 (a link to data/sample/2.in) in group secret/group1"
            ),
            "{args:?}: {stderr}"
        );
        assert!(!html.exists(), "report wrote a page of an invalid package");
    }
}

#[test]
fn samples_linked_into_groups_whose_flags_accept_them_are_judged_there() {
    let (tmp, package) = copy_of("scoring-sample-link");
    let out = jurybox_in(tmp.path(), &["run", package.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains("test inputs: 8 accepted by the input validators, each with its group's input_validator_flags (2 linked into a second group"),
        "{stdout}"
    );
    // As verifyproblem scores it: the sample nosample.c gets wrong is a
    // test of group1, so group1 is lost with it.
    for (submission, total) in [
        ("accepted/sum.c", "100"),
        ("partially_accepted/int32.c", "30"),
        ("partially_accepted/nosample.c", "70"),
    ] {
        let line = score_line(&stdout, submission);
        assert_eq!(line.split_whitespace().nth(1), Some(total), "{line}");
    }
    assert!(score_line(&stdout, "partially_accepted/nosample.c").contains("secret/group1 0 WA"));
}

/// `convert --to kattis --legacy` of a Polygon package whose group `small`
/// (a, b <= 100, told `--group small`) depends on the samples, a sample
/// made `150 4`: the legacy layout has no dependencies, so the samples are
/// linked into `small`, where its validator refuses that one. The link is
/// removed and said as a loss; the other sample stays linked, and the
/// package written passes `run`'s validation.
#[test]
fn convert_unlinks_a_sample_that_its_new_groups_flags_refuse_and_says_so() {
    let (tmp, original) = copy_of("polygon-sampledep");
    std::fs::write(original.join("tests/02"), "150 4\n").unwrap();
    std::fs::write(original.join("tests/02.a"), "154\n").unwrap();
    let legacy = tmp.path().join("legacy");
    let out = jurybox_in(
        tmp.path(),
        &[
            "convert",
            original.to_str().unwrap(),
            "--to",
            "kattis",
            "--legacy",
            legacy.to_str().unwrap(),
        ],
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let lost: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("note: not converted: test"))
        .collect();
    assert_eq!(lost.len(), 1, "{stderr}");
    for part in [
        "test secret/1-small/sample-02 (a link to data/sample/02.in)",
        "in group secret/1-small",
        "input_validator_flags '--testset tests --group small'",
        "a number out of range",
        "no longer requires that test",
    ] {
        assert!(lost[0].contains(part), "{part:?} not in: {}", lost[0]);
    }
    let small = legacy.join("data/secret/1-small");
    assert!(!small.join("sample-02.in").exists() && !small.join("sample-02.ans").exists());
    assert!(
        small.join("sample-01.in").is_symlink(),
        "the valid sample stays"
    );
    let out = jurybox_in(tmp.path(), &["run", legacy.to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("test inputs: "));
}
