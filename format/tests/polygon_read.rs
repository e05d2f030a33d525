//! The Polygon reader on `tests/packages/polygon-aplusb` (every tag, a manual
//! sample, generated tests with one multi-test call, groups, a validator and a
//! checker with their own tests, a second testset) and on small packages
//! written here for the mistakes it does not show.

use jurybox_format::layout::Category;
use jurybox_format::polygon::{
    CheckerVerdict, PolygonVerdict, SolutionTag, TestSource, JUDGED_TESTSET,
};
use jurybox_format::{Package, PackageError, ValidatorArgs, Verdict};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

pub fn aplusb() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/polygon-aplusb")
}

#[test]
fn aplusb_reads_with_its_limits_testsets_and_tests() {
    let p = Package::read(&aplusb()).unwrap();
    // No issue: its checker is its output validator (on testlib's protocol).
    assert!(p.issues.is_empty(), "{:?}", p.issues);
    assert!(p.config.custom_validation);
    assert!(matches!(
        &p.programs.output_validator,
        jurybox_format::OutputValidator::Custom(c) if c.name == "check.cpp"
    ));
    assert_eq!(p.name, "aplusb");
    assert_eq!(p.config.name.as_deref(), Some("A plus B"));
    assert_eq!(p.config.time_limit, Some((1.0, "problem.xml".to_string())));
    assert_eq!(p.config.memory_mib, Some(256));
    assert!(!p.config.kind.interactive);
    let polygon = p.polygon.as_ref().unwrap();
    assert_eq!(
        polygon.judging.cpu_name.as_deref(),
        Some("Intel(R) Core(TM) i3-8100 CPU @ 3.60GHz")
    );
    assert_eq!(polygon.judging.cpu_speed, Some(3600));
    assert_eq!(
        polygon.judging.input_file, None,
        "an empty input-file is stdin"
    );
    let names: Vec<&str> = polygon.testsets.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["tests", "pretests"], "every testset is kept");
    let set = polygon.judged().unwrap();
    assert_eq!(set.name, JUDGED_TESTSET);
    assert_eq!(set.time_limit_ms, Some(1000));
    assert_eq!(set.memory_limit_bytes, Some(268_435_456));
    assert_eq!(set.tests.len(), 8);
    assert!(set.tests[0].sample && set.tests.iter().skip(1).all(|t| !t.sample));
    assert_eq!(set.tests[2].input, Path::new("tests/03"));
    assert_eq!(
        set.tests[2].answer.as_deref(),
        Some(Path::new("tests/03.a"))
    );
    assert_eq!(
        set.tests[2].description.as_deref(),
        Some("both at the limit")
    );
    assert_eq!(set.tests[1].source, TestSource::Manual);
    assert_eq!(
        set.tests[3].source,
        TestSource::Generated {
            cmd: "gen 100 1".into(),
            from_file: None
        }
    );
    assert_eq!(
        set.tests[6].source,
        TestSource::Generated {
            cmd: "multigen 3".into(),
            from_file: Some("2".into())
        }
    );
    let groups: Vec<Option<&str>> = set.tests.iter().map(|t| t.group.as_deref()).collect();
    assert_eq!(
        groups,
        [
            Some("samples"),
            Some("small"),
            Some("large"),
            Some("small"),
            Some("large"),
            Some("small"),
            Some("small"),
            Some("small")
        ]
    );
    assert_eq!(set.group("large").unwrap().dependencies, ["small"]);
    assert_eq!(
        set.group("small").unwrap().points_policy.as_deref(),
        Some("complete-group")
    );
}

#[test]
fn one_generator_call_fills_the_three_tests_that_name_its_files() {
    let p = Package::read(&aplusb()).unwrap();
    let polygon = p.polygon.as_ref().unwrap();
    let calls = polygon.judged().unwrap().generator_calls();
    let shown: Vec<(&str, Vec<usize>)> = calls
        .iter()
        .map(|c| (c.cmd.as_str(), c.outputs.iter().map(|(i, _)| *i).collect()))
        .collect();
    assert_eq!(
        shown,
        [
            ("gen 100 1", vec![4]),
            ("gen 1000000000 2", vec![5]),
            ("multigen 3", vec![6, 7, 8])
        ]
    );
    let multigen = polygon.assets.generator(&calls[2].cmd).unwrap();
    assert_eq!(multigen.source, Path::new("files/multigen.cpp"));
    assert_eq!(multigen.language.as_deref(), Some("cpp.g++17"));
    assert!(polygon.assets.generator("nosuch 1").is_none());
}

