//! The sandbox of jurybox: one command (a contestant's binary in any language, a
//! generator, a checker, a compiler) run on one input under CPU, wall-clock, memory
//! and output limits, measured, and killed with everything it started when the run
//! ends. It knows no problem: turning a run into a verdict is the caller's job.
//!
//! This is the library API for anything that times a program as a separate process
//! (`stress --program`, `jurybox run`, suites timing mutant engines). One call:
//!
//! ```no_run
//! use jurybox_sandbox::{run_command, Outcome, RunLimits};
//! use std::sync::atomic::AtomicBool;
//! let limits = RunLimits::with_cpu(std::time::Duration::from_secs(1));
//! let report = run_command("./sol", &limits, b"7 5 4\n...", &AtomicBool::new(false));
//! if report.outcome == Outcome::Exited {
//!     // judge report.stdout (jurybox_judging::verdict::judge_run does, with a problem's checker)
//! }
//! println!("{:?} cpu {:?} wall {:?} peak {} bytes", report.outcome, report.cpu, report.wall, report.peak_memory);
//! ```
//!
//! How each guarantee is kept, and why this way:
//!
//! - **Starting.** A command made only of plain words (`./sol`, `jurybox solve
//!   tetris3d --engine fast`) is executed directly, without a shell; anything else
//!   (`python3 sol.py < x`, pipes, `&`) runs as `sh -c CMD`. A shell's 126/127 (not
//!   executable / not found) is "could not start", like a failed exec.
//! - **Nothing outlives a run.** The program leads a new process group, and carries
//!   a per-run token in its environment (`JURYBOX_RUN`), which every descendant
//!   inherits. jurybox makes itself a child subreaper (`PR_SET_CHILD_SUBREAPER`), so a
//!   process that detaches (`setsid`, double fork) is re-parented to jurybox rather
//!   than to init when its parent dies. When the run ends, for any reason, the group
//!   is killed, then every child of jurybox carrying the run's token (or still in the
//!   run's group) is killed and reaped, repeatedly, until none is left: descendants
//!   of a killed process become jurybox's children in turn. Leftover zombies outside
//!   jurybox's own group are reaped. See [`reaper`]. Cgroups are not used: they are
//!   not writable on every machine (this one has a hybrid v1 hierarchy whose v2 part
//!   has no controllers), and the subreaper works everywhere Linux ≥ 3.4 runs.
//!   A child of jurybox outside jurybox's own group with no token at all is a
//!   descendant that cleared its environment (`env -i setsid -f ...`): killed too.
//!   What it cannot catch at once: a descendant that leaves the group while its
//!   parent, also outside the group, stays alive; it is killed as soon as that
//!   parent is, and it is re-parented.
//! - **Never waiting on a pipe.** The input pipe is filled before the spawn with as
//!   much of the input as it holds (all of it up to 64 KiB: the program never waits
//!   for jurybox to feed it); then the calling thread polls the rest of stdin,
//!   stdout, stderr and a pidfd of the program (`poll(2)`), with a timeout at the
//!   next deadline. For the first millisecond the output pipes wake it only on a
//!   hang-up, so a quick program costs one wake-up (its exit), not one for its
//!   answer and one for its exit; a program that fills a pipe sooner waits for the
//!   rest of that millisecond once. When the program exits, its pipes are drained
//!   without blocking after every process that could hold them is dead.
//! - **CPU time.** Measured from `wait4`'s rusage of the program (which includes the
//!   children it waited for) and, while it runs, from `/proc/PID/stat` of its process
//!   tree every few milliseconds after the first 10 ms, so a busy loop is stopped at
//!   the limit; `RLIMIT_CPU` (limit + 1 s) is a backstop.
//! - **Memory.** Judged by the measured peak, not by address space (an address-space
//!   limit makes JVM, Go and sanitizer programs fail spuriously): the largest of
//!   `wait4`'s `ru_maxrss` for the program and the sum of `VmRSS` over its process
//!   tree, polled with the CPU time; the run is killed as soon as a poll sees the
//!   limit exceeded. A program that allocates faster than the polling interval can
//!   overshoot by what it touches in that interval (tens of MiB) before it is
//!   stopped. No rlimit backs this up, for the same reason as above. Linux counts
//!   the parent's peak resident size at `exec` in the child's `ru_maxrss`; so
//!   before each spawn jurybox resets its own peak to its current size (`5` into
//!   `/proc/self/clear_refs`) and notes that size. A `ru_maxrss` not above it says
//!   only that the program stayed under it: it is reported as a bound
//!   ([`RunReport::peak_is_bound`], shown as `<= 4.1 MiB`) and never judged as a
//!   memory-limit verdict, which then rests on the polled figures alone.
//! - **Dialogues.** [`run_pair`] runs a program and a jury's interactor talking
//!   to each other, each side under its own limits, jurybox relaying the bytes
//!   (so it keeps the exchange with directions) and telling which side ended
//!   first; see [`interact`] for how end-of-file, blame at the wall-clock limit
//!   (idleness) and early stops are decided.
//! - **Output.** stdout is kept up to its cap, stderr counted up to its own cap with
//!   only its first [`STDERR_EXCERPT`] bytes kept; beyond either cap the run is killed
//!   and its verdict is "output limit exceeded".
#![deny(missing_docs)]
// Libraries print nothing: progress is told (counters the caller polls, or the
// judging::progress facade), never drawn; failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod clone_exec;
pub mod instructions;
pub mod interact;
mod own;
mod procfs;
pub mod reaper;
mod spawn;
mod supervise;

