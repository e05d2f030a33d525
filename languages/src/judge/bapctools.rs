//! BAPCtools' `bt run` with its default languages
//! (`bapctools/resources/config/languages.yaml`): Python 3 is "Python 3
//! (w/PyPy3)", `pypy3` (BAPCtools itself falls back to CPython with a warning
//! when pypy3 is missing; jurybox skips the submission instead, since CPython's
//! times are not the ones the limit was set by). The stack: `bt` raises
//! `RLIMIT_STACK` to unlimited for every program it runs (`limit_setter` in
//! `bapctools/util.py`); Java and Kotlin get `-Xss64m` and the memory limit as
//! heap. `-fdiagnostics-color=always` is left out: it colours a compiler's
//! message, which jurybox shows as plain text.

use super::{common, Judge, Profile, Toolchain};
use jurybox_sandbox::StackLimit;

pub(super) static PROFILE: Profile = Profile {
    judge: Judge::Bapctools,
    id: "bapctools",
    name: "BAPCtools",
    stack: StackLimit::Unlimited,
    jvm_reserve_mib: 0,
    toolchains: &[
        Toolchain {
            language: "cpp",
            compile: &[
                "g++",
                "-g",
                "-O2",
                "-std=gnu++23",
                "-o",
                "{binary}",
                "{files}",
                "-Wall",
                "-Wfatal-errors",
            ],
            run: &["{binary}"],
        },
        Toolchain {
            language: "c",
            compile: &[
                "gcc",
                "-g",
                "-O2",
                "-std=gnu11",
                "-o",
                "{binary}",
                "{files}",
                "-lm",
                "-Wall",
                "-Wfatal-errors",
            ],
            run: &["{binary}"],
        },
        common::PYPY3,
        Toolchain {
            language: "java",
            compile: &[
                "javac",
                "-encoding",
                "UTF-8",
                "-cp",
                "{dir}",
                "-sourcepath",
                "{dir}",
                "-d",
                "{dir}",
                "{files}",
            ],
            run: common::JAVA.run,
        },
        Toolchain {
            language: "kotlin",
            compile: &["kotlinc", "-d", "{dir}", "--", "{files}"],
            run: common::KOTLIN.run,
        },
        Toolchain {
            language: "rust",
            compile: &[
                "rustc",
                "-o",
                "{binary}",
                "-O",
                "--crate-type",
                "bin",
                "--edition=2018",
                "{files}",
            ],
            run: &["{binary}"],
        },
        Toolchain {
            language: "go",
            compile: &["gccgo", "-g", "-o", "{binary}", "-static-libgcc", "{files}"],
            run: &["{binary}"],
        },
    ],
};
