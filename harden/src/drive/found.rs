//! What a search found, saved before it is told: a catch written under the
//! save directory (and with `--write`, added to the package), an accepted
//! submission found disagreeing with the reference saved with its answer.

use super::{stopped, HardenError};
use crate::search::{Caught, CutShort, Searched};
use crate::session::{SearchBudget, Session};
use crate::subtask::SurvivedGroup;
use crate::write::{add_to_package, test_name, write_test};
use jurybox_format::Package;
use jurybox_jury::{Case, Tell};
use jurybox_sandbox::shell_quote;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// What one search found, saved in `save` and told; with `write_to`, the test
/// is also added to that package, into `group` when it is a scoring group's
/// survivor that was caught. `Ok(true)` when it caught the target; a
/// stop (Ctrl-C, a jury fault, its input to be saved in `save`) ends the
/// command.
pub fn tell_search(
    target: &str,
    searched: Searched,
    (save, write_to, group): (&Path, Option<&Package>, Option<&SurvivedGroup>),
    replay: &str,
    tell: &dyn Tell,
) -> Result<bool, HardenError> {
    match searched {
        Searched::Caught(caught) => {
            jurybox_judging::progress::caught();
            tell_caught(target, &caught, (save, write_to, group), replay, tell)?;
            Ok(true)
        }
        Searched::Agreed {
            candidates,
            valid,
            tried,
            refused_move,
        } => {
            tell.out(&format!(
                "{target}: not caught: agreed with the reference on {valid} valid of {candidates} candidates"
            ));
            if !tried.is_empty() {
                tell.out(&format!("  tried: {}", tried.join("; ")));
            }
            // Only the limit stood in the way: why it could not move.
            if let Some(refusal) = refused_move {
                tell.out(&format!("  not caught: {}", refusal.said()));
            }
            Ok(false)
        }
        Searched::Stopped(stop) => Err(stopped(save)(stop)),
    }
}

/// A catch saved in `save` (and added to `write_to`), then told with the
/// command that replays it.
fn tell_caught(
    target: &str,
    caught: &Caught,
    (save, write_to, group): (&Path, Option<&Package>, Option<&SurvivedGroup>),
    replay: &str,
    tell: &dyn Tell,
) -> Result<(), HardenError> {
    let name = test_name(target, &caught.input);
    let description = format!(
        "found by jurybox harden: catches {target} ({}); from {}{}",
        caught.run.detail,
        caught.provenance,
        caught
            .shrunk
            .as_ref()
            .map_or(String::new(), |s| format!(", shrunk ({s})"))
    );
    let moved = caught.moved_limit.as_ref().filter(|m| m.moves());
    let description = match moved {
        Some(m) => format!("{description}; {}", m.said()),
        None => description,
    };
    let saved = write_test(save, &name, &caught.input, &caught.answer, &description)?;
    tell.out(&format!(
        "{target}: caught ({}) by {}",
        caught.run.detail, caught.provenance
    ));
    if let Some(moved) = moved {
        tell.out(&format!("  {}", moved.said()));
    }
    if let Some(stats) = &caught.shrunk {
        tell.out(&format!("  shrunk: {stats}"));
    }
    tell.out(&format!("  saved: {}", saved.display()));
    tell.out(&format!(
        "  reproduce: {replay} --input {}",
        shell_quote(&saved.display().to_string())
    ));
    let Some(package) = write_to else {
        return Ok(());
    };
    let added = add_to_package(
        package,
        &name,
        &caught.input,
        &caught.answer,
        &description,
        caught
            .command
            .as_deref()
            .filter(|_| caught.shrunk.is_none()),
        group,
    )?;
    match &added.in_problem_xml {
        Some(how) => tell.out(&format!("  added to problem.xml as {how}")),
        None => tell.out(&format!("  added: {}", added.input.display())),
    }
    if added.in_generators_yaml {
        tell.out(&format!("  added to generators.yaml as {}", added.name));
    }
    for (old, new) in &added.renamed {
        tell.out(&format!("  renamed {old} to {new} (BAPCtools' numbering)"));
    }
    Ok(())
}

/// The candidates `target` failed whose confirmation the budget's end cut
/// short ([`CutShort`]), each saved in `save`'s `unconfirmed/` (not added to
/// the package: no test until confirmed) before it is told, with how far its
/// confirmation went and the command that judges it again.
pub fn save_cut_short(
    target: &str,
    cut: &[CutShort],
    (save, replay): (&Path, &str),
    tell: &dyn Tell,
) -> Result<(), HardenError> {
    let dir = save.join("unconfirmed");
    for c in cut {
        let name = test_name(target, &c.input);
        let how = c
            .run
            .as_ref()
            .map_or(String::new(), |r| format!(" ({})", r.detail));
        let description = format!(
            "found by jurybox harden, not confirmed: {target} failed it{how}, from {}; the budget ran out during {}",
            c.provenance, c.how_far
        );
        let saved = write_test(&dir, &name, &c.input, &c.answer, &description)?;
        tell.out(&format!(
            "{target}: failed{how} on {}, but the budget ran out during {}: no test until confirmed",
            c.provenance, c.how_far
        ));
        tell.out(&format!("  saved: {}", saved.display()));
        tell.out(&format!(
            "  confirm: {replay} --input {}",
            shell_quote(&saved.display().to_string())
        ));
    }
    Ok(())
}

