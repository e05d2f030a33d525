//! A package opened for hardening: read, built, its time limit derived, its
//! submissions run on its data, and the accepted submission that answers new
//! inputs chosen. Every harden-like command (`harden`, `stress PACKAGE`,
//! `mutants PACKAGE`) starts here.

use crate::breakpoint::{BreakpointCandidates, Unanswered};
use crate::from_grammar::FromGrammar;
use crate::known::Disagreement;
use crate::known::Known;
use crate::scale_back::ScaledBack;
use crate::scale_to_limit::ScaledToLimit;
use crate::search::{Bounding, NoTests, Searcher};
use crate::subtask::SurvivedGroup;
use jurybox_audit::package_grammar::{self, PackageGrammar};
use jurybox_format::{Package, Settings};
use jurybox_grammar::generate::{Dictionary, Stage};
use jurybox_jury::Stop;
use jurybox_jury::{build_package_as, BuiltPackage, ChosenJudge};
use jurybox_jury::{derive_keeping, TimeLimit};
use jurybox_jury::{recheck_accepted, run_matrix_with, Matrix};
use jurybox_jury::{Case, Jury, Limits, Validated};
use jurybox_languages::Built;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

mod hunt;
mod moved;
mod sources;

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
    /// An accepted submission's time limit run again at the quiet moment
    /// (`jurybox_jury::recheck_accepted`), one line each, as `run` says them.
    pub rechecked: Vec<String>,
    /// The package's tests checked by its input validators, each with its
    /// group's arguments, before anything was judged (as `run` checks them).
    pub inputs: Validated,
    /// Runs at a time.
    pub jobs: usize,
    /// What the validators and the reference said of inputs asked already.
    known: Arc<Known>,
    /// The same for each other group's settings ([`Session::searcher_in`]):
    /// an input valid in one group may be refused in another.
    group_known: Mutex<Vec<(Settings, Arc<Known>)>>,
    /// The input's grammar, read from the package when first asked.
    grammar: GrammarOnce,
    /// The grammar read under each scoring group's settings (its validator
    /// flags: the counts it lets grow), for a search inside one group.
    group_grammars: Vec<(Settings, GrammarOnce)>,
    /// The package's words and numbers ([`crate::dictionary`]), gathered
    /// when first asked.
    dictionary: OnceLock<Arc<Dictionary>>,
    /// By too-slow target: the maximal shape its next search begins with,
    /// after those its searches drew (each round went back to the first).
    maximal_from: Mutex<std::collections::HashMap<String, usize>>,
    /// The limit a found test moved a derived one to.
    in_force: moved::LimitInForce,
}

/// A grammar read once, or why none could be.
type GrammarOnce = OnceLock<Result<PackageGrammar, String>>;

