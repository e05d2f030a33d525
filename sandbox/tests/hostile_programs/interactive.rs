//! Hostile programs on both sides of a dialogue (`run_pair`): each pair ends
//! quickly with the outcomes, the side that ended first and the exchange the
//! judges' rule needs, and leaves no process behind. The real dialogue is the
//! guessing game of `tests/programs/interactive/` (its interactor on the
//! testlib protocol here: exit 0 accepts); the hostile sides are shell lines.

use super::{compiled, leftovers, limits, EASY, SERIAL};
use jurybox_sandbox::{
    invocation, run_pair, Clock, Direction, Outcome, Pair, PairReport, Party, RunLimits, Stream,
    Termination, MIB,
};
use std::sync::atomic::AtomicBool;

/// The guessing game's interactor (testlib protocol) on hidden number `n`, at
/// most 10 questions; its input file lives as long as the returned guard.
fn interactor(n: u32) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::write(&input, format!("{n} 10\n")).unwrap();
    let command = format!(
        "{} {} {}",
        compiled("interactive/guess_interactor", &[]),
        input.display(),
        dir.path().join("out").display()
    );
    (command, dir)
}

fn program(name: &str) -> String {
    compiled(&format!("interactive/{name}"), &[])
}

/// Runs a dialogue and checks that nothing of it is left.
fn pair_with(
    program: &str,
    program_limits: &RunLimits,
    interactor: &str,
    interactor_limits: &RunLimits,
    cancel: &AtomicBool,
) -> PairReport {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let (p, i) = (invocation(program), invocation(interactor));
    let report = run_pair(
        &Pair {
            program: &p,
            program_limits,
            interactor: &i,
            interactor_limits,
            accepting_exit: 0,
        },
        cancel,
    );
    let left = leftovers();
    assert!(
        left.is_empty(),
        "`{program}` with `{interactor}` left processes behind: {left:?}"
    );
    report
}

fn pair(program: &str, interactor: &str) -> PairReport {
    let easy = limits(EASY.0, EASY.1);
    pair_with(program, &easy, interactor, &easy, &AtomicBool::new(false))
}

#[test]
fn a_correct_dialogue_is_relayed_in_order_with_its_directions() {
    let (judge, _files) = interactor(1000);
    let report = pair(&program("guess_binary"), &judge);
    assert_eq!(report.program.outcome, Outcome::Exited, "{report:?}");
    assert_eq!(report.interactor.outcome, Outcome::Exited, "{report:?}");
    // The interactor reads to the end of the program's output, which it gets
    // only once the program has exited.
    assert_eq!(report.first, Party::Program);
    assert_eq!(report.stopped, None);
    let messages = &report.exchange.messages;
    assert_eq!(
        messages.len(),
        20,
        "ten questions, ten replies: {messages:?}"
    );
    assert_eq!(messages[0], (Direction::FromProgram, b"500\n".to_vec()));
    assert_eq!(messages[1], (Direction::ToProgram, b"higher\n".to_vec()));
    assert_eq!(messages[18], (Direction::FromProgram, b"1000\n".to_vec()));
    assert_eq!(messages[19], (Direction::ToProgram, b"correct\n".to_vec()));
    assert!(report.program.stdout.is_empty() && report.interactor.stdout.is_empty());
}

#[test]
fn an_interactor_that_rejects_stops_the_program_at_once() {
    // Off by one: with 1000 hidden it asks 999 forever; the 11th question is
    // rejected (exit 1) while it still runs.
    let (judge, _files) = interactor(1000);
    let report = pair(&program("guess_off_by_one"), &judge);
    assert_eq!(report.first, Party::Interactor, "{report:?}");
    assert_eq!(
        report.interactor.outcome,
        Outcome::RuntimeError(Termination::Exit(1))
    );
    assert_eq!(report.stopped, Some(Party::Program));
    assert_eq!(report.program.outcome, Outcome::Interrupted);
    assert_eq!(
        String::from_utf8_lossy(&report.interactor.stderr),
        "more than 10 questions\n"
    );
}

#[test]
fn waiting_for_each_other_is_the_programs_idleness() {
    let (judge, _files) = interactor(1000);
    let easy = limits(EASY.0, EASY.1);
    let report = pair_with(
        &program("guess_no_flush"),
        &limits(500, 1000),
        &judge,
        &easy,
        &AtomicBool::new(false),
    );
    assert_eq!(report.first, Party::Program, "{report:?}");
    assert_eq!(report.program.outcome, Outcome::TimeLimit(Clock::Wall));
    assert!(report.idle, "both sides sleep reading a pipe: {report:?}");
    // Told of the end, the interactor ends with its own verdict (testlib's
    // presentation error for an unexpected end).
    assert_eq!(
        report.interactor.outcome,
        Outcome::RuntimeError(Termination::Exit(2))
    );
    assert!(report.exchange.messages.is_empty());
}

