//! Scoring read in each format (tests/packages/scoring-legacy, scoring-2025,
//! polygon-groups, sinol-sum: A plus B with a 30-point and a 70-point group)
//! and scored from verdicts given here. The expected scores are those of
//! the formats' own rules, worked by hand (and for scoring-legacy run by
//! problemtools' verifyproblem: docs/PERFORMANCE.md); a bad package is a
//! named error.

use jurybox_format::scoring::{ScoreRule, ScoredRun, ScoringError, SAMPLES};
use jurybox_format::{Package, PackageError, Verdict};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/packages")
        .join(name)
}

/// Outcomes where the tests named by `rejected` (a name's suffix) get their
/// verdict and every other test is accepted.
fn outcomes(p: &Package, rejected: &[(&str, Verdict)]) -> Vec<Option<ScoredRun>> {
    p.data
        .tests
        .iter()
        .map(|t| {
            let verdict = rejected
                .iter()
                .find(|(n, _)| t.name.ends_with(n))
                .map_or(Verdict::AC, |(_, v)| *v);
            Some(ScoredRun {
                verdict,
                fraction: f64::from(u8::from(verdict == Verdict::AC)),
            })
        })
        .collect()
}

/// Scores (total, each subtask's) of `p` under `rejected`.
fn scores(p: &Package, rejected: &[(&str, Verdict)]) -> (f64, Vec<(String, f64, Verdict)>) {
    let scoring = p.scoring.as_ref().expect("a scoring package");
    let score = scoring.score(&outcomes(p, rejected));
    let groups = scoring
        .subtasks()
        .iter()
        .map(|g| {
            let r = score.group(&g.name).unwrap();
            (g.name.clone(), r.score, r.verdict)
        })
        .collect();
    (score.total, groups)
}

/// Every test of `p` answered WA.
fn all_wrong(p: &Package) -> Vec<(&str, Verdict)> {
    let tests = p.data.tests.iter();
    tests.map(|t| (t.name.as_str(), Verdict::WA)).collect()
}

#[test]
fn a_legacy_testdata_tools_package_scores_as_its_default_grader() {
    let p = Package::read(&fixture("scoring-legacy")).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    let names: Vec<&str> = scoring.subtasks().iter().map(|g| g.name.as_str()).collect();
    assert_eq!(names, ["sample", "secret/group1", "secret/group2"]);
    assert_eq!(scoring.best, Some(100.0));
    assert_eq!(scores(&p, &[]).0, 100.0);
    // int32.c: WA on group2's first test; the group breaks there.
    let (total, groups) = scores(
        &p,
        &[("group2/01-max", Verdict::WA), ("02-mixed", Verdict::WA)],
    );
    assert_eq!(total, 30.0);
    assert_eq!(groups[2], ("secret/group2".into(), 0.0, Verdict::WA));
    // A sample failure costs nothing (ignore_sample, accept_score 0).
    assert_eq!(scores(&p, &[("sample/1", Verdict::WA)]).0, 100.0);
    // zero.c: nothing accepted in secret, overall WA.
    let score = scoring.score(&outcomes(&p, &all_wrong(&p)));
    assert_eq!((score.total, score.verdict), (0.0, Verdict::WA));
    // The expectations: accepted full, partially_accepted partial with grades.
    let int32 = scoring.expectation("partially_accepted/int32.c").unwrap();
    assert_eq!(int32.groups.len(), 2);
    assert_eq!(int32.groups[1].group, "secret/group2");
    let wrong = scoring.score(&outcomes(&p, &[("group1/02-at-max", Verdict::WA)]));
    let said = scoring.contradictions(int32, &wrong);
    assert!(
        said.iter()
            .any(|c| c.group.as_deref() == Some("secret/group1")
                && c.test.map(|t| p.data.tests[t].name.as_str())
                    == Some("secret/group1/02-at-max")),
        "{said:?}"
    );
}

