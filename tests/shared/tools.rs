//! The one rule for a test that needs an outside tool (g++, gcov, pypy3,
//! checktestdata, p2d): where the tool is missing it skips, saying so, so
//! that a developer without it still runs the rest; with
//! `JURYBOX_REQUIRE_TOOLS=1` (set by `.ci/run`, after `.ci/test-tools` has
//! installed them) the skip is a failure, so that a tool CI lost cannot pass
//! as a green run. Every crate's tests take this file by `#[path]`, as the
//! integration tests take format's p2d reader.
#![allow(dead_code)] // each crate's tests use their part of it

use std::process::Command;

/// The variable that turns a missing tool into a failure.
pub const REQUIRE_TOOLS: &str = "JURYBOX_REQUIRE_TOOLS";

/// Whether the environment asks for every tool (`JURYBOX_REQUIRE_TOOLS=1`).
pub fn required() -> bool {
    std::env::var(REQUIRE_TOOLS).is_ok_and(|value| value == "1")
}

/// Says that a test is skipped because `why` (a tool is missing), or, when
/// tools are required, fails the test saying so.
#[track_caller]
pub fn skip(why: &str) {
    skip_unless(required(), why);
}

/// [`skip`] with the requirement given (what [`skip`] reads from the
/// environment), so that the rule itself can be tested.
#[track_caller]
pub fn skip_unless(required: bool, why: &str) {
    if required {
        panic!("{REQUIRE_TOOLS}=1 and a tool is missing: {why}");
    }
    eprintln!("SKIPPED: {why}");
}

/// A skip for a tool CI does not install (Java, Kotlin: left to the
/// developers who want their tests, `.ci/test-tools` says): said, never a
/// failure.
pub fn skip_optional(why: &str) {
    eprintln!("SKIPPED (optional tool): {why}");
}

/// Whether `tool ARG` starts; when it does not, the skip of `what` is said
/// (or fails, when tools are required).
#[track_caller]
pub fn installed(tool: &str, arg: &str, what: &str) -> bool {
    let found = Command::new(tool).arg(arg).output().is_ok();
    if !found {
        skip(&format!("{tool} is not installed: {what}"));
    }
    found
}
