//! The C++ programs of a judge package (intended solutions, mutants, validators):
//! each stored file of `packager/judge/PROBLEM/` made whole (a named edit applied
//! to its base, see [`crate::edits`]), with the shared headers of
//! `packager/judge/common/` it includes beside it, and built as a judge builds it
//! ([`jurybox_languages`]: the host's `g++ -O2 -std=c++17` here; judged in a
//! staged package, Kattis's flags; through the sandbox, cached by
//! the hash of every file), so the times that set a package's limit are the times
//! of the very programs the package ships.
//!
//! A program with headers is a directory program of the Kattis format (its
//! sources compiled together, the headers found beside them); one without is a
//! single file. The package writes each in that form, so the judge compiles the
//! same files jurybox timed.

use crate::edits::{expand, EditError, StoredFile};
use jurybox_languages::{BuildError, Built, ProgramSource, SourceFile};
use std::path::Path;

/// A C++ program of the package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CppProgram {
    /// Its path in the judge directory, as a source (`accepted/tree_of_trees.cpp`,
    /// `mutants/reflections.cpp` for the edit `mutants/reflections.patch`).
    pub path: String,
    /// Its files, as a judge compiles them: the source (under the last part of
    /// `path`) and the shared headers it includes. `origin` is the stored file.
    pub source: ProgramSource,
}

impl CppProgram {
    /// The program's name: the file's stem (`tree_of_trees`).
    pub fn stem(&self) -> &str {
        &self.source.name
    }

    /// The source file's name (`input_validator.cpp`).
    pub fn file_name(&self) -> &str {
        self.path.rsplit('/').next().unwrap_or(&self.path)
    }

    /// The source's text, the program itself without its headers.
    pub fn text(&self) -> &[u8] {
        self.source
            .file(self.file_name())
            .map_or(&[], |f| f.text.as_slice())
    }

    /// The shared headers it includes, sorted by name.
    pub fn headers(&self) -> impl Iterator<Item = &SourceFile> {
        let main = self.file_name().to_string();
        self.source.files.iter().filter(move |f| f.name != main)
    }
}

/// Why a program of the judge directory cannot be made or built.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    /// A named edit does not make its program.
    #[error(transparent)]
    Edit(#[from] EditError),
    /// A program includes a header the shared directory does not hold.
    #[error("{program} includes \"{header}\", which packager/judge/common/ does not hold")]
    MissingHeader {
        /// The stored file that includes it.
        program: String,
        /// The header's name.
        header: String,
    },
    /// The compiler rejects it, or cannot run.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// The names in `text`'s `#include "NAME"` lines (the headers it takes from
/// beside it; `<...>` ones are the compiler's).
fn local_includes(text: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(text)
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest
                .strip_prefix("include")?
                .trim_start()
                .strip_prefix('"')?;
            Some(rest.split('"').next()?.to_string())
        })
        .collect()
}

/// Every program of a problem's judge directory (`files`, paths relative to
/// `packager/judge/PROBLEM/`), made whole, each with the headers of `common`
/// (`packager/judge/common/`) it includes, and theirs in turn; sorted by path.
pub fn judge_programs(
    files: &[StoredFile],
    common: &[StoredFile],
) -> Result<Vec<CppProgram>, ProgramError> {
    let mut programs = Vec::new();
    for program in expand(files)? {
        let file = program.path.rsplit('/').next().unwrap_or(&program.path);
        let mut source = ProgramSource::single(&program.stored, file, &program.text);
        let mut wanted = local_includes(&program.text);
        while let Some(name) = wanted.pop() {
            if source.file(&name).is_some() {
                continue;
            }
            let header = common.iter().find(|h| h.path == name).ok_or_else(|| {
                ProgramError::MissingHeader {
                    program: program.stored.clone(),
                    header: name.clone(),
                }
            })?;
            wanted.extend(local_includes(header.text));
            source.files.push(SourceFile {
                name,
                text: header.text.to_vec(),
                executable: false,
            });
        }
        source.files.sort_by(|a, b| a.name.cmp(&b.name));
        programs.push(CppProgram {
            path: program.path,
            source,
        });
    }
    Ok(programs)
}

