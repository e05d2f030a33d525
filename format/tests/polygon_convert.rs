//! Converting both ways: `polygon-aplusb` to a Kattis 2025-09 package and
//! back, and the Kattis test packages to Polygon, each read back into the same
//! tests and verdicts; the wrappers that carry a program across protocols are
//! built and run with g++ (skipped, saying so, without it).

use crate::p2d;
use crate::polygon_read::aplusb;
use jurybox_format::polygon::{from_kattis, to_kattis, KattisLayout, SolutionTag, TestBytes};
use jurybox_format::{OutputValidator, Package, Verdict};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The answer of an A+B input.
fn sum(input: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(input);
    let total: i64 = text
        .split_whitespace()
        .map(|t| t.parse::<i64>().unwrap())
        .sum();
    format!("{total}\n").into_bytes()
}

/// The bytes of aplusb's judged tests: the manual ones from their files, the
/// generated ones as the jury would have built them (written out here).
fn aplusb_tests(p: &Package) -> Vec<TestBytes> {
    let generated: [&[u8]; 5] = [
        b"-16 -99\n",
        b"123456789 -987654321\n",
        b"1 0\n",
        b"2 -1\n",
        b"3 -2\n",
    ];
    let mut made = generated.iter();
    p.polygon
        .as_ref()
        .unwrap()
        .judged()
        .unwrap()
        .tests
        .iter()
        .map(|t| {
            let path = p.dir.join(&t.input);
            let input = if path.is_file() {
                std::fs::read(path).unwrap()
            } else {
                made.next().unwrap().to_vec()
            };
            TestBytes {
                answer: sum(&input),
                input,
            }
        })
        .collect()
}

/// The bytes of a Kattis package's tests.
fn kattis_tests(p: &Package) -> Vec<TestBytes> {
    p.data
        .tests
        .iter()
        .map(|t| TestBytes {
            input: std::fs::read(&t.input).unwrap(),
            answer: std::fs::read(t.answer.as_ref().unwrap()).unwrap(),
        })
        .collect()
}

/// Each submission's file name with its unconditional rule's verdict sets.
fn verdicts(p: &Package) -> BTreeSet<(String, BTreeSet<Verdict>, BTreeSet<Verdict>)> {
    p.submissions
        .iter()
        .map(|s| {
            let file = s.path.file_name().unwrap().to_string_lossy().into_owned();
            let Some(rule) = s.rules.iter().find(|r| r.tests.is_none()) else {
                // Only an `@EXPECTED_RESULTS@` line: its verdicts are the
                // permitted ones, none of them required.
                let stated = s.expected_results.clone().expect("a rule or a stated line");
                return (file, stated, Verdict::ALL.into_iter().collect());
            };
            let required = if rule.required.is_empty() {
                Verdict::ALL.into_iter().collect()
            } else {
                rule.required.clone()
            };
            (file, rule.permitted.clone(), required)
        })
        .collect()
}

fn has_gxx() -> bool {
    let ok = Command::new("g++")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        crate::tools::skip("g++ is not installed: the wrappers are not built");
    }
    ok
}

/// Builds the directory program `dir` with its `build` script.
fn build(dir: &Path) {
    let status = Command::new(dir.join("build")).status().unwrap();
    assert!(status.success(), "{} does not build", dir.display());
}

/// Runs `program` with `args`, `stdin` as its input; its exit code.
fn run(program: &Path, args: &[&Path], stdin: &[u8]) -> i32 {
    use std::io::Write;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait().unwrap().code().unwrap_or(-1)
}

