//! The host: this machine's compilers and interpreters with plain flags (C++17
//! and `-O2`, as jurybox's own C++ judge programs are written and shipped),
//! CPython for Python, and jurybox's own stack limit. It builds jurybox's own
//! programs, every language a judge's profile does not list, and a package's
//! validators and generators when the package's judge needs an interpreter
//! this machine lacks (their time is not judged). `CC` and `CXX` name another
//! C or C++ compiler, under every profile.

use super::{common, Judge, Profile, Toolchain};
use jurybox_sandbox::StackLimit;

pub(super) static PROFILE: Profile = Profile {
    judge: Judge::Host,
    id: "host",
    name: "this machine's own",
    stack: StackLimit::Inherited,
    jvm_reserve_mib: 0,
    toolchains: &[
        Toolchain {
            language: "cpp",
            compile: &["g++", "-O2", "-std=c++17", "-o", "{binary}", "{files}"],
            run: &["{binary}"],
        },
        Toolchain {
            language: "c",
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
        common::CPYTHON3,
        Toolchain {
            language: "java",
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
        Toolchain {
            language: "kotlin",
            compile: &["kotlinc", "-d", "{dir}", "{files}"],
            run: &["kotlin", "-cp", "{dir}", "{Mainclass}Kt"],
        },
        Toolchain {
            language: "rust",
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
        common::GO_BUILD,
        common::NODE,
        common::FPC,
    ],
};