#[test]
fn the_judged_tests_are_the_package_data_with_polygon_validator_arguments() {
    let p = Package::read(&aplusb()).unwrap();
    let names: Vec<&str> = p.data.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "tests/01", "tests/02", "tests/03", "tests/04", "tests/05", "tests/06", "tests/07",
            "tests/08"
        ]
    );
    assert!(p.data.tests[0].sample);
    assert!(p.data.tests[..3].iter().all(|t| t.input.is_file()));
    assert!(
        p.data.tests[3..].iter().all(|t| !t.input.exists()),
        "a standard package ships no generated test: the jury builds them"
    );
    assert!(p.data.tests.iter().all(|t| t.answer.is_none()));
    assert_eq!(
        p.data.tests[1].settings.input_validator_args,
        ValidatorArgs::Each(
            ["--testset", "tests", "--group", "small"]
                .map(String::from)
                .to_vec()
        )
    );
    let validators: Vec<&str> = p
        .programs
        .input_validators
        .iter()
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(validators, ["val.cpp"]);
}

#[test]
fn the_validator_and_checker_tests_carry_their_expected_verdicts() {
    let p = Package::read(&aplusb()).unwrap();
    let assets = &p.polygon.as_ref().unwrap().assets;
    let checker = assets.checker.as_ref().unwrap();
    assert_eq!(checker.standard, None);
    assert_eq!(checker.kind, "testlib");
    let verdicts: Vec<CheckerVerdict> = checker.tests.iter().map(|t| t.verdict).collect();
    assert_eq!(
        verdicts,
        [
            CheckerVerdict::Ok,
            CheckerVerdict::WrongAnswer,
            CheckerVerdict::PresentationError
        ]
    );
    assert_eq!(
        checker.tests[1].output,
        Path::new("files/tests/checker-tests/02.o")
    );
    let validator = &assets.validators[0];
    let expected: Vec<(bool, Option<&str>)> = validator
        .tests
        .iter()
        .map(|t| (t.valid, t.group.as_deref()))
        .collect();
    assert_eq!(
        expected,
        [(true, None), (false, None), (false, Some("small"))]
    );
    assert_eq!(assets.resources[0].path, Path::new("files/aplusb.h"));
    assert_eq!(assets.resources[0].kind.as_deref(), Some("h.g++"));
}

#[test]
fn every_tag_is_read_and_do_not_run_is_kept_but_not_a_submission() {
    let p = Package::read(&aplusb()).unwrap();
    let assets = &p.polygon.as_ref().unwrap().assets;
    let tags: Vec<SolutionTag> = assets.solutions.iter().map(|s| s.tag).collect();
    assert_eq!(
        tags,
        [
            SolutionTag::Main,
            SolutionTag::Accepted,
            SolutionTag::WrongAnswer,
            SolutionTag::PresentationError,
            SolutionTag::TimeLimit,
            SolutionTag::TimeLimitOrAccepted,
            SolutionTag::MemoryLimit,
            SolutionTag::Failed,
            SolutionTag::Rejected,
            SolutionTag::DoNotRun
        ]
    );
    assert_eq!(assets.main_solution().unwrap().program.stem(), "main");
    let subs: Vec<(&str, &str)> = p
        .submissions
        .iter()
        .map(|s| (s.name.as_str(), s.category.dir()))
        .collect();
    assert_eq!(subs.len(), 9, "{subs:?}");
    assert!(!subs.iter().any(|(n, _)| n.contains("draft")));
    let by_name = |n: &str| p.submissions.iter().find(|s| s.name.ends_with(n)).unwrap();
    let main = by_name("main.cpp");
    assert!(main.is_accepted() && main.bounds_below("tests/03") && !main.must_fail());
    let slow = by_name("count_up.cpp");
    assert!(slow.bounds_above() && slow.must_fail());
    let maybe = by_name("count_small.cpp");
    assert!(
        !maybe.must_fail() && !maybe.bounds_above() && !maybe.bounds_below("tests/01"),
        "time-limit-exceeded-or-accepted bounds the limit on neither side"
    );
    assert!(maybe
        .violations(&[
            ("tests/01".into(), Verdict::TLE),
            ("tests/02".into(), Verdict::AC)
        ])
        .is_empty());
    assert!(!maybe
        .violations(&[("tests/01".into(), Verdict::WA)])
        .is_empty());
    let mle = by_name("table.cpp");
    assert_eq!(mle.category, Category::RunTimeError);
    assert_eq!(mle.failing_verdicts(), BTreeSet::from([Verdict::RTE]));
    // The finer rule is the tag's own: a memory limit is not a crash.
    let tag = assets.solutions[6].tag;
    assert!(tag
        .violation(&[("tests/05".into(), PolygonVerdict::RuntimeError)])
        .is_some());
    assert!(tag
        .violation(&[("tests/05".into(), PolygonVerdict::MemoryLimit)])
        .is_none());
}

/// A package directory of the given problem.xml and files, in a temp dir.
pub fn package(xml: &str, files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("problem.xml"), xml).unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn messages(p: &Package) -> Vec<String> {
    p.issues.iter().map(|i| i.to_string()).collect()
}

