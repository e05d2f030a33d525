//! Each operator on a small C++ program: the exact mutants, in order.

use jurybox_mutants::{Operator, Syntax};

use crate::support::described;

fn cpp(source: &str, operator: Operator) -> Vec<String> {
    described(source, Syntax::Cpp, operator)
}

#[test]
fn relational_moves_each_boundary_and_inverts_equality() {
    let source = "\
int f(int a, int b) {
    if (a < b && a <= 2 * b) return a > b;
    return a >= b || a == b || a != b;
}
";
    assert_eq!(
        cpp(source, Operator::Relational),
        [
            "line 2, column 11: `<` → `<=` (relational)",
            "line 2, column 20: `<=` → `<` (relational)",
            "line 2, column 39: `>` → `>=` (relational)",
            "line 3, column 14: `>=` → `>` (relational)",
            "line 3, column 24: `==` → `!=` (relational)",
            "line 3, column 34: `!=` → `==` (relational)",
        ]
    );
}

#[test]
fn relational_leaves_shifts_spaceships_and_operator_names_alone() {
    let source = "\
struct P { int v; bool operator<(const P& o) const { return v < o.v; } };
bool operator>=(P a, P b) { return !(a < b); }
int g(int a, int b) { cout << a; cin >> b; return (a <=> b) == 0 ? a << 1 : a >> 1; }
";
    assert_eq!(
        cpp(source, Operator::Relational),
        [
            "line 1, column 63: `<` → `<=` (relational)",
            "line 2, column 40: `<` → `<=` (relational)",
            "line 3, column 61: `==` → `!=` (relational)",
        ]
    );
}

#[test]
fn constant_shifts_decimal_integers_keeping_their_suffix() {
    let source = "\
long long a[100005];
int main() {
    long long x = 0, big = 1'000'000'007LL;
    double eps = 1e-9, half = 0.5;
    int mask = 0xFF, oct = 017;
    return a[1] + 10u + 18446744073709551615ULL;
}
";
    assert_eq!(
        cpp(source, Operator::Constant),
        [
            "line 1, column 13: `100005` → `100004` (constant)",
            "line 1, column 13: `100005` → `100006` (constant)",
            "line 3, column 19: `0` → `1` (constant)",
            "line 3, column 28: `1'000'000'007LL` → `1000000006LL` (constant)",
            "line 3, column 28: `1'000'000'007LL` → `1000000008LL` (constant)",
            "line 6, column 14: `1` → `0` (constant)",
            "line 6, column 14: `1` → `2` (constant)",
            "line 6, column 19: `10u` → `11u` (constant)",
            "line 6, column 19: `10u` → `9u` (constant)",
            // One more than the largest u64 has no literal: only one less.
            "line 6, column 25: `18446744073709551615ULL` → `18446744073709551614ULL` (constant)",
        ]
    );
}

#[test]
fn arithmetic_swaps_binary_operators_not_signs_pointers_increments_or_strings() {
    let source = "\
int g(int *p, int a, int b, const int* q) {
    int s = a + b - -a * b / 2 % 3;
    s += a; s -= b; s *= 2; s /= 3; s %= 5;
    a++; --b;
    return -s + *p * (a - 1) + *q;
    t = u + \"|\" + u; t += \"x\"; Node*& v = w; vector<Node*> z; a = a * *p;
}
";
    assert_eq!(
        cpp(source, Operator::Arithmetic),
        [
            "line 2, column 15: `+` → `-` (arithmetic)",
            "line 2, column 19: `-` → `+` (arithmetic)",
            "line 2, column 24: `*` → `/` (arithmetic)",
            "line 2, column 28: `/` → `*` (arithmetic)",
            "line 2, column 32: `%` → `/` (arithmetic)",
            "line 3, column 7: `+=` → `-=` (arithmetic)",
            "line 3, column 15: `-=` → `+=` (arithmetic)",
            "line 3, column 23: `*=` → `/=` (arithmetic)",
            "line 3, column 31: `/=` → `*=` (arithmetic)",
            "line 3, column 39: `%=` → `/=` (arithmetic)",
            "line 5, column 15: `+` → `-` (arithmetic)",
            "line 5, column 20: `*` → `/` (arithmetic)",
            "line 5, column 25: `-` → `+` (arithmetic)",
            "line 5, column 30: `+` → `-` (arithmetic)",
            "line 6, column 69: `*` → `/` (arithmetic)",
        ]
    );
}

#[test]
fn logical_swaps_operators_and_keywords_not_rvalue_references() {
    let source = "\
template <class T> void take(T&& x, int&& y, auto &&z) {}
bool h(bool a, bool b) { return (a && b) || (a and b) || (a or !b); }
";
    assert_eq!(
        cpp(source, Operator::Logical),
        [
            "line 2, column 36: `&&` → `||` (logical)",
            "line 2, column 42: `||` → `&&` (logical)",
            "line 2, column 48: `and` → `or` (logical)",
            "line 2, column 55: `||` → `&&` (logical)",
            "line 2, column 61: `or` → `and` (logical)",
        ]
    );
}

