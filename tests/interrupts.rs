//! Ctrl-C, as a user sends it: SIGINT to a real jurybox while the jury's own
//! programs run or a package's mutants are judged. An interrupted command says
//! so, shows only what ran, and exits 130 within moments (issue 34: jury
//! programs once ran with a flag nothing set, and mutants that never ran were
//! printed as survivors with exit 0).

use crate::support::{copy_dir, jurybox_command, root, text};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Output};
use std::time::{Duration, Instant};

/// Sends SIGINT to `child` and waits for it: its output and how long it took
/// to end.
fn interrupt(child: Child) -> (Output, Duration) {
    // SAFETY: kill(2) on the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let t = Instant::now();
    let out = child.wait_with_output().unwrap();
    (out, t.elapsed())
}

/// Waits (at most a minute) until `path` exists.
fn wait_for(path: &Path, child: &mut Child) {
    let t = Instant::now();
    while !path.exists() {
        assert!(child.try_wait().unwrap().is_none(), "jurybox ended first");
        // A guard against a hang, not a timing threshold.
        assert!(t.elapsed() < Duration::from_secs(600), "never started");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `stress --gen` with one jury program that hangs (after saying it started):
/// Ctrl-C stops it at once, not at the jury's limit (200 s of CPU, 401 s of
/// wall clock), and the run ends as interrupted, not as the jury's fault.
#[test]
fn ctrl_c_stops_a_hanging_generator_validator_or_checker_at_once() {
    // A checker's arguments follow the command: they go to `true`.
    let hang = "touch started; sleep 600; true";
    for (role, flags) in [
        ("generator", vec!["--gen", hang]),
        ("validator", vec!["--gen", "echo 1", "--validator", hang]),
        ("checker", vec!["--gen", "echo 1", "--checker", hang]),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut command = jurybox_command();
        command
            .current_dir(dir.path())
            .args(["stress", "--reference", "cat", "--program", "cat"])
            .args(["--cases", "5", "--jobs", "1", "--jury-time-limit", "200"])
            .args(&flags);
        let mut child = command.spawn().unwrap();
        drop(child.stdin.take());
        wait_for(&dir.path().join("started"), &mut child);
        let (out, took) = interrupt(child);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{role}: {stderr}");
        assert!(!stderr.contains("jury failed"), "{role}: {stderr}");
        // Not a timing threshold: a flag nothing sets waits out the jury's
        // wall limit (2 × 200 + 1 s here, the hang 600 s); half of it is
        // minutes past any loaded machine's delay.
        assert!(took < Duration::from_secs(200), "{role}: {took:?}");
    }
}

/// `mutants DIR` and `report DIR`, interrupted once the package is judged and
/// its mutants are being made and run (each run of the accepted submission,
/// and of each of its mutants, takes a fifth of a second): no mutant is
/// printed as a survivor and no score is given.
#[test]
fn ctrl_c_during_a_packages_mutants_shows_no_survivor_and_exits_130() {
    let tmp = tempfile::tempdir().unwrap();
    let package = tmp.path().join("doubling");
    copy_dir(&root().join("tests/packages/doubling"), &package);
    std::fs::write(
        package.join("submissions/accepted/double.c"),
        "#include <stdio.h>\n#include <unistd.h>\nint main(void) {\n    int n;\n    \
         scanf(\"%d\", &n);\n    usleep(200000);\n    printf(\"%d\\n\", 2 * n);\n    \
         return 0;\n}\n",
    )
    .unwrap();
    let page = tmp.path().join("page.html");
    let package = package.to_str().unwrap();
    for args in [
        vec!["mutants", package, "--mutants", "30", "--jobs", "1"],
        vec![
            "report",
            package,
            "--mutants",
            "30",
            "--jobs",
            "1",
            "--out",
            page.to_str().unwrap(),
        ],
    ] {
        let mut command = jurybox_command();
        command.current_dir(tmp.path()).args(&args);
        let mut child = command.spawn().unwrap();
        drop(child.stdin.take());
        // The limit is printed once the package is judged (after the judge's
        // header lines); the mutants follow.
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut seen = String::new();
        loop {
            let mut line = String::new();
            let read = stdout.read_line(&mut line).unwrap();
            assert!(read > 0, "{args:?}: no time limit line in {seen}");
            seen.push_str(&line);
            if line.starts_with("time limit") {
                break;
            }
        }
        let (out, _) = interrupt(child);
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {rest}{stderr}");
        assert!(stderr.contains("interrupted"), "{args:?}: {stderr}");
        for never in ["SURVIVES", "killed", "mutation score"] {
            assert!(!rest.contains(never), "{args:?}: {rest}");
        }
        assert!(!page.exists(), "{args:?}: a page of runs that never ran");
    }
}