pub use interact::{run_pair, Direction, Exchange, Pair, PairReport, Party};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
#[doc(hidden)]
pub use supervise::gate_mode;

/// Bytes of stderr kept in a [`RunReport`] (the rest is counted, not stored).
pub const STDERR_EXCERPT: usize = 4096;

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunLimits {
    /// CPU time (user + system) of the program and the children it waited for.
    pub cpu: Duration,
    /// Wall-clock time from start to exit.
    pub wall: Duration,
    /// Peak resident memory, in bytes, of the program's process tree.
    pub memory_bytes: u64,
    /// Bytes the program may write to stdout.
    pub stdout_bytes: u64,
    /// Bytes the program may write to stderr.
    pub stderr_bytes: u64,
    /// How deep the program's stack may grow.
    pub stack: StackLimit,
}

/// How large a program's stack may grow: its `RLIMIT_STACK`, set in the child
/// before the exec (the only moment it decides the main thread's stack). Judges
/// differ here and it decides verdicts: a C++ solution recursing 300 000 deep
/// is accepted where the stack is as large as the memory, and dies of SIGSEGV
/// under Linux's usual 8 MiB. The memory limit is judged on the measured peak
/// whatever the stack's limit, and a touched stack page is resident memory, so
/// a program whose stack outgrows the memory limit is still a memory-limit
/// verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StackLimit {
    /// jurybox's own limit, passed on (usually 8 MiB).
    #[default]
    Inherited,
    /// No limit of its own: only the memory limit bounds it (`RLIM_INFINITY`).
    Unlimited,
    /// As large as the run's memory limit.
    MemoryLimit,
    /// This many bytes.
    Bytes(u64),
}

/// One mebibyte.
pub const MIB: u64 = 1 << 20;

/// The default CPU limit of a run, in seconds (the command line's
/// `--time-limit`).
pub const DEFAULT_CPU_SECONDS: f64 = 2.0;
/// The default CPU limit of each run of a jury program (a generator, reference,
/// validator or checker of a setter's problem), in seconds: its time is not
/// judged, but a hang must end a run within half a minute.
pub const DEFAULT_JURY_CPU_SECONDS: f64 = 10.0;
/// The CPU limit of a package's own jury programs (its validators, a
/// generator, a checker on its self-tests) and of jurybox's compiles of one
/// file (a mutant's object code, a coverage build), in seconds: they are not
/// timed, only stopped if they never end.
pub const JURY_PROGRAM_CPU_SECONDS: u64 = 60;
/// The CPU limit of a Polygon generator or main solution making one test,
/// in seconds: a package's largest tests are made by its slowest programs.
pub const TEST_MAKING_CPU_SECONDS: u64 = 120;
/// The CPU limit of a compiler building one program, in seconds: generous,
/// but a template that never ends is stopped.
pub const BUILD_CPU_SECONDS: u64 = 300;
/// The CPU limit of one run of a calibration's reference program, in
/// seconds (each takes about a second on the reference machine).
pub const CALIBRATION_CPU_SECONDS: u64 = 20;
/// The CPU limit of a validator run whose reads are recorded, in seconds.
pub const RECORDING_CPU_SECONDS: u64 = 30;
/// The CPU limit of a jury program the audit runs on one input or output it
/// made (a validator, an output validator), in seconds: thousands of such runs
/// on small files, so a hang is stopped sooner than a package's own runs.
pub const AUDIT_RUN_CPU_SECONDS: u64 = 20;
/// The CPU limit of a probe that a tool starts (`chrt … true`), in seconds.
pub const PROBE_CPU_SECONDS: u64 = 5;
/// The default memory limit, in MiB (`--memory-limit`).
pub const DEFAULT_MEMORY_MIB: u64 = 1024;
/// The default stdout limit, in MiB (`--output-limit`).
pub const DEFAULT_OUTPUT_MIB: u64 = 64;

