//! A Polygon package written as a Kattis package (2025-09, or legacy where
//! [`KattisLayout`] says how the layouts part): the judged
//! testset's samples in `data/sample/`, the rest in `data/secret/` (a group's
//! tests in `data/secret/GROUP/`, whose `test_group.yaml` passes the validators
//! `--testset tests --group GROUP` as Polygon does), the validators' invalid
//! tests in `data/invalid_input/`, the checker's tests in `data/valid_output/`
//! and `data/invalid_output/` (with LF line endings, as Polygon's Linux
//! package and jurybox's self-check have them), each validator in `input_validators/` and the
//! checker (or, for a standard checker the default validator judges exactly,
//! its flags) as the output validator, each behind a wrapper that turns
//! testlib's exit codes into Kattis's; every solution in the `submissions/`
//! directory its tag means, the tags no directory means stated in
//! `submissions.yaml` (legacy: in an `@EXPECTED_RESULTS@` line).

use crate::convert::kattis_scoring::TestFile;
use crate::convert::{
    build_and_run, expected_results_line, file_name, issue, ConvertError, KattisLayout, Out,
    TestBytes,
};
use crate::convert::{KattisScoring, Subtasks};
use crate::polygon::package::default_validator_flags;
use crate::polygon::{test_name_of, CheckerVerdict, Polygon, ProgramFile, SolutionTag, Testset};
use crate::write::stable_uuid;
use crate::{Issue, Package, YamlMap};
use std::collections::BTreeMap;
use std::path::Path;

/// The headers of the package (testlib.h and the setter's own), which every
/// wrapped program gets beside its source.
fn headers(polygon: &Polygon) -> Vec<&Path> {
    polygon
        .assets
        .resources
        .iter()
        .filter(|r| {
            r.kind.as_deref().is_some_and(|k| k.starts_with("h."))
                || r.path.extension().is_some_and(|e| e == "h" || e == "hpp")
        })
        .map(|r| r.path.as_path())
        .collect()
}

/// `program` as a directory program `at`: its source, the headers, a `build`
/// script and a `run` script whose body is `run` (given how to start the
/// built program). `None` (and an issue) for a language the wrapper cannot build.
fn wrap(
    out: &Out,
    dir: &Path,
    polygon: &Polygon,
    program: &ProgramFile,
    at: &str,
    binary: &str,
    issues: &mut Vec<Issue>,
) -> Result<Option<String>, ConvertError> {
    let source = file_name(&program.source);
    let Some((build, start)) = build_and_run(program.language.as_deref(), &source) else {
        issues.push(issue(
            at,
            format!(
                "{}: language {} has no build rule here: left out",
                program.source.display(),
                program.language.as_deref().unwrap_or("unknown")
            ),
        ));
        return Ok(None);
    };
    out.copy(&dir.join(&program.source), format!("{at}/{source}"))?;
    for header in headers(polygon) {
        let from = dir.join(header);
        if from.is_file() {
            out.copy(&from, format!("{at}/{}", file_name(header)))?;
        }
    }
    let build = build.replace("-o program", &format!("-o {binary}"));
    let start = start.replace("$here/program", &format!("$here/{binary}"));
    let script = format!("#!/bin/sh\nset -e\ncd \"$(dirname \"$0\")\"\n{build}\n");
    let build_path = format!("{at}/build");
    let existing = std::fs::read_to_string(out.root.join(&build_path)).unwrap_or_default();
    let script = if existing.is_empty() {
        script
    } else {
        format!("{existing}{build}\n")
    };
    out.executable(&build_path, &script)?;
    Ok(Some(start))
}

/// How the legacy problem.yaml says the output is judged: `validation`, and
/// the default validator's flags when it judges.
pub(super) struct Validation<'a> {
    scoring: bool,
    custom: bool,
    interactive: bool,
    flags: Option<&'a [String]>,
}

