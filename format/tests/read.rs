//! The reader on the repository's own test packages (`tests/packages/`) and on
//! small packages written here for the layouts and mistakes those do not show.

use jurybox_format::{
    Format, OutputValidator, Package, PackageError, ProgramKind, TimeRule, ValidatorArgs, Verdict,
};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/packages")
        .join(name)
}

fn names(p: &Package) -> Vec<&str> {
    p.data.tests.iter().map(|t| t.name.as_str()).collect()
}

#[test]
fn maxsum_reads_as_a_2025_09_package() {
    let p = Package::read(&fixture("maxsum")).unwrap();
    assert_eq!(p.config.format, Format::V2025);
    assert_eq!(p.config.time_limit, None);
    assert_eq!(p.config.time_resolution, 1.0);
    assert_eq!(p.config.multipliers.ac_to_time_limit, 2.0);
    assert_eq!(p.config.multipliers.time_limit_to_tle, 1.5);
    assert_eq!(
        names(&p),
        [
            "sample/1",
            "secret/01-single",
            "secret/02-mixed",
            "secret/03-positive",
            "secret/04-dip"
        ]
    );
    assert!(p.data.tests[0].sample && !p.data.tests[1].sample);
    assert!(p.data.tests.iter().all(|t| t.answer.is_some()));
    let subs: Vec<&str> = p.submissions.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        subs,
        [
            "accepted/kadane.cpp",
            "accepted/kadane.py",
            "run_time_error/fixed_array.cpp",
            "time_limit_exceeded/cubic.py",
            "wrong_answer/empty_run.cpp",
            "wrong_answer/int_sum.c"
        ]
    );
    let accepted = &p.submissions[0];
    assert!(accepted.is_accepted() && !accepted.must_fail());
    assert!(accepted.bounds_below("secret/02-mixed") && !accepted.bounds_above());
    let tle = &p.submissions[3];
    assert!(tle.must_fail() && tle.bounds_above() && !tle.bounds_below("sample/1"));
    assert_eq!(tle.failing_verdicts(), BTreeSet::from([Verdict::TLE]));
    let wa = &p.submissions[4];
    assert!(
        wa.bounds_below("sample/1"),
        "a WA submission bounds the limit below"
    );
    assert_eq!(p.programs.input_validators.len(), 1);
    assert_eq!(p.programs.output_validator, OutputValidator::Default);
    assert!(p.issues.is_empty(), "{:?}", p.issues);
}

/// Verdicts on tests `secret/0`, `secret/1`, ... in run order.
fn run(verdicts: &[Verdict]) -> Vec<(String, Verdict)> {
    verdicts
        .iter()
        .enumerate()
        .map(|(i, v)| (format!("secret/{i}"), *v))
        .collect()
}

#[test]
fn verdicts_are_checked_against_every_rule() {
    let p = Package::read(&fixture("maxsum")).unwrap();
    use Verdict::*;
    let accepted = &p.submissions[0];
    assert!(accepted.violations(&run(&[AC, AC])).is_empty());
    assert_eq!(accepted.violations(&run(&[AC, WA])).len(), 1);
    let wa = &p.submissions[4];
    let surviving = wa.violations(&run(&[AC, AC]));
    assert!(
        surviving[0].to_string().contains("no test gave WA"),
        "{surviving:?}"
    );
    let crashing = wa.violations(&run(&[WA, RTE]));
    assert!(
        crashing[0].to_string().contains("RTE on secret/1"),
        "{crashing:?}"
    );
    assert!(wa.violations(&run(&[WA, AC])).is_empty());
}

#[test]
fn a_must_fail_submission_is_settled_at_its_first_rejection_and_not_before() {
    let p = Package::read(&fixture("maxsum")).unwrap();
    use Verdict::*;
    let (tle, wa) = (&p.submissions[3], &p.submissions[4]);
    assert!(!tle.settled_by(&run(&[AC, AC])), "nothing rejected yet");
    assert!(tle.settled_by(&run(&[AC, TLE])));
    // Not what its directory allows: a contradiction no later test mends,
    // stated without claiming that no later test would time out.
    assert!(tle.settled_by(&run(&[WA])));
    let certain = tle.certain_violations(&run(&[WA]));
    assert_eq!(certain.len(), 1, "{certain:?}");
    assert!(
        certain[0].to_string().contains("WA on secret/0"),
        "{certain:?}"
    );
    assert!(wa.settled_by(&run(&[AC, WA])) && wa.certain_violations(&run(&[AC, WA])).is_empty());
    assert!(
        wa.certain_violations(&run(&[AC, AC])).is_empty(),
        "a later test may give WA"
    );
}

