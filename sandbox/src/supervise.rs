//! One run: spawn, feed stdin, collect stdout and stderr, watch the clocks and the
//! memory, all from one `poll(2)` loop on the calling thread; then kill everything
//! the run started and decide its [`Outcome`].

use super::procfs::{sample_tree, TreeSample};
use super::reaper;
use super::spawn::{spawn, Spawned};
use super::{
    Clock, Invocation, Outcome, RunLimits, RunReport, Stream, Termination, STDERR_EXCERPT,
};
use std::fs::File;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// No sampling of `/proc` before this: most runs are over by then.
pub(crate) const FIRST_SAMPLE: Duration = Duration::from_millis(10);
/// Set by [`gate_mode`].
static GATE_MODE: AtomicBool = AtomicBool::new(false);
/// How long a run's output may wait in its pipes before the loop reads it:
/// until the first sample, the loop (given a pidfd) wakes only at the
/// program's exit, then it reads the pipes at every write. A short run writes
/// its answer and exits. Watching its pipes would wake the loop for the answer,
/// then for each pipe's hang-up, which comes before the exit can be waited for
/// (a program closes its files before it becomes a zombie): two or three
/// wake-ups where one will do. And a shorter first timeout costs by itself:
/// a 1 ms timer is usually the CPU's next event, so arming it reprograms the
/// timer hardware, which on this VM is a trap to the hypervisor; a poll with a
/// 1 ms timeout took about 20 µs more system time a run than one with 10 ms
/// or none (docs/PERFORMANCE.md, issue 26). A program that fills a pipe
/// (64 KiB) sooner waits for the rest of this interval once: at most 10 ms of
/// its wall time, none of its CPU time.
pub(crate) const QUIET_OUTPUT: Duration = FIRST_SAMPLE;
/// Between samples of CPU time and memory.
pub(crate) const SAMPLE_EVERY: Duration = Duration::from_millis(10);
/// The longest the loop sleeps without looking at the cancel flag.
pub(crate) const CANCEL_EVERY: Duration = Duration::from_millis(50);

/// Makes every later run (not [`super::run_pair`]) independent of the machine's
/// speed, for the benchmark gate (`benches/gate.rs`) only: no `/proc` sampling
/// (the wall clock still ends a run), and without a pidfd (valgrind 3.19 has no
/// `pidfd_open`) a run whose input is all written waits for the program's exit
/// instead of polling for it every 2 ms. Under callgrind a run's supervision is
/// slowed fifty times, so a run of `cat` would reach the first sample (10 ms)
/// and more or fewer 2 ms ticks as the machine is slow or fast, and its
/// instruction count would move with them; this way it counts what a quick
/// run costs with a pidfd: one pass of the loop that wakes at the exit. Only
/// for programs that write less than a pipe holds (64 KiB) and exit.
#[doc(hidden)]
pub fn gate_mode() {
    GATE_MODE.store(true, Ordering::Relaxed);
}

/// Makes jurybox's end of a fresh pipe non-blocking. One `F_SETFL`, without
/// asking the flags first: a fresh pipe's end has no status flag set (the
/// access mode is not changed by `F_SETFL`). Not `pipe2(O_NONBLOCK)`: that
/// would make the program's end non-blocking too (both ends get the flag, and
/// the program's copy shares it), and a program writing more than a pipe holds
/// would see its writes fail.
pub(crate) fn set_nonblocking(fd: RawFd) {
    // SAFETY: fcntl on a descriptor we own.
    unsafe {
        libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK);
    }
}

pub(crate) fn pidfd_open(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open returns a new descriptor (or -1) that we then own.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as RawFd;
    if fd < 0 {
        None
    } else {
        // SAFETY: a fresh descriptor owned by nobody else.
        Some(unsafe { <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) })
    }
}

