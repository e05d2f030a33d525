//! A suite plan: the data file `suites/PROBLEM.toml` that names every test of a
//! problem's judge suite by family, seed and options, so the suite can be rebuilt
//! byte for byte. Parsed with `toml` and serde; every name is checked against the
//! problem's families and options before anything is built.

use jurybox_format::TimeMultipliers;
use jurybox_generators::{family_named, parse_options, Generate, Options};
use serde::Deserialize;

/// A plan as written in `suites/PROBLEM.toml`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SuitePlan {
    /// The problem's name (`tetris3d`): a plan is for one problem.
    pub problem: String,
    /// How the time limit is derived from the intended solutions' times.
    pub time_limit: TimeLimitRule,
    /// The spec's samples, by name: `corpus/PROBLEM/samples/NAME.{in,ans}`.
    #[serde(default, rename = "sample")]
    pub samples: Vec<SamplePlan>,
    /// The hidden tests, in order.
    #[serde(default, rename = "test")]
    pub tests: Vec<TestPlan>,
    /// Inputs the validator must reject, one per rule (`data/invalid_input/`).
    #[serde(default, rename = "invalid")]
    pub invalid: Vec<InvalidPlan>,
    /// The subtasks of the scored package (`jurybox package PROBLEM --scoring`),
    /// in order; empty: the problem has no scored package.
    #[serde(default, rename = "group")]
    pub groups: Vec<GroupPlan>,
}

pub use crate::groups::GroupPlan;

/// An input that breaks exactly one rule of the official format or limits: either
/// literal text or a generated input whose options exceed an official limit (and
/// which the extended limits accept, so that limit is the only rule it breaks).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct InvalidPlan {
    /// Its name in `data/invalid_input/`.
    pub name: String,
    /// Words the validator's message must contain: the rule it breaks.
    pub rule: String,
    /// The literal input, when not generated.
    #[serde(default)]
    pub input: Option<String>,
    /// The family, when generated.
    #[serde(default)]
    pub family: Option<String>,
    /// The seed, when generated.
    #[serde(default)]
    pub seed: u64,
    /// Options, when generated.
    #[serde(default)]
    pub options: Vec<String>,
}

/// How the time limit follows from the intended solutions, in the judges' own
/// terms (the Kattis problem package format's `time_multipliers`): limit =
/// max(floor, `ac_to_time_limit` × the slowest intended solution's CPU time on its
/// slowest test), rounded up to a multiple of `time_resolution` as BAPCtools rounds; a slow mutant is killed only
/// by a test on which it needs more than `time_limit_to_tle` × the limit. The limit
/// is never set to kill a mutant: it comes from the correct solutions alone.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TimeLimitRule {
    /// How many times the slowest intended solution's time a test may take (Kattis's
    /// default 2): room for a correct contestant slower than the plain solutions.
    #[serde(default = "TimeLimitRule::default_ac_to_time_limit")]
    pub ac_to_time_limit: f64,
    /// How far past the limit a slow solution must go to count as killed (Kattis's
    /// default 1.5): a kill that holds on a judge somewhat faster than this machine.
    #[serde(default = "TimeLimitRule::default_time_limit_to_tle")]
    pub time_limit_to_tle: f64,
    /// The smallest limit, in seconds: below a second, process start-up, timer
    /// granularity and a judge slower than this machine weigh more than the
    /// algorithm.
    pub floor_seconds: f64,
    /// The rounding step of the limit, the package's `time_resolution` (0.1 s
    /// unless the plan says otherwise; the format's own default is 1 s). A step
    /// finer than the machine's noise on the yardstick makes the limit move
    /// between two runs: tetris3d's moves by ±15 % on a busy machine.
    #[serde(default = "TimeLimitRule::default_time_resolution")]
    pub time_resolution: f64,
    /// The limit recorded for the problem, a decision kept (issue 45 item 3):
    /// the staged package states it, the jury checks it against each
    /// derivation, and `package PROBLEM` gives the same package every time.
    /// `None`: derived anew each time.
    #[serde(default)]
    pub recorded: Option<RecordedLimit>,
}

/// A limit recorded in the plan, with the machine it was set on.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RecordedLimit {
    /// The limit, seconds: a multiple of the plan's `time_resolution`.
    pub seconds: f64,
    /// `jurybox calibrate`'s speed of the machine it was derived on.
    pub speed: f64,
}

/// The multipliers' defaults are the format's (`jurybox_format::TimeMultipliers`),
/// written down once there; the limit itself is derived by the jury
/// (`jurybox_jury::derive_keeping`), as for every package.
impl TimeLimitRule {
    fn default_ac_to_time_limit() -> f64 {
        TimeMultipliers::default().ac_to_time_limit
    }

    fn default_time_limit_to_tle() -> f64 {
        TimeMultipliers::default().time_limit_to_tle
    }

    fn default_time_resolution() -> f64 {
        0.1
    }
}

