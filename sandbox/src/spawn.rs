//! Starting a program: its three standard streams on pipes, leading a new
//! process group, with the run's token in its environment and its CPU-time
//! backstop and stack limit set ([`super::clone_exec`] does the start itself).
//!
//! Why not `std::process::Command`: it copies the whole environment into a map
//! and back into C strings on every spawn that changes a variable (the token
//! does, every run), which cost up to 0.05 ms a run, a tenth of what spawning a
//! small program costs (docs/PERFORMANCE.md, issue 26). Here the environment is
//! read once, at the first spawn, and each spawn adds only its token. A name
//! without a `/` is looked up in `PATH` once, as `posix_spawnp` would (the
//! first directory holding an executable file of that name), and remembered.
//!
//! The environment is jurybox's as it was at the first run: jurybox never
//! changes its own environment while it runs programs.

use super::clone_exec;
use super::own::{own_pid, own_tid};
use super::reaper::{self, TOKEN_VAR};
use super::{Invocation, RunLimits, StackLimit};
use std::ffi::{CString, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

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

/// Where `program`, a name without a `/`, is: the first file of that name in
/// a `PATH` directory that this process may execute (an empty entry is the
/// current directory), remembered for the next spawn.
fn search_path(program: &str) -> std::io::Result<CString> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static FOUND: Mutex<Option<HashMap<String, CString>>> = Mutex::new(None);
    let mut found = FOUND.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(path) = found.get_or_insert_with(HashMap::new).get(program) {
        return Ok(path.clone());
    }
    let search = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    for dir in std::env::split_paths(&search) {
        let dir = if dir.as_os_str().is_empty() {
            ".".into()
        } else {
            dir
        };
        let candidate = dir.join(program);
        let Ok(path) = CString::new(candidate.as_os_str().as_bytes()) else {
            continue;
        };
        let is_file = std::fs::metadata(&candidate).is_ok_and(|m| m.is_file());
        // SAFETY: access reads a C string we own.
        if is_file && unsafe { libc::access(path.as_ptr(), libc::X_OK) } == 0 {
            found
                .get_or_insert_with(HashMap::new)
                .insert(program.to_string(), path.clone());
            return Ok(path);
        }
    }
    Err(std::io::Error::from_raw_os_error(libc::ENOENT))
}

/// The CPU-time backstop of a run with CPU limit `cpu`, in whole seconds:
/// `RLIMIT_CPU` a second past the limit and more (the poll loop stops the
/// program at the limit; this catches it if jurybox cannot).
fn backstop_seconds(cpu: Duration) -> u64 {
    cpu.as_secs() + 2
}

/// The stack limit a run asks for, as `setrlimit` takes it: the soft limit
/// wanted (capped by jurybox's own hard limit, which an unprivileged process
/// cannot raise), the hard limit left as it is. `None` leaves jurybox's own.
fn stack_rlimit(limits: &RunLimits) -> Option<libc::rlimit> {
    static HARD: OnceLock<libc::rlim_t> = OnceLock::new();
    let hard = *HARD.get_or_init(|| {
        // SAFETY: getrlimit writes the struct we pass.
        unsafe {
            let mut now: libc::rlimit = std::mem::zeroed();
            if libc::getrlimit(libc::RLIMIT_STACK, &mut now) == 0 {
                now.rlim_max
            } else {
                libc::RLIM_INFINITY
            }
        }
    });
    let wanted = match limits.stack {
        StackLimit::Inherited => return None,
        StackLimit::Unlimited => libc::RLIM_INFINITY,
        StackLimit::MemoryLimit => limits.memory_bytes,
        StackLimit::Bytes(bytes) => bytes,
    };
    let soft = if hard == libc::RLIM_INFINITY {
        wanted
    } else {
        wanted.min(hard)
    };
    Some(libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    })
}

/// Starts `invocation` (becoming a subreaper first) with `stdin` as its
/// standard input, or a new pipe when `None`, a CPU-time backstop past the
/// limits' CPU time, their stack limit and no core files (a crashing program
/// must not litter the user's directory), in directory `cwd` when given
/// (jurybox's own otherwise); `Err` says why it could not start.
pub(crate) fn spawn(
    invocation: &Invocation,
    stdin: Option<OwnedFd>,
    limits: &RunLimits,
    cwd: Option<&std::path::Path>,
) -> Result<Spawned, String> {
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
    let searched = match program.contains('/') {
        true => None,
        false => Some(search_path(program).map_err(fail)?),
    };
    let path = searched.as_deref().unwrap_or(&argv[0]);
    let cwd = cwd
        .map(|d| CString::new(d.as_os_str().as_encoded_bytes()))
        .transpose()
        .map_err(|_| format!("{program}: its directory holds a NUL byte"))?;
    let token_entry =
        CString::new(format!("{TOKEN_VAR}={token}")).expect("a token is digits and a dash");
    let mut argv_ptrs: Vec<*const libc::c_char> = argv.iter().map(|a| a.as_ptr()).collect();
    argv_ptrs.push(std::ptr::null());
    let environment = environment();
    let mut env_ptrs: Vec<*const libc::c_char> = Vec::with_capacity(environment.len() + 2);
    env_ptrs.extend(environment.iter().map(|e| e.as_ptr()));
    env_ptrs.push(token_entry.as_ptr());
    env_ptrs.push(std::ptr::null());

    let (stdin_read, stdin_write) = match stdin {
        Some(read) => (read, None),
        None => pipe().map(|(r, w)| (r, Some(w))).map_err(fail)?,
    };
    let (stdout_read, stdout_write) = pipe().map_err(fail)?;
    let (stderr_read, stderr_write) = pipe().map_err(fail)?;
    let stdio = [
        stdin_read.as_raw_fd(),
        stdout_write.as_raw_fd(),
        stderr_write.as_raw_fd(),
    ];
    // A sweep reads the main thread's children and its own thread's (see
    // `reaper`): a program spawned by the main thread can be seen by every
    // sweep, so the registry stays locked from before its spawn to its
    // registration (exiting at once, it must not be reaped as an orphan). A
    // program spawned by another thread is seen only by that thread's sweeps,
    // which run after it is registered: not locking across the spawn (the
    // parent waits there until the program's exec) lets two workers spawn at
    // once.
    let early = (own_tid() == own_pid()).then(reaper::lock);
    let pid = clone_exec::start(
        path,
        &argv_ptrs,
        &env_ptrs,
        stdio,
        backstop_seconds(limits.cpu),
        stack_rlimit(limits),
        cwd.as_deref(),
    )
    .map_err(fail)?;
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