#[test]
fn narrower_type_rewrites_the_whole_type_where_it_is_written() {
    let source = "\
typedef long long ll;
using ull = unsigned long long;
long double ld;
unsigned long long int u;
long k; long int ki; unsigned long uk; signed long long sll;
__int128 w; unsigned __int128 uw;
int64_t i64; uint64_t u64; size_t n; std::size_t sn; std::int64_t si;
int x = (long long)1 * sizeof(long long);
";
    assert_eq!(
        cpp(source, Operator::NarrowerType),
        [
            "line 1, column 9: `long long` → `int` (narrower type)",
            "line 2, column 13: `unsigned long long` → `unsigned` (narrower type)",
            "line 4, column 1: `unsigned long long int` → `unsigned` (narrower type)",
            "line 5, column 1: `long` → `int` (narrower type)",
            "line 5, column 9: `long int` → `int` (narrower type)",
            "line 5, column 22: `unsigned long` → `unsigned` (narrower type)",
            "line 5, column 40: `signed long long` → `int` (narrower type)",
            "line 6, column 1: `__int128` → `long long` (narrower type)",
            "line 6, column 13: `unsigned __int128` → `unsigned long long` (narrower type)",
            "line 7, column 1: `int64_t` → `int32_t` (narrower type)",
            "line 7, column 14: `uint64_t` → `uint32_t` (narrower type)",
            "line 7, column 28: `size_t` → `unsigned` (narrower type)",
            "line 7, column 38: `std::size_t` → `unsigned` (narrower type)",
            "line 7, column 59: `int64_t` → `int32_t` (narrower type)",
            "line 8, column 10: `long long` → `int` (narrower type)",
            "line 8, column 31: `long long` → `int` (narrower type)",
        ]
    );
}

#[test]
fn loop_bound_shifts_the_side_without_the_loop_variable() {
    let source = "\
void loops(int n, int m, int k) {
    for (int i = 0; i < n; i++) {}
    for (int i = n; 0 <= i; i--) {}
    for (int j = 0; j * j <= m + 1; ++j) {}
    for (int b = 0; b < 1 << k; b++) {}
    for (int i = 0; i < 10; i++) {}
    for (int i = 0, j = n; i < j && j > 0; i++) {}
    for (auto x : v) {}
    for (;;) {}
    while (n > m) n--;
    while (n) n--;
    for (int i = 0; k > i; i++) {}
}
";
    assert_eq!(
        cpp(source, Operator::LoopBound),
        [
            "line 2, column 25: `n` → `n + 1` (loop bound)",
            "line 2, column 25: `n` → `n - 1` (loop bound)",
            // `0 <= i`: the bound is the literal, left to the constant operator.
            "line 4, column 30: `m + 1` → `m + 1 + 1` (loop bound)",
            "line 4, column 30: `m + 1` → `m + 1 - 1` (loop bound)",
            "line 5, column 25: `1 << k` → `(1 << k) + 1` (loop bound)",
            "line 5, column 25: `1 << k` → `(1 << k) - 1` (loop bound)",
            "line 10, column 16: `m` → `m + 1` (loop bound)",
            "line 10, column 16: `m` → `m - 1` (loop bound)",
            "line 12, column 21: `k` → `k + 1` (loop bound)",
            "line 12, column 21: `k` → `k - 1` (loop bound)",
        ]
    );
}

#[test]
fn variable_swap_stays_within_a_declaration_shape_and_its_scope() {
    let source = "\
struct P { int x, y; };
int D, S, N;
int main() {
    long long a = 0, b = a + 1;
    int *p, *q, r;
    int u[5], w[5], z[6];
    P one, two;
    a = b; p = q; u[0] = w[0];
    one.x = two.y;
    for (int i = 0, j = N; i < j; i++) S = D;
    int f(int c, int d);
    return D < S;
}
void other() { int c, d; c = d; }
";
    assert_eq!(
        cpp(source, Operator::VariableSwap),
        [
            "line 8, column 5: `a` → `b` (variable swap)",
            "line 8, column 9: `b` → `a` (variable swap)",
            "line 8, column 12: `p` → `q` (variable swap)",
            "line 8, column 16: `q` → `p` (variable swap)",
            "line 8, column 19: `u` → `w` (variable swap)",
            "line 8, column 26: `w` → `u` (variable swap)",
            "line 9, column 5: `one` → `two` (variable swap)",
            "line 9, column 13: `two` → `one` (variable swap)",
            "line 10, column 25: `N` → `D` (variable swap)",
            "line 10, column 25: `N` → `S` (variable swap)",
            "line 10, column 28: `i` → `j` (variable swap)",
            "line 10, column 32: `j` → `i` (variable swap)",
            "line 10, column 35: `i` → `j` (variable swap)",
            "line 10, column 40: `S` → `D` (variable swap)",
            "line 10, column 40: `S` → `N` (variable swap)",
            "line 10, column 44: `D` → `N` (variable swap)",
            "line 10, column 44: `D` → `S` (variable swap)",
            "line 12, column 12: `D` → `N` (variable swap)",
            "line 12, column 12: `D` → `S` (variable swap)",
            "line 12, column 16: `S` → `D` (variable swap)",
            "line 12, column 16: `S` → `N` (variable swap)",
            "line 14, column 26: `c` → `d` (variable swap)",
            "line 14, column 30: `d` → `c` (variable swap)",
        ]
    );
}
