//! Packages judged as their judge judges (`tests/packages/deep-recursion`,
//! `python-interpreter`, `checktestdata`): the judge's stack, its Python
//! interpreter and checktestdata validators, each against the host's settings,
//! which judged them wrongly before profiles. A tool this machine lacks is a
//! named skip, never a pass.

use jurybox_format::Package;
use jurybox_judging::verdict::RunVerdict;
use jurybox_jury::{
    build_package, build_package_as, judge_of, BuiltPackage, Case, ChosenJudge, Jury, Limits, Run,
};
use jurybox_languages::Judge;
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn package(name: &str) -> Package {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/packages")
        .join(name);
    Package::read(&dir).unwrap()
}

fn as_judge(judge: Judge) -> ChosenJudge {
    ChosenJudge {
        judge,
        because: "the test".into(),
    }
}

/// Every run of submission `name` on every test, under a generous 2 s limit
/// (a limit to stop runs, not a figure the test checks).
fn runs(package: &Package, built: &BuiltPackage, name: &str) -> Vec<(String, Run)> {
    let i = package
        .submissions
        .iter()
        .position(|s| s.name == name)
        .unwrap();
    let program = built.submissions[i].as_ref().unwrap();
    let cancel = AtomicBool::new(false);
    let jury = Jury {
        package,
        built,
        cancel: &cancel,
        turn: jurybox_jury::Turn::default(),
    };
    let limits = Limits::of(package, 2.0);
    package
        .data
        .tests
        .iter()
        .map(|t| {
            let case = Case::read(t).unwrap();
            (t.name.clone(), jury.run(program, &case, &limits).unwrap())
        })
        .collect()
}

#[test]
fn a_deep_recursion_is_accepted_with_the_judges_stack_and_the_memory_limit_still_holds() {
    let package = package("deep-recursion");
    let kattis = build_package(&package, 2, &AtomicBool::new(false));
    assert_eq!(kattis.judging.judge, Judge::Kattis, "a 2025-09 package");
    assert!(
        kattis
            .judge_line(&package)
            .contains("stack as large as the memory limit (256 MiB)"),
        "{}",
        kattis.judge_line(&package)
    );
    for (test, run) in runs(&package, &kattis, "accepted/memoised.cpp") {
        assert_eq!(run.detail, RunVerdict::Accepted, "{test}");
    }
    for (test, run) in runs(&package, &kattis, "run_time_error/no_base_case.cpp") {
        assert_eq!(run.detail, RunVerdict::MemoryLimit, "{test}");
    }
    // The host's 8 MiB stack: what jurybox judged before it knew judges.
    let host = build_package_as(&package, as_judge(Judge::Host), 2, &AtomicBool::new(false));
    let deep: Vec<_> = runs(&package, &host, "accepted/memoised.cpp")
        .into_iter()
        .filter(|(test, _)| test == "secret/2-deep")
        .collect();
    assert!(
        matches!(deep[0].1.detail, RunVerdict::RuntimeError(_)),
        "{:?}",
        deep[0].1
    );
}

#[test]
fn kattis_runs_python_3_with_pypy_and_codeforces_with_cpython() {
    let package = package("python-interpreter");
    let kattis = build_package(&package, 2, &AtomicBool::new(false));
    assert!(
        kattis.judge_line(&package).contains("Python 3 pypy3"),
        "{}",
        kattis.judge_line(&package)
    );
    match &kattis.submissions[0] {
        Ok(_) => {
            for (test, run) in runs(&package, &kattis, "accepted/implementation.py") {
                assert_eq!(run.detail, RunVerdict::Accepted, "{test}");
            }
        }
        Err(skipped) => {
            assert!(
                skipped.contains("pypy3")
                    && skipped.contains("Kattis")
                    && skipped.ends_with("skipped"),
                "a missing interpreter is a named skip: {skipped}"
            );
            crate::tools::skip(&format!("running under PyPy: {skipped}"));
        }
    }
    let codeforces = build_package_as(
        &package,
        as_judge(Judge::Codeforces),
        2,
        &AtomicBool::new(false),
    );
    for (test, run) in runs(&package, &codeforces, "accepted/implementation.py") {
        assert!(
            matches!(&run.detail, RunVerdict::WrongAnswer(why) if why.contains("cpython")),
            "{test}: {:?}",
            run.detail
        );
    }
}

#[test]
fn checktestdata_validators_run_on_their_protocol_or_are_said_not_to() {
    let package = package("checktestdata");
    let built = build_package(&package, 2, &AtomicBool::new(false));
    let line = built.validators_line();
    let cancel = AtomicBool::new(false);
    let jury = Jury {
        package: &package,
        built: &built,
        cancel: &cancel,
        turn: jurybox_jury::Turn::default(),
    };
    let limits = Limits::of(&package, 2.0).jury;
    match &built.input_validators[0].1 {
        Ok(_) => {
            assert_eq!(line, "input validators: 1 of 1 ready (validate)");
            for test in &package.data.tests {
                let case = Case::read(test).unwrap();
                assert_eq!(
                    jury.validate_input(&case.input, &case.settings, &limits),
                    Ok(None),
                    "{}",
                    test.name
                );
            }
            let settings = &package.data.tests[0].settings;
            for bad in ["0\n", "1\n1000001\n", "2\n1\n"] {
                let verdict = jury.validate_input(bad.as_bytes(), settings, &limits);
                assert!(matches!(verdict, Ok(Some(_))), "{bad:?}: {verdict:?}");
            }
        }
        Err(why) => {
            assert!(
                line.contains("validate did not run, so no input counts as validated")
                    && why.contains("checktestdata"),
                "{line}"
            );
            crate::tools::skip(&format!("running checktestdata: {why}"));
        }
    }
}

#[test]
fn a_package_without_input_validators_says_so_in_one_line() {
    let package = package("python-interpreter");
    let built = build_package(&package, 2, &AtomicBool::new(false));
    assert_eq!(
        built.validators_line(),
        "input validators: none: the package has no input validator, so no test input is checked"
    );
    assert!(
        !package
            .issues
            .iter()
            .any(|i| i.file.starts_with("input_validators")),
        "said once, in the header: {:?}",
        package.issues
    );
}

#[test]
fn the_judge_is_the_one_the_package_was_prepared_for() {
    assert_eq!(judge_of(&package("maxsum")).judge, Judge::Kattis);
    assert_eq!(
        judge_of(&package("polygon-aplusb")).judge,
        Judge::Codeforces
    );
    let inversions = judge_of(&package("inversions"));
    assert_eq!(inversions.judge, Judge::Bapctools);
    assert_eq!(inversions.because, "its generators/generators.yaml");
    let contest = tempfile::tempdir().unwrap();
    let dir = contest.path().join("a");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("problem.yaml"), "name: a\n").unwrap();
    let read = |dir: &Path| judge_of(&Package::read(dir).unwrap()).judge;
    assert_eq!(read(&dir), Judge::Kattis);
    std::fs::write(contest.path().join("problems.yaml"), "- id: a\n").unwrap();
    assert_eq!(
        read(&dir),
        Judge::Bapctools,
        "a BAPCtools contest around it"
    );
    std::fs::remove_file(contest.path().join("problems.yaml")).unwrap();
    std::fs::write(dir.join(".timelimit"), "2\n").unwrap();
    assert_eq!(read(&dir), Judge::Bapctools);
    std::fs::write(dir.join("domjudge-problem.ini"), "timelimit='2'\n").unwrap();
    assert_eq!(read(&dir), Judge::Domjudge);
}
