//! Issue 23, item 5: a tetris3d solution that reads rows `y < D` where it
//! should read `y < S` passes a suite whose tests all have D = S or symmetric
//! blocks. The variable swap makes exactly that mutant of a correct solution,
//! so a mutation run reports the gap.

use jurybox_mutants::{mutants, Operator, Syntax};

const CPP: &str = "\
#include <cstdio>
int h[1000][1000];
int main() {
    int D, S, N;
    scanf(\"%d %d %d\", &D, &S, &N);
    int best = 0;
    for (int x = 0; x < D; x++)
        for (int y = 0; y < S; y++)
            if (h[x][y] > best) best = h[x][y];
    printf(\"%d\\n\", best);
}
";

const PYTHON: &str = "\
D, S, N = map(int, input().split())
h = [[0] * S for _ in range(D)]
best = max(h[x][y] for x in range(D) for y in range(S))
print(best)
";

/// The program with the first `from` of the first `after` swapped to `to`.
fn swap_at(source: &str, language: Syntax, after: &str, from: &str, to: &str) -> String {
    let at = source.find(after).expect("anchor in the program") + after.find(from).unwrap_or(0);
    let found = mutants(source, language)
        .into_iter()
        .find(|m| {
            m.operator == Operator::VariableSwap
                && m.start == at
                && m.original(source) == from
                && m.replacement == to
        })
        .unwrap_or_else(|| panic!("no swap of `{from}` to `{to}` at `{after}`"));
    found.apply(source)
}

#[test]
fn cpp_the_rows_read_up_to_d_instead_of_s() {
    let mutated = swap_at(CPP, Syntax::Cpp, "S; y++", "S", "D");
    assert!(mutated.contains("for (int y = 0; y < D; y++)"));
    assert_eq!(mutated.replace("y < D", "y < S"), CPP);
}

#[test]
fn python_the_rows_read_up_to_d_instead_of_s() {
    let mutated = swap_at(PYTHON, Syntax::Python, "S))", "S", "D");
    assert!(mutated.contains("for y in range(D))"));
    assert_eq!(mutated.replace("y in range(D)", "y in range(S)"), PYTHON);
}

#[test]
fn the_declaration_and_reading_of_d_and_s_are_swapped_too() {
    // Reading into the wrong variable is a mutant as well; the declaration
    // itself is never edited (it would not compile).
    let swaps: Vec<(u32, String, String)> = mutants(CPP, Syntax::Cpp)
        .into_iter()
        .filter(|m| m.operator == Operator::VariableSwap)
        .map(|m| (m.line, m.original(CPP).to_string(), m.replacement.clone()))
        .collect();
    assert!(swaps.iter().all(|(line, _, _)| *line != 4), "{swaps:?}");
    assert!(swaps.contains(&(5, "S".into(), "D".into())), "{swaps:?}");
    assert!(swaps.contains(&(7, "D".into(), "S".into())), "{swaps:?}");
}
