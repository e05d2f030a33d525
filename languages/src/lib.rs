//! How a judge builds and runs a program of any language, in one place.
//!
//! A program comes as a package holds it ([`ProgramSource`]: a file, a directory of
//! sources compiled together, or `build`/`run` scripts); its language is told by
//! the one table of languages ([`LANGUAGES`]), and how it is built and run by a
//! judge's [`Profile`] ([`Judge::Kattis`], DOMjudge, Codeforces, BAPCtools, or
//! the host's own settings): compiler, flags, interpreter (PyPy where the judge
//! runs Python 3 with it), the JVM's heap and the stack's limit, each taken from
//! where that judge documents it. [`build_for`] writes the program to a cache
//! directory named by the hash of its bytes and of the build command, compiles
//! it there once through the sandbox, and returns [`Built`], the words that run
//! it and the stack it gets. A language whose compiler or interpreter is not
//! installed is [`BuildError::MissingToolchain`], which callers report as a
//! clear skip; a compile error is kept with the build, so a mutant that does
//! not compile costs one compile.
//!
//! Everything that builds a program goes through here: a setter's package
//! (submissions, validators), jurybox's own C++ judge programs, and mutants.
#![deny(missing_docs)]
// Libraries print nothing: progress is told (counters the caller polls, or the
// judging::progress facade), never drawn; failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod cached_build;
pub mod judge;
mod lock;
pub mod polygon;
mod source;
mod table;

pub use cached_build::{
    build, build_for, build_or_stop, cache_dir, BuildError, BuildTarget, Built,
};
pub use judge::{polygon_toolchain, Judge, Profile, Toolchain};
pub use source::{ProgramSource, SourceFile};
pub use table::{Language, LANGUAGES};
