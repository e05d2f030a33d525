//! A Kattis package written as a Polygon package: every test a manual test of
//! the testset `tests` (samples marked, the Kattis name kept as its
//! description), shipped with its answer as a full package does; the
//! validators under `files/`; a checker (the package's output validator, or a
//! testlib-protocol comparison of tokens with the default validator's flags
//! compiled in); each submission a solution tagged as its directory and rules
//! say. A scored package's groups, points and each submission's grades per
//! group are the testset's `<groups>` and the solutions' `<extra-tags>`
//! ([`PolygonGroups`]).

use super::groups::PolygonGroups;
use crate::convert::validator_wrapper::{wrap_validator, GroupKey};
use crate::convert::{file_name, issue, ConvertError, Out, TestBytes};
use crate::polygon::xml::escape;
use crate::polygon::SolutionTag;
use crate::{Issue, OutputValidator, Package, Submission};
use jurybox_languages::Language;
use std::collections::BTreeMap;

/// The default validator as a checker on testlib's protocol (`check INPUT
/// OUTPUT ANSWER`, exit 0 accepted, 1 wrong answer), its flags set at the top.
const DEFAULT_CHECKER: &str = include_str!("default_checker.cpp");

/// Polygon's language of a source: its extension's language's Polygon id.
fn language(path: &std::path::Path) -> Option<&'static str> {
    Language::of_file(path.file_name()?.to_str()?)?.polygon_id()
}

/// The tag that says what `submission`'s rules say, when one does.
fn tag_of(submission: &Submission, accepted_seen: bool) -> Option<SolutionTag> {
    let tag = SolutionTag::from_kattis_directory(submission.category.dir()).or_else(|| {
        let rule = submission.rules.iter().find(|r| r.tests.is_none())?;
        SolutionTag::ALL.into_iter().find(|t| {
            let (permitted, required) = t.kattis_rule();
            permitted == rule.permitted
                && (required == rule.required
                    || (required.is_empty()
                        && rule.required == crate::Verdict::ALL.into_iter().collect()))
        })
    })?;
    Some(if tag == SolutionTag::Accepted && !accepted_seen {
        SolutionTag::Main
    } else {
        tag
    })
}

/// The one source file of a Kattis program: the file itself, or the single
/// file of a directory program without build or run scripts.
fn single_source(path: &std::path::Path) -> Option<std::path::PathBuf> {
    if path.is_file() {
        return Some(path.to_path_buf());
    }
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(path)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    match files.as_slice() {
        [one] if language(one).is_some() => Some(one.clone()),
        _ => None,
    }
}

fn source_element(path: &str, language: Option<&str>) -> String {
    match language {
        Some(l) => format!("<source path=\"{}\" type=\"{l}\"/>", escape(path)),
        None => format!("<source path=\"{}\"/>", escape(path)),
    }
}

/// The arguments each Polygon group's tests had in the Kattis package, by the
/// group Polygon tells the validator (none for a testset without groups).
fn validator_arguments(
    package: &Package,
    groups: Option<&PolygonGroups>,
) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for (index, test) in package.data.tests.iter().enumerate() {
        let group = groups.map_or(String::new(), |g| g.group_name(index));
        out.entry(group)
            .or_insert_with(|| test.settings.input_validator_args.of("").to_vec());
    }
    out
}

