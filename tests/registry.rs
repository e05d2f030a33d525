//! Every problem in the registry brought everything a problem needs beyond its
//! code: samples in the corpus, the `_parse` and `_diff` fuzz targets (declared in
//! fuzz/Cargo.toml so `cargo fuzz list` and CI see them) and a criterion bench
//! (declared in Cargo.toml). Adding a problem to the registry without them fails here.

use crate::support::root;
use jurybox_stress::PROBLEMS;

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_problem_has_samples_with_answers() {
    for name in PROBLEMS {
        let dir = root().join("corpus").join(name).join("samples");
        let inputs: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "in"))
            .collect();
        assert!(!inputs.is_empty(), "{name}: no sample in {}", dir.display());
        for input in inputs {
            let answer = input.with_extension("ans");
            assert!(answer.exists(), "{}: no .ans beside it", input.display());
        }
    }
}

#[test]
fn every_problem_has_parse_and_diff_fuzz_targets() {
    let manifest = read("fuzz/Cargo.toml");
    for name in PROBLEMS {
        for kind in ["parse", "diff"] {
            let target = format!("{name}_{kind}");
            let path = format!("fuzz/fuzz_targets/{target}.rs");
            assert!(root().join(&path).exists(), "{path} is missing");
            assert!(
                manifest.contains(&format!("name = \"{target}\"")),
                "fuzz/Cargo.toml declares no [[bin]] {target}"
            );
        }
    }
}

#[test]
fn every_problem_has_a_bench() {
    let manifest = read("Cargo.toml");
    for name in PROBLEMS {
        let path = format!("benches/{name}.rs");
        assert!(root().join(&path).exists(), "{path} is missing");
        assert!(
            manifest.contains(&format!("[[bench]]\nname = \"{name}\"")),
            "Cargo.toml declares no [[bench]] {name}"
        );
    }
}

/// Problems whose answers a checker judges (several answers can be right), listed
/// by hand: each must also have a `<p>_check` fuzz target (a structure-aware input
/// and arbitrary output bytes: the checker never panics). A name not yet in the
/// registry is skipped until it is.
const CHECKER_PROBLEMS: &[&str] = &["netgame", "papercut"];

#[test]
fn checker_problems_have_a_check_fuzz_target() {
    let manifest = read("fuzz/Cargo.toml");
    let listed: Vec<&&str> = CHECKER_PROBLEMS
        .iter()
        .filter(|name| PROBLEMS.contains(name))
        .collect();
    assert!(!listed.is_empty(), "no checker problem is registered");
    for name in listed {
        let target = format!("{name}_check");
        let path = format!("fuzz/fuzz_targets/{target}.rs");
        assert!(root().join(&path).exists(), "{path} is missing");
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "fuzz/Cargo.toml declares no [[bin]] {target}"
        );
    }
}
