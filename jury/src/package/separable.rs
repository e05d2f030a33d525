//! The separable rule: a submission that must time out is told apart from
//! the accepted ones only by a run past the TLE line (`time_limit_to_tle` ×
//! the limit) or one that stalled (idle past its wall clock); a slowest run
//! under the line is not separable, whatever its verdict. `run` and `report`
//! both say it of each such submission.

use crate::limit::TimeLimit;
use crate::matrix::Row;
use jurybox_format::Package;

/// What a must-time-out submission's slowest run says of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Separable {
    /// It stalled (idle past the wall clock) on this test.
    Stalled {
        /// The test's index.
        test: usize,
    },
    /// Its slowest run, on this test, is over the TLE line.
    Over {
        /// The test's index.
        test: usize,
        /// Its CPU seconds there.
        cpu: f64,
    },
    /// Its slowest run, on this test, is under the TLE line: not separable.
    Under {
        /// The test's index.
        test: usize,
        /// Its CPU seconds there.
        cpu: f64,
    },
}

/// The rule for `row`'s submission under `limit`: `None` when it need not
/// time out (it bounds the limit from below only) or ran no test.
pub fn separable(package: &Package, row: &Row, limit: &TimeLimit) -> Option<Separable> {
    if !package.submissions[row.submission].bounds_above() {
        return None;
    }
    let (test, cpu) = row.slowest()?;
    Some(if let Some(stuck) = row.stalled_on() {
        Separable::Stalled { test: stuck }
    } else if cpu > limit.tle_seconds() {
        Separable::Over { test, cpu }
    } else {
        Separable::Under { test, cpu }
    })
}
