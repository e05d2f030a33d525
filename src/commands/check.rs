//! `jurybox check`: every engine (and any `--program`) on one input, judged against
//! the reference and, when `FILE.ans` exists beside the input, against that too.
//! This is the command a saved case's note gives to reproduce it.

use crate::cli::{InputArgs, ProgramArgs};
use crate::exit;
use crate::input;
use crate::interrupt;
use crate::program_flags::programs;
use anyhow::Result;
use jurybox_core::problem::{answer_text, trusted_engines};
use jurybox_stress::check::check;
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

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
                outln!("skipped `{}`: {why}", e.name);
            }
        }
        let programs = programs(&self.programs);
        // Built-in engines cannot be stopped half-way: only a run of programs
        // takes over Ctrl-C.
        let never = AtomicBool::new(false);
        let cancel = if programs.is_empty() {
            &never
        } else {
            interrupt::flag()
        };
        let agreement = match check::<P>(&parsed, &programs, cancel) {
            Ok(a) => a,
            Err(m) if m.is_interrupted() => {
                outln!("interrupted");
                return Ok(exit::code(exit::INTERRUPTED));
            }
            Err(mismatch) => {
                outln!("MISMATCH: {mismatch}");
                return Ok(exit::code(exit::FOUND));
            }
        };
        if agreement.verified {
            outln!(
                "ok: {} engines agree (reference `{}`)",
                agreement.engines_run,
                agreement.reference
            );
        } else {
            outln!(
                "NOT VERIFIED: no reference engine can run this input; the expected answer is \
                 the fast engine `{}`'s, and {} engine(s) agree with it",
                agreement.reference,
                agreement.engines_run
            );
        }
        for (program, run) in programs.iter().zip(&agreement.runs) {
            outln!("{}: accepted ({})", program.name(), run.figures());
        }
        out!("{}", answer_text::<P>(&parsed, &agreement.answer));
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
            outln!("against {}: {verdict}", path.display());
            if !verdict.is_accepted() {
                return Ok(exit::code(exit::FOUND));
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