#[test]
fn a_legacy_wrong_answer_submission_must_end_wa_overall_as_verifyproblem_checks() {
    // verifyproblem errs on testdata_tools' lampswitches: wrong_answer/
    // sl_heuristic.cpp earns group3, `accept_if_any_accepted` makes it AC (34).
    let p = Package::read(&fixture("scoring-legacy")).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    let zero = scoring.expectation("wrong_answer/zero.c").unwrap();
    assert_eq!(zero.score, Some(ScoreRule::Rejected(Verdict::WA)));
    let wrong = scoring.score(&outcomes(&p, &all_wrong(&p)));
    assert!(scoring.contradictions(zero, &wrong).is_empty());
    let accepted = scoring.score(&outcomes(&p, &[]));
    let said = scoring.contradictions(zero, &accepted);
    assert!(
        said.iter().any(|c| c.to_string().contains("expected WA")),
        "{said:?}"
    );
}

/// Issue 42 item 7: an overall verdict contradicted is said decided by the
/// test the verdict rests on, the first one rejected where the verdict is an
/// AC that `accept_if_any_accepted` made, and names no group: the first
/// group with a rejection here is `secret`, itself graded AC (it was named
/// before). The sample rejected first costs nothing and is passed over.
#[test]
fn an_overall_verdict_contradiction_is_decided_by_the_first_rejected_test_not_a_group() {
    let p = Package::read(&fixture("scoring-legacy")).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    let zero = scoring.expectation("wrong_answer/zero.c").unwrap();
    let name = |t: Option<usize>| t.map(|t| p.data.tests[t].name.clone());
    let earns_group1 = [
        ("sample/1", Verdict::WA),
        ("group2/02-mixed", Verdict::WA),
        ("group2/03-small", Verdict::TLE),
    ];
    let score = scoring.score(&outcomes(&p, &earns_group1));
    assert_eq!((score.total, score.verdict), (30.0, Verdict::AC));
    let said = scoring.contradictions(zero, &score);
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].group, None, "{said:?}");
    assert_eq!(
        name(said[0].test).as_deref(),
        Some("secret/group2/02-mixed")
    );
    assert!(said[0]
        .to_string()
        .starts_with("overall verdict AC (scored 30), expected WA"));
    // A rejection the root's grade rests on decides it: TLE where WA was expected.
    let tle = [
        ("group1/02-at-max", Verdict::TLE),
        ("group2/01-max", Verdict::WA),
    ];
    let said = scoring.contradictions(zero, &scoring.score(&outcomes(&p, &tle)));
    let said: Vec<_> = said
        .iter()
        .map(|c| (c.group.clone(), name(c.test)))
        .collect();
    assert_eq!(said, [(None, Some("secret/group1/02-at-max".to_string()))]);
}

#[test]
fn a_2025_package_scores_its_groups_with_min_pass_fail_and_require_pass() {
    let p = Package::read(&fixture("scoring-2025")).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    assert_eq!(scoring.unscored.len(), 1, "the sample scores nothing");
    assert_eq!(scores(&p, &[]).0, 100.0);
    assert_eq!(scores(&p, &[("group2/02-mixed", Verdict::TLE)]).0, 30.0);
    // group2 requires group1: a failure in group1 costs both.
    let (total, groups) = scores(&p, &[("group1/03-zero", Verdict::WA)]);
    assert_eq!(total, 0.0);
    assert_eq!(groups[1].2, Verdict::WA);
    let slow = scoring.expectation("partial/slow.c").unwrap();
    assert!(slow.score.is_some() && slow.groups.iter().any(|g| g.group == "secret/group1"));
    assert!(scoring.expectation("partial/int32.c").is_some());
}