#[test]
fn output_after_the_interactors_end_is_counted_and_the_programs_crash_seen() {
    // The interactor accepts after one line; the program writes on and fails.
    let report = pair(
        "echo 1; sleep 0.3; echo after; exit 4",
        "head -n 1 > /dev/null",
    );
    assert_eq!(report.first, Party::Interactor, "{report:?}");
    assert_eq!(report.interactor.outcome, Outcome::Exited);
    assert_eq!(report.stopped, None, "an accepting interactor lets it run");
    assert_eq!(
        report.program.outcome,
        Outcome::RuntimeError(Termination::Exit(4))
    );
    assert_eq!(report.exchange.unread, b"after\n");
    assert_eq!(report.exchange.unread_total, 6);
}

#[test]
fn hostile_programs_get_their_own_outcome_and_end_first() {
    let (judge, _files) = interactor(1000);
    let cases: [(&str, RunLimits, Outcome); 4] = [
        // Exits before the game is over: the interactor then judges (below).
        ("true", limits(300, 1000), Outcome::Exited),
        (
            "kill -SEGV $$",
            limits(300, 1000),
            Outcome::RuntimeError(Termination::Signal(libc::SIGSEGV)),
        ),
        (
            "sleep 30",
            limits(300, 1000),
            Outcome::TimeLimit(Clock::Wall),
        ),
        (
            "while :; do :; done",
            limits(300, 10_000),
            Outcome::TimeLimit(Clock::Cpu),
        ),
    ];
    for (command, program_limits, outcome) in cases {
        let easy = limits(EASY.0, EASY.1);
        let report = pair_with(
            command,
            &program_limits,
            &judge,
            &easy,
            &AtomicBool::new(false),
        );
        assert_eq!(report.program.outcome, outcome, "{command}: {report:?}");
        assert_eq!(report.first, Party::Program, "{command}: {report:?}");
        assert!(!report.idle, "{command} is not waiting for input");
        // The interactor was told of the end and ended on its own.
        assert_eq!(
            report.interactor.outcome,
            Outcome::RuntimeError(Termination::Exit(2)),
            "{command}: {report:?}"
        );
    }
}

#[test]
fn a_flood_is_the_floods_output_limit() {
    let mut small = limits(EASY.0, EASY.1);
    small.stdout_bytes = MIB;
    let easy = limits(EASY.0, EASY.1);
    let never = AtomicBool::new(false);
    let report = pair_with("yes", &small, "cat > /dev/null", &easy, &never);
    assert_eq!(report.first, Party::Program, "{report:?}");
    assert_eq!(report.program.outcome, Outcome::OutputLimit(Stream::Stdout));
    assert_eq!(report.interactor.outcome, Outcome::Exited);
    // An interactor flooding the program is stopped at its own limit.
    let report = pair_with("sleep 30", &easy, "yes", &small, &never);
    assert_eq!(report.first, Party::Interactor, "{report:?}");
    assert_eq!(
        report.interactor.outcome,
        Outcome::OutputLimit(Stream::Stdout)
    );
    assert_eq!(report.stopped, Some(Party::Program));
    let report = pair_with("sleep 30", &easy, "yes >&2", &small, &never);
    assert_eq!(
        report.interactor.outcome,
        Outcome::OutputLimit(Stream::Stderr),
        "{report:?}"
    );
    assert!(
        report
            .exchange
            .messages
            .iter()
            .map(|m| m.1.len())
            .sum::<usize>()
            <= 4 << 20
    );
}

#[test]
fn hostile_interactors_are_stopped_and_end_first() {
    let easy = limits(EASY.0, EASY.1);
    let never = AtomicBool::new(false);
    let waiting = "head -c 1";
    let (short, long) = (limits(300, 1000), limits(300, 10_000));
    let cases: [(&str, RunLimits, Outcome); 4] = [
        (
            "kill -SEGV $$",
            easy,
            Outcome::RuntimeError(Termination::Signal(libc::SIGSEGV)),
        ),
        ("exit 3", easy, Outcome::RuntimeError(Termination::Exit(3))),
        ("while :; do :; done", long, Outcome::TimeLimit(Clock::Cpu)),
        // Sleeps while the program waits for it: the program is not charged for
        // that, and past the interactor's own wall limit it is the one that hangs.
        (
            "sleep 30",
            limits(300, 2000),
            Outcome::TimeLimit(Clock::Wall),
        ),
    ];
    for (command, interactor_limits, outcome) in cases {
        let program_limits = if command == "sleep 30" { short } else { long };
        let report = pair_with(
            waiting,
            &program_limits,
            command,
            &interactor_limits,
            &never,
        );
        assert_eq!(report.interactor.outcome, outcome, "{command}: {report:?}");
        assert_eq!(report.first, Party::Interactor, "{command}: {report:?}");
        assert_eq!(report.stopped, Some(Party::Program), "{command}");
    }
}

