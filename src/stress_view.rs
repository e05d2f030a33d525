//! What a person sees of a stress run: a progress bar while it runs, failures as
//! they are saved, and a summary table at the end.

use crate::progress::Progress;
use jurybox_judging::jobs::Budget;
use jurybox_stress::plan::StressPlan;
use jurybox_stress::runner::{self, run_stress, Summary, WORKER_PREFIX};
use jurybox_stress::save::SavedFailure;
use jurybox_stress::Harness;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// One line of the summary table.
pub struct SummaryRow {
    pub problem: &'static str,
    pub cases: u64,
    pub failures: usize,
    pub seconds: f64,
    pub jobs: usize,
    pub skipped: u64,
    pub interrupted: bool,
    pub aborted: bool,
}

impl SummaryRow {
    pub fn new(problem: &'static str, summary: &Summary, jobs: usize) -> SummaryRow {
        SummaryRow {
            problem,
            cases: summary.cases,
            failures: summary.failures.len(),
            seconds: summary.elapsed.as_secs_f64(),
            jobs,
            skipped: summary.skipped,
            interrupted: summary.interrupted,
            aborted: summary.aborted.is_some(),
        }
    }

    fn rate(&self) -> f64 {
        self.cases as f64 / self.seconds.max(1e-9)
    }
}

/// Engine panics are caught and reported as failures; the default hook would print
/// each one again (hundreds while shrinking), so stay quiet on worker threads.
pub fn quiet_worker_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let on_worker = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with(WORKER_PREFIX));
        if !on_worker {
            default(info);
        }
    }));
}

/// Runs `plan` on worker threads while this thread shows its progress
/// (`crate::progress`) and passes an interrupt on to the runner.
pub fn run_with_progress<P: Harness>(plan: &StressPlan<P>, interrupt: &AtomicBool) -> Summary {
    let shown = Progress::new(&format!("stress {}", P::NAME), "cases");
    let planned = match plan.budget {
        Budget::Cases(_) => plan.case_set().len(),
        Budget::Time(_) => 0,
    };
    shown.phase("cases", planned);
    let progress = runner::LiveCounters::default();
    let summary = std::thread::scope(|scope| {
        let runner = scope.spawn(|| run_stress(plan, &progress));
        while !runner.is_finished() {
            if interrupt.load(Ordering::Relaxed) && !progress.cancel.load(Ordering::Relaxed) {
                progress.cancel.store(true, Ordering::Relaxed);
                shown.say("interrupted: stopping (a failure found is still saved)");
            }
            shown.set_done(progress.cases.load(Ordering::Relaxed));
            shown.set_caught(progress.failures.load(Ordering::Relaxed));
            std::thread::sleep(Duration::from_millis(50));
        }
        runner.join().expect("the stress runner panicked")
    });
    shown.set_done(progress.cases.load(Ordering::Relaxed));
    shown.finish();
    summary
}

/// Prints one saved failure with the commands that reproduce it.
pub fn print_found(problem: &str, found: &SavedFailure) {
    match &found.flaky {
        None => outln!("FAILURE {problem}: {}", found.mismatch),
        Some(second) => {
            outln!("FLAKY {problem}: {}", found.mismatch);
            outln!(
                "  the same input was accepted when run again ({}): the failure does not repeat",
                second.figures()
            );
        }
    }
    outln!("  shrunk: {}", found.shrunk);
    match &found.path {
        Ok(path) => {
            let files = found.saved_files();
            let others: Vec<String> = files
                .iter()
                .filter(|f| f != &path)
                .filter_map(|f| f.extension())
                .map(|e| format!(".{}", e.to_string_lossy()))
                .collect();
            outln!("  saved:  {} (+ {})", path.display(), others.join(", "));
        }
        Err(e) => outln!("  NOT SAVED ({e}); the input was:\n{}", found.input),
    }
    if let Some(reproduce) = &found.reproduce {
        outln!("  reproduce: {reproduce}");
    }
    outln!("  original:  {}", found.generated_by);
}

/// The final table, and a final line with the totals.
pub fn print_summary(rows: &[SummaryRow]) {
    outln!(
        "{:<10} {:>12} {:>9} {:>12} {:>8} {:>5}",
        "problem",
        "cases",
        "failures",
        "cases/s",
        "seconds",
        "jobs"
    );
    for r in rows {
        outln!(
            "{:<10} {:>12} {:>9} {:>12.0} {:>8.1} {:>5}",
            r.problem,
            r.cases,
            r.failures,
            r.rate(),
            r.seconds,
            r.jobs
        );
    }
    let cases: u64 = rows.iter().map(|r| r.cases).sum();
    let failures: usize = rows.iter().map(|r| r.failures).sum();
    let seconds: f64 = rows.iter().map(|r| r.seconds).sum();
    outln!(
        "total: {cases} cases, {failures} failures, {:.0} cases/s over {seconds:.1} s",
        cases as f64 / seconds.max(1e-9)
    );
    let skipped: u64 = rows.iter().map(|r| r.skipped).sum();
    if skipped > 0 {
        outln!("({skipped} cases skipped: no input within the official limits; --extended allows them)");
    }
    if rows.iter().any(|r| r.interrupted) {
        outln!("interrupted");
    }
}
