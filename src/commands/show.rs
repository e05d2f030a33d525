//! `jurybox show`: one input (and its answer) drawn as an SVG file.

use crate::cli::ShowArgs;
use crate::input;
use anyhow::{anyhow, Result};
use jurybox_core::problem::answer_text;
use jurybox_core::{Constraints, EngineKind};
use jurybox_stress::{Harness, ProblemVisitor};
use std::process::ExitCode;

pub struct Show {
    pub args: ShowArgs,
}

impl ProblemVisitor for Show {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let (label, bytes) = input::read(Some(&self.args.input))?;
        let answer = match &self.args.answer {
            Some(path) => input::read(Some(path))?.1,
            None => {
                let parsed = input::parse_bytes::<P>(&label, &bytes, Constraints::Extended)?;
                let fast = P::engines()
                    .iter()
                    .find(|e| e.kind == EngineKind::Fast)
                    .unwrap_or(&P::engines()[0]);
                answer_text::<P>(&parsed, &(fast.solve)(&parsed)).into_bytes()
            }
        };
        let picture =
            jurybox_report::draw(P::NAME, &bytes, &answer).map_err(|e| anyhow!("{label}: {e}"))?;
        crate::output::file(&self.args.out, picture.svg.as_bytes())?;
        outln!("wrote {}: {}", self.args.out.display(), picture.caption);
        Ok(ExitCode::SUCCESS)
    }
}
