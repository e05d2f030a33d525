//! The unit tests of [`super`]: real dialogues with the C programs of
//! `tests/programs/interactive/`, apart from the rule they test so that
//! interactive.rs reads as the judging it is.

use super::*;
use jurybox_sandbox::{Clock, Party, Termination};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// Compiles `tests/programs/interactive/NAME.c` once per test binary.
fn compiled(name: &str) -> String {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    let dir = DIR.get_or_init(|| tempfile::tempdir().unwrap()).path();
    let out = dir.join(name);
    if !out.exists() {
        let src = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../tests/programs/interactive/{name}.c"));
        let tmp = dir.join(format!("{name}.{:?}", std::thread::current().id()));
        let status = std::process::Command::new("cc")
            .args(["-O2", "-o"])
            .arg(&tmp)
            .arg(&src)
            .status()
            .expect("cc (a C compiler) is needed for these tests");
        assert!(status.success(), "cc failed on {}", src.display());
        std::fs::rename(&tmp, &out).unwrap();
    }
    out.display().to_string()
}

fn guess(protocol: Protocol) -> Interactor {
    Interactor {
        tool: Tool::new(compiled("guess_interactor"), protocol),
        passes: 1,
        checker: None,
        in_turn: false,
    }
}

/// A Kattis-protocol validator of up to `passes` passes, `in_turn` when the
/// problem is multi-pass without interaction.
fn multi_pass(validator: &str, passes: u32, in_turn: bool) -> Interactor {
    Interactor {
        tool: Tool::new(validator, Protocol::Kattis),
        passes,
        checker: None,
        in_turn,
    }
}

fn judged(interactor: &Interactor, program: &str, input: &[u8]) -> Interaction {
    let limits = RunLimits {
        wall: Duration::from_secs(2),
        ..RunLimits::with_cpu(Duration::from_secs(1))
    };
    let jury = RunLimits::with_cpu(Duration::from_secs(5));
    let never = AtomicBool::new(false);
    judge_interaction(interactor, program, &limits, &jury, input, b"", &never).unwrap()
}

#[test]
fn the_guessing_game_on_both_protocols() {
    for protocol in [Protocol::Testlib, Protocol::Kattis] {
        let jury = guess(protocol);
        let ok = judged(&jury, &compiled("guess_binary"), b"1000 10\n");
        assert_eq!(ok.verdict, RunVerdict::Accepted, "{protocol:?}: {ok:?}");
        let text = String::from_utf8(ok.transcript()).unwrap();
        assert!(text.starts_with(">500\n<higher\n>750\n"), "{text}");
        assert!(text.ends_with(">1000\n<correct\n"), "{text}");
        let cases = [
            ("guess_off_by_one", "more than 10 questions"),
            ("guess_linear", "more than 10 questions"),
            ("guess_chatty", "output after the number was found"),
        ];
        for (program, why) in cases {
            let run = judged(&jury, &compiled(program), b"1000 10\n");
            assert_eq!(
                run.verdict,
                RunVerdict::WrongAnswer(why.into()),
                "{protocol:?} {program}: {run:?}"
            );
        }
        let idle = judged(&jury, &compiled("guess_no_flush"), b"1000 10\n");
        assert_eq!(idle.verdict, RunVerdict::TimeLimit(Clock::Wall), "{idle:?}");
        assert!(idle.remarks()[0].starts_with("idleness"), "{idle:?}");
        // Exits at once: the interactor judges the end of its input.
        let early = judged(&jury, "true", b"1000 10\n");
        let expected = match protocol {
            Protocol::Testlib => "PE",
            Protocol::Kattis => "WA",
        };
        assert_eq!(early.verdict.code(), expected, "{early:?}");
    }
}

#[test]
fn a_testlib_checker_judges_the_interactors_output_file() {
    let mut jury = guess(Protocol::Testlib);
    // The interactor writes "found in K questions"; this checker wants 10.
    jury.checker = Some(Tool::new(
        r#"sh -c 'grep -q "in 10 questions" "$2" || { echo slow >&2; exit 1; }' checker"#,
        Protocol::Testlib,
    ));
    let binary = compiled("guess_binary");
    assert_eq!(
        judged(&jury, &binary, b"1000 10\n").verdict,
        RunVerdict::Accepted
    );
    assert_eq!(
        judged(&jury, &binary, b"500 10\n").verdict,
        RunVerdict::WrongAnswer("slow".into())
    );
}

#[test]
fn kattis_multi_pass_runs_again_on_nextpass_in() {
    // Pass 1 sends the input's number and wants its double; it then asks for
    // pass 2 with 2 in nextpass.in.
    let validator = r#"sh -c 'want=$(cat "$1"); echo $want; read x; [ "$x" = "$((want * 2))" ] || { echo "not double" > "$3/judgemessage.txt"; exit 43; }; [ "$want" = 1 ] && echo 2 > "$3/nextpass.in"; exit 42' validator"#;
    let mut jury = multi_pass(validator, 2, false);
    let double = r#"sh -c 'read x; echo $((x * 2))'"#;
    let run = judged(&jury, double, b"1\n");
    assert_eq!(run.verdict, RunVerdict::Accepted, "{run:?}");
    assert_eq!(run.passes.len(), 2);
    assert_eq!(run.transcript(), b"<1\n>2\n---\n<2\n>4\n");
    let second_wrong = r#"sh -c 'read x; [ $x = 2 ] && echo 5 || echo $((x * 2))'"#;
    let run = judged(&jury, second_wrong, b"1\n");
    assert_eq!(run.verdict, RunVerdict::WrongAnswer("not double".into()));
    jury.passes = 1;
    let run = judged(&jury, double, b"1\n");
    assert!(
        matches!(&run.verdict, RunVerdict::Accepted),
        "one pass asked: nextpass.in is not read: {run:?}"
    );
}

