//! Constraints read out of statements' TeX (`statement::tex::bounds`), on the
//! forms real statements write, and the input section found in a whole
//! statement so an output's bounds are never taken for the input's.

use jurybox_audit::statement::{bounds, input_section, Num, StatedBound};

fn read(tex: &str) -> Vec<StatedBound> {
    let (found, errors) = bounds(tex);
    assert!(errors.is_empty(), "{errors:?}");
    found
}

fn sides(b: &StatedBound) -> (Option<Num>, Option<Num>) {
    (b.lo.map(|s| s.value), b.hi.map(|s| s.value))
}

#[test]
fn a_chain_with_a_thin_space_in_its_number() {
    let found = read(r"An integer $N$ ($1 \le N \le 200\,000$).");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].var, "N");
    assert_eq!(
        sides(&found[0]),
        (Some(Num::Int(1)), Some(Num::Int(200_000)))
    );
}

#[test]
fn an_absolute_value_bounds_both_sides() {
    let found = read(r"$|a_i| \le 10^9$");
    assert_eq!(found[0].var, "a");
    assert_eq!(found[0].written, "a_i");
    assert_eq!(
        sides(&found[0]),
        (
            Some(Num::Int(-1_000_000_000)),
            Some(Num::Int(1_000_000_000))
        )
    );
}

#[test]
fn a_list_of_variables_shares_its_bounds() {
    let found = read(r"1 \leq n, m \leq 10^5");
    let vars: Vec<&str> = found.iter().map(|b| b.var.as_str()).collect();
    assert_eq!(vars, ["n", "m"]);
    assert!(found
        .iter()
        .all(|b| sides(b) == (Some(Num::Int(1)), Some(Num::Int(100_000)))));
}

#[test]
fn products_powers_and_offsets() {
    let found = read(r"$-10^{9} \le x_i, y_i \le 2 \cdot 10^5$ and $0 < k < 2^{31}-1$");
    assert_eq!(
        sides(&found[0]),
        (Some(Num::Int(-1_000_000_000)), Some(Num::Int(200_000)))
    );
    assert_eq!(found[1].var, "y");
    let k = found.iter().find(|b| b.var == "k").unwrap();
    assert_eq!(sides(k), (Some(Num::Int(0)), Some(Num::Int((1 << 31) - 1))));
    assert!(k.lo.unwrap().strict && k.hi.unwrap().strict);
}

#[test]
fn two_constraints_in_one_segment_and_ellipses() {
    let found = read(r"$1 \le n \le 10, 1 \le a_1, a_2, \ldots, a_n \le 1{,}000$");
    let n = found.iter().find(|b| b.var == "n").unwrap();
    assert_eq!(sides(n), (Some(Num::Int(1)), Some(Num::Int(10))));
    let a = found.iter().find(|b| b.var == "a").unwrap();
    assert_eq!(sides(a), (Some(Num::Int(1)), Some(Num::Int(1000))));
}

#[test]
fn a_bound_by_another_variable_bounds_only_with_constants() {
    let found = read(r"$1 \le i < j \le n$ and $1 \le a_i \le n$");
    assert!(found.iter().all(|b| b.hi.is_none()), "{found:?}");
}

#[test]
fn an_unreadable_number_is_an_error_at_its_line() {
    let (_, errors) = bounds("text\n$1 \\le n \\le 10^{x}$");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line, 2);
}

#[test]
fn the_input_section_ends_at_the_output_heading() {
    let tex = "\\section*{Input}\n$1 \\le n \\le 5$\n\\section*{Output}\n$0 \\le x \\le 9$\n";
    let found = read(input_section(tex));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].var, "n");
}