fn problem_yaml(
    package: &Package,
    polygon: &Polygon,
    validation: &Validation,
    layout: KattisLayout,
) -> YamlMap {
    let interactive = validation.interactive;
    let mut limits = YamlMap::new();
    if let Some((seconds, _)) = package.config.time_limit {
        // The legacy format states it in `.timelimit` (DOMjudge's file).
        if layout == KattisLayout::V2025 {
            limits.value("time_limit", seconds);
        }
    }
    if let Some(mib) = package.config.memory_mib {
        limits.value("memory", mib);
    }
    let mut doc = YamlMap::new();
    doc.comment(&format!(
        "Converted from the Polygon package {} by jurybox{}.",
        polygon.short_name.as_deref().unwrap_or(&package.name),
        polygon
            .judging
            .cpu_name
            .as_deref()
            .map(|c| format!("; its time limit was tuned on {c}"))
            .unwrap_or_default()
    ));
    let title = polygon.name().unwrap_or(&package.name).to_string();
    match layout {
        KattisLayout::V2025 => {
            doc.value("problem_format_version", "2025-09");
            let kind = match (interactive, validation.scoring) {
                (true, true) => "interactive scoring",
                (true, false) => "interactive",
                (false, true) => "scoring",
                (false, false) => "pass-fail",
            };
            doc.value("type", kind);
            let mut name = YamlMap::new();
            name.value("en", title);
            doc.map("name", name);
        }
        KattisLayout::Legacy => {
            doc.value("name", title);
            if validation.scoring {
                doc.value("type", "scoring");
                let mut grading = YamlMap::new();
                grading.value("show_test_data_groups", true);
                doc.map("grading", grading);
            }
            let how = match (validation.custom, interactive) {
                (_, true) => "custom interactive",
                (true, false) => "custom",
                (false, false) => "default",
            };
            doc.value("validation", how);
            if let Some(flags) = validation.flags {
                doc.value("validator_flags", flags.join(" "));
            }
        }
    }
    doc.value(
        "uuid",
        stable_uuid(&format!(
            "polygon/{}",
            polygon.short_name.as_deref().unwrap_or(&package.name)
        )),
    );
    doc.value("license", "unknown");
    if !limits.is_empty() {
        doc.map("limits", limits);
    }
    doc
}

/// The statement from Polygon's `statement-sections/LANGUAGE/` (legend, input,
/// output, notes), under `\problemname`; an issue when there is none.
fn statement(dir: &Path, polygon: &Polygon, name: &str, issues: &mut Vec<Issue>) -> String {
    let sections = ["english", "russian"]
        .iter()
        .map(|l| dir.join("statement-sections").join(l))
        .find(|d| d.join("legend.tex").is_file());
    let mut text = format!("\\problemname{{{}}}\n\n", polygon.name().unwrap_or(name));
    match sections {
        Some(d) => {
            for (file, title) in [
                ("legend.tex", None),
                ("input.tex", Some("Input")),
                ("output.tex", Some("Output")),
                ("notes.tex", Some("Notes")),
            ] {
                let Ok(body) = std::fs::read_to_string(d.join(file)) else {
                    continue;
                };
                if let Some(t) = title {
                    text.push_str(&format!("\\section*{{{t}}}\n"));
                }
                text.push_str(body.trim_end());
                text.push_str("\n\n");
            }
        }
        None => {
            issues.push(issue(
                "statement/problem.en.tex",
                "the package has no statement-sections/: the statement holds only the name",
            ));
            text.push_str("The statement was not converted.\n");
        }
    }
    text
}

/// A test case or group configuration giving `key` the arguments `args`.
fn args_yaml(key: &str, args: &[String]) -> Vec<u8> {
    let mut doc = yaml_serde::Mapping::new();
    let list: Vec<yaml_serde::Value> = args.iter().map(|a| a.as_str().into()).collect();
    doc.insert(key.into(), list.into());
    yaml_serde::to_string(&doc).unwrap_or_default().into_bytes()
}