#[test]
fn a_multi_pass_problem_that_is_not_interactive_runs_each_pass_in_turn() {
    // The validator reads the whole output of a pass on its stdin: the
    // double of the pass's input; pass 1 (input 1) asks for pass 2 (input 2).
    let validator = r#"sh -c 'want=$(cat "$1"); read x; [ "$x" = "$((want * 2))" ] || { echo "not double" > "$3/judgemessage.txt"; exit 43; }; [ "$want" = 1 ] && echo 2 > "$3/nextpass.in"; exit 42' validator"#;
    let jury = multi_pass(validator, 2, true);
    let run = judged(&jury, r#"sh -c 'read x; echo $((x * 2))'"#, b"1\n");
    assert_eq!(run.verdict, RunVerdict::Accepted, "{run:?}");
    assert_eq!(run.transcript(), b"<1\n>2\n---\n<2\n>4\n");
    let second_wrong = r#"sh -c 'read x; [ $x = 2 ] && echo 5 || echo $((x * 2))'"#;
    let run = judged(&jury, second_wrong, b"1\n");
    assert_eq!(run.verdict, RunVerdict::WrongAnswer("not double".into()));
    // A program that fails is its own verdict: the validator is not run.
    let run = judged(&jury, "sh -c 'echo 2; exit 4'", b"1\n");
    assert_eq!(run.verdict.code(), "RTE", "{run:?}");
    assert_eq!(run.passes.len(), 1);
}

#[test]
fn a_multi_pass_validator_asking_for_too_many_passes_fails_the_jury() {
    let jury = multi_pass(
        r#"sh -c 'read x; echo 1 > "$3/nextpass.in"; exit 42' validator"#,
        3,
        false,
    );
    let run = judged(&jury, "echo 1", b"1\n");
    assert!(
        matches!(&run.verdict, RunVerdict::NoVerdict(NoVerdict::JuryFault(why)) if why.contains("pass 4 of at most 3")),
        "{run:?}"
    );
}

/// A pass that ended as given, for the rule alone.
fn pass(first: Party, program: Outcome, interactor: Outcome) -> Pass {
    let report = |outcome| RunReport {
        outcome,
        ..nothing_ran()
    };
    Pass {
        report: PairReport {
            program: report(program),
            interactor: report(interactor),
            first,
            stopped: None,
            idle: false,
            stalled: false,
            exchange: Exchange::default(),
        },
        message: "why".into(),
        output: Vec::new(),
    }
}

#[test]
fn the_side_that_decides_follows_problemtools() {
    use Outcome::*;
    use Party::*;
    let exit = |code| RuntimeError(Termination::Exit(code));
    let segv = RuntimeError(Termination::Signal(libc::SIGSEGV));
    let kattis = guess(Protocol::Kattis);
    let testlib = guess(Protocol::Testlib);
    let code = |jury: &super::Interactor, first, program, interactor| match decide(
        jury,
        &pass(first, program, interactor),
    ) {
        Ok(Some(verdict)) => verdict.code(),
        Ok(None) => "AC",
        Err(_) => "JURY",
    };
    let table = [
        // The interactor rejects first: its verdict, whatever the program did.
        (&kattis, Interactor, Interrupted, exit(43), "WA"),
        (&testlib, Interactor, Interrupted, exit(2), "PE"),
        // The program ended first on its own failure: its verdict.
        (&kattis, Program, TimeLimit(Clock::Cpu), exit(43), "TLE"),
        (&kattis, Program, segv.clone(), exit(43), "RTE"),
        (&testlib, Program, MemoryLimit, exit(1), "MLE"),
        // The program ended well first: the interactor decides.
        (&kattis, Program, Exited, exit(43), "WA"),
        (&kattis, Program, Exited, exit(42), "AC"),
        (&testlib, Program, Exited, Exited, "AC"),
        // An accepting interactor first: the program's own end still counts.
        (&kattis, Interactor, segv.clone(), exit(42), "RTE"),
        (&testlib, Interactor, TimeLimit(Clock::Wall), Exited, "TLE"),
        (&kattis, Interactor, Exited, exit(42), "AC"),
        // An interactor that is not a verdict is the jury's, even after a crash.
        (&kattis, Program, segv, exit(0), "JURY"),
        (&kattis, Program, Exited, TimeLimit(Clock::Wall), "JURY"),
        (&testlib, Program, Exited, exit(3), "JURY"),
        (&testlib, Program, Exited, exit(7), "JURY"),
        (
            &testlib,
            Interactor,
            Interrupted,
            segv_of_interactor(),
            "JURY",
        ),
        // testlib's dirt and unexpected end of file are presentation errors.
        (&testlib, Program, Exited, exit(4), "PE"),
        (&testlib, Program, Exited, exit(8), "PE"),
    ];
    for (jury, first, program, interactor, expected) in table {
        assert_eq!(
            code(jury, first, program.clone(), interactor.clone()),
            expected,
            "{:?} first={first:?} program={program:?} interactor={interactor:?}",
            jury.tool.protocol
        );
    }
    let cannot = pass(Program, CouldNotStart("missing".into()), Interrupted);
    assert_eq!(
        decide(&kattis, &cannot).unwrap().unwrap().code(),
        "CNS",
        "a program that could not start is its own verdict"
    );
}

fn segv_of_interactor() -> Outcome {
    Outcome::RuntimeError(Termination::Signal(libc::SIGSEGV))
}
