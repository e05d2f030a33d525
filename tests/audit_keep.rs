//! What `jurybox audit` keeps and refuses (issue 44): a finding written with
//! `--write` into `data/invalid_input/` and generators.yaml's
//! `invalid_input` group (read back with format's generators reader), then
//! held by `run` on every run; a finding that does not hold when checked
//! again never written; a package without an input validator told so once;
//! an input validator that cannot be built the jury's fault; a contest
//! audited problem by problem, `--write` reaching each, one summary.

use crate::support::{copy_dir, jurybox, root, text};
use jurybox_format::generators::GeneratorsYaml;
use std::path::{Path, PathBuf};

/// `jurybox ARGS...` on `dir`: its exit code, stdout and stderr.
fn on(command: &str, dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec![command, dir.to_str().unwrap()];
    all.extend(args);
    let out = jurybox(&all, "");
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// A copy of the test package `name` in a new temporary directory.
fn copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let to = tmp.path().join(name);
    copy_dir(&root().join("tests/packages").join(name), &to);
    (tmp, to)
}

/// The `kept:` paths `stdout` names.
fn kept(stdout: &str) -> Vec<PathBuf> {
    stdout
        .lines()
        .filter_map(|l| l.trim().strip_prefix("kept: "))
        .map(|l| PathBuf::from(l.split(" (").next().unwrap()))
        .collect()
}

/// audit-no-eof's validator accepts anything after its second line. With
/// generators.yaml beside it, `--write` keeps the finding in
/// `data/invalid_input/` and as a literal `in:` entry of generators.yaml's
/// `invalid_input` group, which format's reader gives back byte for byte;
/// and `run` then refuses to judge with a validator that lets its own
/// invalid test through, naming the file.
#[test]
fn a_kept_invalid_input_is_read_back_from_generators_yaml_and_held_by_run() {
    let (_tmp, package) = copy("audit-no-eof");
    let yaml = package.join("generators/generators.yaml");
    std::fs::create_dir_all(yaml.parent().unwrap()).unwrap();
    std::fs::write(
        &yaml,
        "solution: /submissions/accepted/sum.cpp\ndata:\n  sample:\n    data:\n      - '1':\n          in: \"2\\n-5 5\\n\"\n  secret:\n    data:\n      - zero:\n          in: \"2\\n-5 5\\n\"\n",
    )
    .unwrap();
    let save = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = on(
        "audit",
        &package,
        &[
            "--only",
            "invalid-input",
            "--write",
            "--save",
            save.path().to_str().unwrap(),
            "--jobs",
            "2",
        ],
    );
    assert_eq!(code, 1, "{stdout}{stderr}");
    let files = kept(&stdout);
    assert!(!files.is_empty(), "{stdout}");
    assert!(stdout.contains("(and in generators.yaml)"), "{stdout}");
    let mut issues = Vec::new();
    let read = GeneratorsYaml::read(&yaml, "generators.yaml", &Default::default(), &mut issues)
        .expect("generators.yaml still reads");
    for file in &files {
        assert!(
            file.starts_with(package.join("data/invalid_input")),
            "{}",
            file.display()
        );
        let stem = file.file_stem().unwrap().to_str().unwrap();
        let case = read
            .case(&format!("invalid_input/{stem}"))
            .unwrap_or_else(|| {
                panic!(
                    "no invalid_input/{stem} in {}",
                    std::fs::read_to_string(&yaml).unwrap()
                )
            });
        assert_eq!(
            case.files.get("in").map(String::as_bytes),
            Some(std::fs::read(file).unwrap().as_slice()),
            "generators.yaml's entry is the kept input"
        );
    }
    // The kept test is now checked on every run: the weak validator lets it
    // through, which is the jury's fault, named with the file.
    let (code, stdout, stderr) = on("run", &package, &["--jobs", "2"]);
    assert_eq!(code, 3, "{stdout}{stderr}");
    assert!(
        stderr.contains("every input validator accepts it")
            && stderr.contains(&files[0].display().to_string()),
        "{stderr}"
    );
}

