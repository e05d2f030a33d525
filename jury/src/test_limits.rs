//! The limits one test is judged under for one submission: the one rule
//! every command judges a test by (`run`'s matrix, harden's searches and the
//! tests they find, `mutants`, `stress PACKAGE`), so that a test of a sinol
//! package is judged the same wherever it is run. The package's limits
//! ([`Limits::of`]) made the test's: its language's own (sinol's
//! `override_limits`, most specific first), else its own or its group's
//! (`time_limits`, `memory_limits`), and the format's own wall clock
//! (`format::WallLimit`, sinol-make's `ceil(2 × TL)` s) at that time limit.
//! A new test (harden's, not written yet) is judged as it will be once
//! written into its group.

use crate::run::{kill_past, Limits, ALONE_WALL_FACTOR};
use jurybox_format::Package;

/// Where a judged test is, which decides its limits ([`Limits::at`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestAt<'a> {
    /// The package's test of this index.
    Package(usize),
    /// A new test, to be written into this scoring group (`None`: into the
    /// package's secret tests, no group).
    New(Option<&'a str>),
}

impl Limits {
    /// These (the package's) limits made those of the test at `at` for
    /// submission `submission` (its index in the package; `None`: a program
    /// of no submission, a `--program`): its language's, its own or its
    /// group's time and memory limits where the package states them, and the
    /// format's wall clock ([`jurybox_format::WallLimit`]) at that time
    /// limit, but not on limits that ask for a long wall clock
    /// ([`Limits::alone`]), whose CPU time is what decides.
    pub fn at(&self, package: &Package, submission: Option<usize>, at: TestAt) -> Limits {
        let name = submission.map(|s| package.submissions[s].name.as_str());
        let (time, memory) = match (&package.scoring, at) {
            (None, _) => (None, None),
            (Some(scoring), TestAt::Package(t)) => match name {
                Some(name) => (
                    scoring.time_limit_for(name, t),
                    scoring.memory_mib_for(name, t),
                ),
                None => (scoring.time_limit_of(t), scoring.memory_mib_of(t)),
            },
            (Some(scoring), TestAt::New(group)) => {
                let own = scoring.new_test_limits_in(name, group);
                (own.time, own.memory_mib)
            }
        };
        let time_limit = time.unwrap_or(self.time_limit);
        let kill_at = match time_limit == self.time_limit {
            true => self.kill_at,
            false => kill_past(time_limit * package.config.multipliers.time_limit_to_tle),
        };
        let wall_cap = match package.config.wall_limit {
            Some(wall) if self.wall_factor < ALONE_WALL_FACTOR => Some(wall.seconds(time_limit)),
            _ => self.wall_cap,
        };
        Limits {
            time_limit,
            kill_at,
            memory_mib: memory.unwrap_or(self.memory_mib),
            wall_cap,
            ..*self
        }
    }
}
