//! The languages jurybox builds and runs, with the commands a judge uses: one row
//! a language, the one place these flags live. The C and C++ rows follow the
//! Kattis and DOMjudge default entries (`-O2`, a fixed standard), the interpreted
//! ones run the system's interpreter; `CC` and `CXX` name another compiler, as
//! `make` users expect. Placeholders: `{binary}` (the built program), `{files}`
//! (every source, one word each), `{dir}` (the build directory), `{mainfile}`,
//! `{mainclass}` (the main file's stem).

/// One language: how to recognise its sources, build them and run the result.
#[derive(Debug, PartialEq, Eq)]
pub struct Language {
    /// Short identifier (`cpp`, `python3`), as BAPCtools' languages.yaml names them.
    pub id: &'static str,
    /// The name a user reads (`C++`).
    pub name: &'static str,
    /// File extensions of its sources, without the dot.
    pub extensions: &'static [&'static str],
    /// An environment variable that replaces the first word of `compile`.
    pub compiler_env: Option<&'static str>,
    /// The build command's words (empty: nothing to build).
    pub compile: &'static [&'static str],
    /// The run command's words.
    pub run: &'static [&'static str],
}

/// Every language, in the order a directory of mixed sources is tried (a
/// directory holding `.c` and `.cpp` files is C++, as judges decide).
pub static LANGUAGES: &[Language] = &[
    Language {
        id: "cpp",
        name: "C++",
        extensions: &["cpp", "cc", "cxx", "c++", "C"],
        compiler_env: Some("CXX"),
        compile: &["g++", "-O2", "-std=c++17", "-o", "{binary}", "{files}"],
        run: &["{binary}"],
    },
    Language {
        id: "c",
        name: "C",
        extensions: &["c"],
        compiler_env: Some("CC"),
        compile: &[
            "gcc",
            "-O2",
            "-std=gnu11",
            "-o",
            "{binary}",
            "{files}",
            "-lm",
        ],
        run: &["{binary}"],
    },
    Language {
        id: "python3",
        name: "Python 3",
        extensions: &["py", "py3"],
        compiler_env: None,
        // A syntax check, as BAPCtools does with py_compile: a mutant that does
        // not parse is a build failure, not a run-time error on every test.
        compile: &["python3", "-m", "py_compile", "{files}"],
        run: &["python3", "{mainfile}"],
    },
    Language {
        id: "java",
        name: "Java",
        extensions: &["java"],
        compiler_env: None,
        compile: &["javac", "-encoding", "UTF-8", "-d", "{dir}", "{files}"],
        run: &[
            "java",
            "-Dfile.encoding=UTF-8",
            "-XX:+UseSerialGC",
            "-Xss64m",
            "-cp",
            "{dir}",
            "{mainclass}",
        ],
    },
    Language {
        id: "kotlin",
        name: "Kotlin",
        extensions: &["kt"],
        compiler_env: None,
        compile: &["kotlinc", "-d", "{dir}", "{files}"],
        run: &["kotlin", "-cp", "{dir}", "{mainclass}Kt"],
    },
    Language {
        id: "rust",
        name: "Rust",
        extensions: &["rs"],
        compiler_env: None,
        compile: &[
            "rustc",
            "-O",
            "--edition=2021",
            "--crate-type",
            "bin",
            "-o",
            "{binary}",
            "{mainfile}",
        ],
        run: &["{binary}"],
    },
    Language {
        id: "go",
        name: "Go",
        extensions: &["go"],
        compiler_env: None,
        compile: &["go", "build", "-o", "{binary}", "{files}"],
        run: &["{binary}"],
    },
    Language {
        id: "javascript",
        name: "JavaScript",
        extensions: &["js"],
        compiler_env: None,
        compile: &["node", "--check", "{mainfile}"],
        run: &["node", "{mainfile}"],
    },
];

impl Language {
    /// The language of a file, by its extension.
    pub fn of_file(name: &str) -> Option<&'static Language> {
        let ext = name.rsplit_once('.')?.1;
        LANGUAGES.iter().find(|l| l.extensions.contains(&ext))
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