/// A test found during this run, to judge later targets by (a test that
/// catches one survivor often catches the next: adding it twice would make
/// BAPCtools refuse the package's identical rules), with its name as saved.
/// A catch by time is told to the session: a later test must not move the
/// derived limit above the line it was judged by ([`Session::caught_slow`]).
pub(super) fn found_case(
    session: &Session,
    target: &str,
    caught: &Caught,
    group: Option<&SurvivedGroup>,
) -> (Case, String) {
    if caught.run.verdict == jurybox_format::Verdict::TLE {
        session.caught_slow(caught.moved_limit.as_ref().map(|m| m.to));
    }
    let name = test_name(target, &caught.input);
    let case = Case {
        name: format!("found/{name}"),
        input: caught.input.clone(),
        answer: caught.answer.clone(),
        settings: group.map_or_else(|| session.secret_settings(), |g| g.settings.clone()),
    };
    (case, name)
}

/// Tells (each input saved first, with the reference's answer) every accepted
/// submission that the reference's answer rejected on a valid input the
/// search met since the last call: the accepted submissions contradict each
/// other there, so no test was made of it. Each input is shrunk first (for
/// at most `shrink_seconds`, and never past `ends_by`, the command's budget)
/// while that submission still fails it, and shown with every accepted
/// submission's answer (each asked only before `ends_by`). How many there
/// were. `command` (`harden`, `stress`, `mutants`) names the finder in the
/// saved description.
pub fn tell_disagreements(
    session: &Session,
    (save, command): (&Path, &str),
    (shrink_seconds, ends_by): (f64, Option<Instant>),
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<usize, HardenError> {
    let found = session.take_disagreements();
    if found.is_empty() {
        return Ok(0);
    }
    let budget = SearchBudget {
        seconds: shrink_seconds,
        shrink_seconds,
        candidates: None,
    };
    let searcher = session.searcher(cancel, &budget).map(|mut s| {
        if let Some(end) = ends_by {
            (s.end, s.deadline) = (Some(end), s.deadline.min(end));
        }
        s
    });
    let program_of = |name: &str| {
        let i = session
            .package
            .submissions
            .iter()
            .position(|s| s.name == name)?;
        Some((session.built.submissions[i].as_ref().ok()?, Some(i)))
    };
    for d in &found {
        let (input, answer) = match (&searcher, program_of(&d.submission)) {
            (Some(s), Some(program)) => s
                .shrink_disagreement(&d.submission, program, &d.input)
                .map_err(stopped(save))?,
            _ => (d.input.clone(), d.answer.clone()),
        };
        let mut answers = Vec::new();
        for sub in session
            .package
            .submissions
            .iter()
            .filter(|s| s.is_accepted())
        {
            let said = match (&searcher, program_of(&sub.name)) {
                (Some(s), _) if s.past_end() => "(not run: the budget ran out)".to_string(),
                (Some(s), Some(program)) => {
                    match s.output_of(program, &input).map_err(stopped(save))? {
                        Some(out) => one_line(&out),
                        None => "(no answer: it did not end normally)".to_string(),
                    }
                }
                _ => "(not built)".to_string(),
            };
            answers.push(format!("{}: {said}", sub.name));
        }
        let name = test_name(&d.submission, &input);
        let description = format!(
            "found by jurybox {command}: {} gets {} on this valid input, whose answer is the reference's; the accepted submissions answer: {}",
            d.submission,
            d.detail,
            answers.join("; ")
        );
        let saved = write_test(save, &name, &input, &answer, &description)?;
        tell.out(&format!(
            "CONTRADICTION: {} gets {} ({}) on a valid input the reference answered: the accepted submissions disagree there, so no test was made of it",
            d.submission,
            d.verdict,
            d.detail
        ));
        tell.out(&format!(
            "  each accepted submission's answer to it ({} bytes{}):",
            input.len(),
            if input.len() < d.input.len() {
                ", shrunk"
            } else {
                ""
            }
        ));
        for line in &answers {
            tell.out(&format!("    {line}"));
        }
        tell.out(&format!("  saved: {}", saved.display()));
        tell.out(&format!(
            "  reproduce: jurybox stress {} --input {}",
            shell_quote(&session.package.dir.display().to_string()),
            shell_quote(&saved.display().to_string())
        ));
    }
    Ok(found.len())
}

/// An answer on one line: its tokens, at most 80 characters.
fn one_line(out: &[u8]) -> String {
    let text = String::from_utf8_lossy(out);
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if joined.chars().count() > 80 {
        format!("{}...", joined.chars().take(80).collect::<String>())
    } else if joined.is_empty() {
        "(empty)".to_string()
    } else {
        joined
    }
}
