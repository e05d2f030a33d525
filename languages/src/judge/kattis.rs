//! Kattis, as it documents its languages (open.kattis.com/languages/c, /cpp,
//! /python3, /java, /kotlin, /rust, /go, /javascript: "Compiler settings" and
//! "Runtime settings") and as problemtools, its open-source half, configures
//! them (`problemtools/config/languages.yaml`). Python 3 is PyPy 3 ("Python 3
//! (w/PyPy3)"). The stack: "For C, C++, and Python, the heap and stack sizes
//! are limited only by the total amount of memory available in the sandbox"
//! (the system page of contests judged on Kattis, e.g. nwerc.eu/system), and
//! Java and Kotlin get `-Xss64m` and the whole memory limit as heap
//! (`-Xms{memlim}m -Xmx{memlim}m`). problemtools' `-source 21` for javac is left
//! out, so an older JDK still builds (Java 17 here), and `nodejs` is called
//! `node`, its name wherever Node.js is installed.

use super::{common, Judge, Profile, Toolchain};
use jurybox_sandbox::StackLimit;

pub(super) static PROFILE: Profile = Profile {
    judge: Judge::Kattis,
    id: "kattis",
    name: "Kattis",
    stack: StackLimit::MemoryLimit,
    jvm_reserve_mib: 0,
    toolchains: &[
        Toolchain {
            language: "cpp",
            compile: &[
                "g++",
                "-g",
                "-O2",
                "-std=gnu++23",
                "-static",
                "-o",
                "{binary}",
                "{files}",
            ],
            run: &["{binary}"],
        },
        Toolchain {
            language: "c",
            compile: &[
                "gcc",
                "-g",
                "-O2",
                "-std=gnu17",
                "-static",
                "-o",
                "{binary}",
                "{files}",
                "-lm",
            ],
            run: &["{binary}"],
        },
        common::PYPY3,
        common::JAVA,
        common::KOTLIN,
        Toolchain {
            language: "rust",
            compile: &[
                "rustc",
                "-C",
                "opt-level=3",
                "-C",
                "target-cpu=native",
                "--crate-type",
                "bin",
                "--edition",
                "2021",
                "-o",
                "{binary}",
                "{mainfile}",
            ],
            run: &["{binary}"],
        },
        Toolchain {
            language: "go",
            compile: &["gccgo", "-g", "-static-libgcc", "-o", "{binary}", "{files}"],
            run: &["{binary}"],
        },
        common::NODE,
    ],
};
