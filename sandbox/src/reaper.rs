//! Killing and reaping everything a run started, including processes that detach.
//!
//! jurybox is a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`): an orphan whose
//! parent dies is re-parented to jurybox, not to init, so detached descendants
//! (`setsid`, double forks) end up as jurybox's children where they can be found
//! (`/proc/self/task/TID/children` of the main thread, or on older kernels of
//! the thread that started the run), attributed to their run by the `JURYBOX_RUN` token
//! they inherited (or by carrying no token at all outside jurybox's own process
//! group, where jurybox starts nothing but programs), killed and reaped. Several runs go on at once on worker threads,
//! so the main process of each live run is registered here: a sweep never reaps
//! another run's main process (its `wait4` owns the exit status and rusage). The
//! registry's lock is held across a spawn on the main thread and its
//! registration so that a program exiting at once cannot be taken for an orphan
//! (only the main thread's children are read by every sweep).

use std::collections::HashSet;
use std::fs::{self, File};
use std::sync::{Mutex, MutexGuard, Once, OnceLock};
use std::time::{Duration, Instant};

/// The environment variable holding a run's token.
pub const TOKEN_VAR: &str = "JURYBOX_RUN";

static SUBREAPER: Once = Once::new();
static LIVE_MAINS: Mutex<Option<HashSet<i32>>> = Mutex::new(None);

