//! The one work queue: anything that runs items on `--jobs` threads (building a
//! suite's tests, timing programs, judging a matrix, drawing a report, a
//! stress loop, built-in or a setter's) runs them as rayon parallel iterators
//! inside [`on_threads`], or, for a loop each thread runs until the work is
//! done, [`on_each_thread`], on the process's one pool of that many threads:
//! made at the first call and kept, so a command's every parallel step (and
//! the steps nested in them) shares the same `--jobs` threads. Library code
//! parallelises with `par_iter` and never sizes a pool itself; the caller's
//! `--jobs` (read once, `src/commands/mod.rs`, and set here for the process
//! with [`set_jobs`]) decides. [`Budget`] says when such a loop ends.
//!
//! Nested parallelism cannot deadlock on the pool: `on_threads` called on a
//! thread of the pool runs its work there (rayon's `install`), and a task
//! that waits for its parallel children runs other tasks meanwhile (rayon's
//! `join`). What a task may not do is block, holding its thread, on
//! something only a task queued behind it would do; the one gate
//! (`jurybox_jury::Gate`) is held only while a program runs, never while
//! the holder waits on the pool, so its waits always end.

use rayon::ThreadPool;
use std::sync::{Mutex, OnceLock};
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

/// The names of the pool's threads: this and the thread's number (a panic
/// hook may know them by it).
pub const THREAD_PREFIX: &str = "jurybox-job-";

/// The process's `--jobs`, once set.
static JOBS: OnceLock<usize> = OnceLock::new();

/// Sets the process's `--jobs` (at least one): the size of its pool and of
/// its one gate. The first call wins; `false` for a later one.
pub fn set_jobs(jobs: usize) -> bool {
    JOBS.set(jobs.max(1)).is_ok()
}

/// The process's `--jobs`: as set ([`set_jobs`]), else every core.
pub fn jobs() -> usize {
    *JOBS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Runs `work` on the pool of `jobs` threads (at least one): every rayon
/// parallel iterator inside it uses that pool.
pub fn on_threads<R: Send>(jobs: usize, work: impl FnOnce() -> R + Send) -> R {
    match pool(jobs) {
        Some(pool) => pool.install(work),
        // No thread could be started (a process limit): do the work on this one.
        None => work(),
    }
}

/// Runs `body` once on each thread of the pool of `jobs` threads (at least
/// one), and returns when every one has: the shape of a loop whose threads
/// claim work from a shared counter.
pub fn on_each_thread(jobs: usize, body: impl Fn() + Sync) {
    match pool(jobs) {
        Some(pool) => {
            pool.broadcast(|_| body());
        }
        None => body(),
    }
}

/// The pool of `jobs` threads (at least one), made at its first use and kept
/// for the process: a command asks for its `--jobs` only, so it has one.
fn pool(jobs: usize) -> Option<&'static ThreadPool> {
    static POOLS: Mutex<Vec<(usize, &'static ThreadPool)>> = Mutex::new(Vec::new());
    let jobs = jobs.max(1);
    let mut pools = POOLS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(size, _)| *size == jobs) {
        return Some(pool);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|i| format!("{THREAD_PREFIX}{i}"))
        .build()
        .ok()?;
    let pool: &'static ThreadPool = Box::leak(Box::new(pool));
    pools.push((jobs, pool));
    Some(pool)
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
            on_each_thread(jobs, || {
                let name = std::thread::current().name().map(str::to_string);
                names.lock().unwrap().push(name.unwrap_or_default());
            });
            let mut names = names.into_inner().unwrap();
            names.sort();
            let expected: Vec<String> = (0..jobs).map(|i| format!("{THREAD_PREFIX}{i}")).collect();
            assert_eq!(names, expected);
        }
    }

    /// Two parallel steps asking for the same size run on the same threads:
    /// a pool made afresh for each would show up to four.
    #[test]
    fn a_size_asked_again_is_the_same_pool() {
        let threads = || {
            let ids = Mutex::new(std::collections::BTreeSet::new());
            on_threads(2, || {
                (0..64u64).into_par_iter().for_each(|_| {
                    let id = format!("{:?}", std::thread::current().id());
                    ids.lock().unwrap().insert(id);
                    std::thread::sleep(Duration::from_millis(1));
                })
            });
            ids.into_inner().unwrap()
        };
        let (first, second) = (threads(), threads());
        let both: Vec<&String> = first.union(&second).collect();
        assert!(both.len() <= 2, "{both:?}");
    }

    /// Parallel work nested in parallel work, on a pool of one thread and of
    /// two, each inner task also waiting for a join: every level ends (a
    /// watchdog fails the test rather than let it hang).
    #[test]
    fn nested_parallel_work_on_the_one_pool_ends() {
        for jobs in [1, 2] {
            let (done, finished) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let sum: u64 = on_threads(jobs, || {
                    (0..8u64)
                        .into_par_iter()
                        .map(|i| {
                            on_threads(jobs, || {
                                let (a, b) = rayon::join(
                                    || (0..16u64).into_par_iter().map(|j| i * j).sum::<u64>(),
                                    || on_threads(jobs, || (0..4u64).into_par_iter().sum::<u64>()),
                                );
                                a + b
                            })
                        })
                        .sum()
                });
                let _ = done.send(sum);
            });
            let sum = finished
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("nested work on {jobs} threads never ended"));
            assert_eq!(sum, (0..8u64).map(|i| i * 120 + 6).sum::<u64>());
        }
    }
}
