//! Building a program once, as a judge builds it (its [`Profile`]): the sources
//! are written to a directory named by the hash of the build command and every
//! file's name and bytes, built there
//! through the sandbox (a compiler is a program too, and a template gone wrong can
//! eat memory), and the directory renamed into place only when the build is done,
//! so two jurybox processes building one program each see a whole build. A
//! compile error is kept beside the sources, so a mutant that does not compile
//! costs one compile, not one per run.

use super::judge::{Judge, Profile, Toolchain};
use super::lock::BuildLock;
use super::source::ProgramSource;
use super::table::{Language, LANGUAGES};
use jurybox_sandbox::{
    excerpt, run_invocation, shell_quote, Invocation, Outcome, RunLimits, StackLimit,
    DEFAULT_MEMORY_MIB, MIB,
};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Why a program could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// No file of a language jurybox knows, and no `run` script.
    #[error("{origin}: no source of a known language ({known}) and no build/run scripts")]
    NoSource {
        /// Where the program was read from.
        origin: String,
        /// The extensions jurybox knows.
        known: String,
    },
    /// The language's compiler or interpreter is not installed: skip the program.
    #[error("{origin}: {language} as {judge} runs it needs `{tool}`, which is not installed here ({why})")]
    MissingToolchain {
        /// Where the program was read from.
        origin: String,
        /// The language's name.
        language: &'static str,
        /// The judge whose settings asked for it (`Kattis`).
        judge: &'static str,
        /// The missing program.
        tool: String,
        /// What starting it said.
        why: String,
    },
    /// The build failed.
    #[error("{origin}: the {language} build failed ({how}):\n{message}")]
    Compile {
        /// Where the program was read from.
        origin: String,
        /// The language's name (or `build script`).
        language: String,
        /// How the compiler ended.
        how: String,
        /// The compiler's stderr, cut.
        message: String,
    },
    /// Ctrl-C stopped the build (nothing of it is kept).
    #[error("{origin}: the build was interrupted")]
    Interrupted {
        /// Where the program was read from.
        origin: String,
    },
    /// Reading or writing the cache failed.
    #[error("{origin}: {error}")]
    Io {
        /// Where the program was read from.
        origin: String,
        /// What failed.
        error: std::io::Error,
    },
}

/// A program ready to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Built {
    /// The program's name (`sol`).
    pub name: String,
    /// The language's name, or `build/run scripts`.
    pub language: String,
    /// The words that run it (the first is the program).
    pub argv: Vec<String>,
    /// How deep its stack may grow, as its judge allows.
    pub stack: StackLimit,
}

impl Built {
    /// The command as one line of shell words, for commands that take a string
    /// and for messages a user can paste.
    pub fn command(&self) -> String {
        self.argv
            .iter()
            .map(|w| shell_quote(w))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A command the user typed (`./sol`, `python3 sol.py`), run as the sandbox
    /// runs commands: plain words directly, anything else by `sh -c`.
    pub fn from_command(command: &str) -> Built {
        let argv = match jurybox_sandbox::invocation(command) {
            Invocation::Direct(words) => words,
            Invocation::Shell(text) => vec!["sh".into(), "-c".into(), text],
        };
        Built {
            name: command.to_string(),
            language: "command".into(),
            argv,
            stack: StackLimit::Inherited,
        }
    }

    /// How the sandbox starts it: directly, whatever its path holds.
    pub fn invocation(&self) -> Invocation {
        Invocation::Direct(self.argv.clone())
    }
}

/// Where built programs are kept: `$JURYBOX_CACHE`, else
/// `$XDG_CACHE_HOME/jurybox/programs`, else `~/.cache/jurybox/programs`, else a
/// folder in the system's temporary directory.
pub fn cache_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("JURYBOX_CACHE") {
        return PathBuf::from(dir);
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")));
    match base {
        Some(base) => base.join("jurybox").join("programs"),
        None => std::env::temp_dir().join("jurybox-programs"),
    }
}

/// How a program is built: by a language, or by its own scripts.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Language(&'static Language),
    Scripts,
}

