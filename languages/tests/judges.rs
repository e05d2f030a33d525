//! Programs built as a judge builds them: the judge's interpreter (PyPy for
//! Kattis's Python 3), its JVM settings and its stack. A toolchain this machine
//! lacks is a named skip of the test, never a pass.

use jurybox_languages::{build_for, BuildError, BuildTarget, Built, Judge, ProgramSource};
use jurybox_sandbox::{run_invocation, Outcome, RunLimits, StackLimit, MIB};
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn kattis(memory_mib: u64) -> BuildTarget {
    BuildTarget {
        judge: Judge::Kattis,
        memory_mib,
        toolchain: None,
    }
}

/// Runs `built` on `input` with `memory_mib` of memory and its own stack.
fn run(built: &Built, input: &[u8], memory_mib: u64) -> (Outcome, Vec<u8>) {
    let limits = RunLimits {
        memory_bytes: memory_mib * MIB,
        stack: built.stack,
        ..RunLimits::with_cpu(std::time::Duration::from_secs(20))
    };
    let report = run_invocation(&built.invocation(), &limits, input, &AtomicBool::new(false));
    (report.outcome, report.stdout)
}

/// The build, or `None` after saying which tool is missing (the caller
/// skips; a failure when tools are required, unless the language is Java or
/// Kotlin, which CI does not install).
fn built_or_skip(
    source: &ProgramSource,
    cache: &Path,
    target: BuildTarget,
    test: &str,
) -> Option<Built> {
    match build_for(source, cache, target) {
        Ok(built) => Some(built),
        Err(e @ BuildError::MissingToolchain { .. }) => {
            let why = format!("{test}: {e}");
            if test.starts_with("Java") || test.starts_with("Kotlin") {
                crate::tools::skip_optional(&why);
            } else {
                crate::tools::skip(&why);
            }
            None
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

const SUM_PY: &[u8] = b"a, b = map(int, input().split())\nprint(a + b)\n";

#[test]
fn kattis_runs_python_3_with_pypy_and_the_host_with_cpython() {
    let source = ProgramSource::single("sum.py", "sum.py", SUM_PY);
    let cache = tempfile::tempdir().unwrap();
    let host = built_or_skip(&source, cache.path(), BuildTarget::HOST, "host python3").unwrap();
    assert_eq!(host.argv[0], "python3");
    assert_eq!(host.stack, StackLimit::Inherited);
    match build_for(&source, cache.path(), kattis(1024)) {
        Ok(built) => {
            assert_eq!(built.argv[0], "pypy3");
            assert_eq!(built.stack, StackLimit::MemoryLimit);
            assert_eq!(
                run(&built, b"2 40\n", 1024),
                (Outcome::Exited, b"42\n".to_vec())
            );
        }
        Err(e @ BuildError::MissingToolchain { .. }) => {
            let message = e.to_string();
            assert!(
                message.contains("pypy3") && message.contains("Kattis"),
                "the skip names the interpreter and the judge: {message}"
            );
            crate::tools::skip(&format!("running under PyPy: {message}"));
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn a_deep_recursion_in_cpp_passes_under_kattis_and_the_memory_limit_still_holds() {
    let text = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/programs/deep_recursion.c"),
    )
    .unwrap();
    let source = ProgramSource::single("deep.cpp", "deep.cpp", &text);
    let cache = tempfile::tempdir().unwrap();
    let Some(built) = built_or_skip(&source, cache.path(), kattis(256), "C++ under Kattis") else {
        return;
    };
    assert_eq!(run(&built, b"300000\n", 256).0, Outcome::Exited);
    assert_eq!(run(&built, b"1000000000\n", 256).0, Outcome::MemoryLimit);
    let host = built_or_skip(&source, cache.path(), BuildTarget::HOST, "C++ on the host").unwrap();
    let host_stack = RunLimits {
        stack: StackLimit::Bytes(8 * MIB),
        ..RunLimits::default()
    };
    let report = run_invocation(
        &host.invocation(),
        &host_stack,
        b"300000\n",
        &AtomicBool::new(false),
    );
    assert!(
        matches!(report.outcome, Outcome::RuntimeError(_)),
        "the same program dies under an 8 MiB stack: {report:?}"
    );
}

#[test]
fn java_and_kotlin_run_with_the_judges_jvm_settings() {
    let java = ProgramSource::single(
        "Sum.java",
        "Sum.java",
        b"import java.util.Scanner;\npublic class Sum { public static void main(String[] a) { Scanner s = new Scanner(System.in); System.out.println(s.nextLong() + s.nextLong()); } }\n",
    );
    let cache = tempfile::tempdir().unwrap();
    if let Some(built) = built_or_skip(&java, cache.path(), kattis(512), "Java under Kattis") {
        assert!(
            built.argv.iter().any(|w| w == "-Xmx512m") && built.argv.iter().any(|w| w == "-Xss64m"),
            "{:?}",
            built.argv
        );
        assert_eq!(
            run(&built, b"2 40\n", 512),
            (Outcome::Exited, b"42\n".to_vec())
        );
    }
    // A lower-case file name: Kotlin calls its class `SumKt`.
    let kotlin = ProgramSource::single(
        "sum.kt",
        "sum.kt",
        b"fun main() {\n    val (a, b) = readLine()!!.trim().split(\" \").map { it.toLong() }\n    println(a + b)\n}\n",
    );
    let domjudge = BuildTarget {
        judge: Judge::Domjudge,
        memory_mib: 512,
        toolchain: None,
    };
    if let Some(built) = built_or_skip(&kotlin, cache.path(), domjudge, "Kotlin under DOMjudge") {
        assert_eq!(built.argv.last().map(String::as_str), Some("SumKt"));
        assert!(
            built.argv.iter().any(|w| w == "-J-Xmx384m"),
            "{:?}",
            built.argv
        );
        assert_eq!(
            run(&built, b"2 40\n", 512),
            (Outcome::Exited, b"42\n".to_vec())
        );
    }
}
