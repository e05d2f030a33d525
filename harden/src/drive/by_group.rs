//! A scored problem's mutants judged group by group (`mutants PACKAGE`):
//! which groups kill each mutant, by which test, and the score that leaves
//! it, as the package's scoring computes it from those verdicts.

use super::{stopped, HardenError};
use crate::mutants::{self, Mutant};
use crate::session::Session;
use jurybox_format::scoring::{show, ScoredRun};
use jurybox_format::Verdict;
use jurybox_jury::{Case, Tell, TestAt};
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// Each mutant's line: the groups that kill it (the test and verdict) and the
/// score it would get. Nothing for a pass-fail package. Each group's tests
/// are run until the first that kills a mutant (`mutants::kills`), so a
/// group summed over its tests leaves the score unknown, and said so.
pub(super) fn tell_group_kills(
    session: &Session,
    kept: &[Mutant],
    save: &Path,
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<(), HardenError> {
    let Some(scoring) = &session.package.scoring else {
        return Ok(());
    };
    if kept.is_empty() {
        return Ok(());
    }
    let limits = session.limits();
    let subtasks = scoring.subtasks();
    // By group, then by mutant: the test (its index in the package) and
    // verdict that kill it there.
    let mut kills: Vec<Vec<Option<(usize, Verdict)>>> = Vec::new();
    for group in &subtasks {
        let tests = group.tests();
        let cases: Vec<(TestAt, &Case)> = (tests.iter())
            .map(|&t| (TestAt::Package(t), &session.cases[t]))
            .collect();
        let found =
            mutants::kills(session, kept, &cases, &limits, cancel).map_err(stopped(save))?;
        kills.push(
            found
                .into_iter()
                .map(|k| k.map(|(i, verdict)| (tests[i], verdict)))
                .collect(),
        );
    }
    tell.out(&format!(
        "mutants by group (of {}; groups: {}):",
        scoring.best.map_or("-".into(), show),
        scoring.group_names()
    ));
    let passed = Some(ScoredRun {
        verdict: Verdict::AC,
        fraction: 1.0,
    });
    for (m, mutant) in kept.iter().enumerate() {
        // The samples and every test before a kill passed (the mutants kept
        // pass the samples); the tests after a kill were not run.
        let mut outcomes: Vec<Option<ScoredRun>> = vec![passed; session.cases.len()];
        let mut said = Vec::new();
        for (g, group) in subtasks.iter().enumerate() {
            let Some((killer, verdict)) = kills[g][m] else {
                continue;
            };
            let tests = group.tests();
            let at = tests
                .iter()
                .position(|&t| t == killer)
                .expect("its own test");
            outcomes[killer] = Some(ScoredRun {
                verdict,
                fraction: 0.0,
            });
            for &later in &tests[at + 1..] {
                outcomes[later] = None;
            }
            said.push(format!(
                "{} ({verdict} on {})",
                group.name, session.cases[killer].name
            ));
        }
        let score = scoring.score(&outcomes);
        let worth = match score.known {
            true => format!("would score {}", show(score.total)),
            false => "its score depends on tests not run".to_string(),
        };
        let killed_by = match said.is_empty() {
            true => "killed in no group".to_string(),
            false => format!("killed in {}", said.join(", ")),
        };
        tell.out(&format!("  {}: {killed_by}; {worth}", mutant.name));
    }
    Ok(())
}