/// The language of `source`: its `run` script, else the first language of the
/// table with a source file there.
fn kind_of(source: &ProgramSource) -> Result<Kind, BuildError> {
    if source.file("run").is_some() {
        return Ok(Kind::Scripts);
    }
    Language::of_program(source.files.iter().map(|f| f.name.as_str()))
        .map(Kind::Language)
        .ok_or_else(|| BuildError::NoSource {
            origin: source.origin.clone(),
            known: LANGUAGES
                .iter()
                .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
                .collect::<Vec<_>>()
                .join(" "),
        })
}

/// The file that starts the program: the one the package names, the only
/// source, or the one named like the program, or `main.*`, or the one that
/// holds a `main`, or the first.
fn main_file<'a>(sources: &[&'a str], source: &ProgramSource) -> &'a str {
    if let Some(named) = sources
        .iter()
        .find(|n| source.entrypoint.as_deref() == Some(**n))
    {
        return named;
    }
    let stem = |n: &str| n.rsplit_once('.').map_or(n, |(s, _)| s).to_string();
    let holds_main = |name: &str| {
        source.file(name).is_some_and(|f| {
            let text = String::from_utf8_lossy(&f.text);
            ["static void main", "__main__", "fn main", "func main"]
                .iter()
                .any(|m| text.contains(m))
        })
    };
    sources
        .iter()
        .find(|n| sources.len() == 1 || stem(n) == source.name)
        .or_else(|| sources.iter().find(|n| stem(n) == "main"))
        .or_else(|| sources.iter().find(|n| holds_main(n)))
        .or(sources.first())
        .copied()
        .unwrap_or_default()
}

/// `sol` → `Sol`: the class Kotlin makes of a file's top-level functions is
/// named after the file, capitalised.
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Replaces the placeholders of `words`; `{files}` becomes one word per file.
fn expand(words: &[&str], files: &[String], values: &[(&str, String)]) -> Vec<String> {
    let mut out = Vec::new();
    for word in words {
        if *word == "{files}" {
            out.extend(files.iter().cloned());
            continue;
        }
        let mut word = word.to_string();
        for (key, value) in values {
            word = word.replace(key, value);
        }
        out.push(word);
    }
    out
}

/// Compilers' limits: generous, but a template that never ends or eats memory is
/// stopped.
fn build_limits() -> RunLimits {
    RunLimits {
        wall: Duration::from_secs(2 * jurybox_sandbox::BUILD_CPU_SECONDS),
        memory_bytes: 4096 * MIB,
        ..RunLimits::with_cpu(Duration::from_secs(jurybox_sandbox::BUILD_CPU_SECONDS))
    }
}

/// What a build must do, fixed before it runs: the key of the cache.
struct Recipe {
    kind: Kind,
    compile: Vec<String>,
    run: Vec<String>,
}

/// The environment's say in a build: `CC` and `CXX`.
type Env<'a> = &'a dyn Fn(&str) -> Option<std::ffi::OsString>;

/// Whom a build is for: the judge whose commands it uses and the memory limit
/// its program will run under (the JVM's heap is cut from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildTarget {
    /// The judge.
    pub judge: Judge,
    /// The problem's memory limit, MiB.
    pub memory_mib: u64,
    /// The commands of the program's own language where its package names one
    /// the judge's row for the file's language does not stand for (a Polygon
    /// solution of type `python.pypy3`); ignored for another language.
    pub toolchain: Option<&'static Toolchain>,
}

impl BuildTarget {
    /// Jurybox's own programs: the host's commands, the default memory limit.
    pub const HOST: BuildTarget = BuildTarget {
        judge: Judge::Host,
        memory_mib: DEFAULT_MEMORY_MIB,
        toolchain: None,
    };

    fn profile(&self) -> &'static Profile {
        self.judge.profile()
    }
}

