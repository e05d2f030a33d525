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
mod tests;