impl RunLimits {
    /// The defaults for a CPU limit: wall = 2 × CPU + 1 s (a program waiting on
    /// I/O is not charged CPU time, but cannot wait forever), the default memory
    /// and stdout limits, 4 MiB of stderr, jurybox's own stack limit.
    pub fn with_cpu(cpu: Duration) -> RunLimits {
        RunLimits {
            cpu,
            wall: cpu * 2 + Duration::from_secs(1),
            memory_bytes: DEFAULT_MEMORY_MIB * MIB,
            stdout_bytes: DEFAULT_OUTPUT_MIB * MIB,
            stderr_bytes: 4 * MIB,
            stack: StackLimit::Inherited,
        }
    }
}

impl Default for RunLimits {
    /// [`DEFAULT_CPU_SECONDS`] of CPU and the defaults of [`RunLimits::with_cpu`].
    fn default() -> RunLimits {
        RunLimits::with_cpu(Duration::from_secs_f64(DEFAULT_CPU_SECONDS))
    }
}

/// Which clock ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// CPU time.
    Cpu,
    /// Wall-clock time (a program sleeping or waiting for input it will not get).
    Wall,
}

/// Which output stream overflowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// How a program that failed on its own ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// A non-zero exit status.
    Exit(i32),
    /// Killed by a signal (number).
    Signal(i32),
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Termination::Exit(code) => write!(f, "exit code {code}"),
            Termination::Signal(sig) => write!(f, "{}", signal_name(sig)),
        }
    }
}

/// `SIGSEGV` for 11, and so on; `signal N` for the rare ones.
pub fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {sig}"),
    };
    name.to_string()
}

/// How a run ended, before its output is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exit status 0 within every limit: the output is ready to be judged.
    Exited,
    /// Stopped at a time limit.
    TimeLimit(Clock),
    /// The measured peak memory went over the limit.
    MemoryLimit,
    /// Wrote more than the cap of a stream.
    OutputLimit(Stream),
    /// Ended on its own with a failure.
    RuntimeError(Termination),
    /// Could not be started (missing file, not executable, fork failed); the
    /// message says why.
    CouldNotStart(String),
    /// The caller cancelled the run (Ctrl-C): no verdict.
    Interrupted,
}

impl fmt::Display for Outcome {
    /// The words of the verdict table (`time limit exceeded (wall clock)`,
    /// `runtime error (SIGSEGV)`): every message a user reads about a run uses them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Exited => write!(f, "exited normally"),
            Outcome::TimeLimit(Clock::Cpu) => write!(f, "time limit exceeded (CPU)"),
            Outcome::TimeLimit(Clock::Wall) => write!(f, "time limit exceeded (wall clock)"),
            Outcome::MemoryLimit => write!(f, "memory limit exceeded"),
            Outcome::OutputLimit(Stream::Stdout) => write!(f, "output limit exceeded (stdout)"),
            Outcome::OutputLimit(Stream::Stderr) => write!(f, "output limit exceeded (stderr)"),
            Outcome::RuntimeError(t) => write!(f, "runtime error ({t})"),
            Outcome::CouldNotStart(why) => write!(f, "could not start: {why}"),
            Outcome::Interrupted => write!(f, "interrupted"),
        }
    }
}

/// Everything measured of one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunReport {
    /// How it ended.
    pub outcome: Outcome,
    /// CPU time (user + system).
    pub cpu: Duration,
    /// Wall-clock time.
    pub wall: Duration,
    /// Peak resident memory in bytes (0 when not measured: could not start).
    pub peak_memory: u64,
    /// True when `peak_memory` is only an upper bound: the program stayed smaller
    /// than jurybox itself was when it started it (see the module doc).
    pub peak_is_bound: bool,
    /// Standard output, up to the limit.
    pub stdout: Vec<u8>,
    /// The first [`STDERR_EXCERPT`] bytes of standard error.
    pub stderr: Vec<u8>,
}

impl RunReport {
    /// `cpu 0.01 s, wall 0.02 s, 3.2 MiB`: the figures for a message.
    pub fn figures(&self) -> String {
        format!(
            "cpu {:.2} s, wall {:.2} s, {}{:.1} MiB",
            self.cpu.as_secs_f64(),
            self.wall.as_secs_f64(),
            if self.peak_is_bound { "<= " } else { "" },
            self.peak_memory as f64 / MIB as f64
        )
    }
}