fn recipe(
    source: &ProgramSource,
    dir: &Path,
    env: Env,
    target: BuildTarget,
) -> Result<Recipe, BuildError> {
    let kind = kind_of(source)?;
    let dir_text = dir.display().to_string();
    match kind {
        Kind::Scripts => {
            let build = if source.file("build").is_some_and(|f| f.executable) {
                format!("cd {} && ./build", shell_quote(&dir_text))
            } else {
                format!("cd {} && sh ./build", shell_quote(&dir_text))
            };
            Ok(Recipe {
                kind,
                compile: if source.file("build").is_some() {
                    vec!["sh".into(), "-c".into(), build]
                } else {
                    Vec::new()
                },
                run: vec![dir.join("run").display().to_string()],
            })
        }
        Kind::Language(language) => {
            let sources: Vec<&str> = source
                .files
                .iter()
                .map(|f| f.name.as_str())
                .filter(|n| language.is_source(n))
                .collect();
            let main = main_file(&sources, source);
            let at = |n: &str| dir.join(n).display().to_string();
            let main_class = main.rsplit_once('.').map_or(main, |(s, _)| s);
            let profile = target.profile();
            let values = [
                ("{binary}", at(&source.name)),
                ("{dir}", dir_text.clone()),
                ("{mainfile}", at(main)),
                ("{mainclass}", main_class.to_string()),
                ("{Mainclass}", capitalised(main_class)),
                ("{memlim}", profile.heap_mib(target.memory_mib).to_string()),
            ];
            let files: Vec<String> = sources.iter().map(|n| at(n)).collect();
            let toolchain = target
                .toolchain
                .filter(|t| t.language == language.id)
                .unwrap_or_else(|| profile.toolchain(language));
            let mut compile = expand(toolchain.compile, &files, &values);
            if let (Some(var), Some(first)) = (language.compiler_env, compile.first_mut()) {
                if let Some(tool) = env(var) {
                    *first = tool.to_string_lossy().into_owned();
                }
            }
            Ok(Recipe {
                kind,
                compile,
                run: expand(toolchain.run, &files, &values),
            })
        }
    }
}