/// `require_pass: sample` (a group's, or `secret`'s own) scores the group
/// only when every sample is accepted, as 2025-09 says; it was read and then
/// ignored. `secret` may require nothing else.
#[test]
fn a_2025_require_pass_on_the_samples_costs_the_group_a_failed_sample() {
    let on_group1 = changed("scoring-2025", |d| {
        let yaml = d.join("data/secret/group1/test_group.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        std::fs::write(&yaml, format!("{text}require_pass: sample\n")).unwrap();
    });
    let p = Package::read(on_group1.path()).unwrap();
    assert_eq!(scores(&p, &[]).0, 100.0);
    // group2 requires group1, which requires the sample: both are lost.
    let (total, groups) = scores(&p, &[("sample/1", Verdict::WA)]);
    assert_eq!(total, 0.0);
    assert_eq!(groups[0].2, Verdict::WA);
    let on_secret = changed("scoring-2025", |d| {
        let yaml = d.join("data/secret/test_group.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        std::fs::write(&yaml, format!("{text}require_pass: [sample]\n")).unwrap();
    });
    let p = Package::read(on_secret.path()).unwrap();
    assert_eq!(scores(&p, &[("sample/1", Verdict::WA)]).0, 0.0);
    let wrong = changed("scoring-2025", |d| {
        let yaml = d.join("data/secret/test_group.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        std::fs::write(&yaml, format!("{text}require_pass: secret/group1\n")).unwrap();
    });
    assert!(
        matches!(scoring_error(wrong.path()), ScoringError::Invalid { key, .. } if key == "require_pass")
    );
}

#[test]
fn polygon_groups_score_each_test_and_complete_group_with_dependencies() {
    let p = Package::read(&fixture("polygon-groups")).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    assert!(p.config.kind.scoring);
    assert_eq!(scoring.best, Some(100.0));
    assert_eq!(scores(&p, &[]).0, 100.0);
    // zero.c: 10 points of small's `0 0`; large depends on small: nothing.
    let (total, groups) = scores(
        &p,
        &[
            ("02", Verdict::WA),
            ("03", Verdict::WA),
            ("05", Verdict::WA),
            ("06", Verdict::WA),
            ("07", Verdict::WA),
        ],
    );
    assert_eq!(total, 10.0);
    assert_eq!(groups[2].1, 0.0);
    let int32 = scoring.expectation("solutions/int32.c").unwrap();
    assert_eq!(int32.groups.len(), 2);
}

#[test]
fn a_sinol_package_reads_its_tests_groups_and_expected_scores() {
    let p = Package::read(&fixture("sinol-sum")).unwrap();
    assert_eq!(p.sinol.as_ref().unwrap().task_id, "sum");
    assert_eq!(p.data.tests[0].name, "in/sum0");
    assert!(p.data.tests[0].sample);
    assert_eq!(p.config.time_limit.as_ref().map(|t| t.0), Some(1.0));
    let subs: Vec<&str> = p.submissions.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        subs,
        ["prog/sum.c", "prog/sum2.c", "prog/sums1.c", "prog/sumb1.c"]
    );
    assert!(p.submissions[0].is_accepted() && !p.submissions[1].is_accepted());
    let scoring = p.scoring.as_ref().unwrap();
    assert_eq!(scores(&p, &[("sum2b", Verdict::WA)]).0, 30.0);
    // sinol's group grade is the worst in its order: TLE before WA.
    let (_, groups) = scores(&p, &[("sum2a", Verdict::WA), ("sum2b", Verdict::TLE)]);
    assert_eq!(groups[1].2, Verdict::TLE);
    let e = scoring.expectation("prog/sums1.c").unwrap();
    let got = scoring.score(&outcomes(&p, &[("sum2a", Verdict::TLE)]));
    assert!(scoring.contradictions(e, &got).is_empty());
    let got = scoring.score(&outcomes(&p, &[("sum2a", Verdict::WA)]));
    let said = scoring.contradictions(e, &got);
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].group.as_deref(), Some("2"));
}

