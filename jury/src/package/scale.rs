//! A stated limit seen on this machine: when problem.yaml records the speed
//! it was stated at (`jurybox calibrate`), this machine is measured and what
//! the limit corresponds to here is said ([`crate::scale`]). The limit itself
//! is never changed (issue 45 item 3: a stated limit is a decision, kept and
//! only checked): a calibration under load once moved the "scaled" limit
//! from one run to the next, so judging with it changed a stated limit
//! silently. The derivation's check (`limit::StatedCheck`) is what weighs the
//! stated limit against this machine's runs.

use crate::speed::{calibrate, scale, CalibrateError, ScaledLimit, Speed};
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
fn kept(scaled: &ScaledLimit) -> String {
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

#[cfg(test)]
mod tests {
    use super::compare_recorded_speed;
    use crate::tell::Tell;
    use jurybox_format::Package;
    use std::sync::atomic::AtomicBool;
    use std::sync::Mutex;

    /// Every line told, in order, `out: ` or `note: ` before it.
    #[derive(Default)]
    struct Heard(Mutex<Vec<String>>);

    impl Tell for Heard {
        fn out(&self, line: &str) {
            self.0.lock().unwrap().push(format!("out: {line}"));
        }
        fn note(&self, line: &str) {
            self.0.lock().unwrap().push(format!("note: {line}"));
        }
    }

    #[test]
    fn a_speed_line_that_does_not_read_is_said_once_and_the_limit_stays_stated() {
        // Issue 45's bad input: a speed comment that cannot be read is an
        // error said once, at its line and column; no machine is measured
        // (no "measuring this machine's speed") and nothing is scaled: the
        // package keeps its stated 1.5 s, and reading it said nothing of it.
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("problem.yaml"),
            "name: x\nlimits:\n  # jurybox calibrate: speed fast (a note)\n  time_limit: 1.5\n",
        )
        .unwrap();
        let package = Package::read(dir.path()).unwrap();
        let heard = Heard::default();
        compare_recorded_speed(&package, false, &AtomicBool::new(false), &heard).unwrap();
        let heard = heard.0.into_inner().unwrap();
        assert_eq!(heard.len(), 1, "{heard:?}");
        assert!(
            heard[0].starts_with("note: error: problem.yaml:3:30: the jurybox calibrate line"),
            "{heard:?}"
        );
        assert!(heard[0].contains("not \"fast\""), "{heard:?}");
        assert_eq!(
            package.config.time_limit,
            Some((1.5, "problem.yaml".into()))
        );
        let issues: Vec<String> = package.issues.iter().map(|i| i.to_string()).collect();
        assert!(
            !issues.iter().any(|i| i.contains("calibrate")),
            "{issues:?}"
        );
    }
}
