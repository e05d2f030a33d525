//! Writing to stdout when the reader may have gone away.

use std::io::Write;

/// Writes to stdout; a closed pipe ends the process quietly with exit code 141
/// (128 + SIGPIPE, what a shell shows for a tool stopped by `head`). Any other
/// write error is reported once, then the process exits 1.
pub fn write(args: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args).and_then(|_| stdout.flush()) {
        failed(e);
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
        std::process::exit(141);
    }
    eprintln!("error: cannot write to standard output: {e}");
    std::process::exit(1);
}
