//! A built-in problem's finished package rewritten as a scored (olympiad)
//! problem, as POI judged its problems: subtasks made from the plan's
//! `[[group]]` tables (each hidden test in the first group whose input-size
//! bound it fits), the known wrong and slow solutions as partial solutions.
//! The layout is Kattis' legacy one as Kattis' testdata_tools writes a scored
//! problem (the layout problemtools' `verifyproblem` scores; no tool here
//! reads 2025-09 scoring): `data/testdata.yaml` ignoring the samples,
//! `data/secret/testdata.yaml` accepting a submission that passes any group,
//! each group all or nothing (`grader_flags: min`, its points as
//! `accept_score`, `on_reject: break`, its bounds told to the input validator
//! as `input_validator_flags`: [`crate::groups::validator_flags`]), the limit
//! in `.timelimit`. What each partial solution earns is found by running it
//! ([`crate::scored_grades`], which first holds every test to its group's
//! flags, [`crate::scored_check`]); this file only moves files and writes the
//! layout's YAML.

use super::groups::{assign, said, validator_flags, GroupPlan};
use super::suite_tests::SuiteError;
use super::{BuiltSuite, TestGroup};
use jurybox_format::layout::{
    ANSWER_VALIDATORS, DATA, OUTPUT_VALIDATOR, PROBLEM_YAML, SUBMISSIONS, TESTDATA_YAML,
};
use jurybox_format::YamlMap;
use jurybox_jury::TimeLimit;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Where the partial solutions wait to be graded, and where one that earns
/// some group but not all goes (testdata_tools' name).
pub const PARTIAL: &str = "partially_accepted";

/// The directory of group `index` (`1-small`): numbered in front so that the
/// judges' tools, which run groups in name order, run them in plan order.
pub fn group_dir(groups: &[GroupPlan], index: usize) -> String {
    format!("{}-{}", index + 1, groups[index].name)
}

/// What the rewritten package states besides its groups.
pub struct ScoredHead<'a> {
    /// The problem's name.
    pub problem: &'a str,
    /// Its statement's title.
    pub title: &'a str,
    /// Its UUID (the pass-fail package's).
    pub uuid: String,
    /// The limit the pass-fail package states.
    pub limit: &'a TimeLimit,
    /// The output validator's flags.
    pub validator_args: &'a [&'static str],
}

/// Rewrites the finished pass-fail package in `dir` (2025-09) as a legacy
/// scored one: the hidden tests (whose sizes, in order, are `sizes`: see
/// [`crate::groups::sizes_of`]) moved into their groups, each with its
/// `testdata.yaml`; `problem.yaml` and `.timelimit`; the statement and output
/// validator where the legacy layout has them; every mutant moved into
/// [`PARTIAL`] to be graded. The legacy layout has no invalid inputs and no
/// answer validators: those stay the pass-fail package's checks.
pub fn rewrite_as_scored(
    dir: &Path,
    suite: &BuiltSuite,
    groups: &[GroupPlan],
    sizes: &[BTreeMap<String, u64>],
    head: &ScoredHead,
) -> Result<(), SuiteError> {
    let secret = dir.join(DATA).join(TestGroup::Secret.dir());
    let hidden: Vec<_> = suite
        .tests
        .iter()
        .filter(|t| t.group == TestGroup::Secret)
        .collect();
    let assigned = assign(groups, sizes)
        .map_err(|e| SuiteError::Directory(format!("suites/{}.toml: {e}", head.problem)))?;
    for (test, &g) in hidden.iter().zip(&assigned) {
        let into = secret.join(group_dir(groups, g));
        fs::create_dir_all(&into)?;
        for ext in ["in", "ans"] {
            let file = format!("{}.{ext}", test.name);
            fs::rename(secret.join(&file), into.join(&file))?;
        }
    }
    for (i, group) in groups.iter().enumerate() {
        fs::write(
            secret.join(group_dir(groups, i)).join(TESTDATA_YAML),
            group_testdata(group),
        )?;
    }
    let flags = match head.validator_args {
        [] => String::new(),
        args => format!("output_validator_flags: {}\n", args.join(" ")),
    };
    let data = dir.join(DATA);
    fs::write(
        data.join(TESTDATA_YAML),
        format!("on_reject: continue\nrange: 0 100\ngrader_flags: ignore_sample\n{flags}"),
    )?;
    fs::write(
        secret.join(TESTDATA_YAML),
        "on_reject: continue\nrange: 0 100\ngrader_flags: first_error accept_if_any_accepted\n",
    )?;
    fs::write(
        data.join(TestGroup::Sample.dir()).join(TESTDATA_YAML),
        "on_reject: continue\nrange: 0 0\naccept_score: 0\ngrader_flags: first_error\n",
    )?;
    remove_if_there(&data.join("invalid_input"))?;
    remove_if_there(&data.join("test_group.yaml"))?;
    remove_if_there(&dir.join(ANSWER_VALIDATORS[0]))?;
    let [single, legacy] = OUTPUT_VALIDATOR;
    let custom = dir.join(single).exists();
    if custom {
        fs::create_dir_all(dir.join(legacy))?;
        fs::rename(dir.join(single), dir.join(legacy).join("validate"))?;
    }
    if dir.join("statement").exists() {
        fs::rename(dir.join("statement"), dir.join("problem_statement"))?;
    }
    fs::write(
        dir.join(PROBLEM_YAML),
        problem_yaml(head, groups, custom).render(),
    )?;
    fs::write(dir.join(".timelimit"), format!("{}\n", head.limit.seconds))?;
    gather_mutants(&dir.join(SUBMISSIONS))
}

