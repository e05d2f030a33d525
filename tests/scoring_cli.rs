//! `jurybox run` on scored problems (tests/packages/scoring-legacy and the
//! other scoring packages, each A plus B with a 30-point and a 70-point
//! group): each submission's score per group and in all, every stated
//! expectation checked, a contradiction naming its group and the test that
//! decided it, and scoring that cannot be judged an error that exits 3. The
//! scores expected here are the ones problemtools' verifyproblem gives the
//! legacy package (docs/PERFORMANCE.md, "Scoring").

use crate::packages_cli::copy_of;
use crate::support::{jurybox, text};

/// The score line of `submission` in `run`'s output.
pub(crate) fn score_line<'a>(stdout: &'a str, submission: &str) -> &'a str {
    let scores = stdout.split("\nscores (of").nth(1).expect("a scores table");
    scores
        .lines()
        .find(|l| l.starts_with(submission))
        .unwrap_or_else(|| panic!("no score line for {submission}:\n{stdout}"))
}

/// A legacy package's copy whose limit is derived at a 0.1 s resolution (the
/// format's is 1 s): a TLE that a test needs but does not time is killed at
/// a fifth of a second, not two.
fn at_a_tenth_of_a_second(package: &std::path::Path) {
    let yaml = package.join("problem.yaml");
    let text_of = std::fs::read_to_string(&yaml).unwrap();
    assert!(!text_of.contains("limits:"), "{text_of}");
    std::fs::write(&yaml, format!("{text_of}limits:\n  time_resolution: 0.1\n")).unwrap();
}

#[test]
#[ignore = "slow end-to-end: 7 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn run_scores_a_legacy_package_as_verifyproblem_does_and_names_a_contradiction() {
    let (_tmp, package) = copy_of("scoring-legacy");
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains("— group secret/group2 (70 points"),
        "{stdout}"
    );
    for (submission, total) in [
        ("accepted/sum.c", "100"),
        ("partially_accepted/int32.c", "30"),
        ("partially_accepted/slow.c", "30"),
        ("wrong_answer/zero.c", "0"),
    ] {
        let line = score_line(&stdout, submission);
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[1], total, "{line}");
    }
    assert!(score_line(&stdout, "partially_accepted/slow.c").contains("secret/group2 0 TLE"));
    assert!(score_line(&stdout, "wrong_answer/zero.c").contains("ok (the wrong_answer/ directory)"));
    // A grade the data contradicts: int32.c said to pass group2.
    let int32 = package.join("submissions/partially_accepted/int32.c");
    let source = std::fs::read_to_string(&int32).unwrap();
    std::fs::write(
        &int32,
        source.replace("@EXPECTED_GRADES@ AC WA", "@EXPECTED_GRADES@ AC AC"),
    )
    .unwrap();
    // An overall verdict the data contradicts: the same program said wrong
    // (wrong_answer/), made AC by the group it earns (`accept_if_any_accepted`
    // in secret/). Said decided by its first rejected test, no group named:
    // the first group with a rejection is secret/, graded AC.
    std::fs::write(
        package.join("submissions/wrong_answer/int32-said-wrong.c"),
        source.replace("@EXPECTED_GRADES@ AC WA", ""),
    )
    .unwrap();
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let line = score_line(&stdout, "partially_accepted/int32.c");
    assert!(
        line.contains(
            "CONTRADICTION: group secret/group2, decided by secret/group2/01-max: grade WA"
        ),
        "{line}"
    );
    let line = score_line(&stdout, "wrong_answer/int32-said-wrong.c");
    assert!(
        line.contains(
            "CONTRADICTION: decided by secret/group2/01-max: overall verdict AC (scored 30), \
             expected WA (the wrong_answer/ directory)"
        ),
        "{line}"
    );
}

