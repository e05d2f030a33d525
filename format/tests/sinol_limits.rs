//! A sinol package's limits by group, by test and by language, read as
//! sinol-make reads them (`package_util._get_limit`): the language's
//! `override_limits` first, then the package's; in each the test's key,
//! then its group's, then the one limit (tests/packages/sinol-limits).

use crate::scoring::changed;
use jurybox_format::scoring::ScoringError;
use jurybox_format::{Package, PackageError};
use std::path::Path;

/// tests/packages/sinol-limits with the tests its ingen makes, and
/// `config.yml` edited by `edit`.
fn with_tests(edit: impl FnOnce(String) -> String) -> tempfile::TempDir {
    changed("sinol-limits", |d: &Path| {
        for (name, text) in [
            ("1a", "1 1\n"),
            ("1b", "1 2\n"),
            ("2a", "2 1\n"),
            ("2b", "2 2\n"),
        ] {
            std::fs::write(d.join(format!("in/lmt{name}.in")), text).unwrap();
        }
        let config = d.join("config.yml");
        let text = std::fs::read_to_string(&config).unwrap();
        std::fs::write(&config, edit(text)).unwrap();
    })
}

/// (time limit s, memory MiB) of each test by name, as judged.
fn limits(p: &Package) -> Vec<(String, Option<f64>, Option<u64>)> {
    let scoring = p.scoring.as_ref().unwrap();
    (0..p.data.tests.len())
        .map(|t| {
            (
                p.data.tests[t].name.clone(),
                scoring.time_limit_of(t),
                scoring.memory_mib_of(t),
            )
        })
        .collect()
}

#[test]
fn a_sinol_limit_of_a_test_beats_its_groups_which_beats_the_packages() {
    let tmp = with_tests(|t| t);
    let p = Package::read(tmp.path()).unwrap();
    assert_eq!(p.config.memory_mib, Some(16));
    assert_eq!(p.config.time_limit.as_ref().map(|t| t.0), Some(1.0));
    let own = |name: &str| {
        limits(&p)
            .into_iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, t, m)| (t, m))
            .unwrap()
    };
    assert_eq!(own("in/lmt0"), (None, None));
    assert_eq!(own("in/lmt1a"), (None, None));
    // override_limits' C++ entry, every solution's language: 1b alone.
    assert_eq!(own("in/lmt1b"), (None, Some(64)));
    // memory_limits' group 2 and time_limits' test 2a.
    assert_eq!(own("in/lmt2a"), (Some(0.1), Some(64)));
    assert_eq!(own("in/lmt2b"), (None, Some(64)));
}

#[test]
fn a_languages_one_limit_beats_the_packages_group_limit_as_in_sinol_make() {
    let tmp = with_tests(|t| {
        t.replace(
            "  cpp:\n    memory_limits:\n",
            "  cpp:\n    memory_limit: 20480\n    time_limit: 2000\n    memory_limits:\n",
        )
    });
    let p = Package::read(tmp.path()).unwrap();
    assert_eq!(p.config.memory_mib, Some(20));
    assert_eq!(p.config.time_limit.as_ref().map(|t| t.0), Some(2.0));
    let by_name: Vec<_> = limits(&p);
    // Group 2's 64 MiB and 2a's 100 ms are the package's: C++'s own
    // limits beat them; 1b's 64 MiB is C++'s too, and more specific.
    assert!(
        by_name.contains(&("in/lmt2a".into(), None, None)),
        "{by_name:?}"
    );
    assert!(
        by_name.contains(&("in/lmt1b".into(), None, Some(64))),
        "{by_name:?}"
    );
}

#[test]
fn a_single_tests_limit_under_the_oi_contest_is_refused_as_sinol_make_refuses_it() {
    let tmp = with_tests(|t| format!("sinol_contest_type: oi\n{t}"));
    match Package::read(tmp.path()) {
        Err(PackageError::Scoring(ScoringError::Invalid { reason, .. })) => {
            assert!(
                reason.contains("in/lmt1b.in has a limit of its own"),
                "{reason}"
            )
        }
        other => panic!(
            "expected the limit refused, got {:?}",
            other.map(|p| p.name)
        ),
    }
    let tmp = with_tests(|t| {
        format!("sinol_contest_type: oi\nsinol_undocumented_test_limits: true\n{t}")
    });
    let p = Package::read(tmp.path()).unwrap();
    assert!(limits(&p).contains(&("in/lmt2a".into(), Some(0.1), Some(64))));
}

