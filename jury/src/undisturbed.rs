//! A run that measures a program's own cost, undisturbed by the machine's other
//! work where the machine allows it: at real-time priority (`SCHED_FIFO` 1, its
//! children reset to the normal class on fork) through util-linux's `chrt`, so
//! no ordinary process takes its core from it in the middle of the run and
//! leaves its caches cold. On a shared 2-core machine that, not the other
//! core's traffic, was most of what load added to tetris3d's memory-bound
//! yardstick (tree_of_trees_nodes on tet5a, five runs each, beside a parallel
//! `cargo build --release`, load 11): 0.665–0.859 s as usual, 0.545–0.587 s at
//! real-time priority, where a quiet machine takes about 0.5 s
//! (docs/PERFORMANCE.md, "A limit that knows its noise").
//!
//! Only the runs that decide a limit or a speed go this way (the limit's
//! decisive runs, harden's reruns near the line, `jurybox calibrate`), one at a
//! time; judging does not (a judge gives a submission no such priority, and
//! needs none when each core runs one submission). A program stays under its
//! CPU limit as any run, and the kernel keeps 5 % of each core for ordinary
//! work (`sched_rt_runtime_us`), so a run that spins cannot take the machine.
//! Where real-time priority is not allowed (an ordinary user without
//! `CAP_SYS_NICE` or an `RLIMIT_RTPRIO`), or `chrt` is missing, the run is an
//! ordinary one, and the limit's explanation says which it was.

use jurybox_languages::Built;
use jurybox_sandbox::{run_command, Outcome, RunLimits};
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;
use std::time::Duration;

/// The words that start a program at real-time priority.
const CHRT: [&str; 4] = ["chrt", "--fifo", "--reset-on-fork", "1"];

/// Whether this machine lets jurybox start a program at real-time priority
/// (asked once: `chrt` starting `true`).
pub fn available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| {
        let command = format!("{} true", CHRT.join(" "));
        let limits = RunLimits::with_cpu(Duration::from_secs(jurybox_sandbox::PROBE_CPU_SECONDS));
        let report = run_command(&command, &limits, b"", &AtomicBool::new(false));
        report.outcome == Outcome::Exited
    })
}

/// `program`, started at real-time priority when [`available`], else as it is.
pub fn undisturbed(program: &Built) -> Built {
    if !available() {
        return program.clone();
    }
    Built {
        argv: CHRT
            .iter()
            .map(|w| w.to_string())
            .chain(program.argv.iter().cloned())
            .collect(),
        ..program.clone()
    }
}

/// How a decisive run was made, for an explanation: `alone at real-time
/// priority` or `alone`.
pub fn how() -> &'static str {
    match available() {
        true => "alone at real-time priority",
        false => "alone",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_runs_the_same_either_way() {
        let program = Built::from_command("echo 42");
        let wrapped = undisturbed(&program);
        assert_eq!(wrapped.name, program.name);
        assert!(wrapped.argv.ends_with(&program.argv), "{wrapped:?}");
        let report = run_command(
            &wrapped.command(),
            &RunLimits::with_cpu(Duration::from_secs(5)),
            b"",
            &AtomicBool::new(false),
        );
        assert_eq!(report.outcome, Outcome::Exited, "{}", how());
        assert_eq!(report.stdout, b"42\n");
    }
}