#[test]
fn a_problem_xml_that_is_not_xml_is_an_error_with_line_and_column() {
    let dir = package(
        "<problem>\n<judging>\n<testset name=\"tests\">\n</problem>\n",
        &[],
    );
    match Package::read(dir.path()) {
        Err(PackageError::Xml {
            file, line, column, ..
        }) => {
            assert!(file.ends_with("problem.xml"), "{file}");
            assert_eq!((line, column), (4, 1));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_windows_package_names_what_it_lacks_and_builds_what_has_a_source() {
    let xml = r#"<problem short-name="w"><judging><testset name="tests">
        <time-limit>2000</time-limit><test-count>2</test-count>
        <input-path-pattern>tests/%02d</input-path-pattern>
        <tests><test method="manual"/><test method="manual"/></tests></testset></judging>
        <assets><solutions>
          <solution tag="main"><source path="solutions/a.cpp" type="cpp.g++17"/><binary path="solutions/a.exe" type="exe.win32"/></solution>
          <solution tag="accepted"><binary path="solutions/old.exe" type="exe.win32"/></solution>
          <solution tag="wrong-answer"><source path="solutions/gone.cpp" type="cpp.g++17"/><binary path="solutions/gone.exe" type="exe.win32"/></solution>
          <solution tag="runtime-error"><source path="solutions/a.cpp" type="cpp.g++17"/></solution>
        </solutions></assets></problem>"#;
    let dir = package(
        xml,
        &[
            ("solutions/a.cpp", "int main(){}"),
            ("solutions/gone.exe", "MZ"),
            ("tests/01", "1\n"),
        ],
    );
    let p = Package::read(dir.path()).unwrap();
    let text = messages(&p);
    let has = |needle: &str| text.iter().any(|t| t.contains(needle));
    assert!(
        has("only the binary solutions/old.exe and no source"),
        "{text:?}"
    );
    assert!(
        has(
            "its source solutions/gone.cpp is missing, only the binary solutions/gone.exe is there"
        ),
        "{text:?}"
    );
    assert!(has("solution tag 'runtime-error'"), "{text:?}");
    assert!(has("manual test 2 is missing"), "{text:?}");
    assert!(has("no validator"), "{text:?}");
    assert!(
        text.iter()
            .all(|t| t.starts_with("problem.xml: ") || t.starts_with("tests/02")),
        "{text:?}"
    );
    let names: Vec<&str> = p.submissions.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["solutions/a.cpp"], "the one that can be built");
    assert_eq!(p.data.tests.len(), 1);
    assert_eq!(p.config.time_limit, Some((2.0, "problem.xml".into())));
}

#[test]
fn a_standard_checker_the_default_validator_judges_exactly_becomes_its_flags() {
    let xml = r#"<problem short-name="r"><judging><testset name="tests"><tests/></testset></judging>
        <assets><checker name="std::rcmp6.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker></assets></problem>"#;
    let dir = package(xml, &[("files/check.cpp", "// rcmp6")]);
    let p = Package::read(dir.path()).unwrap();
    assert_eq!(p.config.validator_flags, ["float_tolerance", "1e-6"]);
    assert!(!p.config.custom_validation);
    let lcmp = xml.replace("rcmp6", "lcmp");
    let dir = package(&lcmp, &[("files/check.cpp", "// lcmp")]);
    let p = Package::read(dir.path()).unwrap();
    assert!(p.config.custom_validation, "lcmp also judges lines");
    assert!(matches!(
        &p.programs.output_validator,
        jurybox_format::OutputValidator::Custom(c) if c.name == "check.cpp"
    ));
}

#[test]
fn an_interactor_makes_the_problem_interactive() {
    let xml = r#"<problem short-name="i"><judging><testset name="tests"><tests/></testset></judging>
        <assets><interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor></assets></problem>"#;
    let dir = package(xml, &[("files/interactor.cpp", "int main(){}")]);
    let p = Package::read(dir.path()).unwrap();
    assert!(p.config.kind.interactive);
    let interactor = p.polygon.unwrap().assets.interactor.unwrap();
    assert_eq!(interactor.source, Path::new("files/interactor.cpp"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    /// Bad input never panics: aplusb's problem.xml with one byte changed and
    /// cut anywhere reads, or is an error.
    #[test]
    fn any_damaged_problem_xml_reads_or_is_an_error(at: usize, byte: u8, cut: usize) {
        let mut bytes = std::fs::read(aplusb().join("problem.xml")).unwrap();
        let at = at % bytes.len();
        bytes[at] = byte;
        bytes.truncate(cut % (bytes.len() + 1));
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("problem.xml"), &bytes).unwrap();
        match Package::read(dir.path()) {
            Ok(p) => proptest::prop_assert!(p.polygon.is_some()),
            Err(e) => proptest::prop_assert!(!e.to_string().is_empty()),
        }
    }
}
