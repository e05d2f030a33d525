//! The package's own tests of its validators, checked on every `run` as
//! BAPCtools' `bt validate` checks them (the 2025-09 layout's four
//! directories under `data/`):
//!
//! - `invalid_input/X.in`: some input validator must refuse it;
//! - `invalid_answer/X.{in,ans}`: the input valid, the answer refused by
//!   some answer validator or by the output validator judging the answer
//!   strictly (`case_sensitive space_change_sensitive`, as `bt` runs it);
//! - `invalid_output/X.{in,ans,out}`: the input valid, the output refused by
//!   the output validator;
//! - `valid_output/X.{in,ans,out}`: the input valid, the output accepted.
//!
//! A validator that lets one through (or fails on it) is the jury's fault,
//! named with the file: a validator that cannot tell its own bad cases from
//! good ones judges nothing. Where BAPCtools demands exit 43 exactly for a
//! refusal, jurybox takes any refusal the 2025-09 specification allows
//! (any exit but 42 for an input validator); a crash never counts as one.
//! Interactive and multi-pass problems have no single output: only their
//! `invalid_input/` is checked, as `bt` does. The answers of
//! `invalid_output/` and `valid_output/` are not run through the answer
//! validators here (`bt` does; `run`'s tests' answers are not either).

use crate::run::{Case, Jury};
use crate::stop::Stop;
use crate::Stops;
use jurybox_core::Judgement;
use jurybox_format::{ValidatorArgs, ValidatorCase};
use jurybox_judging::tool::{run_validator, OutputCheck, Tool};
use jurybox_judging::verdict::NoVerdict;
use jurybox_sandbox::RunLimits;
use std::path::PathBuf;
use std::time::Duration;

/// A validator test the jury's validators got wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseFault {
    /// The file that shows it (`data/invalid_input/neg.in`).
    pub file: PathBuf,
    /// What went wrong, in one line.
    pub why: String,
}

/// What checking the validator tests found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Tests checked, per directory (`invalid_input`, ...), those with none
    /// left out.
    pub counts: Vec<(&'static str, usize)>,
    /// The tests the validators got wrong.
    pub faults: Vec<CaseFault>,
    /// What could not be checked and why, each said once.
    pub notes: Vec<String>,
}

impl Checked {
    /// `validator tests: 3 invalid_input, 1 invalid_output held`, or `None`
    /// when the package has none.
    pub fn line(&self) -> Option<String> {
        if self.counts.is_empty() {
            return None;
        }
        let counts: Vec<String> = self
            .counts
            .iter()
            .map(|(dir, n)| format!("{n} {dir}"))
            .collect();
        let held = match self.faults.len() {
            0 => "every one held".to_string(),
            n => format!("{n} did not hold"),
        };
        Some(format!("validator tests: {}; {held}", counts.join(", ")))
    }

    /// The faults as one stop (the first's file is the test), or `None`.
    pub fn as_stop(&self) -> Option<Stop> {
        let first = self.faults.first()?;
        let all: Vec<String> = self
            .faults
            .iter()
            .map(|f| format!("{}: {}", f.file.display(), f.why))
            .collect();
        Some(Stop::fault(
            format!(
                "the package's validator tests do not hold (as `bt validate` checks them):\n  {}",
                all.join("\n  ")
            ),
            None,
            &first.file.display().to_string(),
            &std::fs::read(&first.file).unwrap_or_default(),
        ))
    }
}

/// How long a validator may run on one of its tests.
fn limits() -> RunLimits {
    RunLimits::with_cpu(Duration::from_secs(
        jurybox_sandbox::JURY_PROGRAM_CPU_SECONDS,
    ))
}

/// What a set of validators said of one file.
enum Said {
    /// Every one accepted.
    Accepted,
    /// One refused.
    Refused,
    /// One failed (a crash, a time limit): the jury's fault.
    Failed(String),
}

