//! The input validators judged (issue 44, items 1 and 3): inputs the grammar
//! or the statement says are invalid, each given to every validator. One
//! that some validator accepts is a finding; validators that disagree on an
//! input are a finding too. Each finding is shrunk with the same reason
//! held (the grammar refuses it at the same item for the same reason, or a
//! value stays past the statement's bound, and the same validators accept)
//! and confirmed by running the validators once more.

pub mod candidates;
pub mod text;
pub mod truth;

use crate::finding::{Finding, FindingCategory, Keep, Report, Warning};
use crate::package_grammar::GrammarSource;
use crate::validators::Says;
use crate::Context;
use candidates::{InvalidCandidate, Made};
use jurybox_grammar::read::read;
use jurybox_grammar::Grammar;
use jurybox_jury::Stop;
use rayon::prelude::*;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// Most grammar candidates valid for the grammar given to every validator
/// to find a disagreement.
const VALID_CANDIDATES: usize = 60;

/// Audits the input validators of `ctx` into `report`.
pub fn audit_inputs(ctx: &Context, report: &mut Report) -> Result<(), Stop> {
    if ctx.validators.is_empty() {
        report
            .notes
            .push("no input validator: the audit of inputs is skipped".into());
        return Ok(());
    }
    let Some(grammar) = ctx.grammar else {
        report.notes.push(
            "no input grammar: no invalid input can be made, the audit of inputs is skipped".into(),
        );
        return Ok(());
    };
    let g = &grammar.grammar;
    let seed = ctx.config.seed;
    let mut tries: Vec<(FindingCategory, InvalidCandidate)> = Vec::new();
    if ctx.wants(FindingCategory::Statement) {
        let mut unmatched = Vec::new();
        for stated in &ctx.statement.bounds {
            let made = candidates::statement_bounds(g, stated, seed);
            if candidates::items_named(g, &stated.var).is_empty() {
                unmatched.push(stated.written.clone());
            }
            tries.extend(made.into_iter().map(|c| (FindingCategory::Statement, c)));
        }
        unmatched.dedup();
        if !unmatched.is_empty() {
            report.notes.push(format!(
                "the statement bounds {}: no value the grammar reads has that name, so they are not compared",
                unmatched.join(", ")
            ));
        }
    }
    if ctx.wants(FindingCategory::InvalidInput) {
        let mut made = candidates::bounds_exceeded(g, seed);
        let tests: Vec<&[u8]> = ctx.cases.iter().map(|c| c.input.as_slice()).collect();
        let borne_out = candidates::counts_borne_out(g, &tests);
        made.extend(candidates::counts_off(g, seed, &borne_out));
        match valid_base(ctx, g)? {
            Some(base) => {
                let reading = read(g, &base).expect("the base is read");
                made.extend(candidates::tokens(g, &base, &reading));
                made.extend(candidates::text(g, &base));
            }
            None => report.notes.push("no valid input both the grammar reads and every validator accepts: no token or text mutation is made".into()),
        }
        tries.extend(
            made.into_iter()
                .filter(|c| c.truth.known())
                .map(|c| (FindingCategory::InvalidInput, c)),
        );
    }
    if ctx.wants(FindingCategory::Disagreement) && ctx.validators.tools.len() > 1 {
        let valid = crate::transform::made(g, seed, VALID_CANDIDATES);
        let boundary = valid.into_iter().map(|input| InvalidCandidate {
            what: "an input the grammar makes".into(),
            label: "valid".into(),
            truth: truth::Truth::Unknown,
            made: Made::Direct(input),
            generic: false,
        });
        tries.extend(boundary.map(|c| (FindingCategory::Disagreement, c)));
    }
    let judged = judge_all(ctx, &tries)?;
    for category in [
        FindingCategory::Statement,
        FindingCategory::InvalidInput,
        FindingCategory::Disagreement,
    ] {
        let count = tries.iter().filter(|(c, _)| *c == category).count();
        let what = match category {
            FindingCategory::Statement => "inputs past the statement's bounds",
            FindingCategory::InvalidInput => "invalid inputs (bounds, counts, tokens, bytes)",
            _ => "inputs given to every validator",
        };
        if ctx.wants(category) {
            report.tried(category, count, what);
        }
    }
    let guess = grammar.source == GrammarSource::Layout;
    let mut guessed = Vec::new();
    let mut kept = HashSet::new();
    for ((category, candidate), says) in tries.iter().zip(judged) {
        let Some((category, program, what)) = verdict(ctx, *category, candidate, &says) else {
            continue;
        };
        if !kept.insert((category, candidate.label.clone(), program.clone())) {
            continue;
        }
        // A layout read from the tests is a guess at the input's format: an
        // input only it calls invalid may be valid by the statement.
        if guess && !candidate.generic && category != FindingCategory::Disagreement {
            guessed.push(candidate.what.clone());
            continue;
        }
        let (input, shrunk) = shrink(ctx, g, candidate, &says);
        // Run again, not read from memory, and twice (issue 44: nothing is
        // written unless the finding was confirmed twice): the shrunk input
        // must still be invalid for its reason and get the verdicts the
        // candidate got, on each of two more runs.
        let confirmed = candidate.truth.holds(g, &input)
            && ctx.validators.says_again(&input)? == says
            && ctx.validators.says_again(&input)? == says;
        report.findings.push(Finding {
            category,
            program,
            what,
            input,
            output: None,
            answer: None,
            test: None,
            shrunk,
            keep: if candidate.truth.known() {
                Keep::InvalidInput
            } else {
                Keep::Nothing
            },
            confirmed,
        });
    }
    if !guessed.is_empty() {
        report.warnings.push(Warning {
            what: format!(
                "the validators accept {} inputs that only the tests' layout calls invalid (a guess, not a finding: check them against the statement): {}",
                guessed.len(),
                guessed.join("; ")
            ),
            offer: None,
        });
    }
    Ok(())
}

