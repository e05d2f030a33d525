//! A generator run once, as harden's candidates and the audit's
//! determinism check both run one: no stdin, an empty scratch directory, its
//! output or the `testcase.in` it wrote (BAPCtools' generators may do
//! either).

use jurybox_sandbox::{run_command, shell_quote, RunLimits};
use std::sync::atomic::AtomicBool;

/// Runs a generator `command` (no stdin) under `limits` in an empty scratch
/// directory: how it ran, and its input when it ended normally (its output,
/// or, when it printed nothing, the `testcase.in` it wrote, as BAPCtools'
/// generators may do either); `None` when no scratch directory can be made.
/// `jurybox audit` runs each rule twice this way; harden's generated
/// candidates are made by it.
pub fn run_generator(
    command: &str,
    limits: &RunLimits,
    cancel: &AtomicBool,
) -> Option<(jurybox_sandbox::RunReport, Option<Vec<u8>>)> {
    let scratch = tempfile::tempdir().ok()?;
    let dir = scratch.path().display().to_string();
    let in_scratch = format!("cd {} && exec {command}", shell_quote(&dir));
    let mut report = run_command(&in_scratch, limits, b"", cancel);
    if report.outcome != jurybox_sandbox::Outcome::Exited {
        return Some((report, None));
    }
    if report.stdout.is_empty() {
        if let Ok(written) = std::fs::read(scratch.path().join("testcase.in")) {
            return Some((report, Some(written)));
        }
    }
    let output = std::mem::take(&mut report.stdout);
    Some((report, Some(output)))
}
