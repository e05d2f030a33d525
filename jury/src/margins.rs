//! Margins in plain sight: for each accepted submission, its slowest test and
//! how far that is under the limit; for each submission that must time out,
//! how far its slowest is from the line past which it is separable
//! (`time_limit_to_tle` × the limit). Both sides of the window are warned of by
//! the format's own multipliers (issue 45 item 4, as problemtools' open request
//! 414 and BAPCtools' "time sensitive" warning put it): an accepted submission
//! slower than limit ÷ `ac_to_time_limit` (it would have raised a derived limit:
//! a judge that much slower rejects it), and a must-time-out one faster than
//! limit × `time_limit_to_tle` (a judge that much faster accepts it), each with
//! the submission, its test and the times. Shown wherever a matrix is
//! (`jurybox run`, `report`, and the built-in problems' `suite` and `package`).
//!
//! An accepted submission that bounds the limit is held to it by its decisive
//! figure (the second fastest of its runs alone, which the limit was rounded
//! from), not by its one run in the matrix: beside other work that run took
//! tetris3d's yardstick from 0.618 s alone to 1.154 s (load 11), and a warning
//! must say the limit is tight, not that the machine was busy.

use super::limit::TimeLimit;
use super::matrix::Matrix;
use jurybox_format::Package;

/// Which line a submission's slowest run is held to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitSide {
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
    pub side: LimitSide,
    /// The line, seconds: the limit, or the TLE line.
    pub line: f64,
    /// The format's multiplier on its side: `ac_to_time_limit` for an
    /// accepted one (warned of past line ÷ it), `time_limit_to_tle` for a slow
    /// one (its line is already the limit × it: warned of under the line).
    pub factor: f64,
}

impl Margin {
    /// The line ÷ the slowest run: over 1 an accepted submission passes (the
    /// larger the safer), under 1 a slow one is separable.
    pub fn ratio(&self) -> f64 {
        self.line / self.seconds.max(1e-9)
    }

    /// Whether its verdict is fragile by the format's multipliers (see the
    /// module doc): an accepted one over line ÷ `ac_to_time_limit`, a slow
    /// one under its TLE line.
    pub fn close(&self) -> bool {
        match self.side {
            LimitSide::Accepted => self.seconds * self.factor > self.line + 1e-9,
            LimitSide::TooSlow => self.seconds < self.line,
        }
    }

    /// `slowest 0.610 s on secret/tet4a, margin 2.46× under the 1.5 s limit`.
    pub fn describe(&self) -> String {
        match self.side {
            LimitSide::Accepted => format!(
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
            LimitSide::TooSlow if self.ratio() < 1.0 => format!(
                "slowest {:.3} s on {}, over the {:.2} s TLE line (separable)",
                self.seconds, self.test, self.line
            ),
            LimitSide::TooSlow => format!(
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
            LimitSide::Accepted => format!(
                "WARNING: {} takes {:.3} s on {}, over the limit ÷ ac_to_time_limit ({:.2} s ÷ {} = {:.3} s): it would raise a derived limit, and a judge {:.0} % slower rejects it",
                self.submission,
                self.seconds,
                self.test,
                self.line,
                self.factor,
                self.line / self.factor,
                (self.ratio() - 1.0).max(0.0) * 100.0
            ),
            LimitSide::TooSlow => format!(
                "WARNING: {} takes only {:.3} s on its slowest test, {}, under the limit × time_limit_to_tle ({:.2} s × {} = {:.2} s): not separable, a judge {:.0} % faster accepts it",
                self.submission,
                self.seconds,
                self.test,
                self.line / self.factor,
                self.factor,
                self.line,
                (1.0 - self.seconds / self.line) * 100.0
            ),
        })
    }
}

/// The margin of one run of `seconds` on `test` for `side` under `limit`.
pub fn margin(
    submission: &str,
    test: &str,
    seconds: f64,
    side: LimitSide,
    limit: &TimeLimit,
) -> Margin {
    Margin {
        submission: submission.to_string(),
        test: test.to_string(),
        seconds,
        runs: 1,
        side,
        line: match side {
            LimitSide::Accepted => limit.seconds,
            LimitSide::TooSlow => limit.tle_seconds(),
        },
        factor: match side {
            LimitSide::Accepted => limit.ac_to_time_limit,
            LimitSide::TooSlow => limit.time_limit_to_tle,
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
                LimitSide::Accepted
            } else if sub.bounds_above() && row.stalled_on().is_none() {
                LimitSide::TooSlow
            } else {
                return None;
            };
            let decisive = limit.bounds.iter().find(|b| b.submission == row.name);
            if let (LimitSide::Accepted, Some(b)) = (side, decisive) {
                return Some(Margin {
                    runs: b.runs,
                    ..margin(&row.name, &b.test, b.upper, side, limit)
                });
            }
            // The run nearest its own line (a test's own limit: a sinol
            // group's `time_limits`, a language's `override_limits`), which
            // is its slowest where every test has the one limit.
            let line = |t: usize| crate::run::limit_of(package, row.submission, t, limit.seconds);
            let (t, seconds) = row
                .runs
                .iter()
                .enumerate()
                .filter_map(|(t, r)| r.as_ref().map(|r| (t, r.cpu)))
                .max_by(|a, b| (a.1 / line(a.0)).total_cmp(&(b.1 / line(b.0))))?;
            let own = line(t);
            let at = margin(&row.name, &matrix.tests[t], seconds, side, limit);
            Some(match own == limit.seconds {
                true => at,
                false => Margin {
                    line: match side {
                        LimitSide::Accepted => own,
                        LimitSide::TooSlow => own * limit.time_limit_to_tle,
                    },
                    ..at
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: f64, side: LimitSide, line: f64, factor: f64) -> Margin {
        Margin {
            submission: "s".into(),
            test: "t".into(),
            seconds,
            runs: 1,
            side,
            line,
            factor,
        }
    }

    #[test]
    fn an_accepted_submission_over_the_limit_over_ac_to_time_limit_is_warned_of() {
        // A 1.5 s limit at 2×: from 0.75 s on; the 1.17 s public
        // solution is warned of, 0.70 s is not. At 1.25× (a format's own
        // choice) 1.17 s is clear.
        assert!(at(0.70, LimitSide::Accepted, 1.5, 2.0).warning().is_none());
        let warning = at(1.17, LimitSide::Accepted, 1.5, 2.0).warning().unwrap();
        assert!(
            warning.contains(
                "takes 1.170 s on t, over the limit ÷ ac_to_time_limit (1.50 s ÷ 2 = 0.750 s)"
            ),
            "{warning}"
        );
        assert!(!at(1.17, LimitSide::Accepted, 1.5, 1.25).close());
        // Over the limit (it failed) is closer still.
        assert!(at(1.6, LimitSide::Accepted, 1.5, 1.25).close());
    }

    #[test]
    fn a_slow_submission_under_the_tle_line_is_warned_of() {
        // Limit 1.5 s × 1.5: TLE line 2.25 s. 2.0 s is under it; 2.3 s over.
        let under = at(2.0, LimitSide::TooSlow, 2.25, 1.5);
        let warning = under.warning().unwrap();
        assert!(
            warning.contains("takes only 2.000 s on its slowest test, t, under the limit × time_limit_to_tle (1.50 s × 1.5 = 2.25 s)"),
            "{warning}"
        );
        let over = at(2.3, LimitSide::TooSlow, 2.25, 1.5);
        assert!(!over.close());
        assert!(over.describe().contains("separable"), "{}", over.describe());
    }
}
