//! `submissions/`: every example submission with what its directory, the
//! package's `submissions.yaml` and a DOMjudge `@EXPECTED_RESULTS@` line say its
//! verdicts must be (2025-09 "Example submissions"), and which side of the time
//! limit it bounds ("Timelimit inference").

use super::glob;
use super::layout::{Category, SUBMISSIONS, SUBMISSIONS_YAML};
use super::yaml::{self, get};
use super::{Issue, PackageError};
use crate::violation::Violation;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use yaml_serde::Value;

/// The judges' verdict, core's one vocabulary (AC, WA, TLE, RTE), as
/// submissions.yaml names them.
pub use jurybox_core::Verdict;

/// How a rule takes part in the time limit (`use_for_time_limit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimitUse {
    /// As its verdict sets imply.
    Implied,
    /// Never.
    No,
    /// A lower bound (as `permitted: [AC, WA, RTE]`).
    Lower,
    /// An upper bound (as `required: [TLE]`).
    Upper,
}

/// One requirement on a submission's verdicts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Where it comes from, for messages (`the wrong_answer/ directory`).
    pub origin: String,
    /// The tests it covers: a glob on test names (`secret/group1`), or all.
    pub tests: Option<String>,
    /// Every covered test's verdict must be one of these.
    pub permitted: BTreeSet<Verdict>,
    /// Some covered test's verdict must be one of these.
    pub required: BTreeSet<Verdict>,
    /// Its part in the time limit.
    pub use_for_time_limit: TimeLimitUse,
}

impl Rule {
    fn new(origin: String, permitted: &[Verdict], required: &[Verdict]) -> Rule {
        Rule {
            origin,
            tests: None,
            permitted: permitted.iter().copied().collect(),
            required: required.iter().copied().collect(),
            use_for_time_limit: TimeLimitUse::Implied,
        }
    }

    /// Whether the rule covers the test named `test`.
    pub fn covers(&self, test: &str) -> bool {
        self.tests.as_deref().is_none_or(|g| glob::matches(g, test))
    }

    /// A lower bound of the time limit: TLE is not permitted.
    pub fn bounds_below(&self) -> bool {
        match self.use_for_time_limit {
            TimeLimitUse::Implied => !self.permitted.contains(&Verdict::TLE),
            TimeLimitUse::Lower => true,
            TimeLimitUse::No | TimeLimitUse::Upper => false,
        }
    }

    /// An upper bound: it must time out (`required: [TLE]`).
    pub fn bounds_above(&self) -> bool {
        match self.use_for_time_limit {
            TimeLimitUse::Implied => self.required == BTreeSet::from([Verdict::TLE]),
            TimeLimitUse::Upper => true,
            TimeLimitUse::No | TimeLimitUse::Lower => false,
        }
    }

    /// A covered test's verdict this rule does not permit: broken for good,
    /// whatever the other tests give.
    pub fn forbidden(&self, verdicts: &[(String, Verdict)]) -> Option<Violation> {
        let (test, v) = verdicts
            .iter()
            .find(|(t, v)| self.covers(t) && !self.permitted.contains(v))?;
        Some(Violation::Forbidden {
            test: test.clone(),
            verdict: *v,
            origin: self.origin.clone(),
            permitted: self.permitted.clone(),
        })
    }

    /// What is wrong with `verdicts` (test name, verdict) under this rule.
    pub fn violation(&self, verdicts: &[(String, Verdict)]) -> Option<Violation> {
        if let Some(forbidden) = self.forbidden(verdicts) {
            return Some(forbidden);
        }
        let mut covered = verdicts.iter().filter(|(t, _)| self.covers(t)).peekable();
        if covered.peek().is_some() && !covered.any(|(_, v)| self.required.contains(v)) {
            return Some(Violation::Missing {
                origin: self.origin.clone(),
                required: self.required.clone(),
            });
        }
        None
    }
}

