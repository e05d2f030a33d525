//! Interactive problems: the program talks with the jury's interactor, each in
//! the sandbox under its own limits ([`crate::program::run_pair`]), and the
//! dialogue is judged by the rule the judges document.
//!
//! **Protocols.** testlib: `INTERACTOR INPUT OUTPUT`, the program's output on its
//! stdin, the program's input on its stdout; exit 0 ok, 1 wrong answer, 2 (and
//! testlib's 4 "dirt" and 8 "unexpected end of file") presentation error, 3 the
//! interactor's own failure; an optional checker then judges the OUTPUT file it
//! wrote (`CHECKER INPUT OUTPUT ANSWER`). Kattis (2025-09, the output validator
//! is the interactor): `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ [args]`, exit 42
//! accepted, 43 rejected, its message in `judgemessage.txt`; a multi-pass problem
//! runs the program again on `FEEDBACK_DIR/nextpass.in` while the validator
//! accepts and writes one, up to the package's number of passes.
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

use super::{quoted, run_checker, Protocol, Tool};
use crate::program::{
    excerpt, invocation, run_pair, Direction, Exchange, Outcome, Pair, PairReport, Party,
    RunLimits, RunReport, RunVerdict, Termination,
};
use jurybox_core::verdict::{KATTIS_ACCEPTED, KATTIS_REJECTED};
use jurybox_core::Verdict;
use std::sync::atomic::{AtomicBool, Ordering};

/// The jury's interactor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Interactor {
    /// The command and the protocol it speaks.
    pub tool: Tool,
    /// Arguments after the protocol's own (a package's `output_validator_args`).
    pub args: Vec<String>,
    /// The most passes (Kattis multi-pass); 1 for an ordinary problem.
    pub passes: u32,
    /// testlib: the checker judging the interactor's OUTPUT file, if any.
    pub checker: Option<Tool>,
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
    /// The verdict ([`RunVerdict::JudgeFailure`] when the jury failed).
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
                     when the wall-clock limit passed (a missing flush?)"
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
enum Said {
    Accepted,
    Rejected(Verdict),
    /// Not a verdict: the jury's fault.
    Failed(String),
}

fn said(interactor: &Interactor, pass: &Pass) -> Said {
    let report = &pass.report.interactor;
    let code = match &report.outcome {
        Outcome::Exited => 0,
        Outcome::RuntimeError(Termination::Exit(code)) => *code,
        Outcome::Interrupted => return Said::Failed("interrupted".into()),
        other => {
            return Said::Failed(format!(
                "the interactor `{}` did not finish: {other} ({})",
                interactor.tool.command,
                report.figures()
            ))
        }
    };
    let message = || {
        if pass.message.is_empty() {
            format!("the interactor said nothing (exit {code})")
        } else {
            pass.message.clone()
        }
    };
    match (interactor.tool.protocol, code) {
        (Protocol::Testlib, 0) | (Protocol::Kattis, KATTIS_ACCEPTED) => Said::Accepted,
        (Protocol::Testlib, 1) | (Protocol::Kattis, KATTIS_REJECTED) => {
            Said::Rejected(Verdict::WrongAnswer(message()))
        }
        // testlib's presentation error, its "dirt" (4) and its unexpected end of
        // file (8, with ENABLE_UNEXPECTED_EOF; 2 without).
        (Protocol::Testlib, 2 | 4 | 8) => Said::Rejected(Verdict::PresentationError(message())),
        (Protocol::Testlib, 3) => Said::Failed(format!(
            "the interactor `{}` failed (exit 3): {}",
            interactor.tool.command,
            message()
        )),
        (protocol, code) => Said::Failed(format!(
            "the interactor `{}` exited {code}, not a verdict of the {} protocol ({}): {}",
            interactor.tool.command,
            match protocol {
                Protocol::Testlib => "testlib",
                Protocol::Kattis => "Kattis",
            },
            match protocol {
                Protocol::Testlib => "0, 1, 2 or 3",
                Protocol::Kattis => "42 or 43",
            },
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
    let said = said(interactor, pass);
    if let Said::Failed(why) = said {
        return Err(why);
    }
    if let (Party::Interactor, Said::Rejected(verdict)) = (report.first, &said) {
        return Ok(Some(verdict.clone().into()));
    }
    let own = crate::program::run_verdict(&report.program, |_| Verdict::Accepted);
    if !own.is_accepted() {
        return Ok(Some(own));
    }
    Ok(match said {
        Said::Rejected(verdict) => Some(verdict.into()),
        _ => None,
    })
}

/// Runs `program` under `limits` through `interactor` (itself under
/// `jury_limits`) on the interactor's `input`, with `answer` as the answer file
/// (Kattis) or the checker's (testlib), and judges it: the API for `stress`,
/// `run` and the package loop. `Err` only when the scratch files cannot be
/// written; the jury's faults are [`RunVerdict::JudgeFailure`].
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
        for arg in &interactor.args {
            command.push(' ');
            command.push_str(&crate::program::shell_quote(arg));
        }
        for stale in [
            &out_file,
            &feedback.join("judgemessage.txt"),
            &feedback.join("judgeerror.txt"),
        ] {
            let _ = std::fs::remove_file(stale);
        }
        let report = run_pair(
            &Pair {
                program: &program,
                program_limits: limits,
                interactor: &invocation(&command),
                interactor_limits: jury_limits,
                accepting_exit: match interactor.tool.protocol {
                    Protocol::Testlib => 0,
                    Protocol::Kattis => KATTIS_ACCEPTED,
                },
            },
            cancel,
        );
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
            Ok(Some(RunVerdict::Interrupted))
        } else {
            decide(interactor, &pass)
        };
        passes.push(pass);
        let verdict = match decided {
            Err(fault) => Some(RunVerdict::JudgeFailure(fault)),
            Ok(Some(verdict)) => {
                if verdict.code() == "WA" && nextpass.exists() {
                    Some(RunVerdict::JudgeFailure(
                        "the output validator rejected the pass and also wrote nextpass.in".into(),
                    ))
                } else {
                    Some(verdict)
                }
            }
            Ok(None) if interactor.passes > 1 && nextpass.exists() => {
                if passes.len() as u32 >= interactor.passes {
                    Some(RunVerdict::JudgeFailure(format!(
                        "the output validator asked for pass {} of at most {}",
                        passes.len() + 1,
                        interactor.passes
                    )))
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
            )),
        };
        if let Some(verdict) = verdict {
            return Ok(Interaction { verdict, passes });
        }
    }
}

