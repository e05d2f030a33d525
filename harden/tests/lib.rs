//! harden's integration tests, one binary (each test binary costs a link).

mod coverage;
mod dictionary;
mod equivalent;
mod harden;
mod mutant_search;
mod narrowing;
mod write;

// The missing-tool rule every crate's tests share.
#[path = "../../tests/shared/tools.rs"]
mod tools;
