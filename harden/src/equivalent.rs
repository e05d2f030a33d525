//! Trivial compiler equivalence (Papadakis et al., ICSE 2015): a C or C++
//! mutant whose optimised object code is byte for byte the original's is
//! equivalent to it (no input can kill it), and two mutants with the same
//! object code are one. Both are dropped before any search, so the mutation
//! score counts killed of the mutants that can be killed, and no search time
//! goes to a mutant that cannot be.
//!
//! The object is compiled as the judge compiles the submission (its compiler
//! and its optimisation and language flags), without debug information and
//! without linking (`-g0 -c`): the whole object is compared, so a changed
//! constant in read-only data counts as a difference, not only the code.
//! Identical objects prove equivalence; different ones prove nothing (a
//! mutant the optimiser did not see through may still be equivalent).
//!
//! Time: one compile per mutant and per original.

use jurybox_languages::{Judge, Language};
use jurybox_sandbox::{run_command, shell_quote, Outcome, RunLimits};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The judge's flags a compile to an object keeps: those that change the
/// code (optimisation, language standard, definitions, code generation).
fn changes_code(flag: &str) -> bool {
    ["-O", "-std", "-D", "-f", "-m", "-U"]
        .iter()
        .any(|p| flag.starts_with(p))
}

/// The judge's compiler for the C or C++ file `file` and the flags of its
/// build that change the code (optimisation, language standard,
/// definitions, code generation), shell-quoted; `None` for another language.
/// `$CC`/`$CXX` name the compiler when set, as for every build.
pub(crate) fn compiler_words(file: &str, judge: Judge) -> Option<Vec<String>> {
    let language = Language::of_file(file)?;
    if !matches!(language.id, "c" | "cpp") {
        return None;
    }
    let compile = judge.profile().toolchain(language).compile;
    let compiler = language
        .compiler_env
        .and_then(std::env::var_os)
        .map_or_else(
            || compile.first().map(|c| c.to_string()),
            |c| Some(c.to_string_lossy().into_owned()),
        )?;
    let mut words = vec![shell_quote(&compiler)];
    words.extend(
        compile[1..]
            .iter()
            .filter(|w| changes_code(w))
            .map(|w| shell_quote(w)),
    );
    Some(words)
}

/// The object code of the C or C++ source `text` (a file called `file`) as
/// `judge` optimises it; `None` for another language or when it does not
/// compile (the caller's build says why).
pub fn object_code(text: &str, file: &str, judge: Judge, cancel: &AtomicBool) -> Option<Vec<u8>> {
    let mut words = compiler_words(file, judge)?;
    let dir = tempfile::tempdir().ok()?;
    let source = dir.path().join(file);
    let object = dir.path().join("mutant.o");
    std::fs::write(&source, text).ok()?;
    words.extend(["-g0".to_string(), "-c".into(), "-o".into()]);
    words.push(shell_quote(&object.display().to_string()));
    words.push(shell_quote(&source.display().to_string()));
    let limits = RunLimits::with_cpu(Duration::from_secs(60));
    let report = run_command(&words.join(" "), &limits, b"", cancel);
    if report.outcome != Outcome::Exited {
        return None;
    }
    std::fs::read(&object).ok()
}
