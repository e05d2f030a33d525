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

#[cfg(test)]
mod tests {
    use super::*;

    fn sinol_languages() -> Package {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/packages/sinol-languages");
        Package::read(&dir).unwrap()
    }

    /// A new test of group 2 judges `lng1.py` as `run` judges group 2's
    /// tests: Python's 5 s and 256 MiB, a wall clock of ceil(2 × 5 s);
    /// `lng.c` under the package's 0.5 s and 16 MiB, its wall clock 1 s.
    /// harden used to judge both under the package's, without the cap.
    #[test]
    fn a_new_test_of_a_group_is_judged_as_the_groups_tests_are() {
        let package = sinol_languages();
        let base = Limits::of(&package, 0.5);
        let sub = |name: &str| package.submissions.iter().position(|s| s.name == name);
        let (py, c) = (sub("prog/lng1.py"), sub("prog/lng.c"));
        let group2 = package.data.tests.iter().position(|t| t.name == "in/lng2a");
        let new = base.at(&package, py, TestAt::New(Some("2")));
        assert_eq!(
            (new.time_limit, new.memory_mib, new.wall_cap),
            (5.0, 256, Some(10.0))
        );
        assert_eq!(new, base.at(&package, py, TestAt::Package(group2.unwrap())));
        let new = base.at(&package, c, TestAt::New(Some("2")));
        assert_eq!(
            (new.time_limit, new.memory_mib, new.wall_cap),
            (0.5, 16, Some(1.0))
        );
        assert_eq!(new.kill_at, base.kill_at);
        // A run again alone has no cap, as before.
        assert_eq!(
            base.alone()
                .at(&package, c, TestAt::New(Some("2")))
                .wall_cap,
            None
        );
    }
}
