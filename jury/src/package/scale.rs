//! A stated limit seen on this machine: when problem.yaml records the speed
//! it was stated at (`jurybox calibrate`), this machine is measured and the
//! limit scaled by the two speeds ([`crate::scale`]).

use crate::speed::{calibrate, scale, CalibrateError, Speed};
use crate::tell::Tell;
use jurybox_format::Package;
use std::sync::atomic::AtomicBool;

/// Measures this machine, telling so first (it takes seconds).
pub fn measure(cancel: &AtomicBool, tell: &dyn Tell) -> Result<Speed, CalibrateError> {
    tell.note("measuring this machine's speed (jurybox calibrate)");
    calibrate(cancel)
}

/// A package's stated limit as it corresponds to this machine: when
/// problem.yaml records the speed it was stated at, this machine is measured,
/// the comparison told, and, unless `keep_stated`, the limit scaled (beyond
/// the calibration's noise) in the package read.
pub fn scale_to_this_machine(
    package: &mut Package,
    keep_stated: bool,
    cancel: &AtomicBool,
    tell: &dyn Tell,
) -> Result<(), CalibrateError> {
    let text = std::fs::read_to_string(package.dir.join("problem.yaml")).unwrap_or_default();
    let Some(recorded) = jurybox_format::recorded_speed(&text) else {
        return Ok(());
    };
    let Some((stated, file)) = package.config.time_limit.clone() else {
        tell.note(&format!(
            "note: problem.yaml records speed {recorded:.2}, but states no limit: the limit is derived here"
        ));
        return Ok(());
    };
    if keep_stated {
        tell.out(&format!("stated limit {stated:.2} s kept as it is (--stated-limit; it was stated at speed {recorded:.2})"));
        return Ok(());
    }
    let here = measure(cancel, tell)?;
    let scaled = scale(stated, recorded, here.speed);
    tell.out(&format!("{} ({})", scaled.explain(), here.figures()));
    if scaled.differs() {
        tell.out(&format!(
            "judging with {:.2} s (--stated-limit keeps {stated:.2} s)",
            scaled.seconds
        ));
        package.config.time_limit = Some((
            scaled.seconds,
            format!(
                "{file}'s {stated:.2} s at speed {recorded:.2}, scaled to this machine's {:.2}",
                here.speed
            ),
        ));
    }
    Ok(())
}
