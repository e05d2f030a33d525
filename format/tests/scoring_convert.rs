//! A scored package converted to every other format keeps its scoring: the
//! same subtasks (points, all-or-nothing or per test, dependencies), the same
//! score for every submission under the same verdicts (each test's verdict a
//! function of its input, so a test keeps it whatever its new name or
//! group), and each submission's expectation (grades per group, total) read
//! back from what the converted package states. Sources: the four small
//! scoring packages (A plus B, a 30-point and a 70-point group) in every
//! direction `convert` writes, and one round trip each. Scores here are the
//! format crate's own on both sides; that they are the judges' is
//! docs/PERFORMANCE.md's comparison with problemtools, which
//! `.ci/judge-tools` repeats on the converted packages.

use jurybox_format::convert::{sinol_to_kattis, to_sinol, Subtasks};
use jurybox_format::polygon::{from_kattis, to_kattis, KattisLayout, TestBytes};
use jurybox_format::scoring::{ScoredRun, SAMPLES};
use jurybox_format::{Package, Verdict};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/packages")
        .join(name)
}

fn bytes_of(p: &Package) -> Vec<TestBytes> {
    p.data
        .tests
        .iter()
        .map(|t| TestBytes {
            input: std::fs::read(&t.input).unwrap(),
            answer: std::fs::read(t.answer.as_ref().unwrap()).unwrap(),
        })
        .collect()
}

/// How a kind of A plus B solution fares on an input `a b`: the packages'
/// own four (sum, int32, slow, zero).
fn verdict(kind: &str, input: &[u8]) -> Verdict {
    let text = String::from_utf8_lossy(input);
    let v: Vec<i64> = text
        .split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect();
    let (a, b) = (v[0], v[1]);
    let ok = match kind {
        "sum" => true,
        "int32" => a + b <= i64::from(i32::MAX),
        "zero" => a + b == 0,
        "nosample" => (a, b) != (1, 2),
        _ => return if b > 1000 { Verdict::TLE } else { Verdict::AC },
    };
    match ok {
        true => Verdict::AC,
        false => Verdict::WA,
    }
}

/// `p`'s total and each subtask's score when a `kind` solution runs.
fn scores(p: &Package, kind: &str) -> (f64, Vec<f64>) {
    let scoring = p.scoring.as_ref().unwrap();
    let outcomes: Vec<Option<ScoredRun>> = p
        .data
        .tests
        .iter()
        .map(|t| {
            let v = verdict(kind, &std::fs::read(&t.input).unwrap());
            Some(ScoredRun {
                verdict: v,
                fraction: f64::from(u8::from(v == Verdict::AC)),
            })
        })
        .collect();
    let score = scoring.score(&outcomes);
    let subtasks = Subtasks::of(p, &mut Vec::new()).unwrap();
    let each = subtasks
        .groups
        .iter()
        .map(|g| score.group(&g.name).unwrap().score)
        .collect();
    (score.total, each)
}

