//! The jury's own programs, run as the protocol they speak says: an input
//! validator on an input, a checker (an output validator) on a program's
//! output. What an exit code means is the one table of
//! `jurybox_core::verdict::Protocol::said`; what a run that did not finish means
//! is the jury's fault, or, when Ctrl-C stopped it, no verdict at all.

use crate::default_validator::{self, Flags};
use crate::verdict::NoVerdict;
use jurybox_core::verdict::{Protocol, Said};
use jurybox_core::Judgement;
use jurybox_sandbox::{
    excerpt, run_command, shell_quote, signal_name, Outcome, RunLimits, Termination,
};
use std::path::Path;

/// The signal a failed C `assert` ends a program with.
const SIGABRT: i32 = 6;
use std::sync::atomic::AtomicBool;

/// One of the jury's programs: a command, the protocol it speaks, and the
/// arguments it gets after the protocol's own (a package's
/// `input_validator_args` or `output_validator_args`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tool {
    /// The shell command.
    pub command: String,
    /// Its protocol.
    pub protocol: Protocol,
    /// Its arguments after the protocol's own.
    pub args: Vec<String>,
}

impl Tool {
    /// `command` speaking `protocol`, with no arguments of its own.
    pub fn new(command: impl Into<String>, protocol: Protocol) -> Tool {
        Tool {
            command: command.into(),
            protocol,
            args: Vec::new(),
        }
    }
}

/// A path as one shell word.
pub(crate) fn quoted(path: &Path) -> String {
    shell_quote(&path.display().to_string())
}

/// `command` with `args` after it, each one shell word.
pub(crate) fn with_args(command: &str, args: &[String]) -> String {
    let mut line = command.to_string();
    for arg in args {
        line.push(' ');
        line.push_str(&shell_quote(arg));
    }
    line
}

/// The exit code of a jury program's run that ended on its own, else why it
/// has no verdict: interrupted, if Ctrl-C stopped it, else the jury's fault
/// (`what` did not finish, and how).
pub(crate) fn exit_code(what: &str, outcome: &Outcome) -> Result<i32, NoVerdict> {
    match outcome {
        Outcome::Exited => Ok(0),
        Outcome::RuntimeError(Termination::Exit(code)) => Ok(*code),
        Outcome::Interrupted => Err(NoVerdict::Interrupted),
        other => Err(NoVerdict::JuryFault(format!(
            "{what} did not finish: {other}"
        ))),
    }
}

/// Runs one input validator (with its arguments) on `input`: `None` when it accepts
/// (testlib: exit 0; Kattis: 42), else why not. As the 2025-09 format says, any
/// other exit means the input is not confirmed valid (a testlib validator
/// exits 3 on an invalid input); a validator that does not finish (a time
/// limit, a signal) is the jury's fault, and one Ctrl-C stopped is
/// interrupted (the `Err`s).
pub fn run_validator(
    validator: &Tool,
    input: &[u8],
    limits: &RunLimits,
    cancel: &AtomicBool,
) -> Result<Option<String>, NoVerdict> {
    let command = with_args(&validator.command, &validator.args);
    let report = run_command(&command, limits, input, cancel);
    // testdata_tools' validator.h (the Swedish olympiad's, Kattis') rejects
    // with a failed `assert`: SIGABRT is its "no", as problemtools reads any
    // end but exit 42. Another signal, or a time limit, is still a fault.
    if validator.protocol == Protocol::Kattis
        && report.outcome == Outcome::RuntimeError(Termination::Signal(SIGABRT))
    {
        let why = excerpt(&report.stderr, 200);
        return Ok(Some(format!(
            "`{command}` rejects it (aborted: a failed assertion): {why}"
        )));
    }
    let code = exit_code(&format!("the validator `{command}`"), &report.outcome)?;
    let said = validator.protocol.said(code);
    if said == Said::Yes {
        return Ok(None);
    }
    let why = excerpt(&report.stderr, 200);
    let unusual = match (validator.protocol, said) {
        (Protocol::Kattis, Said::No) | (Protocol::Testlib, _) => String::new(),
        (Protocol::Kattis, _) => {
            format!(" (exit {code}, not {})", Protocol::Kattis.verdict_codes())
        }
    };
    Ok(Some(format!("`{command}` rejects it{unusual}: {why}")))
}

/// Runs a checker (an output validator) on the protocol it speaks, its own
/// arguments after the protocol's (a package's `output_validator_args`);
/// `Err` when it gives no verdict: it failed or ended with a code its protocol
/// gives no meaning (the jury's fault), or Ctrl-C (`cancel`) stopped it.
pub fn run_checker(
    checker: &Tool,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    limits: &RunLimits,
    cancel: &AtomicBool,
) -> Result<Judgement, NoVerdict> {
    run_checker_with_feedback(checker, input, output, answer, &[], limits, cancel)
}

