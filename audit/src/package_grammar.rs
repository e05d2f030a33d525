//! The input's grammar read from the package itself, for the search
//! (issue 32): a setter hunting for a test starts from the input's format, not
//! from edits of the tests at hand.
//!
//! In order of trust, the first that gives a grammar wins:
//!
//! 1. an input validator written in checktestdata (`.ctd`): the script is the
//!    grammar ([`jurybox_grammar::ctd::parse`]);
//! 2. a C++ input validator on testlib.h or BAPCtools' validation.h: built
//!    against jurybox's recording header with this machine's compiler, run
//!    on every test, its reads turned into a grammar
//!    ([`jurybox_grammar::record`]);
//! 3. the tests' layout ([`jurybox_grammar::layout::infer`]): lines, tokens,
//!    counts, ranges as hints.
//!
//! Why a source was passed over is kept in [`PackageGrammar::notes`], so the
//! command says once that a validator could not be recorded and the layout
//! was used. Nothing here decides validity: every candidate the grammar makes
//! is still checked by the package's validators before it counts.

use jurybox_format::{Package, PackageProgram, ProgramKind};
use jurybox_grammar::record::{self, trace, BuildDir, RECORD_ENV};
use jurybox_grammar::{ctd, grow, layout, Grammar};
use jurybox_jury::{command_with, Case};
use jurybox_languages::{build_or_stop, cache_dir, BuildTarget, ProgramSource};
use jurybox_sandbox::{run_command, shell_quote, RunLimits};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The package's input validators as an oracle: whether all accept an input.
pub type ValidInput<'a> = dyn FnMut(&[u8]) -> bool + 'a;

/// Where a package's grammar came from, most trusted first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrammarSource {
    /// A checktestdata script: the grammar is the validator.
    Checktestdata,
    /// A C++ validator's recorded reads: what the validator reads.
    Recorded,
    /// The tests' layout: a guess from the data, which the statement may
    /// not share (a real number every test writes as an integer, a count
    /// of lines that only happens to be fixed).
    Layout,
}

/// The grammar of a package's input and where it came from.
#[derive(Debug)]
pub struct PackageGrammar {
    /// The grammar.
    pub grammar: Grammar,
    /// Which kind of source gave it.
    pub source: GrammarSource,
    /// Where it came from: `the checktestdata script validate.ctd`,
    /// `validate.cpp's recorded reads`, `the tests' layout`.
    pub from: String,
    /// Why a more trusted source was passed over, one line each.
    pub notes: Vec<String>,
}

/// The package's grammar; `Err` with every reason when no source gives one
/// (no validator could be read and the tests share no layout). `valid`, the
/// package's input validators (`None` when it has none), grows a layout's
/// counts to the largest they accept ([`grow::grow_counts`]).
pub fn read(
    package: &Package,
    cases: &[Case],
    valid: Option<&mut ValidInput>,
    cancel: &AtomicBool,
) -> Result<PackageGrammar, String> {
    let mut notes = Vec::new();
    let validators = &package.programs.input_validators;
    for v in validators
        .iter()
        .filter(|v| v.kind == ProgramKind::Checktestdata)
    {
        match std::fs::read_to_string(&v.path).map_err(|e| e.to_string()) {
            Ok(script) => match ctd::parse(&script) {
                Ok(grammar) => {
                    return Ok(PackageGrammar {
                        grammar,
                        source: GrammarSource::Checktestdata,
                        from: format!("the checktestdata script {}", v.name),
                        notes,
                    })
                }
                Err(e) => notes.push(format!("{}: not read as checktestdata: {e}", v.name)),
            },
            Err(e) => notes.push(format!("{}: {e}", v.name)),
        }
    }
    for v in validators.iter().filter(|v| v.kind == ProgramKind::Program) {
        let Some(cpp) = cpp_source(&v.path) else {
            notes.push(format!(
                "{}: not a C++ validator, its reads are not recorded",
                v.name
            ));
            continue;
        };
        match recorded(v, &cpp, cases, cancel) {
            Ok(grammar) => {
                return Ok(PackageGrammar {
                    grammar,
                    source: GrammarSource::Recorded,
                    from: format!("{}'s recorded reads", v.name),
                    notes,
                })
            }
            Err(why) => notes.push(format!("{}: {why}", v.name)),
        }
    }
    let inputs: Vec<Vec<u8>> = cases.iter().map(|c| c.input.clone()).collect();
    match layout::infer(&inputs) {
        Ok(mut grammar) => {
            if let Some(valid) = valid {
                let grown = grow::grow_counts(&mut grammar, &inputs, valid, &Default::default())
                    .unwrap_or_default();
                notes.extend(grown.iter().map(grown_note));
            }
            Ok(PackageGrammar {
                grammar,
                source: GrammarSource::Layout,
                from: "the tests' layout (lines, tokens, counts; ranges only as hints)".into(),
                notes,
            })
        }
        Err(e) => {
            notes.push(format!("the tests' layout: {e}"));
            Err(notes.join("; "))
        }
    }
}

