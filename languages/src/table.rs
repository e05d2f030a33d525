//! The languages jurybox builds and runs: one row a language, how its sources
//! are recognised, in the order a directory of mixed sources is tried. How each
//! judge compiles and runs them is the judge's profile ([`crate::judge`]); `CC`
//! and `CXX` name another compiler, as `make` users expect.

/// One language: how to recognise its sources.
#[derive(Debug, PartialEq, Eq)]
pub struct Language {
    /// Short identifier (`cpp`, `python3`), as BAPCtools' languages.yaml names them.
    pub id: &'static str,
    /// The name a user reads (`C++`).
    pub name: &'static str,
    /// File extensions of its sources, without the dot.
    pub extensions: &'static [&'static str],
    /// An environment variable that replaces the first word of its build command.
    pub compiler_env: Option<&'static str>,
    /// What starts a line comment (`//`, `#`), for a line a converter writes
    /// into a source (DOMjudge's `@EXPECTED_RESULTS@`).
    pub line_comment: &'static str,
}

/// Every language, in the order a directory of mixed sources is tried (a
/// directory holding `.c` and `.cpp` files is C++, as judges decide).
pub static LANGUAGES: &[Language] = &[
    Language {
        id: "cpp",
        name: "C++",
        extensions: &["cpp", "cc", "cxx", "c++", "C"],
        compiler_env: Some("CXX"),
        line_comment: "//",
    },
    Language {
        id: "c",
        name: "C",
        extensions: &["c"],
        compiler_env: Some("CC"),
        line_comment: "//",
    },
    Language {
        id: "python3",
        name: "Python 3",
        extensions: &["py", "py3"],
        compiler_env: None,
        line_comment: "#",
    },
    Language {
        id: "java",
        name: "Java",
        extensions: &["java"],
        compiler_env: None,
        line_comment: "//",
    },
    Language {
        id: "kotlin",
        name: "Kotlin",
        extensions: &["kt"],
        compiler_env: None,
        line_comment: "//",
    },
    Language {
        id: "rust",
        name: "Rust",
        extensions: &["rs"],
        compiler_env: None,
        line_comment: "//",
    },
    Language {
        id: "go",
        name: "Go",
        extensions: &["go"],
        compiler_env: None,
        line_comment: "//",
    },
    Language {
        id: "javascript",
        name: "JavaScript",
        extensions: &["js"],
        compiler_env: None,
        line_comment: "//",
    },
    Language {
        id: "pascal",
        name: "Pascal",
        extensions: &["pas"],
        compiler_env: None,
        line_comment: "//",
    },
];

impl Language {
    /// The language of a file, by its extension.
    pub fn of_file(name: &str) -> Option<&'static Language> {
        let ext = name.rsplit_once('.')?.1;
        LANGUAGES.iter().find(|l| l.extensions.contains(&ext))
    }

    /// The language of a program made of the files called `names`: the first
    /// language of the table with a source among them.
    pub fn of_program<'a>(
        names: impl Iterator<Item = &'a str> + Clone,
    ) -> Option<&'static Language> {
        LANGUAGES
            .iter()
            .find(|l| names.clone().any(|n| l.is_source(n)))
    }

    /// The language named `id`.
    pub fn named(id: &str) -> Option<&'static Language> {
        LANGUAGES.iter().find(|l| l.id == id)
    }

    /// Whether a file called `name` is a source of this language.
    pub fn is_source(&self, name: &str) -> bool {
        name.rsplit_once('.')
            .is_some_and(|(_, ext)| self.extensions.contains(&ext))
    }
}
