//! sinol-make, the Polish olympiad's package tool, as its
//! `helpers/compile.py` (1.9.16) builds a package's solutions: C++ with
//! `--std=c++23 -O3 -lm`, C with `--std=gnu99 -O3 -lm`, and Python run by the
//! CPython it finds (`python3.13` first, "the default interpreter on sio"), not
//! PyPy: a Python solution judged under PyPy's larger resident size fails a
//! sinol package's tight memory limits that sinol-make passes. sinol-make's
//! warning flags (`--compile-mode default`: `-Werror -Wall ...`) are its lint
//! of the package's sources, not the judge's build, so the words here are
//! those of `--compile-mode weak`. The stack is as large as the memory limit,
//! as oiejq and sio2jail give it.

use super::{common, Judge, Profile, Toolchain};
use jurybox_sandbox::StackLimit;

pub(super) static PROFILE: Profile = Profile {
    judge: Judge::Sinol,
    id: "sinol",
    name: "sinol-make",
    stack: StackLimit::MemoryLimit,
    jvm_reserve_mib: 0,
    toolchains: &[
        Toolchain {
            language: "cpp",
            compile: &[
                "g++",
                "{files}",
                "-o",
                "{binary}",
                "--std=c++23",
                "-O3",
                "-lm",
            ],
            run: &["{binary}"],
        },
        Toolchain {
            language: "c",
            compile: &[
                "gcc",
                "{files}",
                "-o",
                "{binary}",
                "--std=gnu99",
                "-O3",
                "-lm",
            ],
            run: &["{binary}"],
        },
        common::CPYTHON3,
    ],
};
