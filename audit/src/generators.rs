//! Generators judged (issue 44, item 5): each `generate:` rule of
//! generators.yaml (and `--gen`, and each line of a Polygon package's
//! script) run twice with the seed BAPCtools gives it
//! must write the same bytes; what it writes every validator must accept;
//! and it must not cost more than a tenth of a test's generation budget
//! ([`BUDGET_SECONDS`], the CPU time jurybox gives a rule, as BAPCtools
//! gives its generators a timeout of their own). Different bytes are a
//! finding even when the rule takes no `{seed}`: a generator seeded from
//! the clock is the usual cause.

use crate::finding::{Finding, FindingCategory, Keep, Report};
use crate::run_generator::run_generator;
use crate::validators::Validators;
use crate::Context;
use jurybox_format::generators::bapctools_seed;
use jurybox_format::polygon::GeneratorCall;
use jurybox_jury::polygon::generate_again;
use jurybox_jury::Stop;
use jurybox_sandbox::{shell_quote, RunLimits};
use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The CPU seconds a rule may take to make one test.
pub const BUDGET_SECONDS: f64 = 60.0;

/// One rule to run: where it is, its command, and the settings its test's
/// validators get (a group's `input_validator_args`).
struct RuleRun {
    name: String,
    command: String,
    shown: String,
    settings: jurybox_format::Settings,
}

/// Audits the generators into `report`; `gen` is `--gen`'s command, if given.
pub fn audit_generators(ctx: &Context, report: &mut Report) -> Result<(), Stop> {
    let mut rules = yaml_rules(ctx);
    if let Some(gen) = &ctx.config.gen {
        let words = jurybox_search::sizes::expand(gen, ctx.config.seed, None);
        rules.push(RuleRun {
            name: "--gen".into(),
            command: words.clone(),
            shown: words,
            settings: ctx.package.secret_settings(),
        });
    }
    let calls = ctx
        .package
        .polygon
        .as_ref()
        .and_then(|p| p.judged())
        .map(|set| set.generator_calls())
        .unwrap_or_default();
    if rules.is_empty() && calls.is_empty() {
        report.notes.push(
            "no generators.yaml rule, no Polygon script line and no --gen: the generators are not audited"
                .into(),
        );
        return Ok(());
    }
    let limits = RunLimits::with_cpu(Duration::from_secs_f64(BUDGET_SECONDS));
    let cancel = ctx.jury.cancel;
    let mut tried = 0;
    for rule in &rules {
        tried += 1;
        let first = run_generator(&rule.command, &limits, cancel);
        if cancel.load(Ordering::Relaxed) {
            return Err(Stop::Interrupted);
        }
        let Some((report_one, Some(one))) = first else {
            let why = first.map_or("no scratch directory".to_string(), |(r, _)| {
                r.outcome.to_string()
            });
            finding(
                report,
                rule,
                Vec::new(),
                format!("does not finish normally: {why}"),
            );
            continue;
        };
        let cpu = report_one.cpu.as_secs_f64();
        if cpu > BUDGET_SECONDS / 10.0 {
            finding(report, rule, one.clone(), format!("takes {cpu:.1} s of CPU for one test, over a tenth of the {BUDGET_SECONDS} s budget"));
        }
        let second = run_generator(&rule.command, &limits, cancel).and_then(|(_, out)| out);
        if second.as_deref() != Some(one.as_slice()) {
            let differ = match &second {
                Some(two) => format!(
                    "{} bytes, then {} bytes{}",
                    one.len(),
                    two.len(),
                    first_difference(&one, two)
                ),
                None => "then it failed".into(),
            };
            finding(
                report,
                rule,
                one.clone(),
                format!("writes different bytes when run twice with the same arguments ({differ})"),
            );
        }
        let validators = Validators::new(ctx.jury, &rule.settings);
        if !validators.is_empty() && !validators.all_accept(&one)? {
            finding(
                report,
                rule,
                one,
                "writes an input the validators refuse".to_string(),
            );
        }
    }
    tried += audit_script_lines(ctx, &calls, report)?;
    report.tried(
        FindingCategory::Generators,
        tried,
        "generator rules run twice",
    );
    Ok(())
}

