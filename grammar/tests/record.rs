//! Validators on testlib.h and validation.h, built against jurybox's
//! recording headers, recorded on their sample inputs: the grammar found, and
//! inputs made from it accepted by the validator itself.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use jurybox_grammar::record::{self, trace, BuildDir, Header, RECORD_ENV};
use jurybox_grammar::Grammar;

use crate::support::every_stage;

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/record")
        .join(name)
}

/// The validator of `name` built against jurybox's header, or `None` (and a
/// line saying so) without g++.
pub fn build(name: &str) -> Option<(BuildDir, PathBuf)> {
    if !crate::tools::installed("g++", "--version", "the recording tests are not run") {
        return None;
    }
    let layout = BuildDir::new(&dir(name).join("validator.cpp")).expect("build dir");
    let binary = layout.path().join("validator");
    let out = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&binary)
        .arg(&layout.source)
        .output()
        .expect("g++ runs");
    assert!(
        out.status.success(),
        "{name} does not build: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some((layout, binary))
}

/// Runs `binary` on `input`, recording into `record` when given: (exit code, stderr).
pub fn run(binary: &Path, input: &[u8], record: Option<&Path>) -> (i32, String) {
    let mut cmd = Command::new(binary);
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    match record {
        Some(r) => cmd.env(RECORD_ENV, r),
        None => cmd.env_remove(RECORD_ENV),
    };
    let mut child = cmd.spawn().expect("validator starts");
    let mut stdin = child.stdin.take().unwrap();
    // A validator may stop reading early: a broken pipe is its answer.
    let _ = stdin.write_all(input);
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn samples(name: &str) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir(name))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    files.sort();
    files.iter().map(|f| std::fs::read(f).unwrap()).collect()
}

/// The grammar recorded from `name`'s samples, with the built validator.
fn recorded(name: &str) -> Option<(Grammar, PathBuf, Header, BuildDir)> {
    let (layout, binary) = build(name)?;
    let mut recordings = Vec::new();
    for (i, input) in samples(name).iter().enumerate() {
        let file = layout.path().join(format!("{i}.rec"));
        let (code, err) = run(&binary, input, Some(&file));
        assert_eq!(
            code,
            layout.header.accept_code(),
            "sample {i} of {name} rejected: {err}"
        );
        let text = std::fs::read_to_string(&file).unwrap();
        recordings.push(trace::parse(&text).unwrap());
    }
    let grammar = record::infer(&recordings, layout.header).unwrap();
    let header = layout.header;
    Some((grammar, binary, header, layout))
}

/// Every candidate of every stage (at most `per_stage` each) is accepted by
/// the validator itself.
fn accepted_at_every_scale(
    name: &str,
    grammar: &Grammar,
    binary: &Path,
    header: Header,
    per_stage: usize,
) {
    for c in every_stage(grammar, per_stage) {
        let (code, err) = run(binary, &c.bytes, None);
        let shown = String::from_utf8_lossy(&c.bytes[..c.bytes.len().min(200)]).into_owned();
        assert_eq!(
            code,
            header.accept_code(),
            "{name}: {} rejected ({err}):\n{shown}",
            c.origin
        );
    }
}

#[test]
fn a_count_then_its_values_testlib() {
    // Beside this validator lies a testlib.h that does not compile: the
    // build directory holds the source alone with jurybox's header.
    let Some((g, binary, header, _dir)) = recorded("count_testlib") else {
        return;
    };
    let text = g.to_string();
    assert!(text.contains("INT(1, 100000, n)"), "{text}");
    assert!(text.contains("REP(n, SPACE)"), "{text}");
    assert!(text.contains("INT(-1000000000, 1000000000, a_i)"), "{text}");
    accepted_at_every_scale("count_testlib", &g, &binary, header, 60);
}

#[test]
fn a_grid_of_characters_testlib() {
    let Some((g, binary, header, _dir)) = recorded("grid_testlib") else {
        return;
    };
    let text = g.to_string();
    assert!(text.contains("REP(n)"), "{text}");
    assert!(text.contains("REP(m)"), "{text}");
    accepted_at_every_scale("grid_testlib", &g, &binary, header, 60);
}

#[test]
fn test_cases_with_bounds_on_earlier_values_validation_h() {
    let Some((g, binary, header, _dir)) = recorded("cases_validation") else {
        return;
    };
    let text = g.to_string();
    assert!(text.contains("REP(t)"), "{text}");
    assert!(text.contains("REP(n, SPACE)"), "{text}");
    assert!(text.contains("INT(1, n, a)"), "{text}");
    accepted_at_every_scale("cases_validation", &g, &binary, header, 60);
}

#[test]
fn distinct_strings_of_a_set_validation_h() {
    let Some((g, binary, header, _dir)) = recorded("words_validation") else {
        return;
    };
    let text = g.to_string();
    // The Unique tag becomes an array of the loop's words and an assertion.
    assert!(
        text.contains("CHARS(\"abcdefghijklmnopqrstuvwxyz\", 1, 10, word[i1])"),
        "{text}"
    );
    assert!(text.contains("ASSERT(UNIQUE(word))"), "{text}");
    accepted_at_every_scale("words_validation", &g, &binary, header, 60);
}

#[test]
fn tokens_and_lines_with_patterns_testlib() {
    let Some((g, binary, header, _dir)) = recorded("words_testlib") else {
        return;
    };
    let text = g.to_string();
    assert!(
        text.contains("REP(k, SPACE)\n  REGEX(\"[a-z]{1,10}\", w)"),
        "{text}"
    );
    assert!(text.contains("REGEX(\"YES|NO\", answer)"), "{text}");
    accepted_at_every_scale("words_testlib", &g, &binary, header, 60);
}

#[test]
fn a_custom_reader_records_nothing_and_says_so() {
    let Some((layout, binary)) = build("custom_reader") else {
        return;
    };
    let file = layout.path().join("0.rec");
    let (code, err) = run(&binary, b"3\n", Some(&file));
    assert_eq!(code, 0, "{err}");
    let recording = trace::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let e = record::infer(&[recording], layout.header).unwrap_err();
    assert!(matches!(e, record::RecordError::NoReads), "{e}");
    assert!(e.to_string().contains("custom reader"), "{e}");
}

#[test]
fn a_source_without_a_known_header_cannot_be_laid_out() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("v.cpp");
    std::fs::write(&source, "#include <cstdio>\nint main() { return 0; }\n").unwrap();
    assert!(matches!(
        BuildDir::new(&source),
        Err(record::RecordError::NoHeader)
    ));
    assert_eq!(
        Header::of_source("#include \"validation.h\""),
        Some(Header::ValidationH)
    );
}

#[test]
fn a_pattern_written_from_a_value_is_tied_to_it() {
    let Some((g, binary, header, _dir)) = recorded("rows_testlib") else {
        return;
    };
    let text = g.to_string();
    // "[.#]{%d}" formatted with m: the row's length is m.
    assert!(text.contains("CHARS(\"#.\", m, m, row)"), "{text}");
    accepted_at_every_scale("rows_testlib", &g, &binary, header, 40);
}
