//! The stress loop: many small generated inputs, all engines, on all cores.
//!
//! Case `i` of a run with seed `S` is a pure function of `(S, i)`: its family is the
//! `i`-th in round robin, its generator seed is `splitmix64(S + i)`, and its options
//! are drawn (each parameter uniform in `min..=stress`) from a second stream seeded
//! from that seed. A failure is therefore reproducible from one `jurybox gen` line,
//! which the runner writes next to the shrunk case.
//!
//! When programs are judged, inputs stay within the official limits unless the plan
//! says otherwise (a contestant's program is not wrong for refusing a screen the
//! statement rules out): a draw outside them is redrawn with each option at its
//! default (the jury's size) or drawn again, a fair coin each, up to 32 times, and
//! the shrinker only takes official candidates.
//!
//! A failure of a built-in engine is saved to the project's corpus as a regression;
//! a failure of a program is saved to the plan's `found` directory with its output,
//! stderr and verdict. A program failure is run a second time before shrinking: if
//! it does not repeat, it is reported and saved as flaky, with both runs.

use crate::check::{check, round_trip, Fault, Mismatch};
use crate::program::{shell_quote, Program, RunLimits, RunReport, MIB};
use crate::registry::Harness;
use crate::shard::{CaseSet, Shard};
use crate::store::{content_hash, Store};
use crate::{minimize, Shrink};
use jurybox_core::problem::{answer_text, input_text, reference_engine};
use jurybox_core::{Limits, Problem};
use jurybox_generators::{Family, Options, Rng};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When to stop.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// After this many cases.
    Cases(u64),
    /// After this much time, shrinking included (a program's run in progress may
    /// overrun it by at most its own time limit).
    Time(Duration),
}

/// What to run.
pub struct StressPlan<P: Harness> {
    /// Families to draw from, in round robin.
    pub families: Vec<&'static Family<P>>,
    /// When to stop. `Budget::Cases(n)` counts the run's cases `0..n`, of which a
    /// shard runs its own.
    pub budget: Budget,
    /// The part of the run this process does (shards of one seed split its cases).
    pub shard: Shard,
    /// The run's first case: 0, or `I` to replay case `I` alone (with
    /// `Budget::Cases(I + 1)`).
    pub start: u64,
    /// Worker threads.
    pub jobs: usize,
    /// The run's seed.
    pub seed: u64,
    /// External programs judged along with the built-in engines.
    pub programs: Vec<Program>,
    /// Where failing cases of built-in engines are saved (the project's corpus).
    pub store: Store,
    /// Where failing cases of programs are saved (`./jurybox-found/PROBLEM/`).
    pub found_dir: PathBuf,
    /// Let programs see inputs beyond the official limits.
    pub extended: bool,
    /// The most time spent shrinking one failure.
    pub shrink_time: Duration,
}

impl<P: Harness> StressPlan<P> {
    /// A plan with the defaults: every family, no program, the source tree's corpus,
    /// `./jurybox-found/PROBLEM/`, 60 s of shrinking.
    pub fn new(budget: Budget, jobs: usize, seed: u64) -> StressPlan<P> {
        StressPlan {
            families: P::families().iter().collect(),
            budget,
            shard: Shard::WHOLE,
            start: 0,
            jobs,
            seed,
            programs: Vec::new(),
            store: Store::source_tree(),
            found_dir: crate::store::found_dir(P::NAME),
            extended: false,
            shrink_time: Duration::from_secs(60),
        }
    }

    /// The case indices this process runs, in order.
    pub fn case_set(&self) -> CaseSet {
        let end = match self.budget {
            Budget::Cases(n) => n,
            Budget::Time(_) => u64::MAX,
        };
        CaseSet {
            range: self.start.min(end)..end,
            shard: self.shard,
        }
    }

    fn official_only(&self) -> bool {
        !self.programs.is_empty() && !self.extended
    }
}

/// Live counters a caller may poll to draw progress.
#[derive(Debug, Default)]
pub struct Progress {
    /// Cases checked so far.
    pub cases: AtomicU64,
    /// Failures found so far.
    pub failures: AtomicU64,
    /// Set by the caller to stop early (Ctrl-C): running programs are killed within
    /// 50 ms, shrinking stops where it is, a failure found is still saved.
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
    /// What went wrong on the shrunk case (for a flaky failure: the first run).
    pub mismatch: Mismatch,
    /// The `jurybox gen` command that makes the original (unshrunk) input.
    pub generated_by: String,
    /// The command that replays the saved case; `None` when saving failed.
    pub reproduce: Option<String>,
    /// Sizes before and after shrinking.
    pub shrunk: String,
    /// For a failure that did not repeat: the second run, which was accepted.
    pub flaky: Option<RunReport>,
    /// The index of the case in its stress run (`None` outside one, as in fuzzing):
    /// `--seed S --case I` replays it.
    pub case: Option<u64>,
}

