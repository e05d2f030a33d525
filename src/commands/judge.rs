//! `jurybox judge`: a testlib-style checker. The reference engine solves the input;
//! the output is judged against it, and the exit code is testlib's.

use crate::input;
use anyhow::{bail, Result};
use jurybox_core::problem::{judge_output, reference_engine};
use jurybox_stress::{Harness, ProblemVisitor};
use std::path::PathBuf;
use std::process::ExitCode;

pub struct Judge {
    pub input: PathBuf,
    pub output: PathBuf,
    pub extended: bool,
}

impl ProblemVisitor for Judge {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let (label, bytes) = input::read(Some(&self.input))?;
        let parsed = input::parse_bytes::<P>(&label, &bytes, input::limits(self.extended))?;
        let (_, output) = input::read(Some(&self.output))?;
        let Some(engine) = reference_engine::<P>(&parsed) else {
            bail!("no engine can solve {label}");
        };
        let verdict = judge_output::<P>(&parsed, &(engine.solve)(&parsed), &output);
        println!("{verdict}");
        Ok(ExitCode::from(verdict.exit_code() as u8))
    }
}
