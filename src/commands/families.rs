//! `jurybox families`: every family of a problem with its size options.

use anyhow::Result;
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

pub struct Families;

impl ProblemVisitor for Families {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        outln!(
            "{} input families (jurybox gen {} --family NAME --seed N [KEY=VALUE]...):",
            P::NAME,
            P::NAME
        );
        for family in P::families() {
            outln!("\n{}\n  {}", family.name, family.about);
            for p in family.params {
                outln!(
                    "  {:<10} {} (default {}, range {}..={}, stress up to {})",
                    format!("{}=", p.name),
                    p.about,
                    p.default,
                    p.min,
                    p.max,
                    p.stress
                );
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
