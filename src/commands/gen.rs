//! `jurybox gen`: one input of a family on stdout, a pure function of the arguments.

use anyhow::{anyhow, Result};
use jurybox_core::problem::input_text;
use jurybox_generators::{family_named, parse_options};
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

pub struct Gen {
    pub family: String,
    pub seed: u64,
    pub options: Vec<String>,
}

impl ProblemVisitor for Gen {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let family = family_named::<P>(&self.family).ok_or_else(|| {
            let names: Vec<&str> = P::families().iter().map(|f| f.name).collect();
            anyhow!(
                "{} has no family '{}' (families: {})",
                P::NAME,
                self.family,
                names.join(", ")
            )
        })?;
        let options = parse_options(family.name, family.params, &self.options)?;
        let input = family.make(&options, self.seed);
        crate::output::bytes(input_text::<P>(&input).as_bytes());
        Ok(ExitCode::SUCCESS)
    }
}
