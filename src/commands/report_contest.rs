//! `jurybox report CONTEST --out DIR`: each problem's page, as `report
//! PACKAGE` writes it (`DIR/ID.html`), and one page linking them
//! (`DIR/index.html`), in the contest's order. A problem whose page cannot be
//! made (it cannot be read, a jury fault) is named on the index with why,
//! and the others go on; Ctrl-C ends it all.

use crate::cli::ReportArgs;
use crate::exit::JURY_FAULT as EXIT_JURY_FAULT;
use crate::stopped::Ended;
use anyhow::Result;
use jurybox_format::contest::Contest;
use jurybox_report::svg::escape;
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: &ReportArgs) -> Result<ExitCode> {
    let contest = Contest::read(&args.suite)?;
    std::fs::create_dir_all(&args.out)?;
    let mut items = Vec::new();
    let mut errors = 0;
    for problem in &contest.problems {
        let page = format!("{}.html", problem.id);
        let one = ReportArgs {
            suite: problem.dir.clone(),
            out: args.out.join(&page),
            kills: args.kills,
            jobs: args.jobs,
            mutants: args.mutants,
        };
        outln!("== {} {}", problem.label, problem.id);
        let name = escape(problem.name.as_deref().unwrap_or(&problem.id));
        let made = match &problem.package {
            Err(e) => Err(e.to_string()),
            Ok(_) => match super::report_package::run(&one) {
                Ok(_) => Ok(()),
                Err(e) => match e.downcast::<Ended>() {
                    Ok(ended) if ended.code != EXIT_JURY_FAULT => return Err(ended.into()),
                    Ok(ended) => Err(ended.message),
                    Err(other) => Err(format!("{other:#}")),
                },
            },
        };
        match made {
            Ok(()) => items.push(format!(
                "<li>{} <a href=\"{}\">{name}</a></li>",
                escape(&problem.label),
                escape(&page)
            )),
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
    let index = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title></head>\n<body><h1>{title}</h1>\n<ol style=\"list-style:none\">\n{}\n</ol></body></html>\n",
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
