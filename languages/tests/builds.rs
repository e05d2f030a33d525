//! Builds through the sandbox: once per content, errors named, toolchains missing
//! said as such.

use jurybox_languages::{build, BuildError, ProgramSource, SourceFile};
use jurybox_sandbox::{run_invocation, RunLimits};
use std::sync::atomic::AtomicBool;

fn run(built: &jurybox_languages::Built, input: &[u8]) -> Vec<u8> {
    let report = run_invocation(
        &built.invocation(),
        &RunLimits::default(),
        input,
        &AtomicBool::new(false),
    );
    assert_eq!(
        report.outcome,
        jurybox_sandbox::Outcome::Exited,
        "{report:?}"
    );
    report.stdout
}

#[test]
fn c_cpp_and_python_build_once_and_run() {
    let cache = tempfile::tempdir().unwrap();
    let sum_cpp = ProgramSource::single(
        "sum.cpp",
        "sum.cpp",
        b"#include <cstdio>\nint main(){long a,b;std::scanf(\"%ld %ld\",&a,&b);std::printf(\"%ld\\n\",a+b);}\n",
    );
    let built = build(&sum_cpp, cache.path()).unwrap();
    assert_eq!(built.language, "C++");
    assert_eq!(run(&built, b"2 40\n"), b"42\n");
    let binary = std::path::PathBuf::from(&built.argv[0]);
    let modified = std::fs::metadata(&binary).unwrap().modified().unwrap();
    assert_eq!(build(&sum_cpp, cache.path()).unwrap(), built);
    assert_eq!(
        std::fs::metadata(&binary).unwrap().modified().unwrap(),
        modified,
        "the second build reuses the first"
    );
    let sum_c = ProgramSource::single(
        "sum.c",
        "sum.c",
        b"#include <stdio.h>\n#include <math.h>\nint main(){double a,b;scanf(\"%lf %lf\",&a,&b);printf(\"%.0f\\n\",sqrt(a*a)+b);}\n",
    );
    assert_eq!(
        run(&build(&sum_c, cache.path()).unwrap(), b"2 40\n"),
        b"42\n"
    );
    let sum_py = ProgramSource::single(
        "sum.py",
        "sum.py",
        b"a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let built = build(&sum_py, cache.path()).unwrap();
    assert_eq!(built.argv[0], "python3");
    assert_eq!(run(&built, b"2 40\n"), b"42\n");
}

#[test]
fn a_directory_with_a_header_compiles_together() {
    let cache = tempfile::tempdir().unwrap();
    let source = ProgramSource {
        name: "validator".into(),
        origin: "input_validators/validator".into(),
        files: vec![
            SourceFile {
                name: "reader.h".into(),
                text: b"inline int answer() { return 42; }\n".to_vec(),
                executable: false,
            },
            SourceFile {
                name: "validator.cpp".into(),
                text: b"#include \"reader.h\"\n#include <cstdio>\nint main(){std::printf(\"%d\\n\",answer());}\n"
                    .to_vec(),
                executable: false,
            },
        ],
        entrypoint: None,
    };
    assert_eq!(run(&build(&source, cache.path()).unwrap(), b""), b"42\n");
}

#[test]
fn build_and_run_scripts_are_the_programs_own() {
    let cache = tempfile::tempdir().unwrap();
    let source = ProgramSource {
        name: "scripted".into(),
        origin: "submissions/accepted/scripted".into(),
        files: vec![
            SourceFile {
                name: "build".into(),
                text: b"#!/bin/sh\necho 'echo built' > made.sh\n".to_vec(),
                executable: true,
            },
            SourceFile {
                name: "run".into(),
                text: b"#!/bin/sh\nexec sh \"$(dirname \"$0\")/made.sh\"\n".to_vec(),
                executable: true,
            },
        ],
        entrypoint: None,
    };
    let built = build(&source, cache.path()).unwrap();
    assert_eq!(built.language, "build/run scripts");
    assert_eq!(run(&built, b""), b"built\n");
}

#[test]
fn a_compile_error_names_the_program_and_is_remembered() {
    let cache = tempfile::tempdir().unwrap();
    let broken = ProgramSource::single(
        "mutants/broken.cpp",
        "broken.cpp",
        b"int main() { return undeclared; }\n",
    );
    let first = build(&broken, cache.path()).unwrap_err().to_string();
    assert!(first.contains("mutants/broken.cpp"), "{first}");
    assert!(first.contains("undeclared"), "{first}");
    let again = build(&broken, cache.path()).unwrap_err().to_string();
    assert!(again.contains("undeclared"), "{again}");
    assert!(again.contains("an earlier build"), "{again}");
    let python = ProgramSource::single("bad.py", "bad.py", b"def f(:\n");
    assert!(matches!(
        build(&python, cache.path()),
        Err(BuildError::Compile { .. })
    ));
}

#[test]
fn an_unknown_file_is_said_plainly() {
    let cache = tempfile::tempdir().unwrap();
    let text = ProgramSource::single("notes.txt", "notes.txt", b"hello");
    let error = build(&text, cache.path()).unwrap_err().to_string();
    assert!(
        error.contains("notes.txt") && error.contains(".cpp"),
        "{error}"
    );
}

#[test]
fn a_named_entrypoint_starts_the_program_over_main() {
    // BAPCtools' testexpectations: `main.py` is a decoy, submissions.yaml's
    // `entrypoint: ac.py` names the real start.
    let cache = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &[u8]| SourceFile {
        name: name.into(),
        text: text.to_vec(),
        executable: false,
    };
    let mut source = ProgramSource {
        name: "metadata".into(),
        origin: "submissions/ac_or_wa/metadata".into(),
        files: vec![
            file("ac.py", b"print(input())\n"),
            file("main.py", b"print('wrong entry point')\n"),
        ],
        entrypoint: None,
    };
    assert_eq!(
        run(&build(&source, cache.path()).unwrap(), b"7\n"),
        b"wrong entry point\n"
    );
    source.entrypoint = Some("ac.py".into());
    assert_eq!(run(&build(&source, cache.path()).unwrap(), b"7\n"), b"7\n");
}
