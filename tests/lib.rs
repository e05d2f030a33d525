//! jurybox's integration tests, one binary (as regex does: each test binary costs
//! a link on a fresh machine). Each module is one concern; what they share is in
//! `support`.

mod support;

// The binary's own parser and the texts it needs, compiled into the tests so
// that tests/docs.rs parses every documented example as jurybox would.
#[allow(dead_code)]
#[path = "../src/cli.rs"]
mod cli_parser;
#[allow(dead_code)]
#[path = "../src/exit.rs"]
mod exit;
#[allow(dead_code)]
#[path = "../src/help_examples.rs"]
mod help_examples;

mod architecture;
mod audit_cli;
mod audit_keep;
mod ci_rules;
mod cli;
mod cli_suites;
mod contest_cli;
mod corpus;
mod cpp_group_bounds;
mod cpp_judge;
mod cpp_mutants;
mod docs;
mod engines_on_families;
mod generator_hashes;
mod harden_unseen;
mod interactive;
mod interrupts;
mod linked_tests;
mod packages_cli;
mod polygon_cli;
mod scoring_cli;
mod scoring_harden;
mod sinol_convert_cli;
// p2d, the second reader of the Polygon packages jurybox writes: the format
// crate's test helper, shared rather than copied.
#[path = "../format/tests/p2d.rs"]
mod p2d;
mod programs;
mod registry;
mod structure;
mod suites;
// The missing-tool rule every crate's tests share.
#[path = "shared/tools.rs"]
mod tools;