/// Every entry of a limits map is read, not only those a test looks up: a
/// value that is no number, or a key naming no group and no test, is an
/// error naming it (it was passed by silently).
#[test]
fn a_limit_entry_no_test_looks_up_is_still_checked() {
    for (entry, said) in [
        ("  9: abc", "expected a positive number"),
        ("  9: 1000", "names no group (2) and no test (1a)"),
        ("  3c: 1000", "names no group (2) and no test (1a)"),
    ] {
        let tmp = with_tests(|t| {
            t.replacen("memory_limits:\n", &format!("memory_limits:\n{entry}\n"), 1)
        });
        let error = Package::read(tmp.path()).unwrap_err().to_string();
        assert!(
            error.contains("memory_limits") && error.contains(said),
            "{entry}: {error}"
        );
    }
}

/// Solutions of several languages (tests/packages/sinol-languages: C and
/// Python, `override_limits: py`): each judged under its own language's
/// limits, most specific first, the C ones under the package's; jurybox
/// used to apply none of them, saying so.
#[test]
fn solutions_of_several_languages_each_get_their_languages_limits() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/sinol-languages");
    let p = Package::read(&dir).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    assert_eq!(p.config.memory_mib, Some(16));
    assert_eq!(p.config.time_limit.as_ref().map(|t| t.0), Some(0.5));
    assert!(!p
        .issues
        .iter()
        .any(|i| i.to_string().contains("not applied")));
    let test = |name: &str| p.data.tests.iter().position(|t| t.name == name).unwrap();
    let of = |sub: &str, t: &str| {
        (
            scoring.time_limit_for(sub, test(t)),
            scoring.memory_mib_for(sub, test(t)),
        )
    };
    // Python: its group 2's 5 s, else the package's 500 ms; its 256 MiB.
    assert_eq!(of("prog/lng1.py", "in/lng1a"), (Some(0.5), Some(256)));
    assert_eq!(of("prog/lng1.py", "in/lng2a"), (Some(5.0), Some(256)));
    // C: the package's (no limit of the test's own).
    assert_eq!(of("prog/lng.c", "in/lng2a"), (None, None));
    assert_eq!(of("prog/lngs1.c", "in/lng1a"), (None, None));
    assert_eq!(
        scoring.submission_limits["prog/lng1.py"].origin,
        "override_limits: py"
    );
}

/// A new test (harden's, not written yet) of a group has the limits a test
/// of that group with no key of its own has, for each language: Python's
/// 5 s and 256 MiB in group 2 of tests/packages/sinol-languages, the
/// package's (none of its own) for C; and sinol-make's wall clock,
/// `ceil(2 × TL)` s, is the package's, read with it.
#[test]
fn a_new_test_of_a_group_gets_that_groups_limits_for_each_language() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/sinol-languages");
    let p = Package::read(&dir).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    let new = |sub: Option<&str>, group: Option<&str>| {
        let own = scoring.new_test_limits_in(sub, group);
        (own.time, own.memory_mib)
    };
    assert_eq!(new(Some("prog/lng1.py"), Some("2")), (Some(5.0), Some(256)));
    assert_eq!(new(Some("prog/lng1.py"), Some("1")), (Some(0.5), Some(256)));
    assert_eq!(new(Some("prog/lng1.py"), None), (Some(0.5), Some(256)));
    assert_eq!(new(Some("prog/lng.c"), Some("2")), (None, None));
    assert_eq!(new(None, Some("2")), (None, None));
    let wall = p.config.wall_limit.expect("sinol-make's wall clock");
    assert_eq!(
        (wall.seconds(0.5), wall.seconds(5.0), wall.seconds(1.2)),
        (1.0, 10.0, 3.0)
    );
}

/// A group's own memory and time limit are a new test's there
/// (tests/packages/sinol-limits: `memory_limits: {2: 65536}`); a single
/// test's (`2a: 100`) is not.
#[test]
fn a_new_test_of_a_group_gets_its_groups_memory_not_a_single_tests_limit() {
    let tmp = with_tests(|t| {
        t.replace(
            "time_limits:\n  2a: 100",
            "time_limits:\n  2a: 100\n  1: 3000",
        )
    });
    let p = Package::read(tmp.path()).unwrap();
    let scoring = p.scoring.as_ref().unwrap();
    let new = |group: &str| {
        let own = scoring.new_test_limits_in(Some("prog/lmt.cpp"), Some(group));
        (own.time, own.memory_mib)
    };
    assert_eq!(new("2"), (None, Some(64)));
    assert_eq!(new("1"), (Some(3.0), None));
}
