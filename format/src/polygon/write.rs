//! A found test written back in Polygon's own terms: a `<test>` added at the
//! end of the judged testset of problem.xml (generated, with its command, when
//! a generator made it; manual otherwise, its input under `tests/`), the
//! `<test-count>` raised, and the lines `doall.sh` / `doall.bat` need to make
//! it and its answer (and `wipe.sh` / `wipe.bat` to remove them), each
//! modelled on the scripts' own lines. Every other byte of every file is kept,
//! and problem.xml is written last, so that an interrupted write leaves a
//! package that still reads as before. The new problem.xml is returned only
//! when it reads back as the old testset plus exactly the new test.

use super::package::read_polygon;
use super::testset::{self, fill_pattern, PolygonTest, TestSource};
use super::xml::{self, child, children};
use super::{JUDGED_TESTSET, PROBLEM_XML};
use std::path::{Path, PathBuf};

/// A test to add.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FoundTest {
    /// Its input.
    pub input: Vec<u8>,
    /// Its answer (the main solution's output), written when the package ships
    /// its tests' answers.
    pub answer: Option<Vec<u8>>,
    /// The command that made it (`gen 17 3`), when one of the package's
    /// generators did and its standard output is the test.
    pub cmd: Option<String>,
    /// Its group, required when the testset has groups.
    pub group: Option<String>,
    /// Its points.
    pub points: Option<f64>,
    /// What it is for.
    pub description: Option<String>,
}

/// The files to write, in order (problem.xml last), and the new test's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolygonEdit {
    /// The new test's number in the testset.
    pub index: usize,
    /// Each file (relative to the package) and its whole new content.
    pub files: Vec<(PathBuf, Vec<u8>)>,
}

impl PolygonEdit {
    /// Writes every file under `dir` with `write`, in order. The caller passes
    /// jurybox's one atomic writer (`jurybox_stress::store::write_atomically`:
    /// a temporary file in the same directory, synced, renamed).
    pub fn write(
        &self,
        dir: &Path,
        mut write: impl FnMut(&Path, &[u8]) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        for (path, bytes) in &self.files {
            let path = dir.join(path);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            write(&path, bytes)?;
        }
        Ok(())
    }
}

/// Why a test cannot be added.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The package does not read.
    #[error(transparent)]
    Package(#[from] crate::PackageError),
    /// problem.xml has no judged testset or no place for a test.
    #[error("{PROBLEM_XML}: {0}")]
    Layout(String),
    /// The testset has groups and the test names none of them.
    #[error("the testset has groups ({0}): the new test must name one")]
    NeedsGroup(String),
    /// The command names no executable of the package.
    #[error("'{0}' names no executable of the package")]
    UnknownGenerator(String),
    /// The edit would not read back as intended (a bug, reported rather than written).
    #[error("{PROBLEM_XML} would not read back as the old tests plus the new one: {0}")]
    Unchecked(String),
}

/// The attributes of the new `<test>`, sorted by name as Polygon writes them.
fn test_element(test: &FoundTest, sample: bool) -> String {
    let mut attrs: Vec<(&str, String)> = Vec::new();
    if let Some(cmd) = &test.cmd {
        attrs.push(("cmd", cmd.clone()));
    }
    if let Some(d) = &test.description {
        attrs.push(("description", d.clone()));
    }
    if let Some(g) = &test.group {
        attrs.push(("group", g.clone()));
    }
    let method = if test.cmd.is_some() {
        "generated"
    } else {
        "manual"
    };
    attrs.push(("method", method.into()));
    if let Some(p) = test.points {
        attrs.push(("points", format!("{p:?}")));
    }
    if sample {
        attrs.push(("sample", "true".into()));
    }
    let body: Vec<String> = attrs
        .iter()
        .map(|(k, v)| format!("{k}=\"{}\"", xml::escape(v)))
        .collect();
    format!("<test {}/>", body.join(" "))
}