/// True once `pid` (a child of ours) has exited, without reaping it.
pub(crate) fn has_exited(pid: i32) -> bool {
    // SAFETY: waitid with WNOWAIT|WNOHANG only reads the state of our child.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        ) == 0
            && info.si_pid() != 0
    }
}

/// Blocks until `pid` (a child of ours) has exited, without reaping it.
fn wait_for_exit(pid: i32) {
    // SAFETY: waitid with WNOWAIT only reads the state of our child.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        while libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOWAIT,
        ) != 0
            && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
        {}
    }
}

/// Resets this process's peak resident size to its current size and returns that
/// size in bytes (with a 1 MiB margin for what a spawn adds): what a child's
/// `ru_maxrss` must exceed to say anything about the child. 0 where `/proc` says
/// nothing (then `ru_maxrss` is taken as it is).
///
/// Both files stay open for the life of the process (opened at the first run,
/// close-on-exec): a write and a read at offset 0 regenerate them, and saves two
/// path walks through `/proc` a run.
pub(crate) fn reset_own_peak() -> u64 {
    use std::os::unix::fs::FileExt;
    static OWN: OnceLock<(Option<File>, Option<File>)> = OnceLock::new();
    let (clear_refs, statm) = OWN.get_or_init(|| {
        (
            File::options()
                .write(true)
                .open("/proc/self/clear_refs")
                .ok(),
            File::open("/proc/self/statm").ok(),
        )
    });
    if let Some(clear_refs) = clear_refs {
        let _ = clear_refs.write_at(b"5", 0);
    }
    let mut buf = [0u8; 256];
    let Some(n) = statm.as_ref().and_then(|f| f.read_at(&mut buf, 0).ok()) else {
        return 0;
    };
    let Ok(statm) = std::str::from_utf8(&buf[..n]) else {
        return 0;
    };
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    // SAFETY: sysconf takes a constant and touches no memory.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    pages * page + super::MIB
}

/// An output pipe being read, with its cap.
pub(crate) struct Sink {
    fd: Option<OwnedFd>,
    pub(crate) kept: Vec<u8>,
    keep: usize,
    total: u64,
    cap: u64,
}

impl Sink {
    pub(crate) fn new(fd: OwnedFd, keep: usize, cap: u64) -> Sink {
        set_nonblocking(fd.as_raw_fd());
        Sink {
            fd: Some(fd),
            kept: Vec::new(),
            keep,
            total: 0,
            cap,
        }
    }

    /// A sink with nothing to read (for a program that never started).
    pub(crate) fn closed() -> Sink {
        Sink {
            fd: None,
            kept: Vec::new(),
            keep: 0,
            total: 0,
            cap: 0,
        }
    }

    pub(crate) fn raw(&self) -> RawFd {
        self.fd.as_ref().map_or(-1, |f| f.as_raw_fd())
    }

    /// Reads what is there without blocking; false once over the cap.
    pub(crate) fn drain(&mut self) -> bool {
        // Not zeroed (that was most of a quick run's instructions): `read`
        // writes the bytes that are then read, and no others are.
        let mut buf = std::mem::MaybeUninit::<[u8; 8192]>::uninit();
        while let Some(fd) = &self.fd {
            // SAFETY: reading into a buffer we own, of the length given.
            let n = unsafe { libc::read(fd.as_raw_fd(), buf.as_mut_ptr().cast(), 8192) };
            if n > 0 {
                let n = n as usize;
                self.total += n as u64;
                let room = self.keep.saturating_sub(self.kept.len()).min(n);
                // SAFETY: `read` initialised the first `n` bytes, `room <= n`.
                let got = unsafe { std::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), room) };
                self.kept.extend_from_slice(got);
                if self.total > self.cap {
                    return false;
                }
            } else if n == 0 {
                self.fd = None;
            } else {
                let err = std::io::Error::last_os_error();
                match err.kind() {
                    std::io::ErrorKind::Interrupted => continue,
                    std::io::ErrorKind::WouldBlock => break,
                    _ => self.fd = None,
                }
            }
        }
        true
    }
}

