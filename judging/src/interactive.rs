//! Interactive problems: the program talks with the jury's interactor, each in
//! the sandbox under its own limits ([`jurybox_sandbox::run_pair`]), and the
//! dialogue is judged by the rule the judges document.
//!
//! **Protocols.** testlib: `INTERACTOR INPUT OUTPUT`, the program's output on its
//! stdin, the program's input on its stdout; its exit code means what it means
//! for a checker (`jurybox_core::verdict::Protocol::said`: 0 ok, 1 wrong answer,
//! 2, 4 and 8 presentation error, 3 the interactor's own failure); an optional
//! checker then judges the OUTPUT file it
//! wrote (`CHECKER INPUT OUTPUT ANSWER`). Kattis (2025-09, the output validator
//! is the interactor): `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ [args]`, exit 42
//! accepted, 43 rejected, its message in `judgemessage.txt`; a multi-pass problem
//! runs the program again on `FEEDBACK_DIR/nextpass.in` while the validator
//! accepts and writes one, up to the package's number of passes. A multi-pass
//! problem that is not interactive runs each pass in turn ([`Interactor::in_turn`]):
//! the program on the pass's input, then the validator on its output.
//!
//! **Who decides** (problemtools' `judge/execute.py` `_run_interactive`, which
//! BAPCtools' `interactive.py` follows; see [`decide`]):
//! 1. an interactor that ends in anything but a verdict (a crash, a limit,
//!    testlib's 3, Kattis's codes other than 42 and 43) is the jury's fault,
//!    whatever the program did;
//! 2. an interactor that rejects *before* the program ended decides: a wrong
//!    answer (the program is stopped then; what it does next is not its verdict);
//! 3. otherwise a program that failed on its own (time, memory, output limit, a
//!    crash) gets that verdict, whoever ended first;
//! 4. otherwise the interactor's verdict (and, testlib, the checker's) stands.
//!
//! A program waiting for input while the interactor waits too is a time limit
//! (wall clock), the idleness of a missing flush; a program that is still
//! running when an accepting interactor has ended runs to its own end, so its
//! crash is still seen, and what it writes then is noted as read by nobody.

use crate::tool::{exit_code, quoted, run_checker, with_args, Tool};
use crate::verdict::{run_verdict, NoVerdict, RunVerdict};
use jurybox_core::verdict::{Protocol, Said, KATTIS_ACCEPTED};
use jurybox_core::Judgement;
use jurybox_sandbox::interact::EXCHANGE_KEPT;
use jurybox_sandbox::{
    excerpt, invocation, run_invocation, run_pair, Direction, Exchange, Outcome, Pair, PairReport,
    Party, RunLimits, RunReport,
};
use std::sync::atomic::{AtomicBool, Ordering};

/// The jury's interactor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interactor {
    /// The command, the protocol it speaks and its arguments (a package's
    /// `output_validator_args`).
    pub tool: Tool,
    /// The most passes (Kattis multi-pass); 1 for an ordinary problem.
    pub passes: u32,
    /// testlib: the checker judging the interactor's OUTPUT file, if any.
    pub checker: Option<Tool>,
    /// Not a dialogue: a multi-pass problem that is not interactive, whose
    /// program runs on the pass's input and whose validator then reads all of
    /// its output (Kattis 2025-09 `type: multi-pass`). Each pass is kept as an
    /// exchange all the same (the input, then the output), as BAPCtools writes
    /// such a sample's `.interaction`.
    pub in_turn: bool,
}

/// One pass of a dialogue, as run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pass {
    /// Both runs and the exchange.
    pub report: PairReport,
    /// The interactor's message (Kattis `judgemessage.txt` or `judgeerror.txt`,
    /// else its stderr), on one line.
    pub message: String,
    /// testlib: the OUTPUT file the interactor wrote.
    pub output: Vec<u8>,
}

/// A program judged through the interactor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interaction {
    /// The verdict ([`RunVerdict::NoVerdict`] when the jury failed).
    pub verdict: RunVerdict,
    /// The passes run, the deciding one last.
    pub passes: Vec<Pass>,
}

