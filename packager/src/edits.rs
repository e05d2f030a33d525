//! A program of a judge package is a source, or a named edit of another source.
//!
//! A known wrong solution is most often a correct program with a line or two
//! changed: blokus3d's mutants are its intended solution with one rule switch
//! flipped. Stored whole, each would be a copy of its base, and a fix to the base
//! would have to be made in every copy. Stored as a named edit
//! (`mutants/NAME.patch`), it is the change alone: a unified diff whose `--- a/PATH`
//! line names the program it edits (an intended solution, or another mutant) and
//! whose first line, before the diff, says what the edited program gets wrong.
//!
//! An edit is applied ([`diffy`]'s parser and applier, the context lines must
//! match) wherever a program is needed as a whole source: when a package is
//! written (a judge host compiles plain files and has no patch tool), when the kill
//! table compiles the mutants, and in the tests. Generated mutants are edits too.

use std::path::Path;

/// The file-name ending of a named edit.
pub const EDIT_SUFFIX: &str = ".patch";

/// A file of a problem's judge directory as it is stored: a source, or a named
/// edit.
#[derive(Clone, Copy, Debug)]
pub struct StoredFile<'a> {
    /// Its path in the directory (`accepted/voxel_rules.cpp`,
    /// `mutants/reflections.patch`).
    pub path: &'a str,
    /// Its bytes.
    pub text: &'a [u8],
}

/// A program made whole: a stored source, or an edit applied to its base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expanded {
    /// Its path as a source (`mutants/reflections.cpp` for
    /// `mutants/reflections.patch`).
    pub path: String,
    /// The stored file it comes from (the edit's path for an edit).
    pub stored: String,
    /// The whole source.
    pub text: Vec<u8>,
}

/// Why a named edit does not make a program.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// The edit is not a unified diff.
    #[error("{edit}: not a unified diff: {cause}")]
    Unreadable {
        /// The edit's path.
        edit: String,
        /// The parser's complaint.
        cause: diffy::ParsePatchError,
    },
    /// The edit does not say which program it edits.
    #[error("{edit}: no `--- a/PATH` line naming the program it edits")]
    NoBase {
        /// The edit's path.
        edit: String,
    },
    /// The edit names a program the directory does not have.
    #[error("{edit}: edits {base}, which is not a program of this problem")]
    UnknownBase {
        /// The edit's path.
        edit: String,
        /// The path its `---` line names.
        base: String,
    },
    /// The `+++` line names another program than the edit's own file name.
    #[error("{edit}: its `+++` line names {named}, but the edit makes {expected}")]
    WrongTarget {
        /// The edit's path.
        edit: String,
        /// The path its `+++` line names.
        named: String,
        /// The path its file name gives.
        expected: String,
    },
    /// A hunk's lines to keep or remove are not in the base.
    #[error("{edit}: does not apply to {base}: {cause}")]
    DoesNotApply {
        /// The edit's path.
        edit: String,
        /// The program it edits.
        base: String,
        /// Which hunk failed.
        cause: diffy::ApplyError,
    },
    /// Edits that end up editing themselves.
    #[error("{edit}: its chain of bases goes round in a circle: {chain}")]
    Cycle {
        /// The edit's path.
        edit: String,
        /// The paths in the circle, ` -> ` between them.
        chain: String,
    },
}

/// Whether `path` is a named edit.
pub fn is_edit(path: &str) -> bool {
    path.ends_with(EDIT_SUFFIX)
}

/// A diff's file name without git's `a/` or `b/`.
fn strip_side(name: &[u8], side: &str) -> String {
    let name = String::from_utf8_lossy(name);
    name.strip_prefix(side).unwrap_or(&name).to_string()
}

fn parse<'a>(edit: &StoredFile<'a>) -> Result<diffy::Patch<'a, [u8]>, EditError> {
    diffy::Patch::from_bytes(edit.text).map_err(|e| EditError::Unreadable {
        edit: edit.path.to_string(),
        cause: e,
    })
}

/// The path of the program `edit` edits, as its `--- a/PATH` line names it.
pub fn base_of(edit: &StoredFile) -> Result<String, EditError> {
    let patch = parse(edit)?;
    let base = patch.original().ok_or_else(|| EditError::NoBase {
        edit: edit.path.to_string(),
    })?;
    Ok(strip_side(base, "a/"))
}

