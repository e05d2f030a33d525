//! Hostile programs against the sandbox: each ends with its expected outcome,
//! quickly, and leaves no process behind. The programs are shell one-liners and
//! three small C files in the repository's `tests/programs/`, compiled here with
//! `cc`. Turning an outcome into a verdict with a checker is the stress crate's
//! (`judge_run`), tested there.

/// Dialogues: hostile programs and hostile interactors (`run_pair`).
#[path = "hostile_programs/interactive.rs"]
mod interactive;

use jurybox_sandbox::{
    run_command, Clock, Outcome, RunLimits, RunReport, StackLimit, Stream, Termination, MIB,
};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The repository's root (the sandbox crate is one level down).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// tetris3d's sample and its answer, from the corpus: the C solution's input.
fn sample() -> (Vec<u8>, Vec<u8>) {
    let dir = root().join("corpus/tetris3d/samples");
    let read = |name: &str| std::fs::read(dir.join(name)).expect("the corpus has the sample");
    (read("sample1.in"), read("sample1.ans"))
}

/// One hostile run at a time, so that "no process left" is about this test's run.
static SERIAL: Mutex<()> = Mutex::new(());

/// Compiles `tests/programs/NAME.c` (with `flags`) once per test binary.
fn compiled(name: &str, flags: &[&str]) -> String {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hostile");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    });
    let out = dir.join(format!("{name}{}", flags.concat()).replace(['-', '=', '/'], "_"));
    let src = root().join(format!("tests/programs/{name}.c"));
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let status = std::process::Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&out)
        .arg(&src)
        .args(flags)
        .status()
        .expect("cc (a C compiler) is needed for these tests");
    assert!(status.success(), "cc failed on {}", src.display());
    out.display().to_string()
}

/// Processes of this test binary's runs still alive (they carry `JURYBOX_RUN=<our
/// pid>-`), and children of ours not yet reaped.
fn leftovers() -> Vec<String> {
    let marker = format!("JURYBOX_RUN={}-", std::process::id());
    let mut left = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ
            .split(|&b| b == 0)
            .any(|e| e.starts_with(marker.as_bytes()))
        {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            left.push(String::from_utf8_lossy(&cmdline).replace('\0', " "));
        }
    }
    for task in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        left.extend(
            children
                .split_whitespace()
                .map(|p| format!("unreaped child {p}")),
        );
    }
    left
}

fn limits(cpu_ms: u64, wall_ms: u64) -> RunLimits {
    let mut l = RunLimits::with_cpu(Duration::from_millis(cpu_ms));
    l.wall = Duration::from_millis(wall_ms);
    l
}

/// Runs `command` on `input` and checks that it left nothing behind.
fn run_clean(command: &str, limits: &RunLimits, input: &[u8]) -> RunReport {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    run_clean_serial(command, limits, input)
}

/// `run_clean` for a caller that holds `SERIAL`: one that makes a large input
/// only once no other test runs, since a test measuring the runner's memory
/// (`floods_hit_the_output_limits_and_memory_stays_bounded`) must not see it.
fn run_clean_serial(command: &str, limits: &RunLimits, input: &[u8]) -> RunReport {
    let report = run_command(command, limits, input, &AtomicBool::new(false));
    let left = leftovers();
    assert!(
        left.is_empty(),
        "`{command}` left processes behind: {left:?}"
    );
    report
}

/// Runs `command` on the sample and asserts it ended normally with the sample's
/// answer (the whole answer, byte for byte: the C solution and `echo 6` print it
/// exactly).
fn answers_the_sample(command: &str) -> RunReport {
    let (input, answer) = sample();
    let report = run_clean(command, &limits(EASY.0, EASY.1), &input);
    assert_eq!(report.outcome, Outcome::Exited, "{command}: {report:?}");
    assert_eq!(report.stdout, answer, "{command}: {report:?}");
    report
}

