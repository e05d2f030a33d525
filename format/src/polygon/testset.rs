//! A `<testset>` of problem.xml: its limits, where its files lie (printf
//! patterns such as `tests/%02d`), and each test, manual (a file shipped in the
//! package) or generated (a command of the package's generators, which a
//! standard package ships without its output: `doall.sh` makes it). One
//! generator call may fill several tests: problem.xml then gives each of them
//! the same `cmd` and a `from-file`, the name of the file the generator writes
//! for it in its working directory (testlib's `startTest(i)` writes file `i`),
//! and doall.sh runs it once through `scripts/gen-input-via-files.sh`, which
//! takes `N`, `0N` or `00N` for file `N`. Polygon's own script says the same as
//! `gen 10 > {2-5}`.

use super::xml::{self, attr, attr_bool, attr_number, child, child_number, child_text, children};
use crate::Issue;
use roxmltree::Node;
use std::path::PathBuf;

/// How a test's input is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TestSource {
    /// A file of the package (`method="manual"`).
    Manual,
    /// The output of a generator (`method="generated"`).
    Generated {
        /// The command, from the package's root: the generator's name (an
        /// executable's file stem) and its arguments (`gen 10 5`).
        cmd: String,
        /// The file the generator writes for this test when one call fills
        /// several (`from-file`); `None`: the test is its standard output.
        from_file: Option<String>,
    },
}

/// One test of a testset.
#[derive(Clone, Debug, PartialEq)]
pub struct PolygonTest {
    /// Its number in the testset, from 1.
    pub index: usize,
    /// How its input is made.
    pub source: TestSource,
    /// Shown in the statement (`sample="true"`).
    pub sample: bool,
    /// Its group, when the testset has groups.
    pub group: Option<String>,
    /// Its points.
    pub points: Option<f64>,
    /// What it is for.
    pub description: Option<String>,
    /// Its input file, relative to the package (`tests/03`): the pattern filled in.
    pub input: PathBuf,
    /// Its answer file, relative to the package (`tests/03.a`).
    pub answer: Option<PathBuf>,
}

/// A group of tests, scored together.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Its name.
    pub name: String,
    /// Its points.
    pub points: Option<f64>,
    /// `each-test` or `complete-group`.
    pub points_policy: Option<String>,
    /// `complete`, `icpc`, `points` or `none`.
    pub feedback_policy: Option<String>,
    /// The groups that must pass before this one is scored.
    pub dependencies: Vec<String>,
}

/// A testset.
#[derive(Clone, Debug, PartialEq)]
pub struct Testset {
    /// Its name; the one named `tests` is what is judged.
    pub name: String,
    /// The time limit, in milliseconds.
    pub time_limit_ms: Option<u64>,
    /// The memory limit, in bytes.
    pub memory_limit_bytes: Option<u64>,
    /// `<input-path-pattern>` (`tests/%02d`).
    pub input_pattern: Option<String>,
    /// `<answer-path-pattern>` (`tests/%02d.a`).
    pub answer_pattern: Option<String>,
    /// Its tests, in order.
    pub tests: Vec<PolygonTest>,
    /// Its groups.
    pub groups: Vec<Group>,
}

/// One run of a generator and the tests it fills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorCall {
    /// The command (`gen 10 5`).
    pub cmd: String,
    /// What it fills: each test's index and, for a call that writes files, the
    /// file it takes (`None`: the call's standard output is the one test).
    pub outputs: Vec<(usize, Option<String>)>,
}

impl Testset {
    /// The runs of generators that make this testset's generated tests, in the
    /// order of their first test: a command with `from-file` tests runs once for
    /// all of them; a command without is one test, run once per test (the same
    /// command twice makes the same test twice, as Polygon's script does).
    pub fn generator_calls(&self) -> Vec<GeneratorCall> {
        let mut calls: Vec<GeneratorCall> = Vec::new();
        for test in &self.tests {
            let TestSource::Generated { cmd, from_file } = &test.source else {
                continue;
            };
            match from_file {
                Some(file) => {
                    if let Some(call) = calls
                        .iter_mut()
                        .find(|c| &c.cmd == cmd && c.outputs.iter().all(|(_, f)| f.is_some()))
                    {
                        call.outputs.push((test.index, Some(file.clone())));
                        continue;
                    }
                    calls.push(GeneratorCall {
                        cmd: cmd.clone(),
                        outputs: vec![(test.index, Some(file.clone()))],
                    });
                }
                None => calls.push(GeneratorCall {
                    cmd: cmd.clone(),
                    outputs: vec![(test.index, None)],
                }),
            }
        }
        calls
    }

    /// The group named `name`.
    pub fn group(&self, name: &str) -> Option<&Group> {
        self.groups.iter().find(|g| g.name == name)
    }
}

/// The names a generator's file `from_file` may have in its working directory,
/// in the order `gen-input-via-files.sh` tries them (`7`, `07`, `007`).
pub fn from_file_candidates(from_file: &str) -> Vec<String> {
    let mut out = vec![from_file.to_string()];
    if from_file.chars().all(|c| c.is_ascii_digit()) {
        out.push(format!("0{from_file}"));
        out.push(format!("00{from_file}"));
    }
    out
}

