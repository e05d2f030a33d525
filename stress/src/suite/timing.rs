//! Runs an engine as a separate process (`jurybox solve PROBLEM --engine NAME`) and
//! measures its CPU time, which is what judges limit: the one place the suites
//! depend on how a process is run. Written on `std::process` and `wait4(2)` until
//! the hardened runner of the users'-programs issue replaces it; its callers see
//! only [`run_timed`] and [`Timed`].

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How one timed run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// It exited with status 0; its standard output.
    Exited(Vec<u8>),
    /// It exited with a failure status or a signal; a description and its stderr.
    Crashed(String),
    /// It was killed for running past its CPU or wall-clock limit.
    Killed,
}

/// A finished run: how it ended and the CPU time (user + system) it used.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    /// How it ended.
    pub outcome: Outcome,
    /// CPU seconds, the child's own and its waited-for children's.
    pub cpu_seconds: f64,
}

/// CPU seconds used so far by the running process `pid` (Linux `/proc`); `None`
/// when it cannot be read (the process just ended).
fn cpu_so_far(pid: libc::pid_t) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces:
    // utime and stime are the 14th and 15th fields of the line.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    Some(ticks / per_second)
}

/// Runs `command` with `input` on stdin; kills its process group once it has used
/// `cpu_kill` seconds of CPU time, or once `deadline` of wall-clock time has passed
/// (a backstop for a program that sleeps or waits).
pub fn run_timed(
    mut command: Command,
    input: &[u8],
    cpu_kill: f64,
    deadline: Duration,
) -> std::io::Result<Timed> {
    let mut child = command
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let pid = child.id() as libc::pid_t;
    let (mut stdin, mut stdout, mut stderr) = (
        child.stdin.take().expect("stdin is piped"),
        child.stdout.take().expect("stdout is piped"),
        child.stderr.take().expect("stderr is piped"),
    );
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A program may exit without reading its input: a broken pipe is fine.
        let _ = stdin.write_all(&input);
    });
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let err_reader = std::thread::spawn(move || {
        let mut err = Vec::new();
        let _ = stderr.read_to_end(&mut err);
        err
    });
    let start = Instant::now();
    let mut killed = false;
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: an all-zero rusage is a valid value for wait4 to overwrite.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 writes only into the two locals passed by pointer; `pid` is
        // our own child, not yet reaped (std's `Child` is never waited on below).
        let reaped = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if reaped == pid {
            break (status, usage);
        }
        if reaped < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let over_cpu = || cpu_so_far(pid).is_some_and(|cpu| cpu > cpu_kill);
        if !killed && (start.elapsed() > deadline || over_cpu()) {
            // SAFETY: kill(2) on the process group we created for this child.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
            killed = true;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let cpu_seconds = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    let _ = writer.join();
    let output = reader.join().expect("reader thread panicked")?;
    let err = err_reader.join().expect("stderr thread panicked");
    let outcome = if killed {
        Outcome::Killed
    } else if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0 {
        Outcome::Exited(output)
    } else {
        let how = if libc::WIFEXITED(status) {
            format!("exit status {}", libc::WEXITSTATUS(status))
        } else {
            format!("signal {}", libc::WTERMSIG(status))
        };
        let err = String::from_utf8_lossy(&err[..err.len().min(300)]).into_owned();
        Outcome::Crashed(format!("{how}; stderr: {}", err.trim()))
    };
    Ok(Timed {
        outcome,
        cpu_seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut command = Command::new("sh");
        command.arg("-c").arg(script);
        command
    }

    #[test]
    fn output_and_status_are_reported() {
        let run = run_timed(sh("cat"), b"6\n", 5.0, Duration::from_secs(5)).unwrap();
        assert_eq!(run.outcome, Outcome::Exited(b"6\n".to_vec()));
        let run = run_timed(
            sh("echo boom >&2; exit 3"),
            b"",
            5.0,
            Duration::from_secs(5),
        )
        .unwrap();
        assert!(
            matches!(&run.outcome, Outcome::Crashed(m) if m.contains("exit status 3") && m.contains("boom"))
        );
    }

    #[test]
    fn the_deadline_kills_and_cpu_is_counted() {
        // `exec` so the busy loop is the child itself, whose CPU time is polled.
        let busy = || sh("exec sh -c 'while :; do :; done'");
        let run = run_timed(busy(), b"", 0.2, Duration::from_secs(600)).unwrap();
        assert_eq!(run.outcome, Outcome::Killed);
        assert!(run.cpu_seconds > 0.2, "{}", run.cpu_seconds);
        let run = run_timed(busy(), b"", 100.0, Duration::from_millis(300)).unwrap();
        assert_eq!(run.outcome, Outcome::Killed);
        // A sleep burns no CPU: only the wall-clock backstop ends it.
        let run = run_timed(sh("sleep 0.3"), b"", 0.05, Duration::from_secs(5)).unwrap();
        assert!(matches!(run.outcome, Outcome::Exited(_)));
        assert!(run.cpu_seconds < 0.05, "{}", run.cpu_seconds);
    }
}