/// One sample of the spec, taken from the corpus.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SamplePlan {
    /// The sample's file name in `corpus/PROBLEM/samples/`, without extension.
    pub name: String,
}

/// One generated test.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TestPlan {
    /// The test's name in the package (`tet2a`).
    pub name: String,
    /// The family that makes it (see `jurybox families PROBLEM`).
    pub family: String,
    /// The seed.
    pub seed: u64,
    /// `KEY=VALUE` options, as `jurybox gen` takes them (defaults: the jury's sizes).
    #[serde(default)]
    pub options: Vec<String>,
    /// What the test is for (the jury's row, or the mutant it is aimed at).
    #[serde(default)]
    pub about: String,
}

impl TestPlan {
    /// The arguments of `jurybox gen` that make this test's input.
    pub fn gen_args(&self, problem: &str) -> Vec<String> {
        let mut args = vec![
            "gen".to_string(),
            problem.to_string(),
            "--family".to_string(),
            self.family.clone(),
            "--seed".to_string(),
            self.seed.to_string(),
        ];
        args.extend(self.options.iter().cloned());
        args
    }
}

/// A plan that cannot be read or does not fit its problem.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// Not TOML, or not the plan's shape.
    #[error("plan is not valid: {0}")]
    Syntax(#[from] toml::de::Error),
    /// Any other broken rule, with the test it concerns.
    #[error("plan: {0}")]
    Rule(String),
}

impl SuitePlan {
    /// Parses a plan's text (syntax and shape only; see [`SuitePlan::resolve`]).
    pub fn parse(text: &str) -> Result<SuitePlan, PlanError> {
        Ok(toml::from_str(text)?)
    }

    /// Checks the plan against problem `P`: its name, unique file-safe test names,
    /// known families, valid options, a sane time-limit rule. Returns each test's
    /// options, in order.
    pub fn resolve<P: Generate>(&self) -> Result<Vec<Options>, PlanError> {
        let rule = |msg: String| PlanError::Rule(msg);
        if self.problem != P::NAME {
            return Err(rule(format!(
                "is for '{}', not '{}'",
                self.problem,
                P::NAME
            )));
        }
        let limit = self.time_limit;
        let sane = limit.ac_to_time_limit >= 1.0
            && limit.time_limit_to_tle >= 1.0
            && limit.floor_seconds > 0.0
            && limit.floor_seconds <= 60.0
            && limit.time_resolution > 0.0
            && limit.time_resolution <= limit.floor_seconds;
        if !sane {
            return Err(rule(format!(
                "time limit rule {limit:?}: need ac_to_time_limit >= 1, \
                 time_limit_to_tle >= 1, 0 < floor <= 60 and 0 < time_resolution <= floor"
            )));
        }
        if let Some(why) = limit.recorded.and_then(|r| recorded_fault(r, &limit)) {
            return Err(rule(why));
        }
        let names: Vec<&str> = self
            .samples
            .iter()
            .map(|s| s.name.as_str())
            .chain(self.tests.iter().map(|t| t.name.as_str()))
            .chain(self.invalid.iter().map(|t| t.name.as_str()))
            .collect();
        for (i, name) in names.iter().enumerate() {
            let safe = !name.is_empty()
                && name
                    .bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_');
            if !safe {
                return Err(rule(format!("test name '{name}' is not [A-Za-z0-9_-]+")));
            }
            if names[..i].contains(name) {
                return Err(rule(format!("test name '{name}' appears twice")));
            }
        }
        for invalid in &self.invalid {
            if invalid.input.is_some() == invalid.family.is_some() {
                return Err(rule(format!(
                    "invalid input '{}': give either `input` or `family`",
                    invalid.name
                )));
            }
        }
        if self.tests.is_empty() {
            return Err(rule("has no [[test]]".into()));
        }
        crate::groups::check_groups(&self.groups).map_err(|e| rule(e.to_string()))?;
        self.tests
            .iter()
            .map(|t| {
                let family = family_named::<P>(&t.family).ok_or_else(|| {
                    rule(format!(
                        "test '{}': {} has no family '{}'",
                        t.name,
                        P::NAME,
                        t.family
                    ))
                })?;
                parse_options(family.name, family.params, &t.options)
                    .map_err(|e| rule(format!("test '{}': {e}", t.name)))
            })
            .collect()
    }
}