/// One example submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Its name: its path under `submissions/` (`wrong_answer/greedy.cpp`).
    pub name: String,
    /// The file or directory.
    pub path: PathBuf,
    /// Its directory under `submissions/` (`wrong_answer`).
    pub category: Category,
    /// The requirements on its verdicts.
    pub rules: Vec<Rule>,
    /// DOMjudge's `@EXPECTED_RESULTS@`: its final verdict (the first test not
    /// accepted, or AC) must be one of these.
    pub expected_results: Option<BTreeSet<Verdict>>,
    /// The file that starts it (submissions.yaml's `entrypoint`), for a
    /// submission of several files.
    pub entrypoint: Option<String>,
    /// The package's own name of its language where the package states one
    /// (Polygon's `<source type="python.pypy3">`): a judge may run it
    /// otherwise than the file's extension says (PyPy, a C++ standard).
    pub language: Option<String>,
}

impl Submission {
    /// Every broken requirement, given its verdict on each test in run order.
    pub fn violations(&self, verdicts: &[(String, Verdict)]) -> Vec<Violation> {
        let mut out: Vec<Violation> = self
            .rules
            .iter()
            .filter_map(|r| r.violation(verdicts))
            .collect();
        out.extend(self.unexpected_final(verdicts));
        out
    }

    /// Its final verdict (the first test not accepted, or AC) where
    /// `@EXPECTED_RESULTS@` does not list it.
    fn unexpected_final(&self, verdicts: &[(String, Verdict)]) -> Option<Violation> {
        let expected = self.expected_results.as_ref()?;
        let rejected = verdicts.iter().find(|(_, v)| *v != Verdict::AC);
        let (test, verdict) = rejected.map_or((None, Verdict::AC), |(t, v)| (Some(t.clone()), *v));
        (!expected.contains(&verdict)).then(|| Violation::Final {
            test,
            verdict,
            expected: expected.clone(),
        })
    }

    /// The broken requirements that no later test can mend, given its verdicts
    /// on its first tests in run order: a verdict a rule does not permit, and,
    /// once a test is rejected, a final verdict `@EXPECTED_RESULTS@` does not
    /// list. What it has not run yet may still give what a rule requires, so a
    /// missing required verdict is not one of them.
    pub fn certain_violations(&self, verdicts: &[(String, Verdict)]) -> Vec<Violation> {
        let mut out: Vec<Violation> = self
            .rules
            .iter()
            .filter_map(|r| r.forbidden(verdicts))
            .collect();
        if verdicts.iter().any(|(_, v)| *v != Verdict::AC) {
            out.extend(self.unexpected_final(verdicts));
        }
        out
    }

    /// Whether the tests after its first ones in run order (`verdicts`) can
    /// change nothing the judges or its requirements decide: a test was
    /// rejected (the judges' final verdict, where they stop), and every
    /// requirement is met or broken for good. A rule on some tests only
    /// (submissions.yaml's `secret/group1`) is decided only by running them all.
    pub fn settled_by(&self, verdicts: &[(String, Verdict)]) -> bool {
        if !self.certain_violations(verdicts).is_empty() {
            return true;
        }
        verdicts.iter().any(|(_, v)| *v != Verdict::AC)
            && self
                .rules
                .iter()
                .all(|r| r.tests.is_none() && verdicts.iter().any(|(_, v)| r.required.contains(v)))
    }

    /// Whether it must fail somewhere: some rule requires a verdict other than AC.
    pub fn must_fail(&self) -> bool {
        self.rules
            .iter()
            .any(|r| !r.required.is_empty() && !r.required.contains(&Verdict::AC))
            || self
                .expected_results
                .as_ref()
                .is_some_and(|e| !e.contains(&Verdict::AC))
    }

    /// Whether it is a correct solution: every test must be AC.
    pub fn is_accepted(&self) -> bool {
        self.rules
            .iter()
            .any(|r| r.tests.is_none() && r.permitted == BTreeSet::from([Verdict::AC]))
    }

    /// The verdicts it may fail with (what its requirements ask for).
    pub fn failing_verdicts(&self) -> BTreeSet<Verdict> {
        let mut out: BTreeSet<Verdict> = self
            .rules
            .iter()
            .flat_map(|r| r.required.iter().copied())
            .filter(|v| *v != Verdict::AC)
            .collect();
        if let Some(e) = &self.expected_results {
            out.extend(e.iter().copied().filter(|v| *v != Verdict::AC));
        }
        out
    }

