//! Every program of a package built once, in parallel, through
//! `jurybox_languages` (the one table of languages, the judges' profiles, the
//! sandbox, the content-hash cache), as the package's judge builds it: the
//! judge its format points to ([`judge_of`]: Polygon → Codeforces, BAPCtools'
//! traces → BAPCtools, DOMjudge's → DOMjudge, else Kattis) or the one asked
//! for. A submission whose language the judge runs with a tool not installed
//! here is skipped, named (its times would not be the judge's); a validator or
//! generator is then built with this machine's own tools, said once, since its
//! time is not judged. A program that does not build is an issue naming its
//! file; the rest of the work goes on without it.

use jurybox_format::generators::Generator;
use jurybox_format::{OutputValidator, Package, PackageProgram, ProgramKind};
use jurybox_judging::jobs::on_threads;
use jurybox_judging::progress;
use jurybox_languages::{
    build_or_stop, cache_dir, BuildError, BuildTarget, Built, Judge, Language, ProgramSource,
    SourceFile, Toolchain,
};
use jurybox_sandbox::StackLimit;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// A program ready to run, or why it is not.
pub type Ready = Result<Built, String>;

/// The package's programs, built (the default: none, built by the host).
#[derive(Clone, Debug, Default)]
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
    /// The checker of an interactive Polygon package, which judges what the
    /// interactor wrote (its output validator is the interactor).
    pub testlib_checker: Option<Ready>,
    /// The generators of generators.yaml's seeded rules, each built once.
    pub generators: Vec<(Generator, Ready)>,
    /// The judge whose settings built them.
    pub judging: ChosenJudge,
    /// The languages of the package's programs, in the table's order, each
    /// with the commands that run them: the judge's, or a Polygon
    /// solution's own (`python.pypy3`); a language run both ways comes twice.
    pub toolchains: Vec<(&'static Language, &'static Toolchain)>,
    /// Jury programs built with this machine's tools instead of the judge's.
    pub substitutes: Vec<String>,
}

/// The judge a package is judged as, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChosenJudge {
    /// The judge.
    pub judge: Judge,
    /// Why: `--judge`, or what in the package points to it.
    pub because: String,
}

impl Default for ChosenJudge {
    /// The host's settings, for programs given already built.
    fn default() -> ChosenJudge {
        ChosenJudge {
            judge: Judge::Host,
            because: "programs given built".into(),
        }
    }
}

/// The judge a package was prepared for, by what its tools leave: a Polygon
/// package is judged on Codeforces; a sinol package by sinol-make (SIO2's
/// CPython, not PyPy); a `domjudge-problem.ini` is DOMjudge's; a
/// `generators/generators.yaml`, a `.timelimit` or a BAPCtools contest around it
/// (contest.yaml or problems.yaml beside it) is BAPCtools'; anything else is a
/// Kattis package, judged as Kattis does.
pub fn judge_of(package: &Package) -> ChosenJudge {
    let judging = |judge, because: &str| ChosenJudge {
        judge,
        because: because.to_string(),
    };
    let dir = package.dir.as_path();
    let contest = dir.parent().unwrap_or(Path::new(".."));
    if package.polygon.is_some() {
        judging(Judge::Codeforces, "a Polygon package")
    } else if package.sinol.is_some() {
        judging(Judge::Sinol, "a sinol package (config.yml)")
    } else if dir.join("domjudge-problem.ini").is_file() {
        judging(Judge::Domjudge, "its domjudge-problem.ini")
    } else if package.programs.generators_yaml.is_some() {
        judging(Judge::Bapctools, "its generators/generators.yaml")
    } else if dir.join(".timelimit").is_file() {
        judging(Judge::Bapctools, "its .timelimit")
    } else if ["contest.yaml", "problems.yaml"]
        .iter()
        .any(|f| contest.join(f).is_file())
    {
        judging(Judge::Bapctools, "the BAPCtools contest around it")
    } else {
        judging(Judge::Kattis, "a Kattis package")
    }
}

/// The judge `asked` for (`--judge`), else the one the package's format
/// points to ([`judge_of`]).
pub fn choose_judge(package: &Package, asked: Option<Judge>) -> ChosenJudge {
    match asked {
        Some(judge) => ChosenJudge {
            judge,
            because: "--judge".into(),
        },
        None => judge_of(package),
    }
}

/// The memory limit a package's programs run under, MiB: problem.yaml's, or
/// the format's default of 2048.
pub fn memory_mib(package: &Package) -> u64 {
    package.config.memory_mib.unwrap_or(2048)
}

