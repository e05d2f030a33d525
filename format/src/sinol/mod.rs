//! A sinol-make package (Poland's olympiad format, the POI's): `config.yml`
//! (limits in milliseconds and KiB, per group, test and language too:
//! `limits.rs`; `scores` per group;
//! `sinol_expected_scores` per solution and group; `subtask_dependencies`;
//! `sinol_contest_type`), tests `in/abc1a.in` with answers `out/abc1a.out`
//! grouped by the number after the task id (group 0: the examples, which
//! score nothing), and `prog/`: the solutions (`abc.cpp` the model one,
//! `abc2.cpp` others, `abcs1.cpp` slow, `abcb1.cpp` bad), the input
//! generator `abcingen.cpp`, the validator `abcinwer.cpp` (reads the test on
//! stdin, exit 0 valid: testlib's protocol) and a checker `abcchk.cpp`.
//! Names and rules as sinol-make's `package_util` and `contest_types` read them.

use crate::config::{Format, ProblemConfig, ProblemType};
use crate::data::{Data, Settings, TestCase, ValidatorArgs};
use crate::layout::Category;
use crate::programs::{OutputValidator, PackageProgram, ProgramKind, Programs};
use crate::scoring::{
    Aggregation, GradeRule, Group, GroupMember, Requires, Scoring, ScoringError, TestScoring,
};
use crate::submissions::{Rule, Submission, TimeLimitUse, Verdict};
use crate::time_rule::TimeRule;
use crate::yaml::{self, get, number};
use crate::{Issue, Package, PackageError};

mod build;
mod expected;
mod limits;

use build::{extra_files, override_limits};
use expected::{expectations, expected_full, expected_of, unjudged};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use yaml_serde::Value;

/// The extensions of the solutions sinol-make runs (`prog/abc.cpp`): sinol's
/// own fact, narrower than the table of languages jurybox builds (C, C++ and
/// Python; `.cc` but not `.cxx`).
pub(crate) const SINOL_MAKE_EXTENSIONS: [&str; 4] = ["c", "cpp", "cc", "py"];

/// sinol's language of a solution's extension (`override_limits`' keys).
pub fn sinol_language(file: &str) -> Option<&'static str> {
    match file.rsplit_once('.')?.1 {
        "cpp" | "cc" => Some("cpp"),
        "c" => Some("c"),
        "py" => Some("py"),
        _ => None,
    }
}

/// The file that makes a directory a sinol-make package.
pub const CONFIG_YML: &str = "config.yml";

/// What a sinol package says beyond the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sinol {
    /// The task id (`abc`): `sinol_task_id`, else the directory's name.
    pub task_id: String,
    /// `sinol_contest_type` (`default`, `oi`, `oij`, `icpc`).
    pub contest_type: String,
    /// The files of prog/ a solution is built with (`extra_compilation_files`,
    /// the files of `extra_compilation_args` and `extra_execution_files`):
    /// a grader `liblib.cpp` and its header, compiled beside the solution.
    pub extra_files: Vec<String>,
}

/// Whether `dir` holds a sinol-make package (`config.yml` beside `prog/`).
pub fn is_package(dir: &Path) -> bool {
    dir.join(CONFIG_YML).is_file() && dir.join("prog").is_dir()
}

fn invalid(key: &str, reason: String) -> ScoringError {
    ScoringError::Invalid {
        file: CONFIG_YML.into(),
        key: key.into(),
        reason,
    }
}

/// A map of group numbers (`scores`) to numbers.
fn by_group(doc: &Value, key: &str) -> Result<BTreeMap<u32, f64>, ScoringError> {
    let Some(map) = get(doc, key) else {
        return Ok(BTreeMap::new());
    };
    let Some(map) = map.as_mapping() else {
        return Err(invalid(
            key,
            "expected a map of group numbers to numbers".into(),
        ));
    };
    let mut out = BTreeMap::new();
    for (k, v) in map {
        let group = yaml::scalar(k).and_then(|g| g.parse::<u32>().ok());
        match (group, number(v)) {
            (Some(g), Some(x)) => {
                out.insert(g, x);
            }
            _ => {
                return Err(invalid(
                    key,
                    format!("{k:?}: {v:?}: expected a group number and a number"),
                ))
            }
        }
    }
    Ok(out)
}

