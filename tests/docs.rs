//! The project's documents stand on their own. A user's clone has only this
//! repository, so every problem's statement is here (`docs/problems/PROBLEM.md`),
//! and nothing points outside it to where the statements were first kept. A
//! statement is held to the code where the two can be compared: its samples are
//! the corpus's bytes, and it names every family and every mutant engine the
//! problem registers, so a new one without a word in its statement fails here.

use crate::support::{jurybox, root, text};
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};
use std::path::{Path, PathBuf};

/// The names a problem's statement must mention: its families and its mutants.
struct NamesToMention;

impl ProblemVisitor for NamesToMention {
    type Output = Vec<String>;
    fn visit<P: Harness>(self) -> Vec<String> {
        let families = P::families().iter().map(|f| f.name);
        let mutants = P::engines()
            .iter()
            .filter(|e| e.kind.flaw().is_some())
            .map(|e| e.name);
        families.chain(mutants).map(str::to_string).collect()
    }
}

#[test]
fn every_problem_has_its_statement_with_the_corpus_samples() {
    for name in PROBLEMS {
        let path = format!("docs/problems/{name}.md");
        let text = std::fs::read_to_string(root().join(&path)).unwrap_or_else(|e| {
            panic!("{name} is registered but has no statement ({path}: {e}); write one")
        });
        let samples = root().join("corpus").join(name).join("samples");
        let mut shown = 0;
        for entry in std::fs::read_dir(&samples).unwrap() {
            let file = entry.unwrap().path();
            if !file.extension().is_some_and(|e| e == "in" || e == "ans") {
                continue;
            }
            let bytes = std::fs::read_to_string(&file).unwrap();
            let block = format!("```\n{bytes}```\n");
            assert!(
                text.contains(&block),
                "{path} does not show {} byte for byte in a ``` block",
                file.display()
            );
            shown += 1;
        }
        assert!(shown >= 2, "{path}: no sample input and answer to show");
        for mentioned in with_problem(name, NamesToMention).expect("registered") {
            assert!(
                text.contains(&format!("`{mentioned}`")),
                "{path} never names `{mentioned}`, a family or mutant of {name}"
            );
        }
    }
}

/// Every file of the repository that is not ignored by `.gitignore` (whose
/// anchored lines, `/target` and the like, are the directories left out) nor
/// under `.git`.
fn repository_files() -> Vec<PathBuf> {
    let ignore = std::fs::read_to_string(root().join(".gitignore")).unwrap();
    let ignored: Vec<PathBuf> = ignore
        .lines()
        .filter_map(|line| line.trim().strip_prefix('/'))
        .map(|dir| root().join(dir))
        .chain([root().join(".git")])
        .collect();
    let mut files = Vec::new();
    let mut pending = vec![root().to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if ignored.contains(&path) {
                continue;
            }
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

/// Issue 34: the README and the five problems' modules cited the statements in a
/// directory beside the checkout, which a user's clone does not have.
#[test]
fn no_file_points_outside_the_repository_for_a_statement() {
    // Spelled in two halves so that this file does not match itself.
    let outside = ["..", "/shared"].concat();
    let old_home = ["shared", "/problems/"].concat();
    let files = repository_files();
    assert!(
        files.iter().any(|f| f.ends_with(Path::new("README.md"))),
        "the walk found no README.md"
    );
    let citing: Vec<String> = files
        .iter()
        .filter(|file| {
            let text = String::from_utf8_lossy(&std::fs::read(file).unwrap()).into_owned();
            text.contains(&outside) || text.contains(&old_home)
        })
        .map(|file| file.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    assert!(
        citing.is_empty(),
        "these cite a directory outside the repository (the statements are in \
         docs/problems/): {citing:?}"
    );
}

/// The exit statuses are one table (`src/exit.rs`): `jurybox --help` ends
/// with it and the README shows it word for word.
#[test]
fn the_readme_shows_the_exit_status_table_of_help() {
    let help = text(&jurybox(&["--help"], "").stdout);
    let table = &help[help.find("Exit status:").expect("--help has the table")..];
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains(table.trim_end()),
        "README.md must show --help's table:\n{table}"
    );
}
