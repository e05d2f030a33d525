//! Description: how fast this machine runs a judge's programs, as one number,
//! so a time limit can say what machine it was set on (as Polygon records the
//! CPU a limit was tuned on) and another machine can say what it means there.
//! [`calibrate`] builds three small C++ programs the project ships
//! (`jury/calibration/`: integer arithmetic, memory-bound random access, a
//! branchy search; a judge's time goes to one of these or a mix) with the
//! judge's flags (`jurybox_languages`), runs each [`CALIBRATION_RUNS`] times one
//! at a time, round robin, as a limit's decisive runs are made (undisturbed
//! where the machine allows: `undisturbed.rs`), and keeps each one's fastest
//! run (other work only adds CPU time). The speed is the geometric mean of reference seconds ÷ these
//! seconds, as SPEC sums up its benchmarks: 1.00 is [`REFERENCE_MACHINE`], 2.00
//! a machine that runs them in half the time. [`scale`] turns a limit stated at
//! one speed into the limit that corresponds to it at another.
//!
//! Time: about 2.5 s of CPU (3 programs × 5 runs of 0.2 to 0.4 s) and one
//! compile each, cached. Source: Polygon's "CPU speed" beside a problem's limit;
//! SPEC CPU's geometric mean of ratios to a reference machine; issue 35.
//! Status: unit tests on scripted times below; the real machine slowed on
//! purpose (a competing load, a CPU quota) is measured in docs/PERFORMANCE.md.

use crate::undisturbed::{self, undisturbed};
use jurybox_languages::{build, cache_dir, BuildError, ProgramSource};
use jurybox_sandbox::{run_command, Outcome, RunLimits};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Runs of each reference program, one at a time; the fastest counts.
pub const CALIBRATION_RUNS: usize = 5;

/// How far apart two speeds of one machine may be and still be the same
/// machine: calibrating this machine again and again moved its speed by up
/// to this much (docs/PERFORMANCE.md), so a ratio within it scales nothing.
pub const SPEED_NOISE: f64 = 0.05;

/// The machine whose speed is 1.00.
pub const REFERENCE_MACHINE: &str =
    "the 2-core Intel Xeon virtual machine jurybox was developed on (L2 4 MiB per core, g++ -O2), 2026-11-26";

/// One reference program.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reference {
    /// Its name (the file's stem).
    pub name: &'static str,
    /// What it exercises.
    pub profile: &'static str,
    /// Its C++ source.
    pub source: &'static str,
    /// Its input.
    pub input: &'static str,
    /// What it prints: a run that prints anything else is no measurement.
    pub output: &'static str,
    /// Its CPU seconds on [`REFERENCE_MACHINE`] (the fastest of this
    /// session's calibrations, docs/PERFORMANCE.md).
    pub seconds: f64,
}

/// The reference programs, in the order they run.
pub const REFERENCES: [Reference; 3] = [
    Reference {
        name: "integer_arithmetic",
        profile: "integer arithmetic",
        source: include_str!("../calibration/integer_arithmetic.cpp"),
        input: "50000000\n",
        output: "108778602\n",
        seconds: 0.200,
    },
    Reference {
        name: "random_access",
        profile: "memory-bound random access",
        source: include_str!("../calibration/random_access.cpp"),
        input: "1000000\n",
        output: "15499571\n",
        seconds: 0.287,
    },
    Reference {
        name: "branchy_search",
        profile: "a branchy search",
        source: include_str!("../calibration/branchy_search.cpp"),
        input: "13\n",
        output: "73712\n",
        seconds: 0.295,
    },
];

/// One reference program's time here.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The program.
    pub reference: Reference,
    /// Its fastest run here, CPU seconds.
    pub seconds: f64,
    /// How many runs.
    pub runs: usize,
    /// Its slowest run here, CPU seconds: with the fastest, the spread of its
    /// repeats (issue 45 item 5: a speed says its own noise).
    pub slowest: f64,
}

impl Measured {
    /// Slowest ÷ fastest − 1: how far its repeats moved.
    pub fn spread(&self) -> f64 {
        self.slowest / self.seconds.max(1e-9) - 1.0
    }
}

/// This machine's speed and what it comes from.
#[derive(Clone, Debug, PartialEq)]
pub struct Speed {
    /// Each reference program's time here.
    pub programs: Vec<Measured>,
    /// The geometric mean of reference seconds ÷ seconds here.
    pub speed: f64,
    /// How the runs were made (`alone`, or `alone at real-time priority`).
    pub how: &'static str,
}

