//! `jurybox harden PACKAGE`: the matrix, the survivors, a search for each, and
//! what was found, saved (and with --write, added to the package).

use super::run_package::open;
use crate::cli::HardenArgs;
use crate::interrupt;
use anyhow::{bail, Result};
use jurybox_jury::harden::search::{Searched, Searcher, Target};
use jurybox_jury::harden::source::{Generator, Source};
use jurybox_jury::harden::write::{test_name, write_test};
use jurybox_jury::harden::{reference, survivors};
use jurybox_jury::{build_package, derive, run_matrix, Jury, Limits};
use jurybox_sandbox::RunLimits;
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub fn run(args: HardenArgs) -> Result<ExitCode> {
    let jobs = super::jobs(args.jobs);
    let (package, cases) = open(&args.package)?;
    let built = build_package(&package, jobs);
    for failure in built.failures() {
        eprintln!("note: {failure}");
    }
    let jury = Jury {
        package: &package,
        built: &built,
        cancel: interrupt::flag(),
    };
    eprintln!(
        "{}: the time limit and the matrix of {} submissions on {} tests",
        package.name,
        package.submissions.len(),
        cases.len()
    );
    let limit = derive(&jury, &cases, jobs);
    outln!("{}", limit.explain());
    let limits = Limits::of(&package, limit.seconds);
    let all: Vec<usize> = (0..package.submissions.len()).collect();
    let matrix = run_matrix(&jury, &all, &cases, &limits, jobs);
    let survivors = survivors(&package, &matrix);
    let Some((_, reference)) = reference(&jury, &matrix) else {
        bail!("no accepted submission passed every test: nothing can answer a new input");
    };
    outln!(
        "{} submissions must fail and pass every test: {}",
        survivors.len(),
        survivors
            .iter()
            .map(|s| package.submissions[s.submission].name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let settings = package
        .data
        .tests
        .iter()
        .find(|t| !t.sample)
        .map(|t| t.settings.clone())
        .unwrap_or_default();
    let save = args
        .save
        .clone()
        .unwrap_or_else(|| jurybox_stress::store::found_dir(&package.name));
    let mut found = 0;
    for survivor in &survivors {
        let sub = &package.submissions[survivor.submission];
        let program = built.submissions[survivor.submission]
            .as_ref()
            .expect("survivors built");
        let searcher = Searcher {
            jury,
            reference,
            limits,
            settings: settings.clone(),
            jobs,
            deadline: Instant::now() + Duration::from_secs_f64(args.seconds),
        };
        let mut sources: Vec<Box<dyn Source>> = Vec::new();
        if let Some(gen) = &args.gen {
            sources.push(Box::new(Generator {
                name: "--gen".into(),
                program: None,
                words: gen.clone(),
                seed: args.seed,
                drawn: 0,
                limits: RunLimits::with_cpu(Duration::from_secs(10)),
                failures: 0,
            }));
        }
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
        match searcher.search(&target, &mut sources) {
            Searched::Caught(caught) => {
                found += 1;
                let name = test_name(&sub.name, &caught.input);
                let saved = write_test(&save, &name, &caught.input, &caught.answer)?;
                outln!(
                    "{}: caught ({}) by {}",
                    sub.name,
                    caught.run.detail,
                    caught.provenance
                );
                if let Some(stats) = &caught.shrunk {
                    outln!("  shrunk: {stats}");
                }
                outln!("  saved: {}", saved.display());
                if args.write {
                    let written = write_test(
                        &package.dir.join("data/secret"),
                        &name,
                        &caught.input,
                        &caught.answer,
                    )?;
                    outln!("  added: {}", written.display());
                }
            }
            Searched::Agreed { candidates, valid } => {
                outln!("{}: not caught: agreed with the reference on {valid} valid of {candidates} candidates", sub.name);
            }
            Searched::Interrupted => {
                eprintln!("interrupted");
                return Ok(ExitCode::from(interrupt::EXIT_INTERRUPTED));
            }
        }
    }
    outln!("{found} of {} survivors caught", survivors.len());
    Ok(ExitCode::SUCCESS)
}
