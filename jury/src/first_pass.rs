//! The time limit's parallel pass ([`super::limit::derive_keeping`]) runs every
//! submission that bounds the limit on every test, under a probe limit far above
//! any it may derive. The matrix that follows runs the intended solutions again
//! under the derived limit; where a first-pass run ended on its own well inside
//! that limit, its verdict is the one the matrix would get (a time limit and a
//! wall-clock stop are the only things a lower limit changes), so the matrix
//! takes it instead of running the pair again: on a built-in package that is
//! every intended solution on every test, about half of the package's runs.

use super::run::{Limits, Run};
use jurybox_core::Verdict;
use std::collections::HashMap;

/// The runs of the limit's parallel pass, by (submission, test) index.
#[derive(Clone, Debug, Default)]
pub struct FirstPass {
    /// The limits they ran under; `None` keeps nothing (interactive and
    /// multi-pass problems, where the interactor's own clock takes part).
    probe: Option<Limits>,
    runs: HashMap<(usize, usize), Run>,
}

impl FirstPass {
    /// The runs `runs` made under `probe`.
    pub(crate) fn new(probe: Limits, runs: HashMap<(usize, usize), Run>) -> FirstPass {
        FirstPass {
            probe: Some(probe),
            runs,
        }
    }

    /// The run of `pair` as it would be judged under `limits`, when the first
    /// pass tells it: a run with a verdict on the program (not the jury's
    /// fault, not a time limit, not stopped idle) whose CPU time is within
    /// `limits`' time limit and whose wall-clock time the sandbox would not
    /// have stopped, under the same memory, output and jury limits. Otherwise
    /// `None`: run it again.
    pub fn under(&self, pair: (usize, usize), limits: &Limits) -> Option<Run> {
        let probe = self.probe.as_ref()?;
        let run = self.runs.get(&pair)?;
        let same_other_limits = probe.memory_mib == limits.memory_mib
            && probe.output_mib == limits.output_mib
            && probe.jury == limits.jury;
        let wall_stop = limits.run_limits().wall.as_secs_f64();
        let decided = run.verdict != Verdict::TLE && !run.stalled;
        (same_other_limits && decided && run.cpu <= limits.time_limit && run.wall < wall_stop)
            .then(|| run.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_judging::verdict::RunVerdict;
    use jurybox_sandbox::{Clock, RunLimits, Termination};
    use std::time::Duration;

    fn limits(time_limit: f64) -> Limits {
        Limits {
            time_limit,
            kill_at: crate::run::kill_past(time_limit * 2.0),
            memory_mib: 2048,
            output_mib: 8,
            jury: RunLimits::with_cpu(Duration::from_secs(60)),
            wall_factor: 4.0,
            wall_cap: None,
        }
    }

    fn run(verdict: Verdict, detail: RunVerdict, cpu: f64, wall: f64) -> Run {
        Run {
            verdict,
            detail,
            points: 100.0,
            cpu,
            wall,
            stalled: false,
            starved: false,
        }
    }

    fn pass(runs: Vec<Run>) -> FirstPass {
        let runs = runs.into_iter().enumerate().map(|(t, r)| ((0, t), r));
        FirstPass::new(limits(60.0), runs.collect())
    }

    #[test]
    fn a_run_that_ended_within_the_new_limit_keeps_its_verdict() {
        let wrong = RunVerdict::WrongAnswer("7 instead of 6".into());
        let crash = RunVerdict::RuntimeError(Termination::Exit(3));
        let first = pass(vec![
            run(Verdict::AC, RunVerdict::Accepted, 0.4, 0.5),
            run(Verdict::WA, wrong.clone(), 0.1, 0.2),
            run(Verdict::RTE, crash.clone(), 0.0, 0.1),
        ]);
        let now = limits(1.0);
        assert_eq!(
            first.under((0, 0), &now).map(|r| r.verdict),
            Some(Verdict::AC)
        );
        assert_eq!(first.under((0, 1), &now).map(|r| r.detail), Some(wrong));
        assert_eq!(first.under((0, 2), &now).map(|r| r.detail), Some(crash));
        // A pair the pass did not run.
        assert!(first.under((1, 0), &now).is_none());
        assert!(first.under((0, 3), &now).is_none());
    }

    #[test]
    fn what_a_lower_limit_could_change_is_run_again() {
        let mut idle = run(Verdict::AC, RunVerdict::Accepted, 0.1, 0.2);
        idle.stalled = true;
        let first = pass(vec![
            // Over the new limit: a time limit now.
            run(Verdict::AC, RunVerdict::Accepted, 1.2, 1.3),
            // Its wall clock would now be stopped (4 × 2.05 + 2 s).
            run(Verdict::AC, RunVerdict::Accepted, 0.5, 10.5),
            run(Verdict::TLE, RunVerdict::TimeLimit(Clock::Cpu), 61.0, 61.0),
            idle,
        ]);
        let now = limits(1.0);
        for t in 0..4 {
            assert!(first.under((0, t), &now).is_none(), "test {t}");
        }
        // Other memory limits: nothing is taken.
        let fine = pass(vec![run(Verdict::AC, RunVerdict::Accepted, 0.1, 0.1)]);
        let smaller = Limits {
            memory_mib: 256,
            ..limits(1.0)
        };
        assert!(fine.under((0, 0), &smaller).is_none());
        assert!(fine.under((0, 0), &now).is_some());
        // Nothing kept at all (an interactive problem).
        assert!(FirstPass::default().under((0, 0), &now).is_none());
    }
}
