//! The stress loop: many small generated inputs, all engines, on all cores.
//!
//! Case `i` of a run is a pure function of the run's seed and `i` (see
//! [`crate::case`]); the workers claim case numbers from one counter, check each
//! case, and the first failure is confirmed (a program's is run again: one that
//! does not repeat is flaky), shrunk ([`crate::shrink`]) and saved
//! ([`crate::save`]) before it is reported.

use crate::case::{check_case_with_text, make_case, make_case_with_text};
use crate::check::{check, Fault, Mismatch};
use crate::plan::StressPlan;
use crate::registry::Harness;
use crate::save::{save_failure, SaveTo, SavedFailure};
use crate::shrink::{escape_local_minimum, shrink_failure};
use jurybox_core::Constraints;
use jurybox_judging::jobs::{on_each_thread, Budget};
use jurybox_sandbox::Program;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Live counters a caller may poll to draw progress.
#[derive(Debug, Default)]
pub struct LiveCounters {
    /// Cases checked so far.
    pub cases: AtomicU64,
    /// Failures found so far.
    pub failures: AtomicU64,
    /// Set by the caller to stop early (Ctrl-C): running programs are killed within
    /// 50 ms, shrinking stops where it is, a failure found is still saved.
    pub cancel: AtomicBool,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Cases checked.
    pub cases: u64,
    /// Failures found (each saved to disk).
    pub failures: Vec<SavedFailure>,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Cases skipped: no official input found for them (see the module doc).
    pub skipped: u64,
    /// Stopped by [`LiveCounters::cancel`].
    pub interrupted: bool,
    /// Stopped because a program could not be started (or no engine could run).
    pub aborted: Option<String>,
}

/// Runs each program once on `input` (the problem's first sample) before a stress
/// run: a program that cannot start, or fails on the sample, is reported here and
/// nothing is saved.
pub fn precheck<P: Harness>(
    programs: &[Program],
    input: &P::Input,
    cancel: &AtomicBool,
) -> Result<(), Mismatch> {
    for program in programs {
        check::<P>(input, std::slice::from_ref(program), cancel)?;
    }
    Ok(())
}

/// The input a program is prechecked on: the first of `samples` (name, bytes: the
/// binary's own copy of the spec's samples, not a path on the machine that built
/// it) that reads, else case 0 of the plan.
pub fn first_sample<'a, P: Harness>(
    plan: &StressPlan<P>,
    samples: impl IntoIterator<Item = (&'a str, &'a [u8])>,
) -> Option<(P::Input, String)> {
    samples
        .into_iter()
        .find_map(|(name, bytes)| {
            let input = P::parse_input(bytes, Constraints::Official).ok()?;
            Some((input, format!("sample {name}")))
        })
        .or_else(|| make_case(plan, 0))
}

/// Prefix of the names of the runner's threads: the one pool's
/// (`jurybox_judging::jobs`), on each of which a worker claims cases.
pub const WORKER_PREFIX: &str = jurybox_judging::jobs::THREAD_PREFIX;

/// Cases each worker claims at once: enough to keep the shared counter cold.
const BATCH: u64 = 64;

