//! Any problem: stress a setter's own problem given as plain commands (a generator
//! taking `{seed}`, a reference, the program under test, and optionally a checker
//! and validators) or as a Kattis / BAPCtools package directory.
//!
//! Every command runs in the sandbox (`jurybox-sandbox`) with its own limits, the
//! jury's programs as `jurybox-judging` runs them on their protocols. The
//! jury's programs are trusted only as far as they behave: a generator that prints
//! different bytes for the same seed, a validator that rejects a generated input, a
//! reference that crashes or times out, or a checker that fails (testlib's exit 3,
//! or anything but 42/43 on the Kattis protocol) is the jury's fault
//! ([`CaseResult::NoVerdict`]), never blamed on the program, and stops the run.
//! A failure is shrunk by `jurybox_search::shrink` without knowing the format,
//! keeping the input valid and the failure of the same kind, then saved with a
//! `reproduce:` line.

pub mod interactive;
pub mod run;

use jurybox_core::Judgement;
use jurybox_judging::tool::{run_validator, OutputCheck, Tool};
use jurybox_judging::verdict::{run_verdict, NoVerdict, RunVerdict};
use jurybox_sandbox::{excerpt, run_command, Outcome, RunLimits, RunReport};
use jurybox_search::sizes;
use std::sync::atomic::{AtomicBool, Ordering};

/// The jury's side of a setter's run, as commands (a package's jury, built
/// and judging as the package says, is `jurybox_jury::Jury`).
#[derive(Clone, Debug)]
pub struct JuryCommands {
    /// The generator; `{seed}` is replaced by the case's seed.
    pub generator: String,
    /// The trusted solution (optional only with an interactor, where it checks
    /// the jury: the interactor must accept it).
    pub reference: Option<String>,
    /// How outputs are judged: a checker, or the default output validator.
    pub checker: OutputCheck,
    /// Input validators (with their arguments), each must accept every input.
    pub validators: Vec<Tool>,
    /// Limits of every jury program (generous: the jury's time is not judged).
    pub limits: RunLimits,
    /// An interactive problem's interactor: the generated input is its input,
    /// and the program talks with it ([`interactive`]).
    pub interactor: Option<jurybox_judging::interactive::Interactor>,
}

/// One case judged.
#[derive(Clone, Debug)]
pub enum CaseResult {
    /// Accepted; the reference's and the program's reports for the time summary.
    Accepted {
        /// The reference's run.
        reference: Box<RunReport>,
        /// The program's run.
        program: Box<RunReport>,
    },
    /// The program failed.
    Failed {
        /// How, in the vocabulary of every run jurybox judges (shrinking keeps its
        /// `code()`: a wrong answer stays a wrong answer, a crash a crash).
        verdict: RunVerdict,
        /// The reference's run.
        reference: Box<RunReport>,
        /// The program's run.
        program: Box<RunReport>,
        /// An interactive problem's dialogue (the exchange, both stderr).
        dialogue: Option<Box<jurybox_judging::interactive::Interaction>>,
    },
    /// A validator rejected the input (the input is not a test at all).
    Invalid(String),
    /// No verdict on the program: the jury's programs misbehaved, or Ctrl-C
    /// came while the case was judged. Either way the run must stop.
    NoVerdict(NoVerdict),
}

impl From<NoVerdict> for CaseResult {
    fn from(none: NoVerdict) -> CaseResult {
        CaseResult::NoVerdict(none)
    }
}

/// Runs the generator for `seed`: the input, or why there is none (the
/// jury's fault, or Ctrl-C, which `cancel` carries).
pub fn generate(jury: &JuryCommands, seed: u64, cancel: &AtomicBool) -> Result<Vec<u8>, NoVerdict> {
    generate_sized(jury, seed, None, cancel)
}

