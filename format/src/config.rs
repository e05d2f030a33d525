//! `problem.yaml`: the format version, the problem's type and its limits, read
//! as the 2025-09 specification says and, for legacy packages, as BAPCtools reads
//! them (`time_multiplier` and `time_safety_margin` stand for the two time
//! multipliers; `validation` and `validator_flags` say how output is validated; a
//! `.timelimit` file or `domjudge-problem.ini` may give the limit).

use super::layout::PROBLEM_YAML;
pub use super::time_rule::TimeMultipliers;
use super::time_rule::TimeRule;
use super::yaml::{self, get, number, words};
use super::{Issue, PackageError};
use std::collections::BTreeMap;
use std::path::Path;
use yaml_serde::Value;

/// Which layout the package follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `problem_format_version: 2025-09` (or the 2023-07 draft it grew from).
    V2025,
    /// No version, or `legacy` / `legacy-icpc`.
    Legacy,
}

/// How a submission is run and judged: `problem.yaml`'s `type` (the legacy
/// format's `validation`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProblemType {
    /// The output validator talks with the submission while it runs.
    pub interactive: bool,
    /// The submission is run several times (`multi-pass`): the number of passes.
    pub passes: Option<u32>,
    /// The problem is scored rather than pass-fail (scores are not judged here:
    /// a scoring problem is judged as pass-fail, and the report says so).
    pub scoring: bool,
}

/// What `problem.yaml` (and the legacy limit files) say.
#[derive(Clone, Debug, PartialEq)]
pub struct ProblemConfig {
    /// The layout.
    pub format: Format,
    /// The problem's name (`name`, or its English entry), if given.
    pub name: Option<String>,
    /// Interactive, multi-pass, scoring.
    pub kind: ProblemType,
    /// The time limit the package states, in seconds, and where it says so.
    pub time_limit: Option<(f64, String)>,
    /// The limit is a multiple of this (default 1 s).
    pub time_resolution: f64,
    /// The safety margins (the format's defaults where it states none:
    /// [`TimeRule::default_multipliers`]).
    pub multipliers: TimeMultipliers,
    /// Which submissions bound the limit, by the format's own rule.
    pub time_rule: TimeRule,
    /// The memory limit in MiB, if stated.
    pub memory_mib: Option<u64>,
    /// The output limit in MiB, if stated.
    pub output_mib: Option<u64>,
    /// Legacy `validator_flags`: arguments for the output validator on every test.
    pub validator_flags: Vec<String>,
    /// Legacy `validation: custom`: the package's own output validator judges.
    pub custom_validation: bool,
    /// `constants`, as BAPCtools fills them into `{{NAME}}` / `{{NAME.VARIANT}}`:
    /// `NAME` → its `value`, `NAME.VARIANT` → that variant (a number given as
    /// `value` is written as YAML wrote it).
    pub constants: BTreeMap<String, String>,
    /// The wall-clock limit the format's judge sets beside the CPU time
    /// limit, where it sets one (sinol-make's hard limit); `None`: the judge
    /// limits CPU time alone, and jurybox's own wall clock stops a run.
    pub wall_limit: Option<WallLimit>,
}

/// A wall-clock limit a format states beside its CPU time limit: `factor` ×
/// a test's time limit, rounded up to a multiple of `round_to` seconds.
/// sinol-make's `run` stops a solution at `ceil(2 × TL)` whole seconds of
/// wall clock (`hard_time_limit`), which is how a solution that waits on
/// the wall clock (its `vso` example) gets TL there: read once, with the
/// package, and applied where a test's limits are worked out
/// (`jury::Limits::at`), never by a branch on the format.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallLimit {
    /// Times the test's time limit.
    pub factor: f64,
    /// Rounded up to a multiple of this many seconds.
    pub round_to: f64,
}

impl WallLimit {
    /// sinol-make's: `ceil(2 × TL)` seconds.
    pub const SINOL: WallLimit = WallLimit {
        factor: 2.0,
        round_to: 1.0,
    };

    /// The wall clock, in seconds, of a test whose time limit is
    /// `time_limit` seconds.
    pub fn seconds(&self, time_limit: f64) -> f64 {
        (self.factor * time_limit / self.round_to).ceil() * self.round_to
    }
}

fn positive(value: &Value, what: &str, file: &str, issues: &mut Vec<Issue>) -> Option<f64> {
    match number(value) {
        Some(x) if x > 0.0 && x.is_finite() => Some(x),
        _ => {
            issues.push(Issue::new(
                file,
                format!("{what} must be a positive number, not {value:?}: ignored"),
            ));
            None
        }
    }
}

