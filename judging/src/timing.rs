//! How a time that decides a limit is measured, in one place (`jurybox-jury`'s
//! `limit.rs`, which the built-in problems' suites go through too).
//!
//! One run's CPU time is not a fact about a program: on a busy machine the same
//! run took 0.544 s and 0.661 s minutes apart, and a limit of twice the worst of a
//! few runs moved from 1.1 s to 1.4 s; under a load of 10 on two cores the median
//! of five runs was 0.767 s where a quiet run takes 0.5 s. Other work only adds to
//! a program's CPU time (a sibling hyperthread, a cache or memory bus shared with
//! another process), it never takes from it, so the least of several runs is the
//! figure closest to the program's own cost and the one that repeats: a decisive
//! time is the fastest of [`DECISIVE_RUNS`] runs taken one at a time (no neighbour
//! of our own competing), as benchmark tools time a statement. The room for slower
//! runs is the judges' `ac_to_time_limit`, not the statistic. Where twice that time
//! falls close to a rounding step, so that noise would decide which side of the
//! step the limit lands on, [`THIN_RUNS`] more runs settle it first. The jury's
//! `limit_noise.rs` rounds the interval from the fastest to the second fastest
//! run, taking the upper step where it straddles one (issue 35).

/// Runs of each decisive (program, test) pair, one at a time.
pub const DECISIVE_RUNS: usize = 5;

/// Runs added to a decisive pair whose limit is a thin call (see [`thin`]).
pub const THIN_RUNS: usize = 10;

/// How close (a share of the step) a raw limit may come to a rounding step before
/// the call is thin: one run in ten moving by this much is common on a busy machine.
const THIN_SHARE: f64 = 0.25;

/// The decisive figure of `runs`' CPU seconds: the least; 0 for none.
pub fn fastest(runs: &[f64]) -> f64 {
    runs.iter().copied().reduce(f64::min).unwrap_or(0.0)
}

/// True when `raw` seconds lie within a quarter of a `step` of a multiple of
/// `step`: the limit `raw` rounds up to would move by a step if the time moved
/// by a few percent.
pub fn thin(raw: f64, step: f64) -> bool {
    let steps = raw / step;
    (steps - steps.round()).abs() < THIN_SHARE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_runs_do_not_move_the_figure() {
        assert_eq!(fastest(&[0.54, 0.55, 1.32, 0.53, 0.56]), 0.53);
        assert_eq!(fastest(&[]), 0.0);
    }

    #[test]
    fn a_raw_limit_near_a_step_is_thin() {
        assert!(thin(1.102, 0.1));
        assert!(thin(1.098, 0.1));
        assert!(!thin(1.05, 0.1));
        assert!(!thin(1.13, 0.1));
    }
}
