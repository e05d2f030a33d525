//! A disagreement among the accepted submissions made small and shown: the
//! input shrunk while the accepted submission the reference's answer rejects
//! still fails it, then every accepted submission's own answer to it, so a
//! setter sees who is wrong (on one unseen problem two of four accepted
//! submissions answered an input of two numbers wrongly, which the published
//! data never tests).

use super::{Judged, Searcher, Target};
use jurybox_format::Verdict;
use jurybox_jury::Stop;
use jurybox_languages::Built;
use jurybox_sandbox::{run_command, RunLimits};
use jurybox_search::shrink::shrink;
use std::collections::BTreeSet;
use std::sync::atomic::Ordering;
use std::time::Instant;

impl Searcher<'_> {
    /// `program`'s output on `input` with the arguments of a new test and the
    /// stack its judge gives it; `None` when it did not exit normally within
    /// the kill time.
    pub fn output_of(
        &self,
        (program, submission): (&Built, Option<usize>),
        input: &[u8],
    ) -> Result<Option<Vec<u8>>, Stop> {
        let limits = RunLimits {
            stack: program.stack,
            ..RunLimits::with_cpu(std::time::Duration::from_secs_f64(
                self.limits_of(submission).kill_at.max(1.0),
            ))
        };
        let command = jurybox_jury::command_with(program, &self.settings.args);
        let report = run_command(&command, &limits, input, self.jury.cancel);
        if self.jury.cancel.load(Ordering::Relaxed) {
            return Err(Stop::Interrupted);
        }
        Ok((report.outcome == jurybox_sandbox::Outcome::Exited).then_some(report.stdout))
    }

    /// `input` shrunk while it stays valid and `program` (an accepted
    /// submission, `name`) still gets a wrong answer or a crash against the
    /// reference's answer, until the search's deadline; with that answer.
    /// The input as given when nothing smaller holds.
    pub fn shrink_disagreement(
        &self,
        name: &str,
        (program, submission): (&Built, Option<usize>),
        input: &[u8],
    ) -> Result<(Vec<u8>, Vec<u8>), Stop> {
        let target = Target {
            name: name.to_string(),
            program,
            catch: BTreeSet::from([Verdict::WA, Verdict::RTE]),
            reach: None,
            largest_first: false,
            submission,
        };
        let stop = std::sync::Mutex::new(None);
        let still = |bytes: &[u8]| match self.judge(&target, bytes) {
            Judged::Caught(_) => true,
            Judged::Stopped(s) => {
                stop.lock().expect("no panics holding it").get_or_insert(s);
                false
            }
            Judged::Invalid | Judged::Late | Judged::Passed => false,
        };
        let (small, _) = shrink(input, &still, self.deadline.max(Instant::now()), self.jobs);
        let small = if small != input && still(&small) {
            small
        } else {
            input.to_vec()
        };
        if let Some(Stop::Interrupted) = stop.into_inner().expect("no panics holding it") {
            return Err(Stop::Interrupted);
        }
        let answer = self.answer(&small)?.unwrap_or_default();
        Ok((small, answer))
    }
}