/// The group of a test file `name` (`abc1a.in` → 1, `abc1ocen.in` → 0), as
/// sinol-make's name pattern reads it: the task id, digits, then letters and
/// digits.
pub fn group_of(file: &str, task: &str) -> Option<u32> {
    let rest = file.strip_prefix(task)?.strip_suffix(".in")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let tail = &rest[digits.len()..];
    let tail_ok = tail
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if digits.is_empty() || !tail_ok {
        return None;
    }
    match tail.ends_with("ocen") {
        true => Some(0),
        false => digits.parse().ok(),
    }
}

/// `prog/`'s solutions, in sinol-make's order: the model solution, the
/// others, the slow (`s`), the bad (`b`).
fn solutions(dir: &Path, task: &str) -> Vec<(PathBuf, String)> {
    let mut found: Vec<((u8, u64, String), PathBuf, String)> = std::fs::read_dir(dir.join("prog"))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
        .into_iter()
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            let (stem, _) = name.rsplit_once('.')?;
            let rest = stem.strip_prefix(task)?;
            // A source of a language the table of languages knows.
            jurybox_languages::Language::of_file(&name)?;
            let (kind, rest) = match rest.chars().next() {
                Some('s') => (1, &rest[1..]),
                Some('b') => (2, &rest[1..]),
                _ => (0, rest),
            };
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let tail = &rest[digits.len()..];
            if !(tail.is_empty() || tail.starts_with('_')) {
                return None;
            }
            let key = (kind, digits.parse().unwrap_or(0), name.clone());
            Some((key, p, name))
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, p, n)| (p, n)).collect()
}

/// A program of `prog/` named `{task}{role}.*`, if any.
fn role(dir: &Path, task: &str, role: &str) -> Option<PackageProgram> {
    let mut matches: Vec<PathBuf> = std::fs::read_dir(dir.join("prog"))
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_stem()
                .is_some_and(|s| s.to_string_lossy() == format!("{task}{role}"))
                && p.extension()
                    .is_some_and(|e| e != "e" && e != "sh" || role == "ingen")
        })
        .collect();
    matches.sort();
    let path = matches.into_iter().next()?;
    Some(PackageProgram {
        name: path.file_name()?.to_string_lossy().into_owned(),
        path,
        kind: ProgramKind::Program,
    })
}

/// Reads the sinol-make package at `dir`.
pub fn read(dir: &Path) -> Result<Package, PackageError> {
    read_with_tests(dir, &dir.join("in"))
}

/// The input generator sinol-make runs to make the tests, as it chooses one:
/// `prog/{task}ingen.sh` first, else another `prog/{task}ingen.*`.
pub fn ingen(dir: &Path, task: &str) -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir.join("prog"))
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file()
                && p.file_stem()
                    .is_some_and(|s| s.to_string_lossy() == format!("{task}ingen"))
        })
        .collect();
    found.sort_by_key(|p| (p.extension().is_none_or(|e| e != "sh"), p.clone()));
    found.into_iter().next()
}