impl Found {
    /// Every file saved for this failure, the `.in` last; empty when saving failed.
    pub fn saved_files(&self) -> Vec<PathBuf> {
        let Ok(input) = &self.path else {
            return Vec::new();
        };
        let mut extensions = vec!["ans"];
        if self.mismatch.program_fault().is_some() {
            extensions.extend(["out", "err"]);
            if self.flaky.is_some() {
                extensions.extend(["out2", "err2"]);
            }
            extensions.push("verdict");
        }
        extensions.extend(["note", "in"]);
        extensions
            .into_iter()
            .map(|e| input.with_extension(e))
            .collect()
    }
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
    /// Cases skipped: no official input found for them (see the module doc).
    pub skipped: u64,
    /// Stopped by [`Progress::cancel`].
    pub interrupted: bool,
    /// Stopped because a program could not be started (or no engine could run).
    pub aborted: Option<String>,
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

/// Attempt `attempt` (≥ 1) at an official input for a case: each option at its
/// default or drawn again, a fair coin each.
fn redraw<P: Harness>(family: &'static Family<P>, case_seed: u64, attempt: u64) -> Options {
    let mut rng = Rng::new(splitmix64(case_seed ^ attempt.wrapping_mul(0x9e37_79b9)));
    let mut options = Options::defaults(family.params);
    for p in family.params {
        if rng.range(0, 1) == 1 {
            options.set(p.name, rng.range(p.min, p.stress.max(p.min)));
        }
    }
    options
}

fn is_official<P: Problem>(input: &P::Input) -> bool {
    P::parse_input(input_text::<P>(input).as_bytes(), Limits::Official).is_ok()
}

/// Case `index` of `plan`: the input and the `jurybox gen` line that makes it;
/// `None` when no official input was found for it.
fn make_case<P: Harness>(plan: &StressPlan<P>, index: u64) -> Option<(P::Input, String)> {
    let (family, mut options, case_seed) = case_setup(&plan.families, plan.seed, index);
    for attempt in 0..32 {
        if attempt > 0 {
            options = redraw(family, case_seed, attempt);
        }
        let input = family.make(&options, case_seed);
        if !plan.official_only() || is_official::<P>(&input) {
            let line = format!(
                "jurybox gen {} --family {} --seed {case_seed} {options}   (case {index} of stress --seed {})",
                P::NAME,
                family.name,
                plan.seed
            );
            return Some((input, line));
        }
    }
    None
}

/// Checks one input fully: it round-trips, and every engine agrees.
pub fn check_case<P: Problem>(
    input: &P::Input,
    programs: &[Program],
    cancel: &AtomicBool,
) -> Result<(), Mismatch> {
    round_trip::<P>(input).map_err(|fault| Mismatch {
        engine: "generator".into(),
        reference: "parser".into(),
        fault,
    })?;
    check::<P>(input, programs, cancel).map(|_| ())
}

/// The smallest variant of a failing input that still fails, with its mismatch.
/// `first` is the mismatch of `input`; candidates outside the official limits are
/// skipped when `official_only`; shrinking stops at `deadline` or on `cancel`,
/// keeping the smallest failure found so far. A candidate that fails is never
/// checked again, so a program failing at random cannot make this panic.
pub fn shrink_failure<P: Shrink>(
    input: P::Input,
    first: Mismatch,
    programs: &[Program],
    official_only: bool,
    deadline: Instant,
    cancel: &AtomicBool,
) -> (P::Input, Mismatch) {
    let mut last = first;
    let fails = |candidate: &P::Input| {
        if Instant::now() >= deadline || cancel.load(Ordering::Relaxed) {
            return false;
        }
        if official_only && !is_official::<P>(candidate) {
            return false;
        }
        match check_case::<P>(candidate, programs, cancel) {
            Err(m) if !m.is_interrupted() && !m.could_not_start() => {
                last = m;
                true
            }
            _ => false,
        }
    };
    let small = minimize::<P>(input, 10_000, fails);
    (small, last)
}

/// Greedy shrinking stops where no single step still fails, which may be far from
/// the smallest failure: a papercut counterexample stuck at a 2 × 2 sheet with
/// three cuts when a 2 × 3 sheet with one cut fails too, out of reach of steps
/// that never grow the sheet. So inputs are re-generated, first the failing case's
/// family with its size options scaled down (from their minima upward, 8 steps,
/// 16 seeds each), then every family of the run at its stress sizes (256 cases,
/// drawn as the run draws its cases, from a seed of this case): the first failure
/// against the same engine that is shorter than the greedy result is shrunk in
/// turn and kept when it ends up smaller. All of it is seeded, so the result is
/// the same on every run.
fn escape_local_minimum<P: Harness>(
    plan: &StressPlan<P>,
    index: u64,
    greedy: (P::Input, Mismatch),
    deadline: Instant,
    cancel: &AtomicBool,
) -> (P::Input, Mismatch) {
    let size = |input: &P::Input| input_text::<P>(input).len();
    let (family, options, case_seed) = case_setup(&plan.families, plan.seed, index);
    let scaled = (0..8u64).flat_map(|step| {
        let mut smaller = options.clone();
        for p in family.params {
            let value = options.get(p.name);
            smaller.set(p.name, p.min + value.saturating_sub(p.min) * step / 8);
        }
        (0..16u64).map(move |attempt| {
            family.make(&smaller, splitmix64(case_seed ^ splitmix64(attempt + 1)))
        })
    });
    let others_seed = splitmix64(case_seed ^ 0x6573_6361_7065);
    let others = (0..256u64).map(|j| {
        let (family, options, seed) = case_setup(&plan.families, others_seed, j);
        family.make(&options, seed)
    });
    for candidate in scaled.chain(others) {
        if Instant::now() >= deadline || cancel.load(Ordering::Relaxed) {
            return greedy;
        }
        if size(&candidate) >= size(&greedy.0)
            || (plan.official_only() && !is_official::<P>(&candidate))
        {
            continue;
        }
        match check_case::<P>(&candidate, &plan.programs, cancel) {
            Err(m) if m.engine == greedy.1.engine && !m.is_interrupted() => {
                let found = shrink_failure::<P>(
                    candidate,
                    m,
                    &plan.programs,
                    plan.official_only(),
                    deadline,
                    cancel,
                );
                return if size(&found.0) < size(&greedy.0) {
                    found
                } else {
                    greedy
                };
            }
            _ => {}
        }
    }
    greedy
}

/// The flags that give `program` back to `jurybox check` or `jurybox run`: the
/// command and every limit that differs from the default.
pub fn program_flags(program: &Program) -> String {
    let l = &program.limits;
    let default = RunLimits::with_cpu(l.cpu);
    let mut flags = format!(
        "--program {} --time-limit {}",
        shell_quote(&program.command),
        l.cpu.as_secs_f64()
    );
    if l.wall != default.wall {
        flags += &format!(" --wall-limit {}", l.wall.as_secs_f64());
    }
    // Always stated: a replay on another machine should not depend on its default.
    flags += &format!(" --memory-limit {}", l.memory_bytes / MIB);
    if l.stdout_bytes != default.stdout_bytes {
        flags += &format!(" --output-limit {}", l.stdout_bytes / MIB);
    }
    flags
}

/// Where failures are saved, and the programs whose failures go to `found_dir`.
#[derive(Clone, Copy)]
pub struct SaveTo<'a> {
    /// The corpus (built-in engines' failures).
    pub store: &'a Store,
    /// Programs' failures.
    pub found_dir: &'a Path,
    /// The programs of the run.
    pub programs: &'a [Program],
}

