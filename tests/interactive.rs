//! Interactive problems end to end, as a setter uses them: `stress --gen
//! --interactor` on the guessing game of `tests/programs/interactive/` (found,
//! shrunk, saved with its dialogue, replayed), the jury's faults, and a package of
//! type interactive under `jurybox run`, whose submissions must get the verdicts
//! their directories promise.

use crate::support::{jurybox_command, root, text};
use jurybox_core::verdict::Protocol;
use jurybox_judging::interactive::Interactor;
use jurybox_judging::jobs::Budget;
use jurybox_judging::tool::{OutputCheck, Tool};
use jurybox_judging::verdict::{NoVerdict, RunVerdict};
use jurybox_sandbox::RunLimits;
use jurybox_stress::any::run::{replay, run_any, AnyPlan};
use jurybox_stress::any::{judge_case, CaseResult, JuryCommands};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;
use std::time::Duration;

/// `tests/programs/interactive/NAME.c`, compiled once per test binary.
fn compiled(name: &str) -> String {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("interactive");
        std::fs::create_dir_all(&dir).unwrap();
        dir
    });
    let out = dir.join(name);
    if out.exists() {
        return out.display().to_string();
    }
    let src = source(name);
    let tmp = dir.join(format!("{name}.{:?}", std::thread::current().id()));
    let status = std::process::Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&tmp)
        .arg(&src)
        .status()
        .expect("cc (a C compiler) is needed for these tests");
    assert!(status.success(), "cc failed on {}", src.display());
    std::fs::rename(&tmp, &out).unwrap();
    out.display().to_string()
}

fn source(name: &str) -> PathBuf {
    root().join(format!("tests/programs/interactive/{name}.c"))
}

/// "N 10": N in 1..=1000 drawn from the seed.
const GEN: &str = "awk -v s={seed} 'BEGIN { srand(s % 100000); print 1 + int(rand() * 1000), 10 }'";
/// testlib protocol: exit 0 when the input is "N 10" with N in 1..=1000.
const VALIDATOR: &str = "awk 'NR == 1 && NF == 2 && $1 ~ /^[0-9]+$/ && $1 >= 1 && $1 <= 1000 && $2 == 10 { ok = 1; next } { ok = 0 } END { exit !ok }'";

fn jurybox_in(dir: &Path, args: &[&str]) -> Output {
    let mut command = jurybox_command();
    command.args(args).current_dir(dir);
    command.output().unwrap()
}

fn stress(dir: &Path, program: &str, extra: &[&str]) -> Output {
    let interactor = compiled("guess_interactor");
    let mut args = vec![
        "stress",
        "--gen",
        GEN,
        "--interactor",
        &interactor,
        "--validator",
        VALIDATOR,
        "--program",
        program,
        "--seed",
        "3",
        "--cases",
        "60",
        "-j",
        "2",
        "--save",
        "found",
    ];
    args.extend_from_slice(extra);
    jurybox_in(dir, &args)
}

#[test]
fn stress_finds_the_off_by_one_saves_the_dialogue_and_replays_it() {
    let dir = tempfile::tempdir().unwrap();
    let reference = compiled("guess_binary");
    let out = stress(
        dir.path(),
        &compiled("guess_off_by_one"),
        &["--reference", &reference],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("wrong answer: more than 10 questions"),
        "{stdout}"
    );
    let saved: Vec<&str> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("saved: "))
        .collect();
    let interaction = saved.iter().find(|p| p.ends_with(".interaction")).unwrap();
    let exchange = std::fs::read_to_string(dir.path().join(interaction)).unwrap();
    assert!(exchange.starts_with(">500\n<"), "{exchange}");
    assert!(saved.iter().any(|p| p.ends_with(".interactor.err")));
    // The reproduce line replays it: the same verdict, the exchange printed.
    let reproduce = stdout
        .lines()
        .find_map(|l| l.strip_prefix("reproduce: jurybox "))
        .unwrap();
    let words = shell_words(reproduce);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let again = jurybox_in(dir.path(), &words);
    let replayed = text(&again.stdout);
    assert_eq!(again.status.code(), Some(1), "{replayed}");
    assert!(
        replayed.starts_with("wrong answer: more than 10 questions"),
        "{replayed}"
    );
    assert!(replayed.contains(&exchange), "{replayed}");
}

