//! The output validator judged (issue 44, item 4) by what is known right or
//! wrong: the jury's answer and each accepted submission's output must be
//! accepted; outputs made wrong from the answer (a token changed, the
//! output cut short or lengthened, emptied, a huge number, `nan`, `inf`,
//! another test's answer) must be refused unless an accepted submission
//! wrote the same tokens; a crash, a hang, an exit outside the protocol or a
//! verdict that changes with what the feedback directory holds is a jury
//! fault. Where accepted outputs differ from the answer (the problem has
//! several answers), only what no answer can be (empty, `nan`, `inf`) is
//! tried. The default output validator's flags are checked against the
//! answers' shape instead ([`crate::outputs::flags`]).

mod flags;
mod wrong;

use crate::finding::{Finding, FindingCategory, Keep, Report};
use crate::Context;
use jurybox_core::Judgement as Judged;
use jurybox_judging::tool::{run_checker_with_feedback, OutputCheck, Tool};
use jurybox_judging::verdict::NoVerdict;
use jurybox_jury::Stops;
use jurybox_jury::{Case, Limits, Stop};
use jurybox_sandbox::RunLimits;
use std::collections::HashSet;
use std::time::Duration;
use wrong::{tokens, wrong_outputs};

/// Tests tried, smallest first.
const TESTS: usize = 12;

/// What the checker said: a verdict, or the jury's fault.
enum Said {
    Accepted,
    Refused,
    Fault(String),
}

/// Audits the output validator into `report`.
pub fn audit_outputs(ctx: &Context, report: &mut Report) -> Result<(), Stop> {
    let Some(tool) = the_tool(ctx, report)? else {
        return Ok(());
    };
    let mut cases: Vec<&Case> = ctx.cases.iter().filter(|c| !c.answer.is_empty()).collect();
    cases.sort_by_key(|c| c.input.len() + c.answer.len());
    cases.truncate(TESTS);
    let accepted = accepted_outputs(ctx, &cases)?;
    let limits = RunLimits::with_cpu(Duration::from_secs(jurybox_sandbox::AUDIT_RUN_CPU_SECONDS));
    let judge = |case: &Case, output: &[u8], feedback: &[(&str, &[u8])]| -> Result<Said, Stop> {
        let tool = Tool {
            args: case.settings.output_validator_args.clone(),
            ..tool.clone()
        };
        match run_checker_with_feedback(
            &tool,
            &case.input,
            output,
            &case.answer,
            feedback,
            &limits,
            ctx.jury.cancel,
        ) {
            Ok(Judged::Accepted) => Ok(Said::Accepted),
            Ok(_) => Ok(Said::Refused),
            Err(NoVerdict::Interrupted) => Err(Stop::Interrupted),
            Err(NoVerdict::JuryFault(why)) => Ok(Said::Fault(why)),
        }
    };
    let mut tried = 0;
    let mut labels = HashSet::new();
    let mut find = |case: &Case, output: &[u8], what: String, label: &str, keep: Keep| {
        if labels.insert(label.to_string()) {
            report.findings.push(Finding {
                category: FindingCategory::OutputValidator,
                program: "the output validator".into(),
                what,
                input: case.input.clone(),
                output: Some(output.to_vec()),
                answer: Some(case.answer.clone()),
                test: Some(case.name.clone()),
                shrunk: None,
                keep,
                confirmed: true,
            });
        }
    };
    for (case, outputs) in cases.iter().zip(&accepted) {
        tried += 1;
        match judge(case, &case.answer, &[])? {
            Said::Accepted => {}
            Said::Refused => find(
                case,
                &case.answer,
                format!("refuses the jury's own answer of {}", case.name),
                "own answer",
                Keep::Nothing,
            ),
            Said::Fault(why) => find(
                case,
                &case.answer,
                format!("fails on the jury's own answer of {}: {why}", case.name),
                "own answer fault",
                Keep::Nothing,
            ),
        }
        tried += 1;
        let junk: [(&str, &[u8]); 2] = [
            ("judgemessage.txt", b"left by an earlier run\n"),
            ("score.txt", b"0\n"),
        ];
        if matches!(
            judge(case, &case.answer, &junk)?,
            Said::Refused | Said::Fault(_)
        ) {
            find(case, &case.answer, format!("refuses the jury's own answer of {} when the feedback directory already holds files", case.name), "feedback", Keep::Nothing);
        }
        for (name, output) in outputs {
            tried += 1;
            if let Said::Refused | Said::Fault(_) = judge(case, output, &[])? {
                find(
                    case,
                    output,
                    format!(
                        "refuses the output of the accepted submission {name} on {}",
                        case.name
                    ),
                    &format!("accepted {name}"),
                    Keep::Nothing,
                );
            }
        }
        let right: Vec<Vec<String>> = std::iter::once(tokens(&case.answer))
            .chain(outputs.iter().map(|(_, o)| tokens(o)))
            .collect();
        let several = right.iter().any(|r| *r != right[0]);
        let others: Vec<&[u8]> = cases
            .iter()
            .filter(|c| c.name != case.name)
            .map(|c| c.answer.as_slice())
            .collect();
        for wrong in wrong_outputs(&case.answer, &others, several) {
            if right.contains(&tokens(&wrong.output)) {
                continue;
            }
            tried += 1;
            match judge(case, &wrong.output, &[])? {
                Said::Refused => {}
                Said::Accepted => {
                    // Asked twice more: only a verdict that holds is a
                    // finding (and only a finding is ever written).
                    let again = matches!(judge(case, &wrong.output, &[])?, Said::Accepted)
                        && matches!(judge(case, &wrong.output, &[])?, Said::Accepted);
                    if again {
                        find(
                            case,
                            &wrong.output,
                            format!("accepts {} on {}", wrong.what, case.name),
                            &wrong.label,
                            Keep::InvalidOutput,
                        );
                    }
                }
                Said::Fault(why) => find(
                    case,
                    &wrong.output,
                    format!("fails on {} on {}: {why}", wrong.what, case.name),
                    &format!("{} fault", wrong.label),
                    Keep::Nothing,
                ),
            }
        }
    }
    report.tried(
        FindingCategory::OutputValidator,
        tried,
        "outputs judged (answers, accepted outputs, wrong outputs)",
    );
    Ok(())
}