/// A validator that accepts an invalid input the first two times it sees it
/// and refuses it ever after: the audit reports what it saw, but the finding
/// does not hold on the second of the two runs that confirm it, so
/// `--write` keeps nothing (a single confirmation would have written it).
#[test]
#[ignore = "slow end-to-end: 6 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn a_finding_that_does_not_hold_twice_is_not_written() {
    let (tmp, package) = copy("audit-no-eof");
    let seen = tmp.path().join("seen");
    std::fs::write(
        package.join("input_validators/validate.py"),
        format!(
            r#"#!/usr/bin/env python3
"""n, then n integers and the end; an input with more is accepted only the
first two times it is seen (a flaky validator)."""
import hashlib, re, sys
data = sys.stdin.buffer.read()
text = data.decode("ascii", "replace")
lines = text.split("\n")
ok = len(lines) >= 3 and re.fullmatch(r"[1-9][0-9]*", lines[0]) is not None
if ok:
    n = int(lines[0])
    values = lines[1].split(" ")
    ok = 1 <= n <= 10 and len(values) == n and all(
        re.fullmatch(r"-?(0|[1-9][0-9]*)", v) and v != "-0" and abs(int(v)) <= 10**9 for v in values)
if not ok:
    sys.exit(43)
if text == lines[0] + "\n" + lines[1] + "\n":
    sys.exit(42)
key = hashlib.sha256(data).hexdigest()
with open({seen:?}, "a+") as f:
    f.seek(0)
    if f.read().split().count(key) >= 2:
        sys.exit(43)
    f.write(key + "\n")
sys.exit(42)
"#,
            seen = seen.display().to_string()
        ),
    )
    .unwrap();
    let save = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = on(
        "audit",
        &package,
        &[
            "--only",
            "invalid-input",
            "--write",
            "--save",
            save.path().to_str().unwrap(),
            "--jobs",
            "1",
            "--shrink-seconds",
            "1",
        ],
    );
    assert_eq!(code, 1, "what was seen is reported: {stdout}{stderr}");
    assert!(
        stdout.contains("not written: the finding did not hold when checked again"),
        "{stdout}"
    );
    assert!(kept(&stdout).is_empty(), "{stdout}");
    assert!(!package.join("data/invalid_input").exists(), "{stdout}");
}

/// No input validator: the audit of inputs is skipped and said so once, and
/// the rest runs (exit 0: nothing found).
#[test]
fn a_package_without_an_input_validator_is_told_so_once() {
    let (_tmp, package) = copy("audit-no-eof");
    std::fs::remove_dir_all(package.join("input_validators")).unwrap();
    let save = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = on(
        "audit",
        &package,
        &["--save", save.path().to_str().unwrap(), "--jobs", "2"],
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    let all = format!("{stdout}{stderr}");
    assert_eq!(
        all.matches("the audit of inputs is skipped").count(),
        1,
        "{all}"
    );
    assert!(!all.contains("no input grammar: no invalid input"), "{all}");
    assert!(stdout.contains("tried: "), "{stdout}");
}

/// An input validator that does not compile: the jury's fault (exit 3),
/// named, and no input saved for a fault that is of no run.
#[test]
fn an_input_validator_that_cannot_be_built_is_a_jury_fault() {
    let (_tmp, package) = copy("audit-no-eof");
    let validators = package.join("input_validators");
    std::fs::remove_file(validators.join("validate.py")).unwrap();
    std::fs::write(validators.join("validate.cpp"), "int main( {\n").unwrap();
    let save = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = on(
        "audit",
        &package,
        &["--save", save.path().to_str().unwrap(), "--jobs", "2"],
    );
    assert_eq!(code, 3, "{stdout}{stderr}");
    assert!(
        stderr.contains("jury fault: the input validator validate did not build"),
        "{stderr}"
    );
    assert!(!stderr.contains("the input is saved"), "{stderr}");
}

/// A contest of two weak packages: each problem's findings printed under
/// its own heading in the contest's order, `--write` keeping each one's in
/// its own package, and a summary counting them.
#[test]
#[ignore = "slow end-to-end: 6 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn audit_contest_prints_each_problem_in_order_writes_each_and_sums_up() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("contest");
    let problems = ["audit-no-eof", "audit-count"];
    let mut yaml = String::new();
    for (i, p) in problems.iter().enumerate() {
        copy_dir(&root().join("tests/packages").join(p), &dir.join(p));
        yaml += &format!("- id: {p}\n  label: {}\n", (b'A' + i as u8) as char);
    }
    std::fs::write(dir.join("problems.yaml"), yaml).unwrap();
    let save = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = on(
        "audit",
        &dir,
        &[
            "--only",
            "invalid-input",
            "--write",
            "--save",
            save.path().to_str().unwrap(),
            "--jobs",
            "2",
            "--shrink-seconds",
            "1",
        ],
    );
    assert_eq!(code, 1, "{stdout}{stderr}");
    let a = stdout.find("== A audit-no-eof").expect("A's heading");
    let b = stdout.find("== B audit-count").expect("B's heading");
    assert!(a < b, "{stdout}");
    let found_a = stdout[a..b].matches("\nFOUND").count();
    let found_b = stdout[b..].matches("\nFOUND").count();
    assert!(found_a > 0 && found_b > 0, "{stdout}");
    for (problem, found) in [("audit-no-eof", found_a), ("audit-count", found_b)] {
        let kept = std::fs::read_dir(dir.join(problem).join("data/invalid_input"))
            .map(|d| d.count())
            .unwrap_or(0);
        assert!(kept > 0 && kept <= found, "{problem}: {stdout}");
    }
    let header = stdout
        .lines()
        .rfind(|l| l.starts_with("label problem"))
        .expect("a summary");
    assert!(header.contains("findings"), "{header}");
    let total = stdout.lines().last().unwrap();
    assert!(
        total.contains(&format!("{} findings", found_a + found_b)),
        "{stdout}"
    );
}

