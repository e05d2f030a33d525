//! ARCHITECTURE.md's claims that a walk of the repository can check (issue
//! 46: 9 of its 22 checked claims had gone false). Each is an absence: a
//! crate dependency the page does not draw, a library crate that may print
//! or lacks docs, a thread pool outside the one, IO or randomness in `core`.
//! The shape of the code (sizes, circles) is `tests/structure.rs`'s.

use crate::support::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Crate name (without `jurybox-`) → the workspace crates it depends on
/// (normal dependencies), as a dependency graph is written in the page.
type Graph = BTreeMap<String, BTreeSet<String>>;

/// The graph `cargo metadata` gives for the workspace.
fn graph_of_metadata() -> Graph {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let short = |name: &str| name.strip_prefix("jurybox-").unwrap_or(name).to_string();
    let mut graph = Graph::new();
    for package in metadata["packages"].as_array().unwrap() {
        let uses = package["dependencies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["kind"].is_null() && d["name"].as_str().unwrap().starts_with("jurybox-"))
            .map(|d| short(d["name"].as_str().unwrap()))
            .collect();
        graph.insert(short(package["name"].as_str().unwrap()), uses);
    }
    graph
}

/// The graph ARCHITECTURE.md draws: the ```text block after its
/// `<!-- crate graph: ... -->` line, one `crate → a, b` line a crate.
fn graph_of_page() -> Graph {
    let page = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let start = page
        .find("<!-- crate graph:")
        .expect("ARCHITECTURE.md marks its crate graph");
    let block = &page[start..];
    let body = &block[block.find("```text\n").expect("a ```text block") + 8..];
    let body = &body[..body.find("```").expect("the block ends")];
    body.lines()
        .map(|line| {
            let (name, uses) = line.split_once('→').expect("`crate → a, b`");
            let uses = uses.trim();
            let uses = if uses == "nothing" {
                BTreeSet::new()
            } else {
                uses.split(',').map(|u| u.trim().to_string()).collect()
            };
            (name.trim().to_string(), uses)
        })
        .collect()
}

#[test]
fn the_crate_graph_of_the_architecture_page_is_cargo_metadatas() {
    let drawn = graph_of_page();
    let real = graph_of_metadata();
    let mut wrong = Vec::new();
    for (name, uses) in &real {
        match drawn.get(name) {
            None => wrong.push(format!("{name} is not drawn")),
            Some(d) if d != uses => wrong.push(format!("{name} → {uses:?}, drawn as {d:?}")),
            Some(_) => {}
        }
    }
    wrong.extend(
        drawn
            .keys()
            .filter(|n| !real.contains_key(*n))
            .map(|n| format!("{n} is no crate")),
    );
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's crate graph is wrong:\n{}",
        wrong.join("\n")
    );
}

/// The library crates' directories: every workspace member with a
/// `src/lib.rs` (`benches/` is a package of benchmarks only).
fn library_crates() -> Vec<PathBuf> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let members = manifest
        .lines()
        .find(|l| l.starts_with("members"))
        .expect("members");
    members
        .split('"')
        .skip(1)
        .step_by(2)
        .map(|m| root().join(m))
        .filter(|dir| dir.join("src/lib.rs").exists())
        .collect()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// The names of a manifest's `[dependencies]`.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut names = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with('[') {
            inside = line.trim() == "[dependencies]";
        } else if inside && !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            let name = line.split(['=', '.']).next().unwrap().trim();
            names.push(name.to_string());
        }
    }
    names
}

#[test]
fn no_library_crate_prints_lacks_docs_or_uses_anyhow() {
    let mut wrong = Vec::new();
    for dir in library_crates() {
        let lib = std::fs::read_to_string(dir.join("src/lib.rs")).unwrap();
        for lint in [
            "missing_docs",
            "clippy::print_stdout",
            "clippy::print_stderr",
        ] {
            let denied = lib
                .lines()
                .any(|l| l.starts_with("#![deny(") && l.contains(lint));
            if !denied {
                wrong.push(format!(
                    "{}: src/lib.rs does not deny {lint}",
                    dir.display()
                ));
            }
        }
        if dependencies(&dir.join("Cargo.toml"))
            .iter()
            .any(|d| d == "anyhow")
        {
            wrong.push(format!("{}: depends on anyhow", dir.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_thread_pool_but_the_one_and_no_io_or_randomness_in_core() {
    let mut wrong = Vec::new();
    let the_pool = root().join("judging/src/jobs.rs");
    for dir in library_crates().into_iter().chain([root().to_path_buf()]) {
        for file in rust_files(&dir.join("src")) {
            let text = std::fs::read_to_string(&file).unwrap();
            if file != the_pool && text.contains("ThreadPoolBuilder") {
                wrong.push(format!("{} builds a thread pool", file.display()));
            }
        }
    }
    for file in rust_files(&root().join("core/src")) {
        let text = std::fs::read_to_string(&file).unwrap();
        for io in ["std::fs", "std::process", "std::net", "std::env"] {
            if text.contains(io) {
                wrong.push(format!("{} uses {io}", file.display()));
            }
        }
    }
    let core = dependencies(&root().join("core/Cargo.toml"));
    wrong.extend(
        core.iter()
            .filter(|d| d.starts_with("rand"))
            .map(|d| format!("core depends on {d}")),
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every crate's tests are one binary (`autotests = false`, `tests/lib.rs`
/// naming the modules): a `tests/NAME.rs` that its `lib.rs` does not name is
/// neither compiled nor run, silently, so none may be left out.
#[test]
fn no_test_file_is_left_out_of_its_crates_test_binary() {
    let mut left_out = Vec::new();
    for dir in library_crates().into_iter().chain([root().to_path_buf()]) {
        let lib = dir.join("tests/lib.rs");
        let Ok(named) = std::fs::read_to_string(&lib) else {
            continue;
        };
        let Ok(entries) = std::fs::read_dir(dir.join("tests")) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Some(name) = path.file_stem().and_then(|n| n.to_str()) else {
                continue;
            };
            if path.extension().is_none_or(|e| e != "rs") || name == "lib" {
                continue;
            }
            let listed = named.lines().any(|l| {
                let l = l.trim();
                l == format!("mod {name};")
                    || l == format!("pub mod {name};")
                    || l.contains(&format!("\"{name}.rs\""))
            });
            if !listed {
                left_out.push(path.display().to_string());
            }
        }
    }
    assert!(
        left_out.is_empty(),
        "not named in their crate's tests/lib.rs, so never compiled nor run:\n{}",
        left_out.join("\n")
    );
}