#[test]
fn a_rule_on_some_tests_or_a_several_verdict_requirement_keeps_it_running() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("problem.yaml", "problem_format_version: 2025-09\n"),
            ("data/secret/easy-1.in", "1\n"),
            ("data/secret/easy-1.ans", "1\n"),
            ("data/secret/hard-1.in", "2\n"),
            ("data/secret/hard-1.ans", "2\n"),
            ("submissions/accepted/a.py", ""),
            ("submissions/mixed/groups.py", ""),
            ("submissions/mixed/both.py", ""),
            ("submissions/rejected/expected.py", "# @EXPECTED_RESULTS@: TIMELIMIT\n"),
            (
                "submissions/submissions.yaml",
                "mixed/groups.py:\n  secret/easy-*:\n    permitted: [AC, WA]\n    required: [WA]\n  secret/hard-*:\n    permitted: [AC, TLE]\n    required: [TLE]\nmixed/both.py:\n  permitted: [AC, WA, TLE]\n  required: [WA]\n",
            ),
        ],
    );
    let p = Package::read(dir.path()).unwrap();
    let named = |n: &str| p.submissions.iter().find(|s| s.name == n).unwrap();
    use Verdict::*;
    let easy_wa = [("secret/easy-1".to_string(), WA)];
    // Its hard tests must still show their TLE.
    assert!(!named("mixed/groups.py").settled_by(&easy_wa));
    let easy_tle = [("secret/easy-1".to_string(), TLE)];
    assert!(
        !named("mixed/both.py").settled_by(&easy_tle),
        "WA still required"
    );
    assert!(named("mixed/both.py").settled_by(&easy_wa));
    // @EXPECTED_RESULTS@ judges the final verdict: the first rejection.
    let expected = named("rejected/expected.py");
    assert!(expected.expected_results.is_some());
    assert!(!expected.settled_by(&[("secret/easy-1".to_string(), AC)]));
    let first = expected.certain_violations(&easy_wa);
    assert!(
        first
            .iter()
            .any(|v| v.to_string().contains("@EXPECTED_RESULTS@")),
        "{first:?}"
    );
}

#[test]
fn generators_yaml_and_directory_validators_are_found() {
    let p = Package::read(&fixture("inversions")).unwrap();
    assert!(p.programs.generators_yaml.is_some());
    let v = &p.programs.input_validators[0];
    assert_eq!(v.name, "validate");
    assert!(v.path.is_dir());
    assert_eq!(v.kind, ProgramKind::Program);
}

#[test]
fn a_custom_output_validator_is_the_packages_own() {
    let p = Package::read(&fixture("pairsum")).unwrap();
    match &p.programs.output_validator {
        OutputValidator::Custom(program) => assert_eq!(program.name, "output_validator"),
        other => panic!("{other:?}"),
    }
}

