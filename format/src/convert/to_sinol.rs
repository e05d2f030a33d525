//! A scored package (Kattis, either layout, or Polygon) written as a
//! sinol-make package: `config.yml` (the task id, `default` contest type, the
//! limits in milliseconds and KiB, `scores` per group, `subtask_dependencies`
//! written out transitively, since sinol's are not, and
//! `sinol_expected_scores`), the tests as `in/abc1a.in` and `out/abc1a.out`
//! (the samples group 0), and `prog/`: each submission named as sinol names
//! it (`abc.cpp` the first accepted one, `abc2.cpp` the other accepted ones,
//! `abcs1.cpp` one that times out, `abcb1.cpp` the rest) and the input
//! validator behind `abcinwer.cpp`, a wrapper that includes its source with
//! `main` renamed, runs it in a child with the arguments of the test's group
//! (found from the test's name, as sinol tells its inwer) and turns Kattis's
//! 42 into sinol's 0. A subtask of per-test points becomes one sinol group a
//! test (sinol scores a group by its least test), an expectation carried
//! only where it fixes every group's status and points.

use super::subtasks::{Expected, Subtasks};
use super::validator_wrapper::{wrap_validator, GroupKey};
use super::{issue, ConvertError, Out, TestBytes};
use crate::scoring::show;
use crate::{Issue, OutputValidator, Package, ValidatorArgs, Verdict};
use std::collections::{BTreeMap, BTreeSet};
use yaml_serde::{Mapping, Value};

/// A sinol task id made from `name`: its first three ASCII letters,
/// lowercase (`x` where it has fewer).
fn task_id(name: &str) -> String {
    let mut id: String = name
        .chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .take(3)
        .collect();
    while id.len() < 3 {
        id.push('x');
    }
    id
}

/// The letters of a group's `i`th test (from 0): `a` ... `z`, `aa`, `ab` ...
fn letters(mut i: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// One sinol group: its number, points, tests and the subtask it comes from.
struct SinolGroup {
    number: usize,
    points: f64,
    tests: Vec<usize>,
    subtask: usize,
}

/// The sinol groups of `subtasks`: a subtask of per-test points split into
/// one group a test.
fn sinol_groups(subtasks: &Subtasks) -> Vec<SinolGroup> {
    let mut out = Vec::new();
    for (i, g) in subtasks.groups.iter().enumerate() {
        let parts: Vec<Vec<usize>> = match g.each_test {
            true => g.tests.iter().map(|&t| vec![t]).collect(),
            false => vec![g.tests.clone()],
        };
        let share = g.points / parts.len().max(1) as f64;
        for tests in parts {
            out.push(SinolGroup {
                number: out.len() + 1,
                points: share,
                tests,
                subtask: i,
            });
        }
    }
    out
}

/// A number as YAML: an integer where it is one.
fn number(x: f64) -> Value {
    match x == x.round() {
        true => Value::from(x as i64),
        false => Value::from(x),
    }
}

/// sinol's status for a group graded `v`.
fn status(v: Verdict) -> &'static str {
    match v {
        Verdict::AC => "OK",
        Verdict::WA => "WA",
        Verdict::TLE => "TL",
        Verdict::RTE => "RE",
    }
}

/// `sinol_expected_scores` of `e`, when it fixes every group's status and
/// points.
fn expected_scores(e: &Expected, groups: &[SinolGroup], subtasks: &Subtasks) -> Option<Value> {
    let mut expected = Mapping::new();
    // Group 0, the examples: sinol-make states every solution's status there.
    if let (Some(grade), false) = (e.samples, subtasks.unscored.is_empty()) {
        let mut entry = Mapping::new();
        entry.insert("points".into(), number(0.0));
        entry.insert("status".into(), status(grade).into());
        expected.insert(Value::from(0u64), entry.into());
    }
    let mut total = 0.0;
    for g in groups {
        let grade = e.grade(g.subtask)?;
        let each_test = subtasks.groups[g.subtask].each_test;
        if each_test && grade != Verdict::AC {
            return None;
        }
        let points = if grade == Verdict::AC { g.points } else { 0.0 };
        total += points;
        let mut entry = Mapping::new();
        entry.insert("points".into(), number(points));
        entry.insert("status".into(), status(grade).into());
        expected.insert(Value::from(g.number as u64), entry.into());
    }
    let mut out = Mapping::new();
    out.insert("expected".into(), expected.into());
    out.insert("points".into(), number(total));
    Some(out.into())
}

/// sinol's file name for a submission, `n` counting its kind.
fn solution_name(task: &str, e: &Expected, counts: &mut BTreeMap<char, usize>) -> String {
    let kind = match (e.accepted, &e.grades) {
        (true, _) => 'm',
        (false, grades) if grades.iter().flatten().any(|g| g.contains(&Verdict::TLE)) => 's',
        _ => 'b',
    };
    let n = counts.entry(kind).or_insert(0);
    *n += 1;
    match (kind, *n) {
        ('m', 1) => task.to_string(),
        ('m', n) => format!("{task}{n}"),
        (k, n) => format!("{task}{k}{n}"),
    }
}

