//! Busy neighbours jurybox starts itself, so a derivation sees the noise that
//! moves a limit *between* derivations, not only within one (issue 45 item 1).
//!
//! The runs alone of one derivation agree within about 2 %, yet the same
//! program's fastest run moved 27 % between derivations made on a quiet machine
//! and beside one busy-looping process (tetris3d's yardstick, 0.42 to 0.54 s):
//! a neighbour on the other core slows a memory-bound program (shared caches,
//! memory bus, a hypervisor's sibling thread) however often it is run. So the
//! yardstick is also run beside neighbours started here: one spinning thread
//! per other core, at most [`MAX_NEIGHBOURS`], the load of `sh -c 'while :; do
//! :; done'`. Its fastest run so is the interval's upper end
//! (`Interval::loaded`), and the limit is the step of that end: on a quiet
//! machine the interval runs from the quiet time to the loaded one; beside an
//! outside busy loop both ends are near the loaded time. Either way the upper
//! end is the time beside a busy neighbour, and the limit the same step.
//!
//! Time: [`NEIGHBOUR_RUNS`] runs of the yardstick, the neighbours spinning only
//! while they run. Source: issue 45's table; docs/PERFORMANCE.md "Limits that
//! hold".

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Runs of the yardstick beside the neighbours; the fastest counts (a
/// neighbour's work only ever adds CPU time, as at any other moment).
pub const NEIGHBOUR_RUNS: usize = 3;

/// At most this many neighbours: the loads a setter's machine sees (one or two
/// busy processes, a build), not a machine's every core on a large host.
pub const MAX_NEIGHBOURS: usize = 2;

/// How many neighbours spin on this machine: one per other core, at least
/// one (on one core it time-shares, which CPU time hardly sees), at most
/// [`MAX_NEIGHBOURS`].
pub fn count() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores.saturating_sub(1).clamp(1, MAX_NEIGHBOURS)
}

/// Spinning threads, stopped and joined when dropped.
pub struct Neighbours {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Neighbours {
    /// Starts `n` busy loops.
    pub fn start(n: usize) -> Neighbours {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..n)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                })
            })
            .collect();
        Neighbours { stop, threads }
    }
}

impl Drop for Neighbours {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// `run` made beside `n` neighbours: they spin only while it runs.
pub fn beside<T>(n: usize, run: impl FnOnce() -> T) -> T {
    let _neighbours = Neighbours::start(n);
    run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_spin_while_the_run_lasts_and_stop_after() {
        // CPU seconds of the process but this thread: the neighbours' work.
        let others = || {
            let user = |who| {
                let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
                unsafe { libc::getrusage(who, &mut usage) };
                usage.ru_utime.tv_sec as f64 + usage.ru_utime.tv_usec as f64 * 1e-6
            };
            user(libc::RUSAGE_SELF) - user(libc::RUSAGE_THREAD)
        };
        let before = others();
        // Returns only once the neighbour has worked (no clock: no threshold),
        // and `beside` returns only once it is joined.
        beside(1, || {
            while others() - before < 0.01 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        });
        assert!((1..=MAX_NEIGHBOURS).contains(&count()));
    }
}