/// Runs the generator for `seed` with its size markers (`{n=1..30}`) at `sizes`
/// (drawn from the seed when `None`).
pub fn generate_sized(
    jury: &JuryCommands,
    seed: u64,
    sizes: Option<&[u64]>,
    cancel: &AtomicBool,
) -> Result<Vec<u8>, NoVerdict> {
    let command = sizes::expand(&jury.generator, seed, sizes);
    let report = run_command(&command, &jury.limits, b"", cancel);
    match &report.outcome {
        Outcome::Exited => Ok(report.stdout),
        Outcome::Interrupted => Err(NoVerdict::Interrupted),
        other => Err(NoVerdict::JuryFault(format!(
            "the generator `{command}` failed: {other} ({}); stderr: {}",
            report.figures(),
            excerpt(&report.stderr, 300)
        ))),
    }
}

/// `None` when every validator accepts `input`, else the first rejection (or
/// why no validator could say: the jury's fault, or Ctrl-C).
pub fn validate(
    jury: &JuryCommands,
    input: &[u8],
    cancel: &AtomicBool,
) -> Result<Option<String>, NoVerdict> {
    for validator in &jury.validators {
        if let Some(why) = run_validator(validator, input, &jury.limits, cancel)? {
            return Ok(Some(why));
        }
    }
    Ok(None)
}

/// The verdict of the jury's checker on `output`; a checker that fails (or
/// that Ctrl-C stopped) is [`Judgement::JuryFault`]: no verdict on the program.
fn check(
    jury: &JuryCommands,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    cancel: &AtomicBool,
) -> Judgement {
    jury.checker
        .judge(input, output, answer, &jury.limits, cancel)
        .unwrap_or_else(|none| Judgement::JuryFault(none.to_string()))
}

