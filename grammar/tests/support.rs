//! What the tests share: the checktestdata checker, when installed.

use std::io::Write;

use jurybox_grammar::generate::{candidates, GenerateOptions, GeneratedInput, Stage};
use jurybox_grammar::Grammar;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The checktestdata checker: `$JURYBOX_CHECKTESTDATA`, else `pyctd` or
/// `checktestdata` on the PATH; `None` (and a line saying the check is
/// skipped) when none is installed.
pub fn checktestdata() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("JURYBOX_CHECKTESTDATA") {
        return Some(PathBuf::from(p));
    }
    for name in ["pyctd", "checktestdata"] {
        if let Ok(out) = Command::new("sh")
            .arg("-c")
            .arg(format!("command -v {name}"))
            .output()
        {
            let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if out.status.success() && !path.is_empty() {
                return Some(PathBuf::from(path));
            }
        }
    }
    crate::tools::skip("checktestdata is not installed (pip install checktestdata, or set JURYBOX_CHECKTESTDATA): its check is not run");
    None
}

/// Whether `checker` accepts `input` for `script`, with its message.
pub fn ctd_accepts(checker: &Path, script: &Path, input: &[u8]) -> (bool, String) {
    let mut child = Command::new(checker)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("checktestdata starts");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let message = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), message)
}

/// The first `per_stage` candidates of each stage; every stage but the
/// edits (which need a count or a bound to change) makes some.
pub fn every_stage(g: &Grammar, per_stage: usize) -> Vec<GeneratedInput> {
    let mut out = Vec::new();
    for stage in [
        Stage::SmallScope,
        Stage::Boundary,
        Stage::Maximal,
        Stage::Edits,
        Stage::Random,
    ] {
        let options = GenerateOptions {
            max_tokens: 200_000,
            stages: vec![stage],
            ..GenerateOptions::default()
        };
        let made: Vec<GeneratedInput> = candidates(g, &options, 11)
            .unwrap()
            .take(per_stage)
            .collect();
        assert!(
            !made.is_empty() || stage == Stage::Edits,
            "stage {stage:?} made nothing from\n{g}"
        );
        out.extend(made);
    }
    out
}
