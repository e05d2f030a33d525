//! Starting a program the way `posix_spawn` does, minus two costs it pays on
//! every spawn: `clone(CLONE_VM | CLONE_VFORK)` onto a stack this thread keeps
//! (glibc maps and unmaps a fresh one per spawn, and in a process with several
//! busy threads the unmap interrupts the other cores to flush their TLBs), and
//! a child that resets only the signals jurybox does not leave at their default
//! (glibc's child asks the kernel about all 64, one `rt_sigaction` each: about
//! 25 µs a spawn on this VM, docs/PERFORMANCE.md, issue 26).
//!
//! The child shares jurybox's memory until it execs, so it runs only
//! async-signal-safe libc calls on data the parent prepared ([`Plan`]), with
//! every signal blocked until just before the exec. Which signals are not at
//! their default is asked once, at the first spawn: jurybox sets its handlers
//! (Ctrl-C, the standard library's own) at startup, before any program runs.
//! The program starts in a new process group, with every signal at its
//! default and none blocked, its 0, 1 and 2 on the given descriptors, and the
//! CPU-time, core-file and stack limits already set (`posix_spawn` cannot set limits:
//! they used to be set by `prlimit` after the program had started).

use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_void, CStr};
use std::mem::MaybeUninit;
use std::sync::OnceLock;

/// What the child does, prepared by the parent: the child may not allocate.
struct Plan {
    path: *const c_char,
    argv: *const *const c_char,
    envp: *const *const c_char,
    stdio: [c_int; 3],
    /// The directory the program starts in (null: jurybox's own).
    cwd: *const c_char,
    cpu_limit: libc::rlimit,
    /// The stack's limit, when the run sets one.
    stack_limit: Option<libc::rlimit>,
    reset: &'static [c_int],
    /// `errno` of the step that failed, written by the child before it exits.
    error: c_int,
}

/// glibc's two internal real-time signals (`SIGCANCEL`, `SIGSETXID`), which
/// its `sigaction` refuses to show or change, and which a process started by
/// glibc's `posix_spawn` (cargo, a shell) inherits ignored.
const GLIBC_INTERNAL: [c_int; 2] = [32, 33];

/// The signals the child sets to default: those not at their default
/// disposition at the first spawn (handled, or ignored as Rust ignores
/// `SIGPIPE`), and glibc's internal ones, whatever they are.
fn not_default() -> &'static [c_int] {
    static SIGNALS: OnceLock<Vec<c_int>> = OnceLock::new();
    SIGNALS.get_or_init(|| {
        let mut signals: Vec<c_int> = (1..=64)
            .filter(|sig| ![libc::SIGKILL, libc::SIGSTOP].contains(sig))
            .filter(|sig| !GLIBC_INTERNAL.contains(sig))
            .filter(|&sig| {
                // SAFETY: sigaction only reads the disposition into `old`.
                unsafe {
                    let mut old: libc::sigaction = std::mem::zeroed();
                    libc::sigaction(sig, std::ptr::null(), &mut old) == 0
                        && old.sa_sigaction != libc::SIG_DFL
                }
            })
            .collect();
        signals.extend(GLIBC_INTERNAL);
        signals
    })
}

/// The child: runs on the parent's memory, so only system calls on `Plan`.
extern "C" fn child(plan: *mut c_void) -> c_int {
    // SAFETY: the parent passes a live `Plan` and waits (CLONE_VFORK) until
    // this child execs or exits; every call below is async-signal-safe and
    // touches only the plan and this stack.
    unsafe {
        let plan = &mut *plan.cast::<Plan>();
        // The kernel's own call, which glibc's internal signals need: an
        // all-zero `struct sigaction` is SIG_DFL, no flags, an empty mask, on
        // every architecture (64 bytes cover each one's layout).
        let default = [0u64; 8];
        for &sig in plan.reset {
            libc::syscall(
                libc::SYS_rt_sigaction,
                sig,
                default.as_ptr(),
                std::ptr::null_mut::<c_void>(),
                8usize,
            );
        }
        let no_core = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // The limits are a backstop, set where they can be: under a lower hard
        // limit of jurybox's own, the program runs with that one.
        libc::setrlimit(libc::RLIMIT_CPU, &plan.cpu_limit);
        libc::setrlimit(libc::RLIMIT_CORE, &no_core);
        if let Some(stack) = &plan.stack_limit {
            libc::setrlimit(libc::RLIMIT_STACK, stack);
        }
        // The descriptors are all above 2 (see `start`), so no dup2 overwrites
        // another one and each clears its copy's close-on-exec flag.
        let ok = (plan.cwd.is_null() || libc::chdir(plan.cwd) == 0)
            && libc::setpgid(0, 0) == 0
            && libc::dup2(plan.stdio[0], 0) == 0
            && libc::dup2(plan.stdio[1], 1) == 1
            && libc::dup2(plan.stdio[2], 2) == 2;
        if ok {
            let mut none: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut none);
            libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
            libc::execve(plan.path, plan.argv, plan.envp);
        }
        plan.error = *libc::__errno_location();
        libc::_exit(127)
    }
}