/// [`run_checker`] with files already in the feedback directory (Kattis
/// protocol): `jurybox audit` asks whether a verdict depends on what a
/// judge left there, which it must not.
pub fn run_checker_with_feedback(
    checker: &Tool,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    feedback_files: &[(&str, &[u8])],
    limits: &RunLimits,
    cancel: &AtomicBool,
) -> Result<Judgement, NoVerdict> {
    let (dir, [in_file, out_file, ans_file]) =
        checker_files(["input", "output", "answer"], [input, output, answer])?;
    let (command, stdin) = match checker.protocol {
        Protocol::Testlib => (
            format!(
                "{} {} {} {}",
                checker.command,
                quoted(&in_file),
                quoted(&out_file),
                quoted(&ans_file)
            ),
            Vec::new(),
        ),
        Protocol::Kattis => {
            let feedback = dir.path().join("feedback");
            std::fs::create_dir(&feedback).map_err(cannot_write)?;
            for (name, bytes) in feedback_files {
                std::fs::write(feedback.join(name), bytes).map_err(cannot_write)?;
            }
            (
                format!(
                    "{} {} {} {}/",
                    checker.command,
                    quoted(&in_file),
                    quoted(&ans_file),
                    quoted(&feedback)
                ),
                output.to_vec(),
            )
        }
    };
    let command = with_args(&command, &checker.args);
    let report = run_command(&command, limits, &stdin, cancel);
    let code = exit_code(&format!("the checker `{command}`"), &report.outcome)?;
    let message = {
        let feedback = dir.path().join("feedback/judgemessage.txt");
        let text = std::fs::read(&feedback).unwrap_or_else(|_| report.stderr.clone());
        let said = excerpt(&text, 200).trim_end().to_string();
        if said.is_empty() {
            format!("the checker said nothing (exit {code})")
        } else {
            said
        }
    };
    match checker.protocol.said(code) {
        Said::Yes => Ok(Judgement::Accepted),
        Said::No => Ok(Judgement::WrongAnswer(message)),
        Said::PresentationError => Ok(Judgement::PresentationError(message)),
        Said::Failed => Err(NoVerdict::JuryFault(format!(
            "the checker `{}` failed (exit {code}): {message}",
            checker.command
        ))),
        Said::Unknown => Err(NoVerdict::JuryFault(format!(
            "the checker `{}` exited {code}, not a verdict of the {} protocol ({}): {message}",
            checker.command,
            checker.protocol.name(),
            checker.protocol.verdict_codes()
        ))),
    }
}

/// Runs a sinol checker (`crate::sinol_checker`'s protocol) on `output`, a
/// program's output on `input` whose right answer is `answer`: its verdict
/// and the percentage of the test's points it gives (one killed by a signal
/// judged by what it wrote, as sinol-make judges it); `Err` when it did not
/// finish (a time or memory limit), its percentage does not read (the jury's
/// fault) or Ctrl-C (`cancel`) stopped it.
pub fn run_sinol_checker(
    checker: &Tool,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    limits: &RunLimits,
    cancel: &AtomicBool,
) -> Result<(Judgement, f64), NoVerdict> {
    let (_dir, [in_file, out_file, ans_file]) =
        checker_files(["in", "out", "ans"], [input, output, answer])?;
    let command = with_args(
        &format!(
            "{} {} {} {}",
            checker.command,
            quoted(&in_file),
            quoted(&out_file),
            quoted(&ans_file)
        ),
        &checker.args,
    );
    let report = run_command(&command, limits, &[], cancel);
    // sinol-make reads a checker killed by a signal as one that exited:
    // Python's `returncode` is then negative, not above 2, so what it wrote
    // is its verdict. A time or memory limit (sinol-make sets none and would
    // wait for ever) stays the jury's fault.
    if let Outcome::RuntimeError(Termination::Signal(signal)) = &report.outcome {
        let killed = format!("the checker was killed by {}", signal_name(*signal));
        return match crate::sinol_checker::read_output(&String::from_utf8_lossy(&report.stdout)) {
            Ok((Judgement::WrongAnswer(why), points)) => Ok((
                Judgement::WrongAnswer(format!("{killed}; its output: {why}")),
                points,
            )),
            Ok(accepted) => Ok(accepted),
            Err(why) => Err(NoVerdict::JuryFault(format!(
                "the checker `{}`'s points ({killed}): {why}",
                checker.command
            ))),
        };
    }
    let code = exit_code(&format!("the checker `{command}`"), &report.outcome)?;
    if code > 2 {
        let said = excerpt(&report.stderr, 200);
        return Ok((
            Judgement::WrongAnswer(format!("the checker exited {code}: {said}")),
            0.0,
        ));
    }
    crate::sinol_checker::read_output(&String::from_utf8_lossy(&report.stdout)).map_err(|why| {
        NoVerdict::JuryFault(format!("the checker `{}`'s points: {why}", checker.command))
    })
}

/// The jury's fault when a checker's scratch files cannot be written.
fn cannot_write(e: std::io::Error) -> NoVerdict {
    NoVerdict::JuryFault(format!("cannot write the checker's files: {e}"))
}