fn cache_key(source: &ProgramSource, compile: &[String]) -> String {
    let mut hash = Sha256::new();
    for word in compile {
        hash.update(word.as_bytes());
        hash.update([0]);
    }
    for file in &source.files {
        hash.update(file.name.as_bytes());
        hash.update([0, u8::from(file.executable)]);
        hash.update((file.text.len() as u64).to_le_bytes());
        hash.update(&file.text);
    }
    hash.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The file in a build directory that holds a failed build's message.
const FAILED: &str = ".jurybox-build-failed";
/// The file in a build directory that says the build is whole.
const DONE: &str = ".jurybox-build-done";

/// Builds `source` under `cache` as the host builds jurybox's own programs
/// ([`BuildTarget::HOST`]); see [`build_for`].
pub fn build(source: &ProgramSource, cache: &Path) -> Result<Built, BuildError> {
    build_for(source, cache, BuildTarget::HOST)
}

/// Builds `source` under `cache` with the commands of `target`'s judge (once: a
/// build of the same bytes and commands is reused, a failed one fails again at
/// once) and says how to run it, with the stack that judge gives it.
pub fn build_for(
    source: &ProgramSource,
    cache: &Path,
    target: BuildTarget,
) -> Result<Built, BuildError> {
    build_or_stop(source, cache, target, &AtomicBool::new(false))
}

/// [`build_for`], stopped (and nothing of it kept) when `cancel` is set: Ctrl-C
/// does not wait for a compiler.
pub fn build_or_stop(
    source: &ProgramSource,
    cache: &Path,
    target: BuildTarget,
    cancel: &AtomicBool,
) -> Result<Built, BuildError> {
    build_in(source, cache, &|var| std::env::var_os(var), target, cancel)
}

fn build_in(
    source: &ProgramSource,
    cache: &Path,
    env: Env,
    target: BuildTarget,
    cancel: &AtomicBool,
) -> Result<Built, BuildError> {
    let io = |error: std::io::Error| BuildError::Io {
        origin: source.origin.clone(),
        error,
    };
    // The key is computed with the final directory's name in the commands: paths
    // are part of what is run, and they depend only on the key's other parts.
    let probe = recipe(source, Path::new("/"), env, target)?;
    let key = cache_key(source, &probe.compile);
    let safe_name: String = source
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let dir = cache.join(format!("{safe_name}-{key}"));
    let recipe = recipe(source, &dir, env, target)?;
    let language = match recipe.kind {
        Kind::Language(l) => l.name.to_string(),
        Kind::Scripts => "build/run scripts".to_string(),
    };
    let built = Built {
        name: source.name.clone(),
        language: language.clone(),
        argv: recipe.run.clone(),
        // A package's own build/run scripts run as the judge runs every program.
        stack: target.profile().stack,
    };
    if dir.join(DONE).exists() {
        return Ok(built);
    }
    if let Ok(message) = std::fs::read_to_string(dir.join(FAILED)) {
        return Err(BuildError::Compile {
            origin: source.origin.clone(),
            language,
            how: "an earlier build of these bytes".into(),
            message,
        });
    }
    std::fs::create_dir_all(cache).map_err(io)?;
    // The commands name the final directory, so the build runs there under a
    // lock of its own, which the kernel lets go of when its holder ends.
    let lock = cache.join(format!(".{safe_name}-{key}.flock"));
    let _guard = BuildLock::take(&lock).map_err(io)?;
    if dir.join(DONE).exists() {
        return Ok(built);
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(io)?;
    for file in &source.files {
        let path = dir.join(&file.name);
        std::fs::write(&path, &file.text).map_err(io)?;
        if file.executable {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).map_err(io)?;
        }
    }
    if !recipe.compile.is_empty() {
        let report = run_invocation(
            &Invocation::Direct(recipe.compile.clone()),
            &build_limits(),
            b"",
            cancel,
        );
        match &report.outcome {
            Outcome::Exited => {}
            Outcome::Interrupted => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(BuildError::Interrupted {
                    origin: source.origin.clone(),
                });
            }
            Outcome::CouldNotStart(why) => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(BuildError::MissingToolchain {
                    origin: source.origin.clone(),
                    language: match recipe.kind {
                        Kind::Language(l) => l.name,
                        Kind::Scripts => "a build script",
                    },
                    judge: target.profile().name,
                    tool: recipe.compile[0].clone(),
                    why: why.clone(),
                });
            }
            Outcome::RuntimeError(_) => {
                let mut text = report.stderr.clone();
                text.extend_from_slice(&report.stdout);
                let message = excerpt_lines(&text, 40);
                std::fs::write(dir.join(FAILED), &message).map_err(io)?;
                return Err(BuildError::Compile {
                    origin: source.origin.clone(),
                    language,
                    how: report.outcome.to_string(),
                    message,
                });
            }
            _ => {
                let _ = std::fs::remove_dir_all(&dir);
                return Err(BuildError::Compile {
                    origin: source.origin.clone(),
                    language,
                    how: report.outcome.to_string(),
                    message: excerpt(&report.stderr, 2000),
                });
            }
        }
    }
    std::fs::write(dir.join(DONE), b"").map_err(io)?;
    Ok(built)
}

/// The first `max` lines of a compiler's message.
fn excerpt_lines(bytes: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut lines: Vec<&str> = text.lines().take(max).collect();
    if text.lines().count() > max {
        lines.push("...");
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_compiler_that_is_not_installed_is_a_missing_toolchain() {
        let cache = tempfile::tempdir().unwrap();
        let source = ProgramSource::single("sol.c", "sol.c", b"int main(){return 0;}\n");
        let missing = |var: &str| (var == "CC").then(|| "/nonexistent/gcc".into());
        let error = build_in(
            &source,
            cache.path(),
            &missing,
            BuildTarget::HOST,
            &AtomicBool::new(false),
        )
        .unwrap_err();
        assert!(
            matches!(error, BuildError::MissingToolchain { .. }),
            "{error:?}"
        );
        assert!(error.to_string().contains("/nonexistent/gcc"), "{error}");
    }
}
