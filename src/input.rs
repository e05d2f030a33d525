//! Reading an input from a file or stdin, and parsing it with a path in the error.

use crate::cli::InputArgs;
use anyhow::{Context, Result};
use jurybox_core::{Constraints, Problem};
use std::io::Read;
use std::path::Path;

/// The bytes of `file`, or of stdin, with a label for messages.
pub fn read(file: Option<&Path>) -> Result<(String, Vec<u8>)> {
    match file {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok((path.display().to_string(), bytes))
        }
        None => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read standard input")?;
            Ok(("<stdin>".to_string(), bytes))
        }
    }
}

/// The limits chosen on the command line.
pub fn limits(extended: bool) -> Constraints {
    if extended {
        Constraints::Extended
    } else {
        Constraints::Official
    }
}

/// Reads and validates the input named by `args`.
pub fn parse<P: Problem>(args: &InputArgs) -> Result<P::Input> {
    let (label, bytes) = read(args.file.as_deref())?;
    parse_bytes::<P>(&label, &bytes, limits(args.extended))
}

/// Validates `bytes`, naming `label` in the error, with a hint about `--extended`.
pub fn parse_bytes<P: Problem>(label: &str, bytes: &[u8], limits: Constraints) -> Result<P::Input> {
    P::parse_input(bytes, limits).map_err(|e| {
        let hint = if limits == Constraints::Official
            && P::parse_input(bytes, Constraints::Extended).is_ok()
        {
            " (the input is within the extended limits: pass --extended to accept it)"
        } else {
            ""
        };
        anyhow::anyhow!("{label}: {e}{hint}")
    })
}