/// The path of the program `edit` makes: the edit's own path with the base's
/// file-name ending (`mutants/reflections.patch` editing a `.cpp` →
/// `mutants/reflections.cpp`).
pub fn program_path(edit: &StoredFile, base: &str) -> String {
    let stem = edit.path.strip_suffix(EDIT_SUFFIX).unwrap_or(edit.path);
    let file = base.rsplit('/').next().unwrap_or(base);
    let ending = file.rfind('.').map_or("", |i| &file[i..]);
    format!("{stem}{ending}")
}

/// `edit` applied to `base_text`, the text of the program its `---` line names.
pub fn apply(edit: &StoredFile, base_text: &[u8]) -> Result<Vec<u8>, EditError> {
    let patch = parse(edit)?;
    let base = base_of(edit)?;
    let made = program_path(edit, &base);
    if let Some(named) = patch.modified() {
        let named = strip_side(named, "b/");
        if named != made {
            return Err(EditError::WrongTarget {
                edit: edit.path.to_string(),
                named,
                expected: made,
            });
        }
    }
    diffy::apply_bytes(base_text, &patch).map_err(|cause| EditError::DoesNotApply {
        edit: edit.path.to_string(),
        base,
        cause,
    })
}

/// Every program among `files` made whole, sorted by path: each source as it is,
/// each edit applied to its base (which may itself be an edit). Files that are
/// neither (headers, scripts) are not programs and are left out.
pub fn expand(files: &[StoredFile]) -> Result<Vec<Expanded>, EditError> {
    let mut done: Vec<Expanded> = files
        .iter()
        .filter(|f| f.path.ends_with(".cpp"))
        .map(|f| Expanded {
            path: f.path.to_string(),
            stored: f.path.to_string(),
            text: f.text.to_vec(),
        })
        .collect();
    let edits: Vec<&StoredFile> = files.iter().filter(|f| is_edit(f.path)).collect();
    for edit in &edits {
        expand_edit(edit, &edits, &mut done, &mut Vec::new())?;
    }
    done.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(done)
}

/// Applies `edit` (after its base, when the base is an edit not yet applied) and
/// adds its program to `done`; `chain` holds the edits being applied, to catch a
/// circle.
fn expand_edit(
    edit: &StoredFile,
    edits: &[&StoredFile],
    done: &mut Vec<Expanded>,
    chain: &mut Vec<String>,
) -> Result<(), EditError> {
    if done.iter().any(|p| p.stored == edit.path) {
        return Ok(());
    }
    if chain.iter().any(|p| p == edit.path) {
        chain.push(edit.path.to_string());
        return Err(EditError::Cycle {
            edit: edit.path.to_string(),
            chain: chain.join(" -> "),
        });
    }
    chain.push(edit.path.to_string());
    let base = base_of(edit)?;
    if !done.iter().any(|p| p.path == base) {
        match edits
            .iter()
            .find(|e| base_of(e).is_ok_and(|b| program_path(e, &b) == base))
        {
            Some(base_edit) => expand_edit(base_edit, edits, done, chain)?,
            None => {
                return Err(EditError::UnknownBase {
                    edit: edit.path.to_string(),
                    base,
                })
            }
        }
    }
    let base_text = &done
        .iter()
        .find(|p| p.path == base)
        .expect("the base was just made whole")
        .text;
    let text = apply(edit, base_text)?;
    done.push(Expanded {
        path: program_path(edit, &base),
        stored: edit.path.to_string(),
        text,
    });
    chain.pop();
    Ok(())
}

/// The files of `dir` and of its subdirectories (one level: `accepted/`,
/// `mutants/`), as (path relative to `dir`, bytes), sorted: a judge directory read
/// from disk, for the tests and scripts that check it where the binary embeds it.
pub fn read_stored(dir: &Path) -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?.path();
        let name = entry
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if entry.is_dir() {
            for inner in std::fs::read_dir(&entry)? {
                let inner = inner?.path();
                if inner.is_file() {
                    let file = inner
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    files.push((format!("{name}/{file}"), std::fs::read(&inner)?));
                }
            }
        } else {
            files.push((name, std::fs::read(&entry)?));
        }
    }
    files.sort();
    Ok(files)
}

