//! A finding written to disk before it is reported (nothing found is lost):
//! its input, and for an output validator's finding the output and the
//! answer, each atomically, the input last, beside a note saying what was
//! found and the command that replays it.

use crate::finding::{Finding, FindingCategory};
use jurybox_judging::store::{content_hash, write_atomically};
use std::path::{Path, PathBuf};

/// Where a finding was saved and how to replay it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The input file (`.in`); the others share its stem.
    pub input: PathBuf,
    /// The command that replays the finding.
    pub reproduce: String,
}

/// The file stem of `finding`: its category and a hash of its bytes.
pub fn stem(finding: &Finding) -> String {
    let mut bytes = finding.input.clone();
    bytes.extend(finding.output.iter().flatten());
    bytes.extend(finding.what.bytes());
    format!(
        "audit-{}-{:08x}",
        finding.category.word(),
        content_hash(&bytes) as u32
    )
}

/// Saves `finding` under `dir`; `replay` is the command that audits the
/// package (`jurybox audit DIR`).
pub fn save(dir: &Path, finding: &Finding, replay: &str) -> std::io::Result<Saved> {
    std::fs::create_dir_all(dir)?;
    let base = dir.join(stem(finding));
    let with = |ext: &str| PathBuf::from(format!("{}.{ext}", base.display()));
    let input = with("in");
    let quoted = jurybox_sandbox::shell_quote(&input.display().to_string());
    let reproduce = match finding.category {
        FindingCategory::Generators => format!("{replay} --only generators"),
        _ => format!("{replay} --replay {quoted}"),
    };
    let mut note = format!("{}: {}\n", finding.program, finding.what);
    if let Some(test) = &finding.test {
        note.push_str(&format!("from the test {test}\n"));
    }
    if let Some(shrunk) = &finding.shrunk {
        note.push_str(&format!("shrunk: {shrunk}\n"));
    }
    note.push_str(&format!("reproduce: {reproduce}\n"));
    write_atomically(&with("note"), note.as_bytes())?;
    if let Some(output) = &finding.output {
        write_atomically(&with("out"), output)?;
    }
    if let Some(answer) = &finding.answer {
        write_atomically(&with("ans"), answer)?;
    }
    write_atomically(&input, &finding.input)?;
    Ok(Saved { input, reproduce })
}

/// Saves an input the audit offers (a bound the data never reaches) under
/// `dir`; its path.
pub fn save_offer(dir: &Path, what: &str, input: &[u8]) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let mut bytes = input.to_vec();
    bytes.extend(what.bytes());
    let path = dir.join(format!(
        "audit-offer-{:08x}.in",
        content_hash(&bytes) as u32
    ));
    write_atomically(&path, input)?;
    Ok(path)
}