#[test]
fn detached_children_of_either_side_are_killed() {
    let (judge, _files) = interactor(1000);
    let report = pair(
        &format!("setsid -f sleep 300; {}", program("guess_binary")),
        &format!("(sleep 300 &); {judge}"),
    );
    assert_eq!(report.program.outcome, Outcome::Exited, "{report:?}");
    assert_eq!(report.interactor.outcome, Outcome::Exited, "{report:?}");
}

#[test]
fn a_side_that_cannot_start_is_named() {
    let (judge, _files) = interactor(1000);
    let report = pair("/nonexistent/program", &judge);
    assert!(
        matches!(report.program.outcome, Outcome::CouldNotStart(_)),
        "{report:?}"
    );
    assert_eq!(report.first, Party::Program);
    let report = pair(&program("guess_binary"), "/nonexistent/interactor");
    assert!(
        matches!(report.interactor.outcome, Outcome::CouldNotStart(_)),
        "{report:?}"
    );
    assert_eq!(report.first, Party::Interactor);
}

#[test]
fn cancel_stops_a_dialogue_at_once() {
    let easy = limits(EASY.0, EASY.1);
    let report = pair_with(
        "sleep 300",
        &easy,
        "sleep 300",
        &easy,
        &AtomicBool::new(true),
    );
    assert_eq!(report.program.outcome, Outcome::Interrupted);
    assert_eq!(report.interactor.outcome, Outcome::Interrupted);
    // The outcome says cancellation ended it, not the 10 s wall limit (which
    // would be a time limit's outcome): behaviour, not a timing threshold.
}

#[test]
fn the_program_is_not_charged_for_a_slow_interactor() {
    // The interactor thinks longer than the program's wall limit, then answers.
    let easy = limits(EASY.0, EASY.1);
    let report = pair_with(
        "read x; echo $x",
        &limits(300, 1000),
        "sleep 1.5; echo hi; read y",
        &easy,
        &AtomicBool::new(false),
    );
    assert_eq!(report.program.outcome, Outcome::Exited, "{report:?}");
    assert_eq!(report.interactor.outcome, Outcome::Exited, "{report:?}");
    assert_eq!(
        report.exchange.messages,
        vec![
            (Direction::ToProgram, b"hi\n".to_vec()),
            (Direction::FromProgram, b"hi\n".to_vec())
        ]
    );
}

#[test]
fn a_dialogue_stalled_on_the_program_ends_before_its_wall_limit() {
    // A wall limit far beyond the CPU limit, as a judge sets it under load: a
    // program that owes the interactor a message and neither computes nor sends
    // is stopped once it has been quiet for its CPU limit.
    let generous = limits(300, 60_000);
    for (program, waits_for_input) in [
        (program("guess_no_flush"), true),
        ("exec sleep 300".to_string(), false),
        // Closes its output, then sleeps (BAPCtools' guess_close_stdout_1.cpp).
        ("exec >&-; exec sleep 300".to_string(), false),
    ] {
        let (judge, _files) = interactor(1000);
        let easy = limits(EASY.0, EASY.1);
        let report = pair_with(&program, &generous, &judge, &easy, &AtomicBool::new(false));
        assert_eq!(
            report.program.outcome,
            Outcome::TimeLimit(Clock::Wall),
            "{program}: {report:?}"
        );
        assert!(report.stalled, "{program}: {report:?}");
        assert_eq!(report.idle, waits_for_input, "{program}: {report:?}");
        assert!(report.program.wall < generous.wall, "{program}: {report:?}");
    }
    // A program that computes is not stalled, however quiet: its CPU limit ends it.
    let (judge, _files) = interactor(1000);
    let easy = limits(EASY.0, EASY.1);
    let report = pair_with(
        "while :; do :; done",
        &generous,
        &judge,
        &easy,
        &AtomicBool::new(false),
    );
    assert_eq!(report.program.outcome, Outcome::TimeLimit(Clock::Cpu));
    assert!(!report.stalled, "{report:?}");
}
