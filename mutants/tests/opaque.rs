//! What is never edited: comments, strings, character literals, directives,
//! conditionally compiled code and template brackets; and the lexers' recovery
//! from unterminated literals.

use jurybox_mutants::{mutants, Operator, Syntax};

use crate::support::{described, edits};

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|&(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn cpp_comments_strings_directives_and_dead_branches_are_left_alone() {
    let source = r#"#include <bits/stdc++.h>
#include "a<b>.h"
#define N 100
#define LT(a, b) ((a) < (b) && \
                  (b) > 0)
using namespace std;
// i < n + 1 in a comment
/* a block comment: x > 0 && y != 2
   over two lines */
int main() {
    const char* s = "x < y && 1 + 2 // not a comment";
    char c = '<', d = '\'';
    string r = R"raw(a < b "quoted" )" still 1 + 2)raw";
    wstring w = L"1 + 2"; auto u = u8"3 - 4";
#ifdef LOCAL
    cerr << (s[0] < 'x') << 1 + 2;
#else
    cerr << 3 - 4;
#endif
    return c == d;
}
"#;
    assert_eq!(
        edits(source, Syntax::Cpp),
        pairs(&[("c", "d"), ("==", "!="), ("d", "c")])
    );
}

#[test]
fn c_comment_line_splices_and_unterminated_literals_end_where_the_compiler_ends_them() {
    // A `//` comment ending in a backslash goes on to the next line; an
    // unterminated string stops at its line end, so the next line is code; an
    // unterminated block comment swallows the rest.
    let source = "int f(int a) {\n  // a < 1 \\\n  a > 2\n  \"a < 3\n  return a != 4;\n  /* a + 5";
    assert_eq!(
        edits(source, Syntax::C),
        pairs(&[("!=", "=="), ("4", "3"), ("4", "5")])
    );
}

#[test]
fn python_comments_and_every_kind_of_string_are_left_alone() {
    let source = r#"import sys  # a < b in a comment
s = "a < b and c"
t = 'it''s' + r"\d+ < 1\" " + b'\x00 > 2'
u = """triple < quoted
and multi-line 1 + 2
"""
v = f"{x < y} and {1 + 2}"
w = Rb'<' ; x = '''a''' ; y = f'{a!r:>10}'
print(s == t, len(s) + 1)
"#;
    assert_eq!(
        edits(source, Syntax::Python),
        // The `+` between string literals is concatenation: not mutated either.
        pairs(&[("==", "!="), ("+", "-"), ("1", "0"), ("1", "2")])
    );
}

#[test]
fn python_unterminated_strings_end_at_their_line_or_at_the_end() {
    let source = "a = 'x < 1\nb = a < 2\nc = \"\"\"never closed\nd = c < 3\n";
    assert_eq!(
        described(source, Syntax::Python, Operator::Relational),
        ["line 2, column 7: `<` → `<=` (relational)"]
    );
}

#[test]
fn template_brackets_are_told_from_comparisons_conservatively() {
    let source = "\
bool a1 = x < y;
auto a2 = vector<int>(3);
Tree<N> t;
bool a3 = f(a < b, c > d);
bool a4 = i < n && j > m;
template<class T> T mx(T a, T b) { return a > b ? a : b; }
int a5 = max<int>(1, 2) + numeric_limits<long long>::max();
bool a6 = a[i] < b[j];
vector<vector<int>> g(n, vector<int>(m)); bool a7 = g.size() >= 2;
";
    assert_eq!(
        described(source, Syntax::Cpp, Operator::Relational),
        [
            "line 1, column 13: `<` → `<=` (relational)",
            "line 5, column 13: `<` → `<=` (relational)",
            "line 5, column 22: `>` → `>=` (relational)",
            "line 6, column 45: `>` → `>=` (relational)",
            "line 8, column 16: `<` → `<=` (relational)",
            "line 9, column 62: `>=` → `>` (relational)",
        ]
    );
}

#[test]
fn every_mutant_avoids_the_opaque_parts_of_a_realistic_program() {
    let source = include_str!("programs/max_subarray.cpp");
    for mutant in mutants(source, Syntax::Cpp) {
        let line = source.lines().nth(mutant.line as usize - 1).unwrap_or("");
        assert!(
            !line.trim_start().starts_with('#'),
            "{}",
            mutant.description(source)
        );
        assert!(
            mutant.line > 2,
            "in the leading comment: {}",
            mutant.description(source)
        );
    }
}