/// Saves a (shrunk) failing case with its note; returns the record to report.
/// A built-in engine's failure goes to the corpus as a regression; a program's to
/// `found_dir` with the program's output, stderr and verdict (and, when flaky, the
/// second run's). The reproduce command is only given once the files are on disk.
pub fn save_failure<P: Harness>(
    to: &SaveTo<'_>,
    original: &P::Input,
    small: &P::Input,
    mismatch: Mismatch,
    generated_by: String,
    flaky: Option<RunReport>,
) -> Found {
    let SaveTo {
        store,
        found_dir,
        programs,
    } = *to;
    let text = input_text::<P>(small);
    let official = P::parse_input(text.as_bytes(), Limits::Official).is_ok();
    // Engines may disagree on this input, so the expected answer is the reference's.
    let answer = reference_answer::<P>(small).unwrap_or_default();
    let extended = if official { "" } else { " --extended" };
    let shrunk = format!("{} -> {}", P::describe(original), P::describe(small));
    let program = programs.iter().find(|p| p.name() == mismatch.engine);
    let (target, saved) = match (program, mismatch.program_fault()) {
        (Some(program), Some(fault)) => {
            let stem = format!("{}-{:016x}", P::NAME, content_hash(text.as_bytes()));
            let target = found_dir.join(&stem).with_extension("in");
            let reproduce = format!(
                "jurybox check {}{extended} {} {}",
                P::NAME,
                target.display(),
                program_flags(program)
            );
            let verdict = format!("{}\n", fault.verdict);
            let mut note = format!(
                "program: {}\nverdict: {}\nfigures: {}\ngenerated by: {generated_by}\nshrunk: {shrunk}\nreproduce: {reproduce}\n",
                program.command,
                crate::program::excerpt(fault.verdict.to_string().as_bytes(), 300),
                fault.report.figures()
            );
            let mut files: Vec<(&str, &[u8])> = vec![
                ("ans", answer.as_bytes()),
                ("out", &fault.report.stdout),
                ("err", &fault.report.stderr),
                ("verdict", verdict.as_bytes()),
            ];
            if let Some(second) = &flaky {
                note += &format!(
                    "FLAKY: the same input was accepted when run again ({}); its output is in .out2, its stderr in .err2\n",
                    second.figures()
                );
                files.push(("out2", &second.stdout));
                files.push(("err2", &second.stderr));
            }
            files.push(("note", note.as_bytes()));
            files.push(("in", text.as_bytes()));
            let saved = Store::save_set(found_dir, &stem, &files).map(|p| (p, reproduce));
            (target, saved)
        }
        _ => {
            let target = store.regression_path(P::NAME, "stress", &text);
            let reproduce = format!("jurybox check {}{extended} {}", P::NAME, target.display());
            let note = format!(
                "caught: {mismatch}\ngenerated by: {generated_by}\nshrunk: {shrunk}\nreproduce: {reproduce}\n"
            );
            let saved = store
                .save_regression(P::NAME, "stress", &text, &answer, &note)
                .map(|p| (p, reproduce));
            (target, saved)
        }
    };
    let (path, reproduce) = match saved {
        Ok((path, reproduce)) => (Ok(path), Some(reproduce)),
        Err(e) => (
            Err(format!("could not save {}: {e}", target.display())),
            None,
        ),
    };
    Found {
        reproduce,
        path,
        input: text,
        mismatch,
        generated_by,
        shrunk,
        flaky,
        case: None,
    }
}

