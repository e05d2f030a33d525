//! What the tests of a mutant's search share: a package opened as harden
//! opens it, and one mutant searched for with a budget of candidates.

use jurybox_format::{Package, Verdict};
use jurybox_harden::mutants::{self, Mutants};
use jurybox_harden::search::{Searched, Target};
use jurybox_harden::session::{SearchBudget, Session};
use jurybox_jury::{choose_judge, Case};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// Never set: the tests are not interrupted.
pub static CANCEL: AtomicBool = AtomicBool::new(false);

/// The package in `dir` opened: built, its limit derived, its submissions run.
pub fn open(dir: &Path) -> Session {
    let package = Package::read(dir).unwrap();
    let cases: Vec<Case> = package
        .data
        .tests
        .iter()
        .map(|t| Case::read(t).unwrap())
        .collect();
    let judging = choose_judge(&package, None);
    Session::open(package, cases, None, judging, 2, &CANCEL).unwrap()
}

/// How a mutant is searched for: with its line's coverage (`ordered`), with
/// the maximal shapes first (`largest_first`).
#[derive(Clone, Copy)]
pub struct Order {
    pub ordered: bool,
    pub largest_first: bool,
}

/// Searches for `mutant` within `budget` in `order`: what the search said.
pub fn hunt(
    session: &Session,
    budget: &SearchBudget,
    (made, mutant): (&Mutants, &mutants::Mutant),
    order: Order,
) -> Searched {
    let searcher = session.searcher(&CANCEL, budget).expect("a reference");
    let target = Target {
        name: mutant.name.clone(),
        program: &mutant.program,
        catch: BTreeSet::from([Verdict::WA, Verdict::TLE, Verdict::RTE]),
        reach: if order.ordered {
            made.reach(mutant)
        } else {
            None
        },
        largest_first: order.largest_first,
        submission: Some(mutant.of),
    };
    session.hunt(&searcher, &target, None, 1)
}
