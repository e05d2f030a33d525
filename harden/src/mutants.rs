//! Mutation testing of a package: every accepted C, C++ and Python submission
//! edited in one small place ([`jurybox_mutants`]: a comparison loosened, a
//! constant or a loop bound off by one, an operator swapped, a type narrowed, two
//! same-typed variables confused), built through the sandbox like any program; a
//! mutant that does not compile or fails a sample is dropped (it is a typo, not a
//! wrong solution the data should catch). A C or C++ mutant whose optimised
//! object code is the original's is equivalent, and one whose object code
//! another mutant has already is a repeat ([`crate::equivalent`]): both are
//! dropped before any search and counted. The mutation score is the share of
//! the kept mutants some test kills (any verdict but AC). A surviving mutant is a
//! target like a surviving submission: searched for, and reported as caught or as
//! agreeing with the reference on N inputs (likely equivalent).

use crate::coverage::Coverage;
use crate::drive::budget::MutantsClock;
use crate::equivalent;
use crate::reach::Reach;
use crate::session::Session;
use jurybox_format::Verdict;
use jurybox_judging::jobs::on_threads;
use jurybox_judging::progress;
use jurybox_jury::memory_mib;
use jurybox_jury::Stop;
use jurybox_jury::{Case, Limits, TestAt};
use jurybox_languages::{build_or_stop, cache_dir, BuildError, BuildTarget, Built, ProgramSource};
use jurybox_mutants::{mutants, select, Operator, Syntax};
use rayon::prelude::*;
use std::collections::{BTreeSet, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// One mutant, built and passing the samples.
#[derive(Clone, Debug)]
pub struct Mutant {
    /// `accepted/kadane.cpp line 12, column 9: `<` → `<=` (relational)`.
    pub name: String,
    /// A short label for tables: `kadane.cpp:12:9`.
    pub label: String,
    /// The submission it is a mutant of (package index).
    pub of: usize,
    /// The line its edit begins on.
    pub line: u32,
    /// Its edit narrows a type (`int` for `long long`): a value it cannot
    /// hold, which the largest inputs make first.
    pub narrows: bool,
    /// The edit as a unified diff.
    pub diff: String,
    /// The built program.
    pub program: Built,
}

/// The mutants of a package.
#[derive(Clone, Debug, Default)]
pub struct Mutants {
    /// Kept: they build and pass every sample.
    pub kept: Vec<Mutant>,
    /// Made in all (after selection).
    pub made: usize,
    /// Not started: the mutants' share of the budget was spent
    /// ([`crate::drive::budget`]).
    pub not_started: usize,
    /// Dropped: they did not compile.
    pub not_compiling: usize,
    /// Dropped: they failed a sample.
    pub failing_samples: usize,
    /// Dropped: their optimised object code is the original's (equivalent).
    pub equivalent: usize,
    /// Dropped: their optimised object code is an earlier mutant's.
    pub repeats: usize,
    /// Accepted submissions not mutated, with why.
    pub skipped: Vec<String>,
    /// The mutated C and C++ submissions built for line coverage (package
    /// index), to judge first the candidates that reach a mutant's edit.
    pub coverage: Vec<(usize, std::sync::Arc<Coverage>)>,
}

impl Mutants {
    /// Where `mutant` edits its original and the original's coverage build,
    /// when the original was built for coverage.
    pub fn reach(&self, mutant: &Mutant) -> Option<Reach<'_>> {
        let (_, coverage) = self.coverage.iter().find(|(of, _)| *of == mutant.of)?;
        Some(Reach {
            coverage,
            line: mutant.line,
        })
    }
}

/// A candidate mutant before it is built.
struct Draft {
    of: usize,
    /// The mutated text and its file name, for its object code.
    text: String,
    file: String,
    name: String,
    label: String,
    line: u32,
    narrows: bool,
    diff: String,
    source: ProgramSource,
}

/// The drafts of at most `per_submission` mutants of each accepted C, C++ or
/// Python submission (a seeded selection); the submissions not mutated, with
/// why, into `skipped`.
fn drafts(
    session: &Session,
    per_submission: usize,
    seed: u64,
    skipped: &mut Vec<String>,
) -> Vec<Draft> {
    let mut drafts = Vec::new();
    for (i, sub) in session.package.submissions.iter().enumerate() {
        if !sub.is_accepted() || session.built.submissions[i].is_err() {
            continue;
        }
        let Some(language) = Syntax::of(&sub.path) else {
            skipped.push(format!("{}: not a single C, C++ or Python file", sub.name));
            continue;
        };
        let Ok(text) = std::fs::read_to_string(&sub.path) else {
            skipped.push(format!("{}: not UTF-8 text", sub.name));
            continue;
        };
        let file = sub
            .path
            .file_name()
            .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
        for m in select(&mutants(&text, language), per_submission, seed) {
            drafts.push(Draft {
                of: i,
                text: m.apply(&text),
                file: file.clone(),
                name: format!("{} {}", sub.name, m.description(&text)),
                label: format!("{file}:{}:{}", m.line, m.column),
                line: m.line,
                narrows: m.operator == Operator::NarrowerType,
                diff: m.diff(&text, &sub.name),
                source: ProgramSource::single(
                    &format!("{} ({})", sub.name, m.description(&text)),
                    &file,
                    m.apply(&text).as_bytes(),
                ),
            });
        }
    }
    drafts
}

