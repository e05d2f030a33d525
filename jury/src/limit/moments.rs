//! The machine's variation *between moments* of one derivation (issue 45
//! item 1), measured where it happens.
//!
//! The runs alone of one derivation agree within a few percent, yet the same
//! program's fastest run moved 0.57 to 1.04 s between derivations minutes
//! apart on a machine shared with other builds (docs/PERFORMANCE.md, "Limits
//! that hold"): the noise that moves a limit is the machine's from one moment
//! to the next, not a run's. So a *yardstick* is run at many moments of the
//! derivation: before its parallel pass, between the pass's chunks, and just
//! before every decisive run. The yardstick is two of `calibrate`'s programs
//! (integer arithmetic and the branchy search, `jury/calibration/`) on inputs
//! that take a few milliseconds each, so a moment costs about 25 ms of CPU.
//!
//! Two figures come of it ([`Between`]):
//!
//! - each decisive run is brought to the derivation's quiet moment by the
//!   yardstick beside it ([`Between::at_quiet`]: run × quiet ÷ its moment's
//!   yardstick), so a run that a busy minute slowed counts as the time it
//!   would have taken in the quiet one, and
//! - the yardstick's spread over the whole derivation ([`Between::variation`],
//!   its second slowest ÷ its second fastest moment: one outlier either way is
//!   a moment, not the machine) widens the interval upwards: a run as fast as
//!   the fastest could have taken that much longer at another moment of this
//!   same derivation, and "straddles a step, take the upper" applies to that.
//!
//! Time: one yardstick run per moment (25 ms of CPU), with a moment beside
//! each decisive run: a few percent of a derivation (docs/PERFORMANCE.md,
//! "Limits between moments"). Source: issue 45; `calibrate`'s programs
//! (`speed.rs`).

use crate::speed::REFERENCES;
use crate::undisturbed::undisturbed;
use jurybox_languages::{build, cache_dir, Built, ProgramSource};
use jurybox_sandbox::{run_command, Outcome, RunLimits};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The yardstick's programs: (index in [`REFERENCES`], input, its output), a
/// few milliseconds each here.
const PROGRAMS: [(usize, &str, &str); 2] = [(0, "2000000\n", "21601470\n"), (2, "11\n", "2680\n")];

/// Fewest moments a variation is taken of: with fewer, its second slowest
/// and second fastest are the same moment.
const FEWEST_MOMENTS: usize = 3;

/// The yardstick's programs, built as `calibrate` builds them.
pub struct Yardstick {
    built: Vec<Built>,
}

impl Yardstick {
    /// Builds the programs (cached); why not, once, when they do not build.
    pub fn build() -> Result<Yardstick, String> {
        let built = PROGRAMS
            .iter()
            .map(|&(i, _, _)| {
                let r = &REFERENCES[i];
                let source = ProgramSource::single(
                    "jurybox yardstick",
                    &format!("{}.cpp", r.name),
                    r.source.as_bytes(),
                );
                build(&source, &cache_dir()).map_err(|e| format!("{} does not build: {e}", r.name))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Yardstick { built })
    }

    /// One moment: each program run once, one at a time, its CPU seconds
    /// summed; `None` when a run did not print what it must (no moment then).
    pub fn time(&self, cancel: &AtomicBool) -> Option<f64> {
        let limits = RunLimits::with_cpu(Duration::from_secs(
            jurybox_sandbox::CALIBRATION_CPU_SECONDS,
        ));
        let mut sum = 0.0;
        for (program, &(_, input, output)) in self.built.iter().zip(&PROGRAMS) {
            let program = undisturbed(program);
            let report = run_command(&program.command(), &limits, input.as_bytes(), cancel);
            if report.outcome != Outcome::Exited || report.stdout != output.as_bytes() {
                return None;
            }
            sum += report.cpu.as_secs_f64();
        }
        Some(sum)
    }
}

/// A decisive run and the yardstick's time just before it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moment {
    /// The run's CPU seconds.
    pub run: f64,
    /// The yardstick's CPU seconds at its moment.
    pub yardstick: f64,
}

/// The yardstick over one derivation's moments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Between {
    /// How many moments.
    pub moments: usize,
    /// The quiet moment's yardstick: its second fastest, CPU seconds.
    pub quiet: f64,
    /// The busy moment's: its second slowest, CPU seconds.
    pub busy: f64,
}

impl Between {
    /// The figures of `yardsticks` (one per moment, any order); `None` for
    /// fewer than three moments.
    pub fn of(yardsticks: &[f64]) -> Option<Between> {
        let mut sorted: Vec<f64> = yardsticks.iter().copied().filter(|y| *y > 0.0).collect();
        if sorted.len() < FEWEST_MOMENTS {
            return None;
        }
        sorted.sort_by(f64::total_cmp);
        Some(Between {
            moments: sorted.len(),
            quiet: sorted[1],
            busy: sorted[sorted.len() - 2],
        })
    }