impl Interaction {
    /// The program's run in the deciding pass, its CPU time the largest of any
    /// pass (each pass has the time limit).
    pub fn program(&self) -> RunReport {
        let mut report = self
            .passes
            .last()
            .map_or_else(nothing_ran, |p| p.report.program.clone());
        for pass in &self.passes {
            report.cpu = report.cpu.max(pass.report.program.cpu);
        }
        report
    }

    /// The exchange of every pass as a `.interaction` file (the samples' format
    /// of the Kattis and BAPCtools packages): each line the program received
    /// starts with `<`, each line it sent with `>`, passes are separated by a
    /// `---` line. A message not ending a line is ended there.
    pub fn transcript(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (i, pass) in self.passes.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(b"---\n");
            }
            out.extend(transcript(&pass.report.exchange));
        }
        out
    }

    /// Whether the program was stopped in a pass that could not go on (it waited
    /// for input, or slept, while the interactor waited for it): no time limit
    /// would have let it finish.
    pub fn stalled(&self) -> bool {
        self.passes
            .iter()
            .any(|p| p.report.idle || p.report.stalled)
    }

    /// What a reader of a saved failure should know besides the verdict: the
    /// idleness, output nobody read, an exchange too long to keep whole.
    pub fn remarks(&self) -> Vec<String> {
        let mut remarks = Vec::new();
        for (i, pass) in self.passes.iter().enumerate() {
            let report = &pass.report;
            let on = if self.passes.len() > 1 {
                format!(" (pass {})", i + 1)
            } else {
                String::new()
            };
            if report.idle {
                remarks.push(format!(
                    "idleness{on}: the program and the interactor were both waiting for input \
                     when the program was stopped (a missing flush?)"
                ));
            } else if report.stalled {
                remarks.push(format!(
                    "stalled{on}: the program sent nothing and used no CPU, while the interactor \
                     waited for it, for as long as its CPU limit (asleep?)"
                ));
            }
            if report.exchange.unread_total > 0 {
                remarks.push(format!(
                    "the program wrote {} bytes after the interactor had ended{on}, read by nobody: {}",
                    report.exchange.unread_total,
                    excerpt(&report.exchange.unread, 80)
                ));
            }
            if report.exchange.omitted > 0 {
                remarks.push(format!(
                    "the exchange{on} is kept up to 4 MiB: {} more bytes are not in the .interaction file",
                    report.exchange.omitted
                ));
            }
            if !pass.message.is_empty() {
                remarks.push(format!("interactor{on}: {}", pass.message));
            }
        }
        remarks
    }
}

/// A run that did not happen (no reference was given): zero time, no output.
pub fn nothing_ran() -> RunReport {
    RunReport {
        outcome: Outcome::Exited,
        cpu: Default::default(),
        wall: Default::default(),
        peak_memory: 0,
        peak_is_bound: false,
        stdout: Vec::new(),
        stderr: Vec::new(),
    }
}

/// One exchange in the `.interaction` format.
pub fn transcript(exchange: &Exchange) -> Vec<u8> {
    let mut out = Vec::new();
    for (direction, message) in &exchange.messages {
        let sign = match direction {
            Direction::ToProgram => b'<',
            Direction::FromProgram => b'>',
        };
        for line in message.split_inclusive(|&b| b == b'\n') {
            out.push(sign);
            out.extend_from_slice(line);
            if !line.ends_with(b"\n") {
                out.push(b'\n');
            }
        }
    }
    out
}

/// How the interactor ended, in its protocol's words.
enum Ended {
    Accepted,
    Rejected(Judgement),
    /// Not a verdict: the jury's fault.
    Failed(String),
}