/// Writes the Kattis `package` as a Polygon package in the new directory
/// `out`, `tests` holding its tests' bytes in run order. Returns what could not
/// be converted.
pub fn from_kattis(
    package: &Package,
    tests: &[TestBytes],
    out: &std::path::Path,
) -> Result<Vec<Issue>, ConvertError> {
    if package.polygon.is_some() {
        return Err(ConvertError::Source(format!(
            "{}: already a Polygon package",
            package.dir.display()
        )));
    }
    if package.data.tests.len() != tests.len() {
        return Err(ConvertError::TestCount {
            expected: package.data.tests.len(),
            given: tests.len(),
        });
    }
    let out = Out::new(out)?;
    let mut issues = Vec::new();
    if package.config.kind.interactive || package.config.kind.passes.is_some() {
        issues.push(issue(
            "problem.xml",
            "an interactive or multi-pass problem: its output validator is not made a Polygon interactor; the package is written as a standard problem",
        ));
    }
    let groups = PolygonGroups::of(package, &mut issues);
    let mut test_lines = Vec::new();
    for (i, (test, bytes)) in package.data.tests.iter().zip(tests).enumerate() {
        let index = i + 1;
        out.write(format!("tests/{index:02}"), &bytes.input)?;
        out.write(format!("tests/{index:02}.a"), &bytes.answer)?;
        let sample = if test.sample { " sample=\"true\"" } else { "" };
        let scored = groups
            .as_ref()
            .map(|g| g.test_attributes(i))
            .unwrap_or_default();
        test_lines.push(format!(
            "<test description=\"{}\"{scored} method=\"manual\"{sample}/>",
            escape(&test.name)
        ));
    }
    let (executables, resources, validators) =
        write_validators(&out, package, groups.as_ref(), &mut issues)?;
    let checker = write_checker(&out, package, &mut issues)?;
    let solutions = write_solutions(&out, package, groups.as_ref(), &mut issues)?;
    let (seconds, memory) = (
        package.config.time_limit.as_ref().map(|(s, _)| *s),
        package.config.memory_mib,
    );
    if seconds.is_none() {
        issues.push(issue(
            "problem.xml",
            "the package states no time limit: 1 s is written, derive and set the real one",
        ));
    }
    let time_ms = (seconds.unwrap_or(1.0) * 1000.0).round() as u64;
    let memory_bytes = memory.unwrap_or(256) * 1024 * 1024;
    let short_name: String = package
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let title = package
        .config
        .name
        .clone()
        .unwrap_or_else(|| package.name.clone());
    let tests_xml = test_lines
        .iter()
        .map(|l| format!("                {l}\n"))
        .collect::<String>();
    let block = |items: &[String], indent: &str| {
        items
            .iter()
            .map(|i| format!("{indent}{i}\n"))
            .collect::<String>()
    };
    let checker_xml = checker
        .map(|(path, language)| {
            format!(
                "        <checker type=\"testlib\">\n            {}\n        </checker>\n",
                source_element(&path, language)
            )
        })
        .unwrap_or_default();
    let text = format!(
        r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="1" short-name="{short}">
    <names>
        <name language="english" value="{title}"/>
    </names>
    <judging input-file="" output-file="">
        <testset name="tests">
            <time-limit>{time_ms}</time-limit>
            <memory-limit>{memory_bytes}</memory-limit>
            <test-count>{count}</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
{tests_xml}            </tests>
{groups_xml}        </testset>
    </judging>
    <files>
        <resources>
{resources}        </resources>
        <executables>
{executables}        </executables>
    </files>
    <assets>
{checker_xml}        <validators>
{validators}        </validators>
        <solutions>
{solutions}        </solutions>
    </assets>
</problem>
"#,
        short = escape(&short_name),
        title = escape(&title),
        count = test_lines.len(),
        executables = block(&executables, "            "),
        validators = block(&validators, "            "),
        solutions = block(&solutions, "            "),
        groups_xml = groups.as_ref().map(|g| g.groups_xml()).unwrap_or_default(),
        resources = block(&resources, "            "),
    );
    out.write("problem.xml", text.as_bytes())?;
    Ok(issues)
}

/// problem.xml's lines for the validators: `<executable>`s, `<file>`
/// resources and `<validator>`s.
type ValidatorLines = (Vec<String>, Vec<String>, Vec<String>);

/// Every input validator of one source, wrapped as a testlib-protocol one
/// told its group (`files/STEM.cpp`, the source beside it a resource), or
/// copied with an issue where it cannot be: the `<executable>`s, the
/// `<file>` resources and the `<validator>`s.
fn write_validators(
    out: &Out,
    package: &Package,
    groups: Option<&PolygonGroups>,
    issues: &mut Vec<Issue>,
) -> Result<ValidatorLines, ConvertError> {
    let mut executables = Vec::new();
    let mut resources = Vec::new();
    let mut validators = Vec::new();
    for v in &package.programs.input_validators {
        let Some(source) = single_source(&v.path) else {
            issues.push(issue(
                &format!("input_validators/{}", v.name),
                "a program of several files or with build scripts: Polygon takes one source file, left out",
            ));
            continue;
        };
        let stem = source
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
        let args = validator_arguments(package, groups);
        let at = match wrap_validator(
            out,
            &source,
            "files",
            &stem,
            &GroupKey::PolygonGroup,
            &args,
            issues,
        )? {
            Some(header) => {
                resources.push(format!(
                    "<file path=\"{}\" type=\"h.g++\"/>",
                    escape(&header)
                ));
                format!("files/{stem}.cpp")
            }
            None => {
                let at = format!("files/{}", file_name(&source));
                out.copy(&source, &at)?;
                issues.push(issue(
                    &at,
                    "a Kattis input validator (exit 42 valid) that is not one C or C++ file: a Polygon judge expects testlib's exit 0",
                ));
                at
            }
        };
        let source = source_element(&at, language(std::path::Path::new(&at)));
        executables.push(format!("<executable>{source}</executable>"));
        validators.push(format!("<validator>{source}</validator>"));
    }
    Ok((executables, resources, validators))
}