    /// The machine's variation between moments: busy ÷ quiet, ≥ 1.
    pub fn variation(&self) -> f64 {
        (self.busy / self.quiet).max(1.0)
    }

    /// `moment`'s run brought to the quiet moment: run × quiet ÷ its
    /// yardstick (a run at a busier moment than the quiet one counts less).
    pub fn at_quiet(&self, moment: Moment) -> f64 {
        moment.run * self.quiet / moment.yardstick
    }

    /// `moments`' runs, each brought to the quiet moment.
    pub fn all_at_quiet(&self, moments: &[Moment]) -> Vec<f64> {
        moments.iter().map(|m| self.at_quiet(*m)).collect()
    }

    /// `the yardstick (calibrate's integer arithmetic and branchy search) at
    /// 23 moments: 21.3–27.6 ms, 1.30× between its quiet and busy moment`.
    pub fn describe(&self) -> String {
        format!(
            "the yardstick (calibrate's integer arithmetic and branchy search) at {} moments: \
             {:.1}–{:.1} ms, {:.2}× between its quiet and busy moment",
            self.moments,
            self.quiet * 1e3,
            self.busy * 1e3,
            self.variation()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limit_noise::tests::TETRIS;
    use crate::limit_noise::Interval;

    #[test]
    fn the_variation_is_the_second_slowest_over_the_second_fastest_moment() {
        // One lucky moment (10 ms) and one burst (90 ms) are moments, not the
        // machine: 30 ÷ 20.
        let between = Between::of(&[20.0, 90.0, 25.0, 10.0, 30.0]).unwrap();
        assert_eq!((between.quiet, between.busy), (20.0, 30.0));
        assert!((between.variation() - 1.5).abs() < 1e-9);
        assert_eq!(between.moments, 5);
        assert!(Between::of(&[20.0, 30.0]).is_none());
        assert!(
            between.describe().contains("5 moments"),
            "{}",
            between.describe()
        );
    }

    #[test]
    fn a_run_at_a_busy_moment_is_brought_to_the_quiet_one() {
        let between = Between::of(&[0.020, 0.020, 0.030, 0.030]).unwrap();
        // At a moment 1.5× as slow as the quiet one, 0.9 s counts as 0.6 s.
        let at_quiet = between.at_quiet(Moment {
            run: 0.9,
            yardstick: 0.030,
        });
        assert!((at_quiet - 0.6).abs() < 1e-9);
    }

    #[test]
    fn the_same_program_in_a_quiet_and_a_busy_minute_gives_one_limit() {
        // The program takes 0.6 s in the quiet minute and 0.9 s in the busy
        // one (as tree_of_trees_nodes moved between derivations here); the
        // yardstick moved alike, 20 ms to 30 ms. Taken raw, 2 × 0.6 s gives
        // 1.5 s and 2 × 0.9 s 2.0 s; brought to the quiet moment both give
        // 1.5 s, and the variation between moments widens both alike.
        let derivation = |at: f64| {
            let yardsticks = [0.020, 0.021, 0.030, 0.029, at, at];
            let between = Between::of(&yardsticks).unwrap();
            let moments: Vec<Moment> = (0..5)
                .map(|i| Moment {
                    run: 0.6 * at / 0.020 + 0.001 * i as f64,
                    yardstick: at,
                })
                .collect();
            let raw = Interval::of(&moments.iter().map(|m| m.run).collect::<Vec<_>>());
            let at_quiet = Interval::of(&between.all_at_quiet(&moments));
            (
                TETRIS.step(&raw).seconds,
                TETRIS.step(&at_quiet).seconds,
                at_quiet.between_moments(between.variation()),
            )
        };
        let (quiet_raw, quiet, quiet_widened) = derivation(0.020);
        let (busy_raw, busy, busy_widened) = derivation(0.030);
        assert_eq!((quiet_raw, busy_raw), (1.5, 2.0));
        assert_eq!((quiet, busy), (1.5, 1.5));
        // Widened by 1.45× (29 ÷ 20 ms): 2 × 0.6 × 1.45 = 1.74 s, which
        // straddles 1.5 s: the upper step, in either minute.
        assert_eq!(TETRIS.step(&quiet_widened), TETRIS.step(&busy_widened));
        assert_eq!(TETRIS.step(&quiet_widened).seconds, 2.0);
        assert_eq!(TETRIS.step(&quiet_widened).straddled, Some(1.5));
    }
}
