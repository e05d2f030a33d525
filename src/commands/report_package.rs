//! `jurybox report PACKAGE`: any package as one page. Its submissions and the
//! mutants of its accepted ones are run on its data (the kill matrix), the time
//! limit's derivation is given with each bound, and each test with its size,
//! where it comes from (its description, a generators.yaml rule, or hand-written)
//! and a preview of its text; a scored problem's groups with their points and
//! each submission's score per group and in all; then the mutation score,
//! what hardening added, and what in the package could not be used. `report CONTEST --out DIR` writes
//! each problem's page (`DIR/ID.html`) and one page linking them
//! (`DIR/index.html`), in the contest's order; a problem whose page cannot be
//! made (it cannot be read, a jury fault) is named on the index with why, and
//! the others go on; Ctrl-C ends it all.

use crate::cli::ReportArgs;
use crate::contest_view::{points_of, sum_of_points};
use crate::exit::JURY_FAULT as EXIT_JURY_FAULT;
use crate::interrupt;
use crate::output::Terminal;
use crate::package_view::{margin_rows, print_margin_warnings};
use crate::stopped::{ended, hardened, Ended};
use anyhow::Result;
use jurybox_core::Verdict;
use jurybox_format::contest::Contest;
use jurybox_format::layout::DataRoot;
use jurybox_harden::drive::open_session;
use jurybox_harden::mutants;
use jurybox_harden::session::Session;
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::Points;
use jurybox_jury::package::{separable, Separable};
use jurybox_report::svg::escape;
use jurybox_report::{render_html, KillRow, ProgramTime, ReportData, TestData};
use std::path::Path;
use std::process::ExitCode;