#[test]
fn aplusb_converts_to_a_kattis_package_with_the_same_tests_and_verdicts() {
    let polygon = Package::read(&aplusb()).unwrap();
    let tests = aplusb_tests(&polygon);
    let out = tempfile::tempdir().unwrap();
    let issues = to_kattis(&polygon, &tests, out.path(), KattisLayout::V2025).unwrap();
    let text: Vec<String> = issues.iter().map(|i| i.to_string()).collect();
    assert_eq!(text, ["solutions/draft.cpp: tagged do-not-run: left out"]);
    let kattis = Package::read(out.path()).unwrap();
    assert!(kattis.polygon.is_none());
    assert!(kattis.issues.is_empty(), "{:?}", kattis.issues);
    assert_eq!(kattis.config.time_limit.as_ref().map(|t| t.0), Some(1.0));
    assert_eq!(kattis.config.memory_mib, Some(256));
    assert_eq!(kattis.config.name.as_deref(), Some("A plus B"));
    let names: Vec<&str> = kattis.data.tests.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "sample/01",
            "secret/large/03",
            "secret/large/05",
            "secret/small/02",
            "secret/small/04",
            "secret/small/06",
            "secret/small/07",
            "secret/small/08"
        ]
    );
    for t in &kattis.data.tests {
        let index: usize = t.name.rsplit('/').next().unwrap().parse().unwrap();
        assert_eq!(std::fs::read(&t.input).unwrap(), tests[index - 1].input);
        assert_eq!(
            std::fs::read(t.answer.as_ref().unwrap()).unwrap(),
            tests[index - 1].answer
        );
    }
    assert_eq!(
        kattis.data.tests[3].settings.input_validator_args.of("val"),
        ["--testset", "tests", "--group", "small"]
    );
    assert_eq!(
        kattis.data.tests[3].settings.description, None,
        "only test 3 has a description"
    );
    assert!(kattis.data.tests[1].settings.description.is_some());
    assert_eq!(kattis.data.invalid_input.len(), 2);
    assert_eq!(kattis.data.valid_output.len(), 1);
    assert_eq!(kattis.data.invalid_output.len(), 2);
    assert!(matches!(
        &kattis.programs.output_validator,
        OutputValidator::Custom(p) if p.name == "output_validator"
    ));
    // Every tag lands in the directory it means, with the same Kattis verdicts.
    assert_eq!(verdicts(&kattis), verdicts(&polygon));
    let dirs: BTreeSet<&str> = kattis
        .submissions
        .iter()
        .map(|s| s.category.dir())
        .collect();
    assert_eq!(
        dirs,
        BTreeSet::from([
            "accepted",
            "rejected",
            "run_time_error",
            "time_limit_exceeded",
            "time_limit_exceeded_or_accepted",
            "wrong_answer"
        ])
    );
    let yaml = std::fs::read_to_string(out.path().join("submissions/submissions.yaml")).unwrap();
    assert!(yaml.contains("time_limit_exceeded_or_accepted/"), "{yaml}");
}

/// problemtools' `verifyproblem` reads only the legacy layout, where a tag
/// that allows several verdicts is no directory: the solution says them in an
/// `@EXPECTED_RESULTS@` line (as DOMjudge and BAPCtools read it), and the
/// package read back judges every solution as its tag did.
#[test]
fn aplusb_converts_to_a_legacy_kattis_package_with_the_same_verdicts() {
    let polygon = Package::read(&aplusb()).unwrap();
    let tests = aplusb_tests(&polygon);
    let out = tempfile::tempdir().unwrap();
    let issues = to_kattis(&polygon, &tests, out.path(), KattisLayout::Legacy).unwrap();
    let text: Vec<String> = issues.iter().map(|i| i.to_string()).collect();
    assert_eq!(text.len(), 2, "{text:?}");
    assert!(text[0].contains("no invalid_input/"), "{text:?}");
    assert!(text[1].contains("do-not-run"), "{text:?}");
    let yaml = std::fs::read_to_string(out.path().join("problem.yaml")).unwrap();
    assert!(!yaml.contains("problem_format_version"), "{yaml}");
    assert!(yaml.contains("validation: custom"), "{yaml}");
    assert!(!yaml.contains("time_limit"), "{yaml}");
    assert!(out
        .path()
        .join("problem_statement/problem.en.tex")
        .is_file());
    assert!(!out.path().join("data/invalid_input").exists());
    assert!(!out.path().join("submissions/submissions.yaml").exists());
    let either = std::fs::read_to_string(
        out.path()
            .join("submissions/time_limit_exceeded_or_accepted/count_small.cpp"),
    )
    .unwrap();
    assert!(
        either.starts_with("// @EXPECTED_RESULTS@: ACCEPTED, TIME_LIMIT_EXCEEDED\n"),
        "{either}"
    );
    let kattis = Package::read(out.path()).unwrap();
    assert!(kattis.issues.is_empty(), "{:?}", kattis.issues);
    assert_eq!(kattis.config.time_limit.as_ref().map(|t| t.0), Some(1.0));
    assert_eq!(kattis.config.memory_mib, Some(256));
    assert_eq!(kattis.data.tests.len(), tests.len());
    assert_eq!(
        kattis.data.tests[3].settings.input_validator_args.of("val"),
        ["--testset", "tests", "--group", "small"]
    );
    assert!(matches!(
        &kattis.programs.output_validator,
        OutputValidator::Custom(p) if p.name == "checker"
    ));
    assert_eq!(verdicts(&kattis), verdicts(&polygon));
}

