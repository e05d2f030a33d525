//! What a search aims at: a survivor of the package or a mutant of an
//! accepted submission, as one [`Target`] (its program, the verdicts that
//! catch it, where its candidates should reach), shared by `harden`,
//! `mutants --search` and `stress`.

use crate::mutants::{self, Mutants};
use crate::search::Target;
use crate::session::Session;
use jurybox_format::Verdict;
use std::collections::BTreeSet;

/// The survivor `survivor` as a search's target.
pub(super) fn survivor_target<'a>(session: &'a Session, survivor: &crate::Survivor) -> Target<'a> {
    Target {
        name: survivor.label(&session.package),
        program: session.built.submissions[survivor.submission]
            .as_ref()
            .expect("survivors built"),
        catch: survivor.catch.clone(),
        reach: None,
        largest_first: false,
        submission: Some(survivor.submission),
    }
}

/// A mutant as a search's target (caught by any verdict but AC, the
/// candidates that reach its edited line first), its search's phase told.
pub(super) fn mutant_target<'a>(made: &'a Mutants, mutant: &'a mutants::Mutant) -> Target<'a> {
    jurybox_judging::progress::phase(&format!("search: mutant {}", mutant.label), 0);
    Target {
        name: mutant.name.clone(),
        program: &mutant.program,
        catch: any_failure(),
        reach: made.reach(mutant),
        largest_first: mutant.narrows,
        submission: Some(mutant.of),
    }
}

/// What kills a mutant: any verdict but AC.
pub(super) fn any_failure() -> BTreeSet<Verdict> {
    BTreeSet::from([Verdict::WA, Verdict::TLE, Verdict::RTE])
}

/// The mutants dropped by their object code (trivial compiler equivalence):
/// the score counts killed of the rest.
pub(super) fn equivalents(made: &Mutants) -> String {
    format!(
        "{} equivalent (the original's object code), {} repeats (another mutant's)",
        made.equivalent, made.repeats
    )
}
