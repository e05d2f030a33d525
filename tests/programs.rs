//! `--program` end to end, as a contestant uses it: stress, check, run and judge
//! with real programs (a C solution compiled here, shell one-liners), hostile ones
//! included. Every jurybox started here carries a marker in its environment, which
//! its programs inherit, so a test can prove that nothing it started is left.

use crate::support::{jurybox_command, output_of, root, tetris3d_sample, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A marker unique to one call, set in jurybox's environment.
fn marker() -> String {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    format!(
        "{}-{}",
        std::process::id(),
        N.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    )
}

/// Processes still alive that carry `JURYBOX_TEST_MARK=mark`.
fn left_behind(mark: &str) -> Vec<String> {
    let wanted = format!("JURYBOX_TEST_MARK={mark}");
    let mut left = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ.split(|&b| b == 0).any(|e| e == wanted.as_bytes()) {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            left.push(text(&cmdline).replace('\0', " "));
        }
    }
    left
}

fn command(args: &[&str], dir: &Path, mark: &str) -> Command {
    let mut c = jurybox_command();
    c.args(args).current_dir(dir).env("JURYBOX_TEST_MARK", mark);
    c
}

/// Runs jurybox in `dir` and checks that nothing it started outlives it.
fn jurybox_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mark = marker();
    let out = output_of(command(args, dir, &mark), stdin);
    let left = left_behind(&mark);
    assert!(left.is_empty(), "{args:?} left processes: {left:?}");
    out
}

/// `tests/programs/tetris3d_plain.c` compiled (with `flags`) once per test binary.
fn solution(flags: &[&str]) -> String {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let _one_at_a_time = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let dir = DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("programs");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    });
    let out = dir.join(format!("sol{}", flags.concat().replace(['-', '='], "_")));
    if !out.exists() {
        let src = root().join("tests/programs/tetris3d_plain.c");
        let status = Command::new("cc")
            .args(["-O2", "-o"])
            .arg(&out)
            .arg(&src)
            .args(flags)
            .status()
            .expect("cc (a C compiler) is needed for these tests");
        assert!(status.success());
    }
    out.display().to_string()
}

fn line_after<'a>(stdout: &'a str, prefix: &str) -> &'a str {
    stdout
        .lines()
        .find_map(|l| l.trim_start().strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line starting {prefix:?} in:\n{stdout}"))
}

#[test]
fn a_wrong_program_is_shrunk_saved_apart_and_reproduced() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = solution(&["-DTOUCHING_BUG"]);
    let out = jurybox_in(
        dir.path(),
        &[
            "stress",
            "tetris3d",
            "--seconds",
            "30",
            "--seed",
            "1",
            "--program",
            &wrong,
            "--time-limit",
            "1",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("FAILURE tetris3d: program"), "{stdout}");
    let saved = line_after(&stdout, "saved:  ").split(' ').next().unwrap();
    assert!(saved.starts_with("jurybox-found/tetris3d/"), "{saved}");
    let input = std::fs::read_to_string(dir.path().join(saved)).unwrap();
    let blocks = input.lines().count() - 1;
    assert!(
        (2..=3).contains(&blocks),
        "not shrunk to at most 3 blocks:\n{input}"
    );
    for ext in ["ans", "out", "err", "verdict", "note"] {
        assert!(dir.path().join(saved).with_extension(ext).exists(), "{ext}");
    }
    assert!(
        !dir.path().join("corpus").exists(),
        "a program's failure is not a regression of the project"
    );
    // The reproduce line names the program and its limits, and replays the failure.
    let reproduce = line_after(&stdout, "reproduce: ");
    assert!(
        reproduce.contains("--program") && reproduce.contains("--time-limit 1"),
        "{reproduce}"
    );
    let words: Vec<&str> = reproduce.split_whitespace().skip(1).collect();
    let again = jurybox_in(dir.path(), &words, "");
    assert_eq!(again.status.code(), Some(1));
    assert!(
        text(&again.stdout).starts_with("MISMATCH"),
        "{}",
        text(&again.stdout)
    );
}