/// Reads the sinol-make package at `dir` with its tests' inputs read from
/// `tests` (its `in/`, or where its ingen wrote them); answers from `out/`.
pub fn read_with_tests(dir: &Path, tests_dir: &Path) -> Result<Package, PackageError> {
    let mut issues = Vec::new();
    let path = dir.join(CONFIG_YML);
    let doc = yaml::read(&path)?.unwrap_or(Value::Null);
    let dir_name = dir
        .canonicalize()
        .ok()
        .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let task = get(&doc, "sinol_task_id")
        .and_then(yaml::scalar)
        .unwrap_or_else(|| dir_name.clone());
    let contest_type = get(&doc, "sinol_contest_type")
        .and_then(yaml::scalar)
        .unwrap_or_else(|| "default".into());
    // Tests: in/*.in, each named for its group.
    let mut tests: Vec<(u32, String)> = Vec::new();
    for entry in std::fs::read_dir(tests_dir)
        .map(|d| d.filter_map(|e| e.ok()).collect::<Vec<_>>())
        .unwrap_or_default()
    {
        let file = entry.file_name().to_string_lossy().into_owned();
        if !file.ends_with(".in") {
            continue;
        }
        match group_of(&file, &task) {
            Some(g) => tests.push((g, file)),
            None => {
                return Err(ScoringError::TestNameNamesNoGroup {
                    file: format!("in/{file}"),
                    task,
                }
                .into())
            }
        }
    }
    tests.sort();
    if tests.iter().all(|(g, _)| *g == 0) {
        let why = match ingen(dir, &task) {
            Some(g) => format!(
                "no tests but the examples: the rest made by running prog/{}, as sinol-make gen does",
                g.file_name().unwrap_or_default().to_string_lossy()
            ),
            None => "no tests, and no ingen in prog/ to make them".to_string(),
        };
        issues.push(Issue::new("in/", why));
    }
    let mut data = Data::default();
    for (group, file) in &tests {
        let stem = file.trim_end_matches(".in");
        let answer = dir.join("out").join(format!("{stem}.out"));
        if !answer.is_file() {
            issues.push(Issue::new(
                &format!("out/{stem}.out"),
                "missing: judged against an accepted submission's output".into(),
            ));
        }
        data.tests.push(TestCase {
            name: format!("in/{stem}"),
            sample: *group == 0,
            input: tests_dir.join(file),
            answer: answer.is_file().then_some(answer),
            interaction: None,
            // sinol's inwer is told the test's file name (group 1's bounds
            // for sum1a.in).
            settings: Settings {
                input_validator_args: ValidatorArgs::Each(vec![file.clone()]),
                ..Settings::default()
            },
        });
    }
    let groups: Vec<u32> = tests.iter().map(|(g, _)| *g).collect();
    // Tests the ingen is still to make (in/ holds none but the examples,
    // which jury::sinol_gen then makes): the groups are not known yet, so
    // nothing is checked against them (the package is read again with them).
    let pending = tests.iter().all(|(g, _)| *g == 0) && ingen(dir, &task).is_some();
    let scoring = scoring(&doc, &task, &contest_type, &groups, &data, pending)?;
    let mut submissions = submissions(dir, &task, &doc, &scoring, &mut issues)?;
    TimeRule::Sinol.apply(&mut submissions);
    let mut scoring = scoring;
    scoring.expectations = match pending {
        true => Vec::new(),
        false => expectations(&doc, &scoring, &submissions, &mut issues)?,
    };
    let validator = role(dir, &task, "inwer");
    if validator.is_none() {
        issues.push(Issue::new(
            "prog/",
            format!("no {task}inwer: test inputs are not checked"),
        ));
    }
    // The checker, on sinol's protocol (jury::run): OK or WRONG and the
    // percentage of the points on its stdout.
    let checker = role(dir, &task, "chk");
    let overrides = override_limits(&doc, &submissions);
    let limits = limits::apply(&doc, &overrides, &task, &tests, pending, &mut scoring)?;
    // Solutions of several languages: each judged under its own language's.
    for s in &submissions {
        if let Some(own) = sinol_language(&s.name).and_then(|l| limits.languages.get(l)) {
            scoring
                .submission_limits
                .insert(s.name.clone(), own.clone());
        }
    }
    let config = ProblemConfig {
        format: Format::V2025,
        name: get(&doc, "title").and_then(yaml::scalar),
        kind: ProblemType {
            interactive: false,
            passes: None,
            scoring: true,
        },
        time_limit: limits.time_ms.map(|t| (t / 1000.0, CONFIG_YML.to_string())),
        time_resolution: 1.0,
        multipliers: TimeRule::Sinol.default_multipliers(),
        time_rule: TimeRule::Sinol,
        memory_mib: limits.memory_kib.map(limits::mib),
        output_mib: None,
        validator_flags: Vec::new(),
        custom_validation: false,
        constants: Default::default(),
        // sinol-make's hard limit on the wall clock, `ceil(2 × TL)` s.
        wall_limit: Some(crate::WallLimit::SINOL),
    };
    Ok(Package {
        dir: dir.to_path_buf(),
        name: task.clone(),
        config,
        data,
        submissions,
        programs: Programs {
            input_validators: validator.into_iter().collect(),
            answer_validators: Vec::new(),
            output_validator: checker.map_or(OutputValidator::Default, OutputValidator::Custom),
            generators_yaml: None,
        },
        generators: None,
        polygon: None,
        sinol: Some(Sinol {
            task_id: task,
            contest_type,
            extra_files: extra_files(&doc),
        }),
        scoring: Some(scoring),
        issues,
    })
}

