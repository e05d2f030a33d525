//! `jurybox validate`: exit 0 for a valid input, 1 with the broken rule otherwise.

use crate::cli::InputArgs;
use crate::input;
use anyhow::Result;
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

pub struct Validate {
    pub input: InputArgs,
}

impl ProblemVisitor for Validate {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let parsed = input::parse::<P>(&self.input)?;
        outln!("ok: {}", P::describe(&parsed));
        Ok(ExitCode::SUCCESS)
    }
}
