//! Starting a program: one `posix_spawn` with its three standard streams on
//! pipes, leading a new process group, with the run's token in its environment.
//!
//! Why not `std::process::Command`: it copies the whole environment into a map
//! and back into C strings on every spawn that changes a variable (the token
//! does, every run), which cost up to 0.05 ms a run, a tenth of what spawning a
//! small program costs (docs/PERFORMANCE.md, issue 26). Here the environment is
//! read once, at the first spawn, and each spawn adds only its token. It starts
//! the program the way `Command` does on glibc: `posix_spawnp` (a name without
//! a `/` is looked up in `PATH`), an empty signal mask, `SIGPIPE` back to its
//! default disposition (Rust ignores it in jurybox), and exec failures reported
//! as the error of the spawn.
//!
//! The environment is jurybox's as it was at the first run: jurybox never
//! changes its own environment while it runs programs.

use super::reaper::{self, TOKEN_VAR};
use super::Invocation;
use std::ffi::{CString, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

static RUNS: AtomicU64 = AtomicU64::new(0);

/// A program started with its three standard streams piped, leading its own
/// process group, registered as a live main process.
pub(crate) struct Spawned {
    /// Its process id (and process group).
    pub(crate) pid: i32,
    /// The write end of its stdin, when the caller gave no stdin of its own.
    pub(crate) stdin: Option<OwnedFd>,
    /// The read end of its stdout.
    pub(crate) stdout: OwnedFd,
    /// The read end of its stderr.
    pub(crate) stderr: OwnedFd,
    /// The run's token, in the program's environment.
    pub(crate) token: String,
    /// Whether `sh -c` runs it (then 126/127 mean "could not start").
    pub(crate) shell: bool,
}

/// This process's id, asked once (`getpid` is a system call on glibc).
pub(crate) fn own_pid() -> u32 {
    static PID: OnceLock<u32> = OnceLock::new();
    *PID.get_or_init(std::process::id)
}

/// The calling thread's id, asked once per thread.
pub(crate) fn own_tid() -> u32 {
    thread_local! {
        // SAFETY: gettid has no arguments and cannot fail.
        static TID: u32 = unsafe { libc::gettid() } as u32;
    }
    TID.with(|tid| *tid)
}

/// jurybox's environment without any token of an outer run (a jurybox run by
/// jurybox gives its programs its own token), as `NAME=value` C strings.
fn environment() -> &'static [CString] {
    static ENV: OnceLock<Vec<CString>> = OnceLock::new();
    ENV.get_or_init(|| {
        std::env::vars_os()
            .filter(|(name, _)| name != TOKEN_VAR)
            .filter_map(|(name, value)| {
                let mut entry = OsString::with_capacity(name.len() + value.len() + 1);
                entry.push(&name);
                entry.push("=");
                entry.push(&value);
                CString::new(entry.as_bytes()).ok()
            })
            .collect()
    })
}

/// A pipe whose both ends are closed on exec: (read, write).
pub(crate) fn pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills the two descriptors of the array we pass.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: two fresh descriptors owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// The spawn attributes and file actions of one spawn, destroyed on drop.
struct Attributes {
    attr: libc::posix_spawnattr_t,
    actions: libc::posix_spawn_file_actions_t,
}

impl Attributes {
    /// New process group, empty signal mask, `SIGPIPE` at its default, and the
    /// three descriptors made the program's 0, 1 and 2 (`dup2` clears their
    /// close-on-exec flag, even when a descriptor already has that number).
    fn new(stdio: [libc::c_int; 3]) -> std::io::Result<Attributes> {
        let check = |ret: libc::c_int| {
            if ret == 0 {
                Ok(())
            } else {
                Err(std::io::Error::from_raw_os_error(ret))
            }
        };
        // SAFETY: all-zero bytes are a valid state for these plain C structs,
        // which the init calls below overwrite.
        let mut this: Attributes = unsafe { std::mem::zeroed() };
        // SAFETY: each call gets a pointer to an object we own; the init calls
        // come first, and Drop (which destroys both) runs only once both are
        // initialised: after a failed init it is forgotten instead (it owns nothing).
        unsafe {
            let ret = libc::posix_spawnattr_init(&mut this.attr);
            if ret != 0 {
                std::mem::forget(this);
                return Err(std::io::Error::from_raw_os_error(ret));
            }
            let ret = libc::posix_spawn_file_actions_init(&mut this.actions);
            if ret != 0 {
                libc::posix_spawnattr_destroy(&mut this.attr);
                std::mem::forget(this);
                return Err(std::io::Error::from_raw_os_error(ret));
            }
            let mut empty: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut empty);
            let mut pipe_default = empty;
            libc::sigaddset(&mut pipe_default, libc::SIGPIPE);
            let flags = libc::POSIX_SPAWN_SETPGROUP
                | libc::POSIX_SPAWN_SETSIGMASK
                | libc::POSIX_SPAWN_SETSIGDEF;
            check(libc::posix_spawnattr_setflags(
                &mut this.attr,
                flags as libc::c_short,
            ))?;
            check(libc::posix_spawnattr_setpgroup(&mut this.attr, 0))?;
            check(libc::posix_spawnattr_setsigmask(&mut this.attr, &empty))?;
            check(libc::posix_spawnattr_setsigdefault(
                &mut this.attr,
                &pipe_default,
            ))?;
            for (target, fd) in stdio.into_iter().enumerate() {
                check(libc::posix_spawn_file_actions_adddup2(
                    &mut this.actions,
                    fd,
                    target as libc::c_int,
                ))?;
            }
        }
        Ok(this)
    }
}

