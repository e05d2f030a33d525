//! The run loop of a setter's own problem: the package's samples first, then case
//! i of seed S generated from `splitmix64(S + i)` (the same case seeds as the
//! built-in problems' runs), judged on `jobs` threads; the first failure (the
//! lowest case that fails) is shrunk, saved, and reported.

use super::{generate, generate_sized, judge_case, CaseResult, JuryCommands};
use jurybox_judging::jobs::{on_threads, Budget};
use jurybox_judging::seed::{case_seed, splitmix64};
use jurybox_judging::store::{content_hash, write_atomically};
use jurybox_judging::verdict::{NoVerdict, RunVerdict};
use jurybox_sandbox::{shell_quote, RunLimits, RunReport};
use jurybox_search::shrink::{shrink, ShrinkStats};
use jurybox_search::sizes::{expand, smaller_sizes};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A run of a setter's problem.
#[derive(Clone, Debug)]
pub struct AnyPlan {
    /// The jury.
    pub jury: JuryCommands,
    /// The program under test.
    pub program: String,
    /// Its limits.
    pub limits: RunLimits,
    /// The run's seed.
    pub seed: u64,
    /// When to stop.
    pub budget: Budget,
    /// Worker threads.
    pub jobs: usize,
    /// Inputs judged before any generated one (a package's samples).
    pub samples: Vec<(String, Vec<u8>)>,
    /// Where a failure is saved.
    pub save: PathBuf,
    /// The most time spent shrinking.
    pub shrink_time: Duration,
    /// The flags that name the jury and the program, for the reproduce line.
    pub replay: String,
}

/// Total and worst CPU time of one program over the cases.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CpuSummary {
    /// Total.
    pub total: Duration,
    /// The slowest case.
    pub worst: Duration,
}

impl CpuSummary {
    fn add(&mut self, report: &RunReport) {
        self.total += report.cpu;
        self.worst = self.worst.max(report.cpu);
    }
}

/// A failure, shrunk and saved.
#[derive(Clone, Debug)]
pub struct AnyFailure {
    /// The case (`sample NAME` or `case I (seed S)`).
    pub case: String,
    /// The generator command that made the original (none for a sample).
    pub generator: Option<String>,
    /// How it failed on the minimal input.
    pub verdict: RunVerdict,
    /// The program's figures on the minimal input (CPU, wall, memory).
    pub figures: String,
    /// What shrinking did.
    pub stats: ShrinkStats,
    /// The files written, the minimal input last.
    pub saved: Vec<PathBuf>,
    /// The shell line that replays the minimal input.
    pub reproduce: String,
}

/// How a run ended.
#[derive(Clone, Debug, Default)]
pub struct AnyOutcome {
    /// Cases judged (samples included).
    pub cases: u64,
    /// The reference's CPU time over the accepted cases.
    pub reference: CpuSummary,
    /// The program's.
    pub program: CpuSummary,
    /// The first failure, if any.
    pub failure: Option<AnyFailure>,
    /// The jury's fault that stopped the run, if any.
    pub jury_fault: Option<String>,
    /// Stopped by Ctrl-C.
    pub interrupted: bool,
}

/// What the workers found.
enum Found {
    Failure {
        index: u64,
        input: Vec<u8>,
        verdict: RunVerdict,
    },
    Fault(String),
}

/// Whether the generator is a function of its seed: run once, then again
/// only if the first run worked (a hanging generator costs one wall-clock
/// limit). When not, or when it fails (the jury's fault) or Ctrl-C came,
/// `outcome` says so and the run ends.
fn generator_is_pure(plan: &AnyPlan, cancel: &AtomicBool, outcome: &mut AnyOutcome) -> bool {
    let first_seed = splitmix64(plan.seed);
    let twice = generate(&plan.jury, first_seed, cancel)
        .and_then(|a| generate(&plan.jury, first_seed, cancel).map(|b| (a, b)));
    match twice {
        Ok((a, b)) if a != b => {
            outcome.jury_fault = Some(format!(
                "the generator printed different bytes for the same seed {first_seed}: \
                 it must be a pure function of its arguments (seed your random generator \
                 with {{seed}})"
            ));
            false
        }
        Err(NoVerdict::JuryFault(why)) => {
            outcome.jury_fault = Some(why);
            false
        }
        Err(NoVerdict::Interrupted) => {
            outcome.interrupted = true;
            false
        }
        Ok(_) => true,
    }
}

