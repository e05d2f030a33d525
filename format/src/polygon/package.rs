//! problem.xml read into the crate's [`Package`]: the judged testset's tests as
//! its data, the solutions as submissions whose rules are their tags' Kattis
//! verdicts, the validators as input validators, the limits as stated limits;
//! and the whole of what Polygon says in [`Polygon`].

use super::assets::{self, Checker};
use super::tags::SolutionTag;
use super::testset::{self, TestSource, Testset};
use super::xml::{self, attr, child, children};
use super::{Judging, Polygon, JUDGED_TESTSET, PROBLEM_XML};
use crate::config::{Format, ProblemConfig, ProblemType};
use crate::data::{Data, Settings, TestCase, ValidatorArgs};
use crate::programs::{OutputValidator, PackageProgram, ProgramKind, Programs};
use crate::submissions::{Rule, Submission, Verdict};
use crate::time_rule::TimeRule;
use crate::{Issue, Package, PackageError};
use std::collections::BTreeSet;
use std::path::Path;

/// The default output validator's flags that judge as a standard checker does,
/// for the standard checkers whose meaning they have exactly (p2d's table, less
/// the checkers that also judge line structure or number syntax).
pub(crate) fn default_validator_flags(checker: &Checker) -> Option<Vec<String>> {
    let name = checker.standard.as_deref()?.strip_prefix("std::")?;
    let flags: &[&str] = match name {
        "wcmp.cpp" => &["case_sensitive"],
        "rcmp4.cpp" => &["float_tolerance", "1e-4"],
        "rcmp6.cpp" => &["float_tolerance", "1e-6"],
        "rcmp9.cpp" => &["float_tolerance", "1e-9"],
        _ => return None,
    };
    Some(flags.iter().map(|f| f.to_string()).collect())
}

fn number_attr(node: roxmltree::Node, name: &str) -> Option<u64> {
    node.attribute(name).and_then(|v| v.trim().parse().ok())
}

/// Reads problem.xml into a [`Polygon`]; the document must parse, everything
/// else that cannot be used is an issue.
pub(crate) fn read_polygon(dir: &Path, issues: &mut Vec<Issue>) -> Result<Polygon, PackageError> {
    let path = dir.join(PROBLEM_XML);
    let text = std::fs::read_to_string(&path).map_err(|e| PackageError::io(&path, e))?;
    let doc = xml::parse(&text, &path)?;
    let root = doc.root_element();
    if !root.has_tag_name("problem") {
        return Err(PackageError::Layout {
            dir: dir.display().to_string(),
            reason: format!(
                "problem.xml's root element is <{}>, not <problem>: not a Polygon package",
                root.tag_name().name()
            ),
        });
    }
    let file = PROBLEM_XML;
    let names = child(root, "names")
        .map(|n| {
            children(n, "name")
                .filter_map(|n| Some((attr(n, "language")?, attr(n, "value")?)))
                .collect()
        })
        .unwrap_or_default();
    let judging_node = child(root, "judging");
    let judging = judging_node
        .map(|j| Judging {
            cpu_name: attr(j, "cpu-name"),
            cpu_speed: number_attr(j, "cpu-speed"),
            input_file: attr(j, "input-file").filter(|f| !f.is_empty()),
            output_file: attr(j, "output-file").filter(|f| !f.is_empty()),
            run_count: number_attr(j, "run-count"),
        })
        .unwrap_or_default();
    let testsets: Vec<Testset> = judging_node
        .map(|j| {
            children(j, "testset")
                .map(|t| testset::read(t, file, issues))
                .collect()
        })
        .unwrap_or_default();
    let assets = assets::read(root, dir, file, issues);
    Ok(Polygon {
        short_name: attr(root, "short-name"),
        names,
        judging,
        testsets,
        assets,
    })
}