impl Speed {
    /// The speed of `programs`' times.
    pub fn of(programs: Vec<Measured>) -> Speed {
        let logs: f64 = programs
            .iter()
            .map(|m| (m.reference.seconds / m.seconds.max(1e-6)).ln())
            .sum();
        let speed = (logs / programs.len().max(1) as f64).exp();
        Speed {
            programs,
            speed,
            how: undisturbed::how(),
        }
    }

    /// `0.204 s integer arithmetic, 0.363 s memory-bound random access, ...`:
    /// the figures behind the number, for a note beside it.
    pub fn figures(&self) -> String {
        self.programs
            .iter()
            .map(|m| format!("{:.3} s {}", m.seconds, m.reference.profile))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The largest spread of any program's repeats (see [`Measured::spread`]).
    pub fn spread(&self) -> f64 {
        self.programs
            .iter()
            .map(Measured::spread)
            .fold(0.0, f64::max)
    }

    /// The note recorded beside the number: its figures, and what 1.00 is.
    pub fn note(&self) -> String {
        format!(
            "{}, each the fastest of {CALIBRATION_RUNS} runs {}, where this limit was derived or checked; 1.00 is jurybox's reference machine",
            self.figures(),
            self.how
        )
    }
}

/// Why the machine could not be measured.
#[derive(Debug, thiserror::Error)]
pub enum CalibrateError {
    /// A reference program did not build (no g++, most likely).
    #[error("the reference program {name} does not build: {error}")]
    Build {
        /// The program.
        name: &'static str,
        /// Why.
        error: BuildError,
    },
    /// A run ended otherwise than with the expected output.
    #[error("the reference program {name} did not run as it must: {why}")]
    Run {
        /// The program.
        name: &'static str,
        /// How it ended.
        why: String,
    },
    /// Stopped by Ctrl-C.
    #[error("interrupted")]
    Interrupted,
}

/// Measures this machine: each reference program built as a judge builds it
/// and run [`CALIBRATION_RUNS`] times one at a time, round robin.
pub fn calibrate(cancel: &AtomicBool) -> Result<Speed, CalibrateError> {
    let built = REFERENCES
        .iter()
        .map(|r| {
            let source = ProgramSource::single(
                "jurybox calibrate",
                &format!("{}.cpp", r.name),
                r.source.as_bytes(),
            );
            build(&source, &cache_dir()).map_err(|error| CalibrateError::Build {
                name: r.name,
                error,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let limits = RunLimits::with_cpu(Duration::from_secs(
        jurybox_sandbox::CALIBRATION_CPU_SECONDS,
    ));
    let run = |i: usize| -> Result<f64, CalibrateError> {
        let r = &REFERENCES[i];
        let program = undisturbed(&built[i]);
        let report = run_command(&program.command(), &limits, r.input.as_bytes(), cancel);
        if cancel.load(Ordering::Relaxed) || report.outcome == Outcome::Interrupted {
            return Err(CalibrateError::Interrupted);
        }
        if report.outcome != Outcome::Exited || report.stdout != r.output.as_bytes() {
            return Err(CalibrateError::Run {
                name: r.name,
                why: format!(
                    "{} ({}), printed {:?}",
                    report.outcome,
                    report.figures(),
                    String::from_utf8_lossy(&report.stdout)
                ),
            });
        }
        Ok(report.cpu.as_secs_f64())
    };
    measure(&run)
}

/// [`calibrate`]'s rounds with `run` timing one run of reference `i`.
fn measure(run: &dyn Fn(usize) -> Result<f64, CalibrateError>) -> Result<Speed, CalibrateError> {
    let mut times = vec![Vec::new(); REFERENCES.len()];
    for _ in 0..CALIBRATION_RUNS {
        for (i, runs) in times.iter_mut().enumerate() {
            runs.push(run(i)?);
        }
    }
    let programs = REFERENCES
        .iter()
        .zip(times)
        .map(|(reference, runs)| Measured {
            reference: *reference,
            seconds: runs.iter().copied().fold(f64::INFINITY, f64::min),
            slowest: runs.iter().copied().fold(0.0, f64::max),
            runs: runs.len(),
        })
        .collect();
    Ok(Speed::of(programs))
}

/// A stated limit seen from another machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScaledLimit {
    /// The limit as stated, seconds.
    pub stated: f64,
    /// The speed it was stated at.
    pub recorded: f64,
    /// This machine's speed.
    pub here: f64,
    /// What the stated limit corresponds to here, seconds: the stated one
    /// when the speeds are within [`SPEED_NOISE`] of each other.
    pub seconds: f64,
}

impl ScaledLimit {
    /// How much slower this machine is than the recorded one (below 1: faster).
    pub fn slower_by(&self) -> f64 {
        self.recorded / self.here
    }

    /// Whether the two speeds differ by more than the calibration's noise.
    pub fn differs(&self) -> bool {
        (self.slower_by() - 1.0).abs() > SPEED_NOISE
    }

    /// One sentence: how this machine compares and what the limit is here.
    pub fn explain(&self) -> String {
        let compare = if self.differs() {
            let f = self.slower_by();
            match f > 1.0 {
                true => format!("{f:.2}× slower than"),
                false => format!("{:.2}× faster than", 1.0 / f),
            }
        } else {
            "within the calibration's noise of".to_string()
        };
        format!(
            "this machine's speed is {:.2}, {compare} the {:.2} the limit was stated at: the stated {:.2} s corresponds to {:.2} s here",
            self.here, self.recorded, self.stated, self.seconds
        )
    }
}

/// The limit `stated` seconds at speed `recorded` corresponds to at speed
/// `here`: a program takes `recorded ÷ here` times as long here.
pub fn scale(stated: f64, recorded: f64, here: f64) -> ScaledLimit {
    let mut scaled = ScaledLimit {
        stated,
        recorded,
        here,
        seconds: stated,
    };
    if scaled.differs() {
        scaled.seconds = stated * scaled.slower_by();
    }
    scaled
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn the_reference_machine_has_speed_one_and_a_twice_as_slow_one_half() {
        let at = |factor: f64| {
            measure(&|i| Ok(REFERENCES[i].seconds * factor))
                .unwrap()
                .speed
        };
        assert!((at(1.0) - 1.0).abs() < 1e-9);
        assert!((at(2.0) - 0.5).abs() < 1e-9);
        assert!((at(0.5) - 2.0).abs() < 1e-9);
    }

    #[test]
    fn the_fastest_run_of_each_program_counts() {
        // A neighbour's burst on every run but one of each program.
        let calls = Cell::new(0);
        let speed = measure(&|i| {
            calls.set(calls.get() + 1);
            let burst = if calls.get() <= REFERENCES.len() {
                1.0
            } else {
                1.6
            };
            Ok(REFERENCES[i].seconds * burst)
        })
        .unwrap();
        assert_eq!(calls.get(), REFERENCES.len() * CALIBRATION_RUNS);
        assert!((speed.speed - 1.0).abs() < 1e-9, "{speed:?}");
        assert!(speed.programs.iter().all(|m| m.runs == CALIBRATION_RUNS));
        // The bursts are its spread: 1.6 ÷ 1.0, said beside the speed.
        assert!((speed.spread() - 0.6).abs() < 1e-9, "{speed:?}");
    }

    #[test]
    fn a_memory_bound_slowdown_weighs_a_third() {
        // Only the random-access program 1.5× slower: (1/1.5)^(1/3).
        let speed = measure(&|i| {
            let f = if REFERENCES[i].name == "random_access" {
                1.5
            } else {
                1.0
            };
            Ok(REFERENCES[i].seconds * f)
        })
        .unwrap();
        assert!((speed.speed - (1.0f64 / 1.5).powf(1.0 / 3.0)).abs() < 1e-9);
    }

    #[test]
    fn a_limit_is_scaled_by_the_ratio_of_speeds_beyond_the_noise() {
        let says = |scaled: &ScaledLimit, words: &str| {
            assert!(scaled.explain().contains(words), "{}", scaled.explain());
        };
        // Stated at speed 1.0; this machine runs at 0.8: 1.25× slower.
        let slower = scale(1.5, 1.0, 0.8);
        assert!((slower.seconds - 1.875).abs() < 1e-9);
        says(&slower, "1.25× slower than the 1.00");
        // Twice as fast: half the limit.
        let faster = scale(2.0, 1.0, 2.0);
        assert!((faster.seconds - 1.0).abs() < 1e-9);
        says(&faster, "2.00× faster");
        // Within the calibration's own noise: the stated limit as it is.
        let same = scale(1.5, 1.0, 0.97);
        assert!(!same.differs());
        assert_eq!(same.seconds, 1.5);
        says(&same, "within the calibration's noise");
    }

    #[test]
    fn a_failing_reference_run_is_an_error_not_a_speed() {
        let failed = measure(&|i| match i {
            1 => Err(CalibrateError::Run {
                name: REFERENCES[1].name,
                why: "runtime error".into(),
            }),
            _ => Ok(0.2),
        });
        assert!(matches!(
            failed,
            Err(CalibrateError::Run {
                name: "random_access",
                ..
            })
        ));
    }
}
