//! `jurybox judge`: a checker with testlib's conventions (`INPUT OUTPUT [ANSWER]`,
//! exit 0/1/2/3) or, with `--kattis`, an output validator (`INPUT ANSWER
//! FEEDBACK_DIR < OUTPUT`, exit 42/43). Without a jury answer the reference engine
//! computes one; the message says which engine did, and says so plainly when only
//! the fast engine could (then the answer is not verified).

use crate::input;
use anyhow::{anyhow, Context, Result};
use jurybox_core::problem::{judge_output, reference_engine};
use jurybox_core::verdict::Protocol;
use jurybox_core::{EngineKind, Problem};
use jurybox_sandbox::excerpt;
use jurybox_stress::{Harness, ProblemVisitor};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

pub struct JudgeOutput {
    pub files: Vec<PathBuf>,
    pub kattis: bool,
    pub extended: bool,
}

/// The expected answer and where it came from.
fn expected<P: Problem>(
    parsed: &P::Input,
    answer_file: Option<&PathBuf>,
) -> Result<(P::Answer, String)> {
    let reference = reference_engine::<P>(parsed);
    let Some(path) = answer_file else {
        let engine = reference.ok_or_else(|| anyhow!("no engine can solve this input"))?;
        let source = if engine.kind == EngineKind::Reference {
            format!(
                "expected answer from the reference engine `{}`",
                engine.name
            )
        } else {
            format!(
                "NOT VERIFIED: no reference engine can run this input; expected answer from the fast engine `{}`",
                engine.name
            )
        };
        return Ok(((engine.solve)(parsed), source));
    };
    let (_, bytes) = input::read(Some(path))?;
    let jury = P::parse_answer(parsed, &bytes)
        .map_err(|e| anyhow!("jury answer {}: {e}", path.display()))?;
    match reference.filter(|e| e.kind == EngineKind::Reference) {
        Some(engine) => {
            let own = (engine.solve)(parsed);
            let verdict = P::judge(parsed, &own, &jury);
            if !verdict.is_accepted() {
                return Err(anyhow!(
                    "jury answer {} contradicted by the reference engine `{}`: {}",
                    path.display(),
                    engine.name,
                    excerpt(verdict.to_string().as_bytes(), 300)
                ));
            }
            Ok((
                jury,
                format!(
                    "jury answer {} (agrees with the reference engine `{}`)",
                    path.display(),
                    engine.name
                ),
            ))
        }
        None => Ok((
            jury,
            format!(
                "jury answer {} (not checked: no reference engine can run this input)",
                path.display()
            ),
        )),
    }
}

impl ProblemVisitor for JudgeOutput {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        // Every error below is a failure (exit 3 in main): missing file, bad input,
        // unreadable or contradicted jury answer.
        let (input_path, output, answer_path, feedback) = if self.kattis {
            if self.files.len() != 3 {
                return Err(crate::UsageError(
                    "--kattis takes INPUT ANSWER FEEDBACK_DIR (the output on stdin)".into(),
                )
                .into());
            }
            let mut output = Vec::new();
            std::io::stdin()
                .read_to_end(&mut output)
                .context("cannot read the output on standard input")?;
            (
                &self.files[0],
                output,
                Some(&self.files[1]),
                Some(&self.files[2]),
            )
        } else {
            let (_, output) = input::read(Some(&self.files[1]))?;
            (&self.files[0], output, self.files.get(2), None)
        };
        let (label, bytes) = input::read(Some(input_path))?;
        let parsed = input::parse_bytes::<P>(&label, &bytes, input::limits(self.extended))?;
        let (answer, source) = expected::<P>(&parsed, answer_path)?;
        let verdict = judge_output::<P>(&parsed, &answer, &output);
        let message = excerpt(verdict.to_string().as_bytes(), 500);
        outln!("{message}");
        errln!("({source})");
        if let Some(dir) = feedback {
            std::fs::write(
                dir.join("judgemessage.txt"),
                format!("{message}\n{source}\n"),
            )
            .with_context(|| format!("cannot write to the feedback directory {}", dir.display()))?;
            return Ok(ExitCode::from(Protocol::Kattis.exit_code(&verdict) as u8));
        }
        Ok(ExitCode::from(Protocol::Testlib.exit_code(&verdict) as u8))
    }
}