impl Session {
    /// Builds as `judging` says, derives the limit and runs `which`
    /// submissions (all when `None`); a run with no verdict (a jury fault,
    /// Ctrl-C) stops it.
    pub fn open(
        package: Package,
        cases: Vec<Case>,
        which: Option<Vec<usize>>,
        judging: ChosenJudge,
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
            turn: jurybox_jury::Turn::default(),
        };
        // As `run` judges the package: a test its group's validator refuses
        // is the package's fault, found before any search builds on it.
        let inputs = jury.validate_tests(&cases, jobs)?;
        if let Some(stop) = inputs.as_stop(&cases) {
            return Err(stop);
        }
        let (limit, first) = derive_keeping(&jury, &cases, jobs, 0.0)?;
        let which = which.unwrap_or_else(|| (0..package.submissions.len()).collect());
        let limits = Limits::of(&package, limit.seconds);
        let mut matrix = run_matrix_with(&jury, &which, &cases, &limits, jobs, None, &first)?;
        // As `run` judges the package: load alone must not make an accepted
        // submission a survivor-free contradiction here while `run` accepts it.
        let rechecked = recheck_accepted(&jury, &mut matrix, &cases, &limits, &limit)?;
        let group_grammars = group_settings(&package, &cases)
            .into_iter()
            .map(|s| (s, OnceLock::new()))
            .collect();
        Ok(Session {
            package,
            cases,
            built,
            limit,
            matrix,
            rechecked,
            inputs,
            jobs,
            known: Arc::default(),
            group_known: Mutex::default(),
            grammar: OnceLock::new(),
            group_grammars,
            dictionary: OnceLock::new(),
            maximal_from: Mutex::default(),
            in_force: Default::default(),
        })
    }

    /// The jury of this session.
    pub fn jury<'a>(&'a self, cancel: &'a AtomicBool) -> Jury<'a> {
        Jury {
            package: &self.package,
            built: &self.built,
            cancel,
            turn: jurybox_jury::Turn::default(),
        }
    }

    /// The limits of a judged run, under the limit in force.
    pub fn limits(&self) -> Limits {
        Limits::of(&self.package, self.limit_in_force())
    }

    /// The arguments a new secret test gets: those of the first secret test.
    pub fn secret_settings(&self) -> Settings {
        self.package.secret_settings()
    }

    /// The accepted submission that answers new inputs.
    pub fn reference(&self) -> Option<&Built> {
        crate::reference(&self.package, &self.built, &self.matrix).map(|(_, b)| b)
    }

    /// Which accepted submission answers new inputs and why, one line: the
    /// fastest on the package's tests, each accepted one's slowest test
    /// beside it; `None` when none passed every test.
    pub fn reference_note(&self) -> Option<String> {
        let (chosen, _) = crate::reference(&self.package, &self.built, &self.matrix)?;
        let times: Vec<String> = self
            .matrix
            .rows
            .iter()
            .filter(|r| self.package.submissions[r.submission].is_accepted() && r.all_accepted())
            .map(|r| {
                let slowest = r.slowest().map_or(0.0, |(_, s)| s);
                format!(
                    "{} {slowest:.2} s",
                    self.package.submissions[r.submission].name
                )
            })
            .collect();
        Some(format!(
            "candidates are answered by {}, the fastest accepted submission on the package's tests (slowest test: {}); the others confirm each catch",
            self.package.submissions[chosen].name,
            times.join(", ")
        ))
    }

    /// Every built submission that bounds the limit from below on a new
    /// secret test, true for the accepted ones (which must pass it). An
    /// accepted submission that failed the data is left out: it is wrong
    /// already, and the matrix says so.
    pub fn bounding(&self) -> Vec<Bounding<'_>> {
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
                let sub = &self.package.submissions[r.submission];
                Some(Bounding {
                    name: &sub.name,
                    program: self.built.submissions[r.submission].as_ref().ok()?,
                    must_pass: sub.is_accepted(),
                    submission: Some(r.submission),
                })
            })
            .collect()
    }

    /// The accepted submissions that the reference's answer rejected on a
    /// valid input during the searches so far, each once, not said before
    /// ([`Disagreement`]).
    pub fn take_disagreements(&self) -> Vec<Disagreement> {
        let mut out = self.known.take_disagreements();
        for (_, known) in self
            .group_known
            .lock()
            .expect("no panics holding it")
            .iter()
        {
            out.extend(known.take_disagreements());
        }
        out
    }

    /// What the validators and the reference said of inputs asked under
    /// `settings`: the session's own under the secret tests' settings, one
    /// per group's otherwise.
    fn known_under(&self, settings: &Settings) -> Arc<Known> {
        if *settings == self.secret_settings() {
            return Arc::clone(&self.known);
        }
        let mut groups = self.group_known.lock().expect("no panics holding it");
        if let Some((_, known)) = groups.iter().find(|(s, _)| s == settings) {
            return Arc::clone(known);
        }
        let known = Arc::new(Known::default());
        groups.push((settings.clone(), Arc::clone(&known)));
        known
    }

    /// [`Session::searcher`] inside one scoring group's constraints: every
    /// candidate validated and judged with the group's settings, its
    /// validator verdicts kept apart from the other groups', and judged
    /// under the group's limits.
    pub fn searcher_in<'a>(
        &'a self,
        cancel: &'a AtomicBool,
        budget: &SearchBudget,
        group: Option<&SurvivedGroup>,
    ) -> Option<Searcher<'a>> {
        let mut searcher = self.searcher(cancel, budget)?;
        if let Some(group) = group {
            searcher.known = self.known_under(&group.settings);
            searcher.settings = group.settings.clone();
            searcher.group = Some(group.name.clone());
        }
        Some(searcher)
    }

    /// The scoring group of the first secret test, whose settings a search
    /// in no group's gives its candidates ([`Session::secret_settings`]):
    /// its limits judge them.
    fn secret_group(&self) -> Option<String> {
        let scoring = self.package.scoring.as_ref()?;
        let first = self.package.data.tests.iter().position(|t| !t.sample)?;
        Some(scoring.group_of(first)?.name.clone())
    }

    /// A searcher for one target under `budget`, answered by the reference;
    /// `None` when no accepted submission passed every test.
    pub fn searcher<'a>(
        &'a self,
        cancel: &'a AtomicBool,
        budget: &SearchBudget,
    ) -> Option<Searcher<'a>> {
        let (reference_submission, reference) =
            crate::reference(&self.package, &self.built, &self.matrix)?;
        Some(Searcher {
            jury: self.jury(cancel),
            reference,
            reference_submission: Some(reference_submission),
            bounding: self.bounding(),
            limit_rule: self.limit.rule(),
            kept_limit: self.limit.kept().max(self.limit_in_force()),
            may_move_limit: self.may_move_limit(),
            limits: self.limits(),
            settings: self.secret_settings(),
            group: self.secret_group(),
            jobs: self.jobs,
            deadline: Instant::now() + Duration::from_secs_f64(budget.seconds),
            end: None,
            known: Arc::clone(&self.known),
            shrink_time: Duration::from_secs_f64(budget.shrink_seconds),
            max_candidates: budget.candidates,
            no_tests: NoTests::default(),
            maximal_bytes: Default::default(),
        })
    }

    /// The input's grammar ([`package_grammar::read`]), read once; `Err` says
    /// why no source gave one.
    pub fn grammar(&self, cancel: &AtomicBool) -> Result<&PackageGrammar, &str> {
        self.grammar_under(&self.secret_settings(), cancel)
    }

    /// [`Session::grammar`] with the validators told `settings` (a scoring
    /// group's: its counts grow only as far as its flags let them).
    fn grammar_under(
        &self,
        settings: &Settings,
        cancel: &AtomicBool,
    ) -> Result<&PackageGrammar, &str> {
        let once = self
            .group_grammars
            .iter()
            .find(|(s, _)| s == settings)
            .map_or(&self.grammar, |(_, once)| once);
        once.get_or_init(|| {
            let jury = self.jury(cancel);
            let settings = settings.clone();
            let limits = self.limits().jury;
            // A jury fault answers no: the count stops growing there.
            let mut valid =
                |input: &[u8]| matches!(jury.validate_input(input, &settings, &limits), Ok(None));
            let validated = !jury.input_validators(&settings).is_empty();
            let oracle: Option<&mut package_grammar::ValidInput> = validated.then_some(&mut valid);
            package_grammar::read(&self.package, &self.cases, oracle, cancel)
        })
        .as_ref()
        .map_err(String::as_str)
    }

    /// The grammar's candidates of `stages` (none without a grammar, or when
    /// no input can be made from it: [`Session::grammar_note`] says why).
    fn grammar_stages(
        &self,
        stages: &[Stage],
        seed: u64,
        searcher: &Searcher,
    ) -> Option<FromGrammar<'_>> {
        let grammar = self
            .grammar_under(&searcher.settings, searcher.jury.cancel)
            .ok()?;
        let shared = (self.dictionary(), searcher.maximal_bytes.clone());
        FromGrammar::new(grammar, stages, seed, shared).ok()
    }

    /// The package's words and numbers ([`crate::dictionary::gather`]),
    /// gathered once.
    pub fn dictionary(&self) -> Arc<Dictionary> {
        Arc::clone(
            self.dictionary
                .get_or_init(|| Arc::new(crate::dictionary::gather(&self.package, &self.cases))),
        )
    }

    /// The grammar's maximal stage alone, with `seed`, so that a shape at
    /// scale 1 is the maximal stage's own input, and where the grammar came
    /// from.
    fn maximal_stream(
        &self,
        searcher: &Searcher,
        seed: u64,
    ) -> Option<(jurybox_grammar::generate::Candidates<'_>, &str)> {
        let grammar = self
            .grammar_under(&searcher.settings, searcher.jury.cancel)
            .ok()?;
        // The search's byte cap: a shape scaled back is made at the size the
        // maximal stage made it, which the search's cache knows.
        let options = jurybox_grammar::generate::GenerateOptions {
            stages: vec![Stage::Maximal],
            maximal_bytes: searcher.maximal_bytes.clone(),
            ..Default::default()
        };
        let stream =
            jurybox_grammar::generate::candidates(&grammar.grammar, &options, seed).ok()?;
        Some((stream, &grammar.from))
    }

    /// The grammar's maximal shapes scaled back to the largest inputs the
    /// validators accept ([`ScaledBack`]), asked through `searcher` (its
    /// cache of verdicts).
    fn scaled_back<'a>(&'a self, searcher: &'a Searcher, seed: u64) -> Option<ScaledBack<'a>> {
        let (stream, from) = self.maximal_stream(searcher, seed)?;
        // Past the search's deadline the oracle answers nothing: the search
        // then meets its own deadline before judging what this gives.
        let valid = move |input: &[u8]| {
            if Instant::now() >= searcher.deadline {
                return None;
            }
            searcher.valid(input).ok()
        };
        Some(ScaledBack::new(stream, from, Box::new(valid)))
    }

    /// The grammar's maximal shapes that a too-slow target is over the line
    /// on but the limit refuses, scaled back to the largest the limit keeps
    /// ([`ScaledToLimit`]), asked through `searcher`; the shapes reported
    /// are known by their bytes.
    fn scaled_to_limit<'a>(
        &'a self,
        searcher: &'a Searcher,
        seed: u64,
    ) -> Option<ScaledToLimit<'a>> {
        let (stream, from) = self.maximal_stream(searcher, seed)?;
        let keeps = move |input: &[u8]| {
            if Instant::now() >= searcher.deadline {
                return None;
            }
            searcher.clearly_keeps_limit_on(input).ok()
        };
        Some(ScaledToLimit::new(stream, from, Box::new(keeps)))
    }

    /// The answer breakpoints of the package's tests' tokens ([`BreakpointCandidates`]),
    /// asked through `searcher` (its cache of verdicts and answers); none for
    /// an interactive problem, whose inputs have no answer to compare.
    fn breakpoints<'a>(&'a self, searcher: &'a Searcher) -> Option<BreakpointCandidates<'a>> {
        if self.package.config.kind.interactive {
            return None;
        }
        // A validator's fault or the search's deadline answers nothing: the
        // bisection ends there and the search meets it (never a "no").
        let valid = move |input: &[u8]| {
            if Instant::now() >= searcher.deadline {
                return Err(Unanswered);
            }
            searcher.valid(input).map_err(|_| Unanswered)
        };
        let answer = move |input: &[u8]| {
            if !valid(input)? {
                return Ok(None);
            }
            searcher.answer(input).map_err(|_| Unanswered)
        };
        Some(BreakpointCandidates::new(
            &self.inputs_smallest_first(),
            Box::new(valid),
            Box::new(answer),
            self.jobs,
        ))
    }

    /// What the search knows of the input, one line for the command to say
    /// once: where the grammar came from (and why better sources were passed
    /// over), or why there is none.
    pub fn grammar_note(&self, cancel: &AtomicBool) -> Vec<String> {
        let mut unchecked = Vec::new();
        if self
            .jury(cancel)
            .input_validators(&self.secret_settings())
            .is_empty()
        {
            unchecked.push("note: no input validator runs here: a candidate is valid only as far as its source knows, and nothing checks a test found".to_string());
        }
        let lines = match self.grammar(cancel) {
            Err(why) => vec![format!("no input grammar ({why}): candidates come from the generators and the tests' mutations only")],
            Ok(g) => {
                let mut lines: Vec<String> =
                    g.notes.iter().map(|n| format!("note: {n}")).collect();
                match jurybox_grammar::generate::candidates(&g.grammar, &Default::default(), 0) {
                    Ok(_) => lines.push(format!("input grammar: from {}", g.from)),
                    Err(e) => lines.push(format!("input grammar from {}: {e}", g.from)),
                }
                lines
            }
        };
        unchecked.extend(lines);
        unchecked
    }
}

/// The settings a new test of each scoring group gets that differ from the
/// secret tests' ([`crate::subtask::settings_of`]), each once.
fn group_settings(package: &Package, cases: &[Case]) -> Vec<Settings> {
    let Some(scoring) = &package.scoring else {
        return Vec::new();
    };
    let secret = package.secret_settings();
    let mut out: Vec<Settings> = Vec::new();
    for group in scoring.subtasks() {
        let settings = crate::subtask::settings_of(scoring, cases, &group.name);
        if settings != secret && !out.contains(&settings) {
            out.push(settings);
        }
    }
    out
}
