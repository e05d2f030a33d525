//! What jurybox saves, written one way: through a temporary file in the same
//! directory, synced and renamed, so a reader sees the old file or the whole
//! new one and a crash or a full disk never leaves half a case behind; files
//! named by their content's hash, so a case found twice is saved once; and the
//! default directory a program's failures go to.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A stable 64-bit FNV-1a hash: names regression files after their content, so the
/// same case found twice is stored once, on every machine under the same name.
pub fn content_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Writes `contents` to `path` through a temporary file in the same directory,
/// synced and renamed: readers see the old file or the whole new one, never half.
/// Mode 0666 less the user's umask. The one writer of everything jurybox saves.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let dir = path.parent().unwrap_or(Path::new("."));
    // 0666 less the user's umask, as any file the user makes: tempfile's default
    // (0600) would hide saved cases from the rest of a team.
    let mut tmp = tempfile::Builder::new()
        .prefix(".jurybox-")
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)?;
    tmp.write_all(contents)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Where a program's failing cases go unless `--save` says otherwise:
/// `./jurybox-found/<problem>/` (`any` for a problem of the user's own). Not the
/// corpus: a contestant's bug is not a regression of jurybox.
pub fn found_dir(problem: &str) -> PathBuf {
    PathBuf::from("jurybox-found").join(problem)
}
