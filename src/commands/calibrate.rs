//! `jurybox calibrate`: this machine's speed on the reference programs, each
//! program's fastest time beside the reference machine's, and the one number
//! `package` and `harden --write` record beside a limit.

use crate::interrupt;
use crate::output::Terminal;
use anyhow::Result;
use jurybox_jury::package::measure;
use jurybox_jury::{CALIBRATION_RUNS, REFERENCE_MACHINE};
use std::process::ExitCode;

pub fn run() -> Result<ExitCode> {
    let speed = measure(interrupt::flag(), &Terminal)?;
    let width = speed
        .programs
        .iter()
        .map(|m| m.reference.name.len())
        .max()
        .unwrap_or(0);
    outln!(
        "{:<width$}  {:<28} {:>8}  {:>9}",
        "program",
        "profile",
        "here",
        "reference"
    );
    for m in &speed.programs {
        outln!(
            "{:<width$}  {:<28} {:>6.3} s  {:>7.3} s",
            m.reference.name,
            m.reference.profile,
            m.seconds,
            m.reference.seconds
        );
    }
    outln!(
        "speed {:.2} (the geometric mean of reference ÷ here, each the fastest of {CALIBRATION_RUNS} runs {}; 1.00: {REFERENCE_MACHINE})",
        speed.speed,
        speed.how
    );
    Ok(ExitCode::SUCCESS)
}
