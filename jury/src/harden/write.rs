//! Adding a found test to the package: `data/secret/NAME.in`, `NAME.ans` and
//! `NAME.yaml` (its description), each written atomically (a temporary file
//! renamed), the input last so that an input never stands without its answer;
//! then, where the package has a generators.yaml, its entry, so that `bt
//! generate` keeps the test.

use jurybox_stress::store::{content_hash, write_atomically};
use std::path::{Path, PathBuf};

/// The name of a found test: `jurybox-WHAT-HASH`, `WHAT` the caught program's
/// file stem (letters, digits, `-` and `_` only) and `HASH` the input's, so the
/// same test found twice is written once.
pub fn test_name(what: &str, input: &[u8]) -> String {
    let stem = what
        .rsplit('/')
        .next()
        .unwrap_or(what)
        .split('.')
        .next()
        .unwrap_or(what);
    let clean: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .take(32)
        .collect();
    format!("jurybox-{clean}-{:08x}", content_hash(input) as u32)
}

/// Writes `NAME.yaml` (the test's description: what it catches and where it
/// came from), `NAME.ans` and `NAME.in` into `dir` (created), the input last;
/// returns the input's path.
pub fn write_test(
    dir: &Path,
    name: &str,
    input: &[u8],
    answer: &[u8],
    description: &str,
) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let base = dir.join(name);
    write_atomically(
        &base.with_extension("yaml"),
        jurybox_package::test_yaml(description).as_bytes(),
    )?;
    write_atomically(&base.with_extension("ans"), answer)?;
    let input_path = base.with_extension("in");
    write_atomically(&input_path, input)?;
    Ok(input_path)
}
