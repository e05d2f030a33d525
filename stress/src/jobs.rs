//! The one work queue: anything that runs items on `--jobs` threads (building a
//! suite's tests, timing programs, drawing a report, a setter's stress loop) runs
//! them as rayon parallel iterators inside [`on_threads`], a pool of exactly that
//! many threads. Library code parallelises with `par_iter` and never sizes a pool
//! itself; the caller's `--jobs` (read once, `src/commands/mod.rs`) decides.

/// Runs `work` on a pool of `jobs` threads (at least one): every rayon parallel
/// iterator inside it uses that pool.
pub fn on_threads<R: Send>(jobs: usize, work: impl FnOnce() -> R + Send) -> R {
    match rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .thread_name(|i| format!("jurybox-job-{i}"))
        .build()
    {
        Ok(pool) => pool.install(work),
        // No thread could be started (a process limit): do the work on this one.
        Err(_) => work(),
    }
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
}