/// A program to judge: a command and its limits.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The command: plain words are executed directly, anything else by `sh -c`.
    pub command: String,
    /// Its limits per run.
    pub limits: RunLimits,
}

impl Program {
    /// The name shown in reports: the command itself.
    pub fn name(&self) -> String {
        format!("program '{}'", self.command)
    }

    /// Runs the program on `input`; see [`run_command`].
    pub fn run(&self, input: &[u8], cancel: &AtomicBool) -> RunReport {
        run_command(&self.command, &self.limits, input, cancel)
    }
}

/// How a command is started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invocation {
    /// Executed directly with these arguments (the first is the program).
    Direct(Vec<String>),
    /// Run by `sh -c`.
    Shell(String),
}

/// Words a shell gives a meaning of its own (builtins and keywords): a command
/// starting with one runs through the shell even when it is made of plain words.
const SHELL_WORDS: &[&str] = &[
    ".", ":", "alias", "break", "case", "cd", "command", "continue", "eval", "exec", "exit",
    "export", "for", "if", "read", "readonly", "return", "set", "shift", "times", "trap", "ulimit",
    "umask", "unset", "until", "wait", "while",
];

/// Characters a POSIX shell gives no meaning to: a word made of them needs no
/// quoting, and a command made of such words needs no shell.
fn is_plain(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_-./+=,:@%".contains(c)
}

/// `word` as one word of a POSIX shell command: as it is when plain, else in
/// single quotes. Every command jurybox prints for the user to paste quotes with it.
pub fn shell_quote(word: &str) -> String {
    if !word.is_empty() && word.chars().all(is_plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Plain words (letters, digits and `_-./+=,:@%`, separated by spaces) not
/// starting with a shell builtin or an assignment run directly; anything a shell
/// would interpret runs through `sh -c`.
pub fn invocation(command: &str) -> Invocation {
    let words: Vec<String> = command
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect();
    let shell_first = words
        .first()
        .is_some_and(|w| SHELL_WORDS.contains(&w.as_str()) || w.contains('='));
    if !words.is_empty() && !shell_first && command.chars().all(|c| c == ' ' || is_plain(c)) {
        Invocation::Direct(words)
    } else {
        Invocation::Shell(command.to_string())
    }
}

/// At most `max` characters of `bytes` (read as UTF-8, lossily) on one line, with
/// the total length when cut: how messages and notes quote a program's output.
pub fn excerpt(bytes: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(4 * max + 4)]);
    let mut out: String = text
        .chars()
        .take(max)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if out.chars().count() < text.chars().count() || bytes.len() > 4 * max + 4 {
        out.push_str(&format!("... ({} bytes)", bytes.len()));
    }
    out
}

/// Runs `command` on `input` under `limits` until it exits, a limit is hit or
/// `cancel` is set (checked every 50 ms). Every process the run started is dead
/// when this returns. Never panics on anything the program does.
pub fn run_command(
    command: &str,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
) -> RunReport {
    run_invocation(&invocation(command), limits, input, cancel)
}

/// [`run_command`] with the program started in directory `dir`: an
/// olympiad's program that reads and writes named files there (Polygon's
/// `input-file`/`output-file`, `input.txt`), as its judge runs it.
pub fn run_command_in(
    command: &str,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
    dir: &std::path::Path,
) -> RunReport {
    supervise::supervise_in(&invocation(command), limits, input, cancel, Some(dir))
}

/// [`run_command`] for a command already split into words, as jurybox runs itself
/// (`jurybox solve P --engine E` for suites): its own path is used as it is,
/// whatever characters it holds, with no shell in between.
pub fn run_invocation(
    invocation: &Invocation,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
) -> RunReport {
    supervise::supervise(invocation, limits, input, cancel)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_run_without_a_shell() {
        assert_eq!(
            invocation("./sol --fast x=1"),
            Invocation::Direct(vec!["./sol".into(), "--fast".into(), "x=1".into()])
        );
        for shell in [
            "sleep 300 & ./sol",
            "python3 'a b.py'",
            "a | b",
            "echo $X",
            "a\tb",
            "",
            "exit 7",
            "cd dir",
            "X=1 ./sol",
        ] {
            assert_eq!(
                invocation(shell),
                Invocation::Shell(shell.into()),
                "{shell}"
            );
        }
    }

    #[test]
    fn signals_have_names() {
        assert_eq!(Termination::Signal(libc::SIGSEGV).to_string(), "SIGSEGV");
        assert_eq!(Termination::Exit(3).to_string(), "exit code 3");
    }
}