/// What a checktestdata validator's `Built::language` says: it runs on
/// checktestdata's protocol (exit 0 valid, 1 invalid), without arguments.
pub const CHECKTESTDATA: &str = "checktestdata";

/// The environment variable naming a checktestdata interpreter.
pub const CHECKTESTDATA_VAR: &str = "JURYBOX_CHECKTESTDATA";

/// The checktestdata interpreter: the file `$JURYBOX_CHECKTESTDATA` names, else
/// the first on the `PATH` of DOMjudge's `checktestdata` and `pyctd` (the pip
/// package `checktestdata`, its Python port).
fn checktestdata() -> Option<String> {
    if let Some(named) = std::env::var_os(CHECKTESTDATA_VAR) {
        if Path::new(&named).is_file() {
            return Some(named.to_string_lossy().into_owned());
        }
    }
    let path = std::env::var_os("PATH")?;
    ["checktestdata", "pyctd"].into_iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
            .map(|p| p.display().to_string())
    })
}

/// Whose program is built: a submission's tools must be the judge's; the
/// jury's own programs may fall back to this machine's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    Submission,
    Jury,
}

/// Builds `source` for `target`; a jury program whose tools the judge's
/// profile names but this machine lacks is built with the host's, and the
/// note saying so is returned with it.
pub(crate) fn build_as(
    source: &ProgramSource,
    target: BuildTarget,
    role: Role,
    cancel: &AtomicBool,
) -> (Ready, Option<String>) {
    let skipped = |e: BuildError| format!("{e}: skipped");
    match build_or_stop(source, &cache_dir(), target, cancel) {
        Err(e @ BuildError::MissingToolchain { .. }) if role == Role::Jury => {
            let host = BuildTarget {
                judge: Judge::Host,
                ..target
            };
            match build_or_stop(source, &cache_dir(), host, cancel) {
                Ok(built) => {
                    let note = format!(
                        "{e}: built with this machine's {} instead (a jury program's time is not judged)",
                        built.argv.first().map_or("tools", String::as_str)
                    );
                    (Ok(built), Some(note))
                }
                Err(e) => (Err(skipped(e)), None),
            }
        }
        Err(e @ BuildError::MissingToolchain { .. }) => (Err(skipped(e)), None),
        Err(e) => (Err(e.to_string()), None),
        Ok(built) => (Ok(built), None),
    }
}

/// Builds one program of the package for `target`, named in messages by its
/// path under the package; `entrypoint` names the file that starts it, where
/// the package says.
fn ready(
    package: &Path,
    program: &PackageProgram,
    entrypoint: Option<&str>,
    target: BuildTarget,
    role: Role,
    cancel: &AtomicBool,
) -> (Ready, Option<String>) {
    ready_with(package, program, entrypoint, target, role, &[], cancel)
}

/// [`ready`] with files built beside the source (a Polygon package's
/// resources), each unless the program has a file of that name.
pub(crate) fn ready_with(
    package: &Path,
    program: &PackageProgram,
    entrypoint: Option<&str>,
    target: BuildTarget,
    role: Role,
    with: &[SourceFile],
    cancel: &AtomicBool,
) -> (Ready, Option<String>) {
    let shown = program
        .path
        .strip_prefix(package)
        .unwrap_or(&program.path)
        .display()
        .to_string();
    match program.kind {
        ProgramKind::Checktestdata => (
            match checktestdata() {
                Some(interpreter) => Ok(Built {
                    name: program.stem().to_string(),
                    language: CHECKTESTDATA.into(),
                    argv: vec![interpreter, program.path.display().to_string()],
                    stack: StackLimit::Inherited,
                }),
                None => Err(format!(
                    "{shown}: a checktestdata script, and no checktestdata interpreter is installed (${CHECKTESTDATA_VAR}, or checktestdata or pyctd on the PATH: pip install checktestdata)"
                )),
            },
            None,
        ),
        ProgramKind::Viva => (
            Err(format!("{shown}: VIVA scripts are not run by jurybox: skipped")),
            None,
        ),
        ProgramKind::Program => match ProgramSource::read(&program.path) {
            Err(e) => (Err(format!("{shown}: {e}")), None),
            Ok(mut source) => {
                source.origin = shown;
                source.entrypoint = entrypoint.map(String::from);
                for file in with {
                    if source.file(&file.name).is_none() {
                        source.files.push(file.clone());
                    }
                }
                source.files.sort_by(|a, b| a.name.cmp(&b.name));
                build_as(&source, target, role, cancel)
            }
        },
    }
}

