//! A whole contest through `jurybox run CONTEST`: every problem judged as
//! `run DIR` judges it, one summary table, a problem that cannot be read a
//! named error while the others go on, exit 1 on any contradiction, and
//! `--shard K/N` judging only its share of the problems. The contest is made
//! here of copies of the test packages (a Polygon one, a Kattis one whose
//! wrong submissions survive its data, one asking for a validator it lacks).

use crate::support::{copy_dir, jurybox, root, text};
use std::path::{Path, PathBuf};

/// A BAPCtools contest of `problems` (test packages, labelled A, B, ...).
fn contest(problems: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("contest");
    let mut yaml = String::new();
    for (i, p) in problems.iter().enumerate() {
        copy_dir(&root().join("tests/packages").join(p), &dir.join(p));
        let label = (b'A' + i as u8) as char;
        yaml += &format!("- id: {p}\n  label: {label}\n");
    }
    std::fs::write(dir.join("contest.yaml"), "name: Small contest\n").unwrap();
    std::fs::write(dir.join("problems.yaml"), yaml).unwrap();
    (tmp, dir)
}

fn run(dir: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let mut args = vec!["run", dir.to_str().unwrap(), "--jobs", "2"];
    args.extend(extra);
    let out = jurybox(&args, "");
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The summary's line of the problem labelled `label`.
fn summary_line<'a>(stdout: &'a str, label: &str) -> &'a str {
    let summary = stdout.rsplit("label problem").next().unwrap_or("");
    summary
        .lines()
        .find(|l| l.starts_with(&format!("{label} ")))
        .unwrap_or_else(|| panic!("no summary line for {label}: {stdout}"))
}

#[test]
fn run_contest_judges_every_problem_and_names_the_one_it_cannot_read() {
    let (_tmp, dir) = contest(&["polygon-aplusb", "custom-without-validator", "pairsum"]);
    let (code, stdout, stderr) = run(&dir, &[]);
    assert_eq!(code, Some(1), "pairsum's contradictions: {stdout}{stderr}");
    assert!(
        stdout.contains("contest Small contest: 3 problems"),
        "{stdout}"
    );
    let a = summary_line(&stdout, "A");
    assert!(
        a.contains("polygon-aplusb")
            && a.contains("1.00 s / 1.00 s")
            && a.contains("wrong_answer 2"),
        "{a}"
    );
    assert!(
        summary_line(&stdout, "B").contains("ERROR: ")
            && summary_line(&stdout, "B").contains("no output validator")
    );
    let c = summary_line(&stdout, "C");
    assert!(
        c.contains("pairsum") && c.contains(" 2 "),
        "two contradictions: {c}"
    );
    assert!(stdout.contains("3 problems in"), "{stdout}");
}

#[test]
fn run_contest_shard_judges_only_its_problems() {
    let (_tmp, dir) = contest(&["polygon-aplusb", "custom-without-validator", "pairsum"]);
    let (code, stdout, stderr) = run(&dir, &["--shard", "1/3"]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("shard 1/3: A"), "{stdout}");
    assert!(stdout.contains("== A polygon-aplusb") && !stdout.contains("== B"));
    let (code, _, stderr) = run(&dir.join("pairsum"), &["--shard", "1/3"]);
    assert_eq!(
        code,
        Some(2),
        "--shard on one package is a usage error: {stderr}"
    );
}

#[test]
fn report_contest_writes_each_problems_page_and_an_index() {
    let (tmp, dir) = contest(&["polygon-aplusb", "custom-without-validator"]);
    let out_dir = tmp.path().join("pages");
    let args = [
        "report",
        dir.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
        "--mutants",
        "0",
        "--jobs",
        "2",
    ];
    let out = jurybox(&args, "");
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(3),
        "B has no page: {stdout}{}",
        text(&out.stderr)
    );
    assert!(out_dir.join("polygon-aplusb.html").is_file());
    let index = std::fs::read_to_string(out_dir.join("index.html")).unwrap();
    assert!(
        index.contains("<a href=\"polygon-aplusb.html\">"),
        "{index}"
    );
    assert!(
        index.contains("custom-without-validator: no page: "),
        "{index}"
    );
}
