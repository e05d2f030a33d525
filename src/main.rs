//! `jurybox`: the command line over the core, generators and stress crates.
//!
//! This binary is the only place that prints, reads files given by the user or
//! exits; errors from the libraries arrive typed and are rendered here with
//! `anyhow`, naming the file, line and column.

mod cli;
mod commands;
mod embedded;
mod input;
mod stress_view;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match commands::run(cli.command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