/// The stack this thread's children run on until they exec, kept between spawns.
const STACK_BYTES: usize = 256 * 1024;

thread_local! {
    /// Left uninitialised: the child writes its stack before it reads it, and
    /// zeroing 256 KiB would cost more than the spawn saves.
    static STACK: RefCell<Box<[MaybeUninit<u8>]>> = RefCell::new(Box::new_uninit_slice(0));
}

/// A descriptor numbered above 2, duplicated (close-on-exec) when `fd` is 0, 1
/// or 2 (jurybox started with a standard stream closed): the child's `dup2`s
/// onto 0, 1 and 2 must not overwrite one another.
fn above_stdio(fd: c_int) -> std::io::Result<(c_int, Option<std::os::fd::OwnedFd>)> {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    if fd > 2 {
        return Ok((fd, None));
    }
    // SAFETY: fcntl duplicates a descriptor we hold; the copy is ours.
    let copy = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 3) };
    if copy < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor owned by nobody else.
    let owned = unsafe { OwnedFd::from_raw_fd(copy) };
    Ok((owned.as_raw_fd(), Some(owned)))
}

/// Starts the program at `path` with `argv` and `envp` (null-terminated arrays
/// of C strings), `stdio` as its 0, 1 and 2, a CPU limit of `cpu_seconds` and,
/// when given, `stack` as its stack's limit. Returns its pid once it has exec'd, or the error of the step that failed
/// (the exec's, usually).
pub(crate) fn start(
    path: &CStr,
    argv: &[*const c_char],
    envp: &[*const c_char],
    stdio: [c_int; 3],
    cpu_seconds: u64,
    stack: Option<libc::rlimit>,
    cwd: Option<&CStr>,
) -> std::io::Result<libc::pid_t> {
    debug_assert!(argv.last().is_some_and(|p| p.is_null()) && !argv[0].is_null());
    debug_assert!(envp.last().is_some_and(|p| p.is_null()));
    let mut held = Vec::new();
    let mut fds = [0; 3];
    for (slot, fd) in fds.iter_mut().zip(stdio) {
        let (fd, copy) = above_stdio(fd)?;
        *slot = fd;
        held.extend(copy);
    }
    let mut plan = Plan {
        path: path.as_ptr(),
        argv: argv.as_ptr(),
        envp: envp.as_ptr(),
        stdio: fds,
        cwd: cwd.map_or(std::ptr::null(), CStr::as_ptr),
        cpu_limit: libc::rlimit {
            rlim_cur: cpu_seconds,
            rlim_max: cpu_seconds + 1,
        },
        stack_limit: stack,
        reset: not_default(),
        error: 0,
    };
    let pid = STACK.with(|stack| {
        let mut stack = stack.borrow_mut();
        if stack.is_empty() {
            *stack = Box::new_uninit_slice(STACK_BYTES);
        }
        // The stack grows down from its 16-byte aligned top.
        let top = (stack.as_mut_ptr() as usize + stack.len()) & !15;
        // SAFETY: all signals are blocked around the clone so that no handler
        // runs in the child (it shares our memory); the child runs `child` on
        // a stack nothing else uses while it runs (the parent is suspended until
        // the child execs or exits) and reads `plan`, which outlives it.
        unsafe {
            let mut all: libc::sigset_t = std::mem::zeroed();
            let mut old: libc::sigset_t = std::mem::zeroed();
            libc::sigfillset(&mut all);
            libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
            let pid = libc::clone(
                child,
                top as *mut c_void,
                libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
                std::ptr::addr_of_mut!(plan).cast(),
            );
            let clone_error = std::io::Error::last_os_error();
            libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
            if pid < 0 {
                Err(clone_error)
            } else {
                Ok(pid)
            }
        }
    })?;
    drop(held);
    // SAFETY: the child wrote `error`, if at all, before it exited, and it has
    // (CLONE_VFORK returns once it has exec'd or exited).
    let error = unsafe { std::ptr::addr_of!(plan.error).read_volatile() };
    if error != 0 {
        // SAFETY: reaping the child that failed before its exec.
        unsafe {
            let mut status = 0;
            libc::waitpid(pid, &mut status, 0);
        }
        return Err(std::io::Error::from_raw_os_error(error));
    }
    Ok(pid)
}