/// What is wrong with a plan's recorded limit, if anything: each fault
/// named, since a recorded limit is never rounded or raised to fit its rule
/// (issue 45: a stated limit that is not a multiple of the resolution is said,
/// never silently changed).
fn recorded_fault(recorded: RecordedLimit, rule: &TimeLimitRule) -> Option<String> {
    let why = if recorded.seconds < rule.floor_seconds {
        format!(
            "{} s is under the floor {} s",
            recorded.seconds, rule.floor_seconds
        )
    } else if jurybox_format::off_resolution(recorded.seconds, rule.time_resolution).is_some() {
        format!(
            "{} s is not a multiple of time_resolution {}",
            recorded.seconds, rule.time_resolution
        )
    } else if !(recorded.speed.is_finite() && recorded.speed > 0.0) {
        format!("speed {} is not a positive number", recorded.speed)
    } else {
        return None;
    };
    Some(format!("recorded limit {recorded:?}: {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::tetris3d::Tetris3d;

    const PLAN: &str = r#"
problem = "tetris3d"
time_limit = { floor_seconds = 1.0 }
[[sample]]
name = "sample1"
[[test]]
name = "tet1"
family = "small"
seed = 1
[[test]]
name = "t2"
family = "random"
seed = 2
options = ["n=50"]
"#;

    #[test]
    fn a_plan_resolves_against_its_problem() {
        let plan = SuitePlan::parse(PLAN).unwrap();
        let options = plan.resolve::<Tetris3d>().unwrap();
        assert_eq!(options[1].get("n"), 50);
        assert_eq!(
            plan.tests[1].gen_args("tetris3d").join(" "),
            "gen tetris3d --family random --seed 2 n=50"
        );
    }

    #[test]
    fn broken_plans_name_the_rule() {
        let bad = |from: &str, to: &str| {
            let text = PLAN.replace(from, to);
            match SuitePlan::parse(&text) {
                Err(e) => e.to_string(),
                Ok(plan) => plan.resolve::<Tetris3d>().unwrap_err().to_string(),
            }
        };
        assert!(bad("\"small\"", "\"tiny\"").contains("no family 'tiny'"));
        assert!(bad("n=50", "q=50").contains("no parameter 'q'"));
        assert!(bad("\"t2\"", "\"tet1\"").contains("twice"));
        assert!(bad("\"t2\"", "\"t 2\"").contains("not [A-Za-z0-9_-]+"));
        assert!(bad("seed = 2", "seed = 2\ncolour = 1").contains("unknown field"));
        assert!(bad("problem = \"tetris3d\"", "problem = \"puyo\"").contains("not 'tetris3d'"));
    }

    #[test]
    fn a_plan_with_broken_groups_names_the_rule() {
        let groups = "[[group]]\nname = \"small\"\npoints = 40\nmax = { N = 100 }\n\
                      [[group]]\nname = \"full\"\npoints = 60\n";
        let with = |text: &str| {
            let plan = SuitePlan::parse(&format!("{PLAN}{text}")).unwrap();
            plan.resolve::<Tetris3d>().map(|_| plan)
        };
        let plan = with(groups).unwrap();
        assert_eq!(plan.groups[0].max.get("N"), Some(&100));
        let bad = |from: &str, to: &str| with(&groups.replace(from, to)).unwrap_err().to_string();
        assert!(bad("points = 60", "points = 50").contains("sum to 90"));
        assert!(bad("points = 60", "points = 60\nmax = { N = 5 }").contains("last"));
        assert!(bad("\"full\"", "\"small\"").contains("appears twice"));
        assert!(bad("max = { N = 100 }\n", "").contains("not the last"));
    }

    #[test]
    fn a_plan_that_states_no_multipliers_has_the_formats() {
        let rule = SuitePlan::parse(PLAN).unwrap().time_limit;
        assert_eq!((rule.ac_to_time_limit, rule.time_limit_to_tle), (2.0, 1.5));
        assert_eq!(rule.time_resolution, 0.1);
    }

    #[test]
    fn a_recorded_limit_off_its_rule_is_refused_and_named() {
        // Issue 45's bad input: a recorded (stated) limit that is not a
        // multiple of the resolution is an error naming it, never rounded.
        let with = |recorded: &str| {
            let rule =
                format!("{{ floor_seconds = 1.0, time_resolution = 0.5, recorded = {recorded} }}");
            let text = PLAN.replace("{ floor_seconds = 1.0 }", &rule);
            let plan = SuitePlan::parse(&text).unwrap();
            plan.resolve::<Tetris3d>()
                .map(|_| plan)
                .map_err(|e| e.to_string())
        };
        let kept = with("{ seconds = 1.5, speed = 0.89 }").unwrap();
        let recorded = kept.time_limit.recorded.unwrap();
        assert_eq!((recorded.seconds, recorded.speed), (1.5, 0.89));
        let off = with("{ seconds = 1.25, speed = 0.89 }").unwrap_err();
        assert!(
            off.ends_with("1.25 s is not a multiple of time_resolution 0.5"),
            "{off}"
        );
        let low = with("{ seconds = 0.5, speed = 0.89 }").unwrap_err();
        assert!(low.ends_with("0.5 s is under the floor 1 s"), "{low}");
        let slow = with("{ seconds = 1.5, speed = 0.0 }").unwrap_err();
        assert!(slow.ends_with("speed 0 is not a positive number"), "{slow}");
    }
}
