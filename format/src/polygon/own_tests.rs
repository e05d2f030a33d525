//! A test of the jury's own programs added as Polygon keeps it: an input a
//! validator must refuse (or accept) as the next of its `<validator>`'s
//! `<testset>` (`files/tests/validator-tests/NN` by its input pattern), an
//! output the checker must judge so as the next of the `<checker>`'s
//! (`NN`, `NN.o`, `NN.a` by its three patterns), the `<test-count>` raised.
//! Every other byte of problem.xml is kept; the new problem.xml is returned
//! only when it reads back as the old tests of that program plus exactly the
//! new one, and it is written last (see [`PolygonEdit::write`]).

use super::assets::{read as read_assets, CheckerTest, CheckerVerdict, ValidatorTest};
use super::testset::fill_pattern;
use super::write::{append_test, PolygonEdit, WriteError};
use super::xml::{self, child, child_text, children};
use super::PROBLEM_XML;
use std::path::{Path, PathBuf};

/// A test of a validator or of the checker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnTest {
    /// An input the package's first validator must accept (`valid`) or
    /// refuse.
    Validator {
        /// The input.
        input: Vec<u8>,
        /// Whether it must accept it.
        valid: bool,
    },
    /// An output the checker must judge with `verdict`.
    Checker {
        /// The test's input.
        input: Vec<u8>,
        /// The output judged.
        output: Vec<u8>,
        /// The jury's answer.
        answer: Vec<u8>,
        /// The verdict it must give.
        verdict: CheckerVerdict,
    },
}

impl OwnTest {
    /// The `<test>` element Polygon writes for it.
    fn element(&self) -> String {
        let verdict = match self {
            OwnTest::Validator { valid: true, .. } => "valid",
            OwnTest::Validator { valid: false, .. } => "invalid",
            OwnTest::Checker { verdict, .. } => match verdict {
                CheckerVerdict::Ok => "ok",
                CheckerVerdict::WrongAnswer => "wrong-answer",
                CheckerVerdict::PresentationError => "presentation-error",
                CheckerVerdict::Crashed => "crashed",
            },
        };
        format!("<test verdict=\"{verdict}\"/>")
    }
}

/// The files a test's pattern names at `index`.
fn filled(set: roxmltree::Node, tag: &str, index: usize) -> Result<PathBuf, WriteError> {
    let pattern = child_text(set, tag)
        .ok_or_else(|| WriteError::Layout(format!("its testset has no <{tag}>")))?;
    fill_pattern(&pattern, index)
        .map(PathBuf::from)
        .map_err(|e| WriteError::Layout(format!("{tag} '{pattern}': {e}")))
}

/// The edit that adds `test` to the Polygon package at `dir`: its files, then
/// problem.xml; the new test's number in its program's testset.
pub fn add_own_test(dir: &Path, test: &OwnTest) -> Result<PolygonEdit, WriteError> {
    let path = dir.join(PROBLEM_XML);
    let text = std::fs::read_to_string(&path).map_err(|e| crate::PackageError::io(&path, e))?;
    let doc = xml::parse(&text, Path::new(PROBLEM_XML))?;
    let assets = child(doc.root_element(), "assets")
        .ok_or_else(|| WriteError::Layout("no <assets>".into()))?;
    let program = match test {
        OwnTest::Validator { .. } => child(assets, "validators")
            .and_then(|v| children(v, "validator").next())
            .ok_or_else(|| WriteError::Layout("no <validator>".into()))?,
        OwnTest::Checker { .. } => {
            child(assets, "checker").ok_or_else(|| WriteError::Layout("no <checker>".into()))?
        }
    };
    let set = child(program, "testset").ok_or_else(|| {
        WriteError::Layout("the program has no <testset> for its own tests".into())
    })?;
    let old = child(set, "tests").map_or(0, |t| children(t, "test").count());
    let index = old + 1;
    let mut files = Vec::new();
    match test {
        OwnTest::Validator { input, .. } => {
            files.push((filled(set, "input-path-pattern", index)?, input.clone()));
        }
        OwnTest::Checker {
            input,
            output,
            answer,
            ..
        } => {
            files.push((filled(set, "input-path-pattern", index)?, input.clone()));
            files.push((filled(set, "output-path-pattern", index)?, output.clone()));
            files.push((filled(set, "answer-path-pattern", index)?, answer.clone()));
        }
    }
    let new_text = append_test(&text, set, &test.element(), index)?;
    check_reads_back(dir, &text, &new_text, test, &files[0].0)?;
    files.push((PathBuf::from(PROBLEM_XML), new_text.into_bytes()));
    Ok(PolygonEdit { index, files })
}

/// What problem.xml's text says of the first validator's and the checker's
/// own tests.
fn own_tests(dir: &Path, text: &str) -> Result<(Vec<ValidatorTest>, Vec<CheckerTest>), WriteError> {
    let doc = xml::parse(text, Path::new(PROBLEM_XML))?;
    let assets = read_assets(doc.root_element(), dir, PROBLEM_XML, &mut Vec::new());
    let validator = assets
        .validators
        .first()
        .map(|v| v.tests.clone())
        .unwrap_or_default();
    let checker = assets.checker.map(|c| c.tests).unwrap_or_default();
    Ok((validator, checker))
}

/// Holds the invariant: the new text reads as the old tests of the
/// program plus `test`, its input at `input`.
fn check_reads_back(
    dir: &Path,
    old: &str,
    new: &str,
    test: &OwnTest,
    input: &Path,
) -> Result<(), WriteError> {
    let (old_v, old_c) = own_tests(dir, old)?;
    let (mut new_v, mut new_c) = own_tests(dir, new)?;
    let unchecked = |why: &str| Err(WriteError::Unchecked(why.to_string()));
    match test {
        OwnTest::Validator { valid, .. } => {
            let Some(last) = new_v.pop() else {
                return unchecked("the validator's tests are gone");
            };
            if new_v != old_v || new_c != old_c || last.valid != *valid || last.input != input {
                return unchecked("the validator's tests read otherwise");
            }
        }
        OwnTest::Checker { verdict, .. } => {
            let Some(last) = new_c.pop() else {
                return unchecked("the checker's tests are gone");
            };
            if new_c != old_c || new_v != old_v || last.verdict != *verdict || last.input != input {
                return unchecked("the checker's tests read otherwise");
            }
        }
    }
    Ok(())
}