/// Makes this process a child subreaper (once).
pub fn become_subreaper() {
    SUBREAPER.call_once(|| {
        // SAFETY: prctl with PR_SET_CHILD_SUBREAPER takes an integer and touches no
        // memory of ours.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// The registry of live main processes, locked.
pub struct Registry(MutexGuard<'static, Option<HashSet<i32>>>);

/// Locks the registry (held across a spawn on the main thread and its [`Registry::insert`]).
pub fn lock() -> Registry {
    Registry(LIVE_MAINS.lock().unwrap_or_else(|e| e.into_inner()))
}

impl Registry {
    /// Registers a run's main process.
    pub fn insert(&mut self, pid: i32) {
        self.0.get_or_insert_with(HashSet::new).insert(pid);
    }

    /// Forgets a main process once its run has reaped it.
    pub fn remove(&mut self, pid: i32) {
        if let Some(set) = self.0.as_mut() {
            set.remove(&pid);
        }
    }

    fn contains(&self, pid: i32) -> bool {
        self.0.as_ref().is_some_and(|s| s.contains(&pid))
    }
}

/// The children of this process where a run's leftovers can be: those of the
/// main thread and those of the calling thread (which started the run), from
/// their `/proc/self/task/TID/children`. An orphan is re-parented to the first
/// live thread of its subreaper, the main thread (on current kernels), or on older
/// kernels to the thread that forked its ancestor, which is the caller: a run
/// spawns and sweeps on one thread. Other threads' children are other runs'
/// main processes, which a sweep skips anyway. Both files stay open (the main
/// thread's for the life of the process, the caller's for the life of its
/// thread) and are read at offset 0, which regenerates them: after every run
/// this is one or two reads, where walking `/proc/self/task` and opening every
/// thread's file (a stress run has a thread per job) took a dozen calls.
fn own_children() -> Vec<i32> {
    static MAIN: OnceLock<Option<File>> = OnceLock::new();
    thread_local! {
        static CALLER: (u32, Option<File>) = {
            let tid = super::own::own_tid();
            (tid, File::open(format!("/proc/self/task/{tid}/children")).ok())
        };
    }
    let main_tid = super::own::own_pid();
    let main = MAIN.get_or_init(|| File::open(format!("/proc/self/task/{main_tid}/children")).ok());
    let mut text = Vec::new();
    if let Some(file) = main {
        let _ = read_all(file, &mut text);
    }
    CALLER.with(|(tid, file)| {
        if let (false, Some(file)) = (*tid == main_tid, file) {
            text.push(b' ');
            let _ = read_all(file, &mut text);
        }
    });
    text.split(|b| b.is_ascii_whitespace())
        .filter_map(|p| std::str::from_utf8(p).ok()?.parse::<i32>().ok())
        .collect()
}

/// Appends the whole of an open `/proc` file to `out`, read from offset 0
/// (which makes the kernel generate it afresh) without asking its size,
/// which `/proc` does not know.
fn read_all(file: &File, out: &mut Vec<u8>) -> std::io::Result<()> {
    use std::os::unix::fs::FileExt;
    let mut buf = [0u8; 1024];
    let mut offset = 0;
    loop {
        match file.read_at(&mut buf, offset) {
            Ok(0) => return Ok(()),
            Ok(n) => {
                out.extend_from_slice(&buf[..n]);
                offset += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// State letter and process group of `pid`, from `/proc/PID/stat`.
fn state_and_group(pid: i32) -> Option<(u8, i32)> {
    let stat = fs::read(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    let close = stat.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(&stat[close + 1..]).ok()?;
    let mut fields = rest.split_whitespace();
    let state = fields.next()?.bytes().next()?;
    let _ppid = fields.next()?;
    let group = fields.next()?.parse().ok()?;
    Some((state, group))
}

/// Whose leftover a process is, from its environment.
enum Owner {
    /// It carries this run's token.
    ThisRun,
    /// It carries another run's token.
    OtherRun,
    /// It carries none (it cleared its environment), or it is gone.
    Nobody,
}

fn owner(pid: i32, token: &str) -> Owner {
    let Ok(environ) = fs::read(format!("/proc/{pid}/environ")) else {
        return Owner::Nobody;
    };
    let prefix = format!("{TOKEN_VAR}=");
    match environ
        .split(|&b| b == 0)
        .find_map(|entry| entry.strip_prefix(prefix.as_bytes()))
    {
        Some(t) if t == token.as_bytes() => Owner::ThisRun,
        Some(_) => Owner::OtherRun,
        None => Owner::Nobody,
    }
}

fn kill_and_reap(pid: i32) {
    // SAFETY: kill and waitpid on a child of ours; no memory is shared.
    unsafe {
        libc::kill(pid, libc::SIGKILL);
        let mut status = 0;
        libc::waitpid(pid, &mut status, 0);
    }
}

fn reap_if_zombie(pid: i32) {
    // SAFETY: as above; WNOHANG never blocks.
    unsafe {
        let mut status = 0;
        libc::waitpid(pid, &mut status, libc::WNOHANG);
    }
}

/// Kills the group `group` and every process of the run `token` that jurybox can
/// find, until none is left (or a second has passed: a fork bomb can outpace any
/// killer, and a run must end). Call after the run's main process was reaped.
pub fn kill_everything(group: i32, token: &str) {
    let own_group = {
        // SAFETY: getpgrp has no arguments and cannot fail.
        unsafe { libc::getpgrp() }
    };
    let give_up = Instant::now() + Duration::from_secs(1);
    loop {
        // SAFETY: kill with a negative pid signals a process group; a group we made
        // for this run (its number is the main pid, not reused while members live).
        let group_alive = unsafe { libc::kill(-group, libc::SIGKILL) } == 0;
        let mut killed_any = false;
        {
            let registry = lock();
            for pid in own_children() {
                if registry.contains(pid) {
                    continue;
                }
                let leftover = match state_and_group(pid) {
                    // A zombie outside our own group is some run's leftover.
                    Some((b'Z', g)) => {
                        if g != own_group {
                            reap_if_zombie(pid);
                        }
                        false
                    }
                    Some((_, g)) if g == group => true,
                    // Outside jurybox's own group, jurybox starts nothing but
                    // programs: a child there without a token is a descendant that
                    // cleared its environment.
                    Some((_, g)) => match owner(pid, token) {
                        Owner::ThisRun => true,
                        Owner::OtherRun => false,
                        Owner::Nobody => g != own_group,
                    },
                    None => false,
                };
                if leftover {
                    kill_and_reap(pid);
                    killed_any = true;
                }
            }
        }
        if (!group_alive && !killed_any) || Instant::now() >= give_up {
            return;
        }
        if !killed_any {
            // Members of the group are dying; their children are being re-parented.
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}