fn write(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

#[test]
fn a_legacy_package_reads_its_flags_and_limits() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "problem.yaml",
                "name: old\nvalidation: default\nvalidator_flags: float_tolerance 1e-6\nlimits:\n  time_multiplier: 3\n  time_safety_margin: 2.5\n",
            ),
            (".timelimit", "2\n"),
            ("data/secret/testdata.yaml", "input_validator_flags: small\n"),
            ("data/secret/a.in", "1\n"),
            ("data/secret/a.ans", "1\n"),
            ("data/secret/big/b.in", "2\n"),
            ("data/secret/big/b.ans", "2\n"),
            ("data/secret/big/testdata.yaml", "input_validator_flags:\n  name: check\n  flags: large\n"),
            ("submissions/accepted/a.py", "print(input())\n"),
            ("submissions/other/x.c", "// @EXPECTED_RESULTS@: WRONG_ANSWER, TIMELIMIT\n"),
        ],
    );
    let p = Package::read(dir.path()).unwrap();
    assert_eq!(p.config.format, Format::Legacy);
    assert_eq!(p.config.time_limit, Some((2.0, ".timelimit".to_string())));
    assert_eq!(p.config.multipliers.ac_to_time_limit, 3.0);
    assert_eq!(p.config.multipliers.time_limit_to_tle, 2.5);
    assert_eq!(p.config.validator_flags, ["float_tolerance", "1e-6"]);
    assert_eq!(names(&p), ["secret/a", "secret/big/b"]);
    assert_eq!(
        p.data.tests[0].settings.input_validator_args,
        ValidatorArgs::Each(vec!["small".into()])
    );
    let big = &p.data.tests[1].settings.input_validator_args;
    assert_eq!(big.of("check"), ["large"]);
    assert!(big.of("other").is_empty());
    let other = &p.submissions[1];
    assert_eq!(
        other.expected_results,
        Some(BTreeSet::from([Verdict::WA, Verdict::TLE]))
    );
    assert!(other.must_fail());
    assert!(other.violations(&[("secret/a".into(), Verdict::AC)]).len() == 1);
    assert!(other
        .violations(&[("secret/a".into(), Verdict::TLE)])
        .is_empty());
}

#[test]
fn submissions_yaml_rules_and_test_groups_apply() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("problem.yaml", "problem_format_version: 2025-09\nlimits:\n  time_limit: 2\n"),
            ("data/secret/easy-1.in", "1\n"),
            ("data/secret/easy-1.ans", "1\n"),
            ("data/secret/hard-1.in", "2\n"),
            ("data/secret/hard-1.ans", "2\n"),
            ("data/secret/hard-1.yaml", "args: [fast]\noutput_validator_args: [case_sensitive]\n"),
            ("submissions/accepted/a.py", ""),
            ("submissions/mixed/easy_only.py", ""),
            (
                "submissions/submissions.yaml",
                "mixed/easy_only.py:\n  secret/easy-*:\n    permitted: [AC]\n  secret/hard-*:\n    permitted: [AC, TLE]\n    required: [TLE]\n",
            ),
        ],
    );
    let p = Package::read(dir.path()).unwrap();
    assert_eq!(p.config.time_limit, Some((2.0, "problem.yaml".to_string())));
    assert_eq!(p.data.tests[1].settings.args, ["fast"]);
    assert_eq!(
        p.data.tests[1].settings.output_validator_args,
        ["case_sensitive"]
    );
    let s = &p.submissions[1];
    assert_eq!(s.rules.len(), 2, "{:?}", s.rules);
    use Verdict::*;
    let ok = [
        ("secret/easy-1".to_string(), AC),
        ("secret/hard-1".to_string(), TLE),
    ];
    assert!(s.violations(&ok).is_empty(), "{:?}", s.violations(&ok));
    let bad = [
        ("secret/easy-1".to_string(), TLE),
        ("secret/hard-1".to_string(), TLE),
    ];
    assert_eq!(s.violations(&bad).len(), 1);
    assert!(s.bounds_below("secret/easy-1") && !s.bounds_below("secret/hard-1"));
    assert!(s.bounds_above());
}

#[test]
fn bad_files_are_issues_and_the_rest_is_read() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("problem.yaml", "problem_format_version: 2025-09\n"),
            ("data/secret/test_group.yaml", "args: [unclosed\n"),
            ("data/secret/a.in", "1\n"),
            (
                "submissions/submissions.yaml",
                "wrong_answer:\n  permitted: [AC, WA, MAYBE]\n",
            ),
            ("submissions/wrong_answer/w.py", ""),
        ],
    );
    let p = Package::read(dir.path()).unwrap();
    let text: Vec<String> = p.issues.iter().map(|i| i.to_string()).collect();
    let has = |what: &str| text.iter().any(|t| t.contains(what));
    assert!(has("data/secret/test_group.yaml"), "{text:?}");
    assert!(has("MAYBE"), "{text:?}");
    assert!(has("no accepted submission"), "{text:?}");
    assert!(has("has no .ans"), "{text:?}");
    assert_eq!(names(&p), ["secret/a"]);
    let not_a_package = tempfile::tempdir().unwrap();
    let error = Package::read(not_a_package.path()).unwrap_err().to_string();
    assert!(
        error.contains("neither problem.yaml nor problem.xml"),
        "{error}"
    );
    write(not_a_package.path(), &[("problem.yaml", "limits: [\n")]);
    let error = Package::read(not_a_package.path()).unwrap_err().to_string();
    assert!(error.contains("problem.yaml"), "{error}");
}

