//! A package opened for hardening: read, built, its time limit derived, its
//! submissions run on its data, and the accepted submission that answers new
//! inputs chosen. Every harden-like command (`harden`, `stress PACKAGE`,
//! `mutants PACKAGE`) starts here.

use crate::breakpoint::{BreakpointCandidates, Unanswered};
use crate::from_grammar::FromGrammar;
use crate::known::Disagreement;
use crate::known::Known;
use crate::reach::ReachedFirst;
use crate::scale_back::ScaledBack;
use crate::scale_to_limit::ScaledToLimit;
use crate::search::{Bounding, NoTests, Searcher};
use crate::search::{Searched, Target};
use crate::source::{Climb, Source};
use jurybox_audit::package_grammar::{self, PackageGrammar};
use jurybox_format::Verdict;
use jurybox_format::{Package, Settings};
use jurybox_grammar::generate::{Dictionary, Stage};
use jurybox_jury::Stop;
use jurybox_jury::{build_package_as, BuiltPackage, ChosenJudge};
use jurybox_jury::{derive_keeping, TimeLimit};
use jurybox_jury::{recheck_accepted, run_matrix_with, Matrix};
use jurybox_jury::{Case, Jury, Limits};
use jurybox_languages::Built;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

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

/// The grammar's stages drawn before the generators: each ends by itself.
const FINITE_STAGES: [Stage; 5] = [
    Stage::SmallScope,
    Stage::Boundary,
    Stage::Maximal,
    Stage::Edits,
    Stage::Dictionary,
];