/// The copy's limit is 0.2 s, not 1 s: sums1.c's TLE on group 2, which the
/// test does not look at, is killed at 0.4 s instead of 2 s.
#[test]
fn run_checks_sinol_expected_scores_per_group() {
    let (_tmp, package) = copy_of("sinol-sum");
    let config = package.join("config.yml");
    let text_of = std::fs::read_to_string(&config).unwrap();
    // sums1.c said to time out in group 1 too: its group 1 contradicts.
    let changed = text_of
        .replacen(
            "  sums1.c:\n    expected:\n      0: {points: 0, status: OK}\n      1: {points: 30, status: OK}",
            "  sums1.c:\n    expected:\n      0: {points: 0, status: OK}\n      1: {points: 0, status: TL}",
            1,
        )
        .replacen("time_limit: 1000\n", "time_limit: 200\n", 1);
    assert_ne!(changed, text_of);
    std::fs::write(&config, changed).unwrap();
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(score_line(&stdout, "prog/sum.c").contains("ok"));
    let line = score_line(&stdout, "prog/sums1.c");
    assert!(
        line.contains("CONTRADICTION: group 1: grade AC (scored 30), expected TLE"),
        "{line}"
    );
}

/// Issue 45 item 5: a sinol package whose `time_limits` give a group its own
/// limit says each group's limit in the limit's line (the matrix already
/// judged each group by its own). The group given its own limit is group 1,
/// whose tests every submission answers at once: a 3 s limit on group 2
/// would let the slow sums1.c count for 3 s there, the test's cost and
/// nothing it checks.
#[test]
fn a_sinol_limit_line_says_each_groups_limit() {
    let (_tmp, package) = copy_of("sinol-sum");
    let config = package.join("config.yml");
    let text_of = std::fs::read_to_string(&config).unwrap();
    let changed = text_of.replacen(
        "time_limit: 1000\n",
        "time_limit: 1000\ntime_limits:\n  1: 3000\n",
        1,
    );
    assert_ne!(changed, text_of);
    std::fs::write(&config, changed).unwrap();
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("time limit "))
        .unwrap_or_else(|| panic!("no limit line: {stdout}\n{}", text(&out.stderr)));
    assert!(
        line.contains(
            "Per group (the package's time_limits): group 1 3.00 s (its own), \
             group 2 1.00 s (the limit above)"
        ),
        "{line}"
    );
}

#[test]
fn scoring_that_does_not_add_up_exits_3_naming_the_file() {
    let (_tmp, package) = copy_of("scoring-2025");
    std::fs::write(
        package.join("data/secret/group2/test_group.yaml"),
        "max_score: 60\n",
    )
    .unwrap();
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("data/secret/test_group.yaml: the groups' points add up to 90, but max_score states 100"),
        "{stderr}"
    );
}

