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

/// The pages whose examples are held: the README and every page of `docs/`
/// (the problems' statements are held above) but PERFORMANCE.md, whose
/// history records the commands as they were run then.
fn documented_pages() -> Vec<PathBuf> {
    let mut pages = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    for entry in std::fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") && !path.ends_with("PERFORMANCE.md") {
            pages.push(path);
        }
    }
    pages.sort();
    pages
}

/// One command of an example block: where it is, its text, and what the
/// block shows it printing (the lines up to the next command).
struct Example {
    place: String,
    command: String,
    shown: String,
    /// The block is marked `<!-- docs-test: output -->`: its commands are
    /// run and must print what it shows.
    run: bool,
}

/// The commands of `page`'s ```` ```console ```` and ```` ```sh ```` blocks:
/// a `$ ` line (continued by a trailing `\`), or in a `sh` block a line that
/// starts with `jurybox` or `cargo run`.
fn examples_of(page: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(page).unwrap();
    let name = page.strip_prefix(root()).unwrap().display().to_string();
    let lines: Vec<&str> = text.lines().collect();
    let mut examples: Vec<Example> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i].trim_start();
        let shell = fence == "```sh" || fence == "```console";
        if !shell {
            i += 1;
            continue;
        }
        let run = i > 0 && lines[i - 1].trim() == "<!-- docs-test: output -->";
        let sh = fence == "```sh";
        i += 1;
        let mut current: Option<Example> = None;
        while i < lines.len() && lines[i].trim_start() != "```" {
            let line = lines[i];
            let command = line.strip_prefix("$ ").or_else(|| {
                (sh && (line.starts_with("jurybox ") || line.starts_with("cargo run ")))
                    .then_some(line)
            });
            if let Some(mut command) = command.map(str::to_string) {
                let start = i + 1;
                while command.ends_with('\\') && i + 1 < lines.len() {
                    command.pop();
                    i += 1;
                    command.push_str(lines[i].trim_start());
                }
                examples.extend(current.take());
                current = Some(Example {
                    place: format!("{name}:{start}"),
                    command,
                    shown: String::new(),
                    run,
                });
            } else if let Some(example) = current.as_mut() {
                example.shown.push_str(line);
                example.shown.push('\n');
            }
            i += 1;
        }
        examples.extend(current.take());
        i += 1;
    }
    examples
}

/// The jurybox invocations of a shell command line, each as the words the
/// binary gets: a pipeline's stages that start with `jurybox` (or `cargo
/// run --release --`), each cut at a redirection or a comment.
fn invocations(command: &str) -> Result<Vec<Vec<String>>, String> {
    let words = shlex::split(command).ok_or("unbalanced quotes")?;
    let mut found = Vec::new();
    for stage in words.split(|w| w == "|") {
        let stage: Vec<&String> = stage
            .iter()
            .take_while(|w| !(w.starts_with('>') || w.starts_with("2>") || w.starts_with('#')))
            .collect();
        let args: &[&String] = match stage.as_slice() {
            [cargo, run, release, dashes, rest @ ..]
                if *cargo == "cargo"
                    && *run == "run"
                    && *release == "--release"
                    && *dashes == "--" =>
            {
                rest
            }
            [jurybox, rest @ ..] if *jurybox == "jurybox" => rest,
            _ => continue,
        };
        let mut invocation = vec!["jurybox".to_string()];
        // A shell variable (`"$SLURM_CPUS_PER_TASK"`) stands for a number.
        let is_variable = |w: &str| {
            w.strip_prefix('$').is_some_and(|name| {
                !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            })
        };
        invocation.extend(args.iter().map(|w| {
            if is_variable(w) {
                "1".to_string()
            } else {
                w.to_string()
            }
        }));
        found.push(invocation);
    }
    Ok(found)
}

/// Whether clap takes `words` as jurybox's command line, and as which
/// subcommand.
fn parsed(words: &[String]) -> Result<String, String> {
    use clap::Parser;
    crate::cli_parser::Cli::try_parse_from(words)
        .map(|cli| {
            let debug = format!("{:?}", cli.command);
            debug
                .split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or_default()
                .to_lowercase()
        })
        .map_err(|e| e.to_string())
}