/// The Kattis rules of a solution: its tag's, then one per extra tag covering
/// the judged testset's tests of its group.
fn rules(solution: &super::Solution, judged: Option<&Testset>) -> Vec<Rule> {
    let rule = |tag: SolutionTag, origin: String, tests: Option<String>| {
        let (permitted, mut required) = tag.kattis_rule();
        if required.is_empty() {
            // Nothing required: any verdict meets it.
            required = Verdict::ALL.into_iter().collect::<BTreeSet<_>>();
        }
        Rule {
            origin,
            tests,
            permitted,
            required,
            use_for_time_limit: crate::TimeLimitUse::Implied,
        }
    };
    let mut out = vec![rule(
        solution.tag,
        format!("the tag {}", solution.tag),
        None,
    )];
    for extra in &solution.extra_tags {
        if extra
            .testset
            .as_deref()
            .is_some_and(|t| t != JUDGED_TESTSET)
        {
            continue;
        }
        let Some(set) = judged else { continue };
        let names: Vec<String> = set
            .tests
            .iter()
            .filter(|t| extra.group.is_none() || t.group == extra.group)
            .map(|t| test_name(&t.input))
            .collect();
        if names.is_empty() {
            continue;
        }
        let origin = match &extra.group {
            Some(g) => format!("the tag {} on group {g}", extra.tag),
            None => format!("the tag {}", extra.tag),
        };
        out.push(rule(
            extra.tag,
            origin,
            Some(format!("{{{}}}", names.join(","))),
        ));
    }
    out
}

/// A test's name in the [`Package`]: its input file's path (`tests/03`).
pub(crate) fn test_name(input: &Path) -> String {
    input.display().to_string()
}

/// The solutions as submissions, each in the Kattis directory its tag means
/// (one tagged do-not-run left out), with the rules its tags make.
fn submissions_of(
    dir: &Path,
    polygon: &Polygon,
    judged: Option<&Testset>,
    issues: &mut Vec<Issue>,
) -> Vec<Submission> {
    let mut submissions = polygon
        .assets
        .solutions
        .iter()
        .filter_map(|s| {
            let (category, _) = s.tag.kattis_directory()?;
            Some(Submission {
                name: test_name(&s.program.source),
                path: dir.join(&s.program.source),
                category: crate::layout::Category::of_dir(category),
                rules: rules(s, judged),
                expected_results: None,
                entrypoint: None,
                language: s.program.language.clone(),
            })
        })
        .collect::<Vec<_>>();
    TimeRule::Polygon.apply(&mut submissions);
    if !submissions.iter().any(|s| s.is_accepted()) {
        issues.push(Issue::new(
            "solutions/",
            "no solution tagged main or accepted: no answers can be made for generated tests and no time limit can be derived".into(),
        ));
    }
    submissions
}

/// Says when the judged testset is missing, or is not the one named
/// `tests` (the first is judged then).
fn note_judged(judged: Option<&Testset>, issues: &mut Vec<Issue>) {
    if judged.is_none() {
        issues.push(Issue::new(
            PROBLEM_XML,
            "no <testset> under <judging>: no tests".into(),
        ));
    } else if judged.is_some_and(|t| t.name != JUDGED_TESTSET) {
        issues.push(Issue::new(
            PROBLEM_XML,
            format!(
                "no testset named '{JUDGED_TESTSET}': the first, '{}', is judged",
                judged.map_or("", |t| t.name.as_str())
            ),
        ));
    }
}

