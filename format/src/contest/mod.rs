//! A contest: its problems in order, each with its label and directory. Three
//! layouts are read: a BAPCtools contest (`contest.yaml` with the contest's
//! name, `problems.yaml` listing each problem's `id` (its directory), `label`,
//! `name`, `rgb` colour and `time_limit`), a Polygon contest package
//! (`contest.xml`, whose `<problem index="A" url=".../short-name">` names each
//! problem by the last part of its URL; the package lies in
//! `problems/short-name/`), and a plain folder of problem folders (Kattis,
//! BAPCtools or Polygon packages), labelled A, B, ... in name order.
//!
//! One problem that cannot be read is a named error for that problem, and the
//! others go on; only a directory that is no contest at all is an error.

use crate::polygon::xml::{self, attr, child, children};
use crate::yaml::{self, get};
use crate::{Issue, Package, PackageError};
use std::path::{Path, PathBuf};

/// Which layout the contest follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContestLayout {
    /// `problems.yaml` (and `contest.yaml`).
    Bapctools,
    /// `contest.xml`.
    Polygon,
    /// A folder of problem folders.
    Folder,
}

/// One problem of a contest.
#[derive(Debug)]
pub struct ContestProblem {
    /// Its label (`A`).
    pub label: String,
    /// Its id: its directory's name (`problems.yaml`'s `id`, Polygon's short name).
    pub id: String,
    /// Its directory.
    pub dir: PathBuf,
    /// Its name, when the contest gives one.
    pub name: Option<String>,
    /// Its colour (`#ff0000`), when the contest gives one.
    pub color: Option<String>,
    /// The time limit the contest states for it, in seconds.
    pub time_limit: Option<f64>,
    /// The package, or why it cannot be read.
    pub package: Result<Package, PackageError>,
}

/// A contest.
#[derive(Debug)]
pub struct Contest {
    /// Its directory.
    pub dir: PathBuf,
    /// Its name, when it has one.
    pub name: Option<String>,
    /// Its layout.
    pub layout: ContestLayout,
    /// Its problems, in order.
    pub problems: Vec<ContestProblem>,
    /// What could not be used, each named by its file.
    pub issues: Vec<Issue>,
}

/// The label of the `i`-th problem (from 0): A..Z, then AA, AB, ...
fn label(i: usize) -> String {
    let letter = |k: usize| char::from(b'A' + (k % 26) as u8);
    if i < 26 {
        letter(i).to_string()
    } else {
        format!("{}{}", letter(i / 26 - 1), letter(i))
    }
}

fn problem(label: String, id: String, dir: PathBuf) -> ContestProblem {
    let package = if dir.is_dir() {
        Package::read(&dir)
    } else {
        Err(PackageError::Layout {
            dir: dir.display().to_string(),
            reason: "no such directory: the problem's package is missing".into(),
        })
    };
    ContestProblem {
        label,
        id,
        dir,
        name: None,
        color: None,
        time_limit: None,
        package,
    }
}

fn bapctools(dir: &Path, issues: &mut Vec<Issue>) -> Result<Vec<ContestProblem>, PackageError> {
    let file = "problems.yaml";
    let doc = yaml::read(&dir.join(file))?.unwrap_or(yaml_serde::Value::Null);
    let Some(list) = doc.as_sequence() else {
        return Err(PackageError::Yaml {
            file: dir.join(file).display().to_string(),
            reason: "must be a list of problems".into(),
        });
    };
    let mut out = Vec::new();
    for (i, entry) in list.iter().enumerate() {
        let Some(id) = get(entry, "id").and_then(yaml::scalar) else {
            issues.push(Issue::new(
                file,
                format!("entry {}: no id (the problem's directory): skipped", i + 1),
            ));
            continue;
        };
        let label_text = get(entry, "label")
            .or_else(|| get(entry, "letter"))
            .and_then(yaml::scalar)
            .unwrap_or_else(|| label(i));
        let mut p = problem(label_text, id.clone(), dir.join(&id));
        p.name = get(entry, "name").and_then(yaml::scalar);
        p.color = get(entry, "rgb")
            .or_else(|| get(entry, "color"))
            .and_then(yaml::scalar);
        p.time_limit = get(entry, "time_limit").and_then(yaml::number);
        out.push(p);
    }
    Ok(out)
}

