//! The C++ programs of a judge package (intended solutions, mutants, validators),
//! compiled once each the way a judge compiles them (`g++ -O2 -std=c++17`), so the
//! times that set a package's limit are the times of the very programs the package
//! ships, built as the judge will build them.
//!
//! Binaries are cached under a name made of the hash of the source and the flags:
//! a rebuilt suite does not recompile, and an edited source never runs stale. The
//! compiler runs through the sandbox like every other program (it is a program too,
//! and a template gone wrong can eat memory).

use super::build::SuiteError;
use jurybox_sandbox::{excerpt, run_invocation, Invocation, Outcome, RunLimits, MIB};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The compiler, as judges call it: `g++` unless `CXX` names another.
pub fn compiler() -> String {
    std::env::var("CXX").unwrap_or_else(|_| "g++".to_string())
}

/// The flags of the Kattis and DOMjudge default C++ language entries.
pub const FLAGS: &[&str] = &["-O2", "-std=c++17"];

/// A C++ source of the package: where it goes in the package, and its text.
#[derive(Clone, Copy, Debug)]
pub struct CppSource<'a> {
    /// Its path in the package's judge directory (`accepted/tree_of_trees.cpp`).
    pub path: &'a str,
    /// Its text.
    pub text: &'a [u8],
}

impl CppSource<'_> {
    /// The file's stem: the program's name (`tree_of_trees`).
    pub fn stem(&self) -> &str {
        let file = self.path.rsplit('/').next().unwrap_or(self.path);
        file.strip_suffix(".cpp").unwrap_or(file)
    }
}

/// Where compiled programs are kept: `$JURYBOX_CACHE`, else
/// `$XDG_CACHE_HOME/jurybox/cpp`, else `~/.cache/jurybox/cpp`, else a folder in
/// the system's temporary directory.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("JURYBOX_CACHE") {
        return PathBuf::from(dir);
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")));
    match base {
        Some(base) => base.join("jurybox").join("cpp"),
        None => std::env::temp_dir().join("jurybox-cpp"),
    }
}

/// Compiles `source` into `cache` (once: an existing binary of the same source and
/// flags is reused) and returns the binary's path.
pub fn compile(source: &CppSource, cache: &Path) -> Result<PathBuf, SuiteError> {
    let compiler = compiler();
    let mut hash = Sha256::new();
    hash.update(compiler.as_bytes());
    for flag in FLAGS {
        hash.update([0]);
        hash.update(flag.as_bytes());
    }
    hash.update([0]);
    hash.update(source.text);
    let key: String = hash.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let binary = cache.join(format!("{}-{key}", source.stem()));
    if binary.exists() {
        return Ok(binary);
    }
    std::fs::create_dir_all(cache)?;
    let src = cache.join(format!("{}-{key}.cpp", source.stem()));
    std::fs::write(&src, source.text)?;
    // Compiled to a private name, then renamed: two jurybox processes compiling the
    // same source at once each get a whole binary.
    let partial = cache.join(format!(".{}-{key}.{}", source.stem(), std::process::id()));
    let mut args = vec![compiler.clone()];
    args.extend(FLAGS.iter().map(|f| f.to_string()));
    args.extend([
        "-o".to_string(),
        partial.display().to_string(),
        src.display().to_string(),
    ]);
    let limits = RunLimits {
        wall: Duration::from_secs(600),
        memory_bytes: 4096 * MIB,
        ..RunLimits::with_cpu(Duration::from_secs(300))
    };
    let report = run_invocation(
        &Invocation::Direct(args),
        &limits,
        b"",
        &AtomicBool::new(false),
    );
    let failed = |why: String| SuiteError::Compile {
        file: source.path.to_string(),
        reason: why,
    };
    match report.outcome {
        Outcome::Exited => {}
        Outcome::CouldNotStart(why) => {
            return Err(failed(format!(
                "cannot run the compiler '{compiler}': {why} (install g++, or set CXX)"
            )))
        }
        other => {
            let _ = std::fs::remove_file(&partial);
            return Err(failed(format!(
                "{other}: {}",
                excerpt(&report.stderr, 2000)
            )));
        }
    }
    std::fs::rename(&partial, &binary)?;
    Ok(binary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_compiles_once_and_runs() {
        let cache = tempfile::tempdir().unwrap();
        let source = CppSource {
            path: "accepted/echo_sum.cpp",
            text: b"#include <cstdio>\nint main(){long a,b;std::scanf(\"%ld %ld\",&a,&b);std::printf(\"%ld\\n\",a+b);}\n",
        };
        assert_eq!(source.stem(), "echo_sum");
        let binary = compile(&source, cache.path()).unwrap();
        let modified = std::fs::metadata(&binary).unwrap().modified().unwrap();
        assert_eq!(compile(&source, cache.path()).unwrap(), binary);
        assert_eq!(
            std::fs::metadata(&binary).unwrap().modified().unwrap(),
            modified,
            "the second call reuses the binary"
        );
        let report = run_invocation(
            &Invocation::Direct(vec![binary.display().to_string()]),
            &RunLimits::default(),
            b"2 40\n",
            &AtomicBool::new(false),
        );
        assert_eq!(report.stdout, b"42\n");
    }

    #[test]
    fn a_compile_error_names_the_source_and_quotes_the_compiler() {
        let cache = tempfile::tempdir().unwrap();
        let source = CppSource {
            path: "mutants/broken.cpp",
            text: b"int main() { return undeclared; }\n",
        };
        let error = compile(&source, cache.path()).unwrap_err().to_string();
        assert!(error.contains("mutants/broken.cpp"), "{error}");
        assert!(error.contains("undeclared"), "{error}");
    }
}
