//! One side of a dialogue while it runs (the program or the interactor):
//! its process, its pipes and what waits to be written to it, its samples.

use crate::procfs::{sample_tree, TreeSample};
use crate::spawn::spawn;
use crate::supervise::{has_exited, pidfd_open, set_nonblocking, Sink};
use crate::{Clock, Invocation, Outcome, RunLimits, RunReport, STDERR_EXCERPT};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::time::Instant;

/// One side while it runs.
pub(super) struct Side {
    pub(super) pid: i32,
    pub(super) token: String,
    pub(super) shell: bool,
    pub(super) pidfd: Option<OwnedFd>,
    pub(super) limits: RunLimits,
    /// Its stdin, and the bytes waiting to be written to it.
    pub(super) stdin: Option<OwnedFd>,
    pub(super) pending: Vec<u8>,
    /// Close its stdin once `pending` is written.
    pub(super) close_when_flushed: bool,
    pub(super) stdout: Option<OwnedFd>,
    /// Bytes it wrote to stdout.
    pub(super) sent: u64,
    pub(super) stderr: Sink,
    pub(super) seen: TreeSample,
    pub(super) peak_rss: u64,
    /// Its report, once it has ended and been reaped.
    pub(super) ended: Option<RunReport>,
}

impl Side {
    pub(super) fn alive(&self) -> bool {
        self.ended.is_none()
    }

    pub(super) fn stdin_fd(&self) -> RawFd {
        match &self.stdin {
            Some(fd) if !self.pending.is_empty() => fd.as_raw_fd(),
            _ => -1,
        }
    }

    /// Writes what is pending without blocking; drops it if the reader is gone.
    pub(super) fn flush(&mut self) {
        while let Some(fd) = &self.stdin {
            if self.pending.is_empty() {
                break;
            }
            let chunk = self.pending.len().min(1 << 16);
            // SAFETY: writing from a buffer we own, of the length given.
            let n = unsafe { libc::write(fd.as_raw_fd(), self.pending.as_ptr().cast(), chunk) };
            if n > 0 {
                self.pending.drain(..n as usize);
            } else {
                let err = std::io::Error::last_os_error();
                match err.kind() {
                    std::io::ErrorKind::Interrupted => continue,
                    std::io::ErrorKind::WouldBlock => break,
                    // EPIPE: it closed its input or ended; that is its right.
                    _ => {
                        self.stdin = None;
                        self.pending.clear();
                    }
                }
            }
        }
        if self.close_when_flushed && self.pending.is_empty() {
            self.stdin = None;
        }
    }

    /// Reads its stdout without blocking into `out`; `None` at end of file.
    pub(super) fn read_stdout(&mut self, out: &mut Vec<u8>) -> Option<()> {
        let mut buf = [0u8; 8192];
        loop {
            let fd = self.stdout.as_ref()?;
            // SAFETY: reading into a buffer we own, of the length given.
            let n = unsafe { libc::read(fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
            if n > 0 {
                out.extend_from_slice(&buf[..n as usize]);
                if out.len() >= 1 << 16 {
                    return Some(());
                }
            } else if n == 0 {
                self.stdout = None;
                return None;
            } else {
                match std::io::Error::last_os_error().kind() {
                    std::io::ErrorKind::Interrupted => continue,
                    std::io::ErrorKind::WouldBlock => return Some(()),
                    _ => {
                        self.stdout = None;
                        return None;
                    }
                }
            }
        }
    }

    /// Samples CPU and memory; the limit it is over, if any.
    pub(super) fn sample(&mut self) -> Option<Outcome> {
        self.seen = sample_tree(self.pid);
        self.peak_rss = self.peak_rss.max(self.seen.rss_bytes);
        if self.seen.cpu_seconds > self.limits.cpu.as_secs_f64() {
            Some(Outcome::TimeLimit(Clock::Cpu))
        } else if self.peak_rss > self.limits.memory_bytes {
            Some(Outcome::MemoryLimit)
        } else {
            None
        }
    }

    pub(super) fn exited(&self, revents: i16) -> bool {
        match &self.pidfd {
            Some(_) => revents != 0,
            None => has_exited(self.pid),
        }
    }
}

/// Starts one side of the dialogue, its pipes non-blocking.
pub(super) fn start_side(
    invocation: &Invocation,
    limits: &RunLimits,
    start: Instant,
) -> Result<Side, RunReport> {
    let spawned = spawn(invocation, None, limits, None)
        .map_err(|why| crate::supervise::could_not_start(why, start))?;
    let pid = spawned.pid;
    let stdin = spawned
        .stdin
        .expect("the caller gave no stdin: it is piped");
    set_nonblocking(stdin.as_raw_fd());
    let stdout = spawned.stdout;
    set_nonblocking(stdout.as_raw_fd());
    let stderr = Sink::new(spawned.stderr, STDERR_EXCERPT, limits.stderr_bytes);
    Ok(Side {
        pid,
        token: spawned.token,
        shell: spawned.shell,
        pidfd: pidfd_open(pid),
        limits: *limits,
        stdin: Some(stdin),
        pending: Vec::new(),
        close_when_flushed: false,
        stdout: Some(stdout),
        sent: 0,
        stderr,
        seen: TreeSample::default(),
        peak_rss: 0,
        ended: None,
    })
}

/// A side that never started, as an ended side.
pub(super) fn failed_side(report: RunReport) -> Side {
    Side {
        pid: 0,
        token: String::new(),
        shell: false,
        pidfd: None,
        limits: RunLimits::default(),
        stdin: None,
        pending: Vec::new(),
        close_when_flushed: true,
        stdout: None,
        sent: 0,
        stderr: Sink::closed(),
        seen: TreeSample::default(),
        peak_rss: 0,
        ended: Some(report),
    }
}