fn polygon(
    dir: &Path,
    issues: &mut Vec<Issue>,
) -> Result<(Option<String>, Vec<ContestProblem>), PackageError> {
    let path = dir.join("contest.xml");
    let text = std::fs::read_to_string(&path).map_err(|e| PackageError::io(&path, e))?;
    let doc = xml::parse(&text, &path)?;
    let root = doc.root_element();
    let name = child(root, "names").and_then(|n| {
        let names: Vec<_> = children(n, "name").collect();
        names
            .iter()
            .find(|n| n.attribute("language") == Some("english"))
            .or(names.first())
            .and_then(|n| attr(*n, "value"))
    });
    let mut out = Vec::new();
    let list = child(root, "problems");
    for (i, p) in list
        .into_iter()
        .flat_map(|l| children(l, "problem"))
        .enumerate()
    {
        let index = attr(p, "index").unwrap_or_else(|| label(i));
        let id = attr(p, "path")
            .or_else(|| attr(p, "url"))
            .and_then(|u| {
                u.trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .map(str::to_string)
            })
            .filter(|s| !s.is_empty());
        let Some(id) = id else {
            issues.push(Issue::new(
                "contest.xml",
                format!(
                    "{}: problem {index} has no url or path: skipped",
                    xml::at(p)
                ),
            ));
            continue;
        };
        let candidates = [dir.join("problems").join(&id), dir.join(&id)];
        let found = candidates
            .iter()
            .find(|c| c.is_dir())
            .unwrap_or(&candidates[0])
            .clone();
        out.push(problem(index, id, found));
    }
    Ok((name, out))
}

fn folder(dir: &Path) -> Result<Vec<ContestProblem>, PackageError> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| PackageError::io(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && Package::is_package(p))
        .collect();
    dirs.sort();
    Ok(dirs
        .into_iter()
        .enumerate()
        .map(|(i, d)| {
            let id = d
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            problem(label(i), id, d)
        })
        .collect())
}

impl Contest {
    /// Reads the contest at `dir`.
    pub fn read(dir: &Path) -> Result<Contest, PackageError> {
        if Package::is_package(dir) {
            return Err(PackageError::Layout {
                dir: dir.display().to_string(),
                reason: "a problem package, not a contest".into(),
            });
        }
        let mut issues = Vec::new();
        let contest_yaml =
            yaml::read_or_note(&dir.join("contest.yaml"), "contest.yaml", &mut issues);
        let yaml_name = contest_yaml
            .as_ref()
            .and_then(|d| get(d, "name"))
            .and_then(yaml::scalar);
        let (layout, name, problems) = if dir.join("problems.yaml").is_file() {
            (
                ContestLayout::Bapctools,
                yaml_name,
                bapctools(dir, &mut issues)?,
            )
        } else if dir.join("contest.xml").is_file() {
            let (name, problems) = polygon(dir, &mut issues)?;
            (ContestLayout::Polygon, name, problems)
        } else {
            let layout = if contest_yaml.is_some() {
                ContestLayout::Bapctools
            } else {
                ContestLayout::Folder
            };
            (layout, yaml_name, folder(dir)?)
        };
        if problems.is_empty() {
            return Err(PackageError::Layout {
                dir: dir.display().to_string(),
                reason:
                    "no problems: not a contest (no problems.yaml, contest.xml or problem folders)"
                        .into(),
            });
        }
        Ok(Contest {
            dir: dir.to_path_buf(),
            name,
            layout,
            problems,
            issues,
        })
    }

    /// Whether `dir` holds a contest: `problems.yaml`, `contest.xml`, or
    /// folders that are packages, and is no package itself.
    pub fn is_contest(dir: &Path) -> bool {
        !Package::is_package(dir)
            && (dir.join("problems.yaml").is_file()
                || dir.join("contest.xml").is_file()
                || std::fs::read_dir(dir)
                    .is_ok_and(|mut d| d.any(|e| e.is_ok_and(|e| Package::is_package(&e.path())))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_run_from_a_to_z_then_double() {
        assert_eq!(label(0), "A");
        assert_eq!(label(25), "Z");
        assert_eq!(label(26), "AA");
        assert_eq!(label(27), "AB");
    }
}
