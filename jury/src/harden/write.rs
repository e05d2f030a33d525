//! Adding a found test to the package: `data/secret/NAME.in`, `NAME.ans` and
//! `NAME.yaml` (its description), each written atomically (a temporary file
//! renamed), the input last so that an input never stands without its answer;
//! then, where the package has a generators.yaml, its entry, so that `bt
//! generate` keeps the test. And the speed of the machine that judged the
//! tests against the limit, as one comment line of problem.yaml.

use crate::speed::Speed;
use jurybox_format::generators::{add_described_test, Entry, WriteError};
use jurybox_format::layout::DataRoot;
use jurybox_format::Package;
use jurybox_judging::store::{content_hash, write_atomically};
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
        jurybox_format::test_yaml(description).as_bytes(),
    )?;
    write_atomically(&base.with_extension("ans"), answer)?;
    let input_path = base.with_extension("in");
    write_atomically(&input_path, input)?;
    Ok(input_path)
}

/// Why a found test could not be added to the package.
#[derive(Debug, thiserror::Error)]
pub enum AddError {
    /// A file could not be written or renamed.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: std::io::Error,
    },
    /// generators.yaml cannot take the new entry.
    #[error(transparent)]
    Generators(#[from] WriteError),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> AddError + '_ {
    move |error| AddError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// Where a found test went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddedTest {
    /// Its input file.
    pub input: PathBuf,
    /// Its name under `data/` (`secret/jurybox-greedy-1a2b3c4d`, or
    /// `secret/12-jurybox-…` in a numbered generators.yaml).
    pub name: String,
    /// Tests renamed because the new one changed BAPCtools' numbering (old,
    /// new), their files moved with them.
    pub renamed: Vec<(String, String)>,
    /// True when generators.yaml has the new entry.
    pub in_generators_yaml: bool,
}

/// Adds a found test to `package` as `data/secret/NAME.{yaml,ans,in}`, and when
/// the package has a generators.yaml, as its entry there too (the rule's
/// command when `command` remakes `input` exactly, else the input itself under
/// `in:`), so that `bt generate` keeps it. The new files come first, then the
/// renames BAPCtools' numbering asks for, then generators.yaml, each file
/// atomically; Ctrl-C only raises jurybox's flag, so it never stops this half
/// way.
pub fn add_to_package(
    package: &Package,
    name: &str,
    input: &[u8],
    answer: &[u8],
    description: &str,
    command: Option<&[String]>,
) -> Result<AddedTest, AddError> {
    let data = package.dir.join("data");
    let yaml_path = package.programs.generators_yaml.as_ref();
    let edit = match yaml_path {
        None => None,
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(io(path))?;
            let entry = match command {
                Some(words) => Entry::Command(words.to_vec()),
                None => Entry::Input {
                    text: String::from_utf8_lossy(input).into_owned(),
                },
            };
            Some((
                path,
                add_described_test(
                    &text,
                    DataRoot::Secret.dir(),
                    name,
                    entry,
                    Some(description),
                )?,
            ))
        }
    };
    let test = edit
        .as_ref()
        .map_or_else(|| format!("secret/{name}"), |(_, added)| added.name.clone());
    let base = data.join(&test);
    let dir = base.parent().expect("a test has a group");
    let input_path =
        write_test(dir, &file_name(&base), input, answer, description).map_err(io(dir))?;
    let Some((yaml, added)) = edit else {
        return Ok(AddedTest {
            input: input_path,
            name: test,
            renamed: Vec::new(),
            in_generators_yaml: false,
        });
    };
    for (old, new) in &added.renamed {
        rename_test(&data, old, new)?;
    }
    write_atomically(yaml, added.text.as_bytes()).map_err(io(yaml))?;
    Ok(AddedTest {
        input: input_path,
        name: test,
        renamed: added.renamed,
        in_generators_yaml: true,
    })
}

/// Records `speed` in the package's problem.yaml, beside its limit
/// (`jurybox_format::record_speed`: one comment line, every other byte kept),
/// atomically; the file's path.
pub fn record_machine_speed(package: &Package, speed: &Speed) -> std::io::Result<PathBuf> {
    let path = package.dir.join("problem.yaml");
    let text = std::fs::read_to_string(&path)?;
    let text = jurybox_format::record_speed(&text, speed.speed, &speed.note());
    write_atomically(&path, text.as_bytes())?;
    Ok(path)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Moves every file of test `old` (`NAME.in`, `.ans`, `.yaml`, …) to `new`.
fn rename_test(data: &Path, old: &str, new: &str) -> Result<(), AddError> {
    let (old_base, new_base) = (data.join(old), data.join(new));
    let dir = old_base.parent().expect("a test has a group");
    let stem = file_name(&old_base);
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        // Not generated yet: BAPCtools will make it under its new name.
        Err(_) => return Ok(()),
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(extension) = file.strip_prefix(&stem).and_then(|r| r.strip_prefix('.')) else {
            continue;
        };
        let parent = new_base.parent().expect("a test has a group");
        std::fs::create_dir_all(parent).map_err(io(parent))?;
        // Not `with_extension`: a test's name may hold a dot.
        let to = parent.join(format!("{}.{extension}", file_name(&new_base)));
        std::fs::rename(entry.path(), &to).map_err(io(&to))?;
    }
    Ok(())
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
