//! DOMjudge with its default languages: the compile scripts of
//! `sql/files/defaultdata/` (`c`, `cpp`, `py3`, `java_javac_detect`, `kt`,
//! `rs`, `go`, `js`) and the language list of
//! `webapp/src/DataFixtures/DefaultData/LanguageFixture.php`, where Python 3
//! (`.py`) is compiled and run by `pypy3`. Contests may edit these; the
//! defaults are what a contest gets unless it says otherwise. The stack: its
//! sandbox, runguard, "Always set[s] the stack size to be unlimited"
//! (`judge/runguard.cc`), memory being limited by cgroups; Java and Kotlin get
//! `-Xss64m` and the memory limit less 128 MiB (64 MiB for the stack, 64 MiB
//! for the JVM) as heap.

use super::{Judge, Profile, Toolchain};
use jurybox_sandbox::StackLimit;

pub(super) static PROFILE: Profile = Profile {
    judge: Judge::Domjudge,
    id: "domjudge",
    name: "DOMjudge",
    stack: StackLimit::Unlimited,
    jvm_reserve_mib: 128,
    toolchains: &[
        Toolchain {
            language: "cpp",
            compile: &[
                "g++", "-x", "c++", "-Wall", "-O2", "-static", "-pipe", "-o", "{binary}", "{files}",
            ],
            run: &["{binary}"],
        },
        Toolchain {
            language: "c",
            compile: &[
                "gcc", "-x", "c", "-Wall", "-O2", "-static", "-pipe", "-o", "{binary}", "{files}",
                "-lm",
            ],
            run: &["{binary}"],
        },
        Toolchain {
            language: "python3",
            compile: &["pypy3", "-m", "py_compile", "{files}"],
            run: &["pypy3", "{mainfile}"],
        },
        Toolchain {
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
        },
        Toolchain {
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
        },
        Toolchain {
            language: "rust",
            compile: &["rustc", "-C", "opt-level=3", "-o", "{binary}", "{mainfile}"],
            run: &["{binary}"],
        },
        Toolchain {
            language: "go",
            compile: &["go", "build", "-o", "{binary}", "{files}"],
            run: &["{binary}"],
        },
        Toolchain {
            language: "javascript",
            compile: &["node", "--check", "{mainfile}"],
            run: &["node", "{mainfile}"],
        },
    ],
};
