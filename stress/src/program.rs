//! External programs as engines: a contestant's binary run on each input under a
//! time and memory limit, its output judged like any built-in engine's answer.
//!
//! The command runs through `sh -c` so that users can pass arguments, interpreters
//! (`python3 sol.py`) or pipelines; the memory limit is the shell's `ulimit -v`, the
//! time limit a wall-clock deadline after which the whole process group is killed
//! (killing only the shell would leave its child running and holding the pipes).

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::Duration;
use wait_timeout::ChildExt;

/// A program to judge, and its limits.
#[derive(Clone, Debug)]
pub struct Program {
    /// The shell command (run with `sh -c`), reading the input on stdin.
    pub command: String,
    /// Wall-clock limit per run.
    pub time_limit: Duration,
    /// Address-space limit in MiB (`ulimit -v`); 0 for none.
    pub memory_mib: u64,
}

/// Why a program produced no answer.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The program could not be started.
    #[error("could not start `{command}`: {source}")]
    Spawn {
        /// The command.
        command: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// It ran past its time limit and was killed.
    #[error("time limit exceeded ({0:?})")]
    TimeLimit(Duration),
    /// It exited with a failure status (a crash, or killed by the memory limit).
    #[error("runtime error ({status}); stderr: {stderr}")]
    Crashed {
        /// How it ended.
        status: String,
        /// The start of its standard error.
        stderr: String,
    },
    /// Reading or writing its pipes failed.
    #[error("i/o with the program failed: {0}")]
    Io(#[from] std::io::Error),
}

impl Program {
    /// The name shown in reports: the command itself.
    pub fn name(&self) -> String {
        format!("program '{}'", self.command)
    }

    /// Runs the program on `input`; returns its standard output.
    pub fn run(&self, input: &[u8]) -> Result<Vec<u8>, RunError> {
        let script = if self.memory_mib > 0 {
            format!("ulimit -v {}; {}", self.memory_mib * 1024, self.command)
        } else {
            self.command.clone()
        };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(script)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| RunError::Spawn {
                command: self.command.clone(),
                source,
            })?;
        // Feed stdin and drain stdout/stderr on threads so a program that writes
        // before reading everything cannot deadlock against us.
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let mut stderr = child.stderr.take().expect("stderr is piped");
        let input = input.to_vec();
        let writer = std::thread::spawn(move || {
            // A program may exit without reading its input: a broken pipe is fine.
            let _ = stdin.write_all(&input);
        });
        let reader = std::thread::spawn(move || {
            let mut out = Vec::new();
            std::io::Read::read_to_end(&mut stdout, &mut out).map(|_| out)
        });
        let err_reader = std::thread::spawn(move || {
            let mut err = Vec::new();
            let _ = std::io::Read::read_to_end(&mut stderr, &mut err);
            err
        });
        let status = match child.wait_timeout(self.time_limit)? {
            Some(status) => status,
            None => {
                // SAFETY: kill(2) with a negative pid signals the process group we
                // created for this child; it touches no memory of ours.
                unsafe {
                    libc::kill(-(child.id() as libc::pid_t), libc::SIGKILL);
                }
                let _ = child.wait();
                return Err(RunError::TimeLimit(self.time_limit));
            }
        };
        let _ = writer.join();
        let output = reader.join().expect("reader thread panicked")?;
        let err = err_reader.join().expect("stderr thread panicked");
        if !status.success() {
            let stderr = String::from_utf8_lossy(&err[..err.len().min(400)]).into_owned();
            return Err(RunError::Crashed {
                status: status.to_string(),
                stderr,
            });
        }
        Ok(output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program(command: &str) -> Program {
        Program {
            command: command.into(),
            time_limit: Duration::from_secs(5),
            memory_mib: 0,
        }
    }

    #[test]
    fn output_is_captured() {
        assert_eq!(program("cat").run(b"6\n").unwrap(), b"6\n");
    }

    #[test]
    fn time_limit_kills() {
        let mut p = program("sleep 5");
        p.time_limit = Duration::from_millis(100);
        assert!(matches!(p.run(b""), Err(RunError::TimeLimit(_))));
    }

    #[test]
    fn failure_status_is_a_crash() {
        let err = program("echo boom >&2; exit 3").run(b"").unwrap_err();
        assert!(err.to_string().contains("boom"), "{err}");
    }
}
