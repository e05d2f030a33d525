//! jurybox's own process and thread ids, each asked of the kernel once: the
//! spawner names runs by the process id and the reaper reads the thread's
//! `/proc` children by them.

use std::sync::OnceLock;

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