/// The widest printf field a test's file name may ask (`%020d`): twice the
/// digits of the largest test number, and far below a width that would
/// allocate gigabytes (`%0999999999d`) or overflow (twenty digits).
pub const MAX_PATTERN_WIDTH: usize = 40;

/// Why a test-name pattern cannot be filled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PathPatternError {
    /// No `%d` (with only digits between `%` and `d`).
    #[error("has no %d")]
    NoConversion,
    /// A field wider than [`MAX_PATTERN_WIDTH`].
    #[error("asks a field {width} characters wide (at most {MAX_PATTERN_WIDTH})")]
    TooWide {
        /// The width asked, as written.
        width: String,
    },
}

/// `pattern` with its one printf conversion (`%d`, `%02d`, `%3d`) filled with
/// `index`; an error when the pattern has no such conversion, or asks a
/// field wider than [`MAX_PATTERN_WIDTH`].
pub fn fill_pattern(pattern: &str, index: usize) -> Result<String, PathPatternError> {
    let start = pattern.find('%').ok_or(PathPatternError::NoConversion)?;
    let rest = &pattern[start + 1..];
    let spec_len = rest.find('d').ok_or(PathPatternError::NoConversion)?;
    let spec = &rest[..spec_len];
    if !spec.chars().all(|c| c.is_ascii_digit()) {
        return Err(PathPatternError::NoConversion);
    }
    let digits = spec.strip_prefix('0');
    let zero = digits.is_some();
    let digits = digits.unwrap_or(spec);
    let width = match digits.parse::<usize>() {
        Ok(width) if width <= MAX_PATTERN_WIDTH => width,
        Err(_) if digits.is_empty() => 0,
        _ => {
            return Err(PathPatternError::TooWide {
                width: digits.to_string(),
            })
        }
    };
    let number = if zero {
        format!("{index:0width$}")
    } else {
        format!("{index:width$}")
    };
    Ok(format!(
        "{}{}{}",
        &pattern[..start],
        number,
        &rest[spec_len + 1..]
    ))
}