/// `report PACKAGE --out FILE`: the package's page.
pub fn run(args: &ReportArgs) -> Result<ExitCode> {
    page(args)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the package's page; a scored problem's points (its best
/// submission's of its total), for a contest's index.
fn page(args: &ReportArgs) -> Result<Option<Points>> {
    let jobs = super::jobs(args.jobs);
    let cancel = interrupt::flag();
    let session =
        open_session(&args.suite, None, None, jobs, None, cancel, &Terminal).map_err(hardened)?;
    let save = found_dir(&session.package.name);
    let stopped = |stop| ended(stop, &save);
    let package = &session.package;
    let made = if args.mutants > 0 {
        mutants::make(&session, args.mutants, 1, cancel).map_err(stopped)?
    } else {
        Default::default()
    };
    let killed = mutants::kills(
        &session,
        &made.kept,
        &mutants::package_tests(&session),
        &session.limits(),
        cancel,
    )
    .map_err(stopped)?;
    let kills = kill_rows(&session, &made, &killed);
    let tests = test_rows(&session);
    let limit = &session.limit;
    let bounds = bound_lines(&session);
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
    let scored = jurybox_jury::score_matrix(package, &session.matrix, limit.seconds);
    let scores = crate::run_scores::score_table(package, &session.matrix, &scored);
    notes.extend(package_notes(&session));
    notes.retain(|(_, lines)| !lines.is_empty());
    let data = ReportData {
        problem: package.name.clone(),
        time_limit: Some(limit.explain()),
        margins: margin_rows(&margins),
        tests,
        kills,
        kills_note: None,
        scores,
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
    print_margin_warnings(&margins);
    Ok(jurybox_jury::points(package, &scored))
}

/// A row per submission (its verdicts on each test) and per mutant (AC up to
/// the test that kills it, its verdict there, `-` after).
fn kill_rows(
    session: &Session,
    made: &mutants::Mutants,
    killed: &[Option<(usize, Verdict)>],
) -> Vec<KillRow> {
    let package = &session.package;
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
                .map(|r| r.as_ref().map(|r| r.verdict))
                .collect(),
        })
        .collect();
    for (mutant, kill) in made.kept.iter().zip(killed) {
        let verdicts = (0..session.cases.len())
            .map(|t| match kill {
                Some((k, v)) if *k == t => Some(*v),
                Some((k, _)) if *k < t => None,
                _ => Some(Verdict::AC),
            })
            .collect();
        kills.push(KillRow {
            name: mutant.label.clone(),
            kind: format!("mutant: {}", mutant.name),
            verdicts,
        });
    }
    kills
}

/// Each test with where it came from, its bytes and the accepted
/// submissions' times on it.
fn test_rows(session: &Session) -> Vec<TestData> {
    let package = &session.package;
    package
        .data
        .tests
        .iter()
        .zip(&session.cases)
        .enumerate()
        .map(|(t, (test, case))| TestData {
            name: test.name.clone(),
            group: group_of_test(package, t, test.sample),
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
        .collect()
}

/// The group a test's row names: `sample`, else its scoring group's name
/// (`secret/1-small`) on a scored problem, else `secret`.
fn group_of_test(package: &jurybox_format::Package, t: usize, sample: bool) -> String {
    let scoring_group = package
        .scoring
        .as_ref()
        .and_then(|s| s.group_of(t))
        .filter(|_| !sample);
    match (scoring_group, sample) {
        (Some(group), _) => group.name.clone(),
        (None, true) => DataRoot::Sample.dir().to_string(),
        (None, false) => DataRoot::Secret.dir().to_string(),
    }
}

/// How the limit was found (each bound and its margin) and the separable
/// rule's word on each submission that must time out.
fn bound_lines(session: &Session) -> Vec<String> {
    let (package, limit) = (&session.package, &session.limit);
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
        let Some(rule) = separable(package, row, limit) else {
            continue;
        };
        let (t, cpu) = row.slowest().expect("a separable row ran");
        let tests = &session.matrix.tests;
        let word = match rule {
            Separable::Stalled { test } => format!(
                "separable (it stalled, idle past the wall clock, on {})",
                tests[test]
            ),
            Separable::Over { .. } => format!("separable (over {:.2} s)", limit.tle_seconds()),
            Separable::Under { .. } => {
                format!("NOT SEPARABLE (under {:.2} s)", limit.tle_seconds())
            }
        };
        bounds.push(format!(
            "{}: slowest {cpu:.2} s on {}: {word}",
            row.name, tests[t]
        ));
    }
    bounds
}

/// The tests hardening added, and what in the package could not be used.
fn package_notes(session: &Session) -> [(String, Vec<String>); 2] {
    let package = &session.package;
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
    [
        ("Added by hardening".to_string(), found),
        (
            "Not used".to_string(),
            package
                .issues
                .iter()
                .map(|i| i.to_string())
                .chain(session.built.failures().iter().map(|f| f.to_string()))
                .collect(),
        ),
    ]
}

/// `report CONTEST --out DIR`: each problem's page and an index linking them.
pub fn run_contest(args: &ReportArgs) -> Result<ExitCode> {
    let contest = Contest::read(&args.suite)?;
    std::fs::create_dir_all(&args.out)?;
    let mut items = Vec::new();
    let mut points = Vec::new();
    let mut errors = 0;
    for problem in &contest.problems {
        let file = format!("{}.html", problem.id);
        let one = ReportArgs {
            suite: problem.dir.clone(),
            out: args.out.join(&file),
            kills: args.kills,
            jobs: args.jobs,
            mutants: args.mutants,
        };
        outln!("== {} {}", problem.label, problem.id);
        let name = escape(problem.name.as_deref().unwrap_or(&problem.id));
        let made = match &problem.package {
            Err(e) => Err(e.to_string()),
            Ok(_) => match page(&one) {
                Ok(p) => Ok(p),
                Err(e) => match e.downcast::<Ended>() {
                    Ok(ended) if ended.code != EXIT_JURY_FAULT => return Err(ended.into()),
                    Ok(ended) => Err(ended.message),
                    Err(other) => Err(format!("{other:#}")),
                },
            },
        };
        match made {
            Ok(scored) => {
                let earned = scored.map_or(String::new(), |p| format!(": {} points", points_of(p)));
                points.extend(scored);
                items.push(format!(
                    "<li>{} <a href=\"{}\">{name}</a>{earned}</li>",
                    escape(&problem.label),
                    escape(&file)
                ))
            }
            Err(why) => {
                outln!("ERROR: {why}");
                errors += 1;
                items.push(format!(
                    "<li>{} {name}: no page: {}</li>",
                    escape(&problem.label),
                    escape(&why)
                ));
            }
        }
    }
    let title = escape(
        contest
            .name
            .as_deref()
            .unwrap_or(&args.suite.display().to_string()),
    );
    let sum = sum_of_points(&points).map_or(String::new(), |s| format!("<p>{s}</p>\n"));
    let index = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title></head>\n<body><h1>{title}</h1>\n<ol style=\"list-style:none\">\n{}\n</ol>\n{sum}</body></html>\n",
        items.join("\n")
    );
    let path = args.out.join("index.html");
    crate::output::file(&path, index.as_bytes())?;
    outln!(
        "wrote {} ({} problems, {errors} without a page)",
        path.display(),
        contest.problems.len()
    );
    Ok(match errors {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::from(EXIT_JURY_FAULT),
    })
}

/// Whether `path` is a contest `report` takes (not a package, not a suite).
pub fn is_contest(path: &Path) -> bool {
    Contest::is_contest(path) && !path.join("suite.toml").exists()
}