/// Generous wall limit for runs whose verdict does not depend on it.
const EASY: (u64, u64) = (2000, 10_000);

#[test]
fn a_correct_program_ends_normally_and_is_measured() {
    let report = answers_the_sample(&compiled("tetris3d_plain", &[]));
    assert!(report.peak_memory > 0 && report.wall > Duration::ZERO);
}

/// How long the sleeps of the tests below last: a run that waited for one
/// would take this long, far past any limit and any loaded machine's delay.
const LONG_SLEEP: u64 = 300;

/// The run started at `t` ended without waiting for a [`LONG_SLEEP`]: it
/// took less than half of it. Not a timing threshold on the machine's speed:
/// the bound is the sleep's own length, minutes away from the limits.
fn did_not_wait_for_the_sleep(t: Instant) {
    let half = Duration::from_secs(LONG_SLEEP / 2);
    assert!(
        t.elapsed() < half,
        "waited for the sleep: {:?}",
        t.elapsed()
    );
}

#[test]
fn sleeping_is_a_wall_clock_time_limit() {
    let t = Instant::now();
    let report = run_clean(&format!("sleep {LONG_SLEEP}"), &limits(300, 600), b"");
    assert_eq!(report.outcome, Outcome::TimeLimit(Clock::Wall));
    did_not_wait_for_the_sleep(t);
}

#[test]
fn a_busy_loop_is_a_cpu_time_limit() {
    let report = run_clean("while :; do :; done", &limits(300, 10_000), b"");
    assert_eq!(report.outcome, Outcome::TimeLimit(Clock::Cpu), "{report:?}");
    // A CPU limit, not the 10 s wall limit: the outcome says which clock ended it.
    assert!(report.cpu >= Duration::from_millis(300));
}

#[test]
fn a_background_child_holding_stdout_does_not_hang_the_run() {
    let t = Instant::now();
    answers_the_sample(&format!("sleep {LONG_SLEEP} & echo 6"));
    did_not_wait_for_the_sleep(t);
}

#[test]
fn twenty_children_are_all_killed() {
    let command =
        "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do sleep 300 & done; echo 6";
    answers_the_sample(command);
}

#[test]
fn detached_children_are_killed() {
    for command in [
        "setsid sleep 300 & echo 6",
        "setsid -f sleep 300; echo 6",
        "(sleep 300 &); echo 6",
        "(setsid sh -c 'sleep 300 & sleep 300' &); echo 6",
        "env -i setsid -f sleep 300; echo 6",
    ] {
        let t = Instant::now();
        answers_the_sample(command);
        did_not_wait_for_the_sleep(t);
    }
}

/// This process's resident size now, in bytes.
fn own_memory() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

#[test]
fn floods_hit_the_output_limits_and_memory_stays_bounded() {
    // The runner resets this process's VmHWM before each spawn (see the program
    // module), so the peak is sampled here instead.
    let done = std::sync::atomic::AtomicBool::new(false);
    let peak = std::thread::scope(|scope| {
        let sampler = scope.spawn(|| {
            let mut peak = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                peak = peak.max(own_memory());
                std::thread::sleep(Duration::from_millis(2));
            }
            peak
        });
        let report = run_clean("yes", &limits(EASY.0, EASY.1), b"");
        assert_eq!(report.outcome, Outcome::OutputLimit(Stream::Stdout));
        assert!(report.stdout.len() as u64 <= 64 * MIB);
        let report = run_clean("yes >&2", &limits(EASY.0, EASY.1), b"");
        assert_eq!(report.outcome, Outcome::OutputLimit(Stream::Stderr));
        assert!(report.stderr.len() <= 4096);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        sampler.join().unwrap()
    });
    assert!(
        peak > 32 * MIB,
        "the sampler saw the 64 MiB of output: {peak}"
    );
    assert!(peak < 300 * MIB, "{} MiB", peak / MIB);
    // This process held 64 MiB of output a moment ago; Linux would count that in
    // the next child's ru_maxrss, but the runner does not let it through.
    let sol = compiled("tetris3d_plain", &[]);
    let report = answers_the_sample(&sol);
    assert!(report.peak_memory < 32 * MIB, "{report:?}");
    let mut tight = limits(EASY.0, EASY.1);
    tight.memory_bytes = 2 * MIB;
    let report = run_clean(&sol, &tight, &sample().0);
    assert_ne!(report.outcome, Outcome::MemoryLimit, "{report:?}");
}