/// Reads a `<testset>` element. `file` names problem.xml in issues.
pub(crate) fn read(node: Node, file: &str, issues: &mut Vec<Issue>) -> Testset {
    let name = attr(node, "name").unwrap_or_default();
    let input_pattern = child_text(node, "input-path-pattern");
    let answer_pattern = child_text(node, "answer-path-pattern");
    let shown = if name.is_empty() { "testset" } else { &name };
    for (what, pattern) in [
        ("input-path-pattern", &input_pattern),
        ("answer-path-pattern", &answer_pattern),
    ] {
        if let Some(Err(e)) = pattern.as_deref().map(|p| fill_pattern(p, 1)) {
            issues.push(Issue::new(
                file,
                format!(
                    "testset {shown}: {what} '{}' {e}: its tests have no such files",
                    pattern.as_deref().unwrap_or("")
                ),
            ));
        }
    }
    let mut tests = Vec::new();
    if let Some(list) = child(node, "tests") {
        for (i, t) in children(list, "test").enumerate() {
            let index = i + 1;
            let method = t.attribute("method").unwrap_or("manual");
            let source = match (method, t.attribute("cmd")) {
                ("generated", Some(cmd)) if !cmd.trim().is_empty() => TestSource::Generated {
                    cmd: cmd.trim().to_string(),
                    from_file: attr(t, "from-file").filter(|f| !f.trim().is_empty()),
                },
                ("generated", _) => {
                    issues.push(Issue::new(
                        file,
                        format!(
                            "{}: test {index} of {shown} is generated but has no cmd: read as manual",
                            xml::at(t)
                        ),
                    ));
                    TestSource::Manual
                }
                ("manual", _) => TestSource::Manual,
                (other, _) => {
                    issues.push(Issue::new(
                        file,
                        format!(
                            "{}: test {index} of {shown} has method '{other}' (manual or generated): read as manual",
                            xml::at(t)
                        ),
                    ));
                    TestSource::Manual
                }
            };
            let fill = |p: &Option<String>| p.as_deref().and_then(|p| fill_pattern(p, index).ok());
            tests.push(PolygonTest {
                index,
                source,
                sample: attr_bool(t, "sample", file, issues),
                group: attr(t, "group").filter(|g| !g.is_empty()),
                points: attr_number(t, "points", file, issues),
                description: attr(t, "description"),
                input: PathBuf::from(
                    fill(&input_pattern).unwrap_or_else(|| format!("{name}/{index:02}")),
                ),
                answer: fill(&answer_pattern).map(PathBuf::from),
            });
        }
    }
    if let Some(count) = child_number(node, "test-count", file, issues) {
        if count as usize != tests.len() {
            issues.push(Issue::new(
                file,
                format!(
                    "testset {shown}: test-count says {count} but {} tests are listed: the list is used",
                    tests.len()
                ),
            ));
        }
    }
    let mut groups = Vec::new();
    if let Some(list) = child(node, "groups") {
        for g in children(list, "group") {
            let Some(group_name) = attr(g, "name") else {
                issues.push(Issue::new(
                    file,
                    format!("{}: a group without a name: ignored", xml::at(g)),
                ));
                continue;
            };
            let dependencies = child(g, "dependencies")
                .map(|d| {
                    children(d, "dependency")
                        .filter_map(|d| attr(d, "group"))
                        .collect()
                })
                .unwrap_or_default();
            groups.push(Group {
                name: group_name,
                points: attr_number(g, "points", file, issues),
                points_policy: attr(g, "points-policy"),
                feedback_policy: attr(g, "feedback-policy"),
                dependencies,
            });
        }
    }
    for test in &tests {
        if let Some(g) = &test.group {
            if !groups.is_empty() && !groups.iter().any(|x| &x.name == g) {
                issues.push(Issue::new(
                    file,
                    format!(
                        "testset {shown}: test {} is in group '{g}', which <groups> does not list",
                        test.index
                    ),
                ));
            }
        }
    }
    Testset {
        name,
        time_limit_ms: child_number(node, "time-limit", file, issues),
        memory_limit_bytes: child_number(node, "memory-limit", file, issues),
        input_pattern,
        answer_pattern,
        tests,
        groups,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_are_filled_as_printf_fills_them() {
        let filled = |p: &str, i: usize| fill_pattern(p, i).ok();
        assert_eq!(filled("tests/%02d", 3).as_deref(), Some("tests/03"));
        assert_eq!(filled("tests/%02d.a", 123).as_deref(), Some("tests/123.a"));
        assert_eq!(filled("t/%d", 7).as_deref(), Some("t/7"));
        assert_eq!(filled("t/%5d", 7).as_deref(), Some("t/    7"));
        assert_eq!(
            filled("files/tests/validator-tests/%03d", 5).as_deref(),
            Some("files/tests/validator-tests/005")
        );
        assert_eq!(
            fill_pattern("tests/fixed", 1),
            Err(PathPatternError::NoConversion)
        );
        assert_eq!(
            fill_pattern("tests/%s", 1),
            Err(PathPatternError::NoConversion)
        );
    }

    #[test]
    fn a_width_past_any_test_number_is_refused_not_allocated() {
        // %0999999999d would allocate a gigabyte per name; 19 digits abort.
        for width in ["999999999", "9999999999999999999", "99999999999999999999"] {
            let error = fill_pattern(&format!("tests/%0{width}d"), 1).unwrap_err();
            assert_eq!(
                error,
                PathPatternError::TooWide {
                    width: width.to_string()
                }
            );
            assert!(error.to_string().contains(width), "{error}");
        }
        assert_eq!(
            fill_pattern("tests/%040d", 1).map(|name| name.len()),
            Ok("tests/".len() + MAX_PATTERN_WIDTH)
        );
    }

    #[test]
    fn a_call_with_from_files_runs_once_and_plain_ones_once_per_test() {
        let xml = r#"<testset name="tests"><tests>
            <test method="manual"/>
            <test method="generated" cmd="multi 4" from-file="1"/>
            <test method="generated" cmd="multi 4" from-file="2"/>
            <test method="generated" cmd="gen 5"/>
            <test method="generated" cmd="gen 5"/>
            <test method="generated" cmd="multi 4" from-file="3"/>
        </tests></testset>"#;
        let doc = roxmltree::Document::parse(xml).unwrap();
        let mut issues = Vec::new();
        let set = read(doc.root_element(), "problem.xml", &mut issues);
        let calls = set.generator_calls();
        assert_eq!(calls.len(), 3, "{calls:?}");
        assert_eq!(calls[0].cmd, "multi 4");
        assert_eq!(
            calls[0].outputs,
            vec![
                (2, Some("1".into())),
                (3, Some("2".into())),
                (6, Some("3".into()))
            ]
        );
        assert_eq!(calls[1].outputs, vec![(4, None)]);
        assert_eq!(calls[2].outputs, vec![(5, None)]);
        assert_eq!(from_file_candidates("7"), ["7", "07", "007"]);
    }

    #[test]
    fn a_miscount_and_an_unknown_group_are_issues_naming_the_testset() {
        let xml = r#"<testset name="tests"><test-count>3</test-count>
            <tests><test method="manual" group="g9"/></tests>
            <groups><group name="g1" points-policy="each-test"/></groups></testset>"#;
        let doc = roxmltree::Document::parse(xml).unwrap();
        let mut issues = Vec::new();
        let set = read(doc.root_element(), "problem.xml", &mut issues);
        assert_eq!(set.tests.len(), 1);
        let text: Vec<String> = issues.iter().map(|i| i.to_string()).collect();
        assert!(
            text.iter().any(|t| t.contains("test-count says 3")),
            "{text:?}"
        );
        assert!(text.iter().any(|t| t.contains("group 'g9'")), "{text:?}");
    }
}