/// A Polygon package's script lines (its judged testset's generator calls)
/// run twice each, as `doall.sh` runs them: each test a call fills must be
/// the same bytes both times, and every validator must accept it with its
/// test's arguments. How many calls were run.
fn audit_script_lines(
    ctx: &Context,
    calls: &[GeneratorCall],
    report: &mut Report,
) -> Result<usize, Stop> {
    let again = |call| generate_again(ctx.package, call, ctx.jury.cancel);
    for call in calls {
        let rule = RuleRun {
            name: format!("the script line `{}`", call.cmd),
            command: call.cmd.clone(),
            shown: call.cmd.clone(),
            settings: ctx.package.secret_settings(),
        };
        let (first, second) = match (again(call), again(call)) {
            (Err(Stop::Interrupted), _) | (_, Err(Stop::Interrupted)) => {
                return Err(Stop::Interrupted)
            }
            (Err(Stop::JuryFault(f)), _) | (_, Err(Stop::JuryFault(f))) => {
                finding(
                    report,
                    &rule,
                    Vec::new(),
                    format!("does not finish normally: {}", f.why),
                );
                continue;
            }
            (Ok(a), Ok(b)) => (a, b),
        };
        for ((index, one), (_, two)) in first.iter().zip(&second) {
            if one != two {
                let at = first_difference(one, two);
                finding(report, &rule, one.clone(), format!("writes different bytes for test {index} when run twice ({} bytes, then {} bytes{at})", one.len(), two.len()));
            }
        }
        let names = ctx.package.polygon.as_ref().and_then(|p| p.judged());
        for (index, one) in &first {
            let settings = names
                .and_then(|set| set.tests.iter().find(|t| t.index == *index))
                .and_then(|t| ctx.cases.iter().find(|c| Path::new(&c.name) == t.input))
                .map_or_else(|| ctx.package.secret_settings(), |c| c.settings.clone());
            let validators = Validators::new(ctx.jury, &settings);
            if !validators.is_empty() && !validators.all_accept(one)? {
                finding(
                    report,
                    &rule,
                    one.clone(),
                    format!("writes test {index}, which the validators refuse"),
                );
            }
        }
    }
    Ok(calls.len())
}

fn finding(report: &mut Report, rule: &RuleRun, input: Vec<u8>, what: String) {
    report.findings.push(Finding {
        category: FindingCategory::Generators,
        program: rule.name.clone(),
        what: format!("`{}` {what}", rule.shown),
        input,
        output: None,
        answer: None,
        test: None,
        shrunk: None,
        keep: Keep::Nothing,
        confirmed: true,
    });
}

/// Where two outputs first differ, in words.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(at) => format!(", first at byte {at}"),
        None => String::new(),
    }
}

/// generators.yaml's `generate:` rules whose generator built, one per
/// command, each with the seed BAPCtools gives its first case.
fn yaml_rules(ctx: &Context) -> Vec<RuleRun> {
    let Some(yaml) = &ctx.package.generators else {
        return Vec::new();
    };
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for case in &yaml.cases {
        let Some(command) = &case.generate else {
            continue;
        };
        if !seen.insert(command.text.clone()) {
            continue;
        }
        let Some(program) = ctx
            .jury
            .built
            .generators
            .iter()
            .find(|(g, _)| *g == command.generator)
            .and_then(|(_, ready)| ready.as_ref().ok())
        else {
            continue;
        };
        let seed = bapctools_seed(&case.random_salt, case.count.unwrap_or(1), &command.text);
        let args = command.instantiate(u64::from(seed), None);
        let mut line = program.command();
        for arg in &args {
            line.push(' ');
            line.push_str(&shell_quote(arg));
        }
        // The test the rule makes, validated as `run` validates it: with its
        // group's arguments.
        let settings = ctx
            .cases
            .iter()
            .find(|c| c.name == case.name)
            .map_or_else(|| ctx.package.secret_settings(), |c| c.settings.clone());
        out.push(RuleRun {
            settings,
            name: format!("generators.yaml: {}", case.name),
            command: line,
            shown: std::iter::once(command.program.clone())
                .chain(args)
                .collect::<Vec<_>>()
                .join(" "),
        });
    }
    out
}
