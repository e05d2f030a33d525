//! What `.ci/run` promises beyond running the tests: a missing tool is a
//! failure there, not a skip (`tests/shared/tools.rs`, the one rule every
//! crate's tests use), and the run says how long it took.

use crate::support::root;
use crate::tools;

/// The rule itself: a skip is said where tools are not required, and a
/// failure where they are.
#[test]
fn a_missing_tool_is_a_failure_when_tools_are_required() {
    let required =
        std::panic::catch_unwind(|| tools::skip_unless(true, "frobnicate is not installed"));
    let message = required.expect_err("a required tool's skip fails the test");
    let text = message
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(
        text.contains("JURYBOX_REQUIRE_TOOLS=1") && text.contains("frobnicate"),
        "{text}"
    );
    assert!(std::panic::catch_unwind(|| tools::skip_unless(false, "frobnicate")).is_ok());
}

/// CI installs the tools and then requires them, before the tests run.
#[test]
fn ci_requires_the_tools_it_installs() {
    let run = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    let at = |text: &str| {
        run.find(text)
            .unwrap_or_else(|| panic!(".ci/run has no `{text}`"))
    };
    let installed = at("\n.ci/test-tools\n");
    let required = at("\nexport JURYBOX_REQUIRE_TOOLS=1\n");
    let tested = at("\ncargo test --workspace");
    assert!(installed < required && required < tested, "{run}");
}

/// No test says a skip of its own: each goes through `tools::skip`, which
/// `JURYBOX_REQUIRE_TOOLS=1` turns into a failure.
#[test]
fn every_missing_tool_skip_goes_through_the_one_rule() {
    let mut dirs = vec![root().join("tests")];
    for entry in std::fs::read_dir(root()).unwrap().flatten() {
        if entry.path().join("Cargo.toml").exists() && entry.path().join("tests").is_dir() {
            dirs.push(entry.path().join("tests"));
        }
    }
    let mut own_skips = Vec::new();
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") || path.ends_with("shared/tools.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, line) in text.lines().enumerate() {
                let lower = line.to_lowercase();
                let says = lower.contains("eprintln!") || lower.contains("println!");
                let skip = ["skipped", "not installed", "not found"]
                    .iter()
                    .any(|w| lower.contains(w));
                if says && skip {
                    own_skips.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                }
            }
        }
    }
    // tests/corpus.rs's line is an engine refusing an input, not a tool.
    own_skips.retain(|line| !line.contains("engine `{}` skipped"));
    assert!(
        own_skips.is_empty(),
        "skips not through tools::skip:\n{}",
        own_skips.join("\n")
    );
}

/// `.ci/run` ends by printing each phase's seconds and its own, however it
/// ends (CI's 45 minutes are watched from this line).
#[test]
fn ci_prints_its_own_duration() {
    let run = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(run.contains("trap durations EXIT"), "{run}");
    assert!(run.contains(".ci/run in all"), "{run}");
}

/// The benchmark gate installs the gungraun-runner of the version the
/// benches pin, read from the file that pins it: read from another file, the
/// version came out empty, which an already installed runner hid and a fresh
/// machine's `cargo install --version ''` refused.
#[test]
fn the_bench_gate_reads_the_gungraun_pin_where_it_is() {
    let gate = std::fs::read_to_string(root().join(".ci/bench-gate")).unwrap();
    let line = gate
        .lines()
        .find(|l| l.starts_with("version=") && l.contains("gungraun"))
        .unwrap_or_else(|| panic!(".ci/bench-gate reads no gungraun version:\n{gate}"));
    let file = line
        .rsplit(' ')
        .next()
        .and_then(|f| f.strip_suffix(")\""))
        .unwrap_or_else(|| panic!("no file named in `{line}`"));
    let manifest = std::fs::read_to_string(root().join(file))
        .unwrap_or_else(|e| panic!("{file}, where .ci/bench-gate reads the pin: {e}"));
    let pinned = manifest.lines().any(|l| {
        l.strip_prefix("gungraun = \"=")
            .and_then(|v| v.strip_suffix('"'))
            .is_some_and(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || c == '.'))
    });
    assert!(pinned, "{file} pins no gungraun = \"=X.Y.Z\"");
}
