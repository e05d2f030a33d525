//! The one work queue: anything that runs items on `--jobs` threads (building a
//! suite's tests, timing programs, drawing a report, a stress loop, built-in or
//! a setter's) runs them as rayon parallel iterators inside [`on_threads`], a
//! pool of exactly that many threads, or, for a loop each thread runs until the
//! work is done, [`on_each_thread`]. Library code parallelises with `par_iter`
//! and never sizes a pool itself; the caller's `--jobs` (read once,
//! `src/commands/mod.rs`) decides. [`Budget`] says when such a loop ends.

use std::time::Duration;

/// When a loop of cases stops.
#[derive(Clone, Copy, Debug)]
pub enum Budget {
    /// After this many cases.
    Cases(u64),
    /// After this much time, shrinking included (a program's run in progress may
    /// overrun it by at most its own time limit).
    Time(Duration),
}

/// Runs `work` on a pool of `jobs` threads (at least one): every rayon parallel
/// iterator inside it uses that pool.
pub fn on_threads<R: Send>(jobs: usize, work: impl FnOnce() -> R + Send) -> R {
    on_named_threads(jobs, "jurybox-job-", work)
}

/// Runs `body` once on each of `jobs` threads (at least one), named `prefix`
/// and the thread's number (a panic hook may know them by it), and returns
/// when every one has: the shape of a loop whose threads claim work from a
/// shared counter.
pub fn on_each_thread(jobs: usize, prefix: &str, body: impl Fn() + Sync) {
    match pool(jobs, prefix) {
        Ok(pool) => {
            pool.broadcast(|_| body());
        }
        Err(_) => body(),
    }
}

fn on_named_threads<R: Send>(jobs: usize, prefix: &str, work: impl FnOnce() -> R + Send) -> R {
    match pool(jobs, prefix) {
        Ok(pool) => pool.install(work),
        // No thread could be started (a process limit): do the work on this one.
        Err(_) => work(),
    }
}

/// A pool of `jobs` threads (at least one) named `prefix` and their number.
fn pool(jobs: usize, prefix: &str) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    let prefix = prefix.to_string();
    // The pool works for whatever its caller works for (a problem of a
    // contest): the progress its runs tell is that problem's.
    let working_for = crate::progress::working_for();
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .thread_name(move |i| format!("{prefix}{i}"))
        .start_handler(move |_| crate::progress::work_for(working_for.clone()))
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    #[test]
    fn the_pool_has_the_threads_asked_for_and_keeps_order() {
        for jobs in [1, 3] {
            let (threads, squares) = on_threads(jobs, || {
                let squares: Vec<u64> = (0..100u64).into_par_iter().map(|i| i * i).collect();
                (rayon::current_num_threads(), squares)
            });
            assert_eq!(threads, jobs);
            assert_eq!(squares, (0..100u64).map(|i| i * i).collect::<Vec<_>>());
        }
    }

    #[test]
    fn each_thread_runs_the_body_once_under_its_name() {
        for jobs in [1, 3] {
            let names = std::sync::Mutex::new(Vec::new());
            on_each_thread(jobs, "test-worker-", || {
                let name = std::thread::current().name().map(str::to_string);
                names.lock().unwrap().push(name.unwrap_or_default());
            });
            let mut names = names.into_inner().unwrap();
            names.sort();
            let expected: Vec<String> = (0..jobs).map(|i| format!("test-worker-{i}")).collect();
            assert_eq!(names, expected);
        }
    }
}
