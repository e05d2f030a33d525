//! Saving a failure before it is reported. A built-in engine's failure goes to
//! the project's corpus as a regression; a program's to the plan's `found`
//! directory with its output, stderr and verdict (and, when it did not repeat,
//! the second run's). The reproduce command is only given once the files are on
//! disk.

use crate::check::Mismatch;
use crate::registry::Harness;
use crate::store::Store;
use jurybox_core::problem::{answer_text, input_text, reference_engine};
use jurybox_core::{Constraints, Problem};
use jurybox_judging::store::content_hash;
use jurybox_sandbox::{excerpt, shell_quote, Program, RunLimits, RunReport, MIB};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// A failure, saved before it is reported.
#[derive(Clone, Debug)]
pub struct SavedFailure {
    /// The `.in` file of the shrunk case, or why it could not be written (then
    /// `input` is the only copy, and the caller must print it).
    pub path: Result<PathBuf, String>,
    /// The shrunk input's text.
    pub input: String,
    /// What went wrong on the shrunk case (for a flaky failure: the first run).
    pub mismatch: Mismatch,
    /// The `jurybox gen` command that makes the original (unshrunk) input.
    pub generated_by: String,
    /// The command that replays the saved case; `None` when saving failed.
    pub reproduce: Option<String>,
    /// Sizes before and after shrinking.
    pub shrunk: String,
    /// For a failure that did not repeat: the second run, which was accepted.
    pub flaky: Option<RunReport>,
    /// The index of the case in its stress run (`None` outside one, as in fuzzing):
    /// `--seed S --case I` replays it.
    pub case: Option<u64>,
}

impl SavedFailure {
    /// Every file saved for this failure, the `.in` last; empty when saving failed.
    pub fn saved_files(&self) -> Vec<PathBuf> {
        let Ok(input) = &self.path else {
            return Vec::new();
        };
        let mut extensions = vec!["ans"];
        if self.mismatch.program_fault().is_some() {
            extensions.extend(["out", "err"]);
            if self.flaky.is_some() {
                extensions.extend(["out2", "err2"]);
            }
            extensions.push("verdict");
        }
        extensions.extend(["note", "in"]);
        extensions
            .into_iter()
            .map(|e| input.with_extension(e))
            .collect()
    }
}

/// The flags that give `program` back to `jurybox check` or `jurybox run`: the
/// command and every limit that differs from the default.
pub fn program_flags(program: &Program) -> String {
    let l = &program.limits;
    let default = RunLimits::with_cpu(l.cpu);
    let mut flags = format!(
        "--program {} --time-limit {}",
        shell_quote(&program.command),
        l.cpu.as_secs_f64()
    );
    if l.wall != default.wall {
        flags += &format!(" --wall-limit {}", l.wall.as_secs_f64());
    }
    // Always stated: a replay on another machine should not depend on its default.
    flags += &format!(" --memory-limit {}", l.memory_bytes / MIB);
    if l.stdout_bytes != default.stdout_bytes {
        flags += &format!(" --output-limit {}", l.stdout_bytes / MIB);
    }
    flags
}

/// Where failures are saved, and the programs whose failures go to `found_dir`.
#[derive(Clone, Copy)]
pub struct SaveTo<'a> {
    /// The corpus (built-in engines' failures).
    pub store: &'a Store,
    /// Programs' failures.
    pub found_dir: &'a Path,
    /// The programs of the run.
    pub programs: &'a [Program],
}

/// Saves a (shrunk) failing case with its note; returns the record to report.
/// A built-in engine's failure goes to the corpus as a regression; a program's to
/// `found_dir` with the program's output, stderr and verdict (and, when flaky, the
/// second run's). The reproduce command is only given once the files are on disk.
pub fn save_failure<P: Harness>(
    to: &SaveTo<'_>,
    original: &P::Input,
    small: &P::Input,
    mismatch: Mismatch,
    generated_by: String,
    flaky: Option<RunReport>,
) -> SavedFailure {
    let SaveTo {
        store,
        found_dir,
        programs,
    } = *to;
    let text = input_text::<P>(small);
    let official = P::parse_input(text.as_bytes(), Constraints::Official).is_ok();
    // Engines may disagree on this input, so the expected answer is the reference's.
    let answer = reference_answer::<P>(small).unwrap_or_default();
    let extended = if official { "" } else { " --extended" };
    let shrunk = format!("{} -> {}", P::describe(original), P::describe(small));
    let program = programs.iter().find(|p| p.name() == mismatch.engine);
    let (target, saved) = match (program, mismatch.program_fault()) {
        (Some(program), Some(fault)) => {
            let stem = format!("{}-{:016x}", P::NAME, content_hash(text.as_bytes()));
            let target = found_dir.join(&stem).with_extension("in");
            let reproduce = format!(
                "jurybox check {}{extended} {} {}",
                P::NAME,
                target.display(),
                program_flags(program)
            );
            let verdict = format!("{}\n", fault.verdict);
            let mut note = format!(
                "program: {}\nverdict: {}\nfigures: {}\ngenerated by: {generated_by}\nshrunk: {shrunk}\nreproduce: {reproduce}\n",
                program.command,
                excerpt(fault.verdict.to_string().as_bytes(), 300),
                fault.report.figures()
            );
            let mut files: Vec<(&str, &[u8])> = vec![
                ("ans", answer.as_bytes()),
                ("out", &fault.report.stdout),
                ("err", &fault.report.stderr),
                ("verdict", verdict.as_bytes()),
            ];
            if let Some(second) = &flaky {
                note += &format!(
                    "FLAKY: the same input was accepted when run again ({}); its output is in .out2, its stderr in .err2\n",
                    second.figures()
                );
                files.push(("out2", &second.stdout));
                files.push(("err2", &second.stderr));
            }
            files.push(("note", note.as_bytes()));
            files.push(("in", text.as_bytes()));
            let saved = Store::save_set(found_dir, &stem, &files).map(|p| (p, reproduce));
            (target, saved)
        }
        _ => {
            let target = store.regression_path(P::NAME, "stress", &text);
            let reproduce = format!("jurybox check {}{extended} {}", P::NAME, target.display());
            let note = format!(
                "caught: {mismatch}\ngenerated by: {generated_by}\nshrunk: {shrunk}\nreproduce: {reproduce}\n"
            );
            let saved = store
                .save_regression(P::NAME, "stress", &text, &answer, &note)
                .map(|p| (p, reproduce));
            (target, saved)
        }
    };
    let (path, reproduce) = match saved {
        Ok((path, reproduce)) => (Ok(path), Some(reproduce)),
        Err(e) => (
            Err(format!("could not save {}: {e}", target.display())),
            None,
        ),
    };
    SavedFailure {
        reproduce,
        path,
        input: text,
        mismatch,
        generated_by,
        shrunk,
        flaky,
        case: None,
    }
}

fn reference_answer<P: Problem>(input: &P::Input) -> Option<String> {
    let engine = reference_engine::<P>(input)?;
    let answer = catch_unwind(AssertUnwindSafe(|| (engine.solve)(input))).ok()?;
    Some(answer_text::<P>(input, &answer))
}
