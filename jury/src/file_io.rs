//! Olympiad I/O: a program that reads and writes named files (Polygon's
//! `<judging input-file="A.in" output-file="A.out">`, older olympiads'
//! `input.txt`/`output.txt`) runs as its judge runs it, in a directory of its
//! own with the test copied there under the input's name, its output read
//! from the output's name (a file it did not write is an empty output).

use jurybox_format::Package;
use jurybox_sandbox::{run_command, run_command_in, Outcome, RunLimits, RunReport, Stream};
use std::io::Read;
use std::sync::atomic::AtomicBool;

/// The files a package's programs read and write, where it names any:
/// (input file, output file), `None` for standard input or output.
pub fn named_files(package: &Package) -> Option<(Option<&str>, Option<&str>)> {
    let judging = &package.polygon.as_ref()?.judging;
    let files = (
        judging.input_file.as_deref(),
        judging.output_file.as_deref(),
    );
    (files != (None, None)).then_some(files)
}

/// Runs `command` on `input` as the package's judge does: through the named
/// files in a directory of its own where the package names them, else on
/// standard input and output. `Err` says why the directory could not be made.
pub fn run_as_judged(
    package: &Package,
    command: &str,
    limits: &RunLimits,
    input: &[u8],
    cancel: &AtomicBool,
) -> Result<RunReport, String> {
    let Some((input_file, output_file)) = named_files(package) else {
        return Ok(run_command(command, limits, input, cancel));
    };
    let dir = tempfile::Builder::new()
        .prefix("jurybox-run-")
        .tempdir()
        .map_err(|e| format!("a directory for the run: {e}"))?;
    let stdin = match input_file {
        Some(name) => {
            std::fs::write(dir.path().join(name), input)
                .map_err(|e| format!("the input file {name}: {e}"))?;
            &[][..]
        }
        None => input,
    };
    let mut report = run_command_in(command, limits, stdin, cancel, dir.path());
    if let Some(name) = output_file {
        let mut written = Vec::new();
        let cap = limits.stdout_bytes;
        if let Ok(file) = std::fs::File::open(dir.path().join(name)) {
            // Read one byte past the cap: more is past the output limit.
            let _ = file.take(cap.saturating_add(1)).read_to_end(&mut written);
        }
        if written.len() as u64 > cap && matches!(report.outcome, Outcome::Exited) {
            report.outcome = Outcome::OutputLimit(Stream::Stdout);
        }
        written.truncate(cap as usize);
        report.stdout = written;
    }
    Ok(report)
}
