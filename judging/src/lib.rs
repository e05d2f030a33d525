//! How jurybox judges one run of any program, the layer below both the stress
//! runner (`jurybox-stress`) and the jury of a package (`jurybox-jury`), so the
//! two judge alike and neither depends on the other.
//!
//! A run's verdict is one vocabulary ([`verdict::RunVerdict`]) from the sandbox's
//! outcome and the checker's judgement, and the judges' word on it (AC, WA, TLE,
//! RTE) is core's [`jurybox_core::Verdict`], or no word at all when the jury
//! failed or Ctrl-C came (core's [`jurybox_core::NoVerdict`]). The jury's own
//! programs speak testlib's or Kattis's protocol ([`tool`]), whose exit codes
//! mean what the one table in `jurybox_core::verdict` says; the format's default
//! output validator is [`default_validator`]; a dialogue with an interactor (and
//! a multi-pass problem) is [`interactive`]. (How a time that decides a limit is
//! measured is the jury's `limit` module.) Everything parallel runs on one work queue
//! ([`jobs`]) and tells how far it is through one facade ([`progress`]);
//! everything saved is written by one atomic writer ([`store`]); case `i` of a
//! run gets its seed by one rule ([`seed`]).
#![deny(missing_docs)]
// Libraries print nothing: progress goes to the binary's observer, failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod default_validator;
pub mod interactive;
pub mod jobs;
pub mod progress;
pub mod seed;
pub mod shard;
pub mod sinol_checker;
pub mod store;
pub mod tool;
pub mod verdict;
