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

/// GNU G++ at one C++ standard, as Codeforces' compilers page gives
/// GNU G++17's command (its C++17 row is the profile's).
macro_rules! gxx {
    ($standard:literal) => {
        Toolchain {
            language: "cpp",
            compile: &[
                "g++",
                "-static",
                "-DONLINE_JUDGE",
                "-O2",
                concat!("-std=c++", $standard),
                "-o",
                "{binary}",
                "{files}",
            ],
            run: &["{binary}"],
        }
    };
}

pub(super) static PROFILE: Profile = Profile {
    judge: Judge::Codeforces,
    id: "codeforces",
    name: "Codeforces",
    stack: StackLimit::Bytes(256 * MIB),
    jvm_reserve_mib: 0,
    toolchains: &[
        gxx!("17"),
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

static GXX11: Toolchain = gxx!("11");
static GXX14: Toolchain = gxx!("14");
static GXX20: Toolchain = gxx!("20");
static GXX23: Toolchain = gxx!("23");
static PYPY3: Toolchain = common::PYPY3;

/// How Codeforces builds and runs a solution of Polygon's language `kind`
/// (problem.xml's `<source type="...">`: `python.pypy3`, `cpp.g++20`,
/// `cpp.gcc13-64-winlibs-g++20`) where it differs from [`PROFILE`]'s row for
/// the file's language: PyPy is a language of its own there, and each G++
/// names its standard. `None`: the profile's row is right (`python.3`,
/// `cpp.g++17`, `java11`, ...), or the kind is unknown.
pub fn polygon_toolchain(kind: &str) -> Option<&'static Toolchain> {
    if crate::polygon::is_pypy(kind) {
        return Some(&PYPY3);
    }
    match crate::polygon::cpp_standard(kind)? {
        "11" => Some(&GXX11),
        "14" => Some(&GXX14),
        "20" => Some(&GXX20),
        "23" => Some(&GXX23),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polygon_types_choose_pypy_and_the_cpp_standard() {
        assert_eq!(polygon_toolchain("python.pypy3"), Some(&PYPY3));
        assert_eq!(polygon_toolchain("python.pypy3-64"), Some(&PYPY3));
        assert_eq!(
            polygon_toolchain("python.3"),
            None,
            "CPython: the profile's row"
        );
        assert!(polygon_toolchain("cpp.g++20")
            .unwrap()
            .compile
            .contains(&"-std=c++20"));
        assert!(polygon_toolchain("cpp.gcc13-64-winlibs-g++20")
            .unwrap()
            .compile
            .contains(&"-std=c++20"));
        assert!(polygon_toolchain("cpp.g++11")
            .unwrap()
            .compile
            .contains(&"-std=c++11"));
        assert_eq!(polygon_toolchain("cpp.g++17"), None, "the profile's C++17");
        assert_eq!(polygon_toolchain("java11"), None);
    }
}
