//! The stress loop: many small generated inputs, all engines, on all cores.
//!
//! Case `i` of a run with seed `S` is a pure function of `(S, i)`: its family is the
//! `i`-th in round robin, its generator seed is `splitmix64(S + i)`, and its options
//! are drawn (each parameter uniform in `min..=stress`) from a second stream seeded
//! from that seed. A failure is therefore reproducible from one `jurybox gen` line,
//! which the runner writes next to the shrunk case.

use crate::check::{check, round_trip, Mismatch};
use crate::program::Program;
use crate::registry::Harness;
use crate::store::Store;
use crate::{minimize, Shrink};
use jurybox_core::problem::{answer_text, input_text, reference_engine};
use jurybox_core::{Limits, Problem};
use jurybox_generators::{Family, Options, Rng};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When to stop.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// After this many cases.
    Cases(u64),
    /// After this much time.
    Time(Duration),
}

/// What to run.
pub struct Plan<P: Harness> {
    /// Families to draw from, in round robin.
    pub families: Vec<&'static Family<P>>,
    /// When to stop.
    pub budget: Budget,
    /// Worker threads.
    pub jobs: usize,
    /// The run's seed.
    pub seed: u64,
    /// External programs judged along with the built-in engines.
    pub programs: Vec<Program>,
    /// Where failing cases are saved.
    pub store: Store,
}

/// Live counters a caller may poll to draw progress.
#[derive(Debug, Default)]
pub struct Progress {
    /// Cases checked so far.
    pub cases: AtomicU64,
    /// Failures found so far.
    pub failures: AtomicU64,
    /// Set by the caller to stop early (Ctrl-C).
    pub cancel: AtomicBool,
}