/// The files every jury program of a Polygon package is built with beside
/// its source, as Polygon builds them: the resources problem.xml names and
/// the `testlib.h` of files/ (a solution gets none); a sinol package's
/// headers of prog/ ([`prog_headers`]). Empty for any other
/// package; a resource that cannot be read is left out (its build then names
/// the missing header).
pub(crate) fn jury_files(package: &Package) -> Vec<SourceFile> {
    if package.sinol.is_some() {
        return prog_headers(&package.dir);
    }
    let Some(polygon) = &package.polygon else {
        return Vec::new();
    };
    let mut paths: Vec<std::path::PathBuf> = polygon
        .assets
        .resources
        .iter()
        .map(|r| package.dir.join(&r.path))
        .collect();
    paths.push(package.dir.join("files/testlib.h"));
    let mut files: Vec<SourceFile> = Vec::new();
    for path in paths {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        if files.iter().any(|f| f.name == name) {
            continue;
        }
        if let Ok(text) = std::fs::read(&path) {
            files.push(SourceFile {
                name,
                text,
                executable: false,
            });
        }
    }
    files
}

/// The headers of `prog/` (`oi.h`, `liblib.h`), built beside a program of
/// the package: sinol-make compiles each source where it lies, so its
/// `#include "oi.h"` finds them.
pub(crate) fn prog_headers(dir: &Path) -> Vec<SourceFile> {
    prog_files_where(dir, |p| {
        p.extension().is_some_and(|e| e == "h" || e == "hpp")
    })
}

/// The files of `prog/` that `keep` takes, by name: the one reading of the
/// folder behind its headers and the ingen cache's key (`sinol_cache.rs`).
pub(crate) fn prog_files_where(dir: &Path, keep: impl Fn(&Path) -> bool) -> Vec<SourceFile> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir.join("prog"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.is_file() && keep(p));
    paths.sort();
    paths
        .into_iter()
        .filter_map(|p| {
            Some(SourceFile {
                name: p.file_name()?.to_string_lossy().into_owned(),
                text: std::fs::read(&p).ok()?,
                executable: false,
            })
        })
        .collect()
}

/// What a solution of a sinol `package` is built with beside its source: the
/// headers of prog/ and the files config.yml names for its build
/// (`liblib.cpp`, compiled with a C++ solution as sinol-make's
/// `extra_compilation_args` says).
pub(crate) fn beside_solutions(package: &Package) -> Vec<SourceFile> {
    let mut files = prog_headers(&package.dir);
    for name in package.sinol.iter().flat_map(|s| &s.extra_files) {
        if files.iter().any(|f| &f.name == name) {
            continue;
        }
        if let Ok(text) = std::fs::read(package.dir.join("prog").join(name)) {
            files.push(SourceFile {
                name: name.clone(),
                text,
                executable: false,
            });
        }
    }
    files
}

/// The files of `beside` a solution at `path` is built with: none of
/// another language (liblib.cpp beside lib.py would make it a C++ program).
fn of_its_language(beside: &[SourceFile], path: &Path) -> Vec<SourceFile> {
    let language = language_of(path);
    beside
        .iter()
        .filter(|f| Language::of_file(&f.name).is_none_or(|l| Some(l) == language))
        .cloned()
        .collect()
}

/// `target` for the submission `s`: under Codeforces, the judge of Polygon
/// packages, a solution is built and run as its own Polygon language says
/// (`python.pypy3` under PyPy, `cpp.g++20` as C++20), not as its extension's.
fn own_language(s: &jurybox_format::Submission, target: BuildTarget) -> BuildTarget {
    let toolchain = s
        .language
        .as_deref()
        .filter(|_| target.judge == Judge::Codeforces)
        .and_then(jurybox_languages::polygon_toolchain);
    BuildTarget {
        toolchain,
        ..target
    }
}

/// The language of the program at `path` (a file, or a directory's files).
fn language_of(path: &Path) -> Option<&'static Language> {
    if !path.is_dir() {
        return Language::of_file(&path.file_name()?.to_string_lossy());
    }
    let names: Vec<String> = std::fs::read_dir(path)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    Language::of_program(names.iter().map(String::as_str))
}