/// What growing a count found, for the command to say once.
fn grown_note(g: &grow::Grown) -> String {
    let how = if g.refused_above {
        format!("the validators refuse {}", g.bound + 1)
    } else {
        "the size budget's end".to_string()
    };
    format!(
        "the count at {} grows to {} by asking the validators ({how}; the tests hold at most {})",
        g.site, g.bound, g.seen
    )
}

/// The one C++ source of a validator: the file itself, or the only C++ file
/// of its directory.
fn cpp_source(path: &Path) -> Option<PathBuf> {
    let is_cpp = |p: &Path| {
        p.file_name()
            .and_then(|n| jurybox_languages::Language::of_file(&n.to_string_lossy()))
            .is_some_and(|l| l.id == "cpp")
    };
    if path.is_file() {
        return is_cpp(path).then(|| path.to_path_buf());
    }
    let mut sources: Vec<PathBuf> = std::fs::read_dir(path)
        .ok()?
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| is_cpp(p))
        .collect();
    (sources.len() == 1).then(|| sources.remove(0))
}

/// Largest test whose reads are recorded: folding a trace into loops costs
/// the square of its reads (a 400 KB grid took minutes), while a grammar's
/// shape and bounds show in small tests as well as in large ones.
const RECORDED_BYTES: usize = 32 << 10;

/// The tests whose reads are recorded, with their indices: those of at most
/// [`RECORDED_BYTES`], or the smallest one when every test is larger.
fn recorded_cases(cases: &[Case]) -> Vec<(usize, &Case)> {
    let small: Vec<(usize, &Case)> = cases
        .iter()
        .enumerate()
        .filter(|(_, c)| c.input.len() <= RECORDED_BYTES)
        .collect();
    if !small.is_empty() {
        return small;
    }
    cases
        .iter()
        .enumerate()
        .min_by_key(|(_, c)| c.input.len())
        .into_iter()
        .collect()
}

/// The grammar of the validator at `cpp`'s reads on its tests
/// ([`recorded_cases`]).
fn recorded(
    validator: &PackageProgram,
    cpp: &Path,
    cases: &[Case],
    cancel: &AtomicBool,
) -> Result<Grammar, String> {
    let dir = BuildDir::new(cpp).map_err(|e| e.to_string())?;
    let source = ProgramSource::read(dir.path()).map_err(|e| e.to_string())?;
    let built = build_or_stop(&source, &cache_dir(), BuildTarget::HOST, cancel)
        .map_err(|e| format!("its recording build failed: {e}"))?;
    let scratch = tempfile::tempdir().map_err(|e| e.to_string())?;
    let limits = RunLimits::with_cpu(Duration::from_secs(jurybox_sandbox::RECORDING_CPU_SECONDS));
    let mut recordings = Vec::new();
    for (i, case) in recorded_cases(cases) {
        let file = scratch.path().join(format!("{i}.rec"));
        let args = case.settings.input_validator_args.of(&validator.name);
        let command = format!(
            "{RECORD_ENV}={} exec {}",
            shell_quote(&file.display().to_string()),
            command_with(&built, args)
        );
        run_command(&command, &limits, &case.input, cancel);
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        recordings.push(
            trace::parse(&text)
                .map_err(|error| record::RecordError::Damaged { index: i, error }.to_string())?,
        );
    }
    record::infer(&recordings, dir.header).map_err(|e| e.to_string())
}