/// Reads the Polygon package at `dir`. Only a directory whose problem.xml is
/// missing, unreadable or not well-formed is an error.
pub fn read(dir: &Path) -> Result<Package, PackageError> {
    let mut issues = Vec::new();
    let polygon = read_polygon(dir, &mut issues)?;
    let judged = polygon.judged();
    note_judged(judged, &mut issues);
    let mut data = Data::default();
    // The package's test index of each testset test (by its index from 1).
    let mut index_of: Vec<Option<usize>> = Vec::new();
    for test in judged.map(|t| t.tests.as_slice()).unwrap_or_default() {
        if index_of.len() <= test.index {
            index_of.resize(test.index + 1, None);
        }
        let input = dir.join(&test.input);
        let present = input.is_file();
        if test.source == TestSource::Manual && !present {
            issues.push(Issue::new(
                &test_name(&test.input),
                format!("manual test {} is missing: not run", test.index),
            ));
            continue;
        }
        let mut args = vec!["--testset".to_string(), JUDGED_TESTSET.to_string()];
        if let Some(g) = &test.group {
            args.extend(["--group".to_string(), g.clone()]);
        }
        index_of[test.index] = Some(data.tests.len());
        data.tests.push(TestCase {
            name: test_name(&test.input),
            sample: test.sample,
            input,
            answer: test
                .answer
                .as_ref()
                .map(|a| dir.join(a))
                .filter(|a| a.is_file()),
            interaction: None,
            settings: Settings {
                input_validator_args: ValidatorArgs::Each(args),
                description: test.description.clone(),
                ..Settings::default()
            },
        });
    }
    let submissions = submissions_of(dir, &polygon, judged, &mut issues);
    let program = |p: &super::ProgramFile| PackageProgram {
        name: p
            .source
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        path: dir.join(&p.source),
        kind: ProgramKind::Program,
    };
    let input_validators: Vec<PackageProgram> = polygon
        .assets
        .validators
        .iter()
        .map(|v| program(&v.program))
        .collect();
    if input_validators.is_empty() {
        issues.push(Issue::new(
            PROBLEM_XML,
            "no validator: test inputs and generated inputs are not checked".into(),
        ));
    }
    let mut validator_flags = Vec::new();
    let mut custom_validation = false;
    if let Some(checker) = &polygon.assets.checker {
        match default_validator_flags(checker) {
            Some(flags) => validator_flags = flags,
            // The default validator is no substitute: the checker is the
            // output validator, run on testlib's protocol by the jury.
            None => custom_validation = true,
        }
    }
    let interactive = polygon.assets.interactor.is_some();
    // What judges an output, on testlib's protocol (the jury runs a Polygon
    // package's programs as Polygon does): the interactor of an interactive
    // problem (the checker then judges what it wrote), else a checker the
    // default validator cannot stand for.
    let judged_by = match (&polygon.assets.interactor, &polygon.assets.checker) {
        (Some(interactor), _) => OutputValidator::Custom(program(interactor)),
        (None, Some(checker)) if custom_validation => {
            OutputValidator::Custom(program(&checker.program))
        }
        _ => OutputValidator::Default,
    };
    let scoring = crate::scoring::polygon::read(&polygon, &submissions, &|i| {
        index_of.get(i).copied().flatten()
    })?;
    let limits = judged;
    let config = ProblemConfig {
        format: Format::V2025,
        name: polygon.name().map(str::to_string),
        kind: ProblemType {
            interactive,
            passes: None,
            scoring: scoring.is_some(),
        },
        time_limit: limits
            .and_then(|t| t.time_limit_ms)
            .filter(|ms| *ms > 0)
            .map(|ms| (ms as f64 / 1000.0, PROBLEM_XML.to_string())),
        time_resolution: 1.0,
        multipliers: TimeRule::Polygon.default_multipliers(),
        time_rule: TimeRule::Polygon,
        memory_mib: limits
            .and_then(|t| t.memory_limit_bytes)
            .map(|b| b / (1024 * 1024))
            .filter(|m| *m > 0),
        output_mib: None,
        validator_flags,
        custom_validation,
        constants: Default::default(),
        wall_limit: None,
    };
    let name = polygon
        .short_name
        .clone()
        .filter(|n| !n.is_empty())
        .or_else(|| {
            dir.canonicalize()
                .ok()
                .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        })
        .unwrap_or_else(|| dir.display().to_string());
    Ok(Package {
        dir: dir.to_path_buf(),
        name,
        config,
        data,
        submissions,
        programs: Programs {
            input_validators,
            answer_validators: Vec::new(),
            output_validator: judged_by,
            generators_yaml: None,
        },
        generators: None,
        polygon: Some(polygon),
        scoring,
        sinol: None,
        issues,
    })
}