/// testlib's checker on the interactor's OUTPUT, when there is one.
fn check(
    interactor: &Interactor,
    input: &[u8],
    answer: &[u8],
    pass: Option<&Pass>,
    limits: &RunLimits,
) -> RunVerdict {
    let (Some(checker), Some(pass)) = (&interactor.checker, pass) else {
        return RunVerdict::Accepted;
    };
    run_checker(checker, input, &pass.output, answer, &[], limits)
        .unwrap_or_else(Verdict::Fail)
        .into()
}

/// Judges `program` on one generated input of a jury with an interactor:
/// validators, then the reference through the interactor (which must be
/// accepted: a rejected reference means the jury is wrong), then the program.
pub(crate) fn judge_case(
    jury: &super::Jury,
    interactor: &Interactor,
    program: &str,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
) -> super::CaseResult {
    use super::CaseResult;
    match super::validate(jury, input) {
        Err(fault) => return CaseResult::JuryFault(fault),
        Ok(Some(why)) => return CaseResult::Invalid(why),
        Ok(None) => {}
    }
    let judge = |command: &str, limits: &RunLimits, answer: &[u8]| {
        judge_interaction(
            interactor,
            command,
            limits,
            &jury.limits,
            input,
            answer,
            cancel,
        )
        .map_err(|e| format!("cannot write the interactor's files: {e}"))
    };
    // testlib: the reference's OUTPUT (the interactor's file) is the answer the
    // checker gets, as Polygon makes the answers of an interactive problem.
    let (reference, answer) = match &jury.reference {
        None => (nothing_ran(), Vec::new()),
        Some(command) => match judge(command, &jury.limits, b"") {
            Err(fault) => return CaseResult::JuryFault(fault),
            Ok(run) if run.verdict.is_accepted() => {
                let output = run
                    .passes
                    .last()
                    .map(|p| p.output.clone())
                    .unwrap_or_default();
                (run.program(), output)
            }
            Ok(run) => {
                return CaseResult::JuryFault(format!(
                    "the reference `{command}` is not accepted by the interactor: {} ({}); {}",
                    run.verdict,
                    run.program().figures(),
                    run.remarks().join("; ")
                ))
            }
        },
    };
    let run = match judge(program, limits, &answer) {
        Ok(run) => run,
        Err(fault) => return CaseResult::JuryFault(fault),
    };
    let report = Box::new(run.program());
    match run.verdict.clone() {
        RunVerdict::Accepted => CaseResult::Accepted {
            reference: Box::new(reference),
            program: report,
        },
        RunVerdict::JudgeFailure(fault) => CaseResult::JuryFault(fault),
        RunVerdict::Interrupted => CaseResult::JuryFault("interrupted".into()),
        verdict => CaseResult::Failed {
            verdict,
            reference: Box::new(reference),
            program: report,
            dialogue: Some(Box::new(run)),
        },
    }
}
