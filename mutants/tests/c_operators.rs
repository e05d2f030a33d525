//! The operators on C: no templates, so every `<` and `>` compares; no `and`
//! keyword; macros are never edited.

use jurybox_mutants::{Operator, Syntax};

use crate::support::described;

fn c(source: &str, operator: Operator) -> Vec<String> {
    described(source, Syntax::C, operator)
}

const PROGRAM: &str = "\
#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static long long total;
int main(void) {
    int a, b;
    if (a < b, b > a) return 0;
    for (int i = 1; i <= b; i++) total += (long)i * 2 - a % 3;
    return a and b || a == b && !(a >= b);
}
";

#[test]
fn relational_takes_every_angle_bracket_as_a_comparison() {
    assert_eq!(
        c(PROGRAM, Operator::Relational),
        [
            "line 6, column 11: `<` → `<=` (relational)",
            "line 6, column 18: `>` → `>=` (relational)",
            "line 7, column 23: `<=` → `<` (relational)",
            "line 8, column 25: `==` → `!=` (relational)",
            "line 8, column 37: `>=` → `>` (relational)",
        ]
    );
}

#[test]
fn constant_arithmetic_and_logical() {
    assert_eq!(
        c(PROGRAM, Operator::Constant),
        [
            "line 6, column 30: `0` → `1` (constant)",
            "line 7, column 18: `1` → `0` (constant)",
            "line 7, column 18: `1` → `2` (constant)",
            "line 7, column 53: `2` → `1` (constant)",
            "line 7, column 53: `2` → `3` (constant)",
            "line 7, column 61: `3` → `2` (constant)",
            "line 7, column 61: `3` → `4` (constant)",
        ]
    );
    assert_eq!(
        c(PROGRAM, Operator::Arithmetic),
        [
            "line 7, column 40: `+=` → `-=` (arithmetic)",
            "line 7, column 51: `*` → `/` (arithmetic)",
            "line 7, column 55: `-` → `+` (arithmetic)",
            "line 7, column 59: `%` → `/` (arithmetic)",
        ]
    );
    // `and` is only a macro of <iso646.h> in C.
    assert_eq!(
        c(PROGRAM, Operator::Logical),
        [
            "line 8, column 20: `||` → `&&` (logical)",
            "line 8, column 30: `&&` → `||` (logical)",
        ]
    );
}

#[test]
fn narrower_type_loop_bound_and_variable_swap() {
    assert_eq!(
        c(PROGRAM, Operator::NarrowerType),
        [
            "line 3, column 8: `long long` → `int` (narrower type)",
            "line 7, column 44: `long` → `int` (narrower type)",
        ]
    );
    assert_eq!(
        c(PROGRAM, Operator::LoopBound),
        [
            "line 7, column 26: `b` → `b + 1` (loop bound)",
            "line 7, column 26: `b` → `b - 1` (loop bound)",
        ]
    );
    // `a` and `b` are declared together; `i` alone.
    assert_eq!(
        c(PROGRAM, Operator::VariableSwap),
        [
            "line 6, column 9: `a` → `b` (variable swap)",
            "line 6, column 13: `b` → `a` (variable swap)",
            "line 6, column 16: `b` → `a` (variable swap)",
            "line 6, column 20: `a` → `b` (variable swap)",
            "line 7, column 26: `b` → `a` (variable swap)",
            "line 7, column 57: `a` → `b` (variable swap)",
            "line 8, column 12: `a` → `b` (variable swap)",
            "line 8, column 18: `b` → `a` (variable swap)",
            "line 8, column 23: `a` → `b` (variable swap)",
            "line 8, column 28: `b` → `a` (variable swap)",
            "line 8, column 35: `a` → `b` (variable swap)",
            "line 8, column 40: `b` → `a` (variable swap)",
        ]
    );
}