/// The run script of the output validator: the team's output saved in the
/// feedback directory, the checker run as `check INPUT OUTPUT ANSWER`, its
/// verdict turned into 42 / 43.
fn checker_run(start: &str) -> String {
    format!(
        "#!/bin/sh\n# Kattis: run INPUT ANSWER FEEDBACK_DIR < output; testlib: check INPUT OUTPUT ANSWER.\n\
         here=\"$(dirname \"$0\")\"\noutput=\"$3/team_output\"\ncat > \"$output\"\n\
         {start} \"$1\" \"$output\" \"$2\" 2> \"$3/judgemessage.txt\"\n\
         case $? in 0) exit 42 ;; 1|2) exit 43 ;; *) exit 1 ;; esac\n"
    )
}

/// The run script of an interactive problem: the interactor talks with the
/// team on stdin/stdout and writes its output file, which the checker, if any,
/// then judges.
fn interactor_run(interactor: &str, checker: Option<&str>) -> String {
    let check = match checker {
        Some(c) => format!(
            "{c} \"$1\" \"$output\" \"$2\" 2>> \"$3/judgemessage.txt\"\ncase $? in 0) exit 42 ;; 1|2) exit 43 ;; *) exit 1 ;; esac\n"
        ),
        None => "exit 42\n".into(),
    };
    format!(
        "#!/bin/sh\n# Kattis: run INPUT ANSWER FEEDBACK_DIR, the team on stdin/stdout; testlib: interactor INPUT OUTPUT.\n\
         output=\"$3/interactor_output\"\nhere=\"$(dirname \"$0\")\"\n\
         {interactor} \"$1\" \"$output\" 2> \"$3/judgemessage.txt\"\n\
         case $? in 0) ;; 1|2) exit 43 ;; *) exit 1 ;; esac\n{check}"
    )
}

/// The judged testset's tests of a pass-fail problem: samples in
/// `data/sample/`, the rest in `data/secret/` (a group's tests in
/// `data/secret/GROUP/`, told `--testset tests --group GROUP` as Polygon tells
/// its validators).
fn write_pass_fail_tests(
    out: &Out,
    set: &Testset,
    tests: &[TestBytes],
    layout: KattisLayout,
    width: usize,
) -> Result<(), ConvertError> {
    let mut groups: Vec<&str> = Vec::new();
    for (test, bytes) in set.tests.iter().zip(tests) {
        let place = match (&test.group, test.sample) {
            (_, true) => "sample".to_string(),
            (Some(g), false) if !set.groups.is_empty() => {
                if !groups.contains(&g.as_str()) {
                    groups.push(g);
                }
                format!("secret/{g}")
            }
            _ => "secret".to_string(),
        };
        let stem = format!("data/{place}/{:0width$}", test.index);
        out.write(format!("{stem}.in"), &bytes.input)?;
        out.write(format!("{stem}.ans"), &bytes.answer)?;
        if let Some(d) = &test.description {
            match layout {
                KattisLayout::V2025 => {
                    out.write(format!("{stem}.yaml"), crate::test_yaml(d).as_bytes())?
                }
                KattisLayout::Legacy => out.write(format!("{stem}.desc"), d.as_bytes())?,
            }
        }
    }
    for g in &groups {
        let args = ["--testset", "tests", "--group", g].map(String::from);
        let (file, text) = layout.validator_args(&args);
        out.write(format!("data/secret/{g}/{file}"), &text)?;
    }
    Ok(())
}

