//! `jurybox audit`: the jury's own programs judged as hard as submissions
//! are (issue 44). The input validators against the statement's bounds
//! ([`statement`]) and against invalid inputs made from the input's grammar
//! ([`inputs`]); which bounds the data never reaches ([`reach`]); the output
//! validator against outputs known right and made wrong ([`outputs`]); the
//! generators run twice, validated and timed ([`generators`]). Every
//! finding is shrunk, saved with the command that replays it ([`save`]),
//! and can be kept in the package as a test ([`write`]).
//!
//! Above `jury` (builds, runs, the protocols), using `grammar` (the input's
//! grammar: candidates made from it, inputs read by it) and `search` (the
//! shrinker). Libraries print nothing: the report is a value.
#![deny(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod finding;
pub mod generators;
pub mod inputs;
pub mod outputs;
pub mod package_grammar;
pub mod reach;
pub mod replay;
pub mod run_generator;
pub mod save;
pub mod statement;
pub mod tell;
pub mod transform;
pub mod validators;
pub mod write;

pub use finding::{Finding, FindingCategory, Keep, Report, Tried, Warning};

use jurybox_format::Package;
use jurybox_jury::Stops;
use jurybox_jury::{BuiltPackage, Case, Jury, Stop};
use package_grammar::PackageGrammar;
use statement::Statement;
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use validators::Validators;

/// What an audit is asked to do.
#[derive(Clone, Debug)]
pub struct Config {
    /// The seed of every input made.
    pub seed: u64,
    /// Runs at a time.
    pub jobs: usize,
    /// The categories to run (empty: all).
    pub only: BTreeSet<FindingCategory>,
    /// Seconds of shrinking per finding.
    pub shrink_seconds: f64,
    /// The time limit submissions run under (seconds).
    pub time_limit: f64,
    /// `--gen`'s generator command, audited with generators.yaml's rules.
    pub gen: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            seed: 1,
            jobs: 2,
            only: BTreeSet::new(),
            shrink_seconds: 5.0,
            time_limit: 2.0,
            gen: None,
        }
    }
}

/// What every part of the audit works with.
pub struct Context<'a> {
    /// The package.
    pub package: &'a Package,
    /// Its tests.
    pub cases: &'a [Case],
    /// Its programs, built, as a jury.
    pub jury: Jury<'a>,
    /// Its input validators, one by one.
    pub validators: Validators<'a>,
    /// The input's grammar, if one could be read.
    pub grammar: Option<&'a PackageGrammar>,
    /// What the statement states.
    pub statement: Statement,
    /// The audit's settings.
    pub config: &'a Config,
}

impl Context<'_> {
    /// Whether `category` is to be run.
    pub fn wants(&self, category: FindingCategory) -> bool {
        self.config.only.is_empty() || self.config.only.contains(&category)
    }
}

/// The input grammar of `package` ([`package_grammar::read`]), with its validators as
/// the oracle that grows a layout's counts.
pub fn read_grammar(
    package: &Package,
    cases: &[Case],
    built: &BuiltPackage,
    cancel: &AtomicBool,
) -> Result<PackageGrammar, String> {
    let jury = Jury {
        package,
        built,
        cancel,
        turn: Default::default(),
    };
    let settings = package.secret_settings();
    let validators = Validators::new(jury, &settings);
    let mut valid = |input: &[u8]| validators.all_accept(input).unwrap_or(false);
    let oracle: Option<&mut package_grammar::ValidInput> =
        (!validators.is_empty()).then_some(&mut valid);
    package_grammar::read(package, cases, oracle, cancel)
}

/// Audits `package` (its tests `cases`, its programs `built`): every
/// category `config` asks for, its input grammar read first. `Err` for
/// Ctrl-C, or a jury program that cannot run at all (a validator that did
/// not build).
pub fn audit(
    package: &Package,
    cases: &[Case],
    built: &BuiltPackage,
    config: &Config,
    cancel: &AtomicBool,
) -> Result<Report, Stop> {
    refuse_unbuilt(built)?;
    let grammar = read_grammar(package, cases, built, cancel);
    audit_with(
        package,
        cases,
        built,
        grammar.as_ref().map_err(String::as_str),
        config,
        cancel,
    )
}

/// A validator that did not build, as the jury's fault.
fn refuse_unbuilt(built: &BuiltPackage) -> Result<(), Stop> {
    match built
        .input_validators
        .iter()
        .find_map(|(n, r)| r.as_ref().err().map(|e| (n, e)))
    {
        Some((name, why)) => Err(Stop::fault(
            format!("the input validator {name} did not build: {why}"),
            None,
            "",
            b"",
        )),
        None => Ok(()),
    }
}

/// [`audit`] with the input grammar already read (`harden` reads it once
/// for its audit and its search): `Err` says why there is none.
pub fn audit_with(
    package: &Package,
    cases: &[Case],
    built: &BuiltPackage,
    grammar: Result<&PackageGrammar, &str>,
    config: &Config,
    cancel: &AtomicBool,
) -> Result<Report, Stop> {
    refuse_unbuilt(built)?;
    let mut report = Report::default();
    let jury = Jury {
        package,
        built,
        cancel,
        turn: Default::default(),
    };
    match grammar {
        Ok(g) => {
            report.notes.extend(g.notes.iter().cloned());
            report.notes.push(format!("input grammar: from {}", g.from));
        }
        Err(why) => report.notes.push(format!("no input grammar: {why}")),
    }
    let statement = statement::read(&package.dir);
    if config.only.is_empty() || config.only.contains(&FindingCategory::Statement) {
        report.notes.extend(statement.notes.iter().cloned());
    }
    let ctx = Context {
        package,
        cases,
        jury,
        validators: Validators::new(jury, &package.secret_settings()),
        grammar: grammar.ok(),
        statement,
        config,
    };
    inputs::audit_inputs(&ctx, &mut report)?;
    if ctx.wants(FindingCategory::Reach) {
        reach::audit_reach(&ctx, &mut report)?;
    }
    if ctx.wants(FindingCategory::OutputValidator) {
        outputs::audit_outputs(&ctx, &mut report)?;
    }
    if ctx.wants(FindingCategory::Generators) {
        generators::audit_generators(&ctx, &mut report)?;
    }
    Ok(report)
}