pub(crate) fn could_not_start(why: String, start: Instant) -> RunReport {
    RunReport {
        outcome: Outcome::CouldNotStart(why),
        cpu: Duration::ZERO,
        wall: start.elapsed(),
        peak_memory: 0,
        peak_is_bound: false,
        stdout: Vec::new(),
        stderr: Vec::new(),
    }
}

/// A pipe for a program's standard input, filled before the program starts
/// with as much of `input` as the pipe holds (64 KiB unless the user's pipes
/// are rationed): the read end for the program, and the write end with the
/// count written, `None` once everything is written (the program then reads
/// its input and end-of-file without waiting on jurybox, and the poll loop has
/// no input to feed).
pub(crate) fn filled_stdin(input: &[u8]) -> std::io::Result<(OwnedFd, Option<OwnedFd>, usize)> {
    let (read, write) = super::spawn::pipe()?;
    // Up to PIPE_BUF bytes (4 KiB) go into a fresh pipe at once, even a
    // rationed one (at least one page): the write need not be non-blocking
    // then, and most inputs of a stress case take no `fcntl` at all.
    if input.len() > libc::PIPE_BUF {
        set_nonblocking(write.as_raw_fd());
    }
    let mut written = 0;
    while written < input.len() {
        let rest = &input[written..];
        // SAFETY: writing from a slice we own, of the length given.
        let n = unsafe { libc::write(write.as_raw_fd(), rest.as_ptr().cast(), rest.len()) };
        if n > 0 {
            written += n as usize;
        } else if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            // Full (or failing: the poll loop meets the error again and gives up).
            break;
        }
    }
    let write = (written < input.len()).then_some(write);
    Ok((read, write, written))
}

/// Writes the next chunk of `input` (from `written` on) to the program's
/// stdin, which is dropped (closed) once all of it is written, or when the
/// program stopped reading: EPIPE, as it exits or closed its input without
/// reading it all, which is its right.
#[inline]
fn feed(stdin: &mut Option<OwnedFd>, input: &[u8], written: &mut usize) {
    let Some(fd) = stdin.as_ref() else {
        return;
    };
    let rest = &input[*written..];
    let chunk = rest.len().min(1 << 16);
    // SAFETY: writing from a slice we own, of the length given.
    let n = unsafe { libc::write(fd.as_raw_fd(), rest.as_ptr().cast(), chunk) };
    if n > 0 {
        *written += n as usize;
        if *written == input.len() {
            *stdin = None;
        }
    } else if std::io::Error::last_os_error().kind() != std::io::ErrorKind::WouldBlock {
        *stdin = None;
    }
}

/// Runs one invocation; see [`super::run`].
pub fn supervise(
    invocation: &Invocation,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
) -> RunReport {
    supervise_in(invocation, limits, input, cancel, None)
}

