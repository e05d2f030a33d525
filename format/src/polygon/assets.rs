//! The programs problem.xml names: resources (`testlib.h` and other headers),
//! executables (generators and the sources of the other programs), the checker
//! and the validators with their own test sets, the interactor, and the
//! solutions with their tags. Each program is a `<source>` to build and, in a
//! package built on Windows, a `<binary>` (`.exe`) beside it that a Linux judge
//! cannot run: jurybox builds the source, and a program with a binary but no
//! source is an issue that names what is missing.

use super::tags::SolutionTag;
use super::testset::fill_pattern;
use super::xml::{self, attr, child, child_text, children};
use crate::Issue;
use roxmltree::Node;
use std::path::{Path, PathBuf};

/// One program: its source and the language Polygon gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramFile {
    /// The source, relative to the package (`files/gen.cpp`).
    pub source: PathBuf,
    /// Polygon's language of the source (`cpp.g++17`, `python.3`, `java11`).
    pub language: Option<String>,
    /// The binary the package ships beside it (`files/gen.exe`), if any: not
    /// used (a Windows binary), named so that a report can say so.
    pub binary: Option<PathBuf>,
}

impl ProgramFile {
    /// The source's file stem (`gen` for `files/gen.cpp`): the name a test's
    /// `cmd` calls it by.
    pub fn stem(&self) -> String {
        self.source
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
    }
}

/// What a checker test expects of the checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckerVerdict {
    /// `ok`.
    Ok,
    /// `wrong-answer`.
    WrongAnswer,
    /// `presentation-error`.
    PresentationError,
    /// `crashed`: the checker must fail (testlib's `_fail`).
    Crashed,
}

/// One test of the checker: an input, a contestant's output and the answer,
/// with the verdict the checker must give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckerTest {
    /// Its number, from 1.
    pub index: usize,
    /// The input, relative to the package.
    pub input: PathBuf,
    /// The output to judge.
    pub output: PathBuf,
    /// The answer.
    pub answer: PathBuf,
    /// The verdict the checker must give.
    pub verdict: CheckerVerdict,
}

/// One test of a validator: an input it must accept or refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidatorTest {
    /// Its number, from 1.
    pub index: usize,
    /// The input, relative to the package.
    pub input: PathBuf,
    /// Whether the validator must accept it (`verdict="valid"`).
    pub valid: bool,
    /// The testset and group the validator is told (`--testset`, `--group`).
    pub testset: Option<String>,
    /// The group.
    pub group: Option<String>,
}

/// The checker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checker {
    /// A standard checker's name (`std::lcmp.cpp`): its source ships in files/.
    pub standard: Option<String>,
    /// Its protocol (`testlib`).
    pub kind: String,
    /// The program.
    pub program: ProgramFile,
    /// Its own tests.
    pub tests: Vec<CheckerTest>,
}

/// A validator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validator {
    /// The program.
    pub program: ProgramFile,
    /// Its own tests.
    pub tests: Vec<ValidatorTest>,
}

/// A tag a solution has only on some groups or testsets (`<extra-tags>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraTag {
    /// The testset it covers (every one when `None`).
    pub testset: Option<String>,
    /// The group it covers (every one when `None`).
    pub group: Option<String>,
    /// The tag there.
    pub tag: SolutionTag,
}

/// A solution with its tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The program.
    pub program: ProgramFile,
    /// What its verdicts must be.
    pub tag: SolutionTag,
    /// Tags for some groups only.
    pub extra_tags: Vec<ExtraTag>,
    /// The setter's note.
    pub note: Option<String>,
}

/// A file other programs use (`files/testlib.h`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    /// The file, relative to the package.
    pub path: PathBuf,
    /// Its type (`h.g++`), if given.
    pub kind: Option<String>,
}

/// The programs and files of problem.xml.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Assets {
    /// `<files><resources>`.
    pub resources: Vec<Resource>,
    /// `<files><executables>`: generators, and the sources of the other programs.
    pub executables: Vec<ProgramFile>,
    /// The checker.
    pub checker: Option<Checker>,
    /// The validators.
    pub validators: Vec<Validator>,
    /// The interactor of an interactive problem.
    pub interactor: Option<ProgramFile>,
    /// The solutions.
    pub solutions: Vec<Solution>,
}