/// The indentation of the line holding byte `at`.
fn indent_at(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// problem.xml with `element` added as the testset's last test and its count
/// raised to `count`.
fn edit_problem_xml(text: &str, element: &str, count: usize) -> Result<String, WriteError> {
    let doc = xml::parse(text, Path::new(PROBLEM_XML))?;
    let root = doc.root_element();
    let judging =
        child(root, "judging").ok_or_else(|| WriteError::Layout("no <judging>".into()))?;
    let set = children(judging, "testset")
        .find(|t| t.attribute("name") == Some(JUDGED_TESTSET))
        .ok_or_else(|| WriteError::Layout(format!("no testset named '{JUDGED_TESTSET}'")))?;
    append_test(text, set, element, count)
}

/// `text` with `element` added as the last test of the testset `set` (a
/// node of `text`'s own document) and its `<test-count>` set to `count`,
/// every other byte kept: the judged testset's, a validator's or the
/// checker's own.
pub(super) fn append_test(
    text: &str,
    set: roxmltree::Node,
    element: &str,
    count: usize,
) -> Result<String, WriteError> {
    let tests = child(set, "tests")
        .ok_or_else(|| WriteError::Layout("no <tests> in the testset".into()))?;

    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let last = children(tests, "test").last();
    match last {
        Some(last) => {
            let indent = indent_at(text, last.range().start);
            edits.push((
                last.range().end..last.range().end,
                format!("{newline}{indent}{element}"),
            ));
        }
        None => {
            let r = tests.range();
            let indent = indent_at(text, r.start).to_string();
            let inner = format!("{indent}    ");
            edits.push((
                r,
                format!("<tests>{newline}{inner}{element}{newline}{indent}</tests>"),
            ));
        }
    }
    match child(set, "test-count") {
        Some(c) => {
            let r = c.range();
            edits.push((r, format!("<test-count>{count}</test-count>")));
        }
        None => {
            let indent = indent_at(text, tests.range().start).to_string();
            let at = tests.range().start;
            edits.push((
                at..at,
                format!("<test-count>{count}</test-count>{newline}{indent}"),
            ));
        }
    }
    edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    let mut out = text.to_string();
    for (range, with) in edits {
        out.replace_range(range, &with);
    }
    Ok(out)
}

/// The line of `script` that runs a generator through `gen-input-via-stdout`,
/// split around the generator's name: `(before, after)` (`"wine files/"` and
/// `".exe"`), learnt from the script's last such line, else Linux's form.
fn generator_call_form(script: &str, generators: &[String], windows: bool) -> (String, String) {
    for line in script.lines().rev() {
        let Some(q) = line
            .find("gen-input-via-stdout")
            .and_then(|i| line[i..].find('"').map(|q| i + q + 1))
        else {
            continue;
        };
        let quoted = &line[q..];
        let command = quoted.split('"').next().unwrap_or("");
        for name in generators {
            for (i, _) in command.match_indices(name.as_str()) {
                let before = &command[..i];
                let rest = &command[i + name.len()..];
                let after: String = rest.chars().take_while(|c| !c.is_whitespace()).collect();
                let boundary = before.is_empty() || before.ends_with(['/', '\\', ' ']);
                if boundary && (after.is_empty() || after.starts_with('.')) {
                    return (before.to_string(), after);
                }
            }
        }
    }
    if windows {
        ("files\\".into(), ".exe".into())
    } else {
        ("files/".into(), String::new())
    }
}

/// Where to insert after the last line containing one of `needles` (and the
/// `echo ""` that follows it), else after the line containing `fallback`, else
/// at the end.
fn insertion_point(script: &str, needles: &[&str], fallback: &str) -> usize {
    let mut offset = 0;
    let mut after_needle = None;
    let mut after_fallback = None;
    let mut lines = script.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        offset += line.len();
        if needles.iter().any(|n| line.contains(n)) {
            let mut end = offset;
            if let Some(next) = lines.peek() {
                if next.trim() == "echo \"\"" {
                    end += next.len();
                }
            }
            after_needle = Some(end);
        } else if after_fallback.is_none() && line.contains(fallback) {
            after_fallback = Some(offset);
        }
    }
    after_needle.or(after_fallback).unwrap_or(script.len())
}

fn insert_lines(script: &str, at: usize, lines: &[String]) -> String {
    let newline = if script.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let mut block: String = lines.iter().map(|l| format!("{l}{newline}")).collect();
    let mut out = script.to_string();
    if at > 0 && !out[..at].ends_with('\n') {
        block.insert_str(0, newline);
    }
    out.insert_str(at, &block);
    out
}

