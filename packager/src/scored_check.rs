//! A scored built-in package's tests held to their groups' constraints by the
//! package's own input validator, told each group's constraints as the judges'
//! tools tell it (the test's `input_validator_flags`): a test placed in a group
//! whose constraints it breaks is an error at packaging time, naming the test,
//! the group and the validator's words, never a silent wrong group. The groups
//! are assigned from jurybox's sizes ([`crate::groups::assign`]); this is the
//! independent check that the shipped validator counts them the same way.

use super::suite_tests::SuiteError;
use jurybox_core::NoVerdict;
use jurybox_jury::{Case, Jury, Limits, Stop};

/// Runs the input validators on every test of `cases` with the test's own
/// arguments (its group's flags), under the jury's limits of `limits`;
/// `group_of` names a test's group. The first test a validator refuses is an
/// error, and so is a validator that fails (a flag it does not read).
pub fn tests_within_groups(
    jury: &Jury,
    cases: &[Case],
    group_of: impl Fn(usize) -> Option<String>,
    limits: &Limits,
) -> Result<(), SuiteError> {
    for (t, case) in cases.iter().enumerate() {
        let refused = jury
            .validate_input(&case.input, &case.settings, &limits.jury)
            .map_err(|stop| match stop {
                NoVerdict::Interrupted => SuiteError::Stopped(Stop::Interrupted),
                NoVerdict::JuryFault(why) => SuiteError::Directory(format!(
                    "the input validator failed on test {}: {why}",
                    case.name
                )),
            })?;
        if let Some(why) = refused {
            let group = group_of(t).unwrap_or_else(|| "no group".into());
            let flags = case.settings.input_validator_args.of("").join(" ");
            return Err(SuiteError::Invalid {
                test: case.name.clone(),
                reason: format!(
                    "it is in group {group}, whose constraints (input_validator_flags: {flags}) it breaks: {why}"
                ),
            });
        }
    }
    Ok(())
}
