//! `jurybox check`: every engine (and any `--program`) on one input, judged against
//! the reference and, when `FILE.ans` exists beside the input, against that too.
//! This is the command a saved regression's note gives to reproduce it.

use crate::cli::{InputArgs, ProgramArgs};
use crate::commands::stress::programs;
use crate::input;
use anyhow::Result;
use jurybox_core::problem::{answer_text, trusted_engines};
use jurybox_stress::check::check;
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

pub struct Check {
    pub programs: ProgramArgs,
    pub input: InputArgs,
}

impl ProblemVisitor for Check {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let parsed = input::parse::<P>(&self.input)?;
        for e in trusted_engines::<P>() {
            if let Some(why) = (e.too_big)(&parsed) {
                println!("skipped `{}`: {why}", e.name);
            }
        }
        let agreement = match check::<P>(&parsed, &programs(&self.programs)) {
            Ok(a) => a,
            Err(mismatch) => {
                println!("MISMATCH: {mismatch}");
                return Ok(ExitCode::FAILURE);
            }
        };
        print!(
            "ok: {} engines agree (reference `{}`):\n{}",
            agreement.engines_run,
            agreement.reference,
            answer_text::<P>(&parsed, &agreement.answer)
        );
        if let Some(path) = self
            .input
            .file
            .as_ref()
            .map(|f| f.with_extension("ans"))
            .filter(|p| p.exists())
        {
            let expected = P::parse_answer(&parsed, &std::fs::read(&path)?)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            let verdict = P::judge(&parsed, &expected, &agreement.answer);
            println!("against {}: {verdict}", path.display());
            if !verdict.is_accepted() {
                return Ok(ExitCode::FAILURE);
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
