//! `jurybox report PACKAGE`: any package as one page. Its submissions and the
//! mutants of its accepted ones are run on its data (the kill matrix), the time
//! limit's derivation is given with each bound, and each test with its size,
//! where it comes from (its description, a generators.yaml rule, or hand-written)
//! and a preview of its text; then the mutation score, what hardening added, and
//! what in the package could not be used.

use super::harden::session;
use super::report::margin_rows;
use crate::cli::ReportArgs;
use crate::interrupt;
use crate::stopped::ended;
use anyhow::Result;
use jurybox_format::layout::DataRoot;
use jurybox_harden::mutants;
use jurybox_judging::store::found_dir;
use jurybox_report::{render_html, KillRow, ProgramTime, ReportData, TestData};
use std::process::ExitCode;

pub fn run(args: &ReportArgs) -> Result<ExitCode> {
    let jobs = super::jobs(args.jobs);
    let session = session(&args.suite, None, None, jobs, None)?;
    let save = found_dir(&session.package.name);
    let stopped = |stop| ended(stop, &save);
    let cancel = interrupt::flag();
    let package = &session.package;
    let made = if args.mutants > 0 {
        mutants::make(&session, args.mutants, 1, cancel).map_err(stopped)?
    } else {
        Default::default()
    };
    let killed = mutants::kills(
        &session,
        &made.kept,
        &session.cases,
        &session.limits(),
        cancel,
    )
    .map_err(stopped)?;
    let mut kills: Vec<KillRow> = session
        .matrix
        .rows
        .iter()
        .map(|row| KillRow {
            name: row.name.clone(),
            kind: format!(
                "submission in {}/",
                package.submissions[row.submission].category
            ),
            verdicts: row
                .runs
                .iter()
                .map(|r| {
                    r.as_ref()
                        .map_or("-".to_string(), |r| r.verdict.code().to_string())
                })
                .collect(),
        })
        .collect();
    for (mutant, kill) in made.kept.iter().zip(&killed) {
        let verdicts = (0..session.cases.len())
            .map(|t| match kill {
                Some((k, v)) if *k == t => v.code().to_string(),
                Some((k, _)) if *k < t => "-".to_string(),
                _ => "AC".to_string(),
            })
            .collect();
        kills.push(KillRow {
            name: mutant.label.clone(),
            kind: format!("mutant: {}", mutant.name),
            verdicts,
        });
    }
    let tests = package
        .data
        .tests
        .iter()
        .zip(&session.cases)
        .enumerate()
        .map(|(t, (test, case))| TestData {
            name: test.name.clone(),
            group: match test.sample {
                true => DataRoot::Sample,
                false => DataRoot::Secret,
            }
            .dir()
            .to_string(),
            about: test.settings.description.clone().unwrap_or_default(),
            family: None,
            provenance: Some(
                test.settings
                    .description
                    .as_ref()
                    .filter(|d| d.starts_with("found by jurybox"))
                    .cloned()
                    .unwrap_or_else(|| "hand-written (or generated outside jurybox)".into()),
            ),
            options: Vec::new(),
            seed: None,
            input: case.input.clone(),
            answer: case.answer.clone(),
            times: session
                .matrix
                .rows
                .iter()
                .filter(|r| package.submissions[r.submission].is_accepted())
                .filter_map(|r| {
                    r.runs[t].as_ref().map(|run| ProgramTime {
                        program: r.name.clone(),
                        seconds: run.cpu,
                        how: "process".into(),
                    })
                })
                .collect(),
        })
        .collect();
    let limit = &session.limit;
    let mut bounds: Vec<String> = limit
        .bounds
        .iter()
        .map(|b| {
            format!(
                "{}: slowest {} on {} ({}), margin {:.1}×",
                b.submission,
                b.interval().seconds(),
                b.test,
                b.how(limit.how),
                limit.seconds / b.upper.max(1e-9)
            )
        })
        .collect();
    for row in &session.matrix.rows {
        let sub = &package.submissions[row.submission];
        if let (true, Some((t, cpu))) = (sub.bounds_above(), row.slowest()) {
            bounds.push(format!(
                "{}: slowest {cpu:.2} s on {}: {}",
                row.name,
                session.matrix.tests[t],
                if let Some(stuck) = row.stalled_on() {
                    format!(
                        "separable (it stalled, idle past the wall clock, on {})",
                        session.matrix.tests[stuck]
                    )
                } else if cpu > limit.tle_seconds() {
                    format!("separable (over {:.2} s)", limit.tle_seconds())
                } else {
                    format!("NOT SEPARABLE (under {:.2} s)", limit.tle_seconds())
                }
            ));
        }
    }
    let n = killed.iter().filter(|k| k.is_some()).count();
    let margins = jurybox_jury::margins(package, &session.matrix, limit);
    let mut notes = vec![
        ("Time-limit bounds".to_string(), bounds),
        (
            "Mutation score".to_string(),
            vec![format!(
                "{n}/{} mutants killed ({} made, {} did not compile, {} failed a sample)",
                made.kept.len(),
                made.made,
                made.not_compiling,
                made.failing_samples
            )],
        ),
        (
            "Contradictions".to_string(),
            session
                .matrix
                .rows
                .iter()
                .filter(|r| !r.violations.is_empty())
                .map(|r| format!("{}: {}", r.name, r.violations.join("; ")))
                .collect(),
        ),
    ];
    let found: Vec<String> = package
        .data
        .tests
        .iter()
        .filter_map(|t| {
            let d = t.settings.description.as_ref()?;
            d.starts_with("found by jurybox")
                .then(|| format!("{}: {d}", t.name))
        })
        .collect();
    notes.push(("Added by hardening".to_string(), found));
    notes.push((
        "Not used".to_string(),
        package
            .issues
            .iter()
            .map(|i| i.to_string())
            .chain(session.built.failures().iter().map(|f| f.to_string()))
            .collect(),
    ));
    notes.retain(|(_, lines)| !lines.is_empty());
    let data = ReportData {
        problem: package.name.clone(),
        time_limit: Some(limit.explain()),
        margins: margin_rows(&margins),
        tests,
        kills,
        kills_note: None,
        notes,
    };
    let html = jurybox_judging::jobs::on_threads(jobs, || render_html(&data));
    crate::output::file(&args.out, html.as_bytes())?;
    outln!(
        "wrote {}: {} tests, {} submissions and mutants, mutation score {n}/{}, {} bytes",
        args.out.display(),
        data.tests.len(),
        data.kills.len(),
        made.kept.len(),
        html.len()
    );
    super::suite::print_margin_warnings(&margins);
    Ok(ExitCode::SUCCESS)
}