/// Makes, builds and filters at most `per_submission` mutants of each accepted
/// submission (a seeded selection: every operator present gets its share). A
/// sample run with no verdict (the jury's fault, Ctrl-C) stops it: a mutant is
/// dropped for failing a sample only when the sample's verdict says so.
pub fn make(
    session: &Session,
    per_submission: usize,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<Mutants, Stop> {
    make_within(
        session,
        (per_submission, seed),
        cancel,
        &MutantsClock::unlimited(),
    )
}

/// [`make`], each mutant started only while `clock` admits one (the rest
/// counted in [`Mutants::not_started`]).
pub(crate) fn make_within(
    session: &Session,
    (per_submission, seed): (usize, u64),
    cancel: &AtomicBool,
    clock: &MutantsClock,
) -> Result<Mutants, Stop> {
    let mut out = Mutants::default();
    let drafts = drafts(session, per_submission, seed, &mut out.skipped);
    out.made = drafts.len();
    let judge = session.built.judging.judge;
    // The object code of each mutated submission, as its mutants' yardstick,
    // and its build for line coverage.
    let originals: Vec<(usize, Option<Vec<u8>>, Option<Coverage>)> =
        on_threads(session.jobs, || {
            let mutated: BTreeSet<usize> = drafts.iter().map(|d| d.of).collect();
            mutated
                .into_par_iter()
                .map(|i| {
                    let sub = &session.package.submissions[i];
                    let file = sub
                        .path
                        .file_name()
                        .map_or_else(String::new, |f| f.to_string_lossy().into_owned());
                    let text = std::fs::read_to_string(&sub.path).unwrap_or_default();
                    let code = equivalent::object_code(&text, &file, judge, cancel);
                    (i, code, Coverage::build(&text, &file, judge, cancel))
                })
                .collect()
        });
    let samples: Vec<(usize, &Case)> = (session.cases.iter().enumerate())
        .zip(&session.package.data.tests)
        .filter(|(_, t)| t.sample)
        .map(|(c, _)| c)
        .collect();
    let jury = session.jury(cancel);
    let limits = session.limits();
    let target = BuildTarget {
        judge: session.built.judging.judge,
        memory_mib: memory_mib(&session.package),
        toolchain: None,
    };
    // Each mutant plans a run per sample; the runs it will not make (it did
    // not compile, or failed a sample) count as done when that is known.
    let runs_each = samples.len() as u64;
    progress::phase(
        "mutants: built and run on the samples",
        drafts.len() as u64 * runs_each,
    );
    let one = |d: Draft| -> Result<Made, Stop> {
        let original = originals
            .iter()
            .find(|(i, _, _)| *i == d.of)
            .and_then(|(_, c, _)| c.as_ref());
        let code = original.and(equivalent::object_code(&d.text, &d.file, judge, cancel));
        if code.is_some() && code.as_ref() == original {
            return Ok(Made::Equivalent);
        }
        // Built as the accepted submission it mutates was, so its time
        // is measured against a limit derived on the same tools.
        let program = match build_or_stop(&d.source, &cache_dir(), target, cancel) {
            Ok(program) => program,
            Err(BuildError::Interrupted { .. }) => return Err(Stop::Interrupted),
            Err(_) => {
                progress::advance(runs_each);
                return Ok(Made::NotCompiling);
            }
        };
        for (i, &(t, case)) in samples.iter().enumerate() {
            // As its original is judged there (its language's limits).
            let limits = limits.at(&session.package, Some(d.of), TestAt::Package(t));
            if jury.run(&program, case, &limits)?.verdict != Verdict::AC {
                progress::advance(runs_each - i as u64 - 1);
                return Ok(Made::FailingSample);
            }
        }
        Ok(Made::Kept(
            Mutant {
                name: d.name,
                label: d.label,
                of: d.of,
                line: d.line,
                narrows: d.narrows,
                diff: d.diff,
                program,
            },
            code,
        ))
    };
    let results: Vec<Result<Made, Stop>> = on_threads(session.jobs, || {
        drafts
            .into_par_iter()
            .map(|d| {
                if cancel.load(Ordering::Relaxed) {
                    return Err(Stop::Interrupted);
                }
                let Some(began) = clock.start() else {
                    progress::advance(runs_each);
                    return Ok(Made::NotStarted);
                };
                let made = one(d);
                clock.done(began);
                made
            })
            .collect()
    });
    if cancel.load(Ordering::Relaxed) {
        return Err(Stop::Interrupted);
    }
    out.coverage = originals
        .into_iter()
        .filter_map(|(i, _, coverage)| Some((i, std::sync::Arc::new(coverage?))))
        .collect();
    let mut codes = HashSet::new();
    for made in results {
        match made? {
            // The first of the mutants with one object code stands for all.
            Made::Kept(_, Some(code)) if !codes.insert(code.clone()) => out.repeats += 1,
            Made::Kept(m, _) => out.kept.push(m),
            Made::Equivalent => out.equivalent += 1,
            Made::NotCompiling => out.not_compiling += 1,
            Made::FailingSample => out.failing_samples += 1,
            Made::NotStarted => out.not_started += 1,
        }
    }
    Ok(out)
}

/// What killed a mutant (the test's index and the verdict), if anything did.
pub type Kill = Option<(usize, Verdict)>;

/// What became of one mutant made.
enum Made {
    /// With its object code, when it has one.
    Kept(Mutant, Option<Vec<u8>>),
    Equivalent,
    NotCompiling,
    FailingSample,
    /// Not started: the share of the budget was spent.
    NotStarted,
}

/// Each of the package's tests with where it is: the cases [`kills`] judges
/// mutants on, each under its own limits.
pub fn package_tests(session: &Session) -> Vec<(TestAt<'static>, &Case)> {
    let at = (0..session.cases.len()).map(TestAt::Package);
    at.zip(&session.cases).collect()
}

/// The first of `cases` that kills each mutant (its index and the run's
/// verdict), or `None` for a survivor. Mutants run in parallel, each on the
/// tests in order until one kills it, each test under the limits of the
/// mutant's original there ([`Limits::at`]: its language's, its group's).
/// A run with no verdict ends it: a mutant that never ran is no survivor,
/// and a jury fault no kill.
pub fn kills(
    session: &Session,
    mutants: &[Mutant],
    cases: &[(TestAt, &Case)],
    limits: &Limits,
    cancel: &AtomicBool,
) -> Result<Vec<Option<(usize, Verdict)>>, Stop> {
    let judged = kills_within(
        session,
        (mutants, cases, limits),
        cancel,
        &MutantsClock::unlimited(),
    )?;
    Ok(judged
        .into_iter()
        .map(|k| k.expect("an unlimited clock admits every mutant"))
        .collect())
}

/// [`kills`], each mutant judged only while `clock` admits one: `None` for
/// a mutant not judged (the share of the budget was spent), which is no
/// survivor.
pub(crate) fn kills_within(
    session: &Session,
    (mutants, cases, limits): (&[Mutant], &[(TestAt, &Case)], &Limits),
    cancel: &AtomicBool,
    clock: &MutantsClock,
) -> Result<Vec<Option<Kill>>, Stop> {
    let jury = session.jury(cancel);
    // The first stop met; the other mutants end at their next run.
    let stopped: Mutex<Option<Stop>> = Mutex::new(None);
    progress::phase(
        "mutants on every test",
        (mutants.len() * cases.len()) as u64,
    );
    let one = |m: &Mutant| -> Option<Kill> {
        for (t, &(at, case)) in cases.iter().enumerate() {
            let mut first = stopped.lock().expect("no panics holding it");
            if cancel.load(Ordering::Relaxed) {
                first.get_or_insert(Stop::Interrupted);
            }
            if first.is_some() {
                return None;
            }
            drop(first);
            match jury.run(
                &m.program,
                case,
                &limits.at(&session.package, Some(m.of), at),
            ) {
                Ok(run) if run.verdict != Verdict::AC => {
                    // The tests it will not run now count as done.
                    progress::advance((cases.len() - t - 1) as u64);
                    progress::caught();
                    return Some(Some((t, run.verdict)));
                }
                Ok(_) => {}
                Err(stop) => {
                    stopped
                        .lock()
                        .expect("no panics holding it")
                        .get_or_insert(stop);
                    return None;
                }
            }
        }
        Some(None)
    };
    // Outer `None`: stopped; `Some(None)`: not judged.
    type Judged = Option<Option<Kill>>;
    let kills: Vec<Judged> = on_threads(session.jobs, || {
        mutants
            .par_iter()
            .map(|m| {
                let Some(began) = clock.start() else {
                    progress::advance(cases.len() as u64);
                    return Some(None);
                };
                let judged = one(m).map(Some);
                clock.done(began);
                judged
            })
            .collect()
    });
    match stopped.into_inner().expect("no panics holding it") {
        Some(stop) => Err(stop),
        None => Ok(kills.into_iter().map(|k| k.expect("ran")).collect()),
    }
}
