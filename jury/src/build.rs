//! Every program of a package built once, in parallel, through
//! `jurybox_languages` (the one table of compilers and flags, the sandbox, the
//! content-hash cache). A program that does not build, or whose language is not
//! installed, is an issue naming its file; the rest of the work goes on without it.

use jurybox_format::generators::Generator;
use jurybox_format::{OutputValidator, Package, Program, ProgramKind};
use jurybox_judging::jobs::on_threads;
use jurybox_languages::{build_or_stop, cache_dir, BuildError, Built, Source};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// A program ready to run, or why it is not.
pub type Ready = Result<Built, String>;

/// The package's programs, built.
#[derive(Clone, Debug)]
pub struct BuiltPackage {
    /// One per submission, in the package's order (none when only the
    /// validators were built, [`build_validators`]).
    pub submissions: Vec<Ready>,
    /// One per input validator: its name and program.
    pub input_validators: Vec<(String, Ready)>,
    /// One per answer validator.
    pub answer_validators: Vec<(String, Ready)>,
    /// The custom output validator, when the package has one.
    pub output_validator: Option<Ready>,
    /// The generators of generators.yaml's seeded rules, each built once.
    pub generators: Vec<(Generator, Ready)>,
}

/// The first checktestdata interpreter on the `PATH`: DOMjudge's `checktestdata`,
/// or `pyctd`, its Python port.
fn checktestdata() -> Option<String> {
    let path = std::env::var_os("PATH")?;
    ["checktestdata", "pyctd"].into_iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
            .map(|p| p.display().to_string())
    })
}

/// Builds one program of the package, named in messages by its path under the
/// package; `entrypoint` names the file that starts it, where the package says.
fn ready(
    package: &Path,
    program: &Program,
    entrypoint: Option<&str>,
    cancel: &AtomicBool,
) -> Ready {
    let shown = program
        .path
        .strip_prefix(package)
        .unwrap_or(&program.path)
        .display()
        .to_string();
    match program.kind {
        ProgramKind::Checktestdata => match checktestdata() {
            Some(interpreter) => Ok(Built {
                name: program.stem().to_string(),
                language: "checktestdata".into(),
                argv: vec![interpreter, program.path.display().to_string()],
            }),
            None => Err(format!(
                "{shown}: a checktestdata script, and neither checktestdata nor pyctd is installed (pip install checktestdata): skipped"
            )),
        },
        ProgramKind::Viva => Err(format!("{shown}: VIVA scripts are not run by jurybox: skipped")),
        ProgramKind::Program => {
            let mut source = Source::read(&program.path).map_err(|e| format!("{shown}: {e}"))?;
            source.origin = shown;
            source.entrypoint = entrypoint.map(String::from);
            build_or_stop(&source, &cache_dir(), cancel).map_err(|e| match e {
                BuildError::MissingToolchain { .. } => format!("{e}: skipped"),
                other => other.to_string(),
            })
        }
    }
}

/// Builds a generator of generators.yaml: a program of `generators/`, or a
/// named set of files built as one program (its first file the entry point).
fn ready_generator(package: &Path, generator: &Generator, cancel: &AtomicBool) -> Ready {
    match generator {
        Generator::Program(path) => ready(
            package,
            &Program {
                name: path.display().to_string(),
                path: package.join(path),
                kind: ProgramKind::Program,
            },
            None,
            cancel,
        ),
        Generator::Named { name, files } => {
            let mut source = Source {
                name: name.clone(),
                origin: format!("generators.yaml: generators: {name}"),
                files: Vec::new(),
                entrypoint: None,
            };
            for file in files {
                let text = std::fs::read(package.join(file))
                    .map_err(|e| format!("generators.yaml: {name}: {}: {e}", file.display()))?;
                source.files.push(jurybox_languages::SourceFile {
                    name: file
                        .file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                    text,
                    executable: false,
                });
            }
            build_or_stop(&source, &cache_dir(), cancel).map_err(|e| e.to_string())
        }
    }
}

/// Builds every program of `package` on `jobs` threads; Ctrl-C (`cancel`)
/// stops the builds under way, whose programs are then not built.
pub fn build_package(package: &Package, jobs: usize, cancel: &AtomicBool) -> BuiltPackage {
    build(package, jobs, cancel, true)
}

/// Builds only what judges a made-up input of `package`: its validators (input,
/// answer and output), for a run that judges no submission of the package
/// (`stress --gen --problem DIR`); no submission and no generator is built.
pub fn build_validators(package: &Package, jobs: usize, cancel: &AtomicBool) -> BuiltPackage {
    build(package, jobs, cancel, false)
}

fn build(package: &Package, jobs: usize, cancel: &AtomicBool, everything: bool) -> BuiltPackage {
    let dir = package.dir.as_path();
    let as_program = |s: &jurybox_format::Submission| Program {
        name: s.name.clone(),
        path: s.path.clone(),
        kind: ProgramKind::Program,
    };
    let validators = |list: &[Program]| -> Vec<(String, Ready)> {
        list.par_iter()
            .map(|p| (p.stem().to_string(), ready(dir, p, None, cancel)))
            .collect()
    };
    let submissions: &[jurybox_format::Submission] = match everything {
        true => &package.submissions,
        false => &[],
    };
    on_threads(jobs, || BuiltPackage {
        submissions: submissions
            .par_iter()
            .map(|s| ready(dir, &as_program(s), s.entrypoint.as_deref(), cancel))
            .collect(),
        input_validators: validators(&package.programs.input_validators),
        answer_validators: validators(&package.programs.answer_validators),
        output_validator: match &package.programs.output_validator {
            OutputValidator::Default => None,
            OutputValidator::Custom(program) => Some(ready(dir, program, None, cancel)),
        },
        generators: {
            let mut wanted: Vec<&Generator> = package
                .generators
                .iter()
                .filter(|_| everything)
                .flat_map(|g| g.seeded_rules())
                .filter_map(|c| c.generate.as_ref().map(|g| &g.generator))
                .collect();
            wanted.dedup();
            let mut unique: Vec<&Generator> = Vec::new();
            for g in wanted {
                if !unique.contains(&g) {
                    unique.push(g);
                }
            }
            unique
                .par_iter()
                .map(|g| ((*g).clone(), ready_generator(dir, g, cancel)))
                .collect()
        },
    })
}

impl BuiltPackage {
    /// Every build failure, for the report.
    pub fn failures(&self) -> Vec<&str> {
        let named = self
            .input_validators
            .iter()
            .chain(&self.answer_validators)
            .map(|(_, r)| r);
        self.submissions
            .iter()
            .chain(named)
            .chain(self.output_validator.iter())
            .chain(self.generators.iter().map(|(_, r)| r))
            .filter_map(|r| r.as_ref().err().map(String::as_str))
            .collect()
    }
}