/// A group's `testdata.yaml`: all or nothing for its points, and its
/// constraints told to the input validator (`input_validator_flags`, the
/// legacy key problemtools reads and passes to every input validator of the
/// group's tests), where it has any.
fn group_testdata(group: &GroupPlan) -> String {
    let flags = match validator_flags(group) {
        flags if flags.is_empty() => String::new(),
        flags => format!("input_validator_flags: {flags}\n"),
    };
    format!(
        "on_reject: break\naccept_score: {p}\nrange: 0 {p}\ngrader_flags: min\n{flags}",
        p = group.points
    )
}

/// Removes `path`, a file or a directory, if it is there.
fn remove_if_there(path: &Path) -> std::io::Result<()> {
    match (path.is_dir(), path.exists()) {
        (true, _) => fs::remove_dir_all(path),
        (false, true) => fs::remove_file(path),
        _ => Ok(()),
    }
}

/// Every submission but the accepted ones moved into [`PARTIAL`].
fn gather_mutants(subs: &Path) -> Result<(), SuiteError> {
    let partial = subs.join(PARTIAL);
    fs::create_dir_all(&partial)?;
    for category in fs::read_dir(subs)? {
        let category = category?;
        let name = category.file_name();
        if name == "accepted" || name == PARTIAL || !category.path().is_dir() {
            continue;
        }
        for program in fs::read_dir(category.path())? {
            let program = program?;
            fs::rename(program.path(), partial.join(program.file_name()))?;
        }
        fs::remove_dir(category.path())?;
    }
    Ok(())
}

/// The legacy `problem.yaml` of a scored problem: the groups said in a
/// comment, the limit in `.timelimit` (DOMjudge's file, which jurybox and
/// `verifyproblem -t` read).
fn problem_yaml(head: &ScoredHead, groups: &[GroupPlan], custom: bool) -> YamlMap {
    let said: Vec<String> = groups
        .iter()
        .map(|g| format!("{} {} ({})", g.name, g.points, said(g)))
        .collect();
    let mut grading = YamlMap::new();
    grading.value("show_test_data_groups", true);
    let mut limits = YamlMap::new();
    limits
        .number("time_multiplier", head.limit.ac_to_time_limit)
        .number("time_safety_margin", head.limit.time_limit_to_tle);
    let mut doc = YamlMap::new();
    doc.comment(&format!(
        "Written by `jurybox package {} --scoring`: the legacy Kattis layout of a scored\n\
         problem. Groups: {}. The CPU limit, {} s, is in .timelimit.",
        head.problem,
        said.join(", "),
        head.limit.seconds,
    ))
    .quoted("name", head.title)
    .value("uuid", head.uuid.as_str())
    .value("license", "unknown")
    .value("type", "scoring")
    .map("grading", grading)
    .map("limits", limits)
    .value("validation", if custom { "custom" } else { "default" });
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_groups_directory_is_numbered_in_plan_order() {
        let group = |name: &str| GroupPlan {
            name: name.into(),
            points: 50,
            max: Default::default(),
            about: String::new(),
        };
        assert_eq!(group_dir(&[group("small"), group("full")], 1), "2-full");
    }

    #[test]
    fn a_bounded_groups_testdata_tells_its_validator_its_bounds() {
        let few = GroupPlan {
            name: "few-cells".into(),
            points: 30,
            max: [("cells".to_string(), 10)].into(),
            about: String::new(),
        };
        let full = GroupPlan {
            max: Default::default(),
            ..few.clone()
        };
        let yaml = group_testdata(&few);
        assert!(
            yaml.ends_with("\ninput_validator_flags: max_cells=10\n"),
            "{yaml}"
        );
        assert!(
            yaml.starts_with("on_reject: break\naccept_score: 30\n"),
            "{yaml}"
        );
        assert!(!group_testdata(&full).contains("input_validator"));
    }
}
