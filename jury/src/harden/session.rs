//! A package opened for hardening: read, built, its time limit derived, its
//! submissions run on its data, and the accepted submission that answers new
//! inputs chosen. Every harden-like command (`harden`, `stress PACKAGE`,
//! `mutants PACKAGE`) starts here.

use super::search::Searcher;
use super::search::{Searched, Target};
use super::source::{Generator, Growing, GrowingRule, Rule, Rules, Source};
use crate::build_programs::{build_package_as, BuiltPackage, Judging};
use crate::limit::{derive_keeping, TimeLimit};
use crate::matrix::{run_matrix_with, Matrix};
use crate::run::{Case, Jury, Limits};
use crate::stop::Stop;
use jurybox_format::Verdict;
use jurybox_format::{Package, Settings};
use jurybox_languages::Built;
use jurybox_sandbox::RunLimits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long one search may go on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchBudget {
    /// Seconds of searching.
    pub seconds: f64,
    /// Seconds of shrinking what is found.
    pub shrink_seconds: f64,
    /// At most this many candidates.
    pub candidates: Option<usize>,
}

/// A package with everything judging needs.
pub struct Session {
    /// The package.
    pub package: Package,
    /// Its tests, read.
    pub cases: Vec<Case>,
    /// Its programs, built.
    pub built: BuiltPackage,
    /// Its time limit.
    pub limit: TimeLimit,
    /// Its submissions on its data.
    pub matrix: Matrix,
    /// Runs at a time.
    pub jobs: usize,
}

impl Session {
    /// Builds as `judging` says, derives the limit and runs `which`
    /// submissions (all when `None`); a run with no verdict (a jury fault,
    /// Ctrl-C) stops it.
    pub fn open(
        package: Package,
        cases: Vec<Case>,
        which: Option<Vec<usize>>,
        judging: Judging,
        jobs: usize,
        cancel: &AtomicBool,
    ) -> Result<Session, Stop> {
        let built = build_package_as(&package, judging, jobs, cancel);
        if cancel.load(Ordering::Relaxed) {
            return Err(Stop::Interrupted);
        }
        let jury = Jury {
            package: &package,
            built: &built,
            cancel,
        };
        let (limit, first) = derive_keeping(&jury, &cases, jobs, 0.0)?;
        let which = which.unwrap_or_else(|| (0..package.submissions.len()).collect());
        let matrix = run_matrix_with(
            &jury,
            &which,
            &cases,
            &Limits::of(&package, limit.seconds),
            jobs,
            None,
            &first,
        )?;
        Ok(Session {
            package,
            cases,
            built,
            limit,
            matrix,
            jobs,
        })
    }

    /// The jury of this session.
    pub fn jury<'a>(&'a self, cancel: &'a AtomicBool) -> Jury<'a> {
        Jury {
            package: &self.package,
            built: &self.built,
            cancel,
        }
    }

    /// The limits of a judged run.
    pub fn limits(&self) -> Limits {
        Limits::of(&self.package, self.limit.seconds)
    }

    /// The arguments a new secret test gets: those of the first secret test.
    pub fn secret_settings(&self) -> Settings {
        self.package.secret_settings()
    }

    /// The accepted submission that answers new inputs.
    pub fn reference(&self) -> Option<&Built> {
        super::reference(&self.package, &self.built, &self.matrix).map(|(_, b)| b)
    }

    /// Every built submission that bounds the limit from below on a new
    /// secret test, true for the accepted ones (which must pass it). An
    /// accepted submission that failed the data is left out: it is wrong
    /// already, and the matrix says so.
    pub fn bounding(&self) -> Vec<(&Built, bool)> {
        // Where a found test goes: rules scoped by test name see it there.
        let test = "secret/jurybox-found";
        self.matrix
            .rows
            .iter()
            .filter(|r| {
                let sub = &self.package.submissions[r.submission];
                sub.bounds_below(test) && (!sub.is_accepted() || r.all_accepted())
            })
            .filter_map(|r| {
                let built = self.built.submissions[r.submission].as_ref().ok()?;
                Some((built, self.package.submissions[r.submission].is_accepted()))
            })
            .collect()
    }

