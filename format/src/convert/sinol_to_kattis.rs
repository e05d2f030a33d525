//! A sinol-make package written as a Kattis package (2025-09 or legacy):
//! each numbered group a test data group `data/secret/groupN/` with its
//! points and dependencies ([`KattisScoring`]), group 0 (the examples) in
//! `data/sample/`, each test under its sinol name (`sum1a`); the inwer behind
//! a wrapper that turns its exit 0 into Kattis's 42, told each test's file
//! name as sinol-make tells it (2025-09: each test's own arguments; legacy:
//! the group's first test's); the solutions in the directories their
//! `sinol_expected_scores` mean, their grades and points stated as each
//! layout states them, and where nothing is stated by sinol's naming rule
//! (`abcb1`: bad, `abcs1`: slow, `abc2`: another correct one). Answers are
//! judged by the default output validator, as oicompare compares tokens.

use super::kattis_scoring::TestFile;
use super::{
    build_and_run, file_name, issue, ConvertError, KattisLayout, KattisScoring, Out, Subtasks,
    TestBytes,
};
use crate::scoring::show;
use crate::{Issue, Package, Verdict, YamlMap};

/// The directory a 2025-09 package puts a submission in whose grades are
/// `grades` (each group's, every one known): the one verdict it fails with,
/// `rejected` for several.
fn v2025_dir(grades: &[Verdict]) -> &'static str {
    let failing: std::collections::BTreeSet<Verdict> = grades
        .iter()
        .copied()
        .filter(|v| *v != Verdict::AC)
        .collect();
    match failing.iter().collect::<Vec<_>>().as_slice() {
        [] => "accepted",
        [Verdict::WA] => "wrong_answer",
        [Verdict::TLE] => "time_limit_exceeded",
        [Verdict::RTE] => "run_time_error",
        _ => "rejected",
    }
}

/// The directory sinol's naming rule means for `file` (`abcb1.cpp` bad,
/// `abcs1.cpp` slow, else correct), in `layout`.
fn by_name(file: &str, task: &str, layout: KattisLayout) -> &'static str {
    match file.strip_prefix(task).and_then(|r| r.chars().next()) {
        Some('b') if layout == KattisLayout::V2025 => "rejected",
        Some('b') => "wrong_answer",
        Some('s') => "time_limit_exceeded",
        _ => "accepted",
    }
}

/// Writes the sinol `package` (read by [`crate::sinol::read`]) as a Kattis
/// package of `layout` in the new directory `out`, `tests` holding its tests
/// in order. Returns what could not be converted.
pub fn sinol_to_kattis(
    package: &Package,
    tests: &[TestBytes],
    out: &std::path::Path,
    layout: KattisLayout,
) -> Result<Vec<Issue>, ConvertError> {
    let sinol = package.sinol.as_ref().ok_or_else(|| {
        ConvertError::Source(format!(
            "{}: not a sinol-make package",
            package.dir.display()
        ))
    })?;
    if package.data.tests.len() != tests.len() {
        return Err(ConvertError::TestCount {
            expected: package.data.tests.len(),
            given: tests.len(),
        });
    }
    let out = Out::new(out)?;
    let mut issues = Vec::new();
    let subtasks = Subtasks::of(package, &mut issues)
        .ok_or_else(|| ConvertError::Source("the sinol package has no scoring".into()))?;
    if subtasks.groups.iter().any(|g| g.time_limit.is_some()) {
        issues.push(issue(
            "problem.yaml",
            "time_limits per group are not converted: a Kattis problem has one time limit",
        ));
    }
    let scoring = KattisScoring::new(&subtasks, layout);
    let files: Vec<TestFile> = package
        .data
        .tests
        .iter()
        .zip(tests)
        .map(|(t, bytes)| TestFile {
            stem: t.name.trim_start_matches("in/").to_string(),
            bytes,
            description: None,
            validator_args: t.settings.input_validator_args.clone(),
        })
        .collect();
    scoring.write_data(&out, &files, &mut issues)?;
    for v in &package.programs.input_validators {
        let at = "input_validators/inwer";
        let source = file_name(&v.path);
        let Some((build, start)) = build_and_run(None, &source) else {
            issues.push(issue(at, format!("{source}: no build rule here: left out")));
            continue;
        };
        out.copy(&v.path, format!("{at}/{source}"))?;
        out.executable(
            format!("{at}/build"),
            &format!("#!/bin/sh\nset -e\ncd \"$(dirname \"$0\")\"\n{build}\n"),
        )?;
        out.executable(
            format!("{at}/run"),
            &format!("#!/bin/sh\n# Kattis: exit 42 valid, 43 invalid; sinol's inwer: exit 0 valid.\nhere=\"$(dirname \"$0\")\"\n{start} \"$@\"\ncase $? in 0) exit 42 ;; *) exit 43 ;; esac\n"),
        )?;
    }
    if let crate::OutputValidator::Custom(checker) = &package.programs.output_validator {
        issues.push(issue(
            &format!("prog/{}", checker.name),
            "sinol's checker (OK/WRONG and points on stdout) is not converted: answers are compared token by token".to_string(),
        ));
    }
    write_solutions(&out, package, &sinol.task_id, &scoring, &mut issues)?;
    write_problem_yaml(&out, package, layout)?;
    out.write(
        format!("{}/problem.en.tex", layout.statement_dir()),
        format!(
            "\\problemname{{{}}}\n\nThe statement was not converted.\n",
            package.config.name.as_deref().unwrap_or(&package.name)
        )
        .as_bytes(),
    )?;
    issues.push(issue(
        &format!("{}/problem.en.tex", layout.statement_dir()),
        "sinol's statement (doc/, its own LaTeX class) is not converted: the statement holds only the name",
    ));
    Ok(issues)
}