#[test]
fn a_memory_hog_is_a_memory_limit_not_a_runtime_error() {
    let hog = compiled("hog", &[]);
    let mut l = limits(EASY.0, EASY.1);
    l.memory_bytes = 64 * MIB;
    let report = run_clean(&hog, &l, b"");
    assert_eq!(report.outcome, Outcome::MemoryLimit, "{report:?}");
    assert!(report.peak_memory > 64 * MIB);
}

#[test]
fn crashes_are_runtime_errors_named_by_signal_or_exit_code() {
    let segv = compiled("segv", &[]);
    let report = run_clean(&segv, &limits(EASY.0, EASY.1), b"");
    assert_eq!(
        report.outcome,
        Outcome::RuntimeError(Termination::Signal(libc::SIGSEGV))
    );
    assert_eq!(
        Termination::Signal(libc::SIGSEGV).to_string(),
        "SIGSEGV",
        "named by its signal"
    );
    let report = run_clean("echo boom >&2; exit 3", &limits(EASY.0, EASY.1), b"");
    assert_eq!(report.outcome, Outcome::RuntimeError(Termination::Exit(3)));
    assert_eq!(report.stderr, b"boom\n");
}

#[test]
fn a_program_not_reading_a_large_input_is_judged_on_its_output() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let big = vec![b'1'; 32 << 20];
    // Blocked writing the input it never reads, the run would end at its wall
    // limit, a time limit's outcome: that it exited says it was not.
    let report = run_clean_serial("echo 6", &limits(EASY.0, EASY.1), &big);
    assert_eq!(report.outcome, Outcome::Exited);
    assert_eq!(report.stdout, b"6\n");
}

#[test]
fn missing_or_not_executable_programs_could_not_start() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("not-executable");
    std::fs::write(&plain, "#!/bin/sh\necho 6\n").unwrap();
    let missing = dir.path().join("missing");
    // Executable but no program: as posix_spawnp, no shell is tried on it.
    let no_shebang = dir.path().join("no-shebang");
    std::fs::write(&no_shebang, "echo 6\n").unwrap();
    std::fs::set_permissions(
        &no_shebang,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    for command in [
        missing.display().to_string(),
        plain.display().to_string(),
        no_shebang.display().to_string(),
        "jurybox-no-such-program-in-path".to_string(),
        format!("{} < /dev/null", missing.display()),
        format!("{} < /dev/null", plain.display()),
    ] {
        let report = run_clean(&command, &limits(EASY.0, EASY.1), &sample().0);
        assert!(
            matches!(report.outcome, Outcome::CouldNotStart(_)),
            "{command}: {report:?}"
        );
    }
}

#[test]
fn cancel_stops_a_run_at_once() {
    let cancel = AtomicBool::new(true);
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let report = run_command("sleep 300", &limits(EASY.0, EASY.1), b"", &cancel);
    // The outcome says cancellation ended it, not the 10 s wall limit (which
    // would be a time limit's outcome): behaviour, not a timing threshold.
    assert_eq!(report.outcome, Outcome::Interrupted);
    assert!(leftovers().is_empty(), "{:?}", leftovers());
}