    /// A searcher for one target under `budget`, answered by the reference;
    /// `None` when no accepted submission passed every test.
    pub fn searcher<'a>(
        &'a self,
        cancel: &'a AtomicBool,
        budget: &SearchBudget,
    ) -> Option<Searcher<'a>> {
        Some(Searcher {
            jury: self.jury(cancel),
            reference: self.reference()?,
            bounding: self.bounding(),
            limit_rule: self.limit.rule(),
            kept_limit: self.limit.kept(),
            limits: self.limits(),
            settings: self.secret_settings(),
            jobs: self.jobs,
            deadline: Instant::now() + Duration::from_secs_f64(budget.seconds),
            shrink_time: Duration::from_secs_f64(budget.shrink_seconds),
            max_candidates: budget.candidates,
        })
    }

    /// Searches for a test that catches `target`: by growing inputs when only
    /// a time limit catches it (a `time_limit_exceeded/` submission), else by
    /// drawing candidates (from the generators, then mutations of the
    /// package's own tests, then the generators grown) and shrinking what
    /// fails.
    pub fn hunt(
        &self,
        searcher: &Searcher,
        target: &Target,
        gen: Option<&str>,
        seed: u64,
    ) -> Searched {
        if target.catch.iter().all(|v| *v == Verdict::TLE) {
            let mut sources = self.growing_sources(gen, seed);
            return searcher.search_slow(target, &mut sources, self.limit.tle_seconds());
        }
        // The generators first, then mutations of the package's tests, then the
        // generators grown (a bug that needs a large input: a count that
        // overflows, a recursion that runs out of stack). Each phase ends at its
        // share of the time, or when it has nothing more; a generator draws
        // without end.
        let now = Instant::now();
        let share = |part: u32| now + searcher.deadline.saturating_duration_since(now) * part / 3;
        let mut tried = (0, 0);
        let mut sources = self.sources(gen, seed);
        if let Some(done) = tally(
            &mut tried,
            searcher.search_until(target, &mut sources, share(1), 0),
        ) {
            return done;
        }
        let inputs = self.inputs_smallest_first();
        let mutated = searcher.search_mutations(target, &inputs, tried.0, share(2));
        if let Some(done) = tally(&mut tried, mutated) {
            return done;
        }
        let mut grown = self.growing_sources(gen, seed);
        let grown = searcher.search_until(target, &mut grown, searcher.deadline, tried.0);
        if let Some(done) = tally(&mut tried, grown) {
            return done;
        }
        Searched::Agreed {
            candidates: tried.0,
            valid: tried.1,
        }
    }

    /// The package's test inputs, smallest first (their mutations are the
    /// quickest to judge), with their names.
    fn inputs_smallest_first(&self) -> Vec<(&str, &[u8])> {
        let mut inputs: Vec<(&str, &[u8])> = self
            .cases
            .iter()
            .map(|c| (c.name.as_str(), c.input.as_slice()))
            .collect();
        inputs.sort_by_key(|(_, input)| input.len());
        inputs
    }

    /// generators.yaml's seeded rules whose generator built.
    fn rules(&self) -> Vec<Rule> {
        let Some(yaml) = &self.package.generators else {
            return Vec::new();
        };
        yaml.seeded_rules()
            .into_iter()
            .filter_map(|case| {
                let command = case.generate.clone()?;
                let program = self
                    .built
                    .generators
                    .iter()
                    .find(|(g, _)| *g == command.generator)
                    .and_then(|(_, ready)| ready.as_ref().ok())?
                    .clone();
                Some(Rule {
                    case: case.name.clone(),
                    command,
                    program,
                })
            })
            .collect()
    }

    /// The sources of ever larger candidates, for a too-slow target: `--gen`
    /// with its size markers grown, then each seeded rule of generators.yaml
    /// with its size arguments grown.
    pub fn growing_sources(&self, gen: Option<&str>, seed: u64) -> Vec<Box<dyn Source + '_>> {
        let mut sources: Vec<Box<dyn Source>> = Vec::new();
        if let Some(gen) = gen {
            sources.push(Box::new(Growing {
                generator: Generator {
                    name: "--gen".into(),
                    program: None,
                    words: gen.to_string(),
                    seed,
                    drawn: 0,
                    limits: RunLimits::with_cpu(Duration::from_secs(60)),
                },
                step: 0,
                max_step: 16,
            }));
        }
        for rule in self.rules() {
            if rule.command.sizes.is_empty() {
                continue;
            }
            sources.push(Box::new(GrowingRule {
                rule,
                seed,
                step: 0,
                max_step: 16,
                limits: RunLimits::with_cpu(Duration::from_secs(60)),
            }));
        }
        sources
    }

    /// The sources of candidates for one search, in the order they are tried:
    /// `--gen` first, when given, then generators.yaml's seeded rules in turn.
    pub fn sources(&self, gen: Option<&str>, seed: u64) -> Vec<Box<dyn Source + '_>> {
        let mut sources: Vec<Box<dyn Source>> = Vec::new();
        if let Some(gen) = gen {
            sources.push(Box::new(Generator {
                name: "--gen".into(),
                program: None,
                words: gen.to_string(),
                seed,
                drawn: 0,
                limits: RunLimits::with_cpu(Duration::from_secs(10)),
            }));
        }
        let rules = self.rules();
        if !rules.is_empty() {
            sources.push(Box::new(Rules {
                rules,
                seed,
                drawn: 0,
                limits: RunLimits::with_cpu(Duration::from_secs(10)),
            }));
        }
        sources
    }
}

/// Adds an unsuccessful phase's counts to `tried`; a phase that caught the
/// target or was interrupted ends the search.
fn tally(tried: &mut (usize, usize), searched: Searched) -> Option<Searched> {
    match searched {
        Searched::Agreed { candidates, valid } => {
            *tried = (tried.0 + candidates, tried.1 + valid);
            None
        }
        other => Some(other),
    }
}