/// sinol-make states each solution's status on group 0 (the example, no
/// points; its `--apply-suggestions` writes it): it is read, not refused as a
/// group that does not exist, and checked against the samples.
#[test]
fn a_sinol_status_on_group_0_is_checked_against_the_samples() {
    let p = Package::read(&fixture("sinol-sum")).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    let bad = scoring.expectation("prog/sumb1.c").unwrap();
    let stated: Vec<&str> = bad.groups.iter().map(|g| g.group.as_str()).collect();
    assert_eq!(stated, [SAMPLES, "1", "2"]);
    // sumb1.c: stated WA everywhere, the example included.
    let wrong = [
        ("sum0", Verdict::WA),
        ("sum1a", Verdict::WA),
        ("sum2a", Verdict::WA),
    ];
    assert!(scoring
        .contradictions(bad, &scoring.score(&outcomes(&p, &wrong)))
        .is_empty());
    let example_passes = &wrong[1..];
    let said = scoring.contradictions(bad, &scoring.score(&outcomes(&p, example_passes)));
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].group.as_deref(), Some(SAMPLES));
    assert!(
        said[0].to_string().contains("sumb1.c group 0"),
        "{}",
        said[0]
    );
    // The model solution failing the example is a contradiction named by it.
    let model = scoring.expectation("prog/sum.c").unwrap();
    let got = scoring.score(&outcomes(&p, &[("sum0", Verdict::WA)]));
    let said = scoring.contradictions(model, &got);
    assert!(
        said.iter()
            .any(|c| c.group.as_deref() == Some(SAMPLES) && c.test == Some(0)),
        "{said:?}"
    );
}

/// A copy of `name` in a temporary directory, changed by `edit`.
pub(crate) fn changed(name: &str, edit: impl FnOnce(&Path)) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy(&fixture(name), tmp.path());
    edit(tmp.path());
    tmp
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

fn scoring_error(dir: &Path) -> ScoringError {
    match Package::read(dir) {
        Err(PackageError::Scoring(e)) => e,
        other => panic!(
            "expected a scoring error, got {:?}",
            other.map(|p| p.scoring)
        ),
    }
}

#[test]
fn points_that_do_not_add_up_are_an_error_in_every_format() {
    let legacy = changed("scoring-legacy", |d| {
        std::fs::write(
            d.join("data/secret/group2/testdata.yaml"),
            "on_reject: break\naccept_score: 60\nrange: 0 60\ngrader_flags: min\n",
        )
        .unwrap();
    });
    assert!(
        matches!(scoring_error(legacy.path()), ScoringError::PointsDoNotAddUp { sum, total, .. } if sum == 90.0 && total == 100.0)
    );
    let v2025 = changed("scoring-2025", |d| {
        std::fs::write(
            d.join("data/secret/group1/test_group.yaml"),
            "max_score: 20\n",
        )
        .unwrap();
    });
    assert!(matches!(
        scoring_error(v2025.path()),
        ScoringError::PointsDoNotAddUp { .. }
    ));
    let sinol = changed("sinol-sum", |d| {
        let text = std::fs::read_to_string(d.join("config.yml")).unwrap();
        std::fs::write(
            d.join("config.yml"),
            text.replace("title:", "sinol_total_score: 90\ntitle:"),
        )
        .unwrap();
    });
    assert!(matches!(
        scoring_error(sinol.path()),
        ScoringError::PointsDoNotAddUp { .. }
    ));
}

#[test]
fn an_expectation_naming_no_group_is_an_error() {
    let v2025 = changed("scoring-2025", |d| {
        let path = d.join("submissions/submissions.yaml");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(path, text.replace("secret/group1:", "secret/group9:")).unwrap();
    });
    assert!(
        matches!(scoring_error(v2025.path()), ScoringError::UnknownGroup { group, .. } if group == "secret/group9")
    );
    let legacy = changed("scoring-legacy", |d| {
        let path = d.join("submissions/partially_accepted/int32.c");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(path, text.replace("AC WA", "AC WA WA")).unwrap();
    });
    assert!(matches!(
        scoring_error(legacy.path()),
        ScoringError::UnknownGroup { .. }
    ));
    let sinol = changed("sinol-sum", |d| {
        let text = std::fs::read_to_string(d.join("config.yml")).unwrap();
        std::fs::write(
            d.join("config.yml"),
            text.replacen(
                "2: {points: 0, status: WA}",
                "7: {points: 0, status: WA}",
                1,
            ),
        )
        .unwrap();
    });
    assert!(
        matches!(scoring_error(sinol.path()), ScoringError::UnknownGroup { group, .. } if group == "7")
    );
    let polygon = changed("polygon-groups", |d| {
        let text = std::fs::read_to_string(d.join("problem.xml")).unwrap();
        std::fs::write(
            d.join("problem.xml"),
            text.replacen(
                "group=\"large\" tag=\"wrong-answer\"",
                "group=\"huge\" tag=\"wrong-answer\"",
                1,
            ),
        )
        .unwrap();
    });
    assert!(
        matches!(scoring_error(polygon.path()), ScoringError::UnknownGroup { group, .. } if group == "huge")
    );
}

