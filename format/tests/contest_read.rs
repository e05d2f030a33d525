//! Contests in their three layouts, built from the test packages: each problem
//! with its label and directory, and a problem that cannot be read a named
//! error while the others go on.

use jurybox_format::contest::{Contest, ContestLayout};
use jurybox_format::PackageError;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};

fn packages() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/packages")
        .canonicalize()
        .unwrap()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn labels(c: &Contest) -> Vec<(&str, &str, bool)> {
    c.problems
        .iter()
        .map(|p| (p.label.as_str(), p.id.as_str(), p.package.is_ok()))
        .collect()
}

#[test]
fn a_folder_of_problems_is_labelled_in_name_order_and_a_broken_one_is_named() {
    let dir = tempfile::tempdir().unwrap();
    symlink(packages().join("maxsum"), dir.path().join("a-maxsum")).unwrap();
    symlink(
        packages().join("polygon-aplusb"),
        dir.path().join("b-aplusb"),
    )
    .unwrap();
    write(
        &dir.path().join("c-broken/problem.yaml"),
        "name: [unclosed\n",
    );
    write(&dir.path().join("notes/README"), "not a problem");
    let c = Contest::read(dir.path()).unwrap();
    assert_eq!(c.layout, ContestLayout::Folder);
    assert_eq!(c.name, None);
    assert_eq!(
        labels(&c),
        [
            ("A", "a-maxsum", true),
            ("B", "b-aplusb", true),
            ("C", "c-broken", false)
        ]
    );
    let b = c.problems[1].package.as_ref().unwrap();
    assert!(b.polygon.is_some(), "a Polygon package in a folder contest");
    match &c.problems[2].package {
        Err(PackageError::Yaml { file, .. }) => assert!(file.ends_with("problem.yaml"), "{file}"),
        other => panic!("{other:?}"),
    }
    assert!(Contest::is_contest(dir.path()));
}

#[test]
fn a_bapctools_contest_takes_labels_colours_and_limits_from_problems_yaml() {
    let dir = tempfile::tempdir().unwrap();
    symlink(packages().join("maxsum"), dir.path().join("maxsum")).unwrap();
    symlink(packages().join("polygon-aplusb"), dir.path().join("aplusb")).unwrap();
    write(
        &dir.path().join("contest.yaml"),
        "name: Test Regional 2026\n",
    );
    write(
        &dir.path().join("problems.yaml"),
        "- id: maxsum\n  label: X\n  name: Maximum sum\n  rgb: '#ff0000'\n  time_limit: 2.0\n- id: missing\n  label: Y\n- id: aplusb\n  label: Z\n- label: W\n",
    );
    let c = Contest::read(dir.path()).unwrap();
    assert_eq!(c.layout, ContestLayout::Bapctools);
    assert_eq!(c.name.as_deref(), Some("Test Regional 2026"));
    assert_eq!(
        labels(&c),
        [
            ("X", "maxsum", true),
            ("Y", "missing", false),
            ("Z", "aplusb", true)
        ]
    );
    let x = &c.problems[0];
    assert_eq!(x.color.as_deref(), Some("#ff0000"));
    assert_eq!(x.time_limit, Some(2.0));
    assert_eq!(x.name.as_deref(), Some("Maximum sum"));
    match &c.problems[1].package {
        Err(PackageError::Layout { reason, .. }) => assert!(reason.contains("missing"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let issues: Vec<String> = c.issues.iter().map(|i| i.to_string()).collect();
    assert_eq!(
        issues,
        ["problems.yaml: entry 4: no id (the problem's directory): skipped"]
    );
}

#[test]
fn a_polygon_contest_finds_each_package_by_the_short_name_in_its_url() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("problems")).unwrap();
    symlink(
        packages().join("polygon-aplusb"),
        dir.path().join("problems/aplusb"),
    )
    .unwrap();
    write(
        &dir.path().join("contest.xml"),
        r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<contest>
    <names>
        <name language="russian" value="Тренировка"/>
        <name language="english" value="Warmup"/>
    </names>
    <problems>
        <problem index="A" url="https://polygon.example/p/jury/aplusb"/>
        <problem index="B" url="https://polygon.example/p/jury/not-here"/>
        <problem index="C"/>
    </problems>
</contest>
"#,
    );
    let c = Contest::read(dir.path()).unwrap();
    assert_eq!(c.layout, ContestLayout::Polygon);
    assert_eq!(c.name.as_deref(), Some("Warmup"));
    assert_eq!(
        labels(&c),
        [("A", "aplusb", true), ("B", "not-here", false)]
    );
    assert_eq!(c.problems[0].dir, dir.path().join("problems/aplusb"));
    assert_eq!(c.issues.len(), 1);
    assert!(c.issues[0].message.contains("problem C has no url or path"));
}

#[test]
fn what_is_no_contest_is_an_error() {
    let empty = tempfile::tempdir().unwrap();
    assert!(matches!(
        Contest::read(empty.path()),
        Err(PackageError::Layout { .. })
    ));
    assert!(!Contest::is_contest(empty.path()));
    let problem = packages().join("maxsum");
    assert!(Contest::read(&problem).is_err());
    assert!(!Contest::is_contest(&problem));
    let broken = tempfile::tempdir().unwrap();
    write(
        &broken.path().join("contest.xml"),
        "<contest><problems></contest>",
    );
    match Contest::read(broken.path()) {
        Err(PackageError::Xml { line, column, .. }) => {
            assert_eq!((line, column), (1, 20), "at </contest>")
        }
        other => panic!("{other:?}"),
    }
}
