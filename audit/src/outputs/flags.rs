//! The default output validator's flags against the answers' shape: a
//! tolerance set where every answer it judges is an integer, case
//! sensitivity where no answer it judges has a letter, real numbers compared
//! as text where no test has a tolerance at all. Each test is judged with
//! its own flags (the package's `validator_flags` and its group's
//! `output_validator_args`), as `run` judges it. Warnings: flags that change
//! nothing hide what the setter meant.

use crate::finding::{FindingCategory, Report, Warning};
use crate::Context;
use jurybox_judging::default_validator::Flags;
use jurybox_judging::tool::OutputCheck;

/// Checks the default validator's flags against the package's answers.
pub fn audit_flags(ctx: &Context, report: &mut Report) {
    report.tried(
        FindingCategory::OutputValidator,
        2,
        "default validator flags checked against the answers",
    );
    // Each test's tokens with the flags that judge it.
    let judged: Vec<(Flags, Vec<String>)> = ctx
        .cases
        .iter()
        .filter_map(|c| match ctx.jury.checker(&c.settings) {
            Ok(OutputCheck::Default(flags)) => Some((flags, super::wrong::tokens(&c.answer))),
            _ => None,
        })
        .filter(|(_, words)| !words.is_empty())
        .collect();
    let tolerant = |f: &Flags| f.absolute.is_some() || f.relative.is_some();
    let integer = |w: &String| w.parse::<i128>().is_ok();
    let with_tolerance: Vec<&String> = judged
        .iter()
        .filter(|(f, _)| tolerant(f))
        .flat_map(|(_, w)| w)
        .collect();
    if !with_tolerance.is_empty() && with_tolerance.iter().all(|w| integer(w)) {
        report.warnings.push(Warning {
            what: "the default output validator: float_tolerance set but every answer it judges is an integer".into(),
            offer: None,
        });
    }
    let case_sensitive: Vec<&String> = judged
        .iter()
        .filter(|(f, _)| f.case_sensitive)
        .flat_map(|(_, w)| w)
        .collect();
    if !case_sensitive.is_empty()
        && !case_sensitive
            .iter()
            .any(|w| w.chars().any(char::is_alphabetic))
    {
        report.warnings.push(Warning {
            what: "the default output validator: case_sensitive set but no answer it judges has a letter"
                .into(),
            offer: None,
        });
    }
    let real = |w: &String| w.contains('.') && w.parse::<f64>().is_ok();
    let reals = judged.iter().any(|(_, w)| w.iter().any(real));
    if reals && !judged.iter().any(|(f, _)| tolerant(f)) {
        report.warnings.push(Warning {
            what: "the default output validator: answers hold real numbers but no test has a float_tolerance (compared as text)".into(),
            offer: None,
        });
    }
}
