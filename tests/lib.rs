//! jurybox's integration tests, one binary (as regex does: each test binary costs
//! a link on a fresh machine). Each module is one concern; what they share is in
//! `support`.

mod support;

mod cli;
mod cli_suites;
mod contest_cli;
mod corpus;
mod cpp_judge;
mod cpp_mutants;
mod docs;
mod engines_on_families;
mod generator_hashes;
mod interactive;
mod interrupts;
mod packages_cli;
mod polygon_cli;
mod scoring_cli;
// p2d, the second reader of the Polygon packages jurybox writes: the format
// crate's test helper, shared rather than copied.
#[path = "../format/tests/p2d.rs"]
mod p2d;
mod programs;
mod registry;
mod structure;
mod suites;
