//! A contradiction says what the cell beside it says: the format crate's
//! violations and contradictions are worded with the word the row shows for
//! the very test they name (`Row::worded`, `Row::shown`), `MLE` for a run
//! over its memory limit in a sinol or Polygon package, `RTE` in a Kattis
//! one, and never another test's word (`in/lmt1a` beside `in/lmt1ab`).

use jurybox_core::Verdict;
use jurybox_format::scoring::{Breach, Contradiction};
use jurybox_format::{Package, Settings};
use jurybox_judging::verdict::RunVerdict;
use jurybox_jury::{Case, Row, Run};
use jurybox_sandbox::Termination;
use std::collections::BTreeSet;
use std::path::Path;

fn package(name: &str) -> Package {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/packages")
        .join(name);
    Package::read(&dir).unwrap()
}

fn case(name: &str) -> Case {
    Case {
        name: name.into(),
        input: Vec::new(),
        answer: Vec::new(),
        settings: Settings::default(),
    }
}

fn run(detail: RunVerdict) -> Run {
    Run {
        verdict: detail.judges().unwrap(),
        detail,
        points: 100.0,
        cpu: 0.01,
        wall: 0.01,
        stalled: false,
        starved: false,
    }
}

/// A row of `package`'s accepted submission on `in/lmt1a` then
/// `in/lmt1ab`, with these runs.
fn row(package: &Package, runs: [RunVerdict; 2]) -> Row {
    let submission = package
        .submissions
        .iter()
        .position(|s| s.is_accepted())
        .unwrap();
    Row {
        submission,
        name: package.submissions[submission].name.clone(),
        runs: runs.map(|r| Some(run(r))).into(),
        build_error: None,
        violations: Vec::new(),
        stopped_early: false,
    }
}

/// What the accepted submission's rules say of `row`, worded as it shows.
fn said(package: &Package, row: &Row, cases: &[Case]) -> Vec<String> {
    let submission = &package.submissions[row.submission];
    row.worded(package, cases, &submission.violations(&row.verdicts(cases)))
}

/// Group 1's grade, decided by test `t` with `verdict`.
fn grade(t: usize, verdict: Verdict) -> Contradiction {
    Contradiction {
        group: Some("1".into()),
        test: Some(t),
        breach: Breach::Grade {
            got: verdict,
            scored: 0.0,
            expected: BTreeSet::from([Verdict::AC]),
        },
        origin: "the expectation".into(),
    }
}

#[test]
fn a_contradiction_names_the_word_its_tests_cell_shows() {
    let cases = [case("in/lmt1a"), case("in/lmt1ab")];
    let crash = || RunVerdict::RuntimeError(Termination::Signal(11));
    let sinol = package("sinol-limits");
    assert!(sinol.sinol.is_some());
    // in/lmt1ab over its memory limit: MLE there, and only there.
    let ab_over = row(&sinol, [crash(), RunVerdict::MemoryLimit]);
    let first = &said(&sinol, &ab_over, &cases)[0];
    assert!(first.starts_with("RTE on in/lmt1a, but "), "{first}");
    let a_passes = row(&sinol, [RunVerdict::Accepted, RunVerdict::MemoryLimit]);
    let first = &said(&sinol, &a_passes, &cases)[0];
    assert!(first.starts_with("MLE on in/lmt1ab, but "), "{first}");
    // in/lmt1a over its limit, in/lmt1ab a crash.
    let a_over = row(&sinol, [RunVerdict::MemoryLimit, crash()]);
    let first = &said(&sinol, &a_over, &cases)[0];
    assert!(first.starts_with("MLE on in/lmt1a, but "), "{first}");
    // A group's grade: its deciding run's word, where that run gave it.
    assert!(grade(0, Verdict::RTE)
        .worded(|t, v| a_over.shown(&sinol, t, v))
        .starts_with("grade MLE (scored 0), expected AC"));
    assert!(grade(1, Verdict::RTE)
        .worded(|t, v| a_over.shown(&sinol, t, v))
        .starts_with("grade RTE (scored 0)"));
    assert!(
        grade(0, Verdict::TLE)
            .worded(|t, v| a_over.shown(&sinol, t, v))
            .starts_with("grade TLE (scored 0)"),
        "a grade the deciding run did not give keeps its own word"
    );
    // A Kattis package has no memory verdict: RTE, as its cell shows.
    let kattis = package("maxsum");
    assert!(kattis.sinol.is_none() && kattis.polygon.is_none());
    let a_over = row(&kattis, [RunVerdict::MemoryLimit, crash()]);
    let first = &said(&kattis, &a_over, &cases)[0];
    assert!(first.starts_with("RTE on in/lmt1a, but "), "{first}");
    assert!(grade(0, Verdict::RTE)
        .worded(|t, v| a_over.shown(&kattis, t, v))
        .starts_with("grade RTE (scored 0)"));
}
