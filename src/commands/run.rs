//! `jurybox run`: a program over a directory of tests (the `oj t` job): each
//! `NAME.in`, judged against `NAME.ans` or, where there is none, the reference
//! engine's answer; a table of verdicts, times and memory; exit 1 if any test is
//! not accepted.

use crate::cli::ProgramArgs;
use crate::exit;
use crate::program_flags::programs;
use crate::{input, interrupt, UsageError};
use anyhow::{Context, Result};
use jurybox_core::problem::reference_engine;
use jurybox_core::{Constraints, EngineKind, Problem};
use jurybox_judging::verdict::{judge_run, NoVerdict, RunVerdict, JURY_FAULT_CODE};
use jurybox_sandbox::{excerpt, MIB};
use jurybox_stress::{Harness, ProblemVisitor};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

pub struct RunDir {
    pub dir: PathBuf,
    pub programs: ProgramArgs,
    pub extended: bool,
}

/// The expected answer for one test: `NAME.ans`, else the reference engine's.
fn expected<P: Problem>(parsed: &P::Input, ans: &PathBuf) -> Result<(P::Answer, &'static str)> {
    if ans.exists() {
        let bytes = std::fs::read(ans).with_context(|| format!("cannot read {}", ans.display()))?;
        let answer = P::parse_answer(parsed, &bytes)
            .map_err(|e| anyhow::anyhow!("{}: {e}", ans.display()))?;
        return Ok((answer, ".ans"));
    }
    let engine = reference_engine::<P>(parsed)
        .ok_or_else(|| anyhow::anyhow!("no engine can solve it and there is no .ans"))?;
    let source = if engine.kind == EngineKind::Reference {
        "reference"
    } else {
        "fast engine (unverified)"
    };
    Ok(((engine.solve)(parsed), source))
}

impl ProblemVisitor for RunDir {
    type Output = Result<ExitCode>;
    fn visit<P: Harness>(self) -> Result<ExitCode> {
        let programs = programs(&self.programs);
        if programs.is_empty() {
            return Err(UsageError("run needs --program CMD".into()).into());
        }
        let mut tests: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .with_context(|| format!("cannot read the directory {}", self.dir.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        tests.sort();
        if tests.is_empty() {
            anyhow::bail!("{} holds no .in files", self.dir.display());
        }
        let limits = if self.extended {
            Constraints::Extended
        } else {
            Constraints::Official
        };
        let cancel = interrupt::flag();
        outln!(
            "{:<24} {:<8} {:>8} {:>8} {:>9}  {:<10} detail",
            "test",
            "verdict",
            "cpu s",
            "wall s",
            "mem MiB",
            "expected"
        );
        let (mut passed, mut failed) = (0, 0);
        let (mut max_cpu, mut max_wall, mut max_mem) = (0.0f64, 0.0f64, 0u64);
        'tests: for path in &tests {
            let name = path
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            let prepared = std::fs::read(path)
                .with_context(|| format!("cannot read {}", path.display()))
                .and_then(|bytes| {
                    let parsed =
                        input::parse_bytes::<P>(&path.display().to_string(), &bytes, limits)?;
                    let (answer, source) = expected::<P>(&parsed, &path.with_extension("ans"))?;
                    Ok((bytes, parsed, answer, source))
                });
            let (bytes, parsed, answer, source) = match prepared {
                Ok(p) => p,
                Err(e) => {
                    failed += 1;
                    outln!(
                        "{name:<24} {:<8} {:>8} {:>8} {:>9}  {:<10} {}",
                        JURY_FAULT_CODE,
                        "-",
                        "-",
                        "-",
                        "-",
                        excerpt(format!("{e:#}").as_bytes(), 200)
                    );
                    continue;
                }
            };
            for program in &programs {
                let report = program.run(&bytes, cancel);
                let verdict = judge_run::<P>(&parsed, &answer, &report);
                if verdict == RunVerdict::NoVerdict(NoVerdict::Interrupted)
                    || cancel.load(Ordering::Relaxed)
                {
                    outln!("interrupted");
                    break 'tests;
                }
                max_cpu = max_cpu.max(report.cpu.as_secs_f64());
                max_wall = max_wall.max(report.wall.as_secs_f64());
                max_mem = max_mem.max(report.peak_memory);
                let detail = if verdict.is_accepted() {
                    String::new()
                } else {
                    excerpt(verdict.to_string().as_bytes(), 160)
                };
                let test = if programs.len() > 1 {
                    format!("{name} [{}]", program.command)
                } else {
                    name.clone()
                };
                let memory = format!(
                    "{}{:.1}",
                    if report.peak_is_bound { "<=" } else { "" },
                    report.peak_memory as f64 / MIB as f64
                );
                outln!(
                    "{test:<24} {:<8} {:>8.3} {:>8.3} {memory:>9}  {source:<10} {detail}",
                    verdict.code(),
                    report.cpu.as_secs_f64(),
                    report.wall.as_secs_f64(),
                );
                if verdict.is_accepted() {
                    passed += 1;
                } else {
                    failed += 1;
                }
            }
        }
        outln!(
            "{} runs: {passed} accepted, {failed} not accepted; max cpu {max_cpu:.3} s, max wall {max_wall:.3} s, max memory {:.1} MiB",
            passed + failed,
            max_mem as f64 / MIB as f64
        );
        Ok(if cancel.load(Ordering::Relaxed) {
            exit::code(exit::INTERRUPTED)
        } else if failed > 0 {
            exit::code(exit::FOUND)
        } else {
            ExitCode::SUCCESS
        })
    }
}