/// The scripts' new text: `doall.sh`, `doall.bat`, `wipe.sh`, `wipe.bat`, each
/// only if the package has it.
#[allow(clippy::too_many_arguments)]
fn edit_scripts(
    dir: &Path,
    input: &str,
    answer: &str,
    index: usize,
    cmd: Option<&str>,
    group: &str,
    generators: &[String],
    files: &mut Vec<(PathBuf, Vec<u8>)>,
) {
    for (name, windows) in [("doall.sh", false), ("doall.bat", true)] {
        let Ok(script) = std::fs::read_to_string(dir.join(name)) else {
            continue;
        };
        let path = |p: &str| {
            if windows {
                p.replace('/', "\\")
            } else {
                p.to_string()
            }
        };
        let call = if windows {
            "call scripts\\"
        } else {
            "scripts/"
        };
        let ext = if windows { "bat" } else { "sh" };
        let mut text = script.clone();
        if let Some(cmd) = cmd {
            let (before, after) = generator_call_form(&script, generators, windows);
            let (program, args) = cmd.split_once(' ').unwrap_or((cmd, ""));
            let command = format!("{before}{program}{after} {args}");
            let mut lines = Vec::new();
            if !windows {
                lines.push(format!("echo \"Generating test #{index}\""));
            }
            lines.push(format!(
                "{call}gen-input-via-stdout.{ext} \"{}\" \"{}\" {index}",
                command.trim_end(),
                path(input)
            ));
            let at = insertion_point(&text, &["gen-input-via-"], "mkdir");
            text = insert_lines(&text, at, &lines);
        }
        let mut lines = Vec::new();
        if !windows {
            lines.push(format!("echo \"Generating answer for test #{index}\""));
        }
        lines.push(format!(
            "{call}gen-answer.{ext} {} {} \"{JUDGED_TESTSET}\" \"{group}\"",
            path(input),
            path(answer)
        ));
        if !windows {
            lines.push("echo \"\"".into());
        }
        let at = insertion_point(&text, &["gen-answer."], "\u{0}");
        text = insert_lines(&text, at, &lines);
        files.push((PathBuf::from(name), text.into_bytes()));
    }
    for (name, windows) in [("wipe.sh", false), ("wipe.bat", true)] {
        let Ok(script) = std::fs::read_to_string(dir.join(name)) else {
            continue;
        };
        let (rm, input, answer) = if windows {
            ("del", input.replace('/', "\\"), answer.replace('/', "\\"))
        } else {
            ("rm -f", input.to_string(), answer.to_string())
        };
        let mut lines = Vec::new();
        if cmd.is_some() {
            lines.push(format!("{rm} {input}"));
        }
        lines.push(format!("{rm} {answer}"));
        let text = insert_lines(&script, script.len(), &lines);
        files.push((PathBuf::from(name), text.into_bytes()));
    }
}

/// The edit that adds `test` to the Polygon package at `dir`.
pub fn add_test(dir: &Path, test: &FoundTest) -> Result<PolygonEdit, WriteError> {
    let mut issues = Vec::new();
    let polygon = read_polygon(dir, &mut issues)?;
    let set = polygon
        .testsets
        .iter()
        .find(|t| t.name == JUDGED_TESTSET)
        .ok_or_else(|| WriteError::Layout(format!("no testset named '{JUDGED_TESTSET}'")))?;
    if !set.groups.is_empty() && test.group.as_ref().is_none_or(|g| set.group(g).is_none()) {
        let names: Vec<&str> = set.groups.iter().map(|g| g.name.as_str()).collect();
        return Err(WriteError::NeedsGroup(names.join(", ")));
    }
    let generators: Vec<String> = polygon
        .assets
        .executables
        .iter()
        .map(|e| e.stem())
        .collect();
    if let Some(cmd) = &test.cmd {
        if polygon.assets.generator(cmd).is_none() {
            return Err(WriteError::UnknownGenerator(cmd.clone()));
        }
    }
    let index = set.tests.len() + 1;
    let input_pattern = set.input_pattern.as_deref().unwrap_or("tests/%02d");
    let answer_pattern = set.answer_pattern.as_deref().unwrap_or("tests/%02d.a");
    let input = fill_pattern(input_pattern, index)
        .map_err(|e| WriteError::Layout(format!("input-path-pattern '{input_pattern}' {e}")))?;
    let answer = fill_pattern(answer_pattern, index)
        .map_err(|e| WriteError::Layout(format!("answer-path-pattern '{answer_pattern}' {e}")))?;
    // A generated test's input, and any answer, are shipped only by a package
    // that ships its other tests' (a full package); a manual test's always.
    let ships = |pick: fn(&PolygonTest) -> Option<PathBuf>| {
        set.tests
            .iter()
            .filter_map(pick)
            .any(|p| dir.join(p).is_file())
    };
    let ships_generated =
        ships(|t| matches!(t.source, TestSource::Generated { .. }).then(|| t.input.clone()));
    let ships_answers = ships(|t| t.answer.clone());
    let mut files = Vec::new();
    if test.cmd.is_none() || ships_generated {
        files.push((PathBuf::from(&input), test.input.clone()));
    }
    if let (Some(bytes), true) = (&test.answer, ships_answers) {
        files.push((PathBuf::from(&answer), bytes.clone()));
    }
    edit_scripts(
        dir,
        &input,
        &answer,
        index,
        test.cmd.as_deref(),
        test.group.as_deref().unwrap_or(""),
        &generators,
        &mut files,
    );
    let text = std::fs::read_to_string(dir.join(PROBLEM_XML))
        .map_err(|e| crate::PackageError::io(&dir.join(PROBLEM_XML), e))?;
    let new_text = edit_problem_xml(&text, &test_element(test, false), index)?;
    check_reads_back(&text, &new_text, test, index)?;
    files.push((PathBuf::from(PROBLEM_XML), new_text.into_bytes()));
    Ok(PolygonEdit { index, files })
}