/// Builds a generator of generators.yaml: a program of `generators/`, or a
/// named set of files built as one program (its first file the entry point).
fn ready_generator(
    package: &Path,
    generator: &Generator,
    target: BuildTarget,
    cancel: &AtomicBool,
) -> (Ready, Option<String>) {
    match generator {
        Generator::Program(path) => ready(
            package,
            &PackageProgram {
                name: path.display().to_string(),
                path: package.join(path),
                kind: ProgramKind::Program,
            },
            None,
            target,
            Role::Jury,
            cancel,
        ),
        Generator::Named { name, files } => {
            let mut source = ProgramSource {
                name: name.clone(),
                origin: format!("generators.yaml: generators: {name}"),
                files: Vec::new(),
                entrypoint: None,
            };
            for file in files {
                let text = match std::fs::read(package.join(file)) {
                    Ok(text) => text,
                    Err(e) => {
                        let why = format!("generators.yaml: {name}: {}: {e}", file.display());
                        return (Err(why), None);
                    }
                };
                source.files.push(jurybox_languages::SourceFile {
                    name: file
                        .file_name()
                        .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
                    text,
                    executable: false,
                });
            }
            build_as(&source, target, Role::Jury, cancel)
        }
    }
}

/// Builds every program of `package` on `jobs` threads, as the judge its
/// format points to builds them ([`judge_of`]); Ctrl-C (`cancel`) stops the
/// builds under way, whose programs are then not built.
pub fn build_package(package: &Package, jobs: usize, cancel: &AtomicBool) -> BuiltPackage {
    build_package_as(package, judge_of(package), jobs, cancel)
}

/// Builds every program of `package` on `jobs` threads with `judging`'s
/// settings.
pub fn build_package_as(
    package: &Package,
    judging: ChosenJudge,
    jobs: usize,
    cancel: &AtomicBool,
) -> BuiltPackage {
    build(package, judging, jobs, cancel, true)
}

/// Builds only what judges a made-up input of `package`: its validators (input,
/// answer and output), for a run that judges no submission of the package
/// (`stress --gen --problem DIR`); no submission and no generator is built.
pub fn build_validators(package: &Package, jobs: usize, cancel: &AtomicBool) -> BuiltPackage {
    build(package, judge_of(package), jobs, cancel, false)
}

fn build(
    package: &Package,
    judging: ChosenJudge,
    jobs: usize,
    cancel: &AtomicBool,
    everything: bool,
) -> BuiltPackage {
    let dir = package.dir.as_path();
    let target = BuildTarget {
        judge: judging.judge,
        memory_mib: memory_mib(package),
        toolchain: None,
    };
    let as_program = |s: &jurybox_format::Submission| PackageProgram {
        name: s.name.clone(),
        path: s.path.clone(),
        kind: ProgramKind::Program,
    };
    let substitutes = std::sync::Mutex::new(Vec::new());
    progress::phase("building the programs", 0);
    let noted = |(ready, note): (Ready, Option<String>)| {
        progress::advance(1);
        if let Some(note) = note {
            substitutes
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(note);
        }
        ready
    };
    let with = jury_files(package);
    // sinol-make builds a solution where it lies in prog/, with the files
    // config.yml names.
    let beside_solutions = match package.sinol.is_some() {
        true => beside_solutions(package),
        false => Vec::new(),
    };
    let jury = |p: &PackageProgram| ready_with(dir, p, None, target, Role::Jury, &with, cancel);
    let validators = |list: &[PackageProgram]| -> Vec<(String, Ready)> {
        list.par_iter()
            .map(|p| {
                let built = noted(jury(p));
                (p.stem().to_string(), built)
            })
            .collect()
    };
    let submissions: &[jurybox_format::Submission] = match everything {
        true => &package.submissions,
        false => &[],
    };
    let profile = judging.judge.profile();
    // What runs a program: its own commands where its language is theirs.
    let runs_with = |path: &Path, own: Option<&'static Toolchain>| {
        let language = language_of(path)?;
        let toolchain = own
            .filter(|t| t.language == language.id)
            .unwrap_or_else(|| profile.toolchain(language));
        Some((language, toolchain))
    };
    let used: Vec<(&'static Language, &'static Toolchain)> = submissions
        .iter()
        .map(|s| runs_with(&s.path, own_language(s, target).toolchain))
        .chain(
            package
                .programs
                .input_validators
                .iter()
                .chain(&package.programs.answer_validators)
                .map(|p| runs_with(&p.path, None)),
        )
        .flatten()
        .collect();
    let mut toolchains: Vec<(&'static Language, &'static Toolchain)> = Vec::new();
    for language in jurybox_languages::LANGUAGES.iter() {
        for &pair in used.iter().filter(|(l, _)| *l == language) {
            if !toolchains.contains(&pair) {
                toolchains.push(pair);
            }
        }
    }
    let mut built = on_threads(jobs, || BuiltPackage {
        submissions: submissions
            .par_iter()
            .map(|s| {
                let program = as_program(s);
                let beside = of_its_language(&beside_solutions, &s.path);
                noted(ready_with(
                    dir,
                    &program,
                    s.entrypoint.as_deref(),
                    own_language(s, target),
                    Role::Submission,
                    &beside,
                    cancel,
                ))
            })
            .collect(),
        input_validators: validators(&package.programs.input_validators),
        answer_validators: validators(&package.programs.answer_validators),
        output_validator: match &package.programs.output_validator {
            OutputValidator::Default => None,
            OutputValidator::Custom(program) => Some(noted(jury(program))),
        },
        testlib_checker: package
            .polygon
            .as_ref()
            .filter(|p| p.assets.interactor.is_some())
            .and_then(|p| p.assets.checker.as_ref())
            .map(|c| {
                noted(jury(&PackageProgram {
                    name: c.program.stem(),
                    path: dir.join(&c.program.source),
                    kind: ProgramKind::Program,
                }))
            }),
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
                .map(|g| ((*g).clone(), noted(ready_generator(dir, g, target, cancel))))
                .collect()
        },
        judging: judging.clone(),
        toolchains,
        substitutes: Vec::new(),
    });
    built.substitutes = substitutes.into_inner().unwrap_or_else(|e| e.into_inner());
    built.substitutes.sort();
    built
}

