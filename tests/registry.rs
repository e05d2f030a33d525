//! Every problem in the registry brought everything a problem needs beyond its
//! code: samples in the corpus, the `_parse` and `_diff` fuzz targets (declared in
//! fuzz/Cargo.toml so `cargo fuzz list` and CI see them) and a criterion bench
//! (declared in benches/Cargo.toml), its judge programs, and the fuzz target and package
//! files that follow from `Problem::SEVERAL_ANSWERS`. Adding a problem to the
//! registry without them fails here; nothing is listed by hand.

use crate::support::root;
use jurybox_stress::{with_problem, Harness, ProblemVisitor, PROBLEMS};

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
    let manifest = read("benches/Cargo.toml");
    for name in PROBLEMS {
        let path = format!("benches/{name}.rs");
        assert!(root().join(&path).exists(), "{path} is missing");
        assert!(
            manifest.contains(&format!("[[bench]]\nname = \"{name}\"")),
            "benches/Cargo.toml declares no [[bench]] {name}"
        );
    }
}

/// Every registered problem's name and whether a checker judges it
/// (`Problem::SEVERAL_ANSWERS`): the registry is the one list.
fn registered() -> Vec<(&'static str, bool)> {
    struct Kind;
    impl ProblemVisitor for Kind {
        type Output = bool;
        fn visit<P: Harness>(self) -> bool {
            P::SEVERAL_ANSWERS
        }
    }
    PROBLEMS
        .iter()
        .map(|&name| (name, with_problem(name, Kind).expect("registered")))
        .collect()
}

/// A problem judged by a checker has a `<p>_check` fuzz target (a structure-aware
/// input and arbitrary output bytes: the checker never panics).
#[test]
fn checker_problems_have_a_check_fuzz_target() {
    let manifest = read("fuzz/Cargo.toml");
    let checked: Vec<&str> = registered()
        .into_iter()
        .filter_map(|(name, several)| several.then_some(name))
        .collect();
    assert!(!checked.is_empty(), "no checker problem is registered");
    for name in checked {
        let target = format!("{name}_check");
        let path = format!("fuzz/fuzz_targets/{target}.rs");
        assert!(root().join(&path).exists(), "{path} is missing");
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "fuzz/Cargo.toml declares no [[bin]] {target}"
        );
    }
}

/// Every problem's judge programs (`packager/judge/<p>/`): an input validator, an
/// output validator when a checker judges it (and maybe otherwise) and an answer
/// validator exactly when answers are exact, at least one intended solution, and a C++ program for every mutant
/// engine (named as the engine: a source or a named edit); plus its lines in the C++
/// cross-test and the benchmark gate.
#[test]
fn every_problem_has_its_judge_programs() {
    let cpp_judge = read("tests/cpp_judge.rs");
    let gate = read("benches/gate.rs");
    for (name, several) in registered() {
        let dir = root().join("packager/judge").join(name);
        let has = |file: &str| dir.join(file).exists();
        assert!(has("input_validator.cpp"), "{name}: no input_validator.cpp");
        // An exact-answer problem may ship one too, when its output format is
        // more than the default validator's flags can say (blokus3d's lines).
        assert!(
            has("output_validator.cpp") || !several,
            "{name}: a checker judges it, but there is no output_validator.cpp"
        );
        assert_eq!(
            has("answer_validator.cpp"),
            !several,
            "{name}: an answer_validator.cpp exactly when answers are exact"
        );
        let accepted = std::fs::read_dir(dir.join("accepted"))
            .map(|d| d.count())
            .unwrap_or(0);
        assert!(accepted > 0, "{name}: no intended solution in accepted/");
        struct Mutants;
        impl ProblemVisitor for Mutants {
            type Output = Vec<&'static str>;
            fn visit<P: Harness>(self) -> Vec<&'static str> {
                P::engines()
                    .iter()
                    .filter(|e| e.kind.flaw().is_some())
                    .map(|e| e.name)
                    .collect()
            }
        }
        for mutant in with_problem(name, Mutants).expect("registered") {
            let (file, edit) = (
                format!("mutants/{mutant}.cpp"),
                format!("mutants/{mutant}.patch"),
            );
            assert!(
                has(&file) != has(&edit),
                "{name}: its mutant engine needs one of {file} (a program) or {edit} (a named \
                 edit of another program)"
            );
        }
        assert!(
            cpp_judge.contains(&format!("fn {name}_input_validator_agrees")),
            "tests/cpp_judge.rs does not test {name}'s input validator"
        );
        assert!(
            gate.contains(&format!("\"{name}\"")),
            "benches/gate.rs has no line for {name}"
        );
    }
}