#[test]
fn a_group_without_test_group_yaml_takes_generators_yamls() {
    // BAPCtools' alternativeencryption commits `test_group.yaml:` only in
    // generators.yaml; `bt generate` writes data/test_group.yaml from it.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("data/secret")).unwrap();
    std::fs::create_dir_all(dir.join("generators")).unwrap();
    std::fs::write(
        dir.join("problem.yaml"),
        "problem_format_version: 2025-09\nname: x\n",
    )
    .unwrap();
    std::fs::write(dir.join("data/secret/1.in"), "1\n").unwrap();
    std::fs::write(dir.join("data/secret/1.ans"), "1\n").unwrap();
    std::fs::write(
        dir.join("generators/generators.yaml"),
        "data:\n  secret:\n    test_group.yaml:\n      output_validator_args: [case_sensitive]\n    data:\n      - in: \"1\"\n",
    )
    .unwrap();
    let package = jurybox_format::Package::read(dir).unwrap();
    let test = &package.data.tests[0];
    assert_eq!(test.settings.output_validator_args, ["case_sensitive"]);
    assert!(
        package
            .issues
            .iter()
            .any(|i| i.to_string().contains("generators.yaml")),
        "{:?}",
        package.issues
    );
    // A test_group.yaml of the package's own wins.
    std::fs::write(
        dir.join("data/secret/test_group.yaml"),
        "output_validator_args: [space_change_sensitive]\n",
    )
    .unwrap();
    let package = jurybox_format::Package::read(dir).unwrap();
    assert_eq!(
        package.data.tests[0].settings.output_validator_args,
        ["space_change_sensitive"]
    );
}