/// Each solution in the directory its tag means (a scored problem's in the one
/// its expectation means in the legacy layout), the tags no directory means
/// stated in submissions.yaml (legacy: an `@EXPECTED_RESULTS@` line), and a
/// scored problem's expectations per group (submissions.yaml; legacy:
/// `@EXPECTED_GRADES@` and `@EXPECTED_SCORE@` lines).
fn write_solutions(
    out: &Out,
    polygon: &Polygon,
    dir: &Path,
    layout: KattisLayout,
    scoring: Option<&KattisScoring>,
    issues: &mut Vec<Issue>,
) -> Result<(), ConvertError> {
    let mut yaml_rules = BTreeMap::new();
    let mut taken: Vec<String> = Vec::new();
    for s in &polygon.assets.solutions {
        let Some((tag_directory, exact)) = s.tag.kattis_directory() else {
            issues.push(issue(
                &s.program.source.display().to_string(),
                "tagged do-not-run: left out",
            ));
            continue;
        };
        let file = file_name(&s.program.source);
        let expected = scoring.and_then(|k| {
            let e = k.subtasks.expected_of(&test_name_of(&s.program.source))?;
            Some((k, e))
        });
        let placed = match (expected, layout) {
            (Some((k, e)), KattisLayout::Legacy) => k.legacy_placement(e, &file),
            _ => None,
        };
        let directory = placed.as_ref().map_or(tag_directory, |(d, _)| *d);
        let mut name = format!("{directory}/{file}");
        if taken.contains(&name) {
            name = format!("{directory}/{}-{file}", taken.len());
        }
        let source = dir.join(&s.program.source);
        let stated = match &placed {
            Some((_, lines)) => Some(lines.clone()),
            None => (layout == KattisLayout::Legacy && (!exact || directory == "rejected"))
                .then(|| expected_results_line(&name, &s.tag.kattis_rule().0))
                .flatten(),
        };
        match stated.filter(|l| !l.is_empty()) {
            Some(line) => {
                let bytes = std::fs::read(&source).map_err(|error| ConvertError::Io {
                    file: source.display().to_string(),
                    error,
                })?;
                out.write(
                    format!("submissions/{name}"),
                    &[line.as_bytes(), &bytes].concat(),
                )?;
            }
            None => out.copy(&source, format!("submissions/{name}"))?,
        }
        if let (Some((k, e)), KattisLayout::V2025) = (expected, layout) {
            if let Some(entry) = k.yaml_entry(e) {
                yaml_rules.insert(name.clone(), entry);
            }
        }
        taken.push(name);
        if !s.extra_tags.is_empty() && scoring.is_none() {
            issues.push(issue(
                &s.program.source.display().to_string(),
                "its tags on single groups are not converted: only its main tag is",
            ));
        }
        if !exact && placed.is_none() {
            let (permitted, required) = s.tag.kattis_rule();
            let list = |set: std::collections::BTreeSet<crate::Verdict>| -> yaml_serde::Value {
                set.iter()
                    .map(|v| yaml_serde::Value::from(v.code()))
                    .collect::<Vec<_>>()
                    .into()
            };
            let mut rule = yaml_serde::Mapping::new();
            rule.insert("permitted".into(), list(permitted));
            if !required.is_empty() {
                rule.insert("required".into(), list(required));
            }
            yaml_rules.insert(format!("{directory}/"), rule);
        }
    }
    if !yaml_rules.is_empty() && layout == KattisLayout::V2025 {
        let doc: yaml_serde::Mapping = yaml_rules
            .into_iter()
            .map(|(k, v)| (k.into(), v.into()))
            .collect();
        out.write(
            "submissions/submissions.yaml",
            yaml_serde::to_string(&doc).unwrap_or_default().as_bytes(),
        )?;
    }
    Ok(())
}
/// The validators, each wrapped as a Kattis one (exit 42 / 43), and, in the
/// 2025-09 layout, their own invalid tests as `data/invalid_input/`, each
/// told the testset and group Polygon tells it.
fn write_validators(
    out: &Out,
    dir: &Path,
    polygon: &Polygon,
    layout: KattisLayout,
    issues: &mut Vec<Issue>,
) -> Result<(), ConvertError> {
    for v in &polygon.assets.validators {
        let at = format!("input_validators/{}", v.program.stem());
        if let Some(start) = wrap(out, dir, polygon, &v.program, &at, "validator", issues)? {
            out.executable(
                format!("{at}/run"),
                &format!(
                    "#!/bin/sh\n# Kattis: exit 42 valid, 43 invalid; testlib: exit 0 valid.\nhere=\"$(dirname \"$0\")\"\n{start} \"$@\"\ncase $? in 0) exit 42 ;; *) exit 43 ;; esac\n"
                ),
            )?;
        }
        for t in v
            .tests
            .iter()
            .filter(|t| !t.valid && layout == KattisLayout::V2025)
        {
            let from = dir.join(&t.input);
            if from.is_file() {
                let stem = format!("data/invalid_input/{}-{:02}", v.program.stem(), t.index);
                out.copy_unix(&from, format!("{stem}.in"))?;
                // The testset and group the validator is told, as Polygon tells it.
                let mut args = Vec::new();
                for (flag, value) in [("--testset", &t.testset), ("--group", &t.group)] {
                    if let Some(value) = value {
                        args.extend([flag.to_string(), value.clone()]);
                    }
                }
                if !args.is_empty() {
                    out.write(
                        format!("{stem}.yaml"),
                        &args_yaml("input_validator_args", &args),
                    )?;
                }
            } else {
                issues.push(issue(
                    &t.input.display().to_string(),
                    "validator test missing: not converted",
                ));
            }
        }
    }
    Ok(())
}