/// [`FINITE_STAGES`] for a target that fails on large values
/// ([`Target::largest_first`]): the maximal shapes first (a 32-bit pair
/// counter overflows on the all-equal maximal input, which the small scope's
/// thousands of candidates keep a short budget from reaching).
const LARGEST_FIRST_STAGES: [Stage; 5] = [
    Stage::Maximal,
    Stage::Boundary,
    Stage::SmallScope,
    Stage::Edits,
    Stage::Dictionary,
];

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
    /// candidate validated and judged with `settings` (the group's), its
    /// validator verdicts kept apart from the other groups'.
    pub fn searcher_in<'a>(
        &'a self,
        cancel: &'a AtomicBool,
        budget: &SearchBudget,
        settings: Option<&Settings>,
    ) -> Option<Searcher<'a>> {
        let mut searcher = self.searcher(cancel, budget)?;
        if let Some(settings) = settings {
            searcher.known = self.known_under(settings);
            searcher.settings = settings.clone();
        }
        Some(searcher)
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
            kept_limit: self.limit.kept().max(self.limit_in_force()),
            may_move_limit: self.may_move_limit(),
            limits: self.limits(),
            settings: self.secret_settings(),
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

    /// Searches for a test that catches `target`. A target only a time limit
    /// catches (a `time_limit_exceeded/` submission) gets ever larger inputs:
    /// the generators grown, then the grammar's maximal shapes, each refused
    /// one scaled back to the largest the validators accept ([`ScaledBack`]),
    /// and boundary inputs, then climbing on the target's CPU time from the
    /// package's own tests and the costliest input so far, growing them
    /// ([`Climb`]), in turn with the grammar's random inputs. Any other
    /// target gets, in a setter's order, each phase until its share of the
    /// time or its end: the grammar's finite stages (every small input, each
    /// value at its boundaries, the maximal shapes, coordinated edits, the
    /// refused maximal shapes scaled back) until 6/20 of the time, the generators with new seeds until 11/20, mutations
    /// of the package's own tests until 15/20, then the generators grown (a
    /// bug that needs a large input: a count that overflows, a recursion that
    /// runs out of stack) and the grammar's random inputs on a log scale. A
    /// mutant with a coverage build ([`Target::reach`]) gets the grammar's
    /// finite stages with the candidates that reach its edited line first
    /// ([`ReachedFirst`], sorted in the first half of that phase). A target
    /// not caught says what was tried.
    pub fn hunt(
        &self,
        searcher: &Searcher,
        target: &Target,
        gen: Option<&str>,
        seed: u64,
    ) -> Searched {
        let cancel = searcher.jury.cancel;
        if target.catch.iter().all(|v| *v == Verdict::TLE) {
            let mut sources = self.growing_sources(gen, seed);
            // The maximal shapes first; then each value at its boundaries and
            // random inputs up to the largest counts, for a validator rule the
            // grammar does not know (a sum of values bounded) that refuses
            // every maximal shape.
            // Each round goes on from the shape the last one stopped at.
            let lock = || self.maximal_from.lock().expect("no panics holding it");
            let from = lock().get(&target.name).copied().unwrap_or(0);
            if let Some(mut large) = self.grammar_stages(&[Stage::Maximal], seed, searcher) {
                large.start_maximal_at(from);
                sources.push(Box::new(large));
            }
            // Right after them: the shapes the target is slow on but an
            // accepted submission too, made smaller until the limit keeps them.
            if let Some(smaller) = self.scaled_to_limit(searcher, seed) {
                sources.push(Box::new(smaller));
            }
            if let Some(scaled) = self.scaled_back(searcher, seed) {
                sources.push(Box::new(scaled));
            }
            if let Some(bounds) = self.grammar_stages(&[Stage::Boundary], seed, searcher) {
                sources.push(Box::new(bounds));
            }
            let random = self.grammar_stages(&[Stage::Random], seed, searcher);
            let tests = self
                .cases
                .iter()
                .map(|c| (c.name.clone(), c.input.clone()))
                .collect();
            sources.push(Box::new(
                Climb::with(random.map(|r| Box::new(r) as Box<dyn Source>)).from_tests(tests),
            ));
            let searched = searcher.search_slow(target, &mut sources, self.tle_seconds());
            // The last shape drawn may not have been judged: drawn again.
            let drawn: usize = sources.iter().map(|s| s.maximal_drawn()).sum();
            lock().insert(target.name.clone(), from + drawn.saturating_sub(1));
            return with_tried(searched, tried(&sources), searcher);
        }
        let now = Instant::now();
        let share = |part: u32| now + searcher.deadline.saturating_duration_since(now) * part / 20;
        let mut count = (0, 0);
        let mut said = Vec::new();
        let phase = |sources: &mut Vec<Box<dyn Source + '_>>,
                     until,
                     count: &mut (usize, usize),
                     said: &mut Vec<String>| {
            let searched = searcher.search_until(target, sources, until, count.0);
            said.extend(tried(sources));
            tally(count, searched)
        };
        let mut grammar: Vec<Box<dyn Source>> = Vec::new();
        let stages = match target.largest_first {
            true => &LARGEST_FIRST_STAGES,
            false => &FINITE_STAGES,
        };
        if let Some(finite) = self.grammar_stages(stages, seed, searcher) {
            grammar.push(match target.reach {
                // A mutant's edit is reached by few inputs: those first, sorted
                // out in the first half of the phase.
                Some(reach) => Box::new(ReachedFirst::new(
                    Box::new(finite),
                    reach,
                    self.jobs,
                    cancel,
                    share(3),
                )),
                None => Box::new(finite),
            });
        }
        if let Some(scaled) = self.scaled_back(searcher, seed) {
            grammar.push(Box::new(scaled));
        }
        grammar.extend(
            self.breakpoints(searcher)
                .map(|b| Box::new(b) as Box<dyn Source>),
        );
        if let Some(done) = phase(&mut grammar, share(6), &mut count, &mut said) {
            return done;
        }
        // The phase's time ran out before its last source, the breakpoints,
        // ended: they come again at the start of the last phase.
        let breakpoints_left = Instant::now() >= share(6);
        if let Some(done) = phase(
            &mut self.sources(gen, seed),
            share(11),
            &mut count,
            &mut said,
        ) {
            return done;
        }
        let inputs = self.inputs_smallest_first();
        let words = self.dictionary().entries();
        let mutated = searcher.search_mutations(target, &inputs, &words, count.0, share(15));
        let before = count.0;
        if let Some(done) = tally(&mut count, mutated) {
            return done;
        }
        said.push(format!(
            "{} mutations of the package's tests",
            count.0 - before
        ));
        let mut last: Vec<Box<dyn Source>> = Vec::new();
        if breakpoints_left {
            last.extend(
                self.breakpoints(searcher)
                    .map(|b| Box::new(b) as Box<dyn Source>),
            );
        }
        last.extend(self.growing_sources(gen, seed));
        if let Some(random) = self.grammar_stages(&[Stage::Random], seed, searcher) {
            // After the growth: the random stream never ends.
            last.push(Box::new(random));
        }
        if let Some(done) = phase(&mut last, searcher.deadline, &mut count, &mut said) {
            return done;
        }
        with_tried(
            Searched::Agreed {
                candidates: count.0,
                valid: count.1,
                tried: Vec::new(),
            },
            said,
            searcher,
        )
    }
}

/// Adds an unsuccessful phase's counts to `tried`; a phase that caught the
/// target or was interrupted ends the search.
fn tally(tried: &mut (usize, usize), searched: Searched) -> Option<Searched> {
    match searched {
        Searched::Agreed {
            candidates, valid, ..
        } => {
            *tried = (tried.0 + candidates, tried.1 + valid);
            None
        }
        other => Some(other),
    }
}

/// What `sources` drew, one phrase each (those that drew nothing left out).
fn tried(sources: &[Box<dyn Source + '_>]) -> Vec<String> {
    sources.iter().filter_map(|s| s.tried()).collect()
}

/// `searched`, with what was tried when it ended in agreement, and the valid
/// candidates the target failed that were no test said apart from those it
/// agreed on ([`NoTests`]).
fn with_tried(searched: Searched, mut said: Vec<String>, searcher: &Searcher) -> Searched {
    match searched {
        Searched::Agreed {
            candidates, valid, ..
        } => {
            let (no_tests, why) = searcher.no_tests.said();
            said.extend(why);
            Searched::Agreed {
                candidates,
                valid: valid.saturating_sub(no_tests),
                tried: said,
            }
        }
        other => other,
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