/// Judges `program` (under `limits`) on `input`: validators, then the reference,
/// then the program, then the checker.
pub fn judge_case(
    jury: &JuryCommands,
    program: &str,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
) -> CaseResult {
    if let Some(interactor) = &jury.interactor {
        return interactive::judge_case(jury, interactor, program, limits, input, cancel);
    }
    let Some(reference) = &jury.reference else {
        return CaseResult::NoVerdict(NoVerdict::JuryFault(
            "no reference to compare the program with".into(),
        ));
    };
    match validate(jury, input, cancel) {
        Err(none) => return none.into(),
        Ok(Some(why)) => return CaseResult::Invalid(why),
        Ok(None) => {}
    }
    let reference_command = reference;
    let reference = run_command(reference_command, &jury.limits, input, cancel);
    if reference.outcome == Outcome::Interrupted {
        return CaseResult::NoVerdict(NoVerdict::Interrupted);
    }
    if reference.outcome != Outcome::Exited {
        return CaseResult::NoVerdict(NoVerdict::JuryFault(format!(
            "the reference `{}` failed: {} ({}); stderr: {}",
            reference_command,
            reference.outcome,
            reference.figures(),
            excerpt(&reference.stderr, 300)
        )));
    }
    let report = run_command(program, limits, input, cancel);
    let verdict = run_verdict(&report, |output| {
        check(jury, input, output, &reference.stdout, cancel)
    });
    if cancel.load(Ordering::Relaxed) {
        // A checker Ctrl-C stopped failed for that alone: no verdict.
        return CaseResult::NoVerdict(NoVerdict::Interrupted);
    }
    match verdict {
        RunVerdict::Accepted => CaseResult::Accepted {
            reference: Box::new(reference),
            program: Box::new(report),
        },
        RunVerdict::NoVerdict(none) => CaseResult::NoVerdict(none),
        verdict => CaseResult::Failed {
            verdict,
            reference: Box::new(reference),
            program: Box::new(report),
            dialogue: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::verdict::Protocol;
    use std::time::Duration;

    fn jury(checker: Option<Tool>) -> JuryCommands {
        JuryCommands {
            generator: "echo {seed}".into(),
            reference: Some("cat".into()),
            checker: checker.map_or_else(OutputCheck::tokens, OutputCheck::Tool),
            validators: vec![Tool::new("grep -qv x", Protocol::Testlib)],
            limits: RunLimits::with_cpu(Duration::from_secs(5)),
            interactor: None,
        }
    }

    fn result(jury: &JuryCommands, program: &str, input: &[u8]) -> CaseResult {
        let limits = RunLimits::with_cpu(Duration::from_secs(1));
        judge_case(jury, program, &limits, input, &AtomicBool::new(false))
    }

    #[test]
    fn the_generator_gets_the_seed_and_tokens_are_compared() {
        let jury = jury(None);
        assert_eq!(
            generate(&jury, 42, &AtomicBool::new(false)).unwrap(),
            b"42\n"
        );
        assert!(matches!(
            result(&jury, "cat", b"1 2\n"),
            CaseResult::Accepted { .. }
        ));
        assert!(matches!(
            result(&jury, "tr ' ' '\\n'", b"1 2\n"),
            CaseResult::Accepted { .. }
        ));
        assert!(matches!(
            result(&jury, "echo 3", b"1 2\n"),
            CaseResult::Failed {
                verdict: RunVerdict::WrongAnswer(_),
                ..
            }
        ));
        assert!(matches!(
            result(&jury, "sh -c 'kill -SEGV $$'", b"1\n"),
            CaseResult::Failed {
                verdict: RunVerdict::RuntimeError(_),
                ..
            }
        ));
        assert!(matches!(
            result(&jury, "cat", b"x\n"),
            CaseResult::Invalid(_)
        ));
    }

    #[test]
    fn checkers_speak_testlib_and_kattis_and_their_failures_are_the_jurys() {
        let testlib = |script: &str| {
            jury(Some(Tool::new(
                format!("sh -c '{script}' checker"),
                Protocol::Testlib,
            )))
        };
        // testlib: CMD input output answer; compares the output file's first line.
        let by_file = testlib(r#"[ "$(cat "$2")" = "$(cat "$3")" ] && exit 0; exit 1"#);
        assert!(matches!(
            result(&by_file, "cat", b"5\n"),
            CaseResult::Accepted { .. }
        ));
        assert!(matches!(
            result(&by_file, "echo 6", b"5\n"),
            CaseResult::Failed {
                verdict: RunVerdict::WrongAnswer(_),
                ..
            }
        ));
        assert!(matches!(
            result(&testlib("exit 2"), "cat", b"5\n"),
            CaseResult::Failed {
                verdict: RunVerdict::PresentationError(_),
                ..
            }
        ));
        // testlib's "dirt" (4) and unexpected end of file (8) are presentation
        // errors for a checker as for an interactor: one table.
        for dirt in ["exit 4", "exit 8"] {
            assert!(matches!(
                result(&testlib(dirt), "cat", b"5\n"),
                CaseResult::Failed {
                    verdict: RunVerdict::PresentationError(_),
                    ..
                }
            ));
        }
        assert!(matches!(
            result(&testlib("exit 3"), "cat", b"5\n"),
            CaseResult::NoVerdict(NoVerdict::JuryFault(_))
        ));
        assert!(matches!(
            result(&testlib("exit 5"), "cat", b"5\n"),
            CaseResult::NoVerdict(NoVerdict::JuryFault(_))
        ));
        let kattis = |script: &str| {
            jury(Some(Tool::new(
                format!("sh -c '{script}' checker"),
                Protocol::Kattis,
            )))
        };
        // Kattis: CMD input answer feedbackdir < output.
        let by_stdin = kattis(
            r#"[ "$(cat)" = "$(cat "$2")" ] && exit 42; echo no > "$3/judgemessage.txt"; exit 43"#,
        );
        assert!(matches!(
            result(&by_stdin, "cat", b"5\n"),
            CaseResult::Accepted { .. }
        ));
        match result(&by_stdin, "echo 6", b"5\n") {
            CaseResult::Failed { verdict, .. } => {
                assert_eq!(verdict, RunVerdict::WrongAnswer("no".into()));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            result(&kattis("exit 0"), "cat", b"5\n"),
            CaseResult::NoVerdict(NoVerdict::JuryFault(_))
        ));
    }

    #[test]
    fn a_crashing_reference_is_the_jurys_fault() {
        let mut jury = jury(None);
        jury.reference = Some("sh -c 'exit 7'".into());
        assert!(
            matches!(result(&jury, "cat", b"1\n"), CaseResult::NoVerdict(NoVerdict::JuryFault(m)) if m.contains("reference"))
        );
    }
}
