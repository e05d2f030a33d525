//! The input's grammar, read from a package, and inputs made from it at every
//! scale (issue 32, items 1 and 2).
//!
//! A setter who hunts for the test that kills a wrong solution starts from the
//! input's format: every input up to a few values, each value at its bounds,
//! the largest input in every shape, random ones at every size. This crate
//! gives jurybox that format as data, a [`Grammar`], from three sources in
//! order of trust:
//!
//! - a **checktestdata script** is a grammar: [`ctd::parse`] reads it;
//! - a **C++ validator on testlib.h or BAPCtools' validation.h** is built
//!   against a recording header of jurybox's own ([`record`]): run on the
//!   package's tests, it writes what it read (each call's site, kind, value,
//!   bounds and name), and [`record::infer`] turns the recordings into a
//!   grammar (repetitions found as repeated runs of call sites, each tied to
//!   the earlier value that counts it, bounds tied to the values they equal);
//! - otherwise the **tests' layout** ([`layout::infer`]): lines, tokens, which
//!   number counts the lines or tokens after it, ranges seen as hints.
//!
//! [`generate::candidates`] then makes a lazy, seeded stream of inputs, each
//! tagged with its [`generate::Origin`]. Nothing here runs a judge program:
//! recording builds and runs only the validator the caller hands over
//! (through the caller's compiler and runner), and deciding whether a
//! candidate is valid stays with the package's validators, run by the caller.
//! Libraries print nothing; failures are values.
//!
//! For the caller, in order of trust:
//!
//! 1. a `.ctd` validator: [`ctd::parse`] (a `ParseError` at line and column
//!    when it is not checktestdata; constructs it cannot make are
//!    [`ItemKind::Opaque`] items naming the command and line);
//! 2. a C++ validator: [`record::BuildDir::new`] (`NoHeader` when it includes
//!    neither testlib.h nor validation.h), compile `BuildDir::source`, run it
//!    on every sample and test with [`record::RECORD_ENV`] naming a file,
//!    [`record::trace::parse`] each file, [`record::infer`] them all (`NoReads`
//!    for a custom reader, `Mismatch` when the reads share no structure,
//!    `AllRejected`): on an error, fall back to
//! 3. [`layout::infer`] on the samples and tests, then
//!    [`grow::grow_counts`] with the validators as the oracle: each count
//!    doubled while they accept, so the maximal inputs reach their bound.
//!
//! Then [`generate::candidates`]`(&grammar, &options, seed)` (an
//! `Unproducible` error names the rule that stops every input) and check each
//! candidate with the package's validators before using it.
#![deny(missing_docs)]
// Libraries print nothing: progress is counters the caller polls, failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod ctd;
pub mod expr;
pub mod generate;
pub mod grow;
pub mod layout;
pub mod model;
pub mod pattern;
pub mod read;
pub mod record;
mod runs;

pub use expr::Variable;
pub use model::{Grammar, GrammarOrigin, Item, ItemKind, Site, TextShape, Trust};