/// Splits a line that jurybox quoted (plain words, single quotes, and `\'`
/// for a quote inside a quoted word).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if !quoted => word.extend(chars.next()),
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => word.push(c),
        }
    }
    if any || !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn a_correct_program_passes_and_a_missing_flush_is_a_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let out = stress(dir.path(), &compiled("guess_binary"), &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("60 cases; program CPU"), "{stdout}");
    assert!(stdout.contains("no failure"), "{stdout}");
    let out = stress(
        dir.path(),
        &compiled("guess_no_flush"),
        &[
            "--time-limit",
            "0.2",
            "--wall-limit",
            "0.6",
            "--shrink-seconds",
            "3",
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("time limit exceeded (wall clock)"),
        "{stdout}"
    );
    let note = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("saved: "))
        .find(|p| p.ends_with(".note"))
        .unwrap();
    let note = std::fs::read_to_string(dir.path().join(note)).unwrap();
    assert!(note.contains("idleness"), "{note}");
}

#[test]
fn the_interactors_failures_are_the_jurys() {
    let dir = tempfile::tempdir().unwrap();
    let binary = compiled("guess_binary");
    for interactor in ["sh -c 'exit 3'", "sh -c 'kill -SEGV $$'"] {
        let out = jurybox_in(
            dir.path(),
            &[
                "stress",
                "--gen",
                GEN,
                "--interactor",
                interactor,
                "--program",
                &binary,
                "--cases",
                "5",
            ],
        );
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{interactor}: {stderr}");
        assert!(
            stderr.contains("the jury failed, not the program"),
            "{stderr}"
        );
    }
    let out = jurybox_in(dir.path(), &["stress", "--gen", GEN, "--program", &binary]);
    assert!(
        text(&out.stderr)
            .contains("--reference CMD (or, for an interactive problem, --interactor CMD"),
        "{}",
        text(&out.stderr)
    );
}

/// A Kattis package of the guessing game, made of the same C programs.
fn package(dir: &Path) -> PathBuf {
    let pkg = dir.join("guess");
    let put = |path: &str, contents: &[u8]| {
        let path = pkg.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    };
    put(
        "problem.yaml",
        b"problem_format_version: 2025-09\ntype: interactive\nname: guess\nlimits:\n  time_limit: 1\n",
    );
    let copy = |name: &str, to: &str| put(to, &std::fs::read(source(name)).unwrap());
    copy("guess_interactor", "output_validator/guess_interactor.c");
    copy("guess_binary", "submissions/accepted/binary.c");
    copy("guess_off_by_one", "submissions/wrong_answer/off_by_one.c");
    copy("guess_linear", "submissions/wrong_answer/linear.c");
    copy("guess_chatty", "submissions/wrong_answer/chatty.c");
    copy(
        "guess_no_flush",
        "submissions/time_limit_exceeded/no_flush.c",
    );
    put(
        "input_validators/validate.py",
        b"import sys, re\nsys.exit(42 if re.fullmatch(r'([1-9][0-9]{0,2}|1000) 10\\n', sys.stdin.read()) else 43)\n",
    );
    for (name, n) in [("1", 1000), ("2", 2), ("3", 500)] {
        put(
            &format!("data/secret/{name}.in"),
            format!("{n} 10\n").as_bytes(),
        );
        put(&format!("data/secret/{name}.ans"), b"");
    }
    put("data/sample/1.in", b"1000 10\n");
    put("data/sample/1.ans", b"");
    put(
        "data/sample/1.interaction",
        b">500\n<higher\n>750\n<higher\n",
    );
    pkg
}