/// Issue 46: the README and docs/ showed flags that had been renamed, and
/// `--help`'s examples predated packages. Every example command of every
/// page, and every example line of every `--help`, is parsed by the CLI's
/// own parser (`src/cli.rs`, compiled into the tests); the README shows each
/// job once, and each job's `--help` ends with examples.
#[test]
fn every_documented_example_parses_as_jurybox_parses_it() {
    use clap::CommandFactory;
    let mut failures = Vec::new();
    let mut in_readme = std::collections::BTreeSet::new();
    let mut count = 0;
    for page in documented_pages() {
        for example in examples_of(&page) {
            let invocations = match invocations(&example.command) {
                Ok(invocations) => invocations,
                Err(e) => {
                    failures.push(format!("{}: {e}: {}", example.place, example.command));
                    continue;
                }
            };
            for words in invocations {
                count += 1;
                match parsed(&words) {
                    Ok(job) if example.place.starts_with("README.md:") => {
                        in_readme.insert(job);
                    }
                    Ok(_) => {}
                    Err(e) => failures.push(format!("{}: {}\n{e}", example.place, example.command)),
                }
            }
        }
    }
    let cli = crate::cli_parser::Cli::command();
    let helps = std::iter::once(&cli).chain(cli.get_subcommands());
    let jobs = [
        "stress",
        "run",
        "harden",
        "mutants",
        "report",
        "convert",
        "package",
        "calibrate",
        "suite",
        "merge",
    ];
    for command in helps {
        let name = command.get_name();
        let after = command
            .get_after_help()
            .map(|h| h.to_string())
            .unwrap_or_default();
        let lines: Vec<&str> = after
            .lines()
            .map(str::trim_start)
            .filter(|l| l.starts_with("jurybox "))
            .collect();
        if jobs.contains(&name) && lines.is_empty() {
            failures.push(format!("`jurybox {name} --help` ends with no example"));
        }
        for line in after.split("\\\n").collect::<Vec<_>>().join(" ").lines() {
            let line = line.trim_start();
            if !line.starts_with("jurybox ") {
                continue;
            }
            count += 1;
            let parsed = invocations(line).and_then(|all| all.iter().map(|w| parsed(w)).collect());
            if let Err(e) = parsed.map(|_: Vec<String>| ()) {
                failures.push(format!("`jurybox {name} --help`: {line}\n{e}"));
            }
        }
    }
    for job in jobs {
        if !in_readme.contains(job) {
            failures.push(format!("README.md shows no example of `jurybox {job}`"));
        }
    }
    assert!(
        count > 50,
        "only {count} examples found: is the walk broken?"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The blocks marked `<!-- docs-test: output -->` are run (in the
/// repository's root, jurybox on the PATH) and must print what they show,
/// standard error after standard output.
#[test]
fn the_examples_marked_for_it_print_what_they_show() {
    let bin = Path::new(env!("CARGO_BIN_EXE_jurybox")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut ran = 0;
    for page in documented_pages() {
        for example in examples_of(&page).into_iter().filter(|e| e.run) {
            let output = std::process::Command::new("sh")
                .arg("-c")
                .arg(format!("exec 2>&1; {}", example.command))
                .current_dir(root())
                .env("PATH", &path)
                .output()
                .unwrap();
            assert_eq!(
                text(&output.stdout),
                example.shown,
                "{}: `{}` printed otherwise than its page shows",
                example.place,
                example.command
            );
            ran += 1;
        }
    }
    assert!(ran >= 3, "only {ran} marked examples ran");
}

/// The front page and the map stay short enough to read in ten minutes (issue
/// 46): README.md at most 250 lines, ARCHITECTURE.md at most 350. Every merge
/// adds a paragraph somewhere; this is where one too many is said.
#[test]
fn the_front_page_and_the_map_stay_within_their_length() {
    for (page, cap) in [("README.md", 250), ("ARCHITECTURE.md", 350)] {
        let lines = std::fs::read_to_string(root().join(page))
            .unwrap()
            .lines()
            .count();
        assert!(
            lines <= cap,
            "{page} is {lines} lines, over its {cap}: say it shorter or move it to docs/"
        );
    }
}
