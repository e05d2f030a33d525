//! A built-in problem's judge suite, as the binary gives it to the packager's
//! pipeline (`jurybox_packager::pipeline`): the plan, the C++ programs and
//! the samples it embeds, built and judged with what reading it noted said;
//! and the kill table of its mutants as `suite`, `mutants` and `package`
//! print it.

use crate::embedded::{JUDGE, JUDGE_COMMON, PLANS};
use crate::interrupt;
use crate::package_view::print_margin_warnings;
use crate::stopped::suite_ended;
use anyhow::{anyhow, Context, Result};
use jurybox_core::{Flaw, Verdict};
use jurybox_judging::store::found_dir;
use jurybox_jury::{LimitSide, Margin, TimeLimit};
use jurybox_packager::cpp::{judge_programs, CppProgram};
use jurybox_packager::edits::StoredFile;
use jurybox_packager::kills::{Fate, MutantRow};
use jurybox_packager::package::describe_limit;
use jurybox_packager::pipeline::{self, ProblemSources, Staged};
use jurybox_packager::plan::SuitePlan;
use jurybox_packager::BuiltSuite;
use jurybox_stress::Harness;
use std::path::Path;

/// The plan of problem `name`, as built into this binary from `suites/NAME.toml`.
pub fn plan_of(name: &str) -> Result<SuitePlan> {
    let (_, text) = PLANS.iter().find(|(p, _)| *p == name).ok_or_else(|| {
        anyhow!("{name} has no suite plan yet: write suites/{name}.toml (see docs/SUITES.md) and rebuild")
    })?;
    SuitePlan::parse(text).with_context(|| format!("suites/{name}.toml"))
}

/// The C++ programs of problem `name`'s package, as built into this binary from
/// `packager/judge/NAME/` (named edits applied) and `packager/judge/common/`.
pub fn judge_sources(name: &str) -> Result<Vec<CppProgram>> {
    let files: Vec<StoredFile> = JUDGE
        .iter()
        .filter(|(p, ..)| *p == name)
        .map(|(_, path, text)| StoredFile { path, text })
        .collect();
    let common: Vec<StoredFile> = JUDGE_COMMON
        .iter()
        .map(|(path, text)| StoredFile { path, text })
        .collect();
    judge_programs(&files, &common).with_context(|| format!("packager/judge/{name}/"))
}

/// What problem `P`'s suite is made from, as built into this binary.
fn sources_of<P: Harness>() -> Result<ProblemSources> {
    Ok(ProblemSources {
        plan: plan_of(P::NAME)?,
        programs: judge_sources(P::NAME)?,
        samples: crate::embedded::samples_of(P::NAME),
    })
}

/// Builds problem `P`'s plan into tests, answers cross-checked
/// (`jurybox_packager::pipeline::build_suite`), and says how long it took.
pub fn build_suite<P: Harness>(jobs: usize) -> Result<BuiltSuite> {
    let sources = sources_of::<P>()?;
    let started = std::time::Instant::now();
    let suite = pipeline::build_suite::<P>(&sources, jobs, interrupt::flag())
        .map_err(|e| suite_ended(e, &found_dir(P::NAME)))?;
    errln!(
        "built {} tests of {} in {:.1}s (answers cross-checked by every engine that can run them)",
        suite.tests.len(),
        P::NAME,
        started.elapsed().as_secs_f64()
    );
    Ok(suite)
}

/// `suite`'s package staged and judged by the jury
/// (`jurybox_packager::pipeline::judge_suite`), what reading it noted said.
pub fn judge_suite<P: Harness>(
    suite: &BuiltSuite,
    with_mutants: bool,
    beside: Option<&Path>,
    jobs: usize,
) -> Result<Staged> {
    let sources = sources_of::<P>()?;
    let staged = pipeline::judge_suite::<P>(
        suite,
        &sources,
        with_mutants,
        beside,
        jobs,
        interrupt::flag(),
    )
    .map_err(|e| suite_ended(e, &found_dir(P::NAME)))?;
    for note in &staged.judged.notes {
        errln!("note: {note}");
    }
    Ok(staged)
}

