//! `jurybox harden PACKAGE`: the matrix, the survivors, a search for each, and
//! what was found, saved (and with --write, added to the package).

use super::run_package::open;
use crate::cli::HardenArgs;
use crate::interrupt;
use anyhow::{anyhow, Result};
use jurybox_jury::harden::search::{Searched, Searcher, Target};
use jurybox_jury::harden::session::Session;
use jurybox_jury::harden::survivors;
use jurybox_jury::harden::write::{test_name, write_test};
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Opens `dir` for hardening, printing what could not be used and the limit.
pub fn session(dir: &Path, which: Option<Vec<usize>>, jobs: usize) -> Result<Session> {
    let (package, cases) = open(dir)?;
    eprintln!(
        "{}: building, deriving the time limit and running {} submissions on {} tests",
        package.name,
        which.as_ref().map_or(package.submissions.len(), Vec::len),
        cases.len()
    );
    let session = Session::open(package, cases, which, jobs, interrupt::flag());
    for failure in session.built.failures() {
        eprintln!("note: {failure}");
    }
    outln!("{}", session.limit.explain());
    Ok(session)
}

/// What one search found, printed; with `write_to`, the test is also added there.
/// `Ok(true)` when it caught the target.
pub fn report_search(
    target: &str,
    searched: Searched,
    save: &Path,
    write_to: Option<&Path>,
) -> Result<Option<bool>> {
    match searched {
        Searched::Caught(caught) => {
            let name = test_name(target, &caught.input);
            let saved = write_test(save, &name, &caught.input, &caught.answer)?;
            outln!(
                "{target}: caught ({}) by {}",
                caught.run.detail,
                caught.provenance
            );
            if let Some(stats) = &caught.shrunk {
                outln!("  shrunk: {stats}");
            }
            outln!("  saved: {}", saved.display());
            if let Some(dir) = write_to {
                let written = write_test(dir, &name, &caught.input, &caught.answer)?;
                outln!("  added: {}", written.display());
            }
            Ok(Some(true))
        }
        Searched::Agreed { candidates, valid } => {
            outln!(
                "{target}: not caught: agreed with the reference on {valid} valid of {candidates} candidates"
            );
            Ok(Some(false))
        }
        Searched::Interrupted => Ok(None),
    }
}

pub fn run(args: HardenArgs) -> Result<ExitCode> {
    let jobs = super::jobs(args.jobs);
    let session = session(&args.package, None, jobs)?;
    let survivors = survivors(&session.package, &session.matrix);
    let reference = session.reference().ok_or_else(|| {
        anyhow!("no accepted submission passed every test: nothing can answer a new input")
    })?;
    let names = |list: &[jurybox_jury::harden::Survivor]| {
        list.iter()
            .map(|s| session.package.submissions[s.submission].name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    outln!(
        "{} submissions must fail and pass every test: {}",
        survivors.len(),
        names(&survivors)
    );
    let save = args
        .save
        .clone()
        .unwrap_or_else(|| jurybox_stress::store::found_dir(&session.package.name));
    let secret = session.package.dir.join("data/secret");
    let write_to = args.write.then_some(secret.as_path());
    let mut caught = 0;
    for survivor in &survivors {
        let sub = &session.package.submissions[survivor.submission];
        let program = session.built.submissions[survivor.submission]
            .as_ref()
            .expect("survivors built");
        let searcher = Searcher {
            jury: session.jury(interrupt::flag()),
            reference,
            limits: session.limits(),
            settings: session.secret_settings(),
            jobs,
            deadline: Instant::now() + Duration::from_secs_f64(args.seconds),
        };
        let target = Target {
            name: sub.name.clone(),
            program,
            catch: survivor.catch.clone(),
        };
        eprintln!(
            "searching for a test that catches {} ({})",
            sub.name,
            target
                .catch
                .iter()
                .map(|v| v.code())
                .collect::<Vec<_>>()
                .join("/")
        );
        let mut sources = session.sources(args.gen.as_deref(), args.seed);
        let searched = searcher.search(&target, &mut sources);
        match report_search(&sub.name, searched, &save, write_to)? {
            Some(true) => caught += 1,
            Some(false) => {}
            None => {
                eprintln!("interrupted");
                return Ok(ExitCode::from(interrupt::EXIT_INTERRUPTED));
            }
        }
    }
    outln!("{caught} of {} survivors caught", survivors.len());
    Ok(ExitCode::SUCCESS)
}