/// Holds the invariant: the new text reads as the old testset plus the new test.
fn check_reads_back(
    old: &str,
    new: &str,
    test: &FoundTest,
    index: usize,
) -> Result<(), WriteError> {
    let read = |text: &str| -> Result<testset::Testset, WriteError> {
        let doc = xml::parse(text, Path::new(PROBLEM_XML))?;
        let set = child(doc.root_element(), "judging")
            .and_then(|j| {
                children(j, "testset").find(|t| t.attribute("name") == Some(JUDGED_TESTSET))
            })
            .ok_or_else(|| WriteError::Unchecked("the testset is gone".into()))?;
        let mut issues = Vec::new();
        let out = testset::read(set, PROBLEM_XML, &mut issues);
        if let Some(i) = issues.iter().find(|i| i.message.contains("test-count")) {
            return Err(WriteError::Unchecked(i.message.clone()));
        }
        Ok(out)
    };
    let (before, after) = (read(old)?, read(new)?);
    let Some((added, kept)) = after.tests.split_last() else {
        return Err(WriteError::Unchecked("no test".into()));
    };
    if kept != before.tests.as_slice() {
        return Err(WriteError::Unchecked("an old test changed".into()));
    }
    let source = match &test.cmd {
        Some(cmd) => TestSource::Generated {
            cmd: cmd.trim().to_string(),
            from_file: None,
        },
        None => TestSource::Manual,
    };
    if added.index != index || added.source != source || added.group != test.group {
        return Err(WriteError::Unchecked(format!(
            "the new test reads as {added:?}"
        )));
    }
    let (mut a, mut b) = (after.clone(), before.clone());
    a.tests.clear();
    b.tests.clear();
    if a != b {
        return Err(WriteError::Unchecked(
            "the testset's other parts changed".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_goes_after_the_last_one_with_its_indentation_and_the_count_rises() {
        let text = "<problem>\n  <judging>\n    <testset name=\"tests\">\n      <test-count>1</test-count>\n      <tests>\n        <test method=\"manual\"/>\n      </tests>\n    </testset>\n  </judging>\n</problem>\n";
        let out = edit_problem_xml(text, "<test cmd=\"g 1\" method=\"generated\"/>", 2).unwrap();
        assert_eq!(
            out,
            text.replace("<test-count>1", "<test-count>2").replace(
                "<test method=\"manual\"/>",
                "<test method=\"manual\"/>\n        <test cmd=\"g 1\" method=\"generated\"/>"
            )
        );
    }

    #[test]
    fn an_empty_test_list_opens_up() {
        let text = "<problem><judging><testset name=\"tests\"><test-count>0</test-count><tests/></testset></judging></problem>";
        let out = edit_problem_xml(text, "<test method=\"manual\"/>", 1).unwrap();
        let doc = roxmltree::Document::parse(&out).unwrap();
        let set = doc
            .descendants()
            .find(|n| n.has_tag_name("testset"))
            .unwrap();
        assert_eq!(children(child(set, "tests").unwrap(), "test").count(), 1);
        assert!(out.contains("<test-count>1</test-count>"), "{out}");
    }

    #[test]
    fn the_generator_form_is_learnt_from_the_script() {
        let script = "scripts/gen-input-via-stdout.sh \"wine files/gen.exe --type=tree 01\" \"tests/03\" 3\n";
        let form = generator_call_form(script, &["gen".into()], false);
        assert_eq!(form, ("wine files/".to_string(), ".exe".to_string()));
        let linux = "scripts/gen-input-via-stdout.sh \"files/gen 5\" \"tests/02\" 2\n";
        assert_eq!(
            generator_call_form(linux, &["gen".into()], false),
            ("files/".to_string(), String::new())
        );
        assert_eq!(
            generator_call_form("", &["gen".into()], false),
            ("files/".to_string(), String::new())
        );
    }

    #[test]
    fn attributes_are_escaped_and_sorted() {
        let t = FoundTest {
            cmd: Some("gen \"x\" & 1".into()),
            group: Some("g1".into()),
            points: Some(3.0),
            ..FoundTest::default()
        };
        assert_eq!(
            test_element(&t, false),
            "<test cmd=\"gen &quot;x&quot; &amp; 1\" group=\"g1\" method=\"generated\" points=\"3.0\"/>"
        );
    }
}