/// Libraries print nothing (issue 34): a sandbox line on every run once garbled
/// the progress bar under `stress --program`. stderr carries only what the CLI
/// means to say: nothing for `check`; for `stress`, the seed line and, off a
/// terminal, the progress module's plain lines (`stress tetris3d: cases: ...`),
/// the first when the phase starts and the last when it ends.
#[test]
fn stderr_carries_only_what_jurybox_means_to_print() {
    let dir = tempfile::tempdir().unwrap();
    let sol = solution(&[]);
    let out = jurybox_in(
        dir.path(),
        &["check", "tetris3d", "--program", &sol],
        tetris3d_sample(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "", "check's stderr");
    let out = jurybox_in(
        dir.path(),
        &[
            "stress",
            "tetris3d",
            "--cases",
            "200",
            "--seed",
            "1",
            "--program",
            &sol,
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(lines[0].starts_with("stress seed 1 "), "{stderr}");
    assert!(
        lines[1..]
            .iter()
            .all(|l| l.starts_with("stress tetris3d: cases: ")),
        "stress's stderr:\n{stderr}"
    );
    assert_eq!(
        lines.last(),
        Some(&"stress tetris3d: cases: 200 of 200 cases, 0 caught"),
        "{stderr}"
    );
}

#[test]
fn a_flaky_program_is_reported_and_saved_as_flaky() {
    let dir = tempfile::tempdir().unwrap();
    let sol = solution(&[]);
    // Right on every run but the second (the first stress case after the check on
    // the sample): the failure does not repeat.
    let program = format!(
        "n=$(cat count 2>/dev/null || echo 0); echo $((n+1)) > count; if [ $n = 1 ]; then echo 0; else {sol}; fi"
    );
    let out = jurybox_in(
        dir.path(),
        &[
            "stress",
            "tetris3d",
            "--cases",
            "20",
            "--jobs",
            "1",
            "--seed",
            "4",
            "--program",
            &program,
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("FLAKY tetris3d"), "{stdout}");
    assert!(!text(&out.stderr).contains("panicked"));
    let saved = line_after(&stdout, "saved:  ").split(' ').next().unwrap();
    let saved = dir.path().join(saved);
    assert_eq!(
        std::fs::read_to_string(saved.with_extension("out")).unwrap(),
        "0\n"
    );
    assert_ne!(
        std::fs::read_to_string(saved.with_extension("out2")).unwrap(),
        "0\n"
    );
    assert!(std::fs::read_to_string(saved.with_extension("note"))
        .unwrap()
        .contains("FLAKY"));
}

#[test]
fn a_program_that_cannot_start_is_an_error_and_nothing_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sol.py"), "print(6)\n").unwrap();
    for program in ["./missing", "./sol.py", "./missing < /dev/null"] {
        let out = jurybox_in(
            dir.path(),
            &["stress", "tetris3d", "--cases", "50", "--program", program],
            "",
        );
        assert_eq!(out.status.code(), Some(1), "{program}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains("could not start"), "{program}: {stderr}");
        assert!(
            !dir.path().join("jurybox-found").exists(),
            "{program}: something was saved"
        );
        assert!(!text(&out.stdout).contains("reproduce"));
    }
}

#[test]
fn seconds_hold_with_a_slow_program_shrinking_included() {
    let dir = tempfile::tempdir().unwrap();
    let t = Instant::now();
    // Times out on every input: each run costs its wall limit (2 x 0.2 + 1 s).
    let out = jurybox_in(
        dir.path(),
        &[
            "stress",
            "tetris3d",
            "--seconds",
            "2",
            "--time-limit",
            "0.2",
            "--program",
            "sleep 5",
            "--shrink-seconds",
            "300",
        ],
        "",
    );
    let elapsed = t.elapsed();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("time limit exceeded (wall clock)"));
    // Not a timing threshold: a shrink that ignored the run's 2 s would go
    // on for its own 300 s (every try costs a wall limit); half of that is
    // minutes past the budget on any machine, however loaded.
    assert!(elapsed < Duration::from_secs(150), "{elapsed:?}");
}

#[test]
fn ctrl_c_stops_kills_saves_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let sol = solution(&[]);
    let mark = marker();
    // Right on the sample, then slow: the interrupt comes while programs run.
    let program = format!("if [ -e started ]; then sleep 60; fi; touch started; {sol}");
    let mut child = command(
        &[
            "stress",
            "tetris3d",
            "--seconds",
            "60",
            "--time-limit",
            "30",
            "--program",
            &program,
        ],
        dir.path(),
        &mark,
    )
    .spawn()
    .unwrap();
    drop(child.stdin.take());
    std::thread::sleep(Duration::from_millis(1500));
    // SAFETY: kill(2) on the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let t = Instant::now();
    let out = child.wait_with_output().unwrap();
    // Not a timing threshold: jurybox did not wait for the program's 60 s
    // sleep (half of it is far past any loaded machine's delay).
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("total:") && stdout.contains("interrupted"),
        "{stdout}"
    );
    assert!(left_behind(&mark).is_empty(), "{:?}", left_behind(&mark));
}

#[test]
fn a_closed_pipe_ends_output_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let jurybox = env!("CARGO_BIN_EXE_jurybox");
    for args in ["problems", "stress tetris3d --cases 10 --program 'echo 1'"] {
        // The reader (`true`) is gone before jurybox starts writing; the pipe is the
        // shell's own, so no other test's fork can hold it open.
        let script = format!("(sleep 0.3; {jurybox} {args}; echo \"exit $?\" >&2) | true");
        let out = Command::new("sh")
            .arg("-c")
            .arg(&script)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        assert!(stderr.contains("exit 141"), "{args}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn limits_must_be_finite_and_positive() {
    let dir = tempfile::tempdir().unwrap();
    for (flag, value) in [
        ("--time-limit", "inf"),
        ("--time-limit", "nan"),
        ("--time-limit", "1e300"),
        ("--time-limit", "0"),
        ("--time-limit", "-1"),
        ("--wall-limit", "0"),
        ("--memory-limit", "0"),
        ("--seconds", "nan"),
        ("--shrink-seconds", "0"),
    ] {
        let arg = format!("{flag}={value}");
        let out = jurybox_in(
            dir.path(),
            &["stress", "tetris3d", "--program", "cat", &arg],
            "",
        );
        assert_eq!(
            out.status.code(),
            Some(2),
            "{flag} {value}: {}",
            text(&out.stderr)
        );
        assert!(text(&out.stderr).contains(flag), "{}", text(&out.stderr));
    }
}

#[test]
fn run_judges_a_test_directory() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("tests");
    std::fs::create_dir(&tests).unwrap();
    std::fs::write(tests.join("1-sample.in"), tetris3d_sample()).unwrap();
    std::fs::write(tests.join("1-sample.ans"), "6\n").unwrap();
    // Two unit blocks side by side: only a program that stacks touching blocks
    // answers 2. No .ans: the reference answers.
    std::fs::write(tests.join("2-touching.in"), "2 1 2\n1 1 1 0 0\n1 1 1 1 0\n").unwrap();
    let right = solution(&[]);
    let out = jurybox_in(
        dir.path(),
        &["run", "tetris3d", "tests", "--program", &right],
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("2 runs: 2 accepted, 0 not accepted"),
        "{stdout}"
    );
    let wrong = solution(&["-DTOUCHING_BUG"]);
    let out = jurybox_in(
        dir.path(),
        &["run", "tetris3d", "tests", "--program", &wrong],
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let row = stdout
        .lines()
        .find(|l| l.starts_with("2-touching"))
        .unwrap();
    assert!(row.contains(" WA ") && row.contains("reference"), "{row}");
    // The sample has touching blocks too; its expected answer is the .ans file.
    let row = stdout.lines().find(|l| l.starts_with("1-sample")).unwrap();
    assert!(
        row.contains("expected 6, found 8") && row.contains(".ans"),
        "{row}"
    );
}

fn judge(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut all = vec!["judge", "tetris3d"];
    all.extend_from_slice(args);
    jurybox_in(dir, &all, stdin)
}

#[test]
fn judge_follows_testlib_and_kattis() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("t.in"), tetris3d_sample()).unwrap();
    std::fs::write(d.join("right.out"), "6\n").unwrap();
    std::fs::write(d.join("wrong.out"), "5\n").unwrap();
    std::fs::write(d.join("bad.in"), "7 5\n").unwrap();
    std::fs::write(d.join("lie.ans"), "5\n").unwrap();
    std::fs::write(d.join("huge.out"), "a".repeat(50 << 20)).unwrap();
    let code = |args: &[&str]| judge(d, args, "").status.code();
    assert_eq!(code(&["t.in", "right.out"]), Some(0));
    assert_eq!(code(&["t.in", "wrong.out"]), Some(1));
    assert_eq!(
        code(&["t.in", "right.out", "right.out"]),
        Some(0),
        "ANSWER read"
    );
    assert_eq!(
        code(&["t.in", "right.out", "lie.ans"]),
        Some(3),
        "jury answer contradicted"
    );
    assert_eq!(code(&["t.in", "missing.out"]), Some(3), "missing file");
    assert_eq!(code(&["bad.in", "right.out"]), Some(3), "invalid input");
    assert_eq!(code(&["t.in"]), Some(3), "bad usage");
    assert_eq!(code(&["t.in", "right.out", "--nope"]), Some(3), "bad usage");
    let huge = judge(d, &["t.in", "huge.out"], "");
    assert_eq!(huge.status.code(), Some(2));
    assert!(
        huge.stdout.len() + huge.stderr.len() < 2000,
        "the token is not echoed"
    );
    // Kattis: INPUT ANSWER FEEDBACK_DIR, the output on stdin, 42 / 43.
    std::fs::create_dir(d.join("feedback")).unwrap();
    std::fs::write(d.join("t.ans"), "6\n").unwrap();
    let kattis = |output: &str| judge(d, &["--kattis", "t.in", "t.ans", "feedback"], output);
    assert_eq!(kattis("6\n").status.code(), Some(42));
    assert_eq!(kattis("7\n").status.code(), Some(43));
    let message = std::fs::read_to_string(d.join("feedback/judgemessage.txt")).unwrap();
    assert!(message.contains("wrong answer"), "{message}");
}