/// A failure, saved before it is reported.
#[derive(Clone, Debug)]
pub struct Found {
    /// The `.in` file of the shrunk case, or why it could not be written (then
    /// `input` is the only copy, and the caller must print it).
    pub path: Result<PathBuf, String>,
    /// The shrunk input's text.
    pub input: String,
    /// What went wrong on the shrunk case.
    pub mismatch: Mismatch,
    /// The `jurybox gen` command that makes the original (unshrunk) input.
    pub generated_by: String,
    /// The command that replays the saved case.
    pub reproduce: String,
    /// Sizes before and after shrinking.
    pub shrunk: String,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Cases checked.
    pub cases: u64,
    /// Failures found (each saved to disk).
    pub failures: Vec<Found>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// SplitMix64: turns consecutive case numbers into independent seeds.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The family, options and generator seed of case `index`.
pub fn case_setup<P: Harness>(
    families: &[&'static Family<P>],
    seed: u64,
    index: u64,
) -> (&'static Family<P>, Options, u64) {
    let family = families[(index % families.len() as u64) as usize];
    let case_seed = splitmix64(seed.wrapping_add(index));
    let mut rng = Rng::new(splitmix64(case_seed));
    let mut options = Options::defaults(family.params);
    for p in family.params {
        options.set(p.name, rng.range(p.min, p.stress.max(p.min)));
    }
    (family, options, case_seed)
}

/// Checks one input fully: it round-trips, and every engine agrees.
pub fn check_case<P: Problem>(input: &P::Input, programs: &[Program]) -> Result<(), Mismatch> {
    round_trip::<P>(input).map_err(|fault| Mismatch {
        engine: "generator".into(),
        reference: "parser".into(),
        fault,
    })?;
    check::<P>(input, programs).map(|_| ())
}

/// The smallest variant of a failing input that still fails, with its mismatch.
pub fn shrink_failure<P: Shrink>(input: P::Input, programs: &[Program]) -> (P::Input, Mismatch) {
    let fails = |candidate: &P::Input| check_case::<P>(candidate, programs).is_err();
    let small = minimize::<P>(input, 10_000, fails);
    let mismatch = check_case::<P>(&small, programs).expect_err("a shrunk case still fails");
    (small, mismatch)
}

/// Saves a (shrunk) failing case with its note; returns the record to report.
pub fn save_failure<P: Harness>(
    store: &Store,
    original: &P::Input,
    small: &P::Input,
    mismatch: Mismatch,
    generated_by: String,
) -> Found {
    let text = input_text::<P>(small);
    let official = P::parse_input(text.as_bytes(), Limits::Official).is_ok();
    // Engines may disagree on this input, so the expected answer is the reference's.
    let answer = reference_answer::<P>(small).unwrap_or_default();
    let extended = if official { "" } else { " --extended" };
    let target = store.regression_path(P::NAME, "stress", &text);
    let reproduce = format!("jurybox check {}{extended} {}", P::NAME, target.display());
    let shrunk = format!("{} -> {}", P::describe(original), P::describe(small));
    let note = format!(
        "caught: {mismatch}\ngenerated by: {generated_by}\nshrunk: {shrunk}\nreproduce: {reproduce}\n"
    );
    let path = store
        .save_regression(P::NAME, "stress", &text, &answer, &note)
        .map_err(|e| format!("could not save {}: {e}", target.display()));
    Found {
        reproduce,
        path,
        input: text,
        mismatch,
        generated_by,
        shrunk,
    }
}

fn reference_answer<P: Problem>(input: &P::Input) -> Option<String> {
    let engine = reference_engine::<P>(input)?;
    let answer = catch_unwind(AssertUnwindSafe(|| (engine.solve)(input))).ok()?;
    Some(answer_text::<P>(input, &answer))
}

/// Prefix of the names of the runner's threads.
pub const WORKER_PREFIX: &str = "stress-worker-";

/// Cases each worker claims at once: enough to keep the shared counter cold.
const BATCH: u64 = 64;

/// Runs `plan`, updating `progress`; stops at the budget or at the first failure.
pub fn run<P: Harness>(plan: &Plan<P>, progress: &Progress) -> Summary {
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let failures = Mutex::new(Vec::new());
    let limit = match plan.budget {
        Budget::Cases(n) => n,
        Budget::Time(_) => u64::MAX,
    };
    let out_of_time = || matches!(plan.budget, Budget::Time(t) if start.elapsed() >= t);
    std::thread::scope(|scope| {
        for worker in 0..plan.jobs.max(1) {
            let body = || {
                while !stop.load(Ordering::Relaxed)
                    && !progress.cancel.load(Ordering::Relaxed)
                    && !out_of_time()
                {
                    let first = next.fetch_add(BATCH, Ordering::Relaxed);
                    if first >= limit {
                        break;
                    }
                    let last = (first + BATCH).min(limit);
                    for index in first..last {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let (family, options, case_seed) =
                            case_setup(&plan.families, plan.seed, index);
                        let input = family.make(&options, case_seed);
                        if check_case::<P>(&input, &plan.programs).is_err() {
                            stop.store(true, Ordering::Relaxed);
                            let generated_by = format!(
                                "jurybox gen {} --family {} --seed {case_seed} {options}   (case {index} of stress --seed {})",
                                P::NAME,
                                family.name,
                                plan.seed
                            );
                            let (small, mismatch) =
                                shrink_failure::<P>(input.clone(), &plan.programs);
                            let found = save_failure::<P>(
                                &plan.store,
                                &input,
                                &small,
                                mismatch,
                                generated_by,
                            );
                            progress.failures.fetch_add(1, Ordering::Relaxed);
                            failures
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push(found);
                        }
                        progress.cases.fetch_add(1, Ordering::Relaxed);
                    }
                }
            };
            // Named so that a caller's panic hook can stay quiet about engine panics,
            // which are caught and reported as failures.
            std::thread::Builder::new()
                .name(format!("{WORKER_PREFIX}{worker}"))
                .spawn_scoped(scope, body)
                .expect("could not spawn a stress worker");
        }
    });
    Summary {
        cases: progress.cases.load(Ordering::Relaxed),
        failures: failures.into_inner().unwrap_or_else(|e| e.into_inner()),
        elapsed: start.elapsed(),
    }
}
