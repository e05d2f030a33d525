//! Embeds the suite plans (`suites/*.toml`), the spec's samples
//! (`corpus/*/samples/*.{in,ans}`) and the packages' C++ programs
//! (`packager/judge/*/**.{cpp,patch}`, the shared headers of
//! `packager/judge/common/`) in the binary, so `jurybox suite` and `jurybox
//! package` work from any directory and rebuild the same bytes.

use std::fmt::Write;
use std::path::Path;

fn sorted(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.sort();
    paths
}

/// The folder of `packager/judge/` that holds the headers every problem may include.
const COMMON: &str = "common";

/// A file a package's programs are made of: a C++ source or header, or a named edit.
fn is_judge_file(path: &str) -> bool {
    [".cpp", ".h", ".patch"].iter().any(|e| path.ends_with(e))
}

fn main() {
    // Read at run time, not with `env!`: a build script compiled in another
    // checkout (a target/ directory copied from it) would embed that checkout's files.
    let root = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    println!("cargo:rerun-if-changed=suites");
    println!("cargo:rerun-if-changed=corpus");
    let mut code = String::from("/// (problem, plan text) of every `suites/*.toml`.\n");
    code += "pub static PLANS: &[(&str, &str)] = &[\n";
    for path in sorted(&root.join("suites")) {
        if path.extension().is_some_and(|e| e == "toml") {
            let name = path.file_stem().unwrap().to_str().unwrap();
            println!("cargo:rerun-if-changed={}", path.display());
            writeln!(
                code,
                "    ({name:?}, include_str!({:?})),",
                path.display().to_string()
            )
            .unwrap();
        }
    }
    code += "];\n/// (problem, sample, input, answer) of every `corpus/*/samples/*.in`.\n";
    code += "pub static SAMPLES: &[(&str, &str, &[u8], &[u8])] = &[\n";
    for problem in sorted(&root.join("corpus")) {
        let samples = problem.join("samples");
        println!("cargo:rerun-if-changed={}", samples.display());
        for input in sorted(&samples) {
            let answer = input.with_extension("ans");
            if input.extension().is_some_and(|e| e == "in") && answer.exists() {
                let p = problem.file_name().unwrap().to_str().unwrap();
                let name = input.file_stem().unwrap().to_str().unwrap();
                writeln!(
                    code,
                    "    ({p:?}, {name:?}, include_bytes!({:?}), include_bytes!({:?})),",
                    input.display().to_string(),
                    answer.display().to_string()
                )
                .unwrap();
            }
        }
    }
    code += "];\n/// (problem, path, text) of every file under `packager/judge/PROBLEM/`: the\n";
    code += "/// intended solutions, the mutants (sources or named edits) and the validators.\n";
    code += "pub static JUDGE: &[(&str, &str, &[u8])] = &[\n";
    println!("cargo:rerun-if-changed=packager/judge");
    let judge = root.join("packager/judge");
    for problem in sorted(&judge) {
        let p = problem.file_name().unwrap().to_str().unwrap();
        if !problem.is_dir() || p == COMMON {
            continue;
        }
        println!("cargo:rerun-if-changed={}", problem.display());
        let mut files: Vec<(String, std::path::PathBuf)> = Vec::new();
        for entry in sorted(&problem) {
            if entry.is_dir() {
                println!("cargo:rerun-if-changed={}", entry.display());
                let dir = entry.file_name().unwrap().to_str().unwrap().to_string();
                for file in sorted(&entry) {
                    let name = file.file_name().unwrap().to_str().unwrap().to_string();
                    files.push((format!("{dir}/{name}"), file));
                }
            } else {
                let name = entry.file_name().unwrap().to_str().unwrap().to_string();
                files.push((name, entry));
            }
        }
        for (path, file) in files {
            if is_judge_file(&path) {
                writeln!(
                    code,
                    "    ({p:?}, {path:?}, include_bytes!({:?})),",
                    file.display().to_string()
                )
                .unwrap();
            }
        }
    }
    code +=
        "];\n/// (name, text) of every header of `packager/judge/common/`, shipped beside the\n";
    code += "/// programs that include it.\n";
    code += "pub static JUDGE_COMMON: &[(&str, &[u8])] = &[\n";
    println!("cargo:rerun-if-changed={}", judge.join(COMMON).display());
    for file in sorted(&judge.join(COMMON)) {
        let name = file.file_name().unwrap().to_str().unwrap();
        if is_judge_file(name) {
            writeln!(
                code,
                "    ({name:?}, include_bytes!({:?})),",
                file.display().to_string()
            )
            .unwrap();
        }
    }
    code += "];\n";
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("embedded.rs");
    std::fs::write(out, code).unwrap();
}
