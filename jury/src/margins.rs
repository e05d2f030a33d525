//! Margins in plain sight: for each accepted submission, its slowest test and
//! how far that is under the limit; for each submission that must time out,
//! how far its slowest is from the line past which it is separable
//! (`time_limit_to_tle` × the limit). A limit is only as good as its closest
//! call: an accepted submission within [`WARN_WITHIN`]× of the limit fails on
//! a judge that much slower (or on this machine in a busier hour), and a slow
//! one within [`WARN_WITHIN`]× below the line is separable on a slightly
//! slower judge and not here, so both are warned of wherever a matrix is shown
//! (`jurybox run`, `report`, and the built-in problems' `suite` and
//! `package`).
//!
//! An accepted submission that bounds the limit is held to it by its decisive
//! figure (the second fastest of its runs alone, which the limit was rounded
//! from), not by its one run in the matrix: beside other work that run took
//! tetris3d's yardstick from 0.618 s alone to 1.154 s (load 11), and a warning
//! must say the limit is tight, not that the machine was busy.

use super::limit::{TimeLimit, WARN_WITHIN};
use super::matrix::Matrix;
use jurybox_format::Package;

/// Which line a submission's slowest run is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// It must pass: held under the limit.
    Accepted,
    /// It must time out: held over `time_limit_to_tle` × the limit.
    TooSlow,
}

/// One submission's slowest run against its line.
#[derive(Clone, Debug, PartialEq)]
pub struct Margin {
    /// The submission (or mutant).
    pub submission: String,
    /// Its slowest test.
    pub test: String,
    /// CPU seconds of its slowest run (the second fastest of `runs` runs
    /// alone, when the limit's derivation ran it more than once).
    pub seconds: f64,
    /// How many runs the figure is of.
    pub runs: usize,
    /// Its line.
    pub side: Side,
    /// The line, seconds: the limit, or the TLE line.
    pub line: f64,
}

impl Margin {
    /// The line ÷ the slowest run: over 1 an accepted submission passes (the
    /// larger the safer), under 1 a slow one is separable.
    pub fn ratio(&self) -> f64 {
        self.line / self.seconds.max(1e-9)
    }

    /// Whether it is within [`WARN_WITHIN`]× of its line on the side that
    /// makes its verdict fragile (see the module doc).
    pub fn close(&self) -> bool {
        match self.side {
            Side::Accepted => self.ratio() < WARN_WITHIN,
            Side::TooSlow => self.ratio() >= 1.0 && self.ratio() < WARN_WITHIN,
        }
    }

    /// `slowest 0.610 s on secret/tet4a, margin 2.46× under the 1.5 s limit`.
    pub fn describe(&self) -> String {
        match self.side {
            Side::Accepted => format!(
                "slowest {:.3} s on {}{}, margin {:.2}× under the {:.2} s limit",
                self.seconds,
                self.test,
                match self.runs {
                    1 => String::new(),
                    n => format!(" (second fastest of {n} runs alone)"),
                },
                self.ratio(),
                self.line
            ),
            Side::TooSlow if self.ratio() < 1.0 => format!(
                "slowest {:.3} s on {}, over the {:.2} s TLE line (separable)",
                self.seconds, self.test, self.line
            ),
            Side::TooSlow => format!(
                "slowest {:.3} s on {}, {:.2}× under the {:.2} s TLE line (not separable)",
                self.seconds,
                self.test,
                self.ratio(),
                self.line
            ),
        }
    }

    /// The warning, when [`Margin::close`].
    pub fn warning(&self) -> Option<String> {
        self.close().then(|| match self.side {
            Side::Accepted => format!(
                "WARNING: {} is within {WARN_WITHIN}× of the limit: {} (a judge {:.0} % slower rejects it)",
                self.submission,
                self.describe(),
                (self.ratio() - 1.0) * 100.0
            ),
            Side::TooSlow => format!(
                "WARNING: {} is within {WARN_WITHIN}× below the TLE line: {} (a judge {:.0} % slower separates it, this one does not)",
                self.submission,
                self.describe(),
                (self.ratio() - 1.0) * 100.0
            ),
        })
    }
}

/// The margin of one run of `seconds` on `test` for `side` under `limit`.
pub fn margin(submission: &str, test: &str, seconds: f64, side: Side, limit: &TimeLimit) -> Margin {
    Margin {
        submission: submission.to_string(),
        test: test.to_string(),
        seconds,
        runs: 1,
        side,
        line: match side {
            Side::Accepted => limit.seconds,
            Side::TooSlow => limit.tle_seconds(),
        },
    }
}

/// Every accepted submission's margin (by its decisive figure when it bounds
/// the limit, else its slowest run in the matrix) and every must-time-out
/// one's (but those that stalled, separable whatever their time), in the
/// matrix's order.
pub fn margins(package: &Package, matrix: &Matrix, limit: &TimeLimit) -> Vec<Margin> {
    matrix
        .rows
        .iter()
        .filter_map(|row| {
            let sub = &package.submissions[row.submission];
            let side = if sub.is_accepted() {
                Side::Accepted
            } else if sub.bounds_above() && row.stalled_on().is_none() {
                Side::TooSlow
            } else {
                return None;
            };
            let decisive = limit.bounds.iter().find(|b| b.submission == row.name);
            if let (Side::Accepted, Some(b)) = (side, decisive) {
                return Some(Margin {
                    runs: b.runs,
                    ..margin(&row.name, &b.test, b.upper, side, limit)
                });
            }
            let (t, seconds) = row.slowest()?;
            Some(margin(&row.name, &matrix.tests[t], seconds, side, limit))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: f64, side: Side, line: f64) -> Margin {
        Margin {
            submission: "s".into(),
            test: "t".into(),
            seconds,
            runs: 1,
            side,
            line,
        }
    }

    #[test]
    fn an_accepted_submission_within_a_quarter_of_the_limit_is_warned_of() {
        // The 1.17 s public solution under a 1.5 s limit: 1.28×.
        assert!(at(1.17, Side::Accepted, 1.5).warning().is_none());
        let close = at(1.29, Side::Accepted, 1.5);
        assert!(close.close());
        let warning = close.warning().unwrap();
        assert!(warning.contains("within 1.25× of the limit"), "{warning}");
        assert!(warning.contains("slowest 1.290 s on t"), "{warning}");
        // Over the limit (it failed) is closer still.
        assert!(at(1.6, Side::Accepted, 1.5).close());
    }

    #[test]
    fn a_slow_submission_just_under_the_tle_line_is_warned_of() {
        // TLE line 2.25 s: 2.0 s is 1.125× under it; 1.5 s is 1.5× under;
        // 2.3 s is over it, separable.
        assert!(at(2.0, Side::TooSlow, 2.25).close());
        assert!(!at(1.5, Side::TooSlow, 2.25).close());
        let over = at(2.3, Side::TooSlow, 2.25);
        assert!(!over.close());
        assert!(over.describe().contains("separable"), "{}", over.describe());
    }
}
