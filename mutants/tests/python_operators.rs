//! Each operator on small Python programs: the exact mutants, in order.

use jurybox_mutants::{Operator, Syntax};

use crate::support::described;

fn python(source: &str, operator: Operator) -> Vec<String> {
    described(source, Syntax::Python, operator)
}

#[test]
fn relational_edits_chained_comparisons_one_by_one() {
    let source = "\
def f(a, b):
    if a < b <= 3 and a != b or a == b:
        return a > b >= 0
    return a is not b
";
    assert_eq!(
        python(source, Operator::Relational),
        [
            "line 2, column 10: `<` → `<=` (relational)",
            "line 2, column 14: `<=` → `<` (relational)",
            "line 2, column 25: `!=` → `==` (relational)",
            "line 2, column 35: `==` → `!=` (relational)",
            "line 3, column 18: `>` → `>=` (relational)",
            "line 3, column 22: `>=` → `>` (relational)",
        ]
    );
}

#[test]
fn constant_shifts_decimal_integers_only() {
    let source = "\
x = 0
y = 1_000_000 + 0x10 + 0o7 + 1.5 + 1e9 + 2j + 00
print(x[1:-1], \"123\")
";
    assert_eq!(
        python(source, Operator::Constant),
        [
            "line 1, column 5: `0` → `1` (constant)",
            "line 2, column 5: `1_000_000` → `1000001` (constant)",
            "line 2, column 5: `1_000_000` → `999999` (constant)",
            "line 3, column 9: `1` → `0` (constant)",
            "line 3, column 9: `1` → `2` (constant)",
            "line 3, column 12: `1` → `0` (constant)",
            "line 3, column 12: `1` → `2` (constant)",
        ]
    );
}

#[test]
fn arithmetic_keeps_integer_division_and_skips_signs_unpacking_and_formatting() {
    let source = "\
def g(a, b, *args, **kwargs):
    s = a + b - -a * b / 2 // 3 % 4 ** 2
    s += a; s -= b; s *= 2; s /= 3; s //= 4; s %= 5
    t = \"%d items\" % s
    print(*args, -s, +s)
    return [0] * s, a[-1], a[1:-2], lambda: -a
";
    assert_eq!(
        python(source, Operator::Arithmetic),
        [
            "line 2, column 11: `+` → `-` (arithmetic)",
            "line 2, column 15: `-` → `+` (arithmetic)",
            "line 2, column 20: `*` → `/` (arithmetic)",
            "line 2, column 24: `/` → `*` (arithmetic)",
            "line 2, column 28: `//` → `*` (arithmetic)",
            "line 2, column 33: `%` → `//` (arithmetic)",
            "line 3, column 7: `+=` → `-=` (arithmetic)",
            "line 3, column 15: `-=` → `+=` (arithmetic)",
            "line 3, column 23: `*=` → `/=` (arithmetic)",
            "line 3, column 31: `/=` → `*=` (arithmetic)",
            "line 3, column 39: `//=` → `*=` (arithmetic)",
            "line 3, column 48: `%=` → `//=` (arithmetic)",
            "line 6, column 16: `*` → `/` (arithmetic)",
        ]
    );
}

#[test]
fn logical_swaps_and_with_or() {
    let source = "\
def h(a, b):
    return (a and b) or not (a or b)
";
    assert_eq!(
        python(source, Operator::Logical),
        [
            "line 2, column 15: `and` → `or` (logical)",
            "line 2, column 22: `or` → `and` (logical)",
            "line 2, column 32: `or` → `and` (logical)",
        ]
    );
}

#[test]
fn no_narrower_type_in_python() {
    let source = "x = int(input())\ny: int = x\n";
    assert_eq!(python(source, Operator::NarrowerType), Vec::<String>::new());
}

#[test]
fn loop_bound_shifts_the_stop_of_range_and_the_bound_of_while() {
    let source = "\
for i in range(n):
    pass
for i in range(1, n + 1):
    pass
for i in range(0, n, 2):
    pass
for i in range(10):
    pass
for i in range(len(a) - 1):
    pass
for i in range(1 << k):
    pass
x = np.range(n)
while lo < hi:
    pass
while lo < hi and ok:
    pass
while True:
    pass
";
    assert_eq!(
        python(source, Operator::LoopBound),
        [
            "line 1, column 16: `n` → `n + 1` (loop bound)",
            "line 1, column 16: `n` → `n - 1` (loop bound)",
            "line 3, column 19: `n + 1` → `n + 1 + 1` (loop bound)",
            "line 3, column 19: `n + 1` → `n + 1 - 1` (loop bound)",
            "line 5, column 19: `n` → `n + 1` (loop bound)",
            "line 5, column 19: `n` → `n - 1` (loop bound)",
            "line 9, column 16: `len(a) - 1` → `len(a) - 1 + 1` (loop bound)",
            "line 9, column 16: `len(a) - 1` → `len(a) - 1 - 1` (loop bound)",
            "line 11, column 16: `1 << k` → `(1 << k) + 1` (loop bound)",
            "line 11, column 16: `1 << k` → `(1 << k) - 1` (loop bound)",
            "line 14, column 12: `hi` → `hi + 1` (loop bound)",
            "line 14, column 12: `hi` → `hi - 1` (loop bound)",
        ]
    );
}

#[test]
fn variable_swap_covers_the_rest_of_the_block_of_a_tuple_assignment() {
    let source = "\
D, S, N = map(int, input().split())
a, b = 1, 2
def f():
    u, v = 3, 4
    print(u, v, sep=v)
    u.v = v.u
print(D + S, u)
x, x = 1, 2
(p, q) = 1, 2
";
    assert_eq!(
        python(source, Operator::VariableSwap),
        [
            "line 5, column 11: `u` → `v` (variable swap)",
            "line 5, column 14: `v` → `u` (variable swap)",
            "line 5, column 21: `v` → `u` (variable swap)",
            "line 6, column 5: `u` → `v` (variable swap)",
            "line 6, column 11: `v` → `u` (variable swap)",
            "line 7, column 7: `D` → `N` (variable swap)",
            "line 7, column 7: `D` → `S` (variable swap)",
            "line 7, column 11: `S` → `D` (variable swap)",
            "line 7, column 11: `S` → `N` (variable swap)",
        ]
    );
}
