//! A stated limit seen on this machine: when problem.yaml records the speed
//! it was stated at (`jurybox calibrate`), this machine is measured and what
//! the limit corresponds to here is said ([`crate::scale`]). The limit itself
//! is never changed (issue 45 item 3: a stated limit is a decision, kept and
//! only checked): a calibration under load once moved the "scaled" limit
//! from one run to the next, so judging with it changed a stated limit
//! silently. The derivation's check (`limit::StatedCheck`) is what weighs the
//! stated limit against this machine's runs.

use crate::speed::{calibrate, scale, CalibrateError, Scaled, Speed};
use crate::tell::Tell;
use jurybox_format::Package;
use std::sync::atomic::AtomicBool;

/// Measures this machine, telling so first (it takes seconds).
pub fn measure(cancel: &AtomicBool, tell: &dyn Tell) -> Result<Speed, CalibrateError> {
    tell.note("measuring this machine's speed (jurybox calibrate)");
    calibrate(cancel)
}

/// Says what a package's stated limit corresponds to on this machine, when
/// problem.yaml records the speed it was stated at: this machine is measured
/// (unless `skip_measuring`) and the comparison told. The package is only
/// read: the limit judged with is the stated one, whatever the speeds.
pub fn compare_recorded_speed(
    package: &Package,
    skip_measuring: bool,
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<(), CalibrateError> {
    let text = std::fs::read_to_string(package.dir.join("problem.yaml")).unwrap_or_default();
    let recorded = match jurybox_format::recorded_speed(&text) {
        Ok(Some(recorded)) => recorded,
        Ok(None) => return Ok(()),
        Err(unreadable) => {
            tell.note(&format!("error: {unreadable}"));
            return Ok(());
        }
    };
    let Some((stated, _)) = package.config.time_limit.clone() else {
        tell.note(&format!(
            "note: problem.yaml records speed {recorded:.2}, but states no limit: the limit is derived here"
        ));
        return Ok(());
    };
    if skip_measuring {
        tell.out(&format!("stated limit {stated:.2} s kept (stated at speed {recorded:.2}; this machine not measured: --stated-limit)"));
        return Ok(());
    }
    let here = measure(cancel, tell)?;
    let scaled = scale(stated, recorded, here.speed);
    tell.out(&format!("{} ({})", scaled.explain(), here.figures()));
    tell.out(&kept(&scaled));
    Ok(())
}

/// The line that says the stated limit is kept, and why a different figure
/// here does not replace it.
fn kept(scaled: &Scaled) -> String {
    match scaled.differs() {
        true => format!(
            "judging with the stated {:.2} s, kept: a stated limit is the jury's decision, \
             checked against this machine's runs below, never replaced by a speed measured \
             at one moment",
            scaled.stated
        ),
        false => format!("judging with the stated {:.2} s", scaled.stated),
    }
}
