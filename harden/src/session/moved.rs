//! The limit a hardening run holds its tests to, once a test it found has
//! moved a derived one ([`crate::search::LimitMove`], issue 43): every later
//! search keeps the moved limit and judges a slow target against its line,
//! as the package will be judged with the test in it. At most one move a
//! run, and none after a slow target was caught at the limit in force:
//! that catch was judged against the old line, which a move would raise.

use super::Session;
use jurybox_format::Verdict;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// Whether, and where to, a test found in this run moved the derived limit.
#[derive(Debug, Default)]
pub(crate) struct LimitInForce {
    /// The limit a found test moved it to.
    moved_to: Mutex<Option<f64>>,
    /// Whether a too-slow target was caught in this run.
    slow_caught: AtomicBool,
}

impl Session {
    /// The limit in force: the package's, or the one a test found in this
    /// run moved a derived one to.
    pub fn limit_in_force(&self) -> f64 {
        let moved = *self.in_force.moved_to.lock().expect("no panics holding it");
        moved.unwrap_or(self.limit.seconds)
    }

    /// CPU seconds past which a slow submission is separable under the
    /// limit in force.
    pub fn tle_seconds(&self) -> f64 {
        self.limit_in_force() * self.limit.time_limit_to_tle
    }

    /// `Some(time_limit_to_tle)` when a too-slow target's catch may move the
    /// limit ([`crate::search::Searcher::may_move_limit`]): the package
    /// states none (nor any group's), no slow target was caught in this run
    /// yet, and the data rejects no submission by its time alone (a higher
    /// limit might let it through).
    pub fn may_move_limit(&self) -> Option<f64> {
        let stated = self.limit.stated.is_some() || !self.limit.groups.is_empty();
        let by_time_alone = self.matrix.rows.iter().any(|row| {
            let failed = || (row.runs.iter().flatten()).filter(|r| r.verdict != Verdict::AC);
            failed().next().is_some() && failed().all(|r| r.verdict == Verdict::TLE)
        });
        let caught = self.in_force.slow_caught.load(Ordering::Relaxed);
        (!stated && !by_time_alone && !caught).then_some(self.limit.time_limit_to_tle)
    }

    /// A too-slow target was caught, by a test that moved the derived limit
    /// to `moved_to` when it did.
    pub fn caught_slow(&self, moved_to: Option<f64>) {
        self.in_force.slow_caught.store(true, Ordering::Relaxed);
        if let Some(to) = moved_to {
            *self.in_force.moved_to.lock().expect("no panics holding it") = Some(to);
        }
    }
}
