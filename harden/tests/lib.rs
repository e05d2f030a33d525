//! harden's integration tests, one binary (each test binary costs a link).

mod coverage;
mod equivalent;
mod harden;
mod write;
