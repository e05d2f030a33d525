//! Codeforces, where Polygon packages are judged, as its compilers page
//! (codeforces.com/blog/entry/79) gives the command lines: GNU G++17
//! `g++ -static -DONLINE_JUDGE -Wl,--stack=268435456 -O2 -std=c++17`, GNU C11
//! `gcc -static -fno-optimize-sibling-calls -fno-strict-aliasing -DONLINE_JUDGE
//! -fno-asm -lm -s -Wl,--stack=268435456 -O2`, Java with `-Xss64M` and the
//! memory limit as `-Xmx`. Its judges run Windows, where `--stack` is a linker
//! flag; here the same 256 MiB is the stack's limit, and the flag is left out
//! (ELF linkers have no such flag). "Python 3" there is CPython (PyPy 3 is a
//! language of its own, chosen per solution), so Python runs as `python3`.

use super::{common, Judge, Profile, Toolchain};
use jurybox_sandbox::{StackLimit, MIB};

pub(super) static PROFILE: Profile = Profile {
    judge: Judge::Codeforces,
    id: "codeforces",
    name: "Codeforces",
    stack: StackLimit::Bytes(256 * MIB),
    jvm_reserve_mib: 0,
    toolchains: &[
        Toolchain {
            language: "cpp",
            compile: &[
                "g++",
                "-static",
                "-DONLINE_JUDGE",
                "-O2",
                "-std=c++17",
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
                "-static",
                "-fno-optimize-sibling-calls",
                "-fno-strict-aliasing",
                "-DONLINE_JUDGE",
                "-fno-asm",
                "-s",
                "-O2",
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
                "-XX:NewRatio=5",
                "-Xms8m",
                "-Xmx{memlim}m",
                "-Xss64m",
                "-DONLINE_JUDGE=true",
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
                "-J-Xmx{memlim}m",
                "-J-Xss64m",
                "-J-DONLINE_JUDGE=true",
                "-cp",
                "{dir}",
                "{Mainclass}Kt",
            ],
        },
        Toolchain {
            language: "rust",
            compile: &[
                "rustc",
                "--edition=2021",
                "-O",
                "--cfg",
                "ONLINE_JUDGE",
                "-o",
                "{binary}",
                "{mainfile}",
            ],
            run: &["{binary}"],
        },
    ],
};