    /// Whether its time on `test` bounds the limit from below.
    pub fn bounds_below(&self, test: &str) -> bool {
        self.rules
            .iter()
            .any(|r| r.covers(test) && r.bounds_below())
    }

    /// Whether it bounds the limit from above (it must time out somewhere).
    pub fn bounds_above(&self) -> bool {
        self.rules.iter().any(|r| r.bounds_above())
    }
}

/// The default requirements of the directories the specification names.
fn default_rule(category: &Category) -> Option<Rule> {
    use Verdict::*;
    let origin = format!("the {category}/ directory");
    Some(match category {
        Category::Accepted => Rule::new(origin, &[AC], &[AC, WA, TLE, RTE]),
        Category::Rejected => Rule::new(origin, &[AC, WA, TLE, RTE], &[RTE, TLE, WA]),
        Category::WrongAnswer => Rule::new(origin, &[AC, WA], &[WA]),
        Category::TimeLimitExceeded => Rule::new(origin, &[AC, TLE], &[TLE]),
        Category::RunTimeError => Rule::new(origin, &[AC, RTE], &[RTE]),
        Category::BruteForce => Rule::new(origin, &[AC, RTE, TLE], &[RTE, TLE]),
        Category::Other(_) => return None,
    })
}

fn verdict_set(value: &Value, file: &str, issues: &mut Vec<Issue>) -> Option<BTreeSet<Verdict>> {
    let words = yaml::words(value)?;
    let mut set = BTreeSet::new();
    for w in words {
        match Verdict::parse(&w) {
            Some(v) => {
                set.insert(v);
            }
            None => issues.push(Issue::new(
                file,
                format!("'{w}' is not a verdict (AC, WA, TLE, RTE): ignored"),
            )),
        }
    }
    Some(set)
}

/// Reads the rule keys of `map` on top of `base`.
fn rule_from(map: &Value, base: Rule, file: &str, issues: &mut Vec<Issue>) -> Rule {
    let mut rule = base;
    if let Some(v) = get(map, "permitted").and_then(|v| verdict_set(v, file, issues)) {
        rule.permitted = v;
    }
    if let Some(v) = get(map, "required").and_then(|v| verdict_set(v, file, issues)) {
        rule.required = v;
    }
    if let Some(v) = get(map, "use_for_time_limit") {
        rule.use_for_time_limit = match (v.as_bool(), v.as_str()) {
            (Some(false), _) => TimeLimitUse::No,
            (Some(true), _) => TimeLimitUse::Implied,
            (_, Some("lower")) => TimeLimitUse::Lower,
            (_, Some("upper")) => TimeLimitUse::Upper,
            _ => {
                issues.push(Issue::new(
                    file,
                    "use_for_time_limit must be true, false, lower or upper: ignored".into(),
                ));
                rule.use_for_time_limit
            }
        };
    }
    rule
}

const RULE_KEYS: [&str; 3] = ["permitted", "required", "use_for_time_limit"];
const OTHER_KEYS: [&str; 7] = [
    "language",
    "entrypoint",
    "authors",
    "model_solution",
    "score",
    "message",
    "comment",
];

/// The `@EXPECTED_RESULTS@: ...` line of any of a submission's files.
fn expected_results(path: &Path) -> Option<BTreeSet<Verdict>> {
    let files: Vec<PathBuf> = if path.is_dir() {
        let mut f: Vec<PathBuf> = std::fs::read_dir(path)
            .ok()?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        f.sort();
        f
    } else {
        vec![path.to_path_buf()]
    };
    const KEY: &str = "@EXPECTED_RESULTS@:";
    files.iter().find_map(|f| {
        let text = std::fs::read_to_string(f).ok()?;
        let upper = text.to_ascii_uppercase();
        let start = upper.find(KEY)? + KEY.len();
        let line = upper[start..].lines().next().unwrap_or("");
        let set: BTreeSet<Verdict> = line.split(',').filter_map(Verdict::parse).collect();
        (!set.is_empty()).then_some(set)
    })
}

