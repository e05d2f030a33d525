//! DOMjudge with its default languages: the compile scripts of
//! `sql/files/defaultdata/` (`c`, `cpp`, `py3`, `java_javac_detect`, `kt`,
//! `rs`, `go`, `js`, `pas`) and the language list of
//! `webapp/src/DataFixtures/DefaultData/LanguageFixture.php`, where Python 3
//! (`.py`) is compiled and run by `pypy3`. Contests may edit these; the
//! defaults are what a contest gets unless it says otherwise. The stack: its
//! sandbox, runguard, "Always set[s] the stack size to be unlimited"
//! (`judge/runguard.cc`), memory being limited by cgroups; Java and Kotlin get
//! `-Xss64m` and the memory limit less 128 MiB (64 MiB for the stack, 64 MiB
//! for the JVM) as heap.

use super::{common, Judge, Profile, Toolchain};
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
        common::PYPY3,
        common::JAVA,
        common::KOTLIN,
        Toolchain {
            language: "rust",
            compile: &["rustc", "-C", "opt-level=3", "-o", "{binary}", "{mainfile}"],
            run: &["{binary}"],
        },
        common::GO_BUILD,
        common::NODE,
        common::FPC,
    ],
};
