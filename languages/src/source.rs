//! A program as a package holds it: one source file, a directory of sources
//! compiled together, or a directory with `build` and `run` scripts (the Kattis
//! format's three forms). Read into memory, so a build is a function of the bytes
//! (the cache key) and an edited file is never run stale.

use std::path::Path;

/// One file of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// Its name in the program's directory (`sol.cpp`, `strict_reader.h`).
    pub name: String,
    /// Its bytes.
    pub text: Vec<u8>,
    /// Whether it may be executed (a `build` or `run` script).
    pub executable: bool,
}

/// A program's sources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramSource {
    /// The program's name: a file's stem or a directory's name (`sol`).
    pub name: String,
    /// Where it was read from, for messages (`submissions/accepted/sol.cpp`).
    pub origin: String,
    /// Its files, sorted by name.
    pub files: Vec<SourceFile>,
    /// The file that starts it, when the package names one
    /// (submissions.yaml's `entrypoint`); else it is guessed.
    pub entrypoint: Option<String>,
}

impl ProgramSource {
    /// A program of one file held in memory (`name` is the file's name).
    pub fn single(origin: &str, name: &str, text: &[u8]) -> ProgramSource {
        ProgramSource {
            name: name
                .rsplit_once('.')
                .map_or(name, |(stem, _)| stem)
                .to_string(),
            origin: origin.to_string(),
            files: vec![SourceFile {
                name: name.to_string(),
                text: text.to_vec(),
                executable: false,
            }],
            entrypoint: None,
        }
    }

    /// Reads the program at `path`: a file, or a directory's files (hidden ones
    /// and subdirectories left out, as judges compile only the top level).
    pub fn read(path: &Path) -> std::io::Result<ProgramSource> {
        use std::os::unix::fs::PermissionsExt;
        let origin = path.display().to_string();
        let file_name = |p: &Path| {
            p.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        };
        if !path.is_dir() {
            let text = std::fs::read(path)?;
            return Ok(ProgramSource::single(&origin, &file_name(path), &text));
        }
        let mut files = Vec::new();
        for entry in std::fs::read_dir(path)? {
            let entry = entry?.path();
            let name = file_name(&entry);
            if name.starts_with('.') || !entry.is_file() {
                continue;
            }
            let executable = std::fs::metadata(&entry)?.permissions().mode() & 0o111 != 0;
            files.push(SourceFile {
                text: std::fs::read(&entry)?,
                name,
                executable,
            });
        }
        files.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(ProgramSource {
            name: file_name(path),
            origin,
            files,
            entrypoint: None,
        })
    }

    /// The file called `name`.
    pub fn file(&self, name: &str) -> Option<&SourceFile> {
        self.files.iter().find(|f| f.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_is_read_sorted_without_hidden_files() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("b.cpp"), "b").unwrap();
        std::fs::write(dir.path().join("a.h"), "a").unwrap();
        std::fs::write(dir.path().join(".swp"), "x").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let source = ProgramSource::read(dir.path()).unwrap();
        let names: Vec<&str> = source.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["a.h", "b.cpp"]);
        assert_eq!(ProgramSource::single("x", "sol.cpp", b"").name, "sol");
    }
}