/// Each scored group's points: `scores`, else sinol-make's default share
/// of 100; an error naming a test whose group `scores` gives no points.
fn group_points(
    doc: &Value,
    task: &str,
    icpc: bool,
    groups: &[u32],
    data: &Data,
) -> Result<BTreeMap<u32, f64>, ScoringError> {
    // Its `icpc` contest: every group, the examples' too, is worth
    // 1 point (`scores` is not read), a test 1 if OK, a group and the whole
    // the least of theirs: 1 when every test passes, else 0.
    let mut scores = match icpc {
        true => BTreeMap::new(),
        false => by_group(doc, "scores")?,
    };
    let scored: Vec<u32> = {
        let mut g: Vec<u32> = groups.iter().copied().filter(|g| *g != 0 || icpc).collect();
        g.dedup();
        g
    };
    if icpc {
        scores = scored.iter().map(|g| (*g, 1.0)).collect();
    } else if scores.is_empty() && !scored.is_empty() {
        // sinol-make's default: 100 shared equally, the last group the rest.
        let each = (100 / scored.len()) as f64;
        for g in &scored {
            scores.insert(*g, each);
        }
        let last = scored[scored.len() - 1];
        *scores.get_mut(&last).expect("inserted") += 100.0 - each * scored.len() as f64;
    } else if let Some(g) = scored.iter().find(|g| !scores.contains_key(g)) {
        let test = data.tests.iter().find(|t| {
            group_of(&format!("{}.in", t.name.trim_start_matches("in/")), task) == Some(*g)
        });
        return Err(ScoringError::TestInNoGroup {
            file: CONFIG_YML.into(),
            test: test.map_or_else(
                || format!("group {g}"),
                |t| {
                    format!(
                        "{}.in (group {g}, which scores lists no points for)",
                        t.name
                    )
                },
            ),
            groups: scores
                .keys()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    Ok(scores)
}

/// Groups, points, limits and dependencies of `config.yml`.
fn scoring(
    doc: &Value,
    task: &str,
    contest: &str,
    groups: &[u32],
    data: &Data,
    pending: bool,
) -> Result<Scoring, ScoringError> {
    // sinol-make's `icpc` contest: 1 point a group, the least counts.
    let icpc = contest == "icpc";
    let scores = group_points(doc, task, icpc, groups, data)?;
    let total: f64 = match icpc {
        true => 1.0,
        false => scores
            .iter()
            .filter(|(g, _)| **g != 0)
            .map(|(_, p)| p)
            .sum(),
    };
    let stated = get(doc, "sinol_total_score")
        .and_then(number)
        .or(match contest {
            "oi" | "oij" => Some(100.0),
            _ => None,
        });
    if let Some(stated) = stated.filter(|s| (s - total).abs() > 1e-6 && !pending) {
        return Err(ScoringError::PointsDoNotAddUp {
            file: CONFIG_YML.into(),
            stated_by: "sinol_total_score".into(),
            total: stated,
            sum: total,
        });
    }
    let mut dependencies: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    if let Some(deps) = get(doc, "subtask_dependencies").and_then(Value::as_mapping) {
        for (k, v) in deps {
            let group = yaml::scalar(k).and_then(|g| g.parse::<u32>().ok());
            let list = v
                .as_sequence()
                .map(|s| s.iter().filter_map(yaml::scalar).collect::<Vec<_>>());
            match (group, list) {
                (Some(g), Some(list)) => {
                    if let Some(bad) = list.iter().find(|d| {
                        !pending && d.parse::<u32>().map_or(true, |d| !scores.contains_key(&d))
                    }) {
                        return Err(invalid(
                            "subtask_dependencies",
                            format!("group {g} depends on '{bad}', which is no scored group"),
                        ));
                    }
                    dependencies.insert(g, list);
                }
                _ => {
                    return Err(invalid(
                        "subtask_dependencies",
                        format!("{k:?}: expected a group and a list of groups"),
                    ))
                }
            }
        }
    }
    let items = scores
        .iter()
        .filter(|(g, _)| **g != 0 || icpc)
        .map(|(&g, &points)| {
            let tests: Vec<usize> = (0..data.tests.len()).filter(|&i| groups[i] == g).collect();
            GroupMember::Group(Box::new(Group {
                name: g.to_string(),
                origin: CONFIG_YML.into(),
                points: Some(points),
                aggregation: Aggregation::Min {
                    ceil_percent: !icpc,
                },
                items: tests
                    .into_iter()
                    .map(|index| GroupMember::Test { index, points })
                    .collect(),
                requires: dependencies.get(&g).cloned().unwrap_or_default(),
                // Set by limits::apply, which knows the solutions' language.
                time_limit: None,
                settings: Settings::default(),
            }))
        })
        .collect();
    Ok(Scoring {
        root: Group {
            name: "all".into(),
            origin: CONFIG_YML.into(),
            points: Some(total),
            aggregation: match icpc {
                true => Aggregation::Min {
                    ceil_percent: false,
                },
                false => Aggregation::Sum,
            },
            items,
            requires: Vec::new(),
            time_limit: None,
            settings: Settings::default(),
        },
        unscored: (0..data.tests.len())
            .filter(|&i| groups[i] == 0 && !icpc)
            .collect(),
        requires: Requires::MergeTests,
        grades: GradeRule::WorstSinol,
        test_scoring: match contest {
            "oi" => TestScoring::OiTimeDecay,
            "icpc" => TestScoring::Verdict,
            _ => TestScoring::Full,
        },
        best: Some(total),
        expectations: Vec::new(),
        test_limits: BTreeMap::new(),
        new_test_limits: BTreeMap::new(),
        submission_limits: BTreeMap::new(),
    })
}

fn submissions(
    dir: &Path,
    task: &str,
    doc: &Value,
    scoring: &Scoring,
    issues: &mut Vec<Issue>,
) -> Result<Vec<Submission>, PackageError> {
    let mut out = Vec::new();
    for (path, file) in solutions(dir, task) {
        let model = file.rsplit_once('.').is_some_and(|(stem, _)| stem == task);
        let accepted = model || expected_full(doc, &file, scoring);
        let (category, rules) = match accepted {
            true => {
                let origin = match model {
                    true => format!("{file}: the model solution"),
                    false => format!("sinol_expected_scores: {file} scores full marks"),
                };
                let rule = Rule {
                    origin,
                    tests: None,
                    permitted: [Verdict::AC].into(),
                    required: [Verdict::AC].into(),
                    use_for_time_limit: TimeLimitUse::Implied,
                };
                (Category::Accepted, vec![rule])
            }
            false => (Category::Other("prog".into()), Vec::new()),
        };
        if expected_of(doc, &file).is_none() && !model {
            issues.push(Issue::new(
                &format!("prog/{file}"),
                "sinol_expected_scores says nothing of it: its score is shown, not checked".into(),
            ));
        }
        out.push(Submission {
            name: format!("prog/{file}"),
            path,
            category,
            rules,
            expected_results: None,
            entrypoint: None,
            language: None,
        });
    }
    out.extend(unjudged(dir, issues));
    if !out.iter().any(|s| s.is_accepted()) {
        issues.push(Issue::new(
            "prog/",
            format!("no model solution {task}.cpp: no time limit can be checked"),
        ));
    }
    Ok(out)
}
