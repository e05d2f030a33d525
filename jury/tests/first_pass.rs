//! The matrix after the time limit takes the limit's parallel-pass runs of the
//! intended solutions instead of running them again (`FirstPass`): counted on a
//! shell program that logs every run it makes.

use jurybox_core::Verdict;
use jurybox_format::Package;
use jurybox_jury::{derive_keeping, run_matrix, run_matrix_with, BuiltPackage, Case, Jury, Limits};
use jurybox_languages::Built;
use jurybox_sandbox::StackLimit;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// A package of four tests whose answer is the input's number, and one
/// accepted submission (its file is a placeholder: the program is given built).
fn echo_package(dir: &Path) -> Package {
    std::fs::write(dir.join("problem.yaml"), "name: echo\n").unwrap();
    let secret = dir.join("data/secret");
    std::fs::create_dir_all(&secret).unwrap();
    for n in 1..=4 {
        std::fs::write(secret.join(format!("{n}.in")), format!("{n}\n")).unwrap();
        std::fs::write(secret.join(format!("{n}.ans")), format!("{n}\n")).unwrap();
    }
    let accepted = dir.join("submissions/accepted");
    std::fs::create_dir_all(&accepted).unwrap();
    std::fs::write(accepted.join("echo.sh"), "read n; echo $n\n").unwrap();
    Package::read(dir).unwrap()
}

fn runs_logged(log: &Path) -> usize {
    std::fs::read_to_string(log).map_or(0, |t| t.lines().count())
}

#[test]
fn the_matrix_after_the_limit_runs_no_intended_solution_again() {
    let dir = tempfile::tempdir().unwrap();
    let package = echo_package(dir.path());
    assert_eq!(package.submissions.len(), 1);
    let log = dir.path().join("runs.log");
    let script = format!("echo run >> '{}'; read n; echo $n", log.display());
    let built = BuiltPackage {
        submissions: vec![Ok(Built {
            name: "echo".into(),
            language: "sh".into(),
            argv: vec!["sh".into(), "-c".into(), script, "echo".into()],
            stack: StackLimit::Inherited,
        })],
        input_validators: Vec::new(),
        answer_validators: Vec::new(),
        output_validator: None,
        ..BuiltPackage::default()
    };
    let cancel = AtomicBool::new(false);
    let jury = Jury {
        package: &package,
        built: &built,
        cancel: &cancel,
        turn: jurybox_jury::Turn::default(),
    };
    let cases: Vec<Case> = package
        .data
        .tests
        .iter()
        .map(|t| Case::read(t).unwrap())
        .collect();
    assert_eq!(cases.len(), 4);
    let (limit, first) = derive_keeping(&jury, &cases, 1, 0.0).unwrap();
    let derived = runs_logged(&log);
    // Every test once in the parallel pass, the slowest again to settle it.
    assert!(derived > cases.len(), "{derived} runs");
    let limits = Limits::of(&package, limit.seconds);
    let after = run_matrix_with(&jury, &[0], &cases, &limits, 1, None, &first).unwrap();
    assert_eq!(
        runs_logged(&log),
        derived,
        "the matrix ran the program again"
    );
    let verdicts = |m: &jurybox_jury::Matrix| -> Vec<Verdict> {
        m.rows[0]
            .runs
            .iter()
            .map(|r| r.as_ref().unwrap().verdict)
            .collect()
    };
    assert_eq!(verdicts(&after), vec![Verdict::AC; 4]);
    assert_eq!(after.contradictions(), 0);
    // Without the first pass every test runs again, with the same verdicts.
    let again = run_matrix(&jury, &[0], &cases, &limits, 1).unwrap();
    assert_eq!(runs_logged(&log), derived + cases.len());
    assert_eq!(verdicts(&again), verdicts(&after));
}
