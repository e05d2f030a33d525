//! Building a plan into tests: each input made by its family, validated under the
//! official limits, answered by the reference where one can run it (else by the
//! fast engine) and cross-checked by every trusted engine that can run it. Any
//! disagreement stops the build: a judge answer two engines dispute is no answer.

use super::plan::{PlanError, SuitePlan};
use super::{InvalidInput, SuiteTest, TestGroup};
use jurybox_core::problem::{answer_text, input_text};
use jurybox_core::{Constraints, Problem};
use jurybox_judging::jobs::on_threads;
use jurybox_judging::progress;
use jurybox_stress::check::{check, Mismatch};
use jurybox_stress::Harness;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// A sample of the spec as stored in the corpus.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Its name (`sample1`).
    pub name: String,
    /// The input's bytes.
    pub input: Vec<u8>,
    /// The spec's answer's bytes.
    pub answer: Vec<u8>,
}

/// Why a suite could not be built, run or written.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// The plan does not fit the problem.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// The plan names a sample the corpus does not have.
    #[error("sample '{0}' is not in corpus/PROBLEM/samples/")]
    MissingSample(String),
    /// A test breaks the official limits (a generator or plan bug).
    #[error("test '{test}' is not a valid judge test: {reason}")]
    Invalid {
        /// The test.
        test: String,
        /// The broken rule.
        reason: String,
    },
    /// Two engines disagree on a test.
    #[error("test '{test}': engines disagree: {mismatch}")]
    Disagree {
        /// The test.
        test: String,
        /// Who disagreed with whom.
        mismatch: Mismatch,
    },
    /// The spec's answer to a sample is not what the engines agree on.
    #[error("sample '{test}': the spec's answer is rejected: {reason}")]
    SampleAnswer {
        /// The sample.
        test: String,
        /// The judge's verdict.
        reason: String,
    },
    /// An intended solution (or the fast engine) fails a test when run as a
    /// process: it cannot be a yardstick, or the suite is wrong.
    #[error("'{program}' must be accepted on every test, but fails '{test}': {reason}")]
    Intended {
        /// The program.
        program: String,
        /// The test.
        test: String,
        /// What happened.
        reason: String,
    },
    /// A C++ program of the package cannot be made whole or does not compile.
    #[error(transparent)]
    Program(#[from] crate::cpp::ProgramError),
    /// A suite directory is missing something or holds something unexpected.
    #[error("suite directory: {0}")]
    Directory(String),
    /// Stopped by Ctrl-C, or the package's own programs failed (its
    /// validators, or the machine): the jury's one stop.
    #[error(transparent)]
    Stopped(#[from] jurybox_jury::Stop),
    /// Reading, writing or running failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Validates `text` under the official limits and cross-checks every trusted
/// engine on it; the agreed answer's text.
fn answer<P: Problem>(name: &str, text: &[u8]) -> Result<(P::Input, String), SuiteError> {
    let input = P::parse_input(text, Constraints::Official).map_err(|e| SuiteError::Invalid {
        test: name.to_string(),
        reason: e.to_string(),
    })?;
    if input_text::<P>(&input).as_bytes() != text {
        return Err(SuiteError::Invalid {
            test: name.to_string(),
            reason: "the input does not read back to the same bytes".into(),
        });
    }
    let agreement =
        check::<P>(&input, &[], &Default::default()).map_err(|mismatch| SuiteError::Disagree {
            test: name.to_string(),
            mismatch,
        })?;
    let answer = answer_text::<P>(&input, &agreement.answer);
    Ok((input, answer))
}

/// Makes every input of `plan` that the validator must reject, and proves it does,
/// for the rule the plan names; a generated one must pass the extended limits, so
/// the official limit is the only rule it breaks.
pub fn build_invalid<P: Harness>(plan: &SuitePlan) -> Result<Vec<InvalidInput>, SuiteError> {
    plan.resolve::<P>()?;
    let mut out = Vec::new();
    for invalid in &plan.invalid {
        let fail = |reason: String| SuiteError::Invalid {
            test: format!("invalid_input/{}", invalid.name),
            reason,
        };
        let bytes = match (&invalid.input, &invalid.family) {
            (Some(text), _) => text.clone().into_bytes(),
            (None, Some(name)) => {
                let family = jurybox_generators::family_named::<P>(name)
                    .ok_or_else(|| fail(format!("no family '{name}'")))?;
                let options =
                    jurybox_generators::parse_options(family.name, family.params, &invalid.options)
                        .map_err(|e| fail(e.to_string()))?;
                let text = input_text::<P>(&family.make(&options, invalid.seed));
                if let Err(e) = P::parse_input(text.as_bytes(), Constraints::Extended) {
                    return Err(fail(format!("breaks more than an official limit: {e}")));
                }
                text.into_bytes()
            }
            (None, None) => return Err(fail("neither input nor family".into())),
        };
        match P::parse_input(&bytes, Constraints::Official) {
            Ok(_) => return Err(fail("the validator accepts it".into())),
            Err(e) if !e.to_string().contains(&invalid.rule) => {
                return Err(fail(format!(
                    "rejected for another rule than '{}': {e}",
                    invalid.rule
                )))
            }
            Err(_) => {}
        }
        out.push(InvalidInput {
            name: invalid.name.clone(),
            rule: invalid.rule.clone(),
            input: bytes,
        });
    }
    Ok(out)
}

/// Builds every test of `plan` (samples first), on `jobs` threads. The result does
/// not depend on `jobs`. Ctrl-C (`cancel`) stops it between tests.
pub fn build_tests<P: Harness>(
    plan: &SuitePlan,
    samples: &[Sample],
    jobs: usize,
    cancel: &AtomicBool,
) -> Result<Vec<SuiteTest>, SuiteError> {
    let options = plan.resolve::<P>()?;
    let mut tests = Vec::new();
    for wanted in &plan.samples {
        let sample = samples
            .iter()
            .find(|s| s.name == wanted.name)
            .ok_or_else(|| SuiteError::MissingSample(wanted.name.clone()))?;
        let (input, answer) = answer::<P>(&sample.name, &sample.input)?;
        let reference =
            P::parse_answer(&input, answer.as_bytes()).expect("written answers read back");
        let verdict = jurybox_core::problem::judge_output::<P>(&input, &reference, &sample.answer);
        if !verdict.is_accepted() {
            return Err(SuiteError::SampleAnswer {
                test: sample.name.clone(),
                reason: verdict.to_string(),
            });
        }
        tests.push(SuiteTest {
            name: sample.name.clone(),
            group: TestGroup::Sample,
            input: sample.input.clone(),
            answer: answer.into_bytes(),
            gen_args: None,
            about: "a sample of the statement".into(),
        });
    }
    progress::phase("tests: generated and answered", plan.tests.len() as u64);
    let built: Vec<Result<SuiteTest, SuiteError>> = on_threads(jobs, || {
        plan.tests
            .par_iter()
            .zip(&options)
            .map(|(test, options)| {
                if cancel.load(Ordering::Relaxed) {
                    return Err(SuiteError::Stopped(jurybox_jury::Stop::Interrupted));
                }
                let family = jurybox_generators::family_named::<P>(&test.family).expect("resolved");
                let text = input_text::<P>(&family.make(options, test.seed));
                let answered = answer::<P>(&test.name, text.as_bytes());
                progress::advance(1);
                answered.map(|(_, answer)| SuiteTest {
                    name: test.name.clone(),
                    group: TestGroup::Secret,
                    input: text.into_bytes(),
                    answer: answer.into_bytes(),
                    gen_args: Some(test.gen_args(P::NAME)),
                    about: test.about.clone(),
                })
            })
            .collect()
    });
    for result in built {
        tests.push(result?);
    }
    Ok(tests)
}
