//! What a long job is doing, told as it happens, so that `run DIR`, `harden`,
//! `mutants`, `package`, `suite` and `report --kills` are never silent for
//! minutes. Libraries print nothing, so they only *tell*: the jury says when a
//! phase starts and how many runs it plans ([`phase`]), every run it finishes
//! ([`advance`]) and every survivor or mutant it catches ([`caught`]); the
//! binary installs one [`Observer`] that draws a bar on a terminal and plain
//! lines otherwise.
//!
//! This is the `log` crate's shape (a facade the libraries call, one sink the
//! binary sets) rather than a value threaded through every call, because a
//! run is judged many calls deep (the matrix, the limit's passes, harden's
//! search, the packager's kill table) and progress changes no result: with no
//! observer set, or a different one, every answer and every byte is the same.

use std::cell::RefCell;
use std::sync::{Mutex, OnceLock};

/// Where progress goes: set once per process by the binary.
pub trait Observer: Send + Sync {
    /// A phase starts, `planned` runs (or steps) in it; 0 when unknown.
    fn phase(&self, name: &str, planned: u64);
    /// `steps` more of the phase's runs are done.
    fn advance(&self, steps: u64);
    /// One more thing caught (a survivor, a mutant killed).
    fn caught(&self);
}

static OBSERVER: OnceLock<&'static dyn Observer> = OnceLock::new();

/// Sends progress to `observer` from now on; `false` if one was set already
/// (the first one stays).
pub fn set_observer(observer: &'static dyn Observer) -> bool {
    OBSERVER.set(observer).is_ok()
}

thread_local! {
    /// What this thread works for, named before each phase it starts.
    static FOR: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Whose phase the observer shows: runs of another problem judged at the
/// same time are not counted in it.
static SHOWN: Mutex<Option<String>> = Mutex::new(None);

/// Runs `work` with each phase this thread starts named as `label`'s: several
/// problems judged at once (`run CONTEST`) each say whose phase it is, and a
/// phase counts only its own problem's runs. The runs themselves are tasks
/// of the one pool, which works for every problem: each carries its label
/// and tells its progress with it ([`advance_for`]).
pub fn within<R>(label: &str, work: impl FnOnce() -> R) -> R {
    let before = FOR.with(|name| name.borrow_mut().replace(label.to_string()));
    let result = work();
    work_for(before);
    result
}

/// What this thread works for ([`within`]).
pub fn working_for() -> Option<String> {
    FOR.with(|name| name.borrow().clone())
}

/// This thread works for `label` from now on.
fn work_for(label: Option<String>) {
    FOR.with(|name| *name.borrow_mut() = label);
}

fn shown() -> std::sync::MutexGuard<'static, Option<String>> {
    SHOWN
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A phase called `name` starts, with `planned` runs (0: unknown).
pub fn phase(name: &str, planned: u64) {
    if let Some(observer) = OBSERVER.get() {
        let label = working_for();
        match &label {
            Some(label) => observer.phase(&format!("{label}: {name}"), planned),
            None => observer.phase(name, planned),
        }
        *shown() = label;
    }
}

/// `steps` more runs of the phase are done, by this thread's work.
pub fn advance(steps: u64) {
    advance_for(working_for().as_deref(), steps);
}

/// `steps` more runs are done for the problem called `label` (`None`: the
/// only one): a task of the pool says whose runs they are, whatever thread
/// runs it.
pub fn advance_for(label: Option<&str>, steps: u64) {
    if let Some(observer) = OBSERVER.get() {
        if shown().as_deref() == label {
            observer.advance(steps);
        }
    }
}

/// One more survivor caught, or mutant killed.
pub fn caught() {
    if let Some(observer) = OBSERVER.get() {
        observer.caught();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Counts what it hears.
    struct Heard {
        phases: Mutex<Vec<(String, u64)>>,
        steps: AtomicU64,
        caught: AtomicU64,
    }

    impl Observer for Heard {
        fn phase(&self, name: &str, planned: u64) {
            self.phases
                .lock()
                .unwrap()
                .push((name.to_string(), planned));
        }
        fn advance(&self, steps: u64) {
            self.steps.fetch_add(steps, Ordering::Relaxed);
        }
        fn caught(&self) {
            self.caught.fetch_add(1, Ordering::Relaxed);
        }
    }

    static HEARD: Heard = Heard {
        phases: Mutex::new(Vec::new()),
        steps: AtomicU64::new(0),
        caught: AtomicU64::new(0),
    };

    #[test]
    fn what_is_told_reaches_the_one_observer_and_a_second_is_refused() {
        // Told before an observer is set: nowhere, and nothing fails.
        advance(5);
        assert!(set_observer(&HEARD));
        phase("judging", 4);
        advance(3);
        advance(1);
        caught();
        assert!(!set_observer(&HEARD), "the first observer stays");
        assert_eq!(*HEARD.phases.lock().unwrap(), [("judging".to_string(), 4)]);
        assert_eq!(HEARD.steps.load(Ordering::Relaxed), 4);
        assert_eq!(HEARD.caught.load(Ordering::Relaxed), 1);
        // A phase told within a problem's work is named as that problem's,
        // and counts only its runs: those its pool tasks tell with its label,
        // not another problem's nor unlabelled ones.
        within("B", || phase("time limit", 2));
        advance(1);
        crate::jobs::on_threads(2, || {
            rayon::join(|| advance_for(Some("B"), 1), || advance_for(Some("C"), 1))
        });
        within("B", || advance(1));
        assert_eq!(HEARD.steps.load(Ordering::Relaxed), 6);
        phase("after", 0);
        assert_eq!(
            HEARD.phases.lock().unwrap()[1..],
            [("B: time limit".to_string(), 2), ("after".to_string(), 0)]
        );
    }
}
