//! Rows that several judges document word for word, written once. A judge
//! that departs from one writes its own row in its file; each judge's file
//! says which of these it uses and where it documents them.

use super::Toolchain;

/// Python 3 under PyPy, syntax-checked by `py_compile` so that a source that
/// does not parse is a build failure (Kattis, DOMjudge, BAPCtools).
pub(super) const PYPY3: Toolchain = Toolchain {
    language: "python3",
    compile: &["pypy3", "-m", "py_compile", "{files}"],
    run: &["pypy3", "{mainfile}"],
};

/// Python 3 under CPython, checked the same way (Codeforces' "Python 3", the
/// host).
pub(super) const CPYTHON3: Toolchain = Toolchain {
    language: "python3",
    compile: &["python3", "-m", "py_compile", "{files}"],
    run: &["python3", "{mainfile}"],
};

/// The JVM as ICPC-style judges run it: the serial collector, a 64 MiB thread
/// stack and the heap fixed at `{memlim}` (Kattis, DOMjudge; BAPCtools runs
/// the same command).
pub(super) const JAVA: Toolchain = Toolchain {
    language: "java",
    compile: &[
        "javac",
        "-encoding",
        "UTF-8",
        "-sourcepath",
        "{dir}",
        "-d",
        "{dir}",
        "{files}",
    ],
    run: &[
        "java",
        "-Dfile.encoding=UTF-8",
        "-XX:+UseSerialGC",
        "-Xss64m",
        "-Xms{memlim}m",
        "-Xmx{memlim}m",
        "-cp",
        "{dir}",
        "{mainclass}",
    ],
};

/// Kotlin on the same JVM settings (Kattis, DOMjudge; BAPCtools runs the same
/// command).
pub(super) const KOTLIN: Toolchain = Toolchain {
    language: "kotlin",
    compile: &["kotlinc", "-d", "{dir}", "{files}"],
    run: &[
        "kotlin",
        "-Dfile.encoding=UTF-8",
        "-J-XX:+UseSerialGC",
        "-J-Xss64m",
        "-J-Xms{memlim}m",
        "-J-Xmx{memlim}m",
        "-cp",
        "{dir}",
        "{Mainclass}Kt",
    ],
};

/// Node.js, syntax-checked first (Kattis, DOMjudge, the host).
pub(super) const NODE: Toolchain = Toolchain {
    language: "javascript",
    compile: &["node", "--check", "{mainfile}"],
    run: &["node", "{mainfile}"],
};

/// Free Pascal as DOMjudge's `pas` compile script calls it (`-Sg` for goto,
/// `-XS` static; DOMjudge, the host). `-o` is glued to its file, as fpc
/// reads it.
pub(super) const FPC: Toolchain = Toolchain {
    language: "pascal",
    compile: &[
        "fpc",
        "-o{binary}",
        "-viwn",
        "-O2",
        "-Sg",
        "-XS",
        "-dONLINE_JUDGE",
        "{mainfile}",
    ],
    run: &["{binary}"],
};

/// Go's own compiler (DOMjudge, the host).
pub(super) const GO_BUILD: Toolchain = Toolchain {
    language: "go",
    compile: &["go", "build", "-o", "{binary}", "{files}"],
    run: &["{binary}"],
};