#[test]
fn a_package_that_asks_for_its_own_output_validator_and_has_none_is_an_error() {
    match Package::read(&fixture("custom-without-validator")) {
        Err(e @ PackageError::NoOutputValidator { .. }) => {
            let message = e.to_string();
            assert!(
                message.contains("custom-without-validator")
                    && message.contains("validation: custom")
                    && message.contains("no output validator"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\ntype: interactive\nname: guess\n",
            ),
            ("data/secret/a.in", "1\n"),
        ],
    );
    match Package::read(dir.path()) {
        Err(PackageError::NoOutputValidator { asked, .. }) => {
            assert_eq!(asked, "type: interactive")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn legacy_time_limit_files_are_read_as_bapctools_upgrades_them() {
    // `bt upgrade` (bapctools/upgrade.py) moves `.timelimit` into
    // limits.time_limit first, so it wins over domjudge-problem.ini, and
    // limits.time_multiplier / time_safety_margin become ac_to_time_limit /
    // time_limit_to_tle.
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("problem.yaml", "name: old\nlimits:\n  time_multiplier: 5\n"),
            (".timelimit", "1.5\n"),
            ("domjudge-problem.ini", "timelimit='3'\n"),
        ],
    );
    let p = Package::read(dir.path()).unwrap();
    assert_eq!(p.config.time_limit, Some((1.5, ".timelimit".to_string())));
    assert_eq!(p.config.multipliers.ac_to_time_limit, 5.0);
    // Not stated: the legacy format's own default, 2 (issue 45).
    assert_eq!(p.config.multipliers.time_limit_to_tle, 2.0);
    std::fs::remove_file(dir.path().join(".timelimit")).unwrap();
    let p = Package::read(dir.path()).unwrap();
    assert_eq!(
        p.config.time_limit,
        Some((3.0, "domjudge-problem.ini".to_string()))
    );
    // A .timelimit that is no number is said, not silently passed over.
    std::fs::write(dir.path().join(".timelimit"), "one second\n").unwrap();
    let p = Package::read(dir.path()).unwrap();
    assert_eq!(
        p.config.time_limit,
        Some((3.0, "domjudge-problem.ini".to_string()))
    );
    assert!(
        p.issues
            .iter()
            .any(|i| i.file == ".timelimit" && i.message.contains("one second")),
        "{:?}",
        p.issues
    );
}

/// Issue 45 item 0: who bounds the limit is the format's rule. Legacy
/// (problemtools): `accepted/` alone from below, the legacy defaults 5 and 2;
/// 2025-09: every directory that does not permit TLE. A stated limit off the
/// resolution is said once and kept as stated.
#[test]
fn each_format_says_which_submissions_bound_the_limit() {
    let files = |yaml: &'static str| {
        vec![
            ("problem.yaml", yaml),
            ("data/secret/a.in", "1\n"),
            ("data/secret/a.ans", "1\n"),
            ("submissions/accepted/a.py", "print(input())\n"),
            ("submissions/run_time_error/r.py", "raise SystemExit(1)\n"),
            ("submissions/wrong_answer/w.py", "print(0)\n"),
            ("submissions/time_limit_exceeded/t.py", "while True: pass\n"),
        ]
    };
    let below = |p: &Package| -> Vec<String> {
        p.submissions
            .iter()
            .filter(|s| s.bounds_below("secret/a"))
            .map(|s| s.name.clone())
            .collect()
    };
    let legacy_dir = tempfile::tempdir().unwrap();
    write(legacy_dir.path(), &files("name: old\n"));
    let legacy = Package::read(legacy_dir.path()).unwrap();
    assert_eq!(legacy.config.time_rule, TimeRule::Legacy);
    assert_eq!(below(&legacy), ["accepted/a.py"]);
    assert_eq!(legacy.config.multipliers.ac_to_time_limit, 5.0);
    assert_eq!(legacy.config.multipliers.time_limit_to_tle, 2.0);
    let above: Vec<&str> = legacy
        .submissions
        .iter()
        .filter(|s| s.bounds_above())
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(above, ["time_limit_exceeded/t.py"]);

    let new_dir = tempfile::tempdir().unwrap();
    write(
        new_dir.path(),
        &files("problem_format_version: 2025-09\nname: new\nlimits:\n  time_limit: 1.25\n  time_resolution: 0.5\n"),
    );
    let new = Package::read(new_dir.path()).unwrap();
    assert_eq!(new.config.time_rule, TimeRule::V2025);
    assert_eq!(
        below(&new),
        ["accepted/a.py", "run_time_error/r.py", "wrong_answer/w.py"]
    );
    assert_eq!(new.config.multipliers.ac_to_time_limit, 2.0);
    // Kept as stated, and said once.
    assert_eq!(new.config.time_limit, Some((1.25, "problem.yaml".into())));
    let said: Vec<String> = new
        .issues
        .iter()
        .map(|i| i.to_string())
        .filter(|i| i.contains("not a multiple of time_resolution"))
        .collect();
    assert_eq!(said.len(), 1, "{:?}", new.issues);
    assert!(said[0].contains("time_limit 1.25 is not a multiple of time_resolution 0.5"));
}

/// `input_format_validators/`, the legacy name problemtools still reads (a
/// warning) and testdata_tools' examples use, holds the input validators
/// when `input_validators/` is missing: without it a package's tests were
/// validated by nothing ("no input validator").
#[test]
fn the_older_input_format_validators_directory_is_read() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        &[
            ("problem.yaml", "name: old\n"),
            ("data/secret/a.in", "1\n"),
            ("data/secret/a.ans", "1\n"),
            (
                "input_format_validators/validator/validator.cpp",
                "int main() { return 42; }\n",
            ),
            ("submissions/accepted/a.py", "print(input())\n"),
        ],
    );
    let p = Package::read(dir.path()).unwrap();
    let names: Vec<&str> = p
        .programs
        .input_validators
        .iter()
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(names, ["validator"]);
}
