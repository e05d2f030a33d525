//! The constraints a package's statement states about its input, for
//! comparing with what the validators enforce (issue 44, item 1).
//!
//! Read from, in this order: the 2025-09 layout's `statement/*.tex`, the
//! legacy `problem_statement/problem*.tex`, a Polygon package's
//! `statements/*/problem-properties.json` (its `input` field) or
//! `statement-sections/*/input.tex`. Of a whole statement only the input
//! section counts (`\section*{Input}` or `\begin{Input}` to the output's
//! heading; olymp.sty's `\InputFile`), so an output's bounds are never
//! taken for the input's. A statement that cannot be found or read is a
//! note said once, never an error.

pub mod macros;
pub mod tex;

use std::path::{Path, PathBuf};
pub use tex::{bounds, BoundSide, Num, StatedBound, TexError};

/// What the statement says of the input.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Statement {
    /// The file read, relative to the package.
    pub file: Option<String>,
    /// The constant bounds it states.
    pub bounds: Vec<StatedBound>,
    /// What could not be read, one line each.
    pub notes: Vec<String>,
}

/// The statement of the package at `dir`, read as far as it can be.
pub fn read(dir: &Path) -> Statement {
    let Some((path, text)) = candidates(dir)
        .into_iter()
        .find_map(|p| Some((p.clone(), read_text(&p)?)))
    else {
        return Statement {
            notes: vec!["no statement found (statement/, problem_statement/, statements/): the statement's bounds are not compared".into()],
            ..Statement::default()
        };
    };
    let shown = path
        .strip_prefix(dir)
        .unwrap_or(&path)
        .display()
        .to_string();
    let expanded = macros::expand(&text);
    let section = input_section(&expanded);
    let (bounds, errors) = tex::bounds(section);
    let mut notes: Vec<String> = errors
        .iter()
        .map(|e| format!("{shown}: {e} (that constraint is not compared)"))
        .collect();
    if bounds.is_empty() {
        notes.push(format!(
            "{shown}: no constraint of the form `1 \\le N \\le 10^5` found in its input section"
        ));
    }
    Statement {
        file: Some(shown),
        bounds,
        notes,
    }
}

/// The files that may hold the statement, most likely first (English first).
fn candidates(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for sub in ["statement", "problem_statement"] {
        out.extend(sorted_english_first(&dir.join(sub), |name| {
            name.starts_with("problem") && name.ends_with(".tex")
        }));
    }
    for sub in ["statements", "statement-sections"] {
        let Ok(langs) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        let mut langs: Vec<PathBuf> = langs.filter_map(|e| Some(e.ok()?.path())).collect();
        langs.sort_by_key(|p| (!p.ends_with("english"), p.clone()));
        for lang in langs {
            out.push(lang.join("problem-properties.json"));
            out.push(lang.join("input.tex"));
        }
    }
    out
}

fn sorted_english_first(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(&keep))
        .collect();
    files.sort_by_key(|p| {
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        (!(name.contains(".en.") || name == "problem.tex"), name)
    });
    files
}

/// A file's TeX: a problem-properties.json's `input` field, else the text.
fn read_text(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    if path.extension().is_some_and(|e| e == "json") {
        let doc: serde_json::Value = serde_json::from_str(&text).ok()?;
        return doc.get("input")?.as_str().map(str::to_string);
    }
    Some(text)
}

/// The input section of a whole statement, or all of it when it has no
/// input heading (a Polygon `input.tex` is the section itself); never past
/// the output's heading.
pub fn input_section(text: &str) -> &str {
    let starts = [
        "\\section*{Input}",
        "\\section{Input}",
        "\\begin{Input}",
        "\\InputFile",
        "\\subsection*{Input}",
    ];
    let ends = [
        "\\section*{Output}",
        "\\section{Output}",
        "\\begin{Output}",
        "\\end{Input}",
        "\\OutputFile",
        "\\subsection*{Output}",
    ];
    let start = starts
        .iter()
        .filter_map(|s| text.find(s).map(|at| at + s.len()))
        .min()
        .unwrap_or(0);
    let end = ends
        .iter()
        .filter_map(|e| text[start..].find(e).map(|at| start + at))
        .min()
        .unwrap_or(text.len());
    &text[start..end]
}
