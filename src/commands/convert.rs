//! `jurybox convert PACKAGE --to kattis|polygon|sinol OUT`: the format crate's
//! converters (`jurybox_format::polygon::{to_kattis, from_kattis}`,
//! `jurybox_format::convert::{sinol_to_kattis, to_sinol}`) given the tests'
//! bytes, read as `run` reads them: a Polygon package's generated tests built
//! and answered by its main solution first (`jurybox_jury::package::open`).
//! To sinol, each solution's status on the examples is measured first
//! (`jurybox_jury::sinol_examples`) unless `--no-run` says not to.
//! A Kattis package written is then read back and each test it links into a
//! second group validated with that group's flags
//! (`jurybox_jury::package::unlink_refused`): a link the validators refuse
//! there (a sample outside a subtask's bounds) is removed and said as a loss,
//! never left for verifyproblem to refuse.

use crate::interrupt;
use crate::output::Terminal;
use crate::stopped::{ended, opened};
use crate::UsageError;
use anyhow::Result;
use jurybox_format::convert::{sinol_to_kattis, to_sinol};
use jurybox_format::polygon::{from_kattis, to_kattis, KattisLayout, TestBytes};
use jurybox_judging::store::found_dir;
use jurybox_jury::package::{open, unlink_refused};
use jurybox_jury::sinol_examples::{to_sinol_measured, MeasuredError};
use jurybox_jury::Stop;
use std::path::Path;
use std::process::ExitCode;

pub fn run(
    dir: &Path,
    to: &str,
    out: &Path,
    (legacy, no_run): (bool, bool),
    jobs: usize,
) -> Result<ExitCode> {
    if legacy && to != "kattis" {
        return Err(UsageError("--legacy is a Kattis layout: give --to kattis".into()).into());
    }
    if no_run && to != "sinol" {
        return Err(UsageError(
            "--no-run: only a conversion to sinol runs programs: give --to sinol".into(),
        )
        .into());
    }
    let (package, cases) = open(dir, jobs, interrupt::flag(), &Terminal).map_err(opened)?;
    let from = match (&package.polygon, &package.sinol) {
        (Some(_), _) => "polygon",
        (None, Some(_)) => "sinol",
        (None, None) => "kattis",
    };
    if from == to {
        return Err(UsageError(format!("{}: already a {to} package", dir.display())).into());
    }
    let tests: Vec<TestBytes> = cases
        .into_iter()
        .map(|c| TestBytes {
            input: c.input,
            answer: c.answer,
        })
        .collect();
    let layout = match legacy {
        true => KattisLayout::Legacy,
        false => KattisLayout::V2025,
    };
    let issues = match (from, to) {
        ("polygon", "kattis") => to_kattis(&package, &tests, out, layout)?,
        ("sinol", "kattis") => sinol_to_kattis(&package, &tests, out, layout)?,
        ("kattis", "polygon") => from_kattis(&package, &tests, out)?,
        ("kattis", "sinol") if no_run => to_sinol(&package, &tests, out)?,
        ("kattis", "sinol") => {
            let converted = to_sinol_measured(&package, &tests, out, jobs, interrupt::flag())
                .map_err(|e| match e {
                    MeasuredError::Interrupted => ended(Stop::Interrupted, out),
                    MeasuredError::Convert(e) => e.into(),
                })?;
            for (file, status) in &converted.examples_measured {
                outln!(
                    "prog/{file}: group 0 (the examples) measured by jurybox: {}",
                    status.word()
                );
            }
            if let Some(how) = &converted.measured_by {
                outln!("  measured as `sinol-make run` runs it: {how}");
            }
            converted.issues
        }
        _ => {
            return Err(UsageError(format!(
                "{}: a {from} package converts to kattis, not to {to} (convert it to kattis first)",
                dir.display()
            ))
            .into())
        }
    };
    for issue in &issues {
        errln!("note: {issue}");
    }
    if to == "kattis" {
        let unlinked = unlink_refused(out, jobs, interrupt::flag())
            .map_err(|stop| ended(stop, &found_dir(&package.name)))?;
        if let Some(note) = &unlinked.note {
            errln!("note: the tests linked into a second group are not validated there: {note}");
        }
        for refused in &unlinked.removed {
            errln!(
                "note: not converted: {}; the link is removed, so group {} no longer requires that test (a submission that fails only it earns the group in the converted package)",
                refused.describe(unlinked.key),
                refused.group
            );
        }
    }
    outln!(
        "{}: {} tests and {} submissions written as a {}{to} package in {}",
        package.name,
        tests.len(),
        package.submissions.len(),
        if legacy { "legacy " } else { "" },
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