impl Jury<'_> {
    /// Checks every validator test of the package (`data/invalid_input/`,
    /// `invalid_answer/`, `invalid_output/`, `valid_output/`); `Err` only for
    /// Ctrl-C.
    pub fn check_validator_cases(&self) -> Result<Checked, Stop> {
        let data = &self.package.data;
        let mut checked = Checked::default();
        let one_output =
            !self.package.config.kind.interactive && self.package.config.kind.passes.is_none();
        let dirs: [(&'static str, &[ValidatorCase]); 4] = [
            ("invalid_input", &data.invalid_input),
            ("invalid_answer", &data.invalid_answer),
            ("invalid_output", &data.invalid_output),
            ("valid_output", &data.valid_output),
        ];
        for (dir, cases) in dirs {
            if cases.is_empty() {
                continue;
            }
            if dir != "invalid_input" && !one_output {
                checked.notes.push(format!(
                    "data/{dir}: an interactive or multi-pass problem has no single output: not checked"
                ));
                continue;
            }
            if dir == "invalid_input" && self.input_validators(&Default::default()).is_empty() {
                checked.notes.push(format!(
                    "data/{dir}: no input validator ran, so its {} tests are not checked",
                    cases.len()
                ));
                continue;
            }
            checked.counts.push((dir, cases.len()));
            for case in cases {
                if let Some(why) = self.check_one(dir, case)? {
                    checked.faults.push(why);
                }
            }
        }
        Ok(checked)
    }

    /// The fault of one validator test, if any.
    fn check_one(&self, dir: &str, case: &ValidatorCase) -> Result<Option<CaseFault>, Stop> {
        let fault = |file: &PathBuf, why: String| {
            Ok(Some(CaseFault {
                file: file.clone(),
                why,
            }))
        };
        let Ok(input) = std::fs::read(&case.input) else {
            return fault(&case.input, "cannot be read".into());
        };
        let inputs = self.say_of_input(&input, &case.settings.input_validator_args)?;
        if dir == "invalid_input" {
            return match inputs {
                Said::Refused => Ok(None),
                Said::Accepted => fault(
                    &case.input,
                    "every input validator accepts it; one must refuse it".into(),
                ),
                Said::Failed(why) => fault(
                    &case.input,
                    format!("an input validator failed on it instead of refusing it: {why}"),
                ),
            };
        }
        match inputs {
            Said::Accepted => {}
            Said::Refused => {
                return fault(
                    &case.input,
                    format!("data/{dir} needs a valid input, and an input validator refuses it"),
                )
            }
            Said::Failed(why) => {
                return fault(
                    &case.input,
                    format!("an input validator failed on it: {why}"),
                )
            }
        }
        let Some(answer_file) = &case.answer else {
            return fault(&case.input, format!("data/{dir} needs an .ans beside it"));
        };
        let Ok(answer) = std::fs::read(answer_file) else {
            return fault(answer_file, "cannot be read".into());
        };
        let test = Case {
            name: case.name.clone(),
            input,
            answer,
            settings: case.settings.clone(),
        };
        if dir == "invalid_answer" {
            return match self.say_of_answer(&test, case)? {
                Said::Refused => Ok(None),
                Said::Accepted => fault(
                    answer_file,
                    "every answer validator and the output validator (strict) accept it; one must refuse it".into(),
                ),
                Said::Failed(why) => fault(answer_file, format!("a validator failed on it: {why}")),
            };
        }
        let Some(output_file) = &case.output else {
            return fault(&case.input, format!("data/{dir} needs an .out beside it"));
        };
        let Ok(output) = std::fs::read(output_file) else {
            return fault(output_file, "cannot be read".into());
        };
        let judged = self.judge_strictly(&test, &output, false)?;
        match (dir, judged) {
            ("invalid_output", Said::Refused) | ("valid_output", Said::Accepted) => Ok(None),
            ("invalid_output", Said::Accepted) => fault(
                output_file,
                "the output validator accepts it; it must refuse it".into(),
            ),
            (_, Said::Refused) => fault(
                output_file,
                "the output validator refuses it; it must accept it".into(),
            ),
            (_, Said::Failed(why)) => fault(
                output_file,
                format!("the output validator failed on it: {why}"),
            ),
            (_, Said::Accepted) => Ok(None),
        }
    }

    /// What the input validators say of `input` with `args`.
    fn say_of_input(&self, input: &[u8], args: &ValidatorArgs) -> Result<Said, Stop> {
        let settings = jurybox_format::Settings {
            input_validator_args: args.clone(),
            ..Default::default()
        };
        for tool in self.input_validators(&settings) {
            match run_validator(&tool, input, &limits(), self.cancel) {
                Ok(None) => {}
                Ok(Some(_)) => return Ok(Said::Refused),
                Err(NoVerdict::Interrupted) => return Err(Stop::Interrupted),
                Err(NoVerdict::JuryFault(why)) => return Ok(Said::Failed(why)),
            }
        }
        Ok(Said::Accepted)
    }

    /// What the answer validators (`validator INPUT [answer_validator_args] <
    /// answer`, as `bt` runs them) and then the output validator judging the answer strictly
    /// say of the test's answer.
    fn say_of_answer(&self, test: &Case, case: &ValidatorCase) -> Result<Said, Stop> {
        for (name, ready) in &self.built.answer_validators {
            let Ok(program) = ready else { continue };
            let mut args = vec![case.input.display().to_string()];
            args.extend(test.settings.answer_validator_args.of(name).iter().cloned());
            let tool = Tool {
                args,
                ..Tool::new(program.command(), self.protocol())
            };
            match run_validator(&tool, &test.answer, &limits(), self.cancel) {
                Ok(None) => {}
                Ok(Some(_)) => return Ok(Said::Refused),
                Err(NoVerdict::Interrupted) => return Err(Stop::Interrupted),
                Err(NoVerdict::JuryFault(why)) => return Ok(Said::Failed(why)),
            }
        }
        self.judge_strictly(test, &test.answer, true)
    }

    /// The output validator's judgement of `output` on `test`; `strict` adds
    /// `case_sensitive space_change_sensitive`, as `bt` judges an answer.
    fn judge_strictly(&self, test: &Case, output: &[u8], strict: bool) -> Result<Said, Stop> {
        let checker = match self.checker(&test.settings) {
            Err(why) => return Ok(Said::Failed(why)),
            Ok(OutputCheck::Default(mut flags)) => {
                flags.case_sensitive |= strict;
                flags.space_change_sensitive |= strict;
                OutputCheck::Default(flags)
            }
            Ok(OutputCheck::Tool(mut tool)) => {
                if strict {
                    let mut args = vec!["case_sensitive".into(), "space_change_sensitive".into()];
                    args.append(&mut tool.args);
                    tool.args = args;
                }
                OutputCheck::Tool(tool)
            }
            // sinol's checker takes no flags: judged as it is.
            Ok(sinol @ OutputCheck::Sinol(_)) => sinol,
        };
        match checker.judge(&test.input, output, &test.answer, &limits(), self.cancel) {
            Ok(Judgement::Accepted) => Ok(Said::Accepted),
            Ok(Judgement::WrongAnswer(_) | Judgement::PresentationError(_)) => Ok(Said::Refused),
            Ok(other) => Ok(Said::Failed(format!("{other:?}"))),
            Err(NoVerdict::Interrupted) => Err(Stop::Interrupted),
            Err(NoVerdict::JuryFault(why)) => Ok(Said::Failed(why)),
        }
    }
}