fn reference_answer<P: Problem>(input: &P::Input) -> Option<String> {
    let engine = reference_engine::<P>(input)?;
    let answer = catch_unwind(AssertUnwindSafe(|| (engine.solve)(input))).ok()?;
    Some(answer_text::<P>(input, &answer))
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
            let input = P::parse_input(bytes, Limits::Official).ok()?;
            Some((input, format!("sample {name}")))
        })
        .or_else(|| make_case(plan, 0))
}

/// Prefix of the names of the runner's threads.
pub const WORKER_PREFIX: &str = "stress-worker-";

/// Cases each worker claims at once: enough to keep the shared counter cold.
const BATCH: u64 = 64;

/// What one worker does with a failing case: confirm, shrink, save.
fn handle_failure<P: Harness>(
    plan: &StressPlan<P>,
    progress: &Progress,
    start: Instant,
    index: u64,
    input: P::Input,
    first: Mismatch,
    generated_by: String,
) -> Found {
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
    Found {
        case: Some(index),
        ..save_failure::<P>(&to, &input, &small, mismatch, generated_by, flaky)
    }
}

/// Runs `plan`'s cases ([`StressPlan::case_set`]), updating `progress`; stops at the
/// budget, at the first failure or when `progress.cancel` is set.
pub fn run_stress<P: Harness>(plan: &StressPlan<P>, progress: &Progress) -> Summary {
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
    std::thread::scope(|scope| {
        for worker in 0..plan.jobs.max(1) {
            let body = || {
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
                        let Some((input, generated_by)) = make_case(plan, index) else {
                            skipped.fetch_add(1, Ordering::Relaxed);
                            continue;
                        };
                        match check_case::<P>(&input, &plan.programs, &progress.cancel) {
                            Ok(()) => {}
                            Err(m) if m.is_interrupted() => break,
                            Err(m) if m.could_not_start() || m.fault == Fault::NoEngine => {
                                stop.store(true, Ordering::Relaxed);
                                *aborted.lock().unwrap_or_else(|e| e.into_inner()) =
                                    Some(m.to_string());
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
                                    generated_by,
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
        skipped: skipped.into_inner(),
        interrupted: progress.cancel.load(Ordering::Relaxed),
        aborted: aborted.into_inner().unwrap_or_else(|e| e.into_inner()),
    }
}