/// Borrowed views of files read by [`read_stored`].
pub fn views(files: &[(String, Vec<u8>)]) -> Vec<StoredFile<'_>> {
    files
        .iter()
        .map(|(path, text)| StoredFile { path, text })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &[u8] = b"int main() {\n    const bool BUG = false;\n    return BUG;\n}\n";

    fn edit(path: &'static str, text: String) -> StoredFile<'static> {
        StoredFile {
            path,
            text: Box::leak(text.into_boxed_str()).as_bytes(),
        }
    }

    /// A text of `lines`, each ended by a newline.
    fn lines(lines: &[&str]) -> String {
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    fn flip() -> String {
        lines(&[
            "flip: the switch is on.",
            "--- a/accepted/plain.cpp",
            "+++ b/mutants/flip.cpp",
            "@@ -1,4 +1,4 @@",
            " int main() {",
            "-    const bool BUG = false;",
            "+    const bool BUG = true;  // the bug",
            "     return BUG;",
            " }",
        ])
    }

    const PLAIN: StoredFile = StoredFile {
        path: "accepted/plain.cpp",
        text: BASE,
    };

    #[test]
    fn an_edit_makes_its_program_from_its_base() {
        let files = [PLAIN, edit("mutants/flip.patch", flip())];
        let programs = expand(&files).unwrap();
        let paths: Vec<&str> = programs.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["accepted/plain.cpp", "mutants/flip.cpp"]);
        assert_eq!(programs[1].stored, "mutants/flip.patch");
        assert_eq!(
            programs[1].text,
            b"int main() {\n    const bool BUG = true;  // the bug\n    return BUG;\n}\n"
        );
    }

    #[test]
    fn an_edit_of_an_edit_is_applied_after_its_base() {
        let twice = lines(&[
            "twice: the switch is on and the result negated.",
            "--- a/mutants/flip.cpp",
            "+++ b/mutants/twice.cpp",
            "@@ -2,3 +2,3 @@",
            "     const bool BUG = true;  // the bug",
            "-    return BUG;",
            "+    return !BUG;",
            " }",
        ]);
        // The edit of the edit comes first in the list.
        let files = [
            edit("mutants/twice.patch", twice),
            edit("mutants/flip.patch", flip()),
            PLAIN,
        ];
        let programs = expand(&files).unwrap();
        let twice = programs.iter().find(|p| p.path == "mutants/twice.cpp");
        assert_eq!(
            twice.unwrap().text,
            b"int main() {\n    const bool BUG = true;  // the bug\n    return !BUG;\n}\n"
        );
    }

    #[test]
    fn a_broken_edit_says_what_is_wrong() {
        let error = |files: &[StoredFile]| expand(files).unwrap_err().to_string();
        let unknown = flip().replace("a/accepted/plain.cpp", "a/accepted/other.cpp");
        assert_eq!(
            error(&[PLAIN, edit("mutants/flip.patch", unknown)]),
            "mutants/flip.patch: edits accepted/other.cpp, which is not a program of this problem"
        );
        let stale = flip().replace("-    const bool BUG = false;", "-    const bool BUG = 0;");
        assert_eq!(
            error(&[PLAIN, edit("mutants/flip.patch", stale)]),
            "mutants/flip.patch: does not apply to accepted/plain.cpp: error applying hunk #1"
        );
        let renamed = error(&[PLAIN, edit("mutants/other.patch", flip())]);
        assert_eq!(
            renamed,
            "mutants/other.patch: its `+++` line names mutants/flip.cpp, but the edit makes mutants/other.cpp"
        );
        let nothing = edit("mutants/flip.patch", "just words\n".into());
        assert_eq!(
            error(&[PLAIN, nothing]),
            "mutants/flip.patch: no `--- a/PATH` line naming the program it edits"
        );
        let a = edit(
            "mutants/a.patch",
            lines(&["--- a/mutants/b.cpp", "+++ b/mutants/a.cpp"]),
        );
        let b = edit(
            "mutants/b.patch",
            lines(&["--- a/mutants/a.cpp", "+++ b/mutants/b.cpp"]),
        );
        assert_eq!(
            error(&[a, b]),
            "mutants/a.patch: its chain of bases goes round in a circle: \
             mutants/a.patch -> mutants/b.patch -> mutants/a.patch"
        );
    }
}