/// Prints each intended solution's slowest test and margin, the kill table,
/// and a warning for each margin within noise of its line; true when every
/// wrong-answer mutant is killed, every slow one killed only by time or
/// reported as not separable, and none is a jurybox engine without a C++
/// program to ship (`shippable`: only `jurybox package` asks).
pub fn print_kill_table(
    rows: &[MutantRow],
    tests: usize,
    limit: &TimeLimit,
    margins: &[Margin],
    unshippable: &[String],
) -> bool {
    let intended: Vec<&Margin> = margins
        .iter()
        .filter(|m| m.side == LimitSide::Accepted)
        .collect();
    let width = rows
        .iter()
        .map(|r| r.mutant.len())
        .chain(intended.iter().map(|m| m.submission.len()))
        .max()
        .unwrap_or(0)
        .max(6);
    outln!(
        "{:<width$} {:>7}  {:<14} margin",
        "intended",
        "time",
        "slowest test"
    );
    for m in &intended {
        outln!(
            "{:<width$} {:>6.3}s  {:<14} {:.2}x",
            m.submission,
            m.seconds,
            m.test,
            m.ratio()
        );
    }
    let flaw = |row: &MutantRow| match row.flaw {
        Flaw::WrongAnswer => Verdict::WA.code(),
        Flaw::TooSlow => "slow",
    };
    outln!(
        "{:<width$} {:<5} {:<5} {:<12} {:>7}  killed by",
        "mutant",
        "flaw",
        "first",
        "test",
        "time"
    );
    let mut ok = true;
    for row in rows {
        let kills: Vec<&str> = row.kills().map(|r| r.test.as_str()).collect();
        match row.fate() {
            Fate::Killed(first) => {
                let code = first.judges.code();
                let counts: Vec<String> = row
                    .verdict_counts()
                    .iter()
                    .map(|(code, n)| format!("{code} {n}"))
                    .collect();
                // A mutant stops once its place is settled: say how many tests ran.
                let ran = match row.runs.len() {
                    n if n == tests => String::new(),
                    n => format!(" of {n} run"),
                };
                outln!(
                    "{:<width$} {:<5} {:<5} {:<12} {:>6.2}s  {}/{tests}{ran} ({}): {}",
                    row.mutant,
                    flaw(row),
                    code,
                    first.test,
                    first.cpu_seconds,
                    kills.len(),
                    counts.join(", "),
                    kills.join(" ")
                );
            }
            Fate::NotSeparable(slowest) => outln!(
                "{:<width$} {:<5} {:<5} {:<12} {:>6.2}s  0/{tests}: NOT SEPARABLE at official \
                 sizes: its slowest run stays under {:.2}s ({} x the limit) while the intended \
                 solutions need up to {:.3}s",
                row.mutant,
                flaw(row),
                "-",
                slowest.test,
                slowest.cpu_seconds,
                limit.tle_seconds(),
                limit.time_limit_to_tle,
                limit.yardstick.as_ref().map_or(0.0, |s| s.seconds),
            ),
            Fate::Survives => {
                ok = false;
                let slowest = row.slowest().map_or(0.0, |r| r.cpu_seconds);
                outln!(
                    "{:<width$} {:<5} {:<5} {:<12} {:>6.2}s  0/{tests}: SURVIVES ({})",
                    row.mutant,
                    flaw(row),
                    "-",
                    "-",
                    slowest,
                    row.about
                );
                errln!("suite too weak: {} survives", row.mutant);
            }
        }
    }
    outln!(
        "(time: CPU seconds of the first kill; {})",
        describe_limit(limit)
    );
    for row in rows {
        if let Some(run) = row.contradiction() {
            ok = false;
            let why = run.why();
            errln!(
                "{} is declared {} but {} gives {why}: the program has a real bug",
                row.mutant,
                row.flaw,
                run.test
            );
        }
    }
    print_margin_warnings(margins);
    for name in unshippable {
        ok = false;
        errln!(
            "mutant {name} has no C++ program (packager/judge/PROBLEM/mutants/): \
             a package cannot ship jurybox's engine"
        );
    }
    ok
}
