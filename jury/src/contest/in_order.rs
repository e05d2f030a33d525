//! A contest's problems judged in its order, [`PROBLEMS_AT_ONCE`] at a time:
//! the next problem's runs take the cores the one before leaves idle (its
//! parallel pass's last runs, a matrix of few rows, a slot between two of its
//! runs), while each problem's result is handed on in the contest's order,
//! whatever order they end in.
//!
//! Each problem in flight has a coordinator thread of its own, outside the
//! one pool: it runs no parallel work itself (its passes go to the pool,
//! `jurybox_judging::jobs`, its runs through the one gate, `crate::machine`)
//! and mostly waits, for a pass to end or for the machine to itself. As a
//! task of the pool it would hold a worker while it waits, and a worker
//! waiting in one problem's pass could take up the other problem's whole
//! judging and finish its own pass only after it.

use std::sync::{mpsc, Mutex, MutexGuard};

/// Problems judged at once: the one whose turn it is and the next, which
/// takes the slots the first leaves (a third would mostly find them taken,
/// or held for a run alone of the second).
pub const PROBLEMS_AT_ONCE: usize = 2;

/// Judges `problems`, [`PROBLEMS_AT_ONCE`] at a time, each as `judge_one(its
/// place, it)` on a thread of its own, and gives each result to `done` as
/// soon as every one before it has been: the contest's order, whatever order
/// they end in. The first error (Ctrl-C) ends it once the problems in flight
/// stop; the problems before it are handed on first.
pub fn in_order<T: Send, D: Send, E: Send>(
    problems: Vec<T>,
    judge_one: impl Fn(usize, T) -> Result<D, E> + Sync,
    done: impl Fn(&D),
) -> Result<Vec<D>, E> {
    let count = problems.len();
    // The problems not yet started, in order; emptied when one fails.
    let queue = Mutex::new(problems.into_iter().enumerate());
    let mut finished: Vec<Option<D>> = (0..count).map(|_| None).collect();
    let mut handed = 0;
    let mut failed: Option<(usize, E)> = None;
    std::thread::scope(|scope| {
        let (sent, results) = mpsc::channel();
        for _ in 0..PROBLEMS_AT_ONCE.min(count) {
            let (sent, queue, judge_one) = (sent.clone(), &queue, &judge_one);
            scope.spawn(move || loop {
                // Taken in a statement of its own: the lock is held to take
                // the next problem, not while judging it.
                let next = lock(queue).next();
                let Some((i, problem)) = next else {
                    return;
                };
                let result = judge_one(i, problem);
                let stop = result.is_err();
                if sent.send((i, result)).is_err() || stop {
                    return;
                }
            });
        }
        drop(sent);
        for (i, result) in results {
            match result {
                Ok(problem) => finished[i] = Some(problem),
                Err(e) => {
                    if failed.as_ref().is_none_or(|(first, _)| i < *first) {
                        failed = Some((i, e));
                    }
                    // No new problem starts; those in flight stop on Ctrl-C.
                    lock(&queue).by_ref().for_each(drop);
                }
            }
            // The problems judged before the one that failed are handed on.
            let before = failed.as_ref().map_or(count, |(first, _)| *first);
            while let Some(Some(problem)) = finished.get(handed).filter(|_| handed < before) {
                done(problem);
                handed += 1;
            }
        }
    });
    if let Some((_, e)) = failed {
        return Err(e);
    }
    Ok(finished.into_iter().flatten().collect())
}

/// The queue of problems, locked only to take the next one.
fn lock<T>(queue: &Mutex<T>) -> MutexGuard<'_, T> {
    queue
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