/// The checker's own tests as `data/valid_output/` and `invalid_output/`
/// (2025-09 only; a test expecting a crash has no counterpart).
fn write_checker_tests(
    out: &Out,
    dir: &Path,
    c: &crate::polygon::Checker,
    issues: &mut Vec<Issue>,
) -> Result<(), ConvertError> {
    for t in &c.tests {
        let place = match t.verdict {
            CheckerVerdict::Ok => "valid_output",
            CheckerVerdict::WrongAnswer | CheckerVerdict::PresentationError => "invalid_output",
            CheckerVerdict::Crashed => {
                issues.push(issue(
                    &t.input.display().to_string(),
                    "a checker test that expects a crash has no Kattis counterpart: left out",
                ));
                continue;
            }
        };
        let files = [(&t.input, "in"), (&t.answer, "ans"), (&t.output, "out")];
        if files.iter().any(|(p, _)| !dir.join(p).is_file()) {
            issues.push(issue(
                &t.input.display().to_string(),
                "checker test incomplete: not converted",
            ));
            continue;
        }
        for (p, ext) in files {
            out.copy_unix(
                &dir.join(p),
                format!("data/{place}/checker-{:02}.{ext}", t.index),
            )?;
        }
    }
    Ok(())
}

/// Writes the Polygon `package` (read by [`crate::polygon::read`]) as a Kattis
/// package of `layout` in the new directory `out`, `tests` holding the judged
/// testset's tests in order. Returns what could not be converted.
pub fn to_kattis(
    package: &Package,
    tests: &[TestBytes],
    out: &Path,
    layout: KattisLayout,
) -> Result<Vec<Issue>, ConvertError> {
    let polygon = package.polygon.as_ref().ok_or_else(|| {
        ConvertError::Source(format!("{}: not a Polygon package", package.dir.display()))
    })?;
    let set = polygon
        .judged()
        .ok_or_else(|| ConvertError::Source("problem.xml has no testset".into()))?;
    if set.tests.len() != tests.len() {
        return Err(ConvertError::TestCount {
            expected: set.tests.len(),
            given: tests.len(),
        });
    }
    let out = Out::new(out)?;
    let dir = &package.dir;
    let mut issues = Vec::new();
    let width = set.tests.len().to_string().len().max(2);
    let subtasks = Subtasks::of(package, &mut issues);
    let scoring = subtasks.as_ref().map(|s| KattisScoring::new(s, layout));
    match &scoring {
        Some(scoring) => {
            let files: Vec<TestFile> = set
                .tests
                .iter()
                .zip(tests)
                .zip(&package.data.tests)
                .map(|((test, bytes), case)| TestFile {
                    stem: format!("{:0width$}", test.index),
                    bytes,
                    description: test.description.clone(),
                    validator_args: case.settings.input_validator_args.clone(),
                })
                .collect();
            scoring.write_data(&out, &files, &mut issues)?;
        }
        None => write_pass_fail_tests(&out, set, tests, layout, width)?,
    }
    if layout == KattisLayout::Legacy {
        let self_tests = polygon
            .assets
            .validators
            .iter()
            .any(|v| !v.tests.is_empty())
            || polygon
                .assets
                .checker
                .as_ref()
                .is_some_and(|c| !c.tests.is_empty());
        if self_tests {
            issues.push(issue(
                "data/",
                "the legacy format has no invalid_input/, valid_output/ or invalid_output/: the validators' and the checker's own tests are not converted (the 2025-09 layout keeps them)",
            ));
        }
    }
    write_validators(&out, dir, polygon, layout, &mut issues)?;
    // The checker, or the default validator's flags; an interactor with it.
    let interactive = polygon.assets.interactor.is_some();
    let checker = polygon.assets.checker.as_ref();
    let flags = checker.and_then(default_validator_flags);
    if interactive {
        let interactor = polygon.assets.interactor.as_ref().expect("checked");
        let at = layout.output_validator_dir();
        let started = wrap(
            &out,
            dir,
            polygon,
            interactor,
            at,
            "interactor",
            &mut issues,
        )?;
        let check = match checker {
            Some(c) => wrap(&out, dir, polygon, &c.program, at, "checker", &mut issues)?,
            None => None,
        };
        if let Some(start) = started {
            out.executable(
                format!("{at}/run"),
                &interactor_run(&start, check.as_deref()),
            )?;
        }
    } else if let (Some(flags), KattisLayout::V2025) = (&flags, layout) {
        out.write(
            "data/test_group.yaml",
            &args_yaml("output_validator_args", flags),
        )?;
    } else if let (Some(c), None) = (checker, &flags) {
        let at = layout.output_validator_dir();
        if let Some(start) = wrap(&out, dir, polygon, &c.program, at, "checker", &mut issues)? {
            out.executable(format!("{at}/run"), &checker_run(&start))?;
        }
    }
    if let (Some(c), KattisLayout::V2025) = (checker, layout) {
        write_checker_tests(&out, dir, c, &mut issues)?;
    }
    write_solutions(
        &out,
        polygon,
        &package.dir,
        layout,
        scoring.as_ref(),
        &mut issues,
    )?;
    if !polygon
        .assets
        .solutions
        .iter()
        .any(|s| s.tag == SolutionTag::Main)
    {
        issues.push(issue("submissions/accepted/", "no solution is tagged main"));
    }
    let validation = Validation {
        scoring: scoring.is_some(),
        custom: checker.is_some() && flags.is_none(),
        interactive,
        flags: flags.as_deref(),
    };
    out.write(
        "problem.yaml",
        problem_yaml(package, polygon, &validation, layout)
            .render()
            .as_bytes(),
    )?;
    if let (Some((seconds, _)), KattisLayout::Legacy) = (&package.config.time_limit, layout) {
        out.write(".timelimit", format!("{seconds}\n").as_bytes())?;
    }
    out.write(
        format!("{}/problem.en.tex", layout.statement_dir()),
        statement(dir, polygon, &package.name, &mut issues).as_bytes(),
    )?;
    if polygon.judging.input_file.is_some() || polygon.judging.output_file.is_some() {
        issues.push(issue(
            "problem.yaml",
            "the problem reads or writes named files; a Kattis judge uses stdin and stdout",
        ));
    }
    Ok(issues)
}
