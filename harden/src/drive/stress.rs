//! `jurybox stress PACKAGE`: the search part of hardening. With programs
//! (`--program CMD`), each against the package's fastest accepted
//! submission, on inputs from `--gen` (and the package's generators);
//! without, every submission that must fail but passes every test. What is
//! found is shrunk and saved, never written into the package (that is
//! `harden --write`). [`replay`] judges one saved input alone.

use super::targets::any_failure;
use super::{
    accepted_of, fill_line, open_session, stopped, tell_disagreements, tell_search, HardenError,
};
use crate::search::Target;
use crate::session::SearchBudget;
use crate::survivors;
use jurybox_format::Verdict;
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::ProblemLine;
use jurybox_jury::Stops;
use jurybox_jury::{Case, Stop, Tell};
use jurybox_languages::Built;
use jurybox_sandbox::shell_quote;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// How `jurybox stress PACKAGE` was asked to run (its flags).
#[derive(Clone, Debug)]
pub struct StressConfig {
    /// `--program CMD`: programs to search against (none: the survivors).
    pub programs: Vec<String>,
    /// `--gen CMD`: a generator of candidates.
    pub gen: Option<String>,
    /// `--seconds`: each target's search.
    pub seconds: f64,
    /// `--seed`.
    pub seed: u64,
    /// `--shrink-seconds`.
    pub shrink_seconds: f64,
    /// `--candidates N`: at most this many candidates a search.
    pub candidates: Option<usize>,
    /// `--save DIR`, else the package's found directory.
    pub save: Option<PathBuf>,
    /// `--jobs`.
    pub jobs: usize,
}

/// The search in the package in `dir`: its summary in `line` (survivors: the
/// submissions that must fail, pass every test and were not caught);
/// `Ok(true)` when a target was caught or an accepted submission was found
/// rejected on a valid input.
pub fn stress(
    dir: &Path,
    config: &StressConfig,
    cancel: &AtomicBool,
    tell: &dyn Tell,
    line: &mut ProblemLine,
) -> Result<bool, HardenError> {
    let accepted_only = !config.programs.is_empty();
    let which = match accepted_only {
        true => Some(accepted_of(dir)?),
        false => None,
    };
    let save = config.save.as_deref();
    let session = open_session(dir, which, None, config.jobs, save, cancel, tell)?;
    fill_line(line, &session);
    session.reference().ok_or(HardenError::NoReference {
        what: "a new input",
    })?;
    let save = save.map_or_else(|| found_dir(&session.package.name), Path::to_path_buf);
    // Each with the submission whose limits judge it (none for a program).
    let mut targets: Vec<(String, Built, BTreeSet<Verdict>, Option<usize>)> = config
        .programs
        .iter()
        .map(|c| {
            (
                format!("program '{c}'"),
                Built::from_command(c),
                any_failure(),
                None,
            )
        })
        .collect();
    if !accepted_only {
        for s in survivors(&session.package, &session.matrix) {
            let program = session.built.submissions[s.submission]
                .clone()
                .expect("survivors built");
            targets.push((
                session.package.submissions[s.submission].name.clone(),
                program,
                s.catch,
                Some(s.submission),
            ));
        }
        tell.out(&format!(
            "{} submissions must fail and pass every test",
            targets.len()
        ));
    }
    if !targets.is_empty() {
        for line in session.grammar_note(cancel) {
            tell.note(&line);
        }
    }
    let (mut failures, mut disagreements) = (0, 0);
    for (name, program, catch, submission) in &targets {
        let budget = SearchBudget {
            seconds: config.seconds,
            shrink_seconds: config.shrink_seconds,
            candidates: config.candidates,
        };
        let searcher = session
            .searcher(cancel, &budget)
            .expect("a reference exists");
        let target = Target {
            name: name.clone(),
            program,
            catch: catch.clone(),
            reach: None,
            largest_first: false,
            submission: *submission,
        };
        let package = shell_quote(&dir.display().to_string());
        let replay = match config.programs.iter().find(|c| name.contains(c.as_str())) {
            Some(c) => format!("jurybox stress {package} --program {}", shell_quote(c)),
            None => format!("jurybox stress {package}"),
        };
        jurybox_judging::progress::phase(&format!("search: {name}"), 0);
        let searched = session.hunt(&searcher, &target, config.gen.as_deref(), config.seed);
        if tell_search(name, searched, (&save, None, None), &replay, tell)? {
            failures += 1;
        }
        disagreements += tell_disagreements(
            &session,
            (&save, "stress"),
            (config.shrink_seconds, None),
            cancel,
            tell,
        )?;
    }
    if !accepted_only {
        line.survivors = Some(targets.len() - failures);
    }
    Ok(failures > 0 || disagreements > 0)
}

/// `stress PACKAGE --input FILE`: the saved input judged alone, as
/// `reproduce:` lines ask: validated, answered by the reference, and every
/// submission (and each of `config`'s programs) run on it, with its verdict.
/// `Ok(true)` when the input is invalid or one of the programs fails on it.
pub fn replay(
    dir: &Path,
    input: &Path,
    config: &StressConfig,
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<bool, HardenError> {
    let bytes = std::fs::read(input).map_err(|error| HardenError::Read {
        path: input.to_path_buf(),
        error,
    })?;
    let save = config.save.as_deref();
    let session = open_session(dir, None, None, config.jobs, save, cancel, tell)?;
    let save = save.map_or_else(|| found_dir(&session.package.name), Path::to_path_buf);
    let jury = session.jury(cancel);
    let settings = session.secret_settings();
    let name = input.display().to_string();
    if let Some(why) = jury
        .validate_input(&bytes, &settings, &session.limits().jury)
        .map_err(|none| stopped(&save)(Stop::no_verdict(none, None, &name, &bytes)))?
    {
        tell.out(&format!("invalid input: {why}"));
        return Ok(true);
    }
    let no_reference = || HardenError::NoReference { what: "the input" };
    session.reference().ok_or_else(no_reference)?;
    let budget = SearchBudget {
        seconds: 0.0,
        shrink_seconds: 0.0,
        candidates: None,
    };
    let searcher = session.searcher(cancel, &budget).ok_or_else(no_reference)?;
    let answer = searcher
        .answer(&bytes)
        .map_err(stopped(&save))?
        .ok_or(HardenError::ReferenceFailed)?;
    let case = Case {
        name,
        input: bytes,
        answer,
        settings,
    };
    let mut programs: Vec<(String, Built, Option<usize>)> = session
        .package
        .submissions
        .iter()
        .zip(&session.built.submissions)
        .enumerate()
        .filter_map(|(i, (s, b))| {
            b.as_ref()
                .ok()
                .map(|b| (s.name.clone(), b.clone(), Some(i)))
        })
        .collect();
    programs.extend(
        config
            .programs
            .iter()
            .map(|c| (format!("program '{c}'"), Built::from_command(c), None)),
    );
    let mut failed = false;
    for (name, program, submission) in &programs {
        // As a search judges it: a test of the secret tests' group.
        let run = jury
            .run(program, &case, &searcher.limits_of(*submission))
            .map_err(stopped(&save))?;
        failed |= name.starts_with("program") && run.verdict != Verdict::AC;
        tell.out(&format!(
            "{name:40} {:3}  {:.3} s  {}",
            run.verdict.code(),
            run.cpu,
            run.detail
        ));
    }
    Ok(failed)
}