/// Writes the scored `package` as a sinol-make package in the new directory
/// `out`, `tests` holding its tests in order. Returns what could not be
/// converted.
pub fn to_sinol(
    package: &Package,
    tests: &[TestBytes],
    out: &std::path::Path,
) -> Result<Vec<Issue>, ConvertError> {
    if package.sinol.is_some() {
        return Err(ConvertError::Source(format!(
            "{}: already a sinol-make package",
            package.dir.display()
        )));
    }
    if package.data.tests.len() != tests.len() {
        return Err(ConvertError::TestCount {
            expected: package.data.tests.len(),
            given: tests.len(),
        });
    }
    let mut issues = Vec::new();
    let subtasks = Subtasks::of(package, &mut issues).ok_or_else(|| {
        ConvertError::Source(format!(
            "{}: a pass-fail package; sinol-make packages are scored by groups",
            package.dir.display()
        ))
    })?;
    // sinol-make names a task by its directory: the new one's.
    let dir_name = out
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let task = task_id(match dir_name.is_empty() {
        true => &package.name,
        false => &dir_name,
    });
    let out = Out::new(out)?;
    let groups = sinol_groups(&subtasks);
    // Tests: group 0 the samples, then each group's in order.
    let mut names: Vec<(usize, Vec<usize>)> = vec![(0, subtasks.unscored.clone())];
    names.extend(groups.iter().map(|g| (g.number, g.tests.clone())));
    let mut args: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (number, members) in &names {
        for (k, &t) in members.iter().enumerate() {
            let suffix = match (*number, members.len()) {
                (0, 1) => String::new(),
                _ => letters(k),
            };
            let stem = format!("{task}{number}{suffix}");
            out.write(format!("in/{stem}.in"), &tests[t].input)?;
            out.write(format!("out/{stem}.out"), &tests[t].answer)?;
        }
        if let Some(&first) = members.first() {
            match &package.data.tests[first].settings.input_validator_args {
                ValidatorArgs::Each(a) => {
                    args.insert(number.to_string(), a.clone());
                }
                ValidatorArgs::ByName(_) => issues.push(issue(
                    "prog/",
                    format!("group {number}: arguments per validator name are not converted"),
                )),
            }
        }
    }
    write_validator(&out, package, &task, &args, &mut issues)?;
    if let OutputValidator::Custom(p) = &package.programs.output_validator {
        issues.push(issue(
            &format!("prog/{task}chk.cpp"),
            format!("the output validator {} is not converted (sinol's checker protocol differs): answers are compared token by token", p.name),
        ));
    }
    let mut unjudged = Vec::new();
    let expected = write_solutions(
        &out,
        package,
        &task,
        &subtasks,
        &groups,
        &mut unjudged,
        &mut issues,
    )?;
    let mut config = config(package, &task, &subtasks, &groups, expected, &mut issues);
    if !unjudged.is_empty() {
        config.push_str("# Not run by sinol-make (it fails on a solution whose status in a group\n");
        config.push_str("# it runs is not stated here), kept as the source states them:\n");
        for line in &unjudged {
            config.push_str(&format!("# - {line}\n"));
        }
    }
    out.write("config.yml", config.as_bytes())?;
    Ok(issues)
}

/// The validator as `prog/TASKinwer.cpp`, told its group's arguments.
fn write_validator(
    out: &Out,
    package: &Package,
    task: &str,
    args: &BTreeMap<String, Vec<String>>,
    issues: &mut Vec<Issue>,
) -> Result<(), ConvertError> {
    let validators = &package.programs.input_validators;
    let Some(v) = validators.first() else {
        issues.push(issue(
            "prog/",
            "no input validator: the tests are not checked",
        ));
        return Ok(());
    };
    if validators.len() > 1 {
        issues.push(issue(
            "prog/",
            format!("sinol has one inwer: only {} is converted", v.name),
        ));
    }
    let key = GroupKey::SinolTestName(task.to_string());
    let stem = format!("{task}inwer");
    if wrap_validator(out, &v.path, "prog", &stem, &key, args, issues)?.is_none() {
        issues.push(issue(
            &format!("prog/{stem}.cpp"),
            format!("{}: only a C or C++ validator of one file is wrapped as sinol's inwer: the tests are not checked", v.name),
        ));
    }
    Ok(())
}

