//! The default output validator's flags against the answers' shape: a
//! tolerance set where every answer is an integer, case sensitivity where
//! no answer has a letter. Warnings: flags that change nothing hide what
//! the setter meant.

use crate::finding::{Category, Report, Warning};
use crate::Context;
use jurybox_judging::default_validator::Flags;

/// Checks the default validator's flags against the package's answers.
pub fn audit_flags(ctx: &Context, flags: &Flags, report: &mut Report) {
    let words: Vec<String> = ctx
        .cases
        .iter()
        .flat_map(|c| super::wrong::tokens(&c.answer))
        .collect();
    report.tried(
        Category::OutputValidator,
        2,
        "default validator flags checked against the answers",
    );
    if words.is_empty() {
        return;
    }
    let integers = words.iter().all(|w| w.parse::<i128>().is_ok());
    if (flags.absolute.is_some() || flags.relative.is_some()) && integers {
        report.warnings.push(Warning {
            what:
                "the default output validator: float_tolerance set but every answer is an integer"
                    .into(),
            offer: None,
        });
    }
    let letters = words.iter().any(|w| w.chars().any(|c| c.is_alphabetic()));
    if flags.case_sensitive && !letters {
        report.warnings.push(Warning {
            what: "the default output validator: case_sensitive set but no answer has a letter"
                .into(),
            offer: None,
        });
    }
    let reals = words
        .iter()
        .any(|w| w.contains('.') && w.parse::<f64>().is_ok());
    if reals && flags.absolute.is_none() && flags.relative.is_none() {
        report.warnings.push(Warning {
            what: "the default output validator: answers hold real numbers but no float_tolerance is set (compared as text)".into(),
            offer: None,
        });
    }
}