/// A Polygon package with groups converted to the legacy Kattis layout
/// (the one problemtools reads) is judged as the original: the same score
/// for each solution, each expectation carried and met; converting a Polygon
/// package straight to sinol is refused as a usage error.
#[test]
fn a_converted_scoring_package_scores_as_its_original() {
    let root = crate::support::root();
    let original = root.join("tests/packages/polygon-groups");
    let dir = tempfile::tempdir().unwrap();
    let legacy = dir.path().join("sumgroups");
    let out = jurybox(
        &[
            "convert",
            original.to_str().unwrap(),
            "--to",
            "kattis",
            "--legacy",
            legacy.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = jurybox(&["run", legacy.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    for (submission, total, verdict) in [
        ("accepted/sum.c", "100", "ok"),
        ("partially_accepted/int32.c", "30", "ok"),
        ("partially_accepted/slow.c", "30", "ok"),
        ("wrong_answer/zero.c", "10", "ok"),
    ] {
        let line = score_line(&stdout, submission);
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[1], total, "{line}");
        assert!(line.contains(verdict), "{line}");
    }
    let out = jurybox(
        &[
            "convert",
            original.to_str().unwrap(),
            "--to",
            "sinol",
            dir.path().join("sum").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// A Polygon package whose groups depend on the group of the samples scores
/// the same under `run` converted to the 2025-09 layout (`require_pass:
/// sample`): a solution wrong on a sample only gets 0 in both, as Polygon
/// gives it.
#[test]
fn a_dependency_on_the_samples_scores_the_same_converted_to_2025_09() {
    let root = crate::support::root();
    let original = root.join("tests/packages/polygon-sampledep");
    let dir = tempfile::tempdir().unwrap();
    let converted = dir.path().join("sampledep");
    let out = jurybox(
        &[
            "convert",
            original.to_str().unwrap(),
            "--to",
            "kattis",
            converted.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut totals = Vec::new();
    for (package, names) in [
        (
            &original,
            [
                "solutions/sum.c",
                "solutions/int32.c",
                "solutions/nosample.c",
            ],
        ),
        (
            &converted,
            [
                "accepted/sum.c",
                "wrong_answer/int32.c",
                "wrong_answer/nosample.c",
            ],
        ),
    ] {
        let out = jurybox(&["run", package.to_str().unwrap()], "");
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{stdout}\n{}",
            text(&out.stderr)
        );
        let scores: Vec<String> = names
            .iter()
            .map(|n| {
                score_line(&stdout, n)
                    .split_whitespace()
                    .nth(1)
                    .unwrap()
                    .to_string()
            })
            .collect();
        totals.push(scores);
    }
    assert_eq!(totals[0], ["100", "60", "0"]);
    assert_eq!(totals[1], totals[0]);
}

/// `report` on a scored package: the page's table of scores heads each
/// group with its points and gives each submission's score per group and in
/// all, the same scores `run` prints (verifyproblem's, for this package).
/// The copy's limit is derived at a 0.1 s resolution rather than the
/// format's 1 s: slow.c's TLE is killed at 0.2 s instead of 2 s (and run
/// again alone on a busy machine), and no figure of the limit is checked.
#[test]
fn report_shows_the_groups_points_and_each_submissions_scores() {
    let (tmp, package) = copy_of("scoring-legacy");
    at_a_tenth_of_a_second(&package);
    let page = tmp.path().join("page.html");
    let out = jurybox(
        &[
            "report",
            package.to_str().unwrap(),
            "--out",
            page.to_str().unwrap(),
            "--mutants",
            "0",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    let table = html
        .split("<h2>Scores</h2>")
        .nth(1)
        .and_then(|t| t.split("</table>").next())
        .unwrap_or_else(|| panic!("a table of scores: {html}"));
    assert!(table.starts_with("<p>Of 100.</p>"), "{table}");
    // The legacy layout's samples are a group of their own, worth nothing.
    for head in [
        "<th>sample (0 points, grader sum)</th>",
        "<th>secret/group1 (30 points, grader min)</th>",
        "<th>secret/group2 (70 points, grader min)</th>",
    ] {
        assert!(table.contains(head), "{head}: {table}");
    }
    for row in [
        "<tr><td>accepted/sum.c</td><td>100</td><td>0 AC</td><td>30 AC</td><td>70 AC</td><td>ok (",
        "<tr><td>partially_accepted/int32.c</td><td>30</td><td>0 AC</td><td>30 AC</td><td>0 WA</td><td>ok (",
        "<tr><td>partially_accepted/slow.c</td><td>30</td><td>0 AC</td><td>30 AC</td><td>0 TLE</td><td>ok (",
        "<tr><td>wrong_answer/zero.c</td><td>0</td><td>0 WA</td><td>0 WA</td><td>0 WA</td><td>ok (",
    ] {
        assert!(table.contains(row), "{row}: {table}");
    }
    // Each test's section names its scoring group, not only sample/secret.
    let group_of = |test: &str| {
        html.split(&format!("<h3>{test}</h3><dl><dt>group</dt><dd>"))
            .nth(1)
            .and_then(|rest| rest.split("</dd>").next())
            .unwrap_or_else(|| panic!("test {test}'s section: {html}"))
            .to_string()
    };
    assert_eq!(group_of("secret/group1/02-at-max"), "secret/group1");
    assert_eq!(group_of("secret/group2/01-max"), "secret/group2");
    assert_eq!(group_of("sample/1"), "sample");
}

/// Issue 42, published sinol packages (sinol-make's own examples): in/ has
/// none but the example, so the ingen makes the tests and the model solution
/// their answers, as `sinol-make gen` does; no `scores` (100 shared) under
/// the `oi` contest's total of 100; `override_limits` of the one language
/// used; a grader compiled beside each solution (`extra_compilation_args`);
/// a group graded by its worst test, as sinol-make grades it (RE after WA).
#[test]
fn a_sinol_package_without_tests_runs_its_ingen_and_scores_as_sinol_make() {
    let (_tmp, package) = copy_of("sinol-ingen");
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    let all = format!("{stdout}\n{}", text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(all.contains("4 tests made by prog/ingingen.sh"), "{all}");
    assert!(
        all.contains("3 answers made by the model solution prog/ing.c"),
        "{all}"
    );
    assert!(
        stdout.contains("time limit 1.00 s (config.yml)"),
        "{stdout}"
    );
    assert!(score_line(&stdout, "prog/ing.c").contains("100  1 50 AC  2 50 AC  ok"));
    let bad = score_line(&stdout, "prog/ingb1.c");
    assert!(bad.contains("50  1 0 RTE  2 50 AC  ok"), "{bad}");
}

/// Issue 42, sinol-make's `lim` example: limits per group
/// (`memory_limits: {2: 65536}`), per test (`time_limits: {2a: 100}`) and
/// per language and test (`override_limits: {cpp: {memory_limits: {1b:
/// ...}}}`) judge their tests, as sinol-make judges them (it scores this
/// package 100, 100, 50, 50 too); the limit line says the test's own; the
/// ingen is built with `-D_INGEN` (it fails to build without); the stack
/// is a test's own memory limit (lmt4.cpp recurses 30 MiB deep on group 2),
/// and the judge's line says so (it said the package's 16 MiB alone); a
/// solution sleeping past sinol-make's wall clock is TLE (lmts1.cpp).
#[test]
fn sinol_limits_per_group_test_and_language_judge_their_tests() {
    let (_tmp, package) = copy_of("sinol-limits");
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    let all = format!("{stdout}\n{}", text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(all.contains("5 tests made by prog/lmtingen.cpp"), "{all}");
    assert!(
        all.contains("stack as large as the memory limit (16 MiB), a test's own where it has one"),
        "{all}"
    );
    assert!(
        stdout.contains(
            "Per group and test (the package's time_limits): group 1 1.00 s (the limit above), \
             group 2 1.00 s (the limit above), test in/lmt2a 0.10 s (its own)"
        ),
        "{stdout}"
    );
    let row = |name: &str| stdout.lines().find(|l| l.starts_with(name)).unwrap_or("");
    // lmtb1.cpp (the last column) touches 40 MiB: over 16 MiB on 1a, within
    // C++'s 64 MiB on 1b.
    // Over its memory limit: MLE, sinol-make's ML (it was shown RTE).
    let last = |name: &str| row(name).split_whitespace().rev().nth(1).unwrap_or("");
    assert_eq!(last("in/lmt1a"), "MLE", "{stdout}");
    assert_eq!(last("in/lmt1b"), "AC", "{stdout}");
    // lmts1.cpp (the last but one) sleeps 3 s on group 2: stopped by
    // sinol-make's wall clock, 2 s on 2b (1 s limit), TLE as sinol-make says
    // TL; it used to run to its end under jurybox's 8 s wall clock (AC).
    let slept = |name: &str| row(name).split_whitespace().rev().nth(3).unwrap_or("");
    assert_eq!(slept("in/lmt2b"), "TLE", "{stdout}");
    for (name, line) in [
        ("prog/lmt2.cpp", "100  1 50 AC  2 50 AC  ok"),
        ("prog/lmt3.cpp", "50  1 50 AC  2 0 TLE  ok"),
        ("prog/lmtb1.cpp", "50  1 0 MLE  2 50 AC  ok"),
        // 30 MiB of stack on group 2: the stack is the test's own 64 MiB.
        ("prog/lmt4.cpp", "100  1 50 AC  2 50 AC  ok"),
        ("prog/lmts1.cpp", "50  1 50 AC  2 0 TLE  ok"),
    ] {
        assert!(score_line(&stdout, name).contains(line), "{stdout}");
    }
}

/// A contradiction is worded as the cell shows the run that decided it:
/// lmtb1.cpp, stated OK everywhere, goes over group 1's memory limit, and
/// both the matrix row and the score line say `MLE` (sinol's ML), as its
/// cell does, never the `RTE` the rules judge it as.
#[test]
fn a_contradiction_says_mle_where_the_cell_does() {
    let (_tmp, package) = copy_of("sinol-limits");
    let config = package.join("config.yml");
    let stated = std::fs::read_to_string(&config).unwrap();
    let wrong = stated.replacen(
        "      1: {points: 0, status: ML}\n      2: {points: 50, status: OK}\n    points: 50",
        "      1: {points: 50, status: OK}\n      2: {points: 50, status: OK}\n    points: 100",
        1,
    );
    assert_ne!(
        wrong, stated,
        "lmtb1.cpp's expectation as the package states it"
    );
    std::fs::write(&config, wrong).unwrap();
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("prog/lmtb1.cpp") && l.contains("CONTRADICTION"))
        .collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].contains("MLE on in/lmt1a"), "{stdout}");
    assert!(lines[1].contains("grade MLE"), "{stdout}");
    assert!(lines.iter().all(|l| !l.contains("RTE")), "{stdout}");
}

/// A `memory_limits` key naming no group and no test is known only once the
/// ingen has made the tests: it is still the package's (config.yml's) error,
/// said as one found before the ingen is (exit 3, naming the file and the
/// key), not a jury fault on an unnamed empty input saved under
/// jurybox-found/.
#[test]
fn a_config_error_found_after_the_ingen_is_the_packages_not_a_jury_fault() {
    let (tmp, package) = copy_of("sinol-limits");
    let config = package.join("config.yml");
    let text_of = std::fs::read_to_string(&config).unwrap();
    let bad = text_of.replacen("memory_limits:\n", "memory_limits:\n  9: 1000\n", 1);
    std::fs::write(&config, bad).unwrap();
    let mut command = crate::support::jurybox_command();
    command
        .args(["run", package.to_str().unwrap()])
        .current_dir(tmp.path());
    let out = crate::support::output_of(command, "");
    let all = format!("{}\n{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(3), "{all}");
    assert!(
        all.contains("config.yml") && all.contains("memory_limits") && all.contains("\"9\""),
        "{all}"
    );
    assert!(
        !all.contains("jury fault") && !all.contains("(on ,"),
        "{all}"
    );
    assert!(!tmp.path().join("jurybox-found").exists(), "{all}");
}

/// Issue 42: the tests a sinol ingen made and their model answers are kept
/// in the cache (`JURYBOX_CACHE`) and a second `run` reuses them, saying
/// so, with the same scores; a changed ingen makes them again.
#[test]
fn a_sinol_ingens_tests_are_reused_by_the_next_run_until_the_ingen_changes() {
    let (tmp, package) = copy_of("sinol-ingen");
    let cache = tmp.path().join("cache");
    let run = || {
        let out = crate::support::jurybox_env(
            &["run", package.to_str().unwrap()],
            "",
            &[("JURYBOX_CACHE", cache.to_str().unwrap())],
        );
        let all = format!("{}\n{}", text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{all}");
        assert!(
            score_line(&text(&out.stdout), "prog/ingb1.c").contains("50  1 0 RTE  2 50 AC  ok"),
            "{all}"
        );
        all
    };
    let first = run();
    assert!(first.contains("4 tests made by prog/ingingen.sh") && !first.contains("reused"));
    let second = run();
    assert!(
        second.contains("4 tests made by prog/ingingen.sh reused from the cache")
            && second.contains("3 answers made by the model solution prog/ing.c"),
        "{second}"
    );
    let ingen = package.join("prog/ingingen.sh");
    let mut script = std::fs::read_to_string(&ingen).unwrap();
    script.push_str("# changed\n");
    std::fs::write(&ingen, script).unwrap();
    let third = run();
    assert!(!third.contains("reused"), "{third}");
}

/// Issue 42, solutions of several languages (`tests/packages/sinol-languages`,
/// C and Python; sinol-make 1.9.16 scores it 100, 100, 50): each judged
/// under its own language's `override_limits` (Python's 256 MiB and 5 s on
/// group 2, C's the package's 16 MiB and 500 ms), shown in the limit line;
/// jurybox used to apply none when the languages were several (lng1.py: 0).
#[test]
fn sinol_solutions_of_several_languages_get_their_languages_limits() {
    let (_tmp, package) = copy_of("sinol-languages");
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    let all = format!("{stdout}\n{}", text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{all}");
    // Judged as sinol-make builds and runs (CPython, as SIO2), not as Kattis
    // (PyPy, whose resident size fails sinol's tight memory limits).
    assert!(
        all.contains("judge: sinol-make (a sinol package")
            && all.contains("Python 3 python3;")
            && !all.contains("pypy3"),
        "{all}"
    );
    assert!(
        stdout.contains(
            "Per solution, its language's own: prog/lng1.py 0.50-5.00 s, 256 MiB \
             (override_limits: py)"
        ),
        "{stdout}"
    );
    for (name, line) in [
        ("prog/lng.c", "100  1 50 AC  2 50 AC  ok"),
        ("prog/lng1.py", "100  1 50 AC  2 50 AC  ok"),
        ("prog/lngs1.c", "50  1 50 AC  2 0 TLE  ok"),
    ] {
        assert!(score_line(&stdout, name).contains(line), "{stdout}");
    }
}

/// A run over its memory limit is `MLE` where the format has that verdict
/// (sinol-make's ML: lmtb1.cpp in `sinol_limits_per_group_test_and_language_judge_their_tests`)
/// and `RTE` in a Kattis package, as problemtools says: its expectations
/// have no memory verdict.
#[test]
fn a_kattis_package_keeps_rte_for_a_run_over_its_memory_limit() {
    let (_tmp, package) = copy_of("deep-recursion");
    std::fs::write(
        package.join("submissions/run_time_error/hog.cpp"),
        "// Touches 400 MiB, over the 256 MiB limit.\n#include <cstdio>\n#include <vector>\n\
         int main() { std::vector<char> v(400 << 20);\n\
         for (size_t i = 0; i < v.size(); i += 4096) v[i] = 1;\n\
         std::printf(\"%d\\n\", v[4096]); }\n",
    )
    .unwrap();
    let out = jurybox(&["run", package.to_str().unwrap(), "--jobs", "2"], "");
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let hog = stdout
        .lines()
        .find(|l| l.starts_with("run_time_error/hog.cpp"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(hog.contains("RTE×") && !hog.contains("MLE"), "{stdout}");
    assert!(!stdout.contains("MLE"), "{stdout}");
}

/// sinol-make's `icpc` contest (`tests/packages/sinol-icpc`, which
/// sinol-make 1.9.16 runs to "Expected scores are correct!"): every group,
/// the examples' too, is worth 1 point, and a solution scores the least of
/// its groups: 1 or 0.
#[test]
fn a_sinol_icpc_package_scores_one_point_a_group_and_the_least_counts() {
    let (_tmp, package) = copy_of("sinol-icpc");
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    let all = format!("{stdout}\n{}", text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(
        stdout.contains("scores (of 1; groups: 0 1, 1 1, 2 1)"),
        "{stdout}"
    );
    let line = |s| score_line(&stdout, s);
    assert!(line("prog/icp.c").contains("1  0 1 AC  1 1 AC  2 1 AC  ok"));
    let int = line("prog/icp1.c");
    assert!(int.contains("0  0 1 AC  1 1 AC  2 0 WA  ok"), "{int}");
    let example = line("prog/icp2.c");
    assert!(
        example.contains("0  0 0 WA  1 1 AC  2 1 AC  ok"),
        "{example}"
    );
}

/// A sinol checker (`tests/packages/sinol-checker`, which sinol-make 1.9.16
/// runs to "Expected scores are correct!"): `OK` with a percentage on its
/// third line gives that share of the test's points, and a group scores its
/// points times its tests' least share, as sinol-make scores it.
#[test]
fn a_sinol_checkers_percentage_scores_as_sinol_make() {
    let (_tmp, package) = copy_of("sinol-checker");
    let out = jurybox(&["run", package.to_str().unwrap()], "");
    let stdout = text(&out.stdout);
    let all = format!("{stdout}\n{}", text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(!all.contains("not run yet"), "{all}");
    let line = |s| score_line(&stdout, s);
    assert!(line("prog/chq.c").contains("100  1 50 AC  2 50 AC  ok"));
    let one_group = line("prog/chq1.c");
    assert!(
        one_group.contains("75  1 25 AC  2 50 AC  ok"),
        "{one_group}"
    );
    let both = line("prog/chq2.c");
    assert!(both.contains("50  1 25 AC  2 25 AC  ok"), "{both}");
    let wrong = line("prog/chq3.c");
    assert!(wrong.contains("50  1 50 AC  2 0 WA  ok"), "{wrong}");
}
