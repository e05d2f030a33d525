//! The package's input validators one by one, as an oracle: what each says
//! of an input, remembered by the input's hash (a shrink asks the same
//! text again and again).

use jurybox_format::Settings;
use jurybox_judging::store::content_hash;
use jurybox_judging::tool::{run_validator, Tool};
use jurybox_judging::verdict::NoVerdict;
use jurybox_jury::{Jury, Stop};
use jurybox_sandbox::RunLimits;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

/// What one validator says of an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Says {
    /// It accepts.
    Accepts,
    /// It refuses.
    Refuses,
    /// It did not finish (a crash, a time limit): the jury's fault.
    Fails(String),
}

/// The validators of a package under one test's settings.
pub struct Validators<'a> {
    /// Each validator's name and how it runs.
    pub tools: Vec<(String, Tool)>,
    jury: Jury<'a>,
    limits: RunLimits,
    said: Mutex<HashMap<(usize, u64), Vec<Says>>>,
}

impl<'a> Validators<'a> {
    /// The validators of `jury` that built, with `settings`' arguments.
    pub fn new(jury: Jury<'a>, settings: &Settings) -> Validators<'a> {
        Validators {
            tools: jury
                .named_input_validators(settings)
                .into_iter()
                .map(|(n, t)| (n.to_string(), t))
                .collect(),
            jury,
            limits: RunLimits::with_cpu(Duration::from_secs(
                jurybox_sandbox::AUDIT_RUN_CPU_SECONDS,
            )),
            said: Mutex::default(),
        }
    }

    /// Whether there is none to ask.
    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// The names of the validators.
    pub fn names(&self) -> Vec<&str> {
        self.tools.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// What each validator says of `input`, in the tools' order; `Err` only
    /// for Ctrl-C.
    pub fn says(&self, input: &[u8]) -> Result<Vec<Says>, Stop> {
        let key = (input.len(), content_hash(input));
        if let Some(said) = self.said.lock().expect("no panics holding it").get(&key) {
            return Ok(said.clone());
        }
        let mut said = Vec::new();
        for (_, tool) in &self.tools {
            said.push(
                match run_validator(tool, input, &self.limits, self.jury.cancel) {
                    Ok(None) => Says::Accepts,
                    Ok(Some(_)) => Says::Refuses,
                    Err(NoVerdict::Interrupted) => return Err(Stop::Interrupted),
                    Err(NoVerdict::JuryFault(why)) => Says::Fails(why),
                },
            );
        }
        self.said
            .lock()
            .expect("no panics holding it")
            .insert(key, said.clone());
        Ok(said)
    }

    /// Whether every validator accepts `input` (none: vacuously).
    pub fn all_accept(&self, input: &[u8]) -> Result<bool, Stop> {
        Ok(self.says(input)?.iter().all(|s| *s == Says::Accepts))
    }
}

impl Validators<'_> {
    /// What each validator says of `input`, run again (not from memory): a
    /// finding is written into a package only if it holds twice.
    pub fn says_again(&self, input: &[u8]) -> Result<Vec<Says>, Stop> {
        let key = (input.len(), content_hash(input));
        self.said.lock().expect("no panics holding it").remove(&key);
        self.says(input)
    }
}
