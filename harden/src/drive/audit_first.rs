//! harden's first step: the audit of the jury's own programs
//! (`jurybox_audit`), on the session harden opened (one build, one input
//! grammar for the audit and the search), its findings told and saved before
//! the search.
//!
//! A finding does not stop harden. The matrix stands (every test already
//! passed the validators and the reference's answer), each candidate of the
//! search is validated and answered the same way, and an audit finding may
//! be a guess's (a grammar inferred from the tests' layout): stopping would
//! leave a package with one doubtful finding unhardened. It is told first
//! and loudly, counts as found in the exit status, and `jurybox audit`
//! shrinks it further and keeps it with `--write`.

use super::{stopped, HardenError};
use crate::session::Session;
use jurybox_jury::Tell;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// Seconds of shrinking per finding of the audit harden runs first: a
/// fifth of `jurybox audit`'s default, so the audit adds little to the
/// search.
const SHRINK_SECONDS: f64 = 1.0;

/// Audits the session's jury (seeded with `seed`, `gen` audited with the
/// package's generators), tells the report, saving each finding in `save`;
/// how many findings there were.
pub fn audit_first(
    session: &Session,
    (seed, jobs, gen): (u64, usize, Option<&str>),
    save: &Path,
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<usize, HardenError> {
    let config = jurybox_audit::Config {
        seed,
        jobs,
        shrink_seconds: SHRINK_SECONDS,
        time_limit: session.limit.seconds,
        gen: gen.map(str::to_string),
        ..Default::default()
    };
    jurybox_judging::progress::phase("audit of the jury", 0);
    let report = jurybox_audit::audit_with(
        &session.package,
        &session.cases,
        &session.built,
        session.grammar(cancel),
        &config,
        cancel,
    )
    .map_err(stopped(save))?;
    let replay = format!(
        "jurybox audit {}",
        jurybox_sandbox::shell_quote(&session.package.dir.display().to_string())
    );
    tell.out("audit of the jury's own programs (--no-audit skips it):");
    jurybox_audit::tell::tell_report(&session.package, &report, (save, &replay), false, tell)?;
    if !report.findings.is_empty() {
        tell.out(&format!(
            "WARNING: {} findings above in the jury's own programs: the search below judges by them (`{replay}` audits them in full, `--write` keeps them)",
            report.findings.len()
        ));
    }
    Ok(report.findings.len())
}