/// Reads `dir/problem.yaml` (required) and the legacy limit files.
pub fn read(dir: &Path, issues: &mut Vec<Issue>) -> Result<ProblemConfig, PackageError> {
    let path = dir.join(PROBLEM_YAML);
    let file = PROBLEM_YAML;
    let doc = yaml::read(&path)?.ok_or_else(|| PackageError::Layout {
        dir: dir.display().to_string(),
        reason: "neither problem.yaml nor problem.xml: not a Kattis, BAPCtools or Polygon problem package".into(),
    })?;
    if !doc.is_mapping() {
        return Err(PackageError::Yaml {
            file: path.display().to_string(),
            reason: "the top level must be a mapping of keys to values".into(),
        });
    }
    let version = get(&doc, "problem_format_version").and_then(yaml::scalar);
    let format = match version.as_deref() {
        None | Some("legacy") | Some("legacy-icpc") => Format::Legacy,
        Some(v) if v.starts_with("2023-07") || v.starts_with("2025-09") => Format::V2025,
        Some(other) => {
            issues.push(Issue::new(
                file,
                format!("problem_format_version '{other}' is not one jurybox knows (2025-09, 2023-07, legacy): read as 2025-09"),
            ));
            Format::V2025
        }
    };
    let name = match get(&doc, "name") {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Mapping(m)) => m
            .get("en")
            .or_else(|| m.values().next())
            .and_then(yaml::scalar),
        _ => None,
    };
    let mut kind = ProblemType::default();
    let types: Vec<String> = get(&doc, "type").and_then(words).unwrap_or_default();
    for t in &types {
        match t.as_str() {
            "pass-fail" => {}
            "interactive" => kind.interactive = true,
            "multi-pass" => kind.passes = Some(2),
            "scoring" => kind.scoring = true,
            "submit-answer" => issues.push(Issue::new(
                file,
                "type submit-answer: jurybox runs submissions as programs".into(),
            )),
            other => issues.push(Issue::new(file, format!("unknown type '{other}': ignored"))),
        }
    }
    let validation: Vec<String> = get(&doc, "validation").and_then(words).unwrap_or_default();
    let custom_validation = validation.iter().any(|w| w == "custom");
    for w in &validation {
        match w.as_str() {
            "default" | "custom" => {}
            "interactive" => kind.interactive = true,
            "score" => kind.scoring = true,
            other => issues.push(Issue::new(
                file,
                format!("unknown validation '{other}': ignored"),
            )),
        }
    }
    let limits = get(&doc, "limits");
    let limit = |key: &str| limits.and_then(|l| get(l, key));
    let time_rule = match format {
        Format::Legacy => TimeRule::Legacy,
        Format::V2025 => TimeRule::V2025,
    };
    let mut multipliers = time_rule.default_multipliers();
    let times = limit("time_multipliers");
    let multiplier =
        |key: &str, legacy: &str| times.and_then(|t| get(t, key)).or_else(|| limit(legacy));
    if let Some(v) = multiplier("ac_to_time_limit", "time_multiplier") {
        if let Some(x) = positive(v, "ac_to_time_limit", file, issues) {
            multipliers.ac_to_time_limit = x.max(1.0);
        }
    }
    if let Some(v) = multiplier("time_limit_to_tle", "time_safety_margin") {
        if let Some(x) = positive(v, "time_limit_to_tle", file, issues) {
            multipliers.time_limit_to_tle = x.max(1.0);
        }
    }
    let time_resolution = limit("time_resolution")
        .and_then(|v| positive(v, "time_resolution", file, issues))
        .unwrap_or(1.0);
    if let Some(passes) = limit("validation_passes").and_then(|v| v.as_u64()) {
        kind.passes = Some(passes.max(2) as u32);
    }
    let mut time_limit = limit("time_limit")
        .and_then(|v| positive(v, "time_limit", file, issues))
        .map(|t| (t, PROBLEM_YAML.to_string()));
    if time_limit.is_none() {
        time_limit = legacy_time_limit(dir, issues);
    }
    if let Some((seconds, file)) = &time_limit {
        if let Some(why) = off_resolution(*seconds, time_resolution) {
            issues.push(Issue::new(file, why));
        }
    }
    let mib = |key: &str| {
        limit(key).and_then(|v| match v.as_u64() {
            Some(m) if m > 0 => Some(m),
            _ => None,
        })
    };
    Ok(ProblemConfig {
        format,
        name,
        kind,
        time_limit,
        time_resolution,
        multipliers,
        time_rule,
        memory_mib: mib("memory"),
        output_mib: mib("output"),
        validator_flags: get(&doc, "validator_flags")
            .and_then(words)
            .unwrap_or_default(),
        custom_validation,
        constants: constants(get(&doc, "constants"), file, issues),
        wall_limit: None,
    })
}