impl Assets {
    /// The executable a test's command calls (`gen` in `gen 10 5`), matched by
    /// its source's file stem as Polygon names executables.
    pub fn generator(&self, cmd: &str) -> Option<&ProgramFile> {
        let name = cmd.split_whitespace().next()?;
        self.executables.iter().find(|e| e.stem() == name)
    }

    /// The solution tagged `main`, else the first `accepted` one: the answers'
    /// source.
    pub fn main_solution(&self) -> Option<&Solution> {
        self.solutions
            .iter()
            .find(|s| s.tag == SolutionTag::Main)
            .or_else(|| self.solutions.iter().find(|s| s.tag.is_accepted()))
    }
}

/// Reads a program element (`<executable>`, `<checker>`, `<solution>`, ...):
/// its `<source>` and `<binary>`. A binary without a source, or a source whose
/// file is missing, is an issue naming what is missing; `None` then.
fn program(
    node: Node,
    what: &str,
    dir: &Path,
    file: &str,
    issues: &mut Vec<Issue>,
) -> Option<ProgramFile> {
    let source = child(node, "source");
    let binary = child(node, "binary")
        .and_then(|b| attr(b, "path"))
        .map(PathBuf::from);
    let Some(source) = source.and_then(|s| attr(s, "path").map(|p| (s, p))) else {
        let message = match &binary {
            Some(b) => format!(
                "{}: {what} has only the binary {} and no source: a judge cannot build it",
                xml::at(node),
                b.display()
            ),
            None => format!("{}: {what} has no <source>: ignored", xml::at(node)),
        };
        issues.push(Issue::new(file, message));
        return None;
    };
    let (element, path) = source;
    let path = PathBuf::from(path);
    if !dir.join(&path).is_file() {
        let message = match &binary {
            Some(b) if dir.join(b).is_file() => format!(
                "{}: {what}: its source {} is missing, only the binary {} is there: a judge cannot build it",
                xml::at(element),
                path.display(),
                b.display()
            ),
            _ => format!(
                "{}: {what}: its source {} is missing",
                xml::at(element),
                path.display()
            ),
        };
        issues.push(Issue::new(file, message));
        return None;
    }
    Some(ProgramFile {
        source: path,
        language: attr(element, "type"),
        binary,
    })
}

/// One test of a program's own testset: its number, its files (input,
/// output, answer; filled from the patterns) and its element.
struct OwnTest<'a, 'i> {
    index: usize,
    input: PathBuf,
    output: Option<PathBuf>,
    answer: Option<PathBuf>,
    element: Node<'a, 'i>,
}

/// A program's own `<testset>` (a checker's or a validator's tests).
fn own_tests<'a, 'i>(node: Node<'a, 'i>) -> Vec<OwnTest<'a, 'i>> {
    let Some(set) = child(node, "testset") else {
        return Vec::new();
    };
    let pattern = |name: &str| child_text(set, name);
    let (input, output, answer) = (
        pattern("input-path-pattern"),
        pattern("output-path-pattern"),
        pattern("answer-path-pattern"),
    );
    let fill = |p: &Option<String>, i: usize| {
        p.as_deref()
            .and_then(|p| fill_pattern(p, i).ok())
            .map(PathBuf::from)
    };
    child(set, "tests")
        .map(|tests| {
            children(tests, "test")
                .enumerate()
                .filter_map(|(i, t)| {
                    let index = i + 1;
                    Some(OwnTest {
                        index,
                        input: fill(&input, index)?,
                        output: fill(&output, index),
                        answer: fill(&answer, index),
                        element: t,
                    })
                })
                .collect()
        })
        .unwrap_or_default()
}

fn checker(node: Node, dir: &Path, file: &str, issues: &mut Vec<Issue>) -> Option<Checker> {
    let standard = attr(node, "name").filter(|n| n.starts_with("std::"));
    let program = program(node, "the checker", dir, file, issues)?;
    let mut tests = Vec::new();
    for OwnTest {
        index,
        input,
        output,
        answer,
        element: t,
    } in own_tests(node)
    {
        let verdict = match t.attribute("verdict").unwrap_or("ok") {
            "ok" => CheckerVerdict::Ok,
            "wrong-answer" => CheckerVerdict::WrongAnswer,
            "presentation-error" => CheckerVerdict::PresentationError,
            "crashed" | "fail" | "failed" => CheckerVerdict::Crashed,
            other => {
                issues.push(Issue::new(
                    file,
                    format!(
                        "{}: checker test {index} expects '{other}' (ok, wrong-answer, presentation-error, crashed): skipped",
                        xml::at(t)
                    ),
                ));
                continue;
            }
        };
        let (Some(output), Some(answer)) = (output, answer) else {
            issues.push(Issue::new(
                file,
                format!(
                    "checker test {index}: its testset has no output or answer pattern: skipped"
                ),
            ));
            continue;
        };
        tests.push(CheckerTest {
            index,
            input,
            output,
            answer,
            verdict,
        });
    }
    Some(Checker {
        standard,
        kind: attr(node, "type").unwrap_or_else(|| "testlib".into()),
        program,
        tests,
    })
}