#[test]
fn check_says_when_no_reference_could_run() {
    let dir = tempfile::tempdir().unwrap();
    // 40 001 full-platform blocks: too many for the pair scan, too much area for
    // the height map; only the fast engine runs.
    let mut input = String::from("1000 1000 40001\n");
    for _ in 0..40_001 {
        input.push_str("1000 1000 1 0 0\n");
    }
    std::fs::write(dir.path().join("big.in"), &input).unwrap();
    let out = jurybox_in(
        dir.path(),
        &["check", "tetris3d", "--extended", "big.in"],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("NOT VERIFIED") && stdout.contains("`fast`"),
        "{stdout}"
    );
    assert!(!stdout.starts_with("ok"), "{stdout}");
    std::fs::write(dir.path().join("big.out"), "40001\n").unwrap();
    let out = jurybox_in(
        dir.path(),
        &["judge", "tetris3d", "--extended", "big.in", "big.out"],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("NOT VERIFIED"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn programs_only_see_official_inputs_unless_extended() {
    let dir = tempfile::tempdir().unwrap();
    // Wrong on every screen: the shrinker would like a 1 x 1 screen, but the
    // official screen is 6 x 13, and a contestant may refuse anything else.
    let out = jurybox_in(
        dir.path(),
        &[
            "stress",
            "puyo",
            "--cases",
            "50",
            "--seed",
            "1",
            "--program",
            "echo 0",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    let saved = line_after(&stdout, "saved:  ").split(' ').next().unwrap();
    let check = jurybox_in(dir.path(), &["validate", "puyo", saved], "");
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert!(!line_after(&stdout, "reproduce: ").contains("--extended"));
}

/// Runs jurybox to the end and returns its output and its own peak resident memory.
///
/// The peak is polled from /proc (the larger of VmRSS and VmHWM), never taken
/// from `wait4`'s rusage: a child started by posix_spawn (vfork) inherits, at its
/// exec, the high-water mark of the process that spawned it, so its ru_maxrss
/// said this test binary's size (311 MiB once CI ran the slow tests beside it),
/// not jurybox's. jurybox resets its own VmHWM before each spawn, so the poll
/// reads both figures every 2 ms.
fn jurybox_with_peak(dir: &Path, args: &[&str]) -> (Output, u64) {
    let mark = marker();
    let mut child = command(args, dir, &mark).spawn().unwrap();
    drop(child.stdin.take());
    let status_file = format!("/proc/{}/status", child.id());
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let done = done.clone();
        std::thread::spawn(move || {
            let mut peak = 0u64;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                if let Ok(text) = std::fs::read_to_string(&status_file) {
                    peak = peak.max(resident_peak_bytes(&text));
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            peak
        })
    };
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut s).unwrap();
        s
    });
    let mut err = Vec::new();
    std::io::Read::read_to_end(&mut stderr, &mut err).unwrap();
    let out = reader.join().unwrap();
    let status = child.wait().unwrap();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let sampled = sampler.join().unwrap();
    assert!(left_behind(&mark).is_empty());
    let output = Output {
        status,
        stdout: out,
        stderr: err,
    };
    (output, sampled)
}

/// The larger of VmRSS and VmHWM in a /proc/PID/status text, in bytes (0 for a
/// zombie, which has neither).
fn resident_peak_bytes(status: &str) -> u64 {
    status
        .lines()
        .filter(|l| l.starts_with("VmRSS:") || l.starts_with("VmHWM:"))
        .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .max()
        .unwrap_or(0)
        * 1024
}

#[test]
fn floods_are_output_limits_and_jurybox_stays_small() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.in"), tetris3d_sample()).unwrap();
    for (program, verdict) in [
        ("yes", "output limit exceeded (stdout)"),
        ("yes >&2", "output limit exceeded (stderr)"),
    ] {
        let (out, peak) = jurybox_with_peak(
            dir.path(),
            &["check", "tetris3d", "t.in", "--program", program],
        );
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{stdout}");
        assert!(stdout.contains(verdict), "{stdout}");
        assert!(stdout.len() < 2000, "output is quoted in excerpts only");
        assert!(peak < 300 << 20, "jurybox peaked at {} MiB", peak >> 20);
        if program == "yes" {
            assert!(peak > 32 << 20, "the sampler saw the output: {peak}");
        }
    }
}

/// The spec's move that starts inside a cut part (papercut's `cut-start` mutant,
/// run as a contestant's program) shrinks to a single cut on every seed tried:
/// a counterexample with more cuts than the bug needs is a local minimum the
/// shrinker must not stop in (issue 16 saw one stop at n=2 m=3 k=3).
#[test]
fn papercut_cut_start_shrinks_to_one_cut() {
    let exe = env!("CARGO_BIN_EXE_jurybox");
    let program = format!("{exe} solve papercut --engine cut-start");
    for seed in ["1", "2", "3", "4"] {
        let dir = tempfile::tempdir().unwrap();
        let out = jurybox_in(
            dir.path(),
            &[
                "stress",
                "papercut",
                "--program",
                &program,
                "--seed",
                seed,
                "--cases",
                "3000",
                "--jobs",
                "2",
            ],
            "",
        );
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "seed {seed}: {stdout}");
        let saved = line_after(&stdout, "saved:  ").split(' ').next().unwrap();
        let input = std::fs::read_to_string(dir.path().join(saved)).unwrap();
        let k = input.split_whitespace().nth(2);
        assert_eq!(k, Some("1"), "seed {seed}: not shrunk to one cut:\n{input}");
    }
}
