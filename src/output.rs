//! Writing what a command makes: to stdout when the reader may have gone away,
//! or to the file a user named.

use anyhow::Context;
use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

/// Writes a report or a picture to `path`, atomically (`judging::store`): the
/// one place these commands write a file.
pub fn file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    jurybox_judging::store::write_atomically(path, bytes)
        .with_context(|| format!("cannot write {}", path.display()))
}

thread_local! {
    /// What this thread's `outln!` lines go to instead of stdout, while
    /// [`kept`] runs.
    static KEPT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `work` with this thread's stdout lines kept, and returns them: a
/// problem judged beside others (`run CONTEST`) prints its block whole, in
/// the contest's order, not interleaved with theirs. Notes (stderr) and the
/// lines of other threads are not kept.
pub fn kept<R>(work: impl FnOnce() -> R) -> (R, String) {
    let before = KEPT.with(|kept| kept.borrow_mut().replace(String::new()));
    let result = work();
    let lines = KEPT.with(|kept| std::mem::replace(&mut *kept.borrow_mut(), before));
    (result, lines.unwrap_or_default())
}

/// Writes to stdout; a closed pipe ends the process quietly with exit code 141
/// (128 + SIGPIPE, what a shell shows for a tool stopped by `head`). Any other
/// write error is reported once, then the process exits 1.
pub fn write(args: std::fmt::Arguments<'_>) {
    let kept = KEPT.with(|kept| match kept.borrow_mut().as_mut() {
        Some(lines) => {
            let _ = lines.write_fmt(args);
            true
        }
        None => false,
    });
    if kept {
        return;
    }
    let write = || {
        let mut stdout = std::io::stdout().lock();
        if let Err(e) = stdout.write_fmt(args).and_then(|_| stdout.flush()) {
            failed(e);
        }
    };
    // A line printed while a job's bar is drawn goes above the bar.
    match crate::progress::job() {
        Some(job) => job.suspend(write),
        None => write(),
    }
}

/// Writes one line to stderr, above a job's bar when one is drawn. Stderr is
/// best effort: a closed stderr loses the line and nothing else.
pub fn note(args: std::fmt::Arguments<'_>) {
    let write = || {
        let _ = writeln!(std::io::stderr().lock(), "{args}");
    };
    match crate::progress::job() {
        Some(job) => job.suspend(write),
        None => write(),
    }
}

/// Writes raw bytes to stdout, like [`write`].
pub fn bytes(data: &[u8]) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(data).and_then(|_| stdout.flush()) {
        failed(e);
    }
}

/// Ends the process after a failed write. `process::exit` drops nothing, so a
/// package staged for judging is removed first.
fn failed(e: std::io::Error) -> ! {
    jurybox_packager::staging::remove_all();
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(crate::exit::CLOSED_PIPE.into());
    }
    note(format_args!("error: cannot write to standard output: {e}"));
    std::process::exit(crate::exit::FOUND.into());
}

/// The terminal as the libraries' [`jurybox_jury::Tell`]: a result line to
/// stdout (kept while [`kept`] runs, as `outln!`), a note to stderr.
pub struct Terminal;

impl jurybox_jury::Tell for Terminal {
    fn out(&self, line: &str) {
        write(format_args!("{line}\n"));
    }

    fn note(&self, line: &str) {
        note(format_args!("{line}"));
    }
}
