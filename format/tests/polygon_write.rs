//! A found test written back into a Polygon package: problem.xml gains exactly
//! the new `<test>` and a raised count, the scripts the lines that make the
//! test and its answer, the files land where the package keeps them, and the
//! package still reads, in jurybox and in p2d.

use crate::p2d;
use crate::polygon_read::aplusb;
use jurybox_format::polygon::{add_test, FoundTest, TestSource, WriteError};
use jurybox_format::Package;
use std::path::Path;

/// A copy of `from` in a new temporary directory.
fn copy_of(from: &Path) -> tempfile::TempDir {
    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let path = entry.unwrap().path();
            let target = to.join(path.file_name().unwrap());
            if path.is_dir() {
                copy(&path, &target);
            } else {
                std::fs::copy(&path, &target).unwrap();
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    copy(from, dir.path());
    dir
}

fn text(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap()
}

/// Writes the edit with a temporary file renamed over the target, as the
/// jury's atomic writer does.
fn apply(dir: &Path, test: &FoundTest) -> usize {
    let edit = add_test(dir, test).unwrap();
    edit.write(dir, |path, bytes| {
        let tmp = path.with_extension("jurybox-tmp");
        std::fs::write(&tmp, bytes)?;
        std::fs::rename(&tmp, path)
    })
    .unwrap();
    edit.index
}

#[test]
fn a_generated_test_adds_one_element_and_the_lines_that_make_it() {
    let dir = copy_of(&aplusb());
    let (xml, doall, wipe) = (
        text(dir.path(), "problem.xml"),
        text(dir.path(), "doall.sh"),
        text(dir.path(), "wipe.sh"),
    );
    let index = apply(
        dir.path(),
        &FoundTest {
            input: b"-7 9\n".to_vec(),
            answer: Some(b"2\n".to_vec()),
            cmd: Some("gen 9 17".into()),
            group: Some("small".into()),
            ..FoundTest::default()
        },
    );
    assert_eq!(index, 9);
    let expected_xml = xml.replace("<test-count>8</test-count>", "<test-count>9</test-count>").replace(
        "                <test cmd=\"multigen 3\" from-file=\"3\" group=\"small\" method=\"generated\"/>\n",
        "                <test cmd=\"multigen 3\" from-file=\"3\" group=\"small\" method=\"generated\"/>\n                <test cmd=\"gen 9 17\" group=\"small\" method=\"generated\"/>\n",
    );
    assert_eq!(text(dir.path(), "problem.xml"), expected_xml);
    let expected_doall = doall
        .replace(
            "\"1:2:3\"\necho \"\"\n",
            "\"1:2:3\"\necho \"\"\necho \"Generating test #9\"\nscripts/gen-input-via-stdout.sh \"files/gen 9 17\" \"tests/09\" 9\n",
        )
        + "echo \"Generating answer for test #9\"\nscripts/gen-answer.sh tests/09 tests/09.a \"tests\" \"small\"\necho \"\"\n";
    assert_eq!(text(dir.path(), "doall.sh"), expected_doall);
    assert_eq!(
        text(dir.path(), "wipe.sh"),
        wipe + "rm -f tests/09\nrm -f tests/09.a\n"
    );
    assert!(
        !dir.path().join("tests/09").exists() && !dir.path().join("tests/09.a").exists(),
        "a standard package ships no generated test and no answer"
    );
    let p = Package::read(dir.path()).unwrap();
    let set = p.polygon.as_ref().unwrap().judged().unwrap().clone();
    assert_eq!(set.tests.len(), 9);
    assert_eq!(
        set.tests[8].source,
        TestSource::Generated {
            cmd: "gen 9 17".into(),
            from_file: None
        }
    );
    assert_eq!(set.generator_calls().len(), 4);
    if let Some(view) = p2d::read(&dir.path().join("problem.xml")) {
        assert_eq!(view.tests.len(), 9);
        assert_eq!(
            view.tests[8],
            ("generated".to_string(), "gen 9 17".to_string(), false)
        );
        assert_eq!(view.limits, (1.0, 256));
    }
}

#[test]
fn a_manual_test_ships_its_input_and_only_the_answer_line() {
    let dir = copy_of(&aplusb());
    let doall = text(dir.path(), "doall.sh");
    let index = apply(
        dir.path(),
        &FoundTest {
            input: b"0 0\n".to_vec(),
            answer: Some(b"0\n".to_vec()),
            group: Some("small".into()),
            description: Some("zero & zero".into()),
            ..FoundTest::default()
        },
    );
    assert_eq!(
        std::fs::read(dir.path().join("tests/09")).unwrap(),
        b"0 0\n"
    );
    assert!(!dir.path().join("tests/09.a").exists());
    assert_eq!(
        text(dir.path(), "doall.sh"),
        doall + "echo \"Generating answer for test #9\"\nscripts/gen-answer.sh tests/09 tests/09.a \"tests\" \"small\"\necho \"\"\n"
    );
    assert!(text(dir.path(), "problem.xml")
        .contains("<test description=\"zero &amp; zero\" group=\"small\" method=\"manual\"/>"));
    let p = Package::read(dir.path()).unwrap();
    let last = p.data.tests.last().unwrap();
    assert_eq!(last.name, format!("tests/{index:02}"));
    assert!(last.input.is_file());
    if let Some(view) = p2d::read(&dir.path().join("problem.xml")) {
        assert_eq!(view.tests.len(), 9);
        assert_eq!(view.tests[8].0, "manual");
    }
}

#[test]
fn a_full_package_gets_the_generated_input_and_the_answer_too() {
    let dir = copy_of(&aplusb());
    for i in 1..=8 {
        std::fs::write(dir.path().join(format!("tests/{i:02}")), "1 1\n").unwrap();
        std::fs::write(dir.path().join(format!("tests/{i:02}.a")), "2\n").unwrap();
    }
    apply(
        dir.path(),
        &FoundTest {
            input: b"5 5\n".to_vec(),
            answer: Some(b"10\n".to_vec()),
            cmd: Some("gen 5 3".into()),
            group: Some("small".into()),
            ..FoundTest::default()
        },
    );
    assert_eq!(
        std::fs::read(dir.path().join("tests/09")).unwrap(),
        b"5 5\n"
    );
    assert_eq!(
        std::fs::read(dir.path().join("tests/09.a")).unwrap(),
        b"10\n"
    );
    let p = Package::read(dir.path()).unwrap();
    assert_eq!(p.data.tests.len(), 9);
    assert!(p.data.tests[8].answer.is_some());
}

#[test]
fn a_test_without_a_group_or_with_an_unknown_generator_is_refused_and_nothing_written() {
    let dir = copy_of(&aplusb());
    let before = text(dir.path(), "problem.xml");
    let found = FoundTest {
        input: b"1 1\n".to_vec(),
        ..FoundTest::default()
    };
    match add_test(dir.path(), &found) {
        Err(WriteError::NeedsGroup(groups)) => assert_eq!(groups, "samples, small, large"),
        other => panic!("{other:?}"),
    }
    let unknown = FoundTest {
        cmd: Some("nosuch 1".into()),
        group: Some("small".into()),
        ..found
    };
    assert!(matches!(
        add_test(dir.path(), &unknown),
        Err(WriteError::UnknownGenerator(_))
    ));
    assert_eq!(text(dir.path(), "problem.xml"), before);
}

#[test]
fn a_package_without_scripts_or_groups_gets_only_the_element_and_the_file() {
    let xml = "<?xml version=\"1.0\"?>\r\n<problem short-name=\"x\">\r\n  <names><name language=\"english\" value=\"X\"/></names>\r\n  <judging input-file=\"\" output-file=\"\">\r\n    <testset name=\"tests\">\r\n      <time-limit>1000</time-limit>\r\n      <memory-limit>268435456</memory-limit>\r\n      <test-count>0</test-count>\r\n      <input-path-pattern>tests/%02d</input-path-pattern>\r\n      <answer-path-pattern>tests/%02d.a</answer-path-pattern>\r\n      <tests/>\r\n    </testset>\r\n  </judging>\r\n</problem>\r\n";
    let dir = crate::polygon_read::package(xml, &[]);
    let edit = add_test(
        dir.path(),
        &FoundTest {
            input: b"1\n".to_vec(),
            ..FoundTest::default()
        },
    )
    .unwrap();
    let files: Vec<String> = edit
        .files
        .iter()
        .map(|(p, _)| p.display().to_string())
        .collect();
    assert_eq!(files, ["tests/01", "problem.xml"], "problem.xml last");
    edit.write(dir.path(), |p, b| std::fs::write(p, b)).unwrap();
    let new = text(dir.path(), "problem.xml");
    assert!(new.contains("<test-count>1</test-count>"));
    assert!(
        new.contains("<tests>\r\n          <test method=\"manual\"/>\r\n      </tests>"),
        "{new}"
    );
    assert_eq!(Package::read(dir.path()).unwrap().data.tests.len(), 1);
    if let Some(view) = p2d::read(&dir.path().join("problem.xml")) {
        assert_eq!(view.tests, [("manual".to_string(), String::new(), false)]);
    }
}
