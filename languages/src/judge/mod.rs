//! The judges whose settings jurybox reproduces, one file each, every flag
//! taken from where that judge documents it: a [`Profile`] says how each
//! language is compiled and run there (compiler, flags, interpreter: PyPy where
//! the judge means PyPy by Python 3), how deep the stack may grow and what the
//! JVM's heap is. A package is judged the way its judge judged it: an accepted
//! Python solution tuned for PyPy takes three times its limit under CPython,
//! and a C++ one that recurses 300 000 deep dies under an 8 MiB stack.
//!
//! Which languages exist and how a file is recognised is the one table of
//! [`crate::LANGUAGES`]; a profile only says, per language id, the commands.
//! A language a profile does not list is built as [`Judge::Host`] builds it.

mod bapctools;
mod codeforces;

pub use codeforces::polygon_toolchain;
mod common;
mod domjudge;
mod host;
mod kattis;
mod sinol;

use super::table::Language;
use jurybox_sandbox::StackLimit;

/// A judge whose settings jurybox can reproduce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judge {
    /// Kattis (open.kattis.com, and contests run on it: NWERC, NAC).
    Kattis,
    /// DOMjudge with its default language settings.
    Domjudge,
    /// Codeforces, where Polygon packages are judged.
    Codeforces,
    /// BAPCtools' `bt run` with its default `languages.yaml`.
    Bapctools,
    /// sinol-make, where sinol (Polish olympiad) packages are judged.
    Sinol,
    /// This machine's compilers with plain flags, CPython and jurybox's own
    /// stack limit: what jurybox did before it knew judges, and what builds
    /// its own programs.
    Host,
}

impl Judge {
    /// Every judge, in the order `--judge` lists them.
    pub const ALL: [Judge; 6] = [
        Judge::Kattis,
        Judge::Domjudge,
        Judge::Codeforces,
        Judge::Bapctools,
        Judge::Sinol,
        Judge::Host,
    ];

    /// Its settings.
    pub fn profile(self) -> &'static Profile {
        match self {
            Judge::Kattis => &kattis::PROFILE,
            Judge::Domjudge => &domjudge::PROFILE,
            Judge::Codeforces => &codeforces::PROFILE,
            Judge::Bapctools => &bapctools::PROFILE,
            Judge::Sinol => &sinol::PROFILE,
            Judge::Host => &host::PROFILE,
        }
    }

    /// Its name on the command line (`kattis`).
    pub fn id(self) -> &'static str {
        self.profile().id
    }

    /// The judge called `id` on the command line.
    pub fn named(id: &str) -> Option<Judge> {
        Judge::ALL.into_iter().find(|j| j.id() == id)
    }
}

/// How one language is built and run by one judge. Placeholders: `{binary}`
/// (the built program), `{files}` (every source, one word each), `{dir}` (the
/// build directory), `{mainfile}`, `{mainclass}` (the main file's stem),
/// `{Mainclass}` (capitalised, as Kotlin names a file's class) and `{memlim}`
/// (the JVM's heap in MiB: the problem's memory limit less what the judge
/// keeps for the JVM itself).
#[derive(Debug, PartialEq, Eq)]
pub struct Toolchain {
    /// The language's id in [`crate::LANGUAGES`] (`cpp`).
    pub language: &'static str,
    /// The build command's words (empty: nothing to build).
    pub compile: &'static [&'static str],
    /// The run command's words.
    pub run: &'static [&'static str],
}

/// One judge's settings.
#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    /// Which judge.
    pub judge: Judge,
    /// Its name on the command line (`kattis`).
    pub id: &'static str,
    /// Its name a user reads (`Kattis`).
    pub name: &'static str,
    /// How deep every program's stack may grow (Java's and Kotlin's threads
    /// have their own `-Xss` in their run command).
    pub stack: StackLimit,
    /// MiB of the memory limit the judge keeps for the JVM and its stack: the
    /// rest is `{memlim}`, the heap.
    pub jvm_reserve_mib: u64,
    /// Its commands, per language.
    pub toolchains: &'static [Toolchain],
}

