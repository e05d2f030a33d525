//! `jurybox convert PACKAGE --to kattis|polygon OUT`: the format crate's
//! converters (`jurybox_format::polygon::{to_kattis, from_kattis}`) given the
//! tests' bytes, read as `run` reads them: a Polygon package's generated tests
//! built and answered by its main solution first (`jurybox_jury::package::open`).

use crate::interrupt;
use crate::output::Terminal;
use crate::stopped::opened;
use crate::UsageError;
use anyhow::Result;
use jurybox_format::polygon::{from_kattis, to_kattis, KattisLayout, TestBytes};
use jurybox_jury::package::open;
use std::path::Path;
use std::process::ExitCode;

pub fn run(dir: &Path, to: &str, out: &Path, legacy: bool, jobs: usize) -> Result<ExitCode> {
    if legacy && to != "kattis" {
        return Err(UsageError("--legacy is a Kattis layout: give --to kattis".into()).into());
    }
    let (package, cases) = open(dir, jobs, interrupt::flag(), &Terminal).map_err(opened)?;
    let from = if package.polygon.is_some() {
        "polygon"
    } else {
        "kattis"
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
    let issues = match to {
        "kattis" => {
            let layout = if legacy {
                KattisLayout::Legacy
            } else {
                KattisLayout::V2025
            };
            to_kattis(&package, &tests, out, layout)?
        }
        _ => from_kattis(&package, &tests, out)?,
    };
    for issue in &issues {
        errln!("note: {issue}");
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
