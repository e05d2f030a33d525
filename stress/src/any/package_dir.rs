//! A Kattis / BAPCtools problem package as a jury: its input validators
//! (`input_validators/` or `input_validator/`), its output validator
//! (`output_validator/` or `output_validators/`) and its samples
//! (`data/sample/*.in`). Each validator is a program as the format allows: a single
//! `.py`, `.c` or `.cpp` file, or a directory holding such files, or a directory
//! with `build` and `run` scripts, built once through the sandbox as a judge
//! builds it (`jurybox_languages`). Both speak the Kattis protocol (42 / 43).

use jurybox_core::verdict::Protocol;
use jurybox_judging::tool::Tool;
use std::path::{Path, PathBuf};

/// What a package gives a stress run.
#[derive(Clone, Debug, Default)]
pub struct PackageJury {
    /// Its input validators, Kattis protocol.
    pub validators: Vec<Tool>,
    /// Its output validator, Kattis protocol (none: the default, token by token).
    pub checker: Option<Tool>,
    /// Its samples, `(name, input)`, in name order.
    pub samples: Vec<(String, Vec<u8>)>,
}

/// Why a package could not be read or built.
#[derive(Debug, thiserror::Error)]
pub enum PackageError {
    /// The directory is not a package.
    #[error("{0}")]
    Layout(String),
    /// A program did not build.
    #[error(transparent)]
    Build(#[from] jurybox_languages::BuildError),
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

fn sorted(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    paths.sort();
    Ok(paths)
}

/// Makes `program` (a file or a directory) runnable as a judge builds it
/// (`jurybox_languages`: the one table of compilers and flags, through the
/// sandbox, cached by content); the command that runs it.
pub fn build_program(program: &Path) -> Result<String, PackageError> {
    let source = jurybox_languages::Source::read(program)?;
    Ok(jurybox_languages::build(&source, &jurybox_languages::cache_dir())?.command())
}

/// The programs in the first of `dirs` that exists: each entry a program, or the
/// directory itself one program when it holds sources directly (the 2025-09
/// `output_validator/` layout).
fn programs_in(package: &Path, dirs: &[&str], one: bool) -> std::io::Result<Vec<PathBuf>> {
    for dir in dirs {
        let path = package.join(dir);
        if path.is_dir() {
            let entries = sorted(&path)?;
            let holds_sources = entries.iter().any(|e| {
                e.is_file()
                    && e.extension()
                        .is_some_and(|x| x == "cpp" || x == "c" || x == "py")
                    || e.file_name().is_some_and(|n| n == "run")
            });
            return Ok(if one && holds_sources {
                vec![path]
            } else {
                entries
                    .into_iter()
                    .filter(|e| {
                        !e.file_name()
                            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                    })
                    .collect()
            });
        }
    }
    Ok(Vec::new())
}

/// Reads and builds the package at `dir`.
pub fn load(dir: &Path) -> Result<PackageJury, PackageError> {
    if !dir.join("problem.yaml").exists() && !dir.join("data").is_dir() {
        return Err(PackageError::Layout(format!(
            "{} is not a problem package (no problem.yaml, no data/)",
            dir.display()
        )));
    }
    let mut jury = PackageJury::default();
    for program in programs_in(dir, &["input_validators", "input_validator"], false)? {
        jury.validators.push(Tool {
            command: build_program(&program)?,
            protocol: Protocol::Kattis,
        });
    }
    if let Some(program) =
        programs_in(dir, &["output_validator", "output_validators"], true)?.first()
    {
        jury.checker = Some(Tool {
            command: build_program(program)?,
            protocol: Protocol::Kattis,
        });
    }
    let samples = dir.join("data/sample");
    if samples.is_dir() {
        for path in sorted(&samples)? {
            if path.extension().is_some_and(|e| e == "in") {
                let name = path
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                jury.samples.push((name, std::fs::read(&path)?));
            }
        }
    }
    Ok(jury)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_gives_its_validators_checker_and_samples() {
        let dir = tempfile::tempdir().unwrap();
        let pkg = dir.path().join("sum");
        std::fs::create_dir_all(pkg.join("input_validators")).unwrap();
        std::fs::create_dir_all(pkg.join("output_validator")).unwrap();
        std::fs::create_dir_all(pkg.join("data/sample")).unwrap();
        std::fs::write(pkg.join("problem.yaml"), "name: sum\n").unwrap();
        std::fs::write(
            pkg.join("input_validators/validate.cpp"),
            "#include <cstdio>\nint main(){long a,b;char c;if(std::scanf(\"%ld %ld%c\",&a,&b,&c)==3&&c=='\\n')return 42;return 43;}\n",
        )
        .unwrap();
        std::fs::write(
            pkg.join("input_validators/small.py"),
            "import sys\nsys.exit(42 if all(abs(int(t)) < 100 for t in sys.stdin.read().split()) else 43)\n",
        )
        .unwrap();
        std::fs::write(
            pkg.join("output_validator/check.c"),
            "#include <stdio.h>\nint main(int c,char**v){FILE*a=fopen(v[2],\"r\");long x,y;fscanf(a,\"%ld\",&x);if(scanf(\"%ld\",&y)!=1||x!=y)return 43;return 42;}\n",
        )
        .unwrap();
        std::fs::write(pkg.join("data/sample/1.in"), "2 3\n").unwrap();
        std::fs::write(pkg.join("data/sample/1.ans"), "5\n").unwrap();
        let jury = load(&pkg).unwrap();
        assert_eq!(jury.validators.len(), 2);
        assert_eq!(jury.samples, vec![("1".to_string(), b"2 3\n".to_vec())]);
        let checker = jury.checker.clone().unwrap();
        assert_eq!(checker.protocol, Protocol::Kattis);
        let full = super::super::Jury {
            generator: "echo 1 1".into(),
            reference: Some("awk '{print $1+$2}'".into()),
            checker: jury.checker,
            validators: jury.validators,
            limits: jurybox_sandbox::RunLimits::default(),
            interactor: None,
        };
        let cancel = std::sync::atomic::AtomicBool::new(false);
        assert_eq!(
            super::super::validate(&full, b"2 3\n", &cancel).unwrap(),
            None
        );
        assert!(super::super::validate(&full, b"2 300\n", &cancel)
            .unwrap()
            .is_some());
        assert!(super::super::validate(&full, b"2 3", &cancel)
            .unwrap()
            .is_some());
        let limits = jurybox_sandbox::RunLimits::default();
        assert!(matches!(
            super::super::judge_case(&full, "echo 5", &limits, b"2 3\n", &cancel),
            super::super::CaseResult::Accepted { .. }
        ));
        assert!(matches!(
            super::super::judge_case(&full, "echo 6", &limits, b"2 3\n", &cancel),
            super::super::CaseResult::Failed { .. }
        ));
    }

    #[test]
    fn a_directory_that_is_no_package_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let error = load(dir.path()).unwrap_err().to_string();
        assert!(error.contains("not a problem package"), "{error}");
    }
}