impl Profile {
    /// How this judge builds and runs `language`: its own row, or the host's
    /// for a language it does not list.
    pub fn toolchain(&self, language: &Language) -> &'static Toolchain {
        self.toolchains
            .iter()
            .chain(host::PROFILE.toolchains)
            .find(|t| t.language == language.id)
            .expect("the host profile lists every language of the table")
    }

    /// The JVM heap `{memlim}` stands for under a memory limit of
    /// `memory_mib`.
    pub fn heap_mib(&self, memory_mib: u64) -> u64 {
        memory_mib.saturating_sub(self.jvm_reserve_mib).max(1)
    }

    /// What this profile means for `languages` under a memory limit of
    /// `memory_mib`, in one line: each language's compiler or interpreter with
    /// its flags, then the stack (`C++ g++ -O2 -std=gnu++23 -static; Python 3
    /// pypy3; stack as large as the memory limit (2048 MiB)`).
    pub fn describe(&self, languages: &[&Language], memory_mib: u64) -> String {
        let rows: Vec<(&Language, &Toolchain)> = languages
            .iter()
            .map(|language| (*language, self.toolchain(language)))
            .collect();
        self.describe_toolchains(&rows, memory_mib)
    }

    /// [`Profile::describe`] of the commands that actually run each
    /// language's programs, where a package names some of its own (a
    /// Polygon solution of type `python.pypy3` under a profile whose
    /// Python 3 is CPython): a language run two ways is named twice.
    pub fn describe_toolchains(
        &self,
        toolchains: &[(&Language, &Toolchain)],
        memory_mib: u64,
    ) -> String {
        let memlim = self.heap_mib(memory_mib).to_string();
        let mut parts: Vec<String> = toolchains
            .iter()
            .map(|&(language, toolchain)| {
                // A compiled language is told by its compiler's flags, an
                // interpreted one (its program is not `{binary}`) by its run.
                let words = if toolchain.run.first() == Some(&"{binary}") {
                    toolchain.compile
                } else {
                    toolchain.run
                };
                format!("{} {}", language.name, shown(words, &memlim))
            })
            .collect();
        parts.push(match self.stack {
            StackLimit::Inherited => "stack as jurybox's own (usually 8 MiB)".to_string(),
            StackLimit::Unlimited => "stack unlimited (bounded by the memory limit)".to_string(),
            StackLimit::MemoryLimit => {
                format!("stack as large as the memory limit ({memory_mib} MiB)")
            }
            StackLimit::Bytes(bytes) => format!("stack {} MiB", bytes >> 20),
        });
        parts.join("; ")
    }
}

/// A command's words as a user reads them in a header: `{memlim}` filled in,
/// the words naming files (and the option before such a word: `-o {binary}`)
/// left out.
fn shown(words: &[&str], memlim: &str) -> String {
    let words: Vec<String> = words
        .iter()
        .map(|w| w.replace("{memlim}", memlim))
        .collect();
    let names_a_file = |w: &str| w.contains('{');
    let mut out: Vec<&str> = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let option_of_file = word.starts_with('-')
            && !word.contains('=')
            && words.get(i + 1).is_some_and(|next| names_a_file(next));
        if names_a_file(word) || option_of_file || word == "--" {
            continue;
        }
        out.push(word);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LANGUAGES;

    #[test]
    fn every_judge_is_named_once_and_lists_known_languages_once() {
        for judge in Judge::ALL {
            let profile = judge.profile();
            assert_eq!(profile.judge, judge);
            assert_eq!(Judge::named(profile.id), Some(judge));
            for (i, t) in profile.toolchains.iter().enumerate() {
                assert!(
                    LANGUAGES.iter().any(|l| l.id == t.language),
                    "{}: {} is not in the table",
                    profile.id,
                    t.language
                );
                assert!(
                    !profile.toolchains[..i]
                        .iter()
                        .any(|u| u.language == t.language),
                    "{}: {} twice",
                    profile.id,
                    t.language
                );
            }
        }
        for language in LANGUAGES {
            assert!(
                host::PROFILE
                    .toolchains
                    .iter()
                    .any(|t| t.language == language.id),
                "the host builds {}",
                language.id
            );
        }
    }

    #[test]
    fn a_description_names_the_flags_and_the_stack_not_the_files() {
        let cpp = Language::named("cpp").unwrap();
        let python = Language::named("python3").unwrap();
        let java = Language::named("java").unwrap();
        let kattis = Judge::Kattis.profile().describe(&[cpp, python, java], 1024);
        assert!(
            kattis.starts_with("C++ g++ -g -O2 -std=gnu++23 -static"),
            "{kattis}"
        );
        assert!(kattis.contains("; Python 3 pypy3;"), "{kattis}");
        assert!(kattis.contains("-Xss64m -Xms1024m -Xmx1024m"), "{kattis}");
        assert!(
            kattis.ends_with("stack as large as the memory limit (1024 MiB)"),
            "{kattis}"
        );
        assert!(!kattis.contains("{") && !kattis.contains("-o "), "{kattis}");
        let domjudge = Judge::Domjudge.profile().describe(&[java], 1024);
        assert!(
            domjudge.contains("-Xmx896m"),
            "the JVM's 128 MiB kept: {domjudge}"
        );
        let codeforces = Judge::Codeforces.profile().describe(&[python], 256);
        assert_eq!(codeforces, "Python 3 python3; stack 256 MiB");
    }
}
