//! Where the test that catches a survivor goes. A survivor of one group's:
//! into that group. A whole-package survivor of a scored problem (a
//! `wrong_answer/` submission, a solution tagged too slow with nothing said
//! of some group): into the first group, in run order, whose validator
//! accepts the input under that group's settings and where the submission's
//! expectation lets it fail with the verdict it got
//! ([`groups_that_may_hold`], read as the per-group search reads it); never
//! into a group it is expected to earn, never into no group. When no group
//! takes it, the test is saved but not added, and said why. A mutant's test
//! (no expectation to meet): into the first scored group whose validator
//! accepts it.

use crate::search::Caught;
use crate::session::{SearchBudget, Session};
use crate::subtask::{groups_that_may_hold, scored_subtasks, settings_of, SurvivedGroup};
use crate::Survivor;
use jurybox_format::Package;
use jurybox_jury::{Stop, Tell};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

/// Where a caught survivor's test goes.
#[derive(Debug)]
pub(super) enum Placement {
    /// Into the package: into this group, or with `None` the secret tests of
    /// a pass-fail package.
    Into(Option<SurvivedGroup>),
    /// Nowhere in the package: why no group may hold it.
    Nowhere(String),
}

impl Placement {
    /// What [`super::tell_search`] is given: the package to add the test to
    /// (with `write`, and not when no group may hold it) and its group.
    pub(super) fn destination<'a>(
        &'a self,
        package: &'a Package,
        write: bool,
    ) -> (Option<&'a Package>, Option<&'a SurvivedGroup>) {
        match self {
            Placement::Into(group) => (write.then_some(package), group.as_ref()),
            Placement::Nowhere(_) => (None, None),
        }
    }

    /// Tells why no group may hold the test, if none may; whether it did.
    pub(super) fn tell_nowhere(&self, tell: &dyn Tell) -> bool {
        match self {
            Placement::Nowhere(why) => {
                tell.out(&format!("  {why}"));
                true
            }
            Placement::Into(_) => false,
        }
    }
}

/// Where the test `caught` that catches `survivor` (`None`: a mutant) goes
/// ([`Placement`]); each group's validator is run as the search inside
/// that group runs it.
pub(super) fn place(
    session: &Session,
    survivor: Option<&Survivor>,
    caught: &Caught,
    cancel: &AtomicBool,
) -> Result<Placement, Stop> {
    if let Some(group) = survivor.and_then(|s| s.group.as_ref()) {
        return Ok(Placement::Into(Some(group.clone())));
    }
    let Some(scoring) = &session.package.scoring else {
        return Ok(Placement::Into(None));
    };
    let (package, cases) = (&session.package, &session.cases);
    let may_hold = match survivor {
        Some(s) => {
            let verdict = BTreeSet::from([caught.run.verdict]);
            groups_that_may_hold(package, cases, s.submission, &verdict)
        }
        None => scored_subtasks(package, scoring)
            .into_iter()
            .map(|g| SurvivedGroup {
                name: g.name.clone(),
                settings: settings_of(scoring, cases, &g.name),
            })
            .collect(),
    };
    for group in &may_hold {
        if fits(session, group, &caught.input, cancel)? {
            return Ok(Placement::Into(Some(group.clone())));
        }
    }
    let Some(survivor) = survivor else {
        return Ok(Placement::Nowhere(
            "not added to the package: its input is valid in no scored group".into(),
        ));
    };
    let name = &package.submissions[survivor.submission].name;
    let mut fitting = Vec::new();
    for group in scored_subtasks(package, scoring) {
        let group = SurvivedGroup {
            name: group.name.clone(),
            settings: settings_of(scoring, cases, &group.name),
        };
        if fits(session, &group, &caught.input, cancel)? {
            fitting.push(group.name.clone());
        }
    }
    let allowed: Vec<&str> = may_hold.iter().map(|g| g.name.as_str()).collect();
    Ok(Placement::Nowhere(format!(
        "not added to the package: its input is valid in {} but {name} may fail ({}) only in {}: \
         a test there would contradict its stated expectation",
        list_or(&fitting, "no group"),
        caught.run.verdict,
        list_or(&allowed, "no group")
    )))
}

/// Whether the input validators accept `input` under `group`'s settings,
/// as a search inside that group asks them.
fn fits(
    session: &Session,
    group: &SurvivedGroup,
    input: &[u8],
    cancel: &AtomicBool,
) -> Result<bool, Stop> {
    let budget = SearchBudget {
        seconds: 0.0,
        shrink_seconds: 0.0,
        candidates: None,
    };
    match session.searcher_in(cancel, &budget, Some(group)) {
        Some(searcher) => searcher.valid(input),
        None => Ok(false),
    }
}

/// `a, b` or `none` when empty.
fn list_or<S: AsRef<str>>(names: &[S], none: &str) -> String {
    match names.is_empty() {
        true => none.to_string(),
        false => names
            .iter()
            .map(AsRef::as_ref)
            .collect::<Vec<_>>()
            .join(", "),
    }
}
