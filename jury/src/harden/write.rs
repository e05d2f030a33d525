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
    // `program 'python3 sol.py'` → `sol`; `wrong_answer/greedy.cpp` → `greedy`;
    // `mutant kadane.cpp:12:9` → `kadane`.
    let last = what
        .trim_end_matches('\'')
        .split_whitespace()
        .last()
        .unwrap_or(what);
    let file = last.rsplit('/').next().unwrap_or(last);
    let stem = file.split(['.', ':']).next().unwrap_or(file);
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

#[cfg(test)]
mod tests {
    use super::test_name;

    #[test]
    fn names_say_what_they_catch() {
        let name = |w: &str| test_name(w, b"1\n");
        assert!(name("wrong_answer/greedy.cpp").starts_with("jurybox-greedy-"));
        assert!(name("program 'python3 dir/sol.py'").starts_with("jurybox-sol-"));
        assert!(name("mutant kadane.cpp:12:9").starts_with("jurybox-kadane-"));
        assert_ne!(test_name("x", b"1"), test_name("x", b"2"));
    }
}