/// The output validator as Polygon's checker: the default one written out
/// with the package's flags (`files/check.cpp`), or a custom one of one
/// source copied; its path and language, or `None` when it cannot be.
fn write_checker(
    out: &Out,
    package: &Package,
    issues: &mut Vec<Issue>,
) -> Result<Option<(String, Option<&'static str>)>, ConvertError> {
    Ok(match &package.programs.output_validator {
        OutputValidator::Default => {
            let flags = package
                .data
                .tests
                .first()
                .map(|t| t.settings.output_validator_args.clone())
                .unwrap_or_default();
            let mut all = package.config.validator_flags.clone();
            all.extend(flags);
            let has = |f: &str| all.iter().any(|x| x == f);
            let tolerance = all
                .iter()
                .position(|f| f == "float_tolerance")
                .and_then(|i| all.get(i + 1))
                .and_then(|t| t.parse::<f64>().ok())
                .unwrap_or(-1.0);
            let source = DEFAULT_CHECKER
                .replace(
                    "CASE_SENSITIVE = false",
                    &format!("CASE_SENSITIVE = {}", has("case_sensitive")),
                )
                .replace(
                    "SPACE_SENSITIVE = false",
                    &format!("SPACE_SENSITIVE = {}", has("space_change_sensitive")),
                )
                .replace("TOLERANCE = -1.0", &format!("TOLERANCE = {tolerance:e}"));
            out.write("files/check.cpp", source.as_bytes())?;
            let cpp = Language::named("cpp").and_then(Language::polygon_id);
            Some(("files/check.cpp".to_string(), cpp))
        }
        OutputValidator::Custom(program) if single_source(&program.path).is_some() => {
            let source = single_source(&program.path).expect("checked");
            let at = format!("files/{}", file_name(&source));
            out.copy(&source, &at)?;
            issues.push(issue(
                &at,
                "the output validator speaks Kattis's protocol (42 / 43): a Polygon judge expects testlib's checker",
            ));
            Some((at, language(&source)))
        }
        OutputValidator::Custom(program) => {
            issues.push(issue(
                &format!("output_validator/{}", program.name),
                "a program of several files or with build scripts: Polygon takes one source file, left out",
            ));
            None
        }
    })
}

/// Each submission of one source in `solutions/`, with the Polygon tag its
/// rules mean (the first accepted one `main`): their `<solution>` elements.
fn write_solutions(
    out: &Out,
    package: &Package,
    groups: Option<&PolygonGroups>,
    issues: &mut Vec<Issue>,
) -> Result<Vec<String>, ConvertError> {
    let mut solutions = Vec::new();
    let mut accepted_seen = false;
    let mut taken: Vec<String> = Vec::new();
    for s in &package.submissions {
        let tag = tag_of(s, accepted_seen).or_else(|| groups.and_then(|g| g.main_tag(&s.name)));
        let Some(tag) = tag else {
            issues.push(issue(
                &format!("submissions/{}", s.name),
                "its rules match no Polygon tag: left out",
            ));
            continue;
        };
        accepted_seen |= tag.is_accepted();
        if s.path.is_dir() {
            issues.push(issue(
                &format!("submissions/{}", s.name),
                "a submission of several files: Polygon takes one source, left out",
            ));
            continue;
        }
        let file = s
            .path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let mut at = format!("solutions/{file}");
        if taken.contains(&at) {
            at = format!("solutions/{}", s.name.replace('/', "-"));
        }
        taken.push(at.clone());
        out.copy(&s.path, &at)?;
        let extra = groups.map(|g| g.extra_tags(&s.name)).unwrap_or_default();
        solutions.push(format!(
            "<solution tag=\"{}\">{}{extra}</solution>",
            tag.name(),
            source_element(&at, language(&s.path))
        ));
    }
    Ok(solutions)
}
