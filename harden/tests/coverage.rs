//! A mutant's candidates ordered by whether its original reaches the edited
//! line (issue 32), on `tests/packages/blocksum`: n integers summed eight at
//! a time while eight are left, so the unrolled line runs only when n ≥ 8.
//! The layout grammar's small scope (every input of at most 5 values) never
//! reaches it, and it comes first in the plain order. Skipped (with a line
//! saying so) without g++ and gcov.

use crate::mutant_search::{self, Order, CANCEL};
use jurybox_harden::mutants::{self, Mutants};
use jurybox_harden::search::Searched;
use jurybox_harden::session::{SearchBudget, Session};
use std::path::Path;

/// The line of `sum.cpp` summing eight values, and the line of its `return 1`
/// on a failed read (no valid input reaches it).
const UNROLLED_LINE: u32 = 13;
const FAILED_READ_LINE: u32 = 7;

/// A budget that time never decides: 150 candidates judged per search.
const BUDGET: SearchBudget = SearchBudget {
    seconds: 3600.0,
    shrink_seconds: 0.0,
    candidates: Some(150),
};

fn tools_installed() -> bool {
    ["g++", "gcov"]
        .iter()
        .all(|tool| crate::tools::installed(tool, "--version", "the coverage order is not tested"))
}

fn open() -> Session {
    mutant_search::open(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/blocksum"))
}

/// Searches for `mutant` with its line's coverage when `ordered`, else in the
/// plain order: what the search said.
fn hunt(session: &Session, made: &Mutants, mutant: &mutants::Mutant, ordered: bool) -> Searched {
    let order = Order {
        ordered,
        largest_first: false,
    };
    mutant_search::hunt(session, &BUDGET, (made, mutant), order)
}

/// Every mutant of the unrolled line is caught when the candidates that reach
/// it are judged first, and none is within the same budget in the plain
/// order (whose first 150 candidates are the small scope's, all with n ≤ 3);
/// a mutant of the failed read's `return 1` is not caught, and says that no
/// candidate reached its line, which is why.
#[test]
#[ignore = "slow end-to-end: 51 s on one thread beside a CI run; CI runs it (--include-ignored)"]
fn candidates_that_reach_the_edited_line_are_judged_first() {
    if !tools_installed() {
        return;
    }
    let session = open();
    let made = mutants::make(&session, 1000, 1, &CANCEL).unwrap();
    assert_eq!(made.coverage.len(), 1, "sum.cpp built for coverage");
    let on = |line: u32| -> Vec<&mutants::Mutant> {
        made.kept.iter().filter(|m| m.line == line).collect()
    };
    let unrolled = on(UNROLLED_LINE);
    assert!(!unrolled.is_empty(), "{:?}", made.kept);
    // The data (n ≤ 5) kills none of them: they are the search's to find.
    let killed = mutants::kills(
        &session,
        &made.kept,
        &mutants::package_tests(&session),
        &session.limits(),
        &CANCEL,
    )
    .unwrap();
    for mutant in &unrolled {
        let at = made
            .kept
            .iter()
            .position(|m| m.name == mutant.name)
            .unwrap();
        assert_eq!(killed[at], None, "{}", mutant.name);
    }
    // Two mutants of the line suffice to show both orders.
    for mutant in unrolled.iter().take(2) {
        match hunt(&session, &made, mutant, true) {
            Searched::Caught(caught) => {
                let n: u64 = String::from_utf8_lossy(&caught.original)
                    .split_whitespace()
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(n >= 8, "{}: caught with n = {n}", mutant.name);
            }
            other => panic!("{}: ordered, not caught: {other:?}", mutant.name),
        }
        match hunt(&session, &made, mutant, false) {
            Searched::Agreed { candidates, .. } => assert_eq!(candidates, 150),
            other => panic!("{}: caught in the plain order: {other:?}", mutant.name),
        }
    }
    let failed_read = on(FAILED_READ_LINE);
    assert!(!failed_read.is_empty(), "{:?}", made.kept);
    let mutant = failed_read[0];
    match hunt(&session, &made, mutant, true) {
        Searched::Agreed { tried, .. } => {
            let said = tried.join("; ");
            assert!(
                said.contains(
                    "run on sum.cpp's coverage build reached line 7 (so none could kill it)"
                ) && said.contains("none of the"),
                "{said}"
            );
        }
        other => panic!("{}: caught: {other:?}", mutant.name),
    }
}