impl BuiltPackage {
    /// The run's header line about the judge: which, why, and what its
    /// settings mean for the package's languages (`judge: Kattis (a Kattis
    /// package): C++ g++ -g -O2 -std=gnu++23 -static; Python 3 pypy3; stack as
    /// large as the memory limit (2048 MiB)`).
    pub fn judge_line(&self, package: &Package) -> String {
        let profile = self.judging.judge.profile();
        let mut said = profile.describe_toolchains(&self.toolchains, memory_mib(package));
        // The stack is the run's memory limit, which is a test's own where
        // the package states one (sinol's `memory_limits`, a language's
        // `override_limits`), as oiejq and sio2 give it.
        let own = package.scoring.as_ref().is_some_and(|s| {
            s.test_limits.values().any(|l| l.memory_mib.is_some())
                || !s.submission_limits.is_empty()
        });
        if own && profile.stack == StackLimit::MemoryLimit {
            said.push_str(", a test's own where it has one");
        }
        format!(
            "judge: {} ({}; --judge to choose another): {said}",
            profile.name, self.judging.because,
        )
    }

    /// The run's header line about the input validators, said once: none,
    /// which are ready, and which cannot run (their tool is missing), so that
    /// no input is taken as checked by a validator that did not run.
    pub fn validators_line(&self) -> String {
        if self.input_validators.is_empty() {
            return "input validators: none: the package has no input validator, so no test input is checked".into();
        }
        let (ready, missing): (Vec<_>, Vec<_>) =
            self.input_validators.iter().partition(|(_, r)| r.is_ok());
        let names = |list: &[&(String, Ready)]| {
            list.iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut line = format!(
            "input validators: {} of {} ready",
            ready.len(),
            self.input_validators.len()
        );
        if !ready.is_empty() {
            line += &format!(" ({})", names(&ready));
        }
        let why: Vec<&str> = missing
            .iter()
            .filter_map(|(_, r)| r.as_ref().err())
            .map(|e| e.lines().next().unwrap_or(""))
            .collect();
        if !missing.is_empty() {
            line += &format!(
                "; {} did not run, so no input counts as validated by them: {}",
                names(&missing),
                why.join("; ")
            );
        }
        line
    }

    /// Every build failure, for the report.
    pub fn failures(&self) -> Vec<&str> {
        self.failures_but_input_validators()
            .into_iter()
            .chain(
                self.input_validators
                    .iter()
                    .filter_map(|(_, r)| r.as_ref().err().map(String::as_str)),
            )
            .collect()
    }

    /// Every build failure but the input validators' ([`Self::validators_line`]
    /// says those).
    pub fn failures_but_input_validators(&self) -> Vec<&str> {
        let named = self.answer_validators.iter().map(|(_, r)| r);
        self.submissions
            .iter()
            .chain(named)
            .chain(self.output_validator.iter())
            .chain(self.testlib_checker.iter())
            .chain(self.generators.iter().map(|(_, r)| r))
            .filter_map(|r| r.as_ref().err().map(String::as_str))
            .collect()
    }
}