#[test]
fn the_wrapped_validator_and_checker_speak_kattis_and_judge_as_testlib_did() {
    if !has_gxx() {
        return;
    }
    let polygon = Package::read(&aplusb()).unwrap();
    let out = tempfile::tempdir().unwrap();
    to_kattis(
        &polygon,
        &aplusb_tests(&polygon),
        out.path(),
        KattisLayout::V2025,
    )
    .unwrap();
    let kattis = Package::read(out.path()).unwrap();
    let validator = &kattis.programs.input_validators[0];
    build(&validator.path);
    let run_validator = validator.path.join("run");
    for t in &kattis.data.tests {
        let args: Vec<PathBuf> = t
            .settings
            .input_validator_args
            .of("val")
            .iter()
            .map(PathBuf::from)
            .collect();
        let args: Vec<&Path> = args.iter().map(|a| a.as_path()).collect();
        let code = run(&run_validator, &args, &std::fs::read(&t.input).unwrap());
        assert_eq!(code, 42, "{} is valid", t.name);
    }
    let small = [Path::new("--group"), Path::new("small")];
    assert_eq!(
        run(&run_validator, &small, b"1000 1\n"),
        43,
        "the group's rule holds"
    );
    assert_eq!(run(&run_validator, &[], b"1000 1\n"), 42);
    for t in &kattis.data.invalid_input {
        let code = run(&run_validator, &small, &std::fs::read(&t.input).unwrap());
        assert_eq!(code, 43, "{} is invalid", t.name);
    }
    let OutputValidator::Custom(checker) = &kattis.programs.output_validator else {
        panic!("a custom checker");
    };
    build(&checker.path);
    let feedback = tempfile::tempdir().unwrap();
    for (cases, want) in [
        (&kattis.data.valid_output, 42),
        (&kattis.data.invalid_output, 43),
    ] {
        for t in cases {
            let code = run(
                &checker.path.join("run"),
                &[&t.input, t.answer.as_ref().unwrap(), feedback.path()],
                &std::fs::read(t.output.as_ref().unwrap()).unwrap(),
            );
            assert_eq!(code, want, "{}", t.name);
        }
    }
}

#[test]
fn a_kattis_package_converts_to_polygon_and_reads_back_the_same() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages");
    for name in ["maxsum", "pairsum"] {
        let kattis = Package::read(&root.join(name)).unwrap();
        let tests = kattis_tests(&kattis);
        let out = tempfile::tempdir().unwrap();
        let issues = from_kattis(&kattis, &tests, out.path()).unwrap();
        let polygon = Package::read(out.path()).unwrap();
        let set = polygon.polygon.as_ref().unwrap().judged().unwrap();
        assert_eq!(set.tests.len(), tests.len(), "{name}");
        for ((t, bytes), before) in set.tests.iter().zip(&tests).zip(&kattis.data.tests) {
            assert_eq!(
                std::fs::read(out.path().join(&t.input)).unwrap(),
                bytes.input
            );
            let answer = out.path().join(t.answer.as_ref().unwrap());
            assert_eq!(std::fs::read(answer).unwrap(), bytes.answer);
            assert_eq!(t.sample, before.sample, "{name} {}", before.name);
            assert_eq!(t.description.as_deref(), Some(before.name.as_str()));
        }
        assert_eq!(verdicts(&polygon), verdicts(&kattis), "{name}");
        let tags: Vec<SolutionTag> = polygon
            .polygon
            .as_ref()
            .unwrap()
            .assets
            .solutions
            .iter()
            .map(|s| s.tag)
            .collect();
        assert_eq!(
            tags[0],
            SolutionTag::Main,
            "{name}: the first accepted is main"
        );
        // maxsum's C validator is wrapped to speak testlib's protocol;
        // pairsum's Python one cannot be, and is copied with a note.
        let validator_issue = issues
            .iter()
            .any(|i| i.message.contains("Kattis input validator"));
        assert_eq!(validator_issue, name == "pairsum", "{name}: {issues:?}");
        if name == "maxsum" {
            let wrapper = std::fs::read_to_string(out.path().join("files/validate.cpp")).unwrap();
            assert!(
                wrapper.contains("#include \"validate_kattis.h\""),
                "{wrapper}"
            );
            assert!(out.path().join("files/validate_kattis.h").is_file());
        }
        if name == "pairsum" {
            assert!(issues
                .iter()
                .any(|i| i.message.contains("Kattis's protocol")));
        }
        if let Some(view) = p2d::read(&out.path().join("problem.xml")) {
            assert_eq!(view.tests.len(), tests.len());
            let samples: Vec<bool> = view.tests.iter().map(|t| t.2).collect();
            let ours: Vec<bool> = set.tests.iter().map(|t| t.sample).collect();
            assert_eq!(samples, ours);
            assert_eq!(view.solutions.len(), kattis.submissions.len());
        }
    }
}

