//! A Kattis / BAPCtools problem package, read into one model: `problem.yaml`
//! ([`ProblemConfig`]: format, type, time limit and multipliers), `data/`
//! ([`Data`]: the test cases in run order with the arguments each program gets),
//! `submissions/` ([`Submission`]: what its directory, `submissions.yaml` and any
//! `@EXPECTED_RESULTS@` say its verdicts must be, and which side of the time limit
//! it bounds) and the package's programs ([`Programs`]: validators, the output
//! validator or the default one, `generators.yaml`), and BAPCtools'
//! `generators.yaml` ([`generators::GeneratorsYaml`]: the test cases it declares,
//! the commands that make them and where their seeds go; [`generators::add_test`]
//! writes a new one into it). Both the 2025-09 layout and the legacy one are read.
//! The machine speed a limit was set at is one comment line of `problem.yaml`
//! ([`recorded_speed`], [`record_speed`]).
//!
//! A Polygon package (`problem.xml`) is read into the same model, with what
//! Polygon says beyond it in [`polygon::Polygon`]; [`contest::Contest`] reads a
//! contest: a folder of problems, a BAPCtools contest or a Polygon contest.xml.
//!
//! Reading never runs anything, and one bad part does not stop the rest: what
//! cannot be used is an [`Issue`] naming its file, and only a directory that is
//! no package at all (no readable `problem.yaml`), or one that cannot be judged
//! at all (it asks for its own output validator and has none), is a
//! [`PackageError`]. Running
//! the programs is the `jury` crate's job; building them, `jurybox_languages`'.
#![deny(missing_docs)]
// Libraries print nothing: progress is counters the caller polls, failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod config;
pub mod contest;
pub mod convert;
mod data;
pub mod generators;
mod glob;
pub mod layout;
pub mod polygon;
mod problem_yaml;
mod programs;
pub mod scoring;
pub mod sinol;
mod speed_comment;
mod submissions;
mod time_rule;
mod violation;
mod write;
mod yaml;

pub use config::{off_resolution, Format, ProblemConfig, ProblemType, TimeMultipliers, WallLimit};
pub use data::{Data, Settings, TestCase, ValidatorArgs, ValidatorCase};
pub use problem_yaml::YamlMap;
pub use programs::{OutputValidator, PackageProgram, ProgramKind, Programs};
pub use speed_comment::{
    record_speed, recorded_speed, speed_comment, SpeedCommentError, SPEED_PREFIX,
};
pub use submissions::{Rule, Submission, TimeLimitUse, Verdict};
pub use time_rule::TimeRule;
pub use violation::Violation;
pub use write::{stable_uuid, test_yaml};

use std::path::{Path, PathBuf};

/// Why a directory could not be read as a package at all.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// Not a package.
    #[error("{dir}: {reason}")]
    Layout {
        /// The directory.
        dir: String,
        /// What is missing.
        reason: String,
    },
    /// A YAML file that does not read.
    #[error("{file}: {reason}")]
    Yaml {
        /// The file.
        file: String,
        /// The parser's message (with its line and column).
        reason: String,
    },
    /// The package asks for its own output validator (legacy `validation:
    /// custom`, an interactive or multi-pass problem) and has none: no
    /// submission can be judged as the package means, so the problem is not
    /// judged at all rather than every accepted submission contradicting its
    /// directory under the default validator.
    #[error("{dir}: problem.yaml says {asked}, but the package has no output validator (output_validators/ or output_validator/ is missing or empty): its submissions cannot be judged")]
    NoOutputValidator {
        /// The package's directory.
        dir: String,
        /// What problem.yaml says (`validation: custom`).
        asked: String,
    },
    /// An XML file (problem.xml, contest.xml) that is not well-formed.
    #[error("{file}:{line}:{column}: {reason}")]
    Xml {
        /// The file.
        file: String,
        /// The line of the first error, from 1.
        line: u32,
        /// Its column, from 1.
        column: u32,
        /// What the parser expected.
        reason: String,
    },
    /// The scoring does not add up or names what does not exist: the
    /// package cannot be scored as it states.
    #[error(transparent)]
    Scoring(#[from] scoring::ScoringError),
    /// Reading failed.
    #[error("{file}: {error}")]
    Io {
        /// The file or directory.
        file: String,
        /// What failed.
        error: std::io::Error,
    },
}

impl PackageError {
    fn io(path: &Path, error: std::io::Error) -> PackageError {
        PackageError::Io {
            file: path.display().to_string(),
            error,
        }
    }
}

/// Something in the package that cannot be used as it is, named by its file
/// (relative to the package): reported, and the rest goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    /// The file, relative to the package (`submissions/submissions.yaml`).
    pub file: String,
    /// What is wrong and what jurybox does about it.
    pub message: String,
}