/// The output validator to run, when there is one to audit: an interactive
/// or multi-pass problem is said to be left alone, and the default
/// validator has its flags checked instead.
fn the_tool(ctx: &Context, report: &mut Report) -> Result<Option<Tool>, Stop> {
    let kind = &ctx.package.config.kind;
    if kind.interactive || kind.passes.is_some() {
        report.notes.push(
            "an interactive or multi-pass problem: the output validator is not audited".into(),
        );
        return Ok(None);
    }
    match ctx.jury.checker(&ctx.package.secret_settings()) {
        Err(why) => Err(Stop::fault(why, None, "", b"")),
        Ok(OutputCheck::Default(_)) => {
            flags::audit_flags(ctx, report);
            Ok(None)
        }
        Ok(OutputCheck::Tool(tool)) => Ok(Some(tool)),
        Ok(OutputCheck::Sinol(_)) => {
            report.notes.push(
                "a sinol checker (points on its stdout): the output validator is not audited"
                    .into(),
            );
            Ok(None)
        }
    }
}

/// Outputs by the name of the submission that wrote them.
type Named = Vec<(String, Vec<u8>)>;

/// Each accepted submission's output on each of `cases` that it passed
/// within the limit, by name.
fn accepted_outputs(ctx: &Context, cases: &[&Case]) -> Result<Vec<Named>, Stop> {
    let limits = Limits::of(ctx.package, ctx.config.time_limit);
    let programs: Vec<_> = ctx
        .package
        .submissions
        .iter()
        .zip(&ctx.jury.built.submissions)
        .filter(|(s, _)| s.is_accepted())
        .filter_map(|(s, b)| Some((s.name.clone(), b.as_ref().ok()?)))
        .collect();
    let mut out = Vec::new();
    for case in cases {
        let mut outputs = Vec::new();
        for (name, program) in &programs {
            if let Some(output) = output_of(ctx, program, case, &limits)? {
                outputs.push((name.clone(), output));
            }
        }
        out.push(outputs);
    }
    Ok(out)
}

/// The output of `program` on `case`, when it ran normally within limits.
fn output_of(
    ctx: &Context,
    program: &jurybox_languages::Built,
    case: &Case,
    limits: &Limits,
) -> Result<Option<Vec<u8>>, Stop> {
    let command = jurybox_jury::command_with(program, &case.settings.args);
    let run_limits = RunLimits {
        stack: program.stack,
        ..RunLimits::with_cpu(Duration::from_secs_f64(limits.kill_at))
    };
    let report = jurybox_sandbox::run_command(&command, &run_limits, &case.input, ctx.jury.cancel);
    if ctx.jury.cancel.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(Stop::Interrupted);
    }
    Ok((report.outcome == jurybox_sandbox::Outcome::Exited).then_some(report.stdout))
}
