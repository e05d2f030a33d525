//! `jurybox mutants PACKAGE`: the mutants of the accepted submissions, which
//! test kills each, the survivors' edits and the mutation score; with
//! `--search S`, each mutant the data leaves alive searched for as harden
//! searches (the input's grammar first), what kills it saved.

use super::by_group::tell_group_kills;
use super::targets::{equivalents, mutant_target};
use super::{
    accepted_of, fill_line, indent, open_session, stopped, tell_disagreements, tell_search,
    HardenError,
};
use crate::mutants::{self, Mutants};
use crate::session::{SearchBudget, Session};
use jurybox_format::Verdict;
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::{ProblemLine, Score};
use jurybox_jury::Tell;
use jurybox_languages::Judge;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// How `jurybox mutants PACKAGE` was asked to run (its flags).
#[derive(Clone, Debug)]
pub struct MutantsConfig {
    /// `--mutants N`: at most this many of each accepted submission.
    pub mutants: usize,
    /// `--seed`.
    pub seed: u64,
    /// `--search S`: seconds of search for each mutant the data leaves alive
    /// (0: none).
    pub search: f64,
    /// `--jobs`.
    pub jobs: usize,
    /// `--judge`, else the package format's.
    pub judge: Option<Judge>,
}

/// The mutants of the accepted submissions of the package in `dir`, which
/// tests kill each, the survivors' edits, and the mutation score: its summary
/// in `line`; `Ok(true)` when a mutant survives (or an accepted submission
/// was found rejected on a valid input).
pub fn mutants(
    dir: &Path,
    config: &MutantsConfig,
    cancel: &AtomicBool,
    tell: &dyn Tell,
    line: &mut ProblemLine,
) -> Result<bool, HardenError> {
    let accepted = accepted_of(dir)?;
    let session = open_session(
        dir,
        Some(accepted),
        config.judge,
        config.jobs,
        None,
        cancel,
        tell,
    )?;
    fill_line(line, &session);
    let save = found_dir(&session.package.name);
    let made =
        mutants::make(&session, config.mutants, config.seed, cancel).map_err(stopped(&save))?;
    for skipped in &made.skipped {
        tell.note(&format!("note: no mutants of {skipped}"));
    }
    let killed = mutants::kills(
        &session,
        &made.kept,
        &mutants::package_tests(&session),
        &session.limits(),
        cancel,
    )
    .map_err(stopped(&save))?;
    tell.out(&format!(
        "{} mutants made: {} kept, {} did not compile, {} failed a sample, {}",
        made.made,
        made.kept.len(),
        made.not_compiling,
        made.failing_samples,
        equivalents(&made)
    ));
    for (mutant, kill) in made.kept.iter().zip(&killed) {
        match kill {
            Some((t, verdict)) => tell.out(&format!(
                "killed   {}  by {} ({verdict})",
                mutant.name, session.cases[*t].name
            )),
            None => tell.out(&format!(
                "SURVIVES {}\n{}",
                mutant.name,
                indent(&mutant.diff)
            )),
        }
    }
    tell_group_kills(&session, &made.kept, &save, cancel, tell)?;
    let n = killed.iter().filter(|k| k.is_some()).count();
    tell.out(&format!("mutation score: {n}/{}", made.kept.len()));
    line.score = Some(Score {
        killed: n,
        of: made.kept.len(),
    });
    let mut alive = made.kept.len() - n;
    let mut disagreements = 0;
    if config.search > 0.0 && alive > 0 {
        let searched;
        let run = (&session, &made, &killed[..]);
        (searched, disagreements) = search_survivors(run, config, (&save, dir), cancel, tell)?;
        tell.out(&format!(
            "the search kills {searched} of the {alive} mutants the data leaves alive"
        ));
        alive -= searched;
    }
    line.survivors = Some(alive);
    Ok(alive > 0 || disagreements > 0)
}

/// `mutants DIR --search S`: each mutant the data leaves alive searched for as
/// harden searches (the input's grammar first), what kills it saved; the
/// number killed, and of accepted submissions found disagreeing.
fn search_survivors(
    (session, made, killed): (&Session, &Mutants, &[Option<(usize, Verdict)>]),
    config: &MutantsConfig,
    (save, dir): (&Path, &Path),
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<(usize, usize), HardenError> {
    for line in session.grammar_note(cancel) {
        tell.note(&line);
    }
    let budget = SearchBudget {
        seconds: config.search,
        shrink_seconds: config.search,
        candidates: None,
    };
    let replay = format!(
        "jurybox stress {}",
        jurybox_sandbox::shell_quote(&dir.display().to_string())
    );
    let (mut caught, mut disagreements) = (0, 0);
    for (mutant, _) in made.kept.iter().zip(killed).filter(|(_, k)| k.is_none()) {
        let searcher = session
            .searcher(cancel, &budget)
            .ok_or(HardenError::NoReference {
                what: "a new input",
            })?;
        let target = mutant_target(made, mutant);
        let searched = session.hunt(&searcher, &target, None, config.seed);
        let label = format!("mutant {}", mutant.label);
        if tell_search(&label, searched, (save, None, None), &replay, tell)? {
            caught += 1;
        }
        disagreements += tell_disagreements(
            session,
            (save, "mutants"),
            (config.search, None),
            cancel,
            tell,
        )?;
    }
    Ok((caught, disagreements))
}
