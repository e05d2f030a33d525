//! CPU time and resident memory of a running process tree, from `/proc`.
//!
//! Read only while a run lasts longer than its first few milliseconds, so quick
//! runs pay nothing for it.

use std::fs;

/// Clock ticks per second (`sysconf(_SC_CLK_TCK)`).
fn ticks_per_second() -> f64 {
    // SAFETY: sysconf takes a constant and touches no memory.
    let t = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if t > 0 {
        t as f64
    } else {
        100.0
    }
}

/// What one look at a process tree saw.
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeSample {
    /// CPU seconds of the tree, including children its members reaped.
    pub cpu_seconds: f64,
    /// Resident bytes summed over the tree.
    pub rss_bytes: u64,
}

fn cpu_ticks(pid: i32) -> Option<u64> {
    let stat = fs::read(format!("/proc/{pid}/stat")).ok()?;
    let close = stat.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(&stat[close + 1..]).ok()?;
    // After ')': state(1) ppid pgrp session tty tpgid flags minflt cminflt majflt
    // cmajflt utime(12) stime cutime cstime.
    let fields: Vec<&str> = rest.split_whitespace().take(15).collect();
    let n = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Some(n(11) + n(12) + n(13) + n(14))
}

fn rss_bytes(pid: i32) -> u64 {
    let Ok(status) = fs::read_to_string(format!("/proc/{pid}/status")) else {
        return 0;
    };
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kib| kib * 1024)
}

fn children(pid: i32, out: &mut Vec<i32>) {
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return;
    };
    for task in tasks.flatten() {
        if let Ok(text) = fs::read_to_string(task.path().join("children")) {
            out.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<i32>().ok()),
            );
        }
    }
}

/// CPU time and resident memory of `root` and its descendants (at most 512
/// processes are looked at: enough for any solution, bounded for a fork bomb).
pub fn sample_tree(root: i32) -> TreeSample {
    let mut pending = vec![root];
    let mut ticks = 0;
    let mut rss = 0;
    let mut seen = 0;
    while let Some(pid) = pending.pop() {
        seen += 1;
        if seen > 512 {
            break;
        }
        ticks += cpu_ticks(pid).unwrap_or(0);
        rss += rss_bytes(pid);
        children(pid, &mut pending);
    }
    TreeSample {
        cpu_seconds: ticks as f64 / ticks_per_second(),
        rss_bytes: rss,
    }
}

/// Whether the thread at `task` (`/proc/PID/task/TID`) is running or ready to
/// run: state `R`, the field after the parenthesised command name.
fn task_running(task: &std::path::Path) -> bool {
    fs::read(task.join("stat")).ok().is_some_and(|stat| {
        stat.iter()
            .rposition(|&b| b == b')')
            .and_then(|close| stat.get(close + 2))
            == Some(&b'R')
    })
}

/// Calls `visit` on every thread of `root`'s process tree (at most 512
/// processes) until it returns true; returns whether one did.
fn any_task(root: i32, mut visit: impl FnMut(&std::path::Path) -> bool) -> bool {
    let mut pending = vec![root];
    let mut seen = 0;
    while let Some(pid) = pending.pop() {
        seen += 1;
        if seen > 512 {
            break;
        }
        let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        if tasks.flatten().any(|task| visit(&task.path())) {
            return true;
        }
        children(pid, &mut pending);
    }
    false
}

/// Whether some thread of `root`'s process tree is running or ready to run
/// (state `R`): such a tree is not stalled, however little CPU it got.
pub fn any_running(root: i32) -> bool {
    any_task(root, task_running)
}

/// Whether some thread of `root`'s process tree sleeps in a read of a pipe or
/// a poll (waiting for input), from `/proc/PID/task/TID/wchan`: `None` when the
/// kernel shows no wait channel at all (it hides them from some users).
pub fn waiting_for_input(root: i32) -> Option<bool> {
    let mut shown = false;
    let waiting = any_task(root, |task| {
        if task_running(task) {
            shown = true;
            return false;
        }
        let Ok(wchan) = fs::read_to_string(task.join("wchan")) else {
            return false;
        };
        let wchan = wchan.trim();
        if wchan.is_empty() || wchan == "0" {
            return false;
        }
        shown = true;
        // pipe_read (anon_pipe_read since 6.x; pipe_wait before 5.x), and the
        // waits of poll, select and epoll.
        ["pipe_read", "pipe_wait", "poll", "select"]
            .iter()
            .any(|w| wchan.contains(w))
    });
    if waiting {
        Some(true)
    } else {
        shown.then_some(false)
    }
}