/// A group's settings file that is not YAML is the error, named with its
/// line and column: read as stating nothing, it lost its `range`, and the
/// error blamed the sum in the file above it.
#[test]
fn a_group_settings_file_that_is_not_yaml_is_an_error_at_its_place() {
    let legacy = changed("scoring-legacy", |d| {
        std::fs::write(
            d.join("data/secret/group1/testdata.yaml"),
            "range: 0 30\ngrader_flags: [min\n",
        )
        .unwrap();
    });
    let error = scoring_error(legacy.path());
    let said = error.to_string();
    assert!(
        matches!(&error, ScoringError::Invalid { file, .. } if file == "data/secret/group1/testdata.yaml"),
        "{said}"
    );
    assert!(said.contains("line 3 column 1"), "{said}");
    let v2025 = changed("scoring-2025", |d| {
        let group = std::fs::read_dir(d.join("data/secret"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.join("test_group.yaml").is_file())
            .unwrap();
        std::fs::write(group.join("test_group.yaml"), "score: [1\n").unwrap();
    });
    assert!(matches!(
        scoring_error(v2025.path()),
        ScoringError::Invalid { key, .. } if key == "the whole file"
    ));
}

#[test]
fn a_test_in_no_group_is_an_error() {
    let v2025 = changed("scoring-2025", |d| {
        std::fs::write(d.join("data/secret/stray.in"), "1 1\n").unwrap();
        std::fs::write(d.join("data/secret/stray.ans"), "2\n").unwrap();
    });
    assert!(
        matches!(scoring_error(v2025.path()), ScoringError::TestInNoGroup { test, .. } if test == "secret/stray")
    );
    let polygon = changed("polygon-groups", |d| {
        let text = std::fs::read_to_string(d.join("problem.xml")).unwrap();
        std::fs::write(
            d.join("problem.xml"),
            text.replacen(
                "<test group=\"small\" method=\"manual\" points=\"10\"/>",
                "<test method=\"manual\" points=\"10\"/>",
                1,
            ),
        )
        .unwrap();
    });
    assert!(matches!(
        scoring_error(polygon.path()),
        ScoringError::TestInNoGroup { .. }
    ));
    let sinol = changed("sinol-sum", |d| {
        std::fs::write(d.join("in/sum3a.in"), "1 1\n").unwrap();
    });
    assert!(matches!(
        scoring_error(sinol.path()),
        ScoringError::TestInNoGroup { .. }
    ));
}

#[test]
fn a_sinol_test_name_naming_no_group_is_an_error() {
    let sinol = changed("sinol-sum", |d| {
        std::fs::write(d.join("in/sumextra.in"), "1 1\n").unwrap();
    });
    assert!(
        matches!(scoring_error(sinol.path()), ScoringError::TestNameNamesNoGroup { file, .. } if file == "in/sumextra.in")
    );
}

/// 2025-09: "Each group mentioned under `require_pass` must have `pass-fail`
/// aggregation"; a package that names a group of `sum` (or `min`) there is
/// an error naming the key and the group, not scored by a guess.
#[test]
fn a_2025_require_pass_naming_a_summed_group_is_an_error() {
    let summed = changed("scoring-2025", |d| {
        let yaml = d.join("data/secret/group1/test_group.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        std::fs::write(&yaml, format!("{text}score_aggregation: sum\n")).unwrap();
    });
    assert!(matches!(
        scoring_error(summed.path()),
        ScoringError::Invalid { key, reason, .. }
            if key == "require_pass" && reason.contains("'secret/group1' aggregates its tests by sum")
    ));
}
