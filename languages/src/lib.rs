//! How a judge builds and runs a program of any language, in one place.
//!
//! A program comes as a package holds it ([`Source`]: a file, a directory of
//! sources compiled together, or `build`/`run` scripts); [`build`] writes it to a
//! cache directory named by the hash of its bytes and of the build command,
//! compiles it there once through the sandbox with the flags of [`LANGUAGES`]
//! (the table of compilers and flags, the only one jurybox has), and returns
//! [`Built`], the words that run it. A language whose compiler is not installed
//! is [`BuildError::MissingToolchain`], which callers report as a clear skip; a
//! compile error is kept with the build, so a mutant that does not compile costs
//! one compile.
//!
//! Everything that builds a program goes through here: a setter's package
//! (submissions, validators), jurybox's own C++ judge programs, and mutants.
#![deny(missing_docs)]
// Libraries print nothing: progress is counters the caller polls, failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod build;
mod lock;
mod source;
mod table;

pub use build::{build, build_or_stop, cache_dir, BuildError, Built};
pub use source::{Source, SourceFile};
pub use table::{Language, LANGUAGES};
