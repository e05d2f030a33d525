//! An audit's report as `jurybox audit` and `harden`'s first step print it:
//! notes, each finding saved before it is shown (and kept in the package
//! with `--write`), the warnings, and what was tried.

use crate::exit;
use anyhow::{anyhow, Result};
use jurybox_audit::{save, write, Report};
use std::path::Path;

/// Prints `report`, saving each finding first (and keeping it with
/// `write`); the exit status.
pub fn print_report(
    package: &jurybox_format::Package,
    report: &Report,
    save_dir: &Path,
    replay: &str,
    write: bool,
) -> Result<u8> {
    for note in &report.notes {
        outln!("note: {note}");
    }
    for finding in &report.findings {
        let saved = save::save(save_dir, finding, replay)
            .map_err(|e| anyhow!("{}: {e}", save_dir.display()))?;
        outln!(
            "FOUND [{}] {}: {}",
            finding.category,
            finding.program,
            finding.what
        );
        if let Some(shrunk) = &finding.shrunk {
            outln!("  shrunk: {shrunk}");
        }
        outln!("  saved: {}", saved.input.display());
        outln!("  reproduce: {}", saved.reproduce);
        if write {
            match write::keep(package, finding, &save::stem(finding)) {
                Ok(kept) => outln!(
                    "  kept: {}{}",
                    kept.input.display(),
                    if kept.in_generators_yaml {
                        " (and in generators.yaml)"
                    } else {
                        ""
                    }
                ),
                Err(e) => outln!("  {e}"),
            }
        }
    }
    if !report.warnings.is_empty() {
        outln!(
            "warnings ({}): bounds the data does not reach, flags that do not fit, guesses",
            report.warnings.len()
        );
    }
    for warning in &report.warnings {
        outln!("  warning: {}", warning.what);
        if let Some(offer) = &warning.offer {
            let path = save::save_offer(save_dir, &warning.what, offer)
                .map_err(|e| anyhow!("{}: {e}", save_dir.display()))?;
            outln!(
                "    an input at the bound the validators accept: {}",
                path.display()
            );
        }
    }
    let tried: Vec<String> = report
        .tried
        .iter()
        .map(|t| format!("{} {} ({})", t.count, t.what, t.category))
        .collect();
    outln!("tried: {}", tried.join("; "));
    outln!(
        "{}: {} findings, {} warnings",
        package.name,
        report.findings.len(),
        report.warnings.len()
    );
    Ok(exit::found_if(!report.findings.is_empty()))
}