/// What every validator says of every candidate, `jobs` at a time.
fn judge_all(
    ctx: &Context,
    tries: &[(FindingCategory, InvalidCandidate)],
) -> Result<Vec<Vec<Says>>, Stop> {
    jurybox_judging::jobs::on_threads(ctx.config.jobs, || {
        tries
            .par_iter()
            .map(|(_, c)| ctx.validators.says(&c.made.bytes()))
            .collect()
    })
}

/// The finding a candidate's verdicts make, if any: its category, the
/// validators found wrong, and what they did. An invalid input is refused
/// by the package when one validator refuses it (as `bt validate` counts
/// an invalid input): every validator accepting it is the finding; some
/// accepting and some refusing it is a disagreement.
fn verdict(
    ctx: &Context,
    category: FindingCategory,
    candidate: &InvalidCandidate,
    says: &[Says],
) -> Option<(FindingCategory, String, String)> {
    let names = ctx.validators.names();
    let which = |want: &dyn Fn(&Says) -> bool| -> Vec<&str> {
        names
            .iter()
            .zip(says)
            .filter(|(_, s)| want(s))
            .map(|(n, _)| *n)
            .collect()
    };
    let failing = which(&|s| matches!(s, Says::Fails(_)));
    if let Some(why) = says.iter().find_map(|s| match s {
        Says::Fails(why) => Some(why.clone()),
        _ => None,
    }) {
        return Some((
            category,
            failing.join(", "),
            format!("fails on {}: {why}", candidate.what),
        ));
    }
    let accepting = which(&|s| *s == Says::Accepts);
    let refusing = which(&|s| *s == Says::Refuses);
    if accepting.is_empty() {
        return None;
    }
    if refusing.is_empty() {
        return candidate.truth.known().then(|| {
            (
                category,
                accepting.join(", "),
                format!("accepts {}", candidate.what),
            )
        });
    }
    Some((
        FindingCategory::Disagreement,
        format!("{} against {}", accepting.join(", "), refusing.join(", ")),
        format!(
            "{} accepts and {} refuses {}",
            accepting.join(", "),
            refusing.join(", "),
            candidate.what
        ),
    ))
}

/// The candidate shrunk with its reason and its validators' verdicts held,
/// and how, within the shrink budget.
fn shrink(
    ctx: &Context,
    g: &Grammar,
    candidate: &InvalidCandidate,
    says: &[Says],
) -> (Vec<u8>, Option<String>) {
    let deadline = Instant::now() + Duration::from_secs_f64(ctx.config.shrink_seconds);
    let same = |input: &[u8]| {
        candidate.truth.holds(g, input) && ctx.validators.says(input).is_ok_and(|s| s == says)
    };
    match &candidate.made {
        Made::Direct(input) => {
            let (out, stats) =
                jurybox_search::shrink::shrink(input, &same, deadline, ctx.config.jobs);
            let changed = out != *input;
            (out, changed.then(|| stats.to_string()))
        }
        Made::OfBase { base, mutation } => {
            let under =
                |b: &[u8]| read(g, b).is_ok() && mutation.apply(b).is_some_and(|m| same(&m));
            let (out, stats) =
                jurybox_search::shrink::shrink(base, &under, deadline, ctx.config.jobs);
            let input = mutation
                .apply(&out)
                .unwrap_or_else(|| candidate.made.bytes());
            (
                input,
                (out != *base).then(|| format!("the valid input under it: {stats}")),
            )
        }
    }
}

/// The smallest test both the grammar reads and every validator accepts, or
/// else the grammar's first such input.
fn valid_base(ctx: &Context, g: &Grammar) -> Result<Option<Vec<u8>>, Stop> {
    let mut inputs: Vec<Vec<u8>> = ctx.cases.iter().map(|c| c.input.clone()).collect();
    inputs.sort_by_key(Vec::len);
    inputs.extend(crate::transform::made(g, ctx.config.seed, 10));
    for input in inputs {
        if read(g, &input).is_ok() && ctx.validators.all_accept(&input)? {
            return Ok(Some(input));
        }
    }
    Ok(None)
}