/// Reads `dir/submissions/` and `submissions.yaml`.
pub fn read(dir: &Path, issues: &mut Vec<Issue>) -> Result<Vec<Submission>, PackageError> {
    let root = dir.join(SUBMISSIONS);
    if !root.is_dir() {
        issues.push(Issue::new(
            &format!("{SUBMISSIONS}/"),
            "missing: no submissions to run".into(),
        ));
        return Ok(Vec::new());
    }
    let yaml_file = &format!("{SUBMISSIONS}/{SUBMISSIONS_YAML}");
    let config = yaml::read_or_note(&root.join(SUBMISSIONS_YAML), yaml_file, issues);
    let mut out = Vec::new();
    let mut categories: Vec<PathBuf> = std::fs::read_dir(&root)
        .map_err(|e| PackageError::io(&root, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    categories.sort();
    for category_dir in categories {
        let dir_name = category_dir
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        if dir_name.starts_with('.') {
            continue;
        }
        let category = Category::of_dir(&dir_name);
        let mut programs: Vec<PathBuf> = std::fs::read_dir(&category_dir)
            .map_err(|e| PackageError::io(&category_dir, e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let name = p
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                !name.starts_with('.') && !name.ends_with(".disabled") && !name.ends_with('~')
            })
            .collect();
        programs.sort();
        for path in programs {
            let file = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            let name = format!("{category}/{file}");
            let mut rules = Vec::new();
            let mut entrypoint = None;
            let mut default = default_rule(&category);
            // submissions.yaml: a key naming the directory replaces its default
            // (keys it leaves out inherited); every other matching glob adds a rule.
            if let Some(Value::Mapping(map)) = &config {
                for (key, value) in map {
                    let Some(pattern) = yaml::scalar(key) else {
                        continue;
                    };
                    if !glob::matches(&pattern, &name) {
                        continue;
                    }
                    let replaces_default =
                        pattern.trim_end_matches('/') == dir_name && default.is_some();
                    let base = if replaces_default {
                        default.take().expect("checked")
                    } else {
                        Rule::new(
                            format!("{yaml_file} '{pattern}'"),
                            &Verdict::ALL,
                            &Verdict::ALL,
                        )
                    };
                    if let Some(e) = get(value, "entrypoint").and_then(yaml::scalar) {
                        entrypoint = Some(e);
                    }
                    let origin = base.origin.clone();
                    let has_rule = RULE_KEYS.iter().any(|k| get(value, k).is_some());
                    if has_rule || replaces_default {
                        rules.push(rule_from(value, base, yaml_file, issues));
                    }
                    if let Value::Mapping(inner) = value {
                        for (k, v) in inner {
                            let Some(k) = yaml::scalar(k) else { continue };
                            if RULE_KEYS.contains(&k.as_str()) || OTHER_KEYS.contains(&k.as_str()) {
                                continue;
                            }
                            // A key naming tests: a rule for those only.
                            let mut rule = Rule::new(
                                format!("{origin} for {k}"),
                                &Verdict::ALL,
                                &Verdict::ALL,
                            );
                            rule.tests = Some(k.clone());
                            rules.push(rule_from(v, rule, yaml_file, issues));
                        }
                    }
                }
            }
            if let Some(d) = default {
                rules.insert(0, d);
            }
            let expected = if category.is_legacy_verdict_dir() {
                None
            } else {
                expected_results(&path)
            };
            if rules.is_empty() && expected.is_none() {
                issues.push(Issue::new(
                    &format!("{SUBMISSIONS}/{name}"),
                    "no rule says what its verdicts must be (not a standard directory, no submissions.yaml entry, no @EXPECTED_RESULTS@): run, not checked".into(),
                ));
            }
            out.push(Submission {
                name,
                path,
                category: category.clone(),
                rules,
                expected_results: expected,
                entrypoint,
                language: None,
            });
        }
    }
    Ok(out)
}
