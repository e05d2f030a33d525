//! A setter's interactive problem under `stress --gen`: one generated input
//! judged through the interactor (`jurybox_judging::interactive`), the
//! reference first, which the interactor must accept (a rejected reference
//! means the jury is wrong), then the program.

use super::{CaseResult, JuryCommands};
use jurybox_judging::interactive::{judge_interaction, nothing_ran, Interactor};
use jurybox_judging::verdict::{NoVerdict, RunVerdict};
use jurybox_sandbox::RunLimits;
use std::sync::atomic::AtomicBool;

/// Judges `program` on one generated input of a jury with an interactor:
/// validators, then the reference through the interactor (which must be
/// accepted: a rejected reference means the jury is wrong), then the program.
pub(crate) fn judge_case(
    jury: &JuryCommands,
    interactor: &Interactor,
    program: &str,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
) -> CaseResult {
    match super::validate(jury, input, cancel) {
        Err(none) => return none.into(),
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
            Err(fault) => return CaseResult::NoVerdict(NoVerdict::JuryFault(fault)),
            Ok(run) if run.verdict.is_accepted() => {
                let output = run
                    .passes
                    .last()
                    .map(|p| p.output.clone())
                    .unwrap_or_default();
                (run.program(), output)
            }
            Ok(run) => {
                return CaseResult::NoVerdict(NoVerdict::JuryFault(format!(
                    "the reference `{command}` is not accepted by the interactor: {} ({}); {}",
                    run.verdict,
                    run.program().figures(),
                    run.remarks().join("; ")
                )))
            }
        },
    };
    let run = match judge(program, limits, &answer) {
        Ok(run) => run,
        Err(fault) => return CaseResult::NoVerdict(NoVerdict::JuryFault(fault)),
    };
    let report = Box::new(run.program());
    match run.verdict.clone() {
        RunVerdict::Accepted => CaseResult::Accepted {
            reference: Box::new(reference),
            program: report,
        },
        RunVerdict::NoVerdict(none) => CaseResult::NoVerdict(none),
        verdict => CaseResult::Failed {
            verdict,
            reference: Box::new(reference),
            program: report,
            dialogue: Some(Box::new(run)),
        },
    }
}