#[test]
fn an_interactive_package_runs_with_its_output_validator_as_the_interactor() {
    let dir = tempfile::tempdir().unwrap();
    let pkg = package(dir.path());
    let out = jurybox_in(dir.path(), &["run", &pkg.display().to_string(), "-j", "2"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("every submission's verdicts are as expected"),
        "{stdout}"
    );
    for (name, verdicts) in [
        ("accepted/binary.c", "AC×4"),
        // Stopped at the first rejection, as the judges stop them.
        ("wrong_answer/chatty.c", "WA×1 skipped×3"),
        ("time_limit_exceeded/no_flush.c", "TLE×1 skipped×3"),
    ] {
        let row = stdout.lines().find(|l| l.starts_with(name)).unwrap();
        assert!(row.contains(verdicts), "{row}");
    }
    // The missing flush uses no CPU, yet no limit would let it finish.
    let no_flush = stdout
        .lines()
        .find(|l| l.starts_with("time_limit_exceeded/no_flush.c"))
        .unwrap();
    assert!(
        no_flush.contains("separable: it stalled (idle past the wall clock) on"),
        "{no_flush}"
    );
    // stress with the package: its output validator is the interactor (Kattis).
    let out = jurybox_in(
        dir.path(),
        &[
            "stress",
            "--gen",
            GEN,
            "--problem",
            &pkg.display().to_string(),
            "--program",
            &compiled("guess_linear"),
            "--seed",
            "3",
            "--cases",
            "20",
            "--save",
            "found",
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("more than 10 questions"), "{stdout}");
}

/// The guessing game's interactor (testlib protocol).
fn guess() -> Interactor {
    Interactor {
        tool: Tool::new(compiled("guess_interactor"), Protocol::Testlib),
        passes: 1,
        checker: None,
        in_turn: false,
    }
}

#[test]
fn a_reference_the_interactor_rejects_is_the_jurys_fault() {
    let jury = JuryCommands {
        generator: "echo 1000 10".into(),
        reference: Some(compiled("guess_linear")),
        checker: OutputCheck::tokens(),
        validators: Vec::new(),
        limits: RunLimits::with_cpu(Duration::from_secs(5)),
        interactor: Some(guess()),
    };
    let limits = RunLimits::with_cpu(Duration::from_secs(1));
    let never = AtomicBool::new(false);
    let result = judge_case(
        &jury,
        &compiled("guess_binary"),
        &limits,
        b"1000 10\n",
        &never,
    );
    assert!(
        matches!(&result, CaseResult::NoVerdict(NoVerdict::JuryFault(why)) if why.contains("not accepted by the interactor")),
        "{result:?}"
    );
}

/// Whether the off-by-one search asks more than 10 questions for `n`.
fn off_by_one_fails(n: i64) -> bool {
    let (mut lo, mut hi) = (1, 1000);
    for _ in 0..10 {
        let mid = (lo + hi) / 2;
        if mid == n {
            return false;
        }
        if n > mid {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    true
}

#[test]
fn a_stress_run_finds_shrinks_and_saves_the_dialogue() {
    let dir = tempfile::tempdir().unwrap();
    let plan = AnyPlan {
        jury: JuryCommands {
            generator:
                "awk -v s={seed} 'BEGIN { srand(s % 100000); print 1 + int(rand() * 1000), 10 }'"
                    .into(),
            reference: Some(compiled("guess_binary")),
            checker: OutputCheck::tokens(),
            validators: vec![Tool::new(
                "awk 'NR == 1 && NF == 2 && $1 ~ /^[0-9]+$/ && $1 >= 1 && $1 <= 1000 \
                          && $2 == 10 { ok = 1; next } { ok = 0 } END { exit !ok }'",
                Protocol::Testlib,
            )],
            limits: RunLimits::with_cpu(Duration::from_secs(5)),
            interactor: Some(guess()),
        },
        program: compiled("guess_off_by_one"),
        limits: RunLimits::with_cpu(Duration::from_secs(1)),
        seed: 7,
        budget: Budget::Cases(100),
        jobs: 2,
        samples: Vec::new(),
        save: dir.path().to_path_buf(),
        shrink_time: Duration::from_secs(60),
        replay: "--gen G --interactor I --program P".into(),
    };
    let never = AtomicBool::new(false);
    let outcome = run_any(&plan, &never, &std::sync::atomic::AtomicU64::new(0));
    assert!(outcome.jury_fault.is_none(), "{:?}", outcome.jury_fault);
    let failure = outcome.failure.expect("the off-by-one is found");
    assert_eq!(
        failure.verdict,
        RunVerdict::WrongAnswer("more than 10 questions".into())
    );
    let saved = |ext: &str| {
        let path = failure
            .saved
            .iter()
            .find(|p| p.to_string_lossy().ends_with(ext))
            .unwrap_or_else(|| panic!("no {ext} in {:?}", failure.saved));
        std::fs::read_to_string(path).unwrap()
    };
    let minimal = saved(".in");
    let n: i64 = minimal.split_whitespace().next().unwrap().parse().unwrap();
    assert!(
        off_by_one_fails(n),
        "shrunk to {minimal:?}, which does not fail"
    );
    assert!(
        minimal.ends_with(" 10\n"),
        "the validator keeps Q: {minimal:?}"
    );
    let interaction = saved(".interaction");
    assert!(interaction.starts_with(">500\n<"), "{interaction}");
    assert_eq!(
        interaction.lines().filter(|l| l.starts_with('>')).count(),
        11
    );
    assert_eq!(saved(".interactor.err"), "more than 10 questions\n");
    assert!(saved(".note").contains("reproduce: jurybox stress --gen G"));
    assert!(saved(".verdict").starts_with("wrong answer"));
    let input = failure.saved.last().unwrap();
    match replay(&plan, input, &AtomicBool::new(false)).unwrap() {
        CaseResult::Failed { dialogue, .. } => {
            assert_eq!(dialogue.unwrap().transcript(), interaction.as_bytes());
        }
        other => panic!("the replay fails the same way: {other:?}"),
    }
}
