//! The crate's surface: languages from file names, a mutant's description,
//! application and diff, the order of mutants, and `select`.

use std::collections::BTreeSet;

use jurybox_mutants::{mutants, select, Operator, SourceEdit, Syntax};

#[test]
fn language_of_a_file_name() {
    for (path, language) in [
        ("a.c", Some(Syntax::C)),
        ("dir/sol.cpp", Some(Syntax::Cpp)),
        ("x.cc", Some(Syntax::Cpp)),
        ("x.cxx", Some(Syntax::Cpp)),
        ("x.c++", Some(Syntax::Cpp)),
        // The judge's table (jurybox_languages) builds these too.
        ("x.C", Some(Syntax::Cpp)),
        ("x.py3", Some(Syntax::Python)),
        ("/abs/path/x.py", Some(Syntax::Python)),
        ("x.h", None),
        ("x.java", None),
        ("Makefile", None),
        ("x.py.txt", None),
    ] {
        assert_eq!(Syntax::of(path), language, "{path}");
    }
}

const SOURCE: &str = "\
#include <cstdio>
int main() {
    int n;
    scanf(\"%d\", &n);
    for (int i = 0; i < n; i++)
        printf(\"%d\\n\", i);
}
";

fn the_relational_mutant() -> SourceEdit {
    mutants(SOURCE, Syntax::Cpp)
        .into_iter()
        .find(|m| m.operator == Operator::Relational)
        .expect("`i < n` is mutated")
}

#[test]
fn description_apply_and_diff_of_one_mutant() {
    let mutant = the_relational_mutant();
    assert_eq!(
        mutant.description(SOURCE),
        "line 5, column 23: `<` → `<=` (relational)"
    );
    assert_eq!(mutant.apply(SOURCE), SOURCE.replace("i < n", "i <= n"));
    assert_eq!(
        mutant.diff(SOURCE, "sum.cpp"),
        "\
--- a/sum.cpp
+++ b/sum.cpp
@@ -2,6 +2,6 @@
 int main() {
     int n;
     scanf(\"%d\", &n);
-    for (int i = 0; i < n; i++)
+    for (int i = 0; i <= n; i++)
         printf(\"%d\\n\", i);
 }
"
    );
}

#[test]
fn mutants_are_in_source_order_then_operator_order_and_repeat_no_edit() {
    let found = mutants(SOURCE, Syntax::Cpp);
    let keys: Vec<(usize, Operator)> = found.iter().map(|m| (m.start, m.operator)).collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    // `n` at `i < n` is both a loop bound and a variable that could be swapped;
    // here `n` is declared alone, so only the loop bound and nothing else.
    let at_n: Vec<String> = found
        .iter()
        .filter(|m| m.original(SOURCE) == "n" && m.line == 5)
        .map(|m| m.description(SOURCE))
        .collect();
    assert_eq!(
        at_n,
        [
            "line 5, column 25: `n` → `n + 1` (loop bound)",
            "line 5, column 25: `n` → `n - 1` (loop bound)",
        ]
    );
}

#[test]
fn a_literal_bound_is_made_once_by_the_constant_operator() {
    let source = "int main() { int s = 0; for (int i = 0; i < 10; i++) s++; return s; }";
    let at_ten: Vec<(Operator, String)> = mutants(source, Syntax::Cpp)
        .into_iter()
        .filter(|m| m.original(source) == "10")
        .map(|m| (m.operator, m.replacement))
        .collect();
    assert_eq!(
        at_ten,
        [
            (Operator::Constant, "11".to_string()),
            (Operator::Constant, "9".to_string())
        ]
    );
}

fn many_mutants() -> (String, Vec<SourceEdit>) {
    let source = include_str!("programs/prefix_sums.cpp").to_string();
    let found = mutants(&source, Syntax::Cpp);
    (source, found)
}

#[test]
fn select_keeps_everything_when_within_the_budget() {
    let (_, found) = many_mutants();
    assert_eq!(select(&found, found.len(), 7), found);
    assert_eq!(select(&found, usize::MAX, 7), found);
}

#[test]
fn select_spreads_the_budget_over_every_operator() {
    let (source, found) = many_mutants();
    let present: BTreeSet<Operator> = found.iter().map(|m| m.operator).collect();
    assert_eq!(
        present.len(),
        Operator::ALL.len() - 1,
        "no logical operator in it"
    );
    let chosen = select(&found, 24, 7);
    assert_eq!(chosen.len(), 24);
    let kinds: BTreeSet<Operator> = chosen.iter().map(|m| m.operator).collect();
    assert_eq!(kinds, present);
    for operator in &present {
        let count = chosen.iter().filter(|m| m.operator == *operator).count();
        let available = found.iter().filter(|m| m.operator == *operator).count();
        assert!(
            count == available || count >= 24 / present.len(),
            "{operator}: {count}"
        );
    }
    assert!(chosen.iter().all(|m| found.contains(m)));
    assert!(
        chosen.windows(2).all(|w| w[0].start <= w[1].start),
        "not in source order"
    );
    // Spread over the program, not its first lines.
    let last_line = source.lines().count() as u32;
    assert!(chosen.iter().any(|m| m.line > last_line / 2));
}

#[test]
fn select_is_a_function_of_its_seed() {
    let (_, found) = many_mutants();
    assert_eq!(select(&found, 20, 1), select(&found, 20, 1));
    assert_ne!(select(&found, 20, 1), select(&found, 20, 2));
    let two = select(&found, 2, 1);
    assert_eq!(two.len(), 2);
    let kinds: Vec<Operator> = two.iter().map(|m| m.operator).collect();
    assert!(kinds.contains(&Operator::Relational) && kinds.contains(&Operator::Constant));
    assert!(select(&found, 0, 1).is_empty());
}