impl Drop for Attributes {
    fn drop(&mut self) {
        // SAFETY: both were initialised by `Attributes::new`.
        unsafe {
            libc::posix_spawn_file_actions_destroy(&mut self.actions);
            libc::posix_spawnattr_destroy(&mut self.attr);
        }
    }
}

/// Starts `invocation` (becoming a subreaper first) with `stdin` as its
/// standard input, or a new pipe when `None`; `Err` says why it could not
/// start.
pub(crate) fn spawn(invocation: &Invocation, stdin: Option<OwnedFd>) -> Result<Spawned, String> {
    reaper::become_subreaper();
    let (words, shell): (Vec<&str>, bool) = match invocation {
        Invocation::Direct(argv) => (argv.iter().map(String::as_str).collect(), false),
        Invocation::Shell(script) => (vec!["sh", "-c", script], true),
    };
    let program = words[0];
    let fail = |e: std::io::Error| format!("{program}: {e}");
    let token = format!("{}-{}", own_pid(), RUNS.fetch_add(1, Ordering::Relaxed));
    let argv: Vec<CString> = words
        .iter()
        .map(|w| CString::new(*w))
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{program}: a word holds a NUL byte"))?;
    let token_entry =
        CString::new(format!("{TOKEN_VAR}={token}")).expect("a token is digits and a dash");
    let mut argv_ptrs: Vec<*mut libc::c_char> =
        argv.iter().map(|a| a.as_ptr().cast_mut()).collect();
    argv_ptrs.push(std::ptr::null_mut());
    let environment = environment();
    let mut env_ptrs: Vec<*mut libc::c_char> = Vec::with_capacity(environment.len() + 2);
    env_ptrs.extend(environment.iter().map(|e| e.as_ptr().cast_mut()));
    env_ptrs.push(token_entry.as_ptr().cast_mut());
    env_ptrs.push(std::ptr::null_mut());

    let (stdin_read, stdin_write) = match stdin {
        Some(read) => (read, None),
        None => pipe().map(|(r, w)| (r, Some(w))).map_err(fail)?,
    };
    let (stdout_read, stdout_write) = pipe().map_err(fail)?;
    let (stderr_read, stderr_write) = pipe().map_err(fail)?;
    let attributes = Attributes::new([
        stdin_read.as_raw_fd(),
        stdout_write.as_raw_fd(),
        stderr_write.as_raw_fd(),
    ])
    .map_err(fail)?;
    // A sweep reads the main thread's children and its own thread's (see
    // `reaper`): a program spawned by the main thread can be seen by every
    // sweep, so the registry stays locked from before its spawn to its
    // registration (exiting at once, it must not be reaped as an orphan). A
    // program spawned by another thread is seen only by that thread's sweeps,
    // which run after it is registered: not locking across the spawn (the
    // parent waits there until the program's exec) lets two workers spawn at
    // once.
    let early = (own_tid() == own_pid()).then(reaper::lock);
    let mut pid: libc::pid_t = 0;
    // SAFETY: every pointer is valid for the call: argv and envp are
    // null-terminated arrays of C strings that outlive it, the attributes were
    // initialised; the child's descriptors are ours until dropped below.
    let ret = unsafe {
        libc::posix_spawnp(
            &mut pid,
            argv[0].as_ptr(),
            &attributes.actions,
            &attributes.attr,
            argv_ptrs.as_ptr(),
            env_ptrs.as_ptr(),
        )
    };
    if ret != 0 {
        return Err(fail(std::io::Error::from_raw_os_error(ret)));
    }
    early.unwrap_or_else(reaper::lock).insert(pid);
    Ok(Spawned {
        pid,
        stdin: stdin_write,
        stdout: stdout_read,
        stderr: stderr_read,
        token,
        shell,
    })
}