/// A submission's source without the lines a conversion states it in.
fn body(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.contains("@EXPECTED_"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a format can state.
#[derive(Clone, Copy)]
struct States {
    /// A group's dependencies (the legacy layout links the tests in instead).
    dependencies: bool,
    /// A total score on its own, whatever the groups' grades (Kattis).
    totals: bool,
}

const KATTIS: States = States {
    dependencies: true,
    totals: true,
};
const LEGACY: States = States {
    dependencies: false,
    totals: true,
};
const BY_GROUPS: States = States {
    dependencies: true,
    totals: false,
};

/// `q`, converted from `p`, scores and expects as `p` does, as far as its
/// format `states`.
fn same_scoring(p: &Package, q: &Package, states: States, what: &str) {
    let (sp, sq) = (
        Subtasks::of(p, &mut Vec::new()).unwrap(),
        Subtasks::of(q, &mut Vec::new()).unwrap(),
    );
    let shape = |s: &Subtasks| -> Vec<(f64, bool, Vec<usize>, bool)> {
        s.groups
            .iter()
            .map(|g| match states.dependencies {
                true => (
                    g.points,
                    g.each_test,
                    g.requires.clone(),
                    g.requires_samples,
                ),
                false => (g.points, g.each_test, Vec::new(), false),
            })
            .collect()
    };
    assert_eq!(shape(&sq), shape(&sp), "{what}: subtasks");
    assert_eq!(sq.total, sp.total, "{what}: total");
    for kind in ["sum", "int32", "slow", "zero", "nosample"] {
        assert_eq!(scores(q, kind), scores(p, kind), "{what}: {kind}'s scores");
    }
    for e in &sp.expected {
        let source = &p
            .submissions
            .iter()
            .find(|s| s.name == e.submission)
            .unwrap()
            .path;
        let Some(back) = q.submissions.iter().find(|s| body(&s.path) == body(source)) else {
            panic!("{what}: {} is not in the converted package", e.submission);
        };
        let f = sq.expected_of(&back.name).unwrap();
        assert_eq!(f.grades, e.grades, "{what}: {}'s grades", e.submission);
        // sinol states a status on group 0, the examples: written where the
        // source knows it (Kattis: an accepted submission's AC; neither Kattis
        // layout states a partial one's grade on the samples, so a sinol round
        // trip keeps only the accepted ones').
        if let (true, Some(grade)) = (q.sinol.is_some() && p.sinol.is_none(), e.samples) {
            let stated = q.scoring.as_ref().and_then(|s| s.expectation(&back.name));
            let on_samples = stated.and_then(|s| s.groups.iter().find(|g| g.group == SAMPLES));
            let grades = on_samples.and_then(|g| g.grades.clone());
            assert_eq!(
                grades,
                Some([grade].into()),
                "{what}: {}'s group 0",
                e.submission
            );
        }
        let (got, want) = (f.exact_total(sq.total), e.exact_total(sp.total));
        let stated_by_groups = e.grades.iter().all(Option::is_some);
        if states.totals || stated_by_groups || got.is_some() {
            assert_eq!(got, want, "{what}: {}'s total", e.submission);
        }
    }
}

type Convert = fn(&Package, &[TestBytes], &Path) -> Vec<jurybox_format::Issue>;

fn converted(p: &Package, convert: Convert) -> (tempfile::TempDir, Package) {
    let out = tempfile::tempdir().unwrap();
    // A sinol package's task id is its directory's name.
    let dir = out.path().join("sum");
    convert(p, &bytes_of(p), &dir);
    let q = Package::read(&dir).unwrap();
    (out, q)
}

fn kattis_2025(p: &Package, t: &[TestBytes], out: &Path) -> Vec<jurybox_format::Issue> {
    match p.sinol.is_some() {
        true => sinol_to_kattis(p, t, out, KattisLayout::V2025).unwrap(),
        false => to_kattis(p, t, out, KattisLayout::V2025).unwrap(),
    }
}

fn kattis_legacy(p: &Package, t: &[TestBytes], out: &Path) -> Vec<jurybox_format::Issue> {
    match p.sinol.is_some() {
        true => sinol_to_kattis(p, t, out, KattisLayout::Legacy).unwrap(),
        false => to_kattis(p, t, out, KattisLayout::Legacy).unwrap(),
    }
}

fn polygon(p: &Package, t: &[TestBytes], out: &Path) -> Vec<jurybox_format::Issue> {
    from_kattis(p, t, out).unwrap()
}

fn sinol(p: &Package, t: &[TestBytes], out: &Path) -> Vec<jurybox_format::Issue> {
    to_sinol(p, t, out).unwrap()
}

/// `name` converted to both Kattis layouts scores as itself, and converted
/// `back` to its own format as well.
fn to_kattis_and_back(name: &str, back: Convert) -> Package {
    let p = Package::read(&fixture(name)).unwrap();
    // 2025-09's require_pass names only pass-fail groups: a dependency on a
    // group of per-test points is written as its tests linked in instead.
    let s = Subtasks::of(&p, &mut Vec::new()).unwrap();
    let links = s
        .groups
        .iter()
        .any(|g| g.requires.iter().any(|&r| s.groups[r].each_test));
    let v2025 = States {
        dependencies: !links,
        ..KATTIS
    };
    for (layout, to, states) in [
        ("2025-09", kattis_2025 as Convert, v2025),
        ("legacy", kattis_legacy, LEGACY),
    ] {
        let (_dir, q) = converted(&p, to);
        same_scoring(&p, &q, states, &format!("{name} to Kattis {layout}"));
        let (_back_dir, again) = converted(&q, back);
        let states = States {
            totals: false,
            ..states
        };
        let what = format!("{name} to Kattis {layout} and back");
        same_scoring(&p, &again, states, &what);
    }
    p
}

#[test]
fn polygon_groups_convert_to_kattis_test_groups_and_back() {
    let p = to_kattis_and_back("polygon-groups", polygon);
    // `large` (all or nothing) needs `small`, whose tests earn points each:
    // 2025-09's require_pass may name only pass-fail groups, so small's
    // tests are linked into large, and the round trip keeps the names.
    let (dir, q) = converted(&p, kattis_2025);
    let large = std::fs::read_to_string(dir.path().join("sum/data/secret/2-large/test_group.yaml"))
        .unwrap();
    assert!(!large.contains("require_pass"), "{large}");
    assert!(dir
        .path()
        .join("sum/data/secret/2-large/1-small-03.in")
        .is_file());
    let (_back_dir, back) = converted(&q, polygon);
    let names: Vec<String> = back
        .scoring
        .as_ref()
        .unwrap()
        .subtasks()
        .iter()
        .map(|g| g.name.clone())
        .collect();
    assert_eq!(names, ["samples", "small", "large"]);
}

/// Groups that depend on Polygon's group of the samples: 2025-09 says it
/// exactly (`require_pass: sample`) and a round trip to Polygon keeps it;
/// the legacy layout links the samples into an all-or-nothing group, and says
/// that it cannot for a group of per-test points, where a solution wrong on a
/// sample then keeps that group's points.
#[test]
fn a_dependency_on_the_samples_converts_where_the_format_can_say_it() {
    let p = Package::read(&fixture("polygon-sampledep")).unwrap();
    let subtasks = Subtasks::of(&p, &mut Vec::new()).unwrap();
    assert!(subtasks.groups.iter().all(|g| g.requires_samples));
    assert_eq!(scores(&p, "nosample"), (0.0, vec![0.0, 0.0, 0.0]));
    assert_eq!(scores(&p, "int32"), (60.0, vec![30.0, 30.0, 0.0]));
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("sum");
    let issues = to_kattis(&p, &bytes_of(&p), &dir, KattisLayout::V2025).unwrap();
    assert!(
        !issues.iter().any(|i| i.to_string().contains("requires")),
        "{issues:?}"
    );
    let large = std::fs::read_to_string(dir.join("data/secret/3-large/test_group.yaml")).unwrap();
    assert!(
        large.contains("require_pass:\n- sample\n- secret/1-small\n"),
        "{large}"
    );
    let q = Package::read(&dir).unwrap();
    same_scoring(&p, &q, KATTIS, "polygon-sampledep to Kattis 2025-09");
    let (_back_dir, back) = converted(&q, polygon);
    same_scoring(
        &p,
        &back,
        BY_GROUPS,
        "polygon-sampledep to 2025-09 and back",
    );
    let legacy = out.path().join("legacy");
    let issues = to_kattis(&p, &bytes_of(&p), &legacy, KattisLayout::Legacy).unwrap();
    let said: Vec<String> = issues.iter().map(|i| i.to_string()).collect();
    assert!(
        said.iter().any(|i| i.contains("data/secret/2-medium")
            && i.contains("requires the samples")
            && i.contains("not converted")),
        "{said:?}"
    );
    assert!(legacy.join("data/secret/1-small/sample-01.in").is_file());
    assert!(legacy.join("data/secret/3-large/sample-02.in").is_file());
    let q = Package::read(&legacy).unwrap();
    assert_eq!(scores(&q, "nosample"), (30.0, vec![0.0, 30.0, 0.0]));
    assert_eq!(scores(&q, "int32"), (60.0, vec![30.0, 30.0, 0.0]));
}

#[test]
fn kattis_scoring_packages_convert_to_polygon_and_sinol() {
    for name in ["scoring-legacy", "scoring-2025"] {
        let p = Package::read(&fixture(name)).unwrap();
        for (to_name, to) in [("Polygon", polygon as Convert), ("sinol", sinol)] {
            let (_dir, q) = converted(&p, to);
            let states = match name {
                "scoring-legacy" => States {
                    dependencies: false,
                    ..BY_GROUPS
                },
                _ => BY_GROUPS,
            };
            same_scoring(&p, &q, states, &format!("{name} to {to_name}"));
        }
    }
}

#[test]
fn sinol_converts_to_kattis_and_back() {
    to_kattis_and_back("sinol-sum", sinol);
}

/// Builds a converted package's validator wrapper with g++ (`None`, saying
/// so, without it).
fn built(source: &Path) -> Option<PathBuf> {
    let binary = source.with_extension("bin");
    let status = Command::new("g++")
        .args(["-O2", "-std=gnu++17", "-o"])
        .arg(&binary)
        .arg(source)
        .status();
    match status {
        Ok(s) if s.success() => Some(binary),
        _ => {
            crate::tools::skip(&format!("g++ did not build {}", source.display()));
            None
        }
    }
}

fn valid(binary: &Path, args: &[&str], input: &[u8]) -> bool {
    use std::io::Write;
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait().unwrap().success()
}

/// The Kattis validator (exit 42, told `max=100` in group1) wrapped as a
/// Polygon validator told `--group NAME` and as sinol's inwer told the test's
/// name: each gets its group's bound.
#[test]
fn a_wrapped_kattis_validator_gets_its_groups_arguments() {
    let p = Package::read(&fixture("scoring-legacy")).unwrap();
    let (dir, _) = converted(&p, polygon);
    if let Some(v) = built(&dir.path().join("sum/files/validate.cpp")) {
        let group = |g| ["--testset", "tests", "--group", g];
        assert!(valid(&v, &group("group1"), b"100 7\n"));
        assert!(!valid(&v, &group("group1"), b"101 7\n"));
        assert!(valid(&v, &group("group2"), b"101 7\n"));
        assert!(!valid(&v, &group("group2"), b"101 x\n"));
    }
    let (dir, _) = converted(&p, sinol);
    if let Some(v) = built(&dir.path().join("sum/prog/suminwer.cpp")) {
        assert!(valid(&v, &["sum1c.in"], b"100 7\n"));
        assert!(!valid(&v, &["sum1c.in"], b"101 7\n"));
        assert!(valid(&v, &["sum2a.in"], b"101 7\n"));
        assert!(valid(&v, &["sum0.in"], b"5 7\n"));
    }
}

/// Issue 42: `sinol-make run` on a converted package stops on a solution of
/// prog/ config.yml says nothing of ("Solutions were added") and on a group
/// it ran that a solution's expectation leaves out ("Groups were added: 0").
/// The conversion makes up neither: the accepted solution's examples are OK
/// (it passes every test), a partial one's are not stated (no Kattis layout
/// states them), so sinol-make still asks for them, which the conversion
/// says with the command that has sinol-make measure group 0 alone (what
/// `convert --no-run` writes; without it `convert` measures group 0 itself,
/// `to_sinol_with`); the submission nothing is stated of goes to
/// prog/other/, where sinol-make does not run it and jurybox runs it
/// unchecked.
#[test]
fn a_sinol_conversion_states_no_group_the_source_does_not() {
    let p = Package::read(&fixture("scoring-legacy")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("sum");
    let issues = sinol(&p, &bytes_of(&p), &dir);
    let config = std::fs::read_to_string(dir.join("config.yml")).unwrap();
    let doc: yaml_serde::Value = yaml_serde::from_str(&config).unwrap();
    let expected = &doc["sinol_expected_scores"];
    let groups = |file: &str| -> Vec<u64> {
        let map = expected[file]["expected"].as_mapping().unwrap();
        map.keys().map(|k| k.as_u64().unwrap()).collect()
    };
    assert_eq!(groups("sum.c"), [0, 1, 2], "{config}");
    assert_eq!(
        expected["sum.c"]["expected"][0]["status"].as_str(),
        Some("OK")
    );
    assert_eq!(groups("sumb1.c"), [1, 2], "{config}");
    assert_eq!(groups("sums1.c"), [1, 2], "{config}");
    // The total is known: the examples score nothing.
    assert_eq!(expected["sums1.c"]["points"].as_u64(), Some(30), "{config}");
    assert_eq!(expected.as_mapping().unwrap().len(), 3, "{config}");
    assert!(dir.join("prog/other/wrong_answer-zero.c").is_file());
    let said: Vec<String> = issues.iter().map(|i| i.to_string()).collect();
    assert!(
        said.iter()
            .any(|i| i.contains("partially_accepted/int32.c") && i.contains("Groups were added: 0")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|i| i.contains("wrong_answer/zero.c") && i.contains("sinol-make does not run it")),
        "{said:?}"
    );
    // How the jury has sinol-make measure group 0 alone (worth 0 points):
    // said in the output and in config.yml, the stated groups left as they
    // are (sinol-make 1.9.16 then says "Expected scores are correct!").
    let command = "sinol-make run --tests in/sum0.in --apply-suggestions";
    assert!(
        said.iter()
            .any(|i| i.contains("partially_accepted/slow.c") && i.contains(command)),
        "{said:?}"
    );
    assert!(
        config.contains(command) && config.contains("prog/sumb1.c, prog/sums1.c"),
        "{config}"
    );
    // jurybox reads it back with zero.c, unchecked.
    let q = Package::read(&dir).unwrap();
    let zero = q
        .submissions
        .iter()
        .find(|s| s.name == "prog/other/wrong_answer-zero.c")
        .unwrap();
    assert!(zero.rules.is_empty());
    let stated = q.scoring.as_ref().unwrap();
    assert!(stated
        .expectation("prog/other/wrong_answer-zero.c")
        .is_none());
}

/// Group 0 measured by the caller (`jurybox convert`, which runs each
/// solution on the examples as sinol-make does): the status given is
/// written first in the solution's expected scores, with 0 points, and
/// config.yml says who measured it and how; a solution the caller could
/// not measure (it did not build) keeps the sinol-make command, and the
/// reason is said. Nothing the caller did not give is written.
#[test]
fn a_sinol_conversion_writes_the_examples_status_it_is_given() {
    use jurybox_format::convert::{to_sinol_with, Examples, SinolStatus};
    let p = Package::read(&fixture("scoring-legacy")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("sum");
    let examples = Examples {
        measured_by: "judge sinol-make: C gcc -O3; time limit 1000 ms".into(),
        statuses: [
            ("sumb1.c".to_string(), Ok(SinolStatus::WA)),
            (
                "sums1.c".to_string(),
                Err("it did not build: no gcc".to_string()),
            ),
        ]
        .into_iter()
        .collect(),
    };
    let converted = to_sinol_with(&p, &bytes_of(&p), &dir, Some(&examples)).unwrap();
    assert_eq!(
        converted.examples_measured,
        [("sumb1.c".to_string(), SinolStatus::WA)]
    );
    assert_eq!(converted.examples_unstated, ["sums1.c"]);
    let config = std::fs::read_to_string(dir.join("config.yml")).unwrap();
    let doc: yaml_serde::Value = yaml_serde::from_str(&config).unwrap();
    let expected = &doc["sinol_expected_scores"];
    let groups = |file: &str| -> Vec<u64> {
        let map = expected[file]["expected"].as_mapping().unwrap();
        map.keys().map(|k| k.as_u64().unwrap()).collect()
    };
    assert_eq!(groups("sumb1.c"), [0, 1, 2], "{config}");
    assert_eq!(
        expected["sumb1.c"]["expected"][0]["status"].as_str(),
        Some("WA")
    );
    assert_eq!(
        expected["sumb1.c"]["expected"][0]["points"].as_u64(),
        Some(0)
    );
    assert_eq!(expected["sumb1.c"]["points"].as_u64(), Some(30), "{config}");
    assert_eq!(groups("sums1.c"), [1, 2], "{config}");
    assert!(
        config.contains("prog/sumb1.c (WA): measured by jurybox")
            && config.contains("#   judge sinol-make: C gcc -O3;\n#   time limit 1000 ms"),
        "{config}"
    );
    let command = "sinol-make run --tests in/sum0.in --apply-suggestions";
    assert!(
        config.contains("# prog/sums1.c there and jurybox could not measure it")
            && config.contains(command),
        "{config}"
    );
    let said: Vec<String> = converted.issues.iter().map(|i| i.to_string()).collect();
    assert!(
        said.iter()
            .any(|i| i.contains("partially_accepted/slow.c") && i.contains("no gcc")),
        "{said:?}"
    );
    assert!(
        !said
            .iter()
            .any(|i| i.contains("partially_accepted/int32.c") && i.contains("Groups were added")),
        "{said:?}"
    );
    // jurybox reads the status back as the expectation it checks.
    let q = Package::read(&dir).unwrap();
    assert!(q
        .scoring
        .as_ref()
        .unwrap()
        .expectation("prog/sumb1.c")
        .is_some());
}
