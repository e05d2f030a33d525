//! `jurybox harden` on scored problems: a partial solution that passes a
//! group it must fail is a survivor of that group, searched for inside that
//! group's constraints and written into that group alone
//! (tests/packages/scoring-subtask); one expected to earn a group it fails is
//! said to be the data's or the expectation's contradiction.

use crate::packages_cli::{copy_of, harden_survivors};
use crate::support::{jurybox, text};
use std::path::{Path, PathBuf};

/// The `.in` files under `dir`, recursively.
fn inputs_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(inputs_under(&path));
        } else if path.extension().is_some_and(|e| e == "in") {
            out.push(path);
        }
    }
    out.sort();
    out
}

#[test]
#[ignore = "slow end-to-end: harden's search, the machine's calibration and a run (~40 s on a loaded machine)"]
fn harden_writes_the_test_a_group_lacks_into_that_group_and_run_then_meets_every_expectation() {
    let (tmp, package) = copy_of("scoring-subtask");
    let dir = package.to_str().unwrap();
    let before = inputs_under(&package.join("data"));
    let save = tmp.path().join("found");
    let out = harden_survivors(
        &package,
        "120",
        &["--write", "--save", save.to_str().unwrap()],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    for survivor in ["int32.c", "slow.c"] {
        assert!(
            stdout.contains(&format!(
                "partially_accepted/{survivor} (a survivor of group secret/group2)"
            )),
            "{stdout}"
        );
    }
    assert!(
        stdout.contains("2 of 2 surviving submissions caught"),
        "{stdout}"
    );
    let added: Vec<PathBuf> = inputs_under(&package.join("data"))
        .into_iter()
        .filter(|p| !before.contains(p))
        .collect();
    assert!(!added.is_empty(), "no test written:\n{stdout}");
    for input in &added {
        assert_eq!(
            input.parent().unwrap(),
            package.join("data/secret/group2"),
            "a test written outside group2:\n{stdout}"
        );
        // Inside group2's constraints (a, b <= 2*10^9) and outside group1's
        // (<= 100): only a search held to group2's flags finds it, and only
        // group2 may hold it.
        let numbers: Vec<u64> = std::fs::read_to_string(input)
            .unwrap()
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        assert_eq!(numbers.len(), 2, "{}", input.display());
        assert!(numbers.iter().all(|&n| n <= 2_000_000_000), "{numbers:?}");
        assert!(numbers.iter().any(|&n| n > 100), "{numbers:?}");
    }
    let out = jurybox(&["run", dir], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("every submission's verdicts and stated scores are as expected"),
        "{stdout}"
    );
}

#[test]
fn harden_names_a_partial_solution_expected_to_earn_a_group_it_fails() {
    let (_tmp, package) = copy_of("scoring-legacy");
    // slow.c plays no part here: its TLE (counted to the kill, and again
    // alone on a busy machine) was most of the test's CPU time.
    std::fs::remove_file(package.join("submissions/partially_accepted/slow.c")).unwrap();
    // int32.c said to earn group2, whose first test its 32-bit sum wraps on.
    let int32 = package.join("submissions/partially_accepted/int32.c");
    let source = std::fs::read_to_string(&int32).unwrap();
    std::fs::write(
        &int32,
        source.replace("@EXPECTED_GRADES@ AC WA", "@EXPECTED_GRADES@ AC AC"),
    )
    .unwrap();
    let out = harden_survivors(&package, "1", &[]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "partially_accepted/int32.c is expected to earn secret/group2 but fails it on secret/group2/01-max: grade WA"
        ),
        "{stdout}{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains("the data's or the expectation's contradiction"),
        "{stdout}"
    );
    assert!(
        !stdout.contains("int32.c (a survivor"),
        "a contradiction is no survivor: {stdout}"
    );
}

#[test]
fn mutants_names_the_groups_that_kill_each_mutant_and_the_score_it_would_get() {
    let (_tmp, package) = copy_of("scoring-legacy");
    // An accepted A plus B with an edit only a large a shows: `big * 0`
    // mutated to `big * 1` is wrong on group2's tests (a > 1000) alone.
    std::fs::write(
        package.join("submissions/accepted/sum.c"),
        "#include <stdio.h>\nint main(void) {\n    long long a, b;\n    if (scanf(\"%lld %lld\", &a, &b) != 2) return 1;\n    long long big = a > 1000;\n    printf(\"%lld\\n\", a + b + big * 0);\n    return 0;\n}\n",
    )
    .unwrap();
    let out = jurybox(
        &["mutants", package.to_str().unwrap(), "--mutants", "40"],
        "",
    );
    let stdout = text(&out.stdout);
    let table = stdout
        .split("mutants by group (of 100; groups: sample, secret/group1, secret/group2):\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no table of mutants by group:\n{stdout}"));
    let line = |edit: &str| {
        table
            .lines()
            .find(|l| l.contains(edit))
            .unwrap_or_else(|| panic!("no line for {edit}:\n{stdout}"))
    };
    assert!(
        line("`0` → `1` (constant)")
            .ends_with("killed in secret/group2 (WA on secret/group2/01-max); would score 30"),
        "{stdout}"
    );
    assert!(
        line("`a` → `b` (variable swap)").ends_with("killed in no group; would score 100"),
        "{stdout}"
    );
}