#[test]
fn a_program_starts_with_default_signals_and_jurybox_environment() {
    // jurybox ignores SIGPIPE (Rust does); a program must not inherit that (a
    // pipeline's writer would see EPIPE errors instead of dying quietly), nor a
    // blocked signal; it gets jurybox's environment and its run's token.
    let report = run_clean(
        "grep -e SigIgn: -e SigBlk: /proc/self/status",
        &limits(EASY.0, EASY.1),
        b"",
    );
    assert_eq!(report.outcome, Outcome::Exited, "{report:?}");
    let status = String::from_utf8_lossy(&report.stdout).into_owned();
    let mask = |name: &str| {
        let line = status.lines().find_map(|l| l.strip_prefix(name));
        u64::from_str_radix(line.expect("the field is shown").trim(), 16).unwrap()
    };
    assert_eq!(mask("SigBlk:"), 0, "{status}");
    assert_eq!(mask("SigIgn:"), 0, "{status}");
    let report = run_clean("env", &limits(EASY.0, EASY.1), b"");
    let env = String::from_utf8_lossy(&report.stdout).into_owned();
    let path = std::env::var("PATH").expect("the tests run with a PATH");
    assert!(env.lines().any(|l| l == format!("PATH={path}")), "{env}");
    let token = format!("JURYBOX_RUN={}-", std::process::id());
    assert_eq!(
        env.lines()
            .filter(|l| l.starts_with("JURYBOX_RUN="))
            .count(),
        1,
        "{env}"
    );
    assert!(env.lines().any(|l| l.starts_with(&token)), "{env}");
}

#[test]
fn the_cpu_backstop_and_no_core_files_hold_from_the_programs_first_instruction() {
    // Set in the child before its exec, not after the program has started:
    // RLIMIT_CPU two seconds past the CPU limit (hard one more), core files off.
    let report = run_clean("cat /proc/self/limits", &limits(EASY.0, EASY.1), b"");
    assert_eq!(report.outcome, Outcome::Exited, "{report:?}");
    let text = String::from_utf8_lossy(&report.stdout).into_owned();
    let row = |name: &str| -> Vec<String> {
        let line = text.lines().find(|l| l.starts_with(name)).expect(name);
        line[name.len()..]
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let backstop = (EASY.0 / 1000 + 2).to_string();
    let hard = (EASY.0 / 1000 + 3).to_string();
    assert_eq!(row("Max cpu time")[..2], [backstop, hard], "{text}");
    assert_eq!(row("Max core file size")[..2], ["0", "0"], "{text}");
}

#[test]
fn a_deep_recursion_runs_with_the_stack_it_is_given_and_the_memory_limit_still_holds() {
    let deep = compiled("deep_recursion", &[]);
    let mut judged = limits(EASY.0, EASY.1);
    judged.memory_bytes = 256 * MIB;
    // 300 000 frames: about 30 MiB of stack.
    judged.stack = StackLimit::Bytes(8 * MIB);
    let report = run_clean(&deep, &judged, b"300000\n");
    assert_eq!(
        report.outcome,
        Outcome::RuntimeError(Termination::Signal(libc::SIGSEGV)),
        "an 8 MiB stack cannot hold it: {report:?}"
    );
    for stack in [StackLimit::MemoryLimit, StackLimit::Unlimited] {
        judged.stack = stack;
        let report = run_clean(&deep, &judged, b"300000\n");
        assert_eq!(report.outcome, Outcome::Exited, "{stack:?}: {report:?}");
        assert!(
            report.stdout.starts_with(b"300000 "),
            "{stack:?}: {}",
            String::from_utf8_lossy(&report.stdout)
        );
    }
    // A recursion that never ends is stopped by the memory limit, whatever the
    // stack may grow to: its stack pages are resident memory.
    judged.memory_bytes = 64 * MIB;
    for stack in [StackLimit::MemoryLimit, StackLimit::Unlimited] {
        judged.stack = stack;
        let report = run_clean(&deep, &judged, b"1000000000\n");
        assert_eq!(
            report.outcome,
            Outcome::MemoryLimit,
            "{stack:?}: {report:?}"
        );
    }
}