/// A Polygon package (polygon-aplusb) with its validator's end-of-file
/// check removed and its generator seeded from the clock: `--write` keeps
/// each invalid input the validator accepts as the validator's next own
/// test (problem.xml read back by format: the old three tests, then the new
/// ones, each `invalid`, each file the input found), and the script's
/// generator lines, each run twice, are found writing different bytes.
#[test]
fn polygon_write_adds_validator_tests_and_script_lines_are_run_twice() {
    let (_tmp, package) = copy("polygon-aplusb");
    let val = package.join("files/val.cpp");
    let weak = std::fs::read_to_string(&val).unwrap().replace(
        "    if (getchar() != EOF) invalid(\"end of file expected\");\n",
        "",
    );
    std::fs::write(&val, weak).unwrap();
    let gen = package.join("files/gen.cpp");
    let clock = std::fs::read_to_string(&gen).unwrap().replace(
        "    state = strtoull(argv[2], nullptr, 10);",
        "    state = strtoull(argv[2], nullptr, 10) ^ (unsigned long long)std::chrono::steady_clock::now().time_since_epoch().count();",
    );
    std::fs::write(&gen, format!("#include <chrono>\n{clock}")).unwrap();
    let save = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = on(
        "audit",
        &package,
        &[
            "--only",
            "invalid-input",
            "--only",
            "generators",
            "--write",
            "--save",
            save.path().to_str().unwrap(),
            "--jobs",
            "2",
            "--shrink-seconds",
            "1",
        ],
    );
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("[generators] the script line `gen ")
            && stdout.contains("writes different bytes for test"),
        "{stdout}"
    );
    let files = kept(&stdout);
    assert!(!files.is_empty(), "{stdout}");
    let mut issues = Vec::new();
    let read = jurybox_format::Package::read(&package).expect("the package still reads");
    issues.extend(read.issues);
    let tests = &read.polygon.as_ref().unwrap().assets.validators[0].tests;
    assert_eq!(tests.len(), 3 + files.len(), "{stdout}");
    for (test, file) in tests[3..].iter().zip(&files) {
        assert!(!test.valid, "{test:?}");
        assert_eq!(&package.join(&test.input), file);
        assert!(file.starts_with(package.join("files/tests/validator-tests")));
    }
    let xml = std::fs::read_to_string(package.join("problem.xml")).unwrap();
    assert!(
        xml.contains(&format!("<test-count>{}</test-count>", 3 + files.len())),
        "{xml}"
    );
}

/// harden's first step is the audit (issue 44): audit-no-eof's validator
/// lets trailing garbage through, which harden tells, saved with its
/// `reproduce:` line, before its search's first line, and counts as found
/// (exit 1) though no submission survives; `--no-audit` skips it, and the
/// same package then hardens to nothing found (exit 0).
#[test]
fn harden_audits_the_jury_first_and_no_audit_skips_it() {
    let (_tmp, package) = copy("audit-no-eof");
    let save = tempfile::tempdir().unwrap();
    let common = [
        "--mutants",
        "0",
        "--seconds",
        "1",
        "--save",
        save.path().to_str().unwrap(),
        "--jobs",
        "2",
    ];
    let (code, stdout, stderr) = on("harden", &package, &common);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let audit = stdout
        .find("audit of the jury's own programs")
        .expect("the audit's heading");
    let found = stdout.find("FOUND [").expect("a finding");
    let reproduce = stdout.find("  reproduce: ").expect("its reproduce line");
    let search = stdout
        .find("submissions must fail and pass every test")
        .expect("the search's first line");
    assert!(
        audit < found && found < reproduce && reproduce < search,
        "{stdout}"
    );
    let mut skip = common.to_vec();
    skip.push("--no-audit");
    let (code, stdout, stderr) = on("harden", &package, &skip);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(!stdout.contains("audit of the jury"), "{stdout}");
    assert!(!stdout.contains("FOUND"), "{stdout}");
}
