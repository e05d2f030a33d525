//! The flags the command line gave, as opposed to those clap filled in with
//! their defaults: a flag that does not apply to what was named (`run
//! PACKAGE --time-limit 5`, whose limit is the package's own) is a usage
//! error rather than silently ignored, and only the flags typed can tell.

use crate::UsageError;
use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory};
use std::collections::BTreeSet;

/// The long names (`time-limit`) of the subcommand's flags given on the
/// command line.
#[derive(Debug, Default, Clone)]
pub struct Given(BTreeSet<String>);

impl Given {
    /// The flags of `matches`' subcommand that the command line gave.
    pub fn of(matches: &ArgMatches) -> Given {
        let Some((name, sub)) = matches.subcommand() else {
            return Given::default();
        };
        let cli = crate::cli::Cli::command();
        let Some(command) = cli.find_subcommand(name) else {
            return Given::default();
        };
        Given(
            command
                .get_arguments()
                .filter(|arg| {
                    sub.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine)
                })
                .filter_map(|arg| arg.get_long().map(str::to_owned))
                .collect(),
        )
    }

    /// A usage error naming the first of `flags` given, when one is: it does
    /// not apply to `what` (`a package: its time limit is its own`).
    pub fn refuse(&self, flags: &[&str], what: &str) -> Result<(), UsageError> {
        match flags.iter().find(|flag| self.0.contains(**flag)) {
            Some(flag) => Err(UsageError(format!("--{flag} does not apply to {what}"))),
            None => Ok(()),
        }
    }
}

/// The flags that set a program's limits (`ProgramArgs`): a package's or a
/// contest's limits are its own.
pub const PROGRAM_LIMITS: &[&str] = &["time-limit", "wall-limit", "memory-limit", "output-limit"];