fn write_solutions(
    out: &Out,
    package: &Package,
    task: &str,
    scoring: &KattisScoring,
    issues: &mut Vec<Issue>,
) -> Result<(), ConvertError> {
    let layout = scoring.layout;
    let mut yaml = yaml_serde::Mapping::new();
    for s in &package.submissions {
        let file = file_name(&s.path);
        let Some(expected) = scoring.subtasks.expected_of(&s.name) else {
            continue;
        };
        let grades = expected.every_grade();
        let (directory, lines) = match layout {
            KattisLayout::Legacy => match scoring.legacy_placement(expected, &file) {
                Some((d, lines)) => (d, lines),
                None => (by_name(&file, task, layout), String::new()),
            },
            KattisLayout::V2025 => match (expected.accepted, &grades) {
                (true, _) => ("accepted", String::new()),
                (false, Some(g)) => (v2025_dir(g), String::new()),
                (false, None) => (by_name(&file, task, layout), String::new()),
            },
        };
        if !expected.accepted && grades.is_none() {
            issues.push(issue(
                &format!("submissions/{directory}/{file}"),
                format!(
                    "{}: no grade stated in every group: its directory is sinol's naming rule's",
                    s.name
                ),
            ));
        }
        let bytes = std::fs::read(&s.path).map_err(|error| ConvertError::Io {
            file: s.path.display().to_string(),
            error,
        })?;
        let name = format!("{directory}/{file}");
        out.write(
            format!("submissions/{name}"),
            &[lines.as_bytes(), &bytes].concat(),
        )?;
        if layout == KattisLayout::V2025 {
            if let Some(entry) = scoring.yaml_entry(expected) {
                yaml.insert(name.into(), entry.into());
            }
        }
    }
    if !yaml.is_empty() {
        out.write(
            "submissions/submissions.yaml",
            yaml_serde::to_string(&yaml).unwrap_or_default().as_bytes(),
        )?;
    }
    Ok(())
}

fn write_problem_yaml(
    out: &Out,
    package: &Package,
    layout: KattisLayout,
) -> Result<(), ConvertError> {
    let title = package.config.name.clone().unwrap_or(package.name.clone());
    let mut limits = YamlMap::new();
    if let Some(mib) = package.config.memory_mib {
        limits.value("memory", mib);
    }
    let seconds = package.config.time_limit.as_ref().map(|(s, _)| *s);
    let mut doc = YamlMap::new();
    doc.comment(&format!(
        "Converted from the sinol-make package {} by jurybox.",
        package.name
    ));
    match layout {
        KattisLayout::V2025 => {
            if let Some(s) = seconds {
                limits.value("time_limit", s);
            }
            let mut name = YamlMap::new();
            name.value("en", title);
            doc.value("problem_format_version", "2025-09")
                .map("name", name)
                .value("type", "scoring");
        }
        KattisLayout::Legacy => {
            let mut grading = YamlMap::new();
            grading.value("show_test_data_groups", true);
            doc.value("name", title)
                .value("type", "scoring")
                .value("validation", "default")
                .map("grading", grading);
            if let Some(s) = seconds {
                out.write(".timelimit", format!("{}\n", show(s)).as_bytes())?;
            }
        }
    }
    doc.value(
        "uuid",
        crate::write::stable_uuid(&format!("sinol/{}", package.name)),
    )
    .value("license", "unknown");
    if !limits.is_empty() {
        doc.map("limits", limits);
    }
    out.write("problem.yaml", doc.render().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_follow_the_grades_then_sinols_names() {
        assert_eq!(v2025_dir(&[Verdict::AC, Verdict::WA]), "wrong_answer");
        assert_eq!(v2025_dir(&[Verdict::TLE, Verdict::WA]), "rejected");
        assert_eq!(v2025_dir(&[Verdict::AC, Verdict::AC]), "accepted");
        assert_eq!(by_name("sumb1.c", "sum", KattisLayout::V2025), "rejected");
        assert_eq!(
            by_name("sums2.cpp", "sum", KattisLayout::Legacy),
            "time_limit_exceeded"
        );
        assert_eq!(by_name("sum2.c", "sum", KattisLayout::Legacy), "accepted");
    }
}