/// An input the generator made and the validator rejects: saved as
/// `invalid-SEED.in` (or why not), the jury's fault.
fn invalid_found(plan: &AnyPlan, (index, seed): (u64, u64), input: &[u8], why: &str) -> Found {
    let path = plan.save.join(format!("invalid-{seed}.in"));
    let saved = std::fs::create_dir_all(&plan.save)
        .and_then(|_| write_atomically(&path, input))
        .map_or_else(
            |e| format!("(not saved: {e})"),
            |_| path.display().to_string(),
        );
    Found::Fault(format!(
        "the generator made an input the validator rejects (case {index}, \
             seed {seed}, saved as {saved}): {why}"
    ))
}

/// Runs `plan`; `done` counts judged cases for a progress display.
pub fn run_any(plan: &AnyPlan, cancel: &AtomicBool, done: &AtomicU64) -> AnyOutcome {
    let mut outcome = AnyOutcome::default();
    if !generator_is_pure(plan, cancel, &mut outcome) {
        return outcome;
    }
    let started = Instant::now();
    let summary = Mutex::new((CpuSummary::default(), CpuSummary::default()));
    let tally = |result: &CaseResult| {
        if let CaseResult::Accepted { reference, program } = result {
            let mut s = summary.lock().expect("no panics holding it");
            s.0.add(reference);
            s.1.add(program);
        }
    };
    // Samples, in order, on this thread.
    for (name, input) in &plan.samples {
        let result = judge_case(&plan.jury, &plan.program, &plan.limits, input, cancel);
        done.fetch_add(1, Ordering::Relaxed);
        tally(&result);
        match result {
            CaseResult::Accepted { .. } => {}
            CaseResult::Invalid(why) => {
                outcome.jury_fault = Some(format!("sample {name} is invalid: {why}"));
                break;
            }
            CaseResult::NoVerdict(NoVerdict::JuryFault(why)) => {
                outcome.jury_fault = Some(format!("sample {name}: {why}"));
                break;
            }
            CaseResult::NoVerdict(NoVerdict::Interrupted) => break,
            CaseResult::Failed { verdict, .. } => {
                outcome.failure = Some(shrink_and_save(
                    plan,
                    &format!("sample {name}"),
                    None,
                    input,
                    &verdict,
                    cancel,
                ));
                break;
            }
        }
    }
    if outcome.failure.is_none() && outcome.jury_fault.is_none() {
        let found: Mutex<Option<Found>> = Mutex::new(None);
        let stop = AtomicBool::new(false);
        // Case numbers are handed out in order (par_bridge pulls them one at a
        // time), so a time budget runs a prefix of the cases. Err stops the loop.
        let _ = on_threads(plan.jobs, || {
            (0u64..).par_bridge().try_for_each(|index| {
                if stop.load(Ordering::Relaxed) || cancel.load(Ordering::Relaxed) {
                    return Err(());
                }
                let over = match plan.budget {
                    Budget::Cases(n) => index >= n,
                    Budget::Time(t) => started.elapsed() >= t,
                };
                if over {
                    return Err(());
                }
                let seed = case_seed(plan.seed, index);
                let input = match generate(&plan.jury, seed, cancel) {
                    Ok(input) => input,
                    Err(NoVerdict::Interrupted) => return Err(()),
                    Err(NoVerdict::JuryFault(why)) => {
                        stop.store(true, Ordering::Relaxed);
                        *found.lock().expect("no panics") = Some(Found::Fault(why));
                        return Err(());
                    }
                };
                let result = judge_case(&plan.jury, &plan.program, &plan.limits, &input, cancel);
                done.fetch_add(1, Ordering::Relaxed);
                tally(&result);
                let report = match result {
                    CaseResult::Accepted { .. } => return Ok(()),
                    CaseResult::NoVerdict(NoVerdict::Interrupted) => return Err(()),
                    CaseResult::Failed { verdict, .. } => Found::Failure {
                        index,
                        input,
                        verdict,
                    },
                    CaseResult::Invalid(why) => invalid_found(plan, (index, seed), &input, &why),
                    CaseResult::NoVerdict(NoVerdict::JuryFault(why)) => {
                        Found::Fault(format!("case {index} (seed {seed}): {why}"))
                    }
                };
                stop.store(true, Ordering::Relaxed);
                let mut slot = found.lock().expect("no panics");
                // Keep the lowest failing case, so a run's report does not
                // depend on which worker got there first.
                let lower = match (&*slot, &report) {
                    (Some(Found::Failure { index: old, .. }), Found::Failure { index, .. }) => {
                        index < old
                    }
                    (Some(Found::Fault(_)), _) => false,
                    _ => true,
                };
                if lower {
                    *slot = Some(report);
                }
                Err(())
            })
        });
        match found.into_inner().expect("threads joined") {
            Some(Found::Fault(why)) => outcome.jury_fault = Some(why),
            Some(Found::Failure {
                index,
                input,
                verdict,
            }) => {
                let seed = case_seed(plan.seed, index);
                let generator = expand(&plan.jury.generator, seed, None);
                outcome.failure = Some(shrink_and_save(
                    plan,
                    &format!("case {index} (seed {seed})"),
                    Some(generator),
                    &input,
                    &verdict,
                    cancel,
                ));
            }
            None => {}
        }
    }
    outcome.cases = done.load(Ordering::Relaxed);
    outcome.interrupted = cancel.load(Ordering::Relaxed);
    let s = summary.into_inner().expect("threads joined");
    (outcome.reference, outcome.program) = s;
    outcome
}

