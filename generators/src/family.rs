//! Families and their options: what `jurybox families` lists and `jurybox gen` runs.

use crate::Rng;
use jurybox_core::Problem;
use std::fmt;

/// A size knob of a family (`n=20000`), with the ranges that keep inputs valid.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// Name used on the command line (`n`, `side`, `width`).
    pub name: &'static str,
    /// What it controls.
    pub about: &'static str,
    /// Smallest accepted value.
    pub min: u64,
    /// Largest accepted value (extended limits).
    pub max: u64,
    /// Value used when the option is not given: the jury's size.
    pub default: u64,
    /// Largest value the stress runner draws, so the slowest engine stays fast.
    pub stress: u64,
}

/// Values for every parameter of one family, in the family's parameter order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    names: Vec<&'static str>,
    values: Vec<u64>,
}

impl Options {
    /// The defaults of `params`.
    pub fn defaults(params: &[Param]) -> Options {
        Options {
            names: params.iter().map(|p| p.name).collect(),
            values: params.iter().map(|p| p.default).collect(),
        }
    }

    /// Every parameter of `params` set to `value(param)`: a family at its stress
    /// sizes (`|p| p.stress`), its range corners (`|p| p.max`), and so on.
    pub fn from_params(params: &[Param], value: impl FnMut(&Param) -> u64) -> Options {
        Options {
            names: params.iter().map(|p| p.name).collect(),
            values: params.iter().map(value).collect(),
        }
    }

    /// The value of parameter `name`. Panics when the family has no such
    /// parameter: that is a bug in the family, not bad user input.
    pub fn get(&self, name: &str) -> u64 {
        let i = self
            .names
            .iter()
            .position(|n| *n == name)
            .unwrap_or_else(|| panic!("family has no parameter '{name}'"));
        self.values[i]
    }

    /// [`Options::get`] as `u32` (parameters are range-checked when set).
    pub fn get_u32(&self, name: &str) -> u32 {
        u32::try_from(self.get(name)).expect("parameter exceeds u32")
    }

    /// [`Options::get`] as `usize`.
    pub fn get_usize(&self, name: &str) -> usize {
        usize::try_from(self.get(name)).expect("parameter exceeds usize")
    }

    /// Sets `name` to `value` without range checks (the stress runner draws
    /// values inside the declared ranges). Panics when the family has no such
    /// parameter: a misspelt key in code is a bug that must not pass unseen (user
    /// input goes through [`parse_options`], which reports it as an error).
    pub fn set(&mut self, name: &str, value: u64) {
        let i = self
            .names
            .iter()
            .position(|n| *n == name)
            .unwrap_or_else(|| panic!("family has no parameter '{name}'"));
        self.values[i] = value;
    }
}

impl fmt::Display for Options {
    /// `k=v` pairs separated by spaces: exactly what `jurybox gen` takes back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in self.names.iter().zip(&self.values).enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{name}={value}")?;
        }
        Ok(())
    }
}

/// A `KEY=VALUE` option that does not fit its family.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// Not of the form `KEY=VALUE` with a whole-number value.
    #[error("option '{0}' is not KEY=VALUE with a whole number VALUE")]
    Malformed(String),
    /// The family has no such parameter.
    #[error("family '{family}' has no parameter '{key}' (it has: {known})")]
    Unknown {
        /// The family.
        family: &'static str,
        /// The unknown key.
        key: String,
        /// The keys it does have.
        known: String,
    },
    /// The same key was given twice (`n=5 n=6`): which one was meant is unclear.
    #[error("option '{0}' is given more than once")]
    Repeated(String),
    /// The value is outside the parameter's range.
    #[error("{key}={value} is outside {min}..={max}")]
    OutOfRange {
        /// The parameter.
        key: &'static str,
        /// The rejected value.
        value: u64,
        /// Its minimum.
        min: u64,
        /// Its maximum.
        max: u64,
    },
}

/// Starts from `params`' defaults and applies `KEY=VALUE` overrides.
pub fn parse_options(
    family: &'static str,
    params: &'static [Param],
    args: &[String],
) -> Result<Options, OptionError> {
    let mut options = Options::defaults(params);
    let mut seen: Vec<&str> = Vec::new();
    for arg in args {
        let (key, value) = arg
            .split_once('=')
            .and_then(|(k, v)| Some((k, v.parse::<u64>().ok()?)))
            .ok_or_else(|| OptionError::Malformed(arg.clone()))?;
        let param = params
            .iter()
            .find(|p| p.name == key)
            .ok_or_else(|| OptionError::Unknown {
                family,
                key: key.to_string(),
                known: params.iter().map(|p| p.name).collect::<Vec<_>>().join(", "),
            })?;
        if !(param.min..=param.max).contains(&value) {
            return Err(OptionError::OutOfRange {
                key: param.name,
                value,
                min: param.min,
                max: param.max,
            });
        }
        if seen.contains(&param.name) {
            return Err(OptionError::Repeated(param.name.to_string()));
        }
        seen.push(param.name);
        options.set(key, value);
    }
    Ok(options)
}

/// One family of inputs: a rule for making a test, a seed away from a concrete one.
pub struct Family<P: Problem> {
    /// Name used on the command line (`--family NAME`).
    pub name: &'static str,
    /// What the family makes and what it is meant to catch.
    pub about: &'static str,
    /// Its size knobs.
    pub params: &'static [Param],
    /// Makes one input; must respect the official limits whenever the options do.
    pub generate: fn(&Options, &mut Rng) -> P::Input,
}

impl<P: Problem> Family<P> {
    /// The input of `options` and `seed`: the one entry point, so that every caller
    /// seeds the same way.
    pub fn make(&self, options: &Options, seed: u64) -> P::Input {
        (self.generate)(options, &mut Rng::new(seed))
    }
}

/// A problem with input families.
pub trait Generate: Problem {
    /// Every family, the jury's first.
    fn families() -> &'static [Family<Self>]
    where
        Self: Sized;
}

/// The family called `name`.
pub fn family_named<P: Generate>(name: &str) -> Option<&'static Family<P>> {
    P::families().iter().find(|f| f.name == name)
}