/// [`supervise`] with the program started in directory `cwd`.
pub fn supervise_in(
    invocation: &Invocation,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
    cwd: Option<&std::path::Path>,
) -> RunReport {
    let own_size = reset_own_peak();
    let start = Instant::now();
    let (stdin_read, mut stdin, mut written) = match filled_stdin(input) {
        Ok(pipe) => pipe,
        Err(e) => return could_not_start(format!("stdin pipe: {e}"), start),
    };
    let Spawned {
        pid,
        stdout,
        stderr,
        token,
        shell,
        ..
    } = match spawn(invocation, Some(stdin_read), limits, cwd) {
        Ok(spawned) => spawned,
        Err(why) => return could_not_start(why, start),
    };
    let pidfd = pidfd_open(pid);
    let mut stdout = Sink::new(
        stdout,
        usize::try_from(limits.stdout_bytes).unwrap_or(usize::MAX),
        limits.stdout_bytes,
    );
    let mut stderr = Sink::new(stderr, STDERR_EXCERPT, limits.stderr_bytes);
    let deadline = start + limits.wall;
    let gate = GATE_MODE.load(Ordering::Relaxed);
    let mut next_sample = if gate { deadline } else { start + FIRST_SAMPLE };
    let read_output_from = if gate { deadline } else { start + QUIET_OUTPUT };
    let mut seen = TreeSample::default();
    let mut peak_rss = 0u64;
    let mut stop: Option<Outcome> = None;
    loop {
        let now = Instant::now();
        if cancel.load(Ordering::Relaxed) {
            stop = Some(Outcome::Interrupted);
        } else if now >= deadline {
            stop = Some(Outcome::TimeLimit(Clock::Wall));
        } else if now >= next_sample {
            seen = sample_tree(pid);
            peak_rss = peak_rss.max(seen.rss_bytes);
            next_sample = now + SAMPLE_EVERY;
            if seen.cpu_seconds > limits.cpu.as_secs_f64() {
                stop = Some(Outcome::TimeLimit(Clock::Cpu));
            } else if peak_rss > limits.memory_bytes {
                stop = Some(Outcome::MemoryLimit);
            }
        }
        if stop.is_some() {
            break;
        }
        if gate && pidfd.is_none() && stdin.is_none() {
            // The gate's program writes less than a pipe holds: its exit, waited
            // for, is the one wake-up a pidfd would give (see `gate_mode`).
            wait_for_exit(pid);
            break;
        }
        let mut wake = deadline.min(next_sample).min(now + CANCEL_EVERY);
        // Without a pidfd the exit is seen only by looking: every 2 ms, reading
        // at every write.
        if pidfd.is_none() {
            wake = wake.min(now + Duration::from_millis(2));
        }
        // Quiet: the output pipes are left out of the poll (even with no events
        // asked, a hang-up would wake it), and only the exit wakes the loop.
        let quiet = now < read_output_from && pidfd.is_some();
        if quiet {
            wake = wake.min(read_output_from);
        }
        let output = |sink: &Sink| if quiet { -1 } else { sink.raw() };
        let timeout = wake.saturating_duration_since(now).as_millis().max(1) as i32;
        let mut fds = [
            libc::pollfd {
                fd: stdin.as_ref().map_or(-1, |f| f.as_raw_fd()),
                events: libc::POLLOUT,
                revents: 0,
            },
            libc::pollfd {
                fd: output(&stdout),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: output(&stderr),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: pidfd.as_ref().map_or(-1, |f| f.as_raw_fd()),
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // SAFETY: poll on an array of pollfd we own, of the length given.
        unsafe {
            libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, timeout);
        }
        if fds[0].revents != 0 {
            feed(&mut stdin, input, &mut written);
        }
        if fds[1].revents != 0 && !stdout.drain() {
            stop = Some(Outcome::OutputLimit(Stream::Stdout));
            break;
        }
        if fds[2].revents != 0 && !stderr.drain() {
            stop = Some(Outcome::OutputLimit(Stream::Stderr));
            break;
        }
        let exited = match &pidfd {
            Some(_) => fds[3].revents != 0,
            None => has_exited(pid),
        };
        if exited {
            break;
        }
    }
    let wall = start.elapsed();
    drop(stdin);
    let ended = reap(pid, &token);
    if stop.is_none() {
        if !stdout.drain() {
            stop = Some(Outcome::OutputLimit(Stream::Stdout));
        } else if !stderr.drain() {
            stop = Some(Outcome::OutputLimit(Stream::Stderr));
        }
    }
    let measured = Measured {
        cpu_seconds: seen.cpu_seconds,
        peak_rss,
        own_size,
        wall,
    };
    let (outcome, cpu, peak_memory, peak_is_bound) =
        ended.judge(stop, &measured, limits, shell, &stderr.kept);
    RunReport {
        outcome,
        cpu,
        wall,
        peak_memory,
        peak_is_bound,
        stdout: stdout.kept,
        stderr: stderr.kept,
    }
}

/// A main process reaped: its wait status and rusage.
pub(crate) struct Reaped {
    reaped: bool,
    status: i32,
    usage: libc::rusage,
}

/// What the poll loop measured of a run.
pub(crate) struct Measured {
    /// The largest CPU time sampled from `/proc`.
    pub(crate) cpu_seconds: f64,
    /// The largest resident size sampled.
    pub(crate) peak_rss: u64,
    /// jurybox's own size at the spawn ([`reset_own_peak`]).
    pub(crate) own_size: u64,
    /// Wall-clock time of the run.
    pub(crate) wall: Duration,
}

/// Kills the group of `pid` (a main process of ours), reaps it with its rusage,
/// then kills and reaps every process of the run `token`.
pub(crate) fn reap(pid: i32, token: &str) -> Reaped {
    // SAFETY: kill with a negative pid signals the group this run created (its
    // number is our unreaped child's pid, so it cannot have been reused).
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    let mut status = 0;
    // SAFETY: rusage is plain data, filled by the kernel.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child, which has exited or was just killed.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) } == pid;
    reaper::lock().remove(pid);
    reaper::kill_everything(pid, token);
    Reaped {
        reaped,
        status,
        usage,
    }
}

impl Reaped {
    /// The outcome (`stop` when the loop stopped the run), CPU time, peak
    /// memory and whether that peak is only a bound.
    pub(crate) fn judge(
        &self,
        stop: Option<Outcome>,
        measured: &Measured,
        limits: &RunLimits,
        shell: bool,
        stderr: &[u8],
    ) -> (Outcome, Duration, u64, bool) {
        let Reaped {
            reaped,
            status,
            usage,
        } = *self;
        let (wall, peak_rss, own_size) = (measured.wall, measured.peak_rss, measured.own_size);
        let seconds = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        let cpu = (seconds(usage.ru_utime) + seconds(usage.ru_stime))
            .max(Duration::from_secs_f64(measured.cpu_seconds));
        // ru_maxrss counts jurybox's own size at exec: not above it, it proves nothing.
        let maxrss = usage.ru_maxrss as u64 * 1024;
        let peak_is_bound = maxrss <= own_size && peak_rss < maxrss;
        let peak_memory = if peak_is_bound {
            maxrss
        } else {
            peak_rss.max(maxrss)
        };
        let judged_memory = if peak_is_bound { peak_rss } else { peak_memory };
        let outcome = stop.unwrap_or_else(|| {
            if cpu > limits.cpu {
                Outcome::TimeLimit(Clock::Cpu)
            } else if wall > limits.wall {
                Outcome::TimeLimit(Clock::Wall)
            } else if judged_memory > limits.memory_bytes {
                Outcome::MemoryLimit
            } else if !reaped {
                Outcome::RuntimeError(Termination::Signal(libc::SIGKILL))
            } else if libc::WIFSIGNALED(status) {
                let sig = libc::WTERMSIG(status);
                if sig == libc::SIGXCPU {
                    Outcome::TimeLimit(Clock::Cpu)
                } else {
                    Outcome::RuntimeError(Termination::Signal(sig))
                }
            } else {
                match libc::WEXITSTATUS(status) {
                    0 => Outcome::Exited,
                    code @ (126 | 127) if shell => {
                        let why = String::from_utf8_lossy(stderr);
                        let why = why.lines().next().unwrap_or("").trim();
                        let meaning = if code == 127 {
                            "not found"
                        } else {
                            "not executable"
                        };
                        Outcome::CouldNotStart(format!(
                            "sh exit code {code} ({meaning}): {}",
                            super::excerpt(why.as_bytes(), 200)
                        ))
                    }
                    code => Outcome::RuntimeError(Termination::Exit(code)),
                }
            }
        });
        (outcome, cpu, peak_memory, peak_is_bound)
    }
}
