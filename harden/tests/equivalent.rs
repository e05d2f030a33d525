//! Trivial compiler equivalence: a mutant whose optimised object code is the
//! original's is equivalent. Compiled with g++ as Kattis compiles C++; skipped
//! (with a line saying so) without g++.

use jurybox_harden::equivalent::object_code;
use jurybox_languages::Judge;
use std::sync::atomic::AtomicBool;

fn code(text: &str) -> Option<Vec<u8>> {
    object_code(text, "sol.cpp", Judge::Kattis, &AtomicBool::new(false))
}

/// A dead store changed (`x = 1` → `x = 2`, never read) leaves -O2's code as
/// it was: equivalent. A returned constant changed does not: different.
/// Without the rule, both would be searched for and the first reported as a
/// survivor.
#[test]
fn a_dead_store_mutant_has_the_originals_object_code() {
    if std::process::Command::new("g++")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("g++ is not installed: trivial compiler equivalence is not tested");
        return;
    }
    let original = "int main() { int x = 1; (void)x; return 0; }\n";
    let dead = "int main() { int x = 2; (void)x; return 0; }\n";
    let live = "int main() { int x = 1; (void)x; return 1; }\n";
    let original = code(original).expect("compiles");
    assert_eq!(code(dead).expect("compiles"), original);
    assert_ne!(code(live).expect("compiles"), original);
    assert_eq!(code("int main() { return }"), None, "does not compile");
    assert_eq!(
        object_code("print(1)", "sol.py", Judge::Kattis, &AtomicBool::new(false)),
        None,
        "not C or C++"
    );
}
