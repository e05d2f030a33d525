//! The package's own programs: input validators, answer validators, the output
//! validator (or the default one), and the generators' `generators.yaml`. Each
//! program is a file or a directory (2025-09 "Programs"); building it is
//! `jurybox_languages`' job, not this crate's.

use super::config::{Format, ProblemConfig};
use super::layout::{ANSWER_VALIDATORS, INPUT_VALIDATORS, OUTPUT_VALIDATOR};
use super::Issue;
use std::path::{Path, PathBuf};

/// What kind of program a validator is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProgramKind {
    /// Sources (or build/run scripts) to build and run.
    Program,
    /// A checktestdata script (`.ctd`), run by the `checktestdata` program.
    Checktestdata,
    /// A VIVA script (`.viva`), run by VIVA.
    Viva,
}

/// One program of the package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageProgram {
    /// Its name: the file's or directory's name (`validate.py`, `checker`).
    pub name: String,
    /// The file or directory.
    pub path: PathBuf,
    /// How it runs.
    pub kind: ProgramKind,
}

impl PackageProgram {
    fn at(path: PathBuf) -> PackageProgram {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let kind = match path.extension().and_then(|e| e.to_str()) {
            Some("ctd") => ProgramKind::Checktestdata,
            Some("viva") => ProgramKind::Viva,
            _ => ProgramKind::Program,
        };
        PackageProgram { name, path, kind }
    }

    /// The name without its extension (`validate`), as `input_validator_args`
    /// maps name validators.
    pub fn stem(&self) -> &str {
        self.name.rsplit_once('.').map_or(&self.name, |(s, _)| s)
    }
}

/// The output validator that judges a submission's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputValidator {
    /// The format's default: tokens compared, with the flags of each test's
    /// `output_validator_args` (`case_sensitive`, `space_change_sensitive`,
    /// `float_tolerance E`, ...).
    Default,
    /// The package's own (Kattis protocol: 42 accepted, 43 rejected).
    Custom(PackageProgram),
}

/// The package's programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Programs {
    /// Input validators: each must accept every test input.
    pub input_validators: Vec<PackageProgram>,
    /// Answer validators: each must accept every `.ans`.
    pub answer_validators: Vec<PackageProgram>,
    /// The output validator.
    pub output_validator: OutputValidator,
    /// `generators/generators.yaml`, when the package has one.
    pub generators_yaml: Option<PathBuf>,
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| {
        let name = p
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        !name.starts_with('.')
            && !name.ends_with('~')
            && !name.ends_with(".disabled")
            && !matches!(name.as_str(), "README" | "README.md" | "README.txt")
    });
    out.sort();
    out
}

/// True when `dir` is itself one program: it holds sources or build/run scripts
/// directly, rather than one program per entry.
fn is_one_program(dir: &Path) -> bool {
    entries(dir).iter().any(|p| {
        p.is_file()
            && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n == "run" || n == "build" || jurybox_languages::Language::of_file(n).is_some()
            })
    })
}

/// The programs in the first of `dirs` that exists: one per entry, or, for a
/// directory named in the singular (2025-09's `output_validator/`), the
/// directory itself when it is one program.
fn programs_in(package: &Path, dirs: &[&str]) -> Vec<PackageProgram> {
    for dir in dirs {
        let path = package.join(dir);
        if !path.is_dir() {
            continue;
        }
        let singular = !dir.ends_with('s');
        if singular && is_one_program(&path) {
            return vec![PackageProgram::at(path)];
        }
        return entries(&path)
            .into_iter()
            .filter(|p| p.is_dir() || p.extension().is_some())
            .map(PackageProgram::at)
            .collect();
    }
    Vec::new()
}

/// What problem.yaml says that needs the package's own output validator, when
/// `programs` has none: legacy `validation: custom` (or `custom interactive`),
/// or a `type` of interactive or multi-pass.
pub(crate) fn missing_output_validator(
    config: &ProblemConfig,
    programs: &Programs,
) -> Option<String> {
    if programs.output_validator != OutputValidator::Default {
        return None;
    }
    if config.kind.interactive {
        Some(match config.format {
            Format::Legacy => "validation: custom interactive".into(),
            Format::V2025 => "type: interactive".into(),
        })
    } else if config.kind.passes.is_some() {
        Some("type: multi-pass".into())
    } else if config.custom_validation {
        Some("validation: custom".into())
    } else {
        None
    }
}

/// Finds the programs of the package at `dir`.
pub fn read(dir: &Path, config: &ProblemConfig, issues: &mut Vec<Issue>) -> Programs {
    // A package without input validators is said once, in the run's header
    // (`jury`'s `validators_line`), not as an issue of its own.
    let input_validators = programs_in(dir, &INPUT_VALIDATORS);
    let answer_validators = programs_in(dir, &ANSWER_VALIDATORS);
    let mut custom = programs_in(dir, &OUTPUT_VALIDATOR);
    let output_validator = match config.format {
        Format::Legacy if !config.custom_validation && !config.kind.interactive => {
            if !custom.is_empty() {
                issues.push(Issue::new(
                    "output_validators/",
                    "problem.yaml says validation: default, so the default validator judges and this directory is not used".into(),
                ));
            }
            OutputValidator::Default
        }
        // A package that asks for its own validator and has none is an error
        // of the whole package (`missing_output_validator`).
        _ if custom.is_empty() => OutputValidator::Default,
        _ => {
            if custom.len() > 1 {
                issues.push(Issue::new(
                    "output_validators/",
                    format!(
                        "{} output validators: jurybox uses the first, {}",
                        custom.len(),
                        custom[0].name
                    ),
                ));
            }
            OutputValidator::Custom(custom.swap_remove(0))
        }
    };
    let generators_yaml = Some(dir.join("generators/generators.yaml")).filter(|p| p.is_file());
    Programs {
        input_validators,
        answer_validators,
        output_validator,
        generators_yaml,
    }
}
