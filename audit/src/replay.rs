//! A saved finding replayed (`jurybox audit DIR --replay FILE.in`): the input
//! given to every input validator, and when `FILE.out` lies beside it, the
//! output (with `FILE.ans`) to the output validator. The finding holds while
//! some validator accepts the input (every input the audit saves is invalid,
//! or one the validators disagree on) or the output validator accepts the
//! output.

use crate::validators::{Says, Validators};
use jurybox_core::Judgement as Judged;
use jurybox_jury::{Case, Jury, Stop};
use jurybox_sandbox::RunLimits;
use std::path::Path;
use std::time::Duration;

/// What each program said, and whether the finding holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// One line per program.
    pub lines: Vec<String>,
    /// Whether the finding still holds.
    pub holds: bool,
}

/// Replays the finding saved as `input` (a `.in` file) on `jury`'s package.
pub fn replay(jury: Jury, input: &Path) -> Result<Replayed, std::io::Error> {
    let bytes = std::fs::read(input)?;
    let settings = jury.package.secret_settings();
    let validators = Validators::new(jury, &settings);
    let mut lines = Vec::new();
    let mut holds = false;
    let out = input.with_extension("out");
    if out.exists() {
        let output = std::fs::read(&out)?;
        let answer = std::fs::read(input.with_extension("ans")).unwrap_or_default();
        let case = Case {
            name: "replayed".into(),
            input: bytes,
            answer,
            settings,
        };
        let judged = jury.judge_output(
            &case,
            &output,
            &RunLimits::with_cpu(Duration::from_secs(jurybox_sandbox::AUDIT_RUN_CPU_SECONDS)),
        );
        holds = !matches!(
            judged,
            Judged::WrongAnswer(_) | Judged::PresentationError(_)
        );
        lines.push(format!(
            "the output validator on {}: {judged:?}",
            out.display()
        ));
        return Ok(Replayed { lines, holds });
    }
    let says = match validators.says(&bytes) {
        Ok(says) => says,
        Err(Stop::Interrupted) => return Err(std::io::Error::other("interrupted")),
        Err(Stop::JuryFault(f)) => return Err(std::io::Error::other(f.describe())),
    };
    for ((name, _), said) in validators.tools.iter().zip(&says) {
        holds |= *said != Says::Refuses;
        lines.push(format!("{name}: {said:?}"));
    }
    Ok(Replayed { lines, holds })
}