impl Issue {
    fn new(file: &str, message: String) -> Issue {
        Issue {
            file: file.to_string(),
            message,
        }
    }
}

impl std::fmt::Display for Issue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

/// A problem package.
#[derive(Clone, Debug)]
pub struct Package {
    /// Its directory.
    pub dir: PathBuf,
    /// Its name: problem.yaml's, else the directory's.
    pub name: String,
    /// What problem.yaml says.
    pub config: ProblemConfig,
    /// Its test cases.
    pub data: Data,
    /// Its example submissions.
    pub submissions: Vec<Submission>,
    /// Its validators and generators.
    pub programs: Programs,
    /// What `generators/generators.yaml` declares, when there is one that reads.
    pub generators: Option<generators::GeneratorsYaml>,
    /// What a Polygon package says beyond the model, when it is one.
    pub polygon: Option<polygon::Polygon>,
    /// How a scored problem's submissions are scored: its groups with their
    /// points and what each submission is expected to score (`None`:
    /// pass-fail).
    pub scoring: Option<scoring::Scoring>,
    /// What a sinol-make package says beyond the model, when it is one.
    pub sinol: Option<sinol::Sinol>,
    /// What could not be used, each named by its file.
    pub issues: Vec<Issue>,
}

impl Package {
    /// Reads the package at `dir`: a Kattis / BAPCtools package by its
    /// problem.yaml, else a Polygon package by its problem.xml.
    pub fn read(dir: &Path) -> Result<Package, PackageError> {
        if !dir.join("problem.yaml").is_file() && polygon::is_package(dir) {
            return polygon::read(dir);
        }
        if !dir.join("problem.yaml").is_file() && sinol::is_package(dir) {
            return sinol::read(dir);
        }
        let mut issues = Vec::new();
        let config = config::read(dir, &mut issues)?;
        let programs = programs::read(dir, &config, &mut issues);
        if let Some(asked) = programs::missing_output_validator(&config, &programs) {
            return Err(PackageError::NoOutputValidator {
                dir: dir.display().to_string(),
                asked,
            });
        }
        let generated = programs
            .generators_yaml
            .as_deref()
            .map(generators::group_settings)
            .unwrap_or_default();
        let data = data::read(dir, &generated, &mut issues)?;
        let mut submissions = submissions::read(dir, &mut issues)?;
        config.time_rule.apply(&mut submissions);
        let generators = programs.generators_yaml.as_ref().and_then(|path| {
            let file = layout::GENERATORS_YAML;
            generators::GeneratorsYaml::read(path, file, &config.constants, &mut issues)
                .map_err(|e| {
                    let reason = match e {
                        generators::GeneratorsError::Invalid { at, reason, .. } => {
                            format!("{at}: {reason}")
                        }
                        generators::GeneratorsError::Yaml { reason, .. } => reason,
                        generators::GeneratorsError::Io { error, .. } => error.to_string(),
                    };
                    issues.push(Issue::new(
                        file,
                        format!("{reason}: its rules are not used"),
                    ));
                })
                .ok()
        });
        let scoring = scoring::kattis::read(dir, &config, &data, &submissions, &mut issues)?;
        if let Some(scoring) = &scoring {
            // A submission with a stated score is checked by it.
            issues.retain(|i| {
                let name = i.file.strip_prefix("submissions/").unwrap_or("");
                !(i.message.starts_with("no rule says") && scoring.expectation(name).is_some())
            });
        }
        // One file read twice (its settings and its scoring) is noted once.
        let mut seen = std::collections::BTreeSet::new();
        issues.retain(|i| seen.insert((i.file.clone(), i.message.clone())));
        if !submissions.iter().any(|s| s.is_accepted()) {
            issues.push(Issue::new(
                "submissions/accepted/",
                "no accepted submission: no answers can be made for new tests and no time limit can be derived".into(),
            ));
        }
        let dir_name = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| dir.display().to_string());
        Ok(Package {
            dir: dir.to_path_buf(),
            name: dir_name,
            config,
            data,
            submissions,
            programs,
            generators,
            polygon: None,
            scoring,
            sinol: None,
            issues,
        })
    }

    /// Whether `dir` looks like a package (it has a `problem.yaml` or a
    /// Polygon `problem.xml`), for commands that take a built-in problem's name
    /// or a package directory.
    pub fn is_package(dir: &Path) -> bool {
        dir.join(layout::PROBLEM_YAML).is_file()
            || polygon::is_package(dir)
            || sinol::is_package(dir)
    }

    /// The arguments a made-up test gets: those of the package's first secret
    /// test (where a found test would go), else none.
    pub fn secret_settings(&self) -> Settings {
        self.data
            .tests
            .iter()
            .find(|t| !t.sample)
            .map(|t| t.settings.clone())
            .unwrap_or_default()
    }
}