/// Shrinks `input` keeping the failure's kind (its verdict's code), saves the minimal and original
/// inputs with every program's output, and says how to replay it. Ctrl-C
/// (`cancel`) ends shrinking at the smallest input found so far, which is still
/// judged once more (for the outputs saved beside it) and saved.
fn shrink_and_save(
    plan: &AnyPlan,
    case: &str,
    generator: Option<String>,
    input: &[u8],
    found: &RunVerdict,
    cancel: &AtomicBool,
) -> AnyFailure {
    let same_failure = |candidate: &[u8]| {
        matches!(
            judge_case(&plan.jury, &plan.program, &plan.limits, candidate, cancel),
            CaseResult::Failed { verdict, .. } if verdict.code() == found.code()
        )
    };
    let deadline = Instant::now() + plan.shrink_time;
    // With size markers, first the same failure at smaller sizes, re-generated with
    // many seeds: the greedy steps then start from the smallest one found.
    let mut start = input.to_vec();
    let mut regenerated = None;
    'sizes: for sizes in smaller_sizes(&plan.jury.generator, 8) {
        for attempt in 0..16u64 {
            if Instant::now() >= deadline || cancel.load(Ordering::Relaxed) {
                break 'sizes;
            }
            let seed = splitmix64(plan.seed ^ splitmix64(attempt + 1));
            let Ok(candidate) = generate_sized(&plan.jury, seed, Some(&sizes), cancel) else {
                continue;
            };
            if candidate.len() < start.len() && same_failure(&candidate) {
                start = candidate;
                regenerated = Some(expand(&plan.jury.generator, seed, Some(&sizes)));
                break 'sizes;
            }
        }
    }
    let (minimal, mut stats) = shrink(&start, &same_failure, deadline, plan.jobs);
    let never = AtomicBool::new(false);
    stats.bytes.0 = input.len();
    let (verdict, outputs) =
        match judge_case(&plan.jury, &plan.program, &plan.limits, &minimal, &never) {
            CaseResult::Failed {
                verdict,
                reference,
                program,
                dialogue,
            } => (verdict, Some((reference, program, dialogue))),
            // Flaky: the minimal input no longer fails; keep the original verdict.
            _ => (found.clone(), None),
        };
    let figures = outputs
        .as_ref()
        .map_or_else(String::new, |(_, program, _)| program.figures());
    let name = format!("any-{:016x}", content_hash(&minimal));
    let path = |ext: &str| plan.save.join(format!("{name}.{ext}"));
    let reproduce = format!(
        "jurybox stress {} --input {}",
        plan.replay,
        shell_quote(&path("in").display().to_string())
    );
    let mut note = format!(
        "verdict: {verdict} ({figures})\ncase: {case}\nshrunk: {stats}\nreproduce: {reproduce}\n"
    );
    if let Some(smaller) = &regenerated {
        note += &format!("shrunk from a smaller re-generated case: {smaller}\n");
    }
    if let Some((_, _, Some(dialogue))) = &outputs {
        for remark in dialogue.remarks() {
            note += &format!("{remark}\n");
        }
    }
    if let Some(generator) = &generator {
        note += &format!("generator: {generator}\n");
        // A line for the setter's BAPCtools generators.yaml: the original test.
        note += &format!("generators.yaml: {name}: {generator}\n");
    }
    let mut files: Vec<(PathBuf, Vec<u8>)> = vec![
        (path("original.in"), input.to_vec()),
        (path("note"), note.into_bytes()),
    ];
    match outputs {
        // Interactive: the dialogue in the samples' format, both sides' stderr.
        Some((_, program, Some(dialogue))) => {
            files.push((path("interaction"), dialogue.transcript()));
            files.push((path("err"), program.stderr.clone()));
            if let Some(pass) = dialogue.passes.last() {
                files.push((
                    path("interactor.err"),
                    pass.report.interactor.stderr.clone(),
                ));
            }
            files.push((path("verdict"), format!("{verdict}\n").into_bytes()));
        }
        Some((reference, program, None)) => {
            files.push((path("ans"), reference.stdout.clone()));
            files.push((path("out"), program.stdout.clone()));
            files.push((path("err"), program.stderr.clone()));
        }
        None => {}
    }
    files.push((path("in"), minimal.clone()));
    let mut saved = Vec::new();
    let created = std::fs::create_dir_all(&plan.save);
    for (file, bytes) in files {
        if created.is_ok() && write_atomically(&file, &bytes).is_ok() {
            saved.push(file);
        }
    }
    AnyFailure {
        case: case.to_string(),
        generator,
        verdict,
        figures,
        stats,
        saved,
        reproduce,
    }
}

