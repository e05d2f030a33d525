//! `jurybox audit PACKAGE`: the jury's own programs judged
//! (`jurybox_audit`); this file parses the flags into its config, opens and
//! builds the package, prints the report, saves and keeps what was found.

use crate::cli::AuditArgs;
use crate::contest_view::{each, is_contest};
use crate::exit;
use crate::interrupt;
use crate::output::Terminal;
use crate::package_view::print_built;
use crate::stopped::{ended, opened};
use crate::UsageError;
use anyhow::{anyhow, Result};
use jurybox_audit::{Config, FindingCategory};
use jurybox_judging::store::found_dir;
use jurybox_jury::contest::{by_directory, ContestCommand, ProblemLine};
use jurybox_jury::package::open;
use jurybox_jury::{build_package_as, choose_judge, Jury};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::ExitCode;

/// `audit PACKAGE` or `audit CONTEST`.
pub fn run(args: AuditArgs) -> Result<ExitCode> {
    let mut only = BTreeSet::new();
    for word in &args.only {
        only.insert(FindingCategory::from_word(word).ok_or_else(|| {
            UsageError(format!(
                "--only {word}: not a part of the audit (statement, reach, invalid-input, disagreement, output, generators)"
            ))
        })?);
    }
    if is_contest(&args.package) {
        let how = ContestCommand {
            command: "audit",
            options: format!(
                "seed {}, only {:?}, write {}",
                args.seed, args.only, args.write
            ),
            shard: None,
        };
        return each(&args.package, &how, None, |dir, line| {
            audit(dir, &args, &only, line)
        });
    }
    let mut line = ProblemLine::new("", "");
    Ok(exit::code(audit(&args.package, &args, &only, &mut line)?))
}

/// Audits the package in `dir`: its exit status.
fn audit(
    dir: &Path,
    args: &AuditArgs,
    only: &BTreeSet<FindingCategory>,
    line: &mut ProblemLine,
) -> Result<u8> {
    let jobs = super::jobs(args.jobs);
    let cancel = interrupt::flag();
    let (package, cases) = open(dir, jobs, cancel, &Terminal).map_err(opened)?;
    let save_dir = args
        .save
        .clone()
        .unwrap_or_else(|| found_dir(&package.name));
    let built = build_package_as(
        &package,
        choose_judge(&package, args.judge.judge),
        jobs,
        cancel,
    );
    print_built(&package, &built);
    let jury = Jury {
        package: &package,
        built: &built,
        cancel,
        turn: Default::default(),
    };
    let replay_words = format!(
        "jurybox audit {}",
        jurybox_sandbox::shell_quote(&dir.display().to_string())
    );
    if let Some(file) = &args.replay {
        let replayed = jurybox_audit::replay::replay(jury, file)
            .map_err(|e| anyhow!("{}: {e}", file.display()))?;
        for line in &replayed.lines {
            outln!("{line}");
        }
        outln!(
            "{}",
            if replayed.holds {
                "the finding holds"
            } else {
                "the finding no longer holds"
            }
        );
        return Ok(exit::found_if(replayed.holds));
    }
    let config = Config {
        seed: args.seed,
        jobs,
        only: only.clone(),
        shrink_seconds: args.shrink_seconds,
        time_limit: package.config.time_limit.as_ref().map_or(2.0, |(s, _)| *s),
        gen: args.gen.clone(),
    };
    let report = jurybox_audit::audit(&package, &cases, &built, &config, cancel)
        .map_err(|stop| ended(stop, &save_dir))?;
    line.submissions = by_directory(&package);
    line.findings = Some(report.findings.len());
    let shown = (save_dir.as_path(), replay_words.as_str());
    jurybox_audit::tell::tell_report(&package, &report, shown, args.write, &Terminal)?;
    Ok(exit::found_if(!report.findings.is_empty()))
}
