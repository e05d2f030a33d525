//! jurybox's exit statuses: one table, the numbers every command ends with
//! and the text `--help` and the README show. `judge` alone speaks another
//! protocol (testlib's or Kattis's, `core::verdict::Protocol`), since its
//! caller is a judge system.

use std::process::ExitCode;

/// Nothing found: every check passed, every survivor caught.
pub const OK: u8 = 0;
/// Something found: a failure (an invalid input, a wrong answer, engines that
/// disagree), a contradiction (a submission against its directory), or
/// something that survives (`harden`'s submission no search caught, `mutants`'
/// mutant no test kills); and any error that is none of the others (a file
/// that cannot be read).
pub const FOUND: u8 = 1;
/// Bad usage: a flag, a problem name or a path that does not make sense (a
/// directory that is no package, contest or suite, for every command alike).
pub const USAGE: u8 = 2;
/// The jury's own fault: a generator, validator, reference, checker or
/// interactor that failed (testlib's "fail"); what failed is named and its
/// input saved. A package that cannot be judged as it states (its scoring does
/// not add up, or an expectation names a group that does not exist) too.
pub const JURY_FAULT: u8 = 3;
/// Interrupted (Ctrl-C, SIGTERM): 128 + SIGINT, as a shell reports it.
pub const INTERRUPTED: u8 = 130;
/// Standard output closed early (`| head`): 128 + SIGPIPE, as a shell
/// reports it.
pub const CLOSED_PIPE: u8 = 141;

/// The table, as `jurybox --help` ends and the README shows it
/// (`tests/docs.rs` holds the README to it).
pub const TABLE: &str = "\
Exit status:
  0    nothing found: every check passed, every survivor caught
  1    something found: a failure (invalid input, wrong answer, engines that disagree),
       a contradiction, or something that survives (harden: a submission no search
       caught; mutants: a mutant no test kills); or an error that is none of the
       others (a file that cannot be read)
  2    bad usage: a flag, a problem name, or a path that is no package, contest or suite
  3    the jury's own fault (a generator, validator, reference, checker or interactor
       failed: named, its input saved; or a package that cannot be judged as it
       states: scoring whose points do not add up or that names what does not exist)
  130  interrupted (Ctrl-C)
  141  standard output closed early (| head)
`judge` answers a judge system instead: testlib's 0 ok, 1 wrong answer, 2 presentation
error, 3 failure (bad usage included), or with --kattis 42 and 43.";

/// `status` as the process's exit code.
pub fn code(status: u8) -> ExitCode {
    ExitCode::from(status)
}

/// [`FOUND`] when `found`, else [`OK`].
pub fn found_if(found: bool) -> u8 {
    if found {
        FOUND
    } else {
        OK
    }
}
