//! The mutation operators on small programs of each language, the lexers'
//! refusals (strings, comments, directives, template brackets), properties on
//! arbitrary text, and real compilers on every mutant of realistic solutions.

mod support;

mod api;
mod c_operators;
mod compilers;
mod cpp_operators;
mod opaque;
mod properties;
mod python_operators;
mod tetris3d;

// The missing-tool rule every crate's tests share.
#[path = "../../tests/shared/tools.rs"]
mod tools;