#[test]
fn the_default_checker_judges_tokens_with_the_package_flags() {
    if !has_gxx() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/maxsum");
    let kattis = Package::read(&root).unwrap();
    let out = tempfile::tempdir().unwrap();
    from_kattis(&kattis, &kattis_tests(&kattis), out.path()).unwrap();
    let binary = out.path().join("check");
    let status = Command::new("g++")
        .args(["-O2", "-std=gnu++17", "-o"])
        .arg(&binary)
        .arg(out.path().join("files/check.cpp"))
        .status()
        .unwrap();
    assert!(status.success());
    let dir = out.path();
    std::fs::write(dir.join("in"), "3\n1 2 3\n").unwrap();
    std::fs::write(dir.join("ans"), "6\n").unwrap();
    for (output, want) in [
        ("6\n", 0),
        ("  6 \n\n", 0),
        ("7\n", 1),
        ("6 6\n", 1),
        ("", 1),
    ] {
        std::fs::write(dir.join("out"), output).unwrap();
        let code = Command::new(&binary)
            .args([dir.join("in"), dir.join("out"), dir.join("ans")])
            .stderr(Stdio::null())
            .status()
            .unwrap()
            .code();
        assert_eq!(code, Some(want), "output {output:?}");
    }
}

#[test]
fn polygon_to_kattis_to_polygon_keeps_tests_samples_and_verdicts() {
    let polygon = Package::read(&aplusb()).unwrap();
    let tests = aplusb_tests(&polygon);
    let kattis_dir = tempfile::tempdir().unwrap();
    to_kattis(&polygon, &tests, kattis_dir.path(), KattisLayout::V2025).unwrap();
    let kattis = Package::read(kattis_dir.path()).unwrap();
    let back_dir = tempfile::tempdir().unwrap();
    from_kattis(&kattis, &kattis_tests(&kattis), back_dir.path()).unwrap();
    let back = Package::read(back_dir.path()).unwrap();
    assert_eq!(verdicts(&back), verdicts(&polygon));
    let inputs = |p: &Package| -> BTreeSet<(Vec<u8>, bool)> {
        p.data
            .tests
            .iter()
            .map(|t| (std::fs::read(&t.input).unwrap(), t.sample))
            .collect()
    };
    let originals: BTreeSet<(Vec<u8>, bool)> = tests
        .iter()
        .zip(&polygon.polygon.as_ref().unwrap().judged().unwrap().tests)
        .map(|(b, t)| (b.input.clone(), t.sample))
        .collect();
    assert_eq!(inputs(&back), originals);
    assert_eq!(back.config.time_limit.map(|t| t.0), Some(1.0));
    assert_eq!(back.config.memory_mib, Some(256));
}