/// Why a stated limit of `seconds` is no multiple of `resolution`, if it is
/// not: the 2025-09 format calls it an error (BAPCtools too, for every
/// version). Said once, where it is read; the limit is kept as stated, never
/// rounded behind the setter's back.
pub fn off_resolution(seconds: f64, resolution: f64) -> Option<String> {
    let steps = seconds / resolution;
    ((steps - steps.round()).abs() >= 1e-4).then(|| {
        format!(
            "time_limit {seconds} is not a multiple of time_resolution {resolution} (2025-09: \
             it must be): kept as stated, but no judge that enforces the rule accepts it"
        )
    })
}

/// A constant's (or a variant's) name: `[a-zA-Z_][a-zA-Z0-9_]*`
/// (BAPCtools' `CONSTANT_NAME_REGEX`).
pub(crate) fn is_constant_name(name: &str) -> bool {
    let mut c = name.chars();
    c.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && c.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// problem.yaml's `constants` as BAPCtools reads them (`problem.py`): each
/// `NAME: VALUE` or `NAME: {value: VALUE, VARIANT: "text", ...}`; names are
/// `[a-zA-Z_][a-zA-Z0-9_]*`, variants must be strings, `value` may be a number.
fn constants(doc: Option<&Value>, file: &str, issues: &mut Vec<Issue>) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Some(map) = doc.and_then(Value::as_mapping) else {
        return out;
    };
    for (key, value) in map {
        let Some(name) = key.as_str().filter(|n| is_constant_name(n)) else {
            issues.push(Issue::new(
                file,
                format!("constants: invalid name {key:?}: skipped"),
            ));
            continue;
        };
        let variants: Vec<(Value, Value)> = match value {
            Value::Mapping(m) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            other => vec![(Value::from("value"), other.clone())],
        };
        if !variants.iter().any(|(k, _)| k.as_str() == Some("value")) {
            issues.push(Issue::new(
                file,
                format!("constants.{name}: no value: skipped"),
            ));
            continue;
        }
        for (sub, variant) in &variants {
            let is_value = sub.as_str() == Some("value");
            let text = match variant {
                Value::String(s) => Some(s.clone()),
                Value::Number(n) if is_value => Some(n.to_string()),
                _ => None,
            };
            match (sub.as_str().filter(|s| is_constant_name(s)), text) {
                (Some(sub), Some(text)) => {
                    if is_value {
                        out.insert(name.to_string(), text.clone());
                    }
                    out.insert(format!("{name}.{sub}"), text);
                }
                _ => issues.push(Issue::new(
                    file,
                    format!(
                        "constants.{name}.{}: must be a string: skipped",
                        yaml::scalar(sub).unwrap_or_default()
                    ),
                )),
            }
        }
    }
    out
}

/// A limit from BAPCtools' `.timelimit` or DOMjudge's `domjudge-problem.ini`,
/// the first winning as `bt upgrade` decides (it moves `.timelimit` into
/// problem.yaml first, then refuses the ini's limit as already given). A
/// `.timelimit` that is no positive number is an issue, and the ini is read.
fn legacy_time_limit(dir: &Path, issues: &mut Vec<Issue>) -> Option<(f64, String)> {
    if let Ok(text) = std::fs::read_to_string(dir.join(".timelimit")) {
        match text.trim().parse::<f64>() {
            Ok(t) if t > 0.0 && t.is_finite() => return Some((t, ".timelimit".to_string())),
            _ => issues.push(Issue::new(
                ".timelimit",
                format!(
                    "'{}' is not a positive number of seconds: ignored",
                    text.trim()
                ),
            )),
        }
    }
    let ini = std::fs::read_to_string(dir.join("domjudge-problem.ini")).ok()?;
    ini.lines().find_map(|line| {
        let (key, value) = line.split_once('=')?;
        if key.trim() != "timelimit" {
            return None;
        }
        let t: f64 = value.trim().trim_matches(['\'', '"']).parse().ok()?;
        (t > 0.0).then(|| (t, "domjudge-problem.ini".to_string()))
    })
}