/// What one worker does with a failing case: confirm, shrink, save.
fn handle_failure<P: Harness>(
    plan: &StressPlan<P>,
    progress: &LiveCounters,
    start: Instant,
    index: u64,
    input: P::Input,
    first: Mismatch,
    generated_by: String,
) -> SavedFailure {
    let cancel = &progress.cancel;
    let mut flaky = None;
    let mut first = first;
    let mut deadline = Instant::now() + plan.shrink_time;
    if let Budget::Time(t) = plan.budget {
        deadline = deadline.min(start + t);
    }
    // With no time left the failure is saved unconfirmed and unshrunk: the budget
    // holds to within the one run that found it.
    if first.program_fault().is_some()
        && Instant::now() < deadline
        && !cancel.load(Ordering::Relaxed)
    {
        // Does it repeat? A program may fail at random (uninitialised memory, time).
        match check::<P>(&input, &plan.programs, cancel) {
            Ok(agreement) => {
                let engine = &first.engine;
                let index = plan.programs.iter().position(|p| &p.name() == engine);
                flaky = index.and_then(|i| agreement.runs.get(i).cloned());
            }
            Err(again) if !again.is_interrupted() && !again.could_not_start() => first = again,
            Err(_) => {}
        }
    }
    let (small, mismatch) = if flaky.is_some() {
        (input.clone(), first)
    } else {
        let greedy = shrink_failure::<P>(
            input.clone(),
            first,
            &plan.programs,
            plan.official_only(),
            deadline,
            cancel,
        );
        escape_local_minimum::<P>(plan, index, greedy, deadline, cancel)
    };
    let to = SaveTo {
        store: &plan.store,
        found_dir: &plan.found_dir,
        programs: &plan.programs,
    };
    SavedFailure {
        case: Some(index),
        ..save_failure::<P>(&to, &input, &small, mismatch, generated_by, flaky)
    }
}

/// Runs `plan`'s cases ([`StressPlan::case_set`]), updating `progress`; stops at the
/// budget, at the first failure or when `progress.cancel` is set.
pub fn run_stress<P: Harness>(plan: &StressPlan<P>, progress: &LiveCounters) -> Summary {
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let skipped = AtomicU64::new(0);
    let failures = Mutex::new(Vec::new());
    let aborted = Mutex::new(None);
    let cases = plan.case_set();
    let limit = cases.len();
    let out_of_time = || matches!(plan.budget, Budget::Time(t) if start.elapsed() >= t);
    let halted =
        || stop.load(Ordering::Relaxed) || progress.cancel.load(Ordering::Relaxed) || out_of_time();
    // External programs take milliseconds a case: claim them one at a time so
    // that the budget is checked between any two runs.
    let batch = if plan.programs.is_empty() { BATCH } else { 1 };
    // One body per thread of the one work queue, each claiming cases from the
    // shared counter; the threads are named so that a caller's panic hook can
    // stay quiet about engine panics, which are caught and reported as failures.
    on_each_thread(plan.jobs, || {
        while !halted() {
            let first = next.fetch_add(batch, Ordering::Relaxed);
            if first >= limit {
                break;
            }
            let last = (first + batch).min(limit);
            for k in first..last {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let Some(index) = cases.nth(k) else { break };
                let Some((input, text, generated_by)) = make_case_with_text(plan, index) else {
                    skipped.fetch_add(1, Ordering::Relaxed);
                    continue;
                };
                match check_case_with_text::<P>(&input, text, &plan.programs, &progress.cancel) {
                    Ok(()) => {}
                    Err(m) if m.is_interrupted() => break,
                    Err(m) if m.could_not_start() || m.fault == Fault::NoEngine => {
                        stop.store(true, Ordering::Relaxed);
                        *aborted.lock().unwrap_or_else(|e| e.into_inner()) = Some(m.to_string());
                        break;
                    }
                    // Only the first failure is shrunk and saved: the other
                    // workers' cases in flight are dropped.
                    Err(_) if stop.swap(true, Ordering::Relaxed) => break,
                    Err(m) => {
                        let found = handle_failure(
                            plan,
                            progress,
                            start,
                            index,
                            input,
                            m,
                            generated_by.to_string(),
                        );
                        progress.failures.fetch_add(1, Ordering::Relaxed);
                        failures
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(found);
                    }
                }
                progress.cases.fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    Summary {
        cases: progress.cases.load(Ordering::Relaxed),
        failures: failures.into_inner().unwrap_or_else(|e| e.into_inner()),
        elapsed: start.elapsed(),
        skipped: skipped.into_inner(),
        interrupted: progress.cancel.load(Ordering::Relaxed),
        aborted: aborted.into_inner().unwrap_or_else(|e| e.into_inner()),
    }
}