#[test]
fn a_conversion_refuses_a_used_directory_and_a_wrong_test_count() {
    let polygon = Package::read(&aplusb()).unwrap();
    let out = tempfile::tempdir().unwrap();
    std::fs::write(out.path().join("keep"), "mine").unwrap();
    let tests = aplusb_tests(&polygon);
    assert!(to_kattis(&polygon, &tests, out.path(), KattisLayout::V2025).is_err());
    assert_eq!(
        std::fs::read_to_string(out.path().join("keep")).unwrap(),
        "mine"
    );
    let fresh = tempfile::tempdir().unwrap();
    assert!(to_kattis(&polygon, &tests[..3], fresh.path(), KattisLayout::V2025).is_err());
}

#[test]
fn an_interactive_package_becomes_one_output_validator_of_interactor_and_checker() {
    let xml = r#"<problem short-name="guess"><names><name language="english" value="Guess"/></names>
        <judging input-file="" output-file=""><testset name="tests"><time-limit>2000</time-limit>
        <memory-limit>268435456</memory-limit><test-count>1</test-count>
        <input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
        <tests><test method="manual" sample="true"/></tests></testset></judging>
        <assets><checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
        <interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor>
        <solutions><solution tag="main"><source path="solutions/guess.cpp" type="cpp.g++17"/></solution></solutions>
        </assets></problem>"#;
    let program = "int main() { return 0; }\n";
    let dir = crate::polygon_read::package(
        xml,
        &[
            ("files/check.cpp", program),
            ("files/interactor.cpp", program),
            ("solutions/guess.cpp", program),
            ("tests/01", "7\n"),
        ],
    );
    let polygon = Package::read(dir.path()).unwrap();
    assert!(polygon.config.kind.interactive);
    let out = tempfile::tempdir().unwrap();
    let tests = [TestBytes {
        input: b"7\n".to_vec(),
        answer: b"7\n".to_vec(),
    }];
    to_kattis(&polygon, &tests, out.path(), KattisLayout::V2025).unwrap();
    let kattis = Package::read(out.path()).unwrap();
    assert!(kattis.config.kind.interactive);
    let OutputValidator::Custom(validator) = &kattis.programs.output_validator else {
        panic!("the interactor is the output validator");
    };
    let run = std::fs::read_to_string(validator.path.join("run")).unwrap();
    let interactor_at = run.find("\"$here/interactor\" \"$1\" \"$output\"").unwrap();
    let checker_at = run
        .find("\"$here/checker\" \"$1\" \"$output\" \"$2\"")
        .unwrap();
    assert!(interactor_at < checker_at, "{run}");
    if has_gxx() {
        build(&validator.path);
        assert!(validator.path.join("interactor").is_file());
        assert!(validator.path.join("checker").is_file());
    }
}

/// The validators' and the checker's own tests of a package made on
/// Polygon's Windows side have CRLF line endings, which jurybox's self-check
/// reads as LF (Polygon's Linux package): the conversion writes them so too.
/// Copied raw, BAPCtools' `bt validate` found the checker refusing every
/// `valid_output/` test of a published package ("FAIL Expected EOLN").
#[test]
fn crlf_validator_and_checker_tests_are_written_with_lf() {
    let copy = tempfile::tempdir().unwrap();
    let dir = copy.path().join("aplusb");
    let status = Command::new("cp")
        .arg("-r")
        .arg(aplusb())
        .arg(&dir)
        .status()
        .unwrap();
    assert!(status.success());
    let mut originals = Vec::new();
    for sub in ["checker-tests", "validator-tests"] {
        for entry in std::fs::read_dir(dir.join("files/tests").join(sub)).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            originals.push(text.clone());
            std::fs::write(&path, text.replace('\n', "\r\n")).unwrap();
        }
    }
    let polygon = Package::read(&dir).unwrap();
    let tests = aplusb_tests(&polygon);
    let out = tempfile::tempdir().unwrap();
    to_kattis(&polygon, &tests, out.path(), KattisLayout::V2025).unwrap();
    let mut written = 0;
    for place in ["invalid_input", "valid_output", "invalid_output"] {
        for entry in std::fs::read_dir(out.path().join("data").join(place)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "yaml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(!text.contains('\r'), "{}: {text:?}", path.display());
            assert!(originals.contains(&text), "{}: {text:?}", path.display());
            written += 1;
        }
    }
    // Two invalid inputs, and three checker tests of three files each.
    assert_eq!(written, 2 + 3 * 3);
}
