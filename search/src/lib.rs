//! Inputs found knowing nothing of a problem's format but lines, tokens and
//! what its validators accept: a setter's problem, or any package's. The one
//! view of such an input and its one guess at structure is [`text`] (lines of
//! tokens, and a count of the lines or tokens that follow); [`sizes`] reads the
//! size markers of a generator's command (`{n=1..30}`) and draws or shrinks
//! them; [`shrink`] makes a failing input smaller keeping it valid and failing;
//! [`variants`] makes new inputs from a package's own tests, each kept only if
//! the validators accept it, and searches them for one a program fails.
//!
//! Everything here takes oracles (`valid`, `fails`), never programs: the
//! caller judges, so every search is tested with oracles written in Rust.
#![deny(missing_docs)]
// Libraries print nothing: progress is told (counters the caller polls, or the
// judging::progress facade), never drawn; failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod shrink;
pub mod sizes;
mod text;
pub mod variants;