/// A scratch directory holding the test's input, the program's output and
/// the answer under the names a checker's protocol uses, and their paths:
/// the directory is removed when the returned guard drops.
fn checker_files(
    names: [&str; 3],
    contents: [&[u8]; 3],
) -> Result<(tempfile::TempDir, [std::path::PathBuf; 3]), NoVerdict> {
    let dir = tempfile::tempdir().map_err(cannot_write)?;
    let paths = names.map(|name| dir.path().join(name));
    for (path, bytes) in paths.iter().zip(contents) {
        std::fs::write(path, bytes).map_err(cannot_write)?;
    }
    Ok((dir, paths))
}

/// How a program's output is judged: the format's default output validator
/// with its flags, or a checker of the jury's.
#[derive(Clone, Debug, PartialEq)]
pub enum OutputCheck {
    /// The default output validator (tokens compared as its flags say).
    Default(Flags),
    /// A checker (an output validator) on its protocol.
    Tool(Tool),
    /// A sinol package's checker: its verdict and a percentage of the
    /// test's points on its stdout ([`crate::sinol_checker`]).
    Sinol(Tool),
}

impl OutputCheck {
    /// The default output validator comparing tokens case-sensitively: what a
    /// setter's run with no checker of its own is judged by.
    pub fn tokens() -> OutputCheck {
        OutputCheck::Default(Flags {
            case_sensitive: true,
            ..Flags::default()
        })
    }

    /// The verdict on `output`, a program's output on `input` whose right
    /// answer is `answer`; `Err` when the checker gives none.
    pub fn judge(
        &self,
        input: &[u8],
        output: &[u8],
        answer: &[u8],
        limits: &RunLimits,
        cancel: &AtomicBool,
    ) -> Result<Judgement, NoVerdict> {
        self.judge_with_points(input, output, answer, limits, cancel)
            .map(|(judgement, _)| judgement)
    }

    /// [`OutputCheck::judge`] with the percentage of the test's points the
    /// checker gives (a sinol checker's; 100 from any other).
    pub fn judge_with_points(
        &self,
        input: &[u8],
        output: &[u8],
        answer: &[u8],
        limits: &RunLimits,
        cancel: &AtomicBool,
    ) -> Result<(Judgement, f64), NoVerdict> {
        let full = |judgement| (judgement, 100.0);
        match self {
            OutputCheck::Default(flags) => {
                Ok(full(default_validator::judge(output, answer, flags)))
            }
            OutputCheck::Tool(tool) => {
                run_checker(tool, input, output, answer, limits, cancel).map(full)
            }
            OutputCheck::Sinol(tool) => {
                run_sinol_checker(tool, input, output, answer, limits, cancel)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// What `shell` (killing itself with a signal) is said to do as a Kattis
    /// input validator.
    fn validate_with(shell: &str) -> Result<Option<String>, NoVerdict> {
        let tool = Tool::new(shell, Protocol::Kattis);
        let limits = RunLimits::with_cpu(Duration::from_secs(5));
        run_validator(&tool, b"1\n", &limits, &AtomicBool::new(false))
    }

    #[test]
    fn a_kattis_validator_that_aborts_rejects_the_input_and_another_signal_is_a_fault() {
        // validator.h's failed assert.
        let aborted = validate_with("kill -ABRT $$").expect("a verdict");
        assert!(
            aborted.is_some_and(|why| why.contains("a failed assertion")),
            "an abort is a rejection"
        );
        assert!(matches!(
            validate_with("kill -SEGV $$"),
            Err(NoVerdict::JuryFault(_))
        ));
    }

    /// What a sinol checker `shell` is said to give (its files are given to
    /// `:`, which ignores them).
    fn sinol_check_with(shell: &str) -> Result<(Judgement, f64), NoVerdict> {
        let tool = Tool::new(format!("{shell}; :"), Protocol::Testlib);
        let limits = RunLimits::with_cpu(Duration::from_secs(5));
        run_sinol_checker(
            &tool,
            b"1\n",
            b"2\n",
            b"2\n",
            &limits,
            &AtomicBool::new(false),
        )
    }

    /// sinol-make 1.9.16 reads a checker killed by a signal as any other:
    /// `Popen.returncode` is then negative, not above 2, so what it wrote is
    /// its verdict (`OK` and a percentage, else a wrong answer).
    #[test]
    fn a_sinol_checker_killed_by_a_signal_is_read_as_sinol_make_reads_it() {
        let said_ok = sinol_check_with("printf \"OK\\n\\n50\\n\"; kill -SEGV $$");
        assert_eq!(said_ok, Ok((Judgement::Accepted, 50.0)));
        let said_nothing = sinol_check_with("kill -SEGV $$");
        match said_nothing {
            Ok((Judgement::WrongAnswer(why), points)) => {
                assert_eq!(points, 0.0);
                assert!(why.contains("SIGSEGV"), "{why}");
            }
            other => panic!("{other:?}"),
        }
        // Exit 3 and above: a wrong answer, as before.
        let exited = sinol_check_with("echo OK; exit 3");
        assert!(
            matches!(exited, Ok((Judgement::WrongAnswer(_), _))),
            "{exited:?}"
        );
    }
}