fn said(interactor: &Interactor, pass: &Pass) -> Ended {
    let report = &pass.report.interactor;
    let what = format!("the interactor `{}`", interactor.tool.command);
    let code = match exit_code(&what, &report.outcome) {
        Ok(code) => code,
        Err(NoVerdict::Interrupted) => return Ended::Failed("interrupted".into()),
        Err(NoVerdict::JuryFault(why)) => {
            return Ended::Failed(format!("{why} ({})", report.figures()))
        }
    };
    let message = || {
        if pass.message.is_empty() {
            format!("the interactor said nothing (exit {code})")
        } else {
            pass.message.clone()
        }
    };
    let protocol = interactor.tool.protocol;
    match protocol.said(code) {
        Said::Yes => Ended::Accepted,
        Said::No => Ended::Rejected(Judgement::WrongAnswer(message())),
        Said::PresentationError => Ended::Rejected(Judgement::PresentationError(message())),
        Said::Failed => Ended::Failed(format!("{what} failed (exit {code}): {}", message())),
        Said::Unknown => Ended::Failed(format!(
            "{what} exited {code}, not a verdict of the {} protocol ({}): {}",
            protocol.name(),
            protocol.verdict_codes(),
            message()
        )),
    }
}

/// The verdict of one pass by the judges' rule (see the module doc); `Ok(None)`
/// when it is accepted so far (a checker or another pass may follow).
pub fn decide(interactor: &Interactor, pass: &Pass) -> Result<Option<RunVerdict>, String> {
    let report = &pass.report;
    if let Outcome::CouldNotStart(why) = &report.program.outcome {
        return Ok(Some(RunVerdict::CouldNotStart(why.clone())));
    }
    let own = run_verdict(&report.program, |_| Judgement::Accepted);
    if report.stopped == Some(Party::Interactor) && !own.is_accepted() {
        // The program's end decided before the interactor had its say (a pass
        // run in turn whose program failed: its validator was never run).
        return Ok(Some(own));
    }
    let said = said(interactor, pass);
    if let Ended::Failed(why) = said {
        return Err(why);
    }
    if let (Party::Interactor, Ended::Rejected(verdict)) = (report.first, &said) {
        return Ok(Some(verdict.clone().into()));
    }
    if !own.is_accepted() {
        return Ok(Some(own));
    }
    Ok(match said {
        Ended::Rejected(verdict) => Some(verdict.into()),
        _ => None,
    })
}

/// Runs `program` under `limits` through `interactor` (itself under
/// `jury_limits`) on the interactor's `input`, with `answer` as the answer file
/// (Kattis) or the checker's (testlib), and judges it: the API for `stress`,
/// `run` and the package loop. `Err` only when the scratch files cannot be
/// written; the jury's faults are [`RunVerdict::NoVerdict`].
pub fn judge_interaction(
    interactor: &Interactor,
    program: &str,
    limits: &RunLimits,
    jury_limits: &RunLimits,
    input: &[u8],
    answer: &[u8],
    cancel: &AtomicBool,
) -> std::io::Result<Interaction> {
    let dir = tempfile::tempdir()?;
    let (in_file, ans_file, out_file, feedback) = (
        dir.path().join("input"),
        dir.path().join("answer"),
        dir.path().join("output"),
        dir.path().join("feedback"),
    );
    std::fs::write(&in_file, input)?;
    std::fs::write(&ans_file, answer)?;
    std::fs::create_dir(&feedback)?;
    let nextpass = feedback.join("nextpass.in");
    let mut passes = Vec::new();
    let program = invocation(program);
    let mut pass_input = input.to_vec();
    loop {
        let mut command = interactor.tool.command.clone();
        match interactor.tool.protocol {
            Protocol::Testlib => {
                command += &format!(" {} {}", quoted(&in_file), quoted(&out_file));
            }
            Protocol::Kattis => {
                command += &format!(
                    " {} {} {}/",
                    quoted(&in_file),
                    quoted(&ans_file),
                    quoted(&feedback)
                );
            }
        }
        let command = with_args(&command, &interactor.tool.args);
        for stale in [
            &out_file,
            &feedback.join("judgemessage.txt"),
            &feedback.join("judgeerror.txt"),
        ] {
            let _ = std::fs::remove_file(stale);
        }
        let pair = Pair {
            program: &program,
            program_limits: limits,
            interactor: &invocation(&command),
            interactor_limits: jury_limits,
            accepting_exit: match interactor.tool.protocol {
                Protocol::Testlib => 0,
                Protocol::Kattis => KATTIS_ACCEPTED,
            },
        };
        let report = if interactor.in_turn {
            run_in_turn(&pair, &pass_input, cancel)
        } else {
            run_pair(&pair, cancel)
        };
        let message = ["judgeerror.txt", "judgemessage.txt"]
            .iter()
            .find_map(|f| {
                std::fs::read(feedback.join(f))
                    .ok()
                    .filter(|m| !m.is_empty())
            })
            .unwrap_or_else(|| report.interactor.stderr.clone());
        let pass = Pass {
            message: excerpt(&message, 200).trim_end().to_string(),
            output: std::fs::read(&out_file).unwrap_or_default(),
            report,
        };
        let decided = if cancel.load(Ordering::Relaxed) {
            Ok(Some(NoVerdict::Interrupted.into()))
        } else {
            decide(interactor, &pass)
        };
        passes.push(pass);
        let verdict = match decided {
            Err(fault) => Some(NoVerdict::JuryFault(fault).into()),
            Ok(Some(verdict)) => {
                if matches!(verdict, RunVerdict::WrongAnswer(_)) && nextpass.exists() {
                    Some(
                        NoVerdict::JuryFault(
                            "the output validator rejected the pass and also wrote nextpass.in"
                                .into(),
                        )
                        .into(),
                    )
                } else {
                    Some(verdict)
                }
            }
            Ok(None) if interactor.passes > 1 && nextpass.exists() => {
                if passes.len() as u32 >= interactor.passes {
                    Some(
                        NoVerdict::JuryFault(format!(
                            "the output validator asked for pass {} of at most {}",
                            passes.len() + 1,
                            interactor.passes
                        ))
                        .into(),
                    )
                } else {
                    pass_input = std::fs::read(&nextpass)?;
                    std::fs::rename(&nextpass, &in_file)?;
                    None
                }
            }
            Ok(None) => Some(check(
                interactor,
                &pass_input,
                answer,
                passes.last(),
                jury_limits,
                cancel,
            )),
        };
        if let Some(verdict) = verdict {
            return Ok(Interaction { verdict, passes });
        }
    }
}

