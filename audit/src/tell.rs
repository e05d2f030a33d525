//! An audit's report told line by line, as `jurybox audit` and `harden`'s
//! first step show it: the notes, each finding saved before it is told (and
//! kept in the package with `write`), the warnings apart, and what was tried,
//! so that "nothing found" says how hard it looked.

use crate::{save, write, Report};
use jurybox_format::Package;
use jurybox_jury::Tell;
use std::path::Path;

/// Tells `report` to `tell`, saving each finding (and each input offered at
/// an unreached bound) in `save_dir` first, with `replay` the command that
/// reproduces it; with `write`, each finding is also kept in `package`
/// (a finding that did not hold twice is told as not kept). `Err` when a
/// finding cannot be saved: nothing is told that is not on disk.
pub fn tell_report(
    package: &Package,
    report: &Report,
    (save_dir, replay): (&Path, &str),
    write: bool,
    tell: &dyn Tell,
) -> std::io::Result<()> {
    for note in &report.notes {
        tell.out(&format!("note: {note}"));
    }
    for finding in &report.findings {
        let saved = save::save(save_dir, finding, replay).map_err(|e| in_dir(save_dir, e))?;
        tell.out(&format!(
            "FOUND [{}] {}: {}",
            finding.category, finding.program, finding.what
        ));
        if let Some(shrunk) = &finding.shrunk {
            tell.out(&format!("  shrunk: {shrunk}"));
        }
        tell.out(&format!("  saved: {}", saved.input.display()));
        tell.out(&format!("  reproduce: {}", saved.reproduce));
        if write {
            match write::keep(package, finding, &save::stem(finding)) {
                Ok(kept) => tell.out(&format!(
                    "  kept: {}{}",
                    kept.input.display(),
                    if kept.in_generators_yaml {
                        " (and in generators.yaml)"
                    } else {
                        ""
                    }
                )),
                Err(e) => tell.out(&format!("  {e}")),
            }
        }
    }
    if !report.warnings.is_empty() {
        tell.out(&format!(
            "warnings ({}): bounds the data does not reach, flags that do not fit, guesses",
            report.warnings.len()
        ));
    }
    for warning in &report.warnings {
        tell.out(&format!("  warning: {}", warning.what));
        if let Some(offer) = &warning.offer {
            let path = save::save_offer(save_dir, &warning.what, offer)
                .map_err(|e| in_dir(save_dir, e))?;
            tell.out(&format!(
                "    an input at the bound the validators accept: {}",
                path.display()
            ));
        }
    }
    let tried: Vec<String> = report
        .tried
        .iter()
        .map(|t| format!("{} {} ({})", t.count, t.what, t.category))
        .collect();
    tell.out(&format!("tried: {}", tried.join("; ")));
    tell.out(&format!(
        "{}: {} findings, {} warnings",
        package.name,
        report.findings.len(),
        report.warnings.len()
    ));
    Ok(())
}

/// `error` with the directory it happened in.
fn in_dir(dir: &Path, error: std::io::Error) -> std::io::Error {
    std::io::Error::new(error.kind(), format!("{}: {error}", dir.display()))
}