/// Builds `program` under `cache` (once: a build of the same files is reused) and
/// says how to run it.
pub fn build(program: &CppProgram, cache: &Path) -> Result<Built, ProgramError> {
    Ok(jurybox_languages::build(&program.source, cache)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_sandbox::{run_invocation, RunLimits};
    use std::sync::atomic::AtomicBool;

    const SUM: &[u8] = b"#include <cstdio>\n#include \"add.h\"\nint main(){long a,b;std::scanf(\"%ld %ld\",&a,&b);std::printf(\"%ld\\n\",add(a,b));}\n";

    #[test]
    fn a_program_is_built_with_the_headers_it_includes() {
        let files = [StoredFile {
            path: "accepted/echo_sum.cpp",
            text: SUM,
        }];
        let common = [
            StoredFile {
                path: "add.h",
                text: b"#pragma once\n#include \"word.h\"\ninline word add(word a, word b) { return a + b; }\n",
            },
            StoredFile {
                path: "word.h",
                text: b"#pragma once\ntypedef long word;\n",
            },
            StoredFile {
                path: "unused.h",
                text: b"#error never included\n",
            },
        ];
        let programs = judge_programs(&files, &common).unwrap();
        let [program] = programs.as_slice() else {
            panic!("one program: {programs:?}")
        };
        assert_eq!(program.stem(), "echo_sum");
        assert_eq!(program.text(), SUM);
        let headers: Vec<&str> = program.headers().map(|h| h.name.as_str()).collect();
        assert_eq!(headers, ["add.h", "word.h"]);
        let cache = tempfile::tempdir().unwrap();
        let built = build(program, cache.path()).unwrap();
        let report = run_invocation(
            &built.invocation(),
            &RunLimits::default(),
            b"2 40\n",
            &AtomicBool::new(false),
        );
        assert_eq!(report.stdout, b"42\n");
    }

    /// The judge directory's own programs: every named edit applies, says first
    /// what its program gets wrong, and (with every program that includes a
    /// shared header) compiles as the package ships it; no file names a path of
    /// the machine it was written on.
    #[test]
    #[ignore = "slow end-to-end: 71 s on one thread beside a CI run; CI runs it (--include-ignored)"]
    fn every_edit_and_every_program_with_headers_of_packager_judge_compiles() {
        use crate::edits::{is_edit, read_stored, views};
        use rayon::prelude::*;
        let judge = Path::new(env!("CARGO_MANIFEST_DIR")).join("judge");
        let common = read_stored(&judge.join("common")).unwrap();
        assert!(
            !common.is_empty(),
            "no shared header in packager/judge/common/"
        );
        let mut checked = Vec::new();
        for problem in std::fs::read_dir(&judge).unwrap() {
            let problem = problem.unwrap().path();
            if !problem.is_dir() || problem.ends_with("common") {
                continue;
            }
            let stored = read_stored(&problem).unwrap();
            for (path, text) in stored.iter().chain(&common) {
                let text = String::from_utf8_lossy(text);
                for root in ["/work/", "/home/", "/tmp/", "/root/"] {
                    assert!(
                        !text.contains(root),
                        "{}/{path} names {root}: a package names nothing outside itself",
                        problem.display()
                    );
                }
                if is_edit(path) {
                    let stem = path.rsplit('/').next().unwrap().trim_end_matches(".patch");
                    assert!(
                        text.starts_with(&format!("{stem}: ")),
                        "{path}: its first line says `{stem}: what it gets wrong`"
                    );
                }
            }
            let edits: Vec<String> = stored
                .iter()
                .filter(|(p, _)| is_edit(p))
                .map(|(p, _)| p.clone())
                .collect();
            let programs = judge_programs(&views(&stored), &views(&common)).unwrap();
            for program in programs {
                if edits.contains(&program.source.origin) || program.headers().next().is_some() {
                    checked.push(program);
                }
            }
        }
        assert!(checked.iter().any(|p| p.source.origin.ends_with(".patch")));
        let cache = tempfile::tempdir().unwrap();
        let failures: Vec<String> = checked
            .par_iter()
            .filter_map(|p| build(p, cache.path()).err().map(|e| e.to_string()))
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn a_missing_header_and_a_compile_error_name_the_program() {
        let files = [StoredFile {
            path: "accepted/echo_sum.cpp",
            text: SUM,
        }];
        let error = judge_programs(&files, &[]).unwrap_err().to_string();
        assert_eq!(
            error,
            "accepted/echo_sum.cpp includes \"add.h\", which packager/judge/common/ does not hold"
        );
        let files = [StoredFile {
            path: "mutants/broken.cpp",
            text: b"int main() { return undeclared; }\n",
        }];
        let programs = judge_programs(&files, &[]).unwrap();
        let cache = tempfile::tempdir().unwrap();
        let error = build(&programs[0], cache.path()).unwrap_err().to_string();
        assert!(error.contains("mutants/broken.cpp"), "{error}");
        assert!(error.contains("undeclared"), "{error}");
    }
}