/// One pass of a multi-pass problem that is not interactive: the program on
/// `input`, then, if it ended well, the validator with the program's output on
/// its stdin. The interactor's report is [`nothing_ran`] (stopped) when the
/// program's own failure decided; the exchange is the input, then the output.
fn run_in_turn(pair: &Pair, input: &[u8], cancel: &AtomicBool) -> PairReport {
    let mut program = run_invocation(pair.program, pair.program_limits, input, cancel);
    let output = std::mem::take(&mut program.stdout);
    let mut exchange = Exchange::default();
    let mut room = EXCHANGE_KEPT;
    for (direction, bytes) in [
        (Direction::ToProgram, input),
        (Direction::FromProgram, &output),
    ] {
        let kept = bytes.len().min(room);
        room -= kept;
        exchange.omitted += (bytes.len() - kept) as u64;
        if kept > 0 {
            exchange.messages.push((direction, bytes[..kept].to_vec()));
        }
    }
    let own = run_verdict(&program, |_| Judgement::Accepted);
    let (interactor, stopped) = if own.is_accepted() && !cancel.load(Ordering::Relaxed) {
        let validator = run_invocation(pair.interactor, pair.interactor_limits, &output, cancel);
        (validator, None)
    } else {
        (
            RunReport {
                outcome: Outcome::Interrupted,
                ..nothing_ran()
            },
            Some(Party::Interactor),
        )
    };
    PairReport {
        program,
        interactor,
        first: Party::Program,
        stopped,
        idle: false,
        stalled: false,
        exchange,
    }
}

/// testlib's checker on the interactor's OUTPUT, when there is one.
fn check(
    interactor: &Interactor,
    input: &[u8],
    answer: &[u8],
    pass: Option<&Pass>,
    limits: &RunLimits,
    cancel: &AtomicBool,
) -> RunVerdict {
    let (Some(checker), Some(pass)) = (&interactor.checker, pass) else {
        return RunVerdict::Accepted;
    };
    match run_checker(checker, input, &pass.output, answer, limits, cancel) {
        Ok(verdict) => verdict.into(),
        Err(none) => none.into(),
    }
}

#[cfg(test)]
mod tests {
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
}