fn write_solutions(
    out: &Out,
    package: &Package,
    task: &str,
    subtasks: &Subtasks,
    groups: &[SinolGroup],
    unjudged: &mut Vec<String>,
    issues: &mut Vec<Issue>,
) -> Result<Mapping, ConvertError> {
    let mut counts = BTreeMap::new();
    let mut expected = Mapping::new();
    let mut taken = BTreeSet::new();
    for s in &package.submissions {
        let Some(e) = subtasks.expected_of(&s.name) else {
            continue;
        };
        let ext = s
            .path
            .extension()
            .map_or_else(String::new, |e| e.to_string_lossy().into_owned());
        if s.path.is_dir() || !crate::sinol::SINOL_MAKE_EXTENSIONS.contains(&ext.as_str()) {
            issues.push(issue(
                &format!("submissions/{}", s.name),
                "sinol-make runs C, C++ and Python sources of one file: left out",
            ));
            continue;
        }
        // sinol-make runs every solution of prog/ and fails on one whose
        // status in some group it ran (the examples' group 0 too) config.yml
        // does not state: a solution stated short of that is kept in
        // prog/other/, which sinol-make does not run.
        let stated = expected_scores(e, groups, subtasks);
        let examples_unstated = e.samples.is_none() && !subtasks.unscored.is_empty();
        if stated.is_none() || examples_unstated {
            let file = format!("other/{}", s.name.replace('/', "-"));
            out.copy(&s.path, format!("prog/{file}"))?;
            let what = match (stated.is_none(), stated_groups(e, groups)) {
                (true, None) => "no expected score of it is stated".to_string(),
                (true, Some(known)) => format!("its status is stated in {known} only, not in every group"),
                (false, Some(known)) => format!(
                    "{known} stated, but not its status on the examples (group 0), which sinol-make checks too"
                ),
                (false, None) => "its status on the examples (group 0) is not stated".to_string(),
            };
            issues.push(issue(
                &format!("prog/{file}"),
                format!("{}: {what}: kept where sinol-make does not run it, unchecked", s.name),
            ));
            unjudged.push(format!("prog/{file}: {}: {what}", s.name));
            continue;
        }
        let file = loop {
            let f = format!("{}.{ext}", solution_name(task, e, &mut counts));
            if taken.insert(f.clone()) {
                break f;
            }
        };
        out.copy(&s.path, format!("prog/{file}"))?;
        if let Some(v) = stated {
            expected.insert(file.into(), v);
        }
    }
    Ok(expected)
}

/// What `e` states of the sinol groups, as `group 1 OK 30, group 2 WA 0`
/// (`None`: nothing).
fn stated_groups(e: &Expected, groups: &[SinolGroup]) -> Option<String> {
    let known: Vec<String> = groups
        .iter()
        .filter_map(|g| {
            let grade = e.grade(g.subtask)?;
            let points = if grade == Verdict::AC { g.points } else { 0.0 };
            Some(format!("group {} {} {}", g.number, status(grade), show(points)))
        })
        .collect();
    (!known.is_empty()).then(|| known.join(", "))
}

fn config(
    package: &Package,
    task: &str,
    subtasks: &Subtasks,
    groups: &[SinolGroup],
    expected: Mapping,
    issues: &mut Vec<Issue>,
) -> String {
    let mut doc = Mapping::new();
    let title = package.config.name.clone().unwrap_or(package.name.clone());
    doc.insert("title".into(), title.into());
    doc.insert("sinol_task_id".into(), task.into());
    doc.insert("sinol_contest_type".into(), "default".into());
    let seconds = package.config.time_limit.as_ref().map(|(s, _)| *s);
    if seconds.is_none() {
        issues.push(issue(
            "config.yml",
            "the package states no time limit: 1000 ms written, derive and set the real one",
        ));
    }
    doc.insert(
        "time_limit".into(),
        number((seconds.unwrap_or(1.0) * 1000.0).round()),
    );
    doc.insert(
        "memory_limit".into(),
        number(package.config.memory_mib.unwrap_or(256) as f64 * 1024.0),
    );
    let mut scores = Mapping::new();
    for g in groups {
        if g.points != g.points.round() {
            issues.push(issue(
                "config.yml",
                format!(
                    "group {}: {} points, sinol's are integers",
                    g.number,
                    show(g.points)
                ),
            ));
        }
        scores.insert(Value::from(g.number as u64), number(g.points));
    }
    doc.insert("scores".into(), scores.into());
    if (subtasks.total - 100.0).abs() > 1e-9 {
        doc.insert("sinol_total_score".into(), number(subtasks.total));
    }
    let mut deps = Mapping::new();
    for g in groups {
        let mut required: BTreeSet<usize> = BTreeSet::new();
        let mut todo = subtasks.groups[g.subtask].requires.clone();
        while let Some(r) = todo.pop() {
            if required.insert(r) {
                todo.extend(subtasks.groups[r].requires.iter().copied());
            }
        }
        let numbers: Vec<Value> = groups
            .iter()
            .filter(|o| required.contains(&o.subtask))
            .map(|o| Value::from(o.number as u64))
            .collect();
        if !numbers.is_empty() {
            deps.insert(Value::from(g.number as u64), numbers.into());
        }
    }
    if !deps.is_empty() {
        doc.insert("subtask_dependencies".into(), deps.into());
    }
    doc.insert("sinol_expected_scores".into(), expected.into());
    format!(
        "# Converted from {} by jurybox.\n{}",
        package.name,
        yaml_serde::to_string(&doc).unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_ids_and_test_letters_are_sinols() {
        assert_eq!(task_id("scoring-legacy"), "sco");
        assert_eq!(task_id("A1"), "axx");
        assert_eq!(letters(0), "a");
        assert_eq!(letters(25), "z");
        assert_eq!(letters(26), "aa");
        assert_eq!(letters(27), "ab");
    }
}