fn validator(node: Node, dir: &Path, file: &str, issues: &mut Vec<Issue>) -> Option<Validator> {
    let program = program(node, "a validator", dir, file, issues)?;
    let mut tests = Vec::new();
    for OwnTest {
        index,
        input,
        element: t,
        ..
    } in own_tests(node)
    {
        let valid = match t.attribute("verdict").unwrap_or("valid") {
            "valid" => true,
            "invalid" => false,
            other => {
                issues.push(Issue::new(
                    file,
                    format!(
                        "{}: validator test {index} expects '{other}' (valid or invalid): skipped",
                        xml::at(t)
                    ),
                ));
                continue;
            }
        };
        tests.push(ValidatorTest {
            index,
            input,
            valid,
            testset: attr(t, "testset"),
            group: attr(t, "group"),
        });
    }
    Some(Validator { program, tests })
}

fn solution(node: Node, dir: &Path, file: &str, issues: &mut Vec<Issue>) -> Option<Solution> {
    let tag_text = node.attribute("tag").unwrap_or("");
    let Some(tag) = SolutionTag::parse(tag_text) else {
        issues.push(Issue::new(
            file,
            format!(
                "{}: solution tag '{tag_text}' is not one Polygon has: the solution is not used",
                xml::at(node)
            ),
        ));
        return None;
    };
    let program = program(node, &format!("a solution tagged {tag}"), dir, file, issues)?;
    let extra_tags = child(node, "extra-tags")
        .map(|e| {
            children(e, "extra-tag")
                .filter_map(|x| {
                    let tag = SolutionTag::parse(x.attribute("tag").unwrap_or(""));
                    if tag.is_none() {
                        issues.push(Issue::new(
                            file,
                            format!("{}: extra-tag without a known tag: ignored", xml::at(x)),
                        ));
                    }
                    Some(ExtraTag {
                        testset: attr(x, "testset"),
                        group: attr(x, "group"),
                        tag: tag?,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Some(Solution {
        program,
        tag,
        extra_tags,
        note: attr(node, "note"),
    })
}

/// Reads `<files>` and `<assets>` of the problem element `root`.
pub(crate) fn read(root: Node, dir: &Path, file: &str, issues: &mut Vec<Issue>) -> Assets {
    let mut assets = Assets::default();
    if let Some(files) = child(root, "files") {
        if let Some(resources) = child(files, "resources") {
            for f in children(resources, "file") {
                let Some(path) = attr(f, "path") else {
                    continue;
                };
                let path = PathBuf::from(path);
                if !dir.join(&path).is_file() {
                    issues.push(Issue::new(
                        file,
                        format!(
                            "{}: resource {} is missing: programs that include it will not build",
                            xml::at(f),
                            path.display()
                        ),
                    ));
                }
                assets.resources.push(Resource {
                    path,
                    kind: attr(f, "type"),
                });
            }
        }
        if let Some(executables) = child(files, "executables") {
            for e in children(executables, "executable") {
                if let Some(p) = program(e, "an executable", dir, file, issues) {
                    assets.executables.push(p);
                }
            }
        }
    }
    let Some(list) = child(root, "assets") else {
        return assets;
    };
    assets.checker = child(list, "checker").and_then(|c| checker(c, dir, file, issues));
    assets.interactor =
        child(list, "interactor").and_then(|i| program(i, "the interactor", dir, file, issues));
    if let Some(validators) = child(list, "validators") {
        for v in children(validators, "validator") {
            if let Some(v) = validator(v, dir, file, issues) {
                assets.validators.push(v);
            }
        }
    }
    if let Some(solutions) = child(list, "solutions") {
        for s in children(solutions, "solution") {
            if let Some(s) = solution(s, dir, file, issues) {
                assets.solutions.push(s);
            }
        }
    }
    assets
}
