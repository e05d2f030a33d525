//! The lock one build of one program runs under, so two jurybox processes never
//! build into the same directory at once. It is an OS file lock (`flock(2)`
//! through `File::lock`): the kernel lets go of it when its holder ends, however
//! it ends, so a jurybox killed mid-build leaves nothing that blocks the next one
//! (a directory made as a lock did, for ten minutes).

use std::fs::File;
use std::path::Path;

/// An exclusive lock on a file, held until dropped (or the process ends).
pub(crate) struct BuildLock(File);

impl BuildLock {
    /// Takes the lock on `path` (created if missing), waiting for its holder.
    /// The file stays: removing it could let a waiter lock a file no newcomer
    /// opens.
    pub(crate) fn take(path: &Path) -> std::io::Result<BuildLock> {
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)?;
        file.lock()?;
        Ok(BuildLock(file))
    }
}

impl Drop for BuildLock {
    fn drop(&mut self) {
        let _ = self.0.unlock();
    }
}

#[cfg(test)]
mod tests {
    use super::BuildLock;
    use std::path::Path;
    use std::process::Command;
    use std::time::Duration;

    /// The child side of the test below: takes the lock at `JURYBOX_HOLD_LOCK`,
    /// says so, and waits to be killed.
    #[test]
    #[ignore = "run by a_lock_held_by_a_killed_process_does_not_block_the_next_build"]
    fn hold_the_lock_until_killed() {
        let Some(path) = std::env::var_os("JURYBOX_HOLD_LOCK") else {
            return;
        };
        let _held = BuildLock::take(Path::new(&path)).unwrap();
        std::fs::write(Path::new(&path).with_extension("held"), b"").unwrap();
        std::thread::sleep(Duration::from_secs(120));
    }

    #[test]
    fn a_lock_held_by_a_killed_process_does_not_block_the_next_build() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".sol-key.flock");
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "lock::tests::hold_the_lock_until_killed"])
            .args(["--ignored", "--nocapture"])
            .env("JURYBOX_HOLD_LOCK", &path)
            .spawn()
            .unwrap();
        while !path.with_extension("held").exists() {
            assert!(child.try_wait().unwrap().is_none(), "the holder ended");
            std::thread::sleep(Duration::from_millis(10));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        let (sender, taken) = std::sync::mpsc::channel();
        std::thread::spawn(move || sender.send(BuildLock::take(&path).is_ok()));
        // Not a timing threshold: a lock that outlives its holder blocks for
        // minutes; a minute here only keeps a failing test from hanging.
        let taken = taken.recv_timeout(Duration::from_secs(60));
        assert_eq!(taken, Ok(true), "the dead holder's lock still blocks");
    }

    #[test]
    fn a_live_holder_makes_the_next_one_wait() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(".sol-key.flock");
        let held = BuildLock::take(&path).unwrap();
        let (sender, taken) = std::sync::mpsc::channel();
        let waiter = path.clone();
        std::thread::spawn(move || sender.send(BuildLock::take(&waiter).is_ok()));
        // A second open file description of the same file: flock excludes it
        // as it would another process.
        assert!(taken.recv_timeout(Duration::from_millis(300)).is_err());
        drop(held);
        assert_eq!(taken.recv_timeout(Duration::from_secs(60)), Ok(true));
    }
}