/// Judges one saved input (`--input FILE`): the replay of a failure.
pub fn replay(plan: &AnyPlan, input: &Path, cancel: &AtomicBool) -> std::io::Result<CaseResult> {
    let bytes = std::fs::read(input)?;
    Ok(judge_case(
        &plan.jury,
        &plan.program,
        &plan.limits,
        &bytes,
        cancel,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(program: &str, save: &Path) -> AnyPlan {
        AnyPlan {
            jury: JuryCommands {
                // n, then n numbers in 0..=99 (from the seed), one per line.
                generator: "awk -v s={seed} 'BEGIN { srand(s % 100000); n = 1 + int(rand() * 8); print n; for (i = 0; i < n; i++) print int(rand() * 100) }'".into(),
                reference: Some("awk 'NR > 1 { if ($1 > m) m = $1 } END { print m + 0 }'".into()),
                checker: jurybox_judging::tool::OutputCheck::tokens(),
                // testlib protocol: exit 0 when valid.
                validators: vec![jurybox_judging::tool::Tool::new("awk 'NR == 1 { n = $1; if (NF != 1 || n < 1) bad = 1; next } \
                              { if (NF != 1 || $1 !~ /^[0-9]+$/ || $1 > 99) bad = 1; c++ } \
                              END { exit (bad || c != n) }'"
                        , jurybox_core::verdict::Protocol::Testlib)],
                limits: RunLimits::default(),
                interactor: None,
            },
            program: program.into(),
            limits: RunLimits::default(),
            seed: 7,
            budget: Budget::Cases(200),
            jobs: 2,
            samples: Vec::new(),
            save: save.to_path_buf(),
            shrink_time: Duration::from_secs(60),
            replay: "--gen G --reference R --program P".into(),
        }
    }

    #[test]
    fn a_planted_bug_is_found_shrunk_and_saved() {
        let dir = tempfile::tempdir().unwrap();
        // Wrong when some number is at least 50: prints the first one instead.
        let buggy = "awk 'NR == 2 { f = $1 } NR > 1 { if ($1 > m) m = $1 } END { print (m >= 50 ? f : m) + 0 }'";
        let outcome = run_any(
            &plan(buggy, dir.path()),
            &AtomicBool::new(false),
            &AtomicU64::new(0),
        );
        assert!(outcome.jury_fault.is_none(), "{:?}", outcome.jury_fault);
        let failure = outcome.failure.expect("the bug is found");
        assert!(
            matches!(failure.verdict, RunVerdict::WrongAnswer(_)),
            "{:?}",
            failure.verdict
        );
        let minimal = std::fs::read_to_string(failure.saved.last().unwrap()).unwrap();
        // One number of at least 50 after a smaller first one: n = 2, "0" then "50".
        assert_eq!(minimal, "2\n0\n50\n", "{}", failure.stats);
        let note = std::fs::read_to_string(
            dir.path().join(
                failure
                    .saved
                    .iter()
                    .find(|p| p.extension().is_some_and(|e| e == "note"))
                    .unwrap(),
            ),
        )
        .unwrap();
        assert!(note.contains("reproduce: jurybox stress"), "{note}");
        assert!(note.contains("generators.yaml: "), "{note}");
        assert!(failure.case.starts_with("case "));
    }

    #[test]
    fn a_correct_program_passes_and_its_times_are_summed() {
        let dir = tempfile::tempdir().unwrap();
        let mut plan = plan(
            "awk 'NR > 1 { if ($1 > m) m = $1 } END { print m + 0 }'",
            dir.path(),
        );
        plan.budget = Budget::Cases(20);
        let outcome = run_any(&plan, &AtomicBool::new(false), &AtomicU64::new(0));
        assert!(outcome.failure.is_none() && outcome.jury_fault.is_none());
        assert_eq!(outcome.cases, 20);
        assert!(outcome.program.total >= outcome.program.worst);
    }

    #[test]
    fn a_generator_that_ignores_its_seed_is_the_jurys_fault() {
        let dir = tempfile::tempdir().unwrap();
        let mut plan = plan("cat", dir.path());
        plan.jury.generator = "date +%N".into();
        let outcome = run_any(&plan, &AtomicBool::new(false), &AtomicU64::new(0));
        assert!(outcome.jury_fault.unwrap().contains("different bytes"));
    }

    #[test]
    fn size_markers_are_drawn_per_case_and_shrinking_regenerates_smaller_first() {
        let dir = tempfile::tempdir().unwrap();
        // Wrong whenever the maximum is not among the first two numbers.
        let buggy = "awk 'NR == 2 || NR == 3 { if ($1 > m) m = $1 } END { print m + 0 }'";
        let mut plan = plan(buggy, dir.path());
        plan.jury.generator = "awk -v s={seed} -v n={n=1..30} 'BEGIN { srand(s % 100000); \
             print n; for (i = 0; i < n; i++) print int(rand() * 100) }'"
            .into();
        let outcome = run_any(&plan, &AtomicBool::new(false), &AtomicU64::new(0));
        let failure = outcome.failure.expect("the bug is found");
        let minimal = std::fs::read_to_string(failure.saved.last().unwrap()).unwrap();
        assert_eq!(minimal, "3\n0\n0\n1\n", "{}", failure.stats);
        let generator = failure.generator.unwrap();
        assert!(
            !generator.contains("{n="),
            "the saved command has its sizes: {generator}"
        );
    }
}
