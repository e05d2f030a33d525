//! `jurybox solve`: one input, one engine, the answer on stdout.

use crate::cli::InputArgs;
use crate::input;
use anyhow::{anyhow, Result};
use jurybox_core::problem::{answer_text, engine_named};
use jurybox_core::EngineKind;
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

pub struct Solve {
    pub engine: Option<String>,
    pub input: InputArgs,
    pub force: bool,
}

impl ProblemVisitor for Solve {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let engine = match &self.engine {
            None => &P::engines()[0],
            Some(name) => engine_named::<P>(name).ok_or_else(|| {
                let names: Vec<&str> = P::engines().iter().map(|e| e.name).collect();
                anyhow!(
                    "{} has no engine '{name}' (engines: {})",
                    P::NAME,
                    names.join(", ")
                )
            })?,
        };
        let parsed = input::parse::<P>(&self.input)?;
        // A reference engine past its size (a bitmask search over 2^40 states) would
        // run out of time or memory, or refuse outright: say so instead. Mutants
        // always run, since suites time them as processes to prove they are slow.
        // Past what the engine can represent, --force cannot help: say so first.
        if let Some(why) = (engine.cannot_run)(&parsed) {
            return Err(anyhow!(
                "engine '{}' cannot run this input: {why} (choose another engine)",
                engine.name
            ));
        }
        if let Some(why) = (engine.too_big)(&parsed) {
            if !self.force && engine.kind.is_trusted() && engine.kind != EngineKind::Fast {
                return Err(anyhow!(
                    "engine '{}' cannot run this input in reasonable time: {why} \
                     (choose another engine, or --force to try anyway)",
                    engine.name
                ));
            }
            errln!("warning: engine '{}' may be slow here: {why}", engine.name);
        }
        let answer = engine.try_solve(&parsed)?;
        crate::output::bytes(answer_text::<P>(&parsed, &answer).as_bytes());
        Ok(ExitCode::SUCCESS)
    }
}
