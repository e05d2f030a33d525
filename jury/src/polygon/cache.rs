//! Where a Polygon package's generated tests and made answers live: a
//! directory under jurybox's build cache named by the package's content (its
//! problem.xml, which holds the generation script, and the sources under
//! `files/` and `solutions/`), so copies of one package share it and a
//! changed package gets a new one. Every run writes its tests afresh, so a
//! directory no running jurybox uses is worth nothing: each run prunes those.
//!
//! "In use" is an OS file lock: a run holds a shared lock on
//! `KEY.lock` beside its directory until the process ends (the kernel lets go
//! of it however the process ends), and a pruner removes a directory only
//! while it holds that file's exclusive lock. Before the directory keyed by
//! the old scheme (one per package path) went, such directories piled up, one
//! for every temporary copy a test suite made.

use jurybox_judging::store::content_hash;
use std::fs::File;
use std::path::{Path, PathBuf};

/// The cache directory of the tests of the package `name` at `dir`, under
/// `root` (the build cache's `polygon-tests/`), locked for this process and
/// the stale ones pruned.
pub fn open(name: &str, dir: &Path, root: &Path) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(root)?;
    let key = format!("{name}-{:016x}", content_key(dir));
    let lock = root.join(format!("{key}.lock"));
    let held = lock_shared(&lock)?;
    // Held until the process ends: the run reads its tests from here to the
    // end, and the kernel releases the lock when the process exits.
    std::mem::forget(held);
    prune(root, &key);
    Ok(root.join(key))
}

/// A shared lock on `path`, on the file a pruner would see there (a pruner
/// may remove the file between our open and our lock: then we open again).
fn lock_shared(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::MetadataExt;
    loop {
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)?;
        file.lock_shared()?;
        let ours = file.metadata()?.ino();
        if std::fs::metadata(path).is_ok_and(|m| m.ino() == ours) {
            return Ok(file);
        }
    }
}

/// Removes every directory under `root` but `keep` that no process holds:
/// its lock file taken exclusively first (a directory without one was made
/// by the old scheme, or its pruner was stopped half-way).
fn prune(root: &Path, keep: &str) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == keep || name.ends_with(".lock") {
            continue;
        }
        let dir = entry.path();
        let lock_path = root.join(format!("{name}.lock"));
        match File::options().write(true).open(&lock_path) {
            Ok(lock) => {
                if lock.try_lock().is_ok() {
                    let _ = std::fs::remove_dir_all(&dir);
                    let _ = std::fs::remove_file(&lock_path);
                }
            }
            Err(_) => {
                let _ = std::fs::remove_dir_all(&dir);
            }
        }
    }
    // Lock files whose directory is gone (a run that made no test writes none).
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".lock") else {
            continue;
        };
        if stem == keep || root.join(stem).exists() {
            continue;
        }
        if let Ok(lock) = File::options().write(true).open(entry.path()) {
            if lock.try_lock().is_ok() {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// A hash of what the tests are made from: problem.xml and every file under
/// `files/` and `solutions/`, each with its path, in path order.
fn content_key(dir: &Path) -> u64 {
    let mut files = vec![PathBuf::from("problem.xml")];
    for sub in ["files", "solutions"] {
        walk(dir, Path::new(sub), &mut files);
    }
    files.sort();
    let mut bytes = Vec::new();
    for file in &files {
        bytes.extend_from_slice(file.as_os_str().as_encoded_bytes());
        bytes.push(0);
        let text = std::fs::read(dir.join(file)).unwrap_or_default();
        bytes.extend_from_slice(&content_hash(&text).to_le_bytes());
    }
    content_hash(&bytes)
}

/// Every file under `dir/at`, as paths relative to `dir`.
fn walk(dir: &Path, at: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir.join(at)) else {
        return;
    };
    for entry in entries.flatten() {
        let path = at.join(entry.file_name());
        match entry.file_type() {
            Ok(t) if t.is_dir() => walk(dir, &path, files),
            Ok(t) if t.is_file() => files.push(path),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_package_replaces_its_stale_directory() {
        let root = tempfile::tempdir().unwrap();
        let src = tempfile::tempdir().unwrap();
        std::fs::write(src.path().join("problem.xml"), "<problem/>").unwrap();
        std::fs::create_dir(src.path().join("files")).unwrap();
        std::fs::write(src.path().join("files/gen.cpp"), "one").unwrap();
        let first = open("aplusb", src.path(), root.path()).unwrap();
        std::fs::create_dir_all(&first).unwrap();
        assert_eq!(
            open("aplusb", src.path(), root.path()).unwrap(),
            first,
            "same content, same place"
        );
        // An old path-keyed directory, held by no one.
        std::fs::create_dir(root.path().join("aplusb-0000000000000001")).unwrap();
        std::fs::write(src.path().join("files/gen.cpp"), "two").unwrap();
        let second = open("aplusb", src.path(), root.path()).unwrap();
        assert_ne!(second, first);
        std::fs::create_dir_all(&second).unwrap();
        let dirs: Vec<_> = std::fs::read_dir(root.path())
            .unwrap()
            .flatten()
            .filter(|e| e.path().is_dir())
            .map(|e| e.path())
            .collect();
        // This process holds the first one's lock too (its runs still read
        // it): a directory in use is never pruned.
        assert!(dirs.contains(&first) && dirs.contains(&second), "{dirs:?}");
        assert_eq!(dirs.len(), 2, "the unheld old directory went: {dirs:?}");
    }
}
