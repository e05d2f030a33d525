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
//! test (sinol scores a group by its least test). An expectation is carried
//! for each group whose status and points it fixes (group 0, the examples,
//! where the grade there is known: an accepted submission's); nothing is
//! made up for the rest, so `sinol-make run` asks for them, but for group 0
//! where the caller measured it ([`Examples`], `super::sinol_examples`:
//! `jurybox convert` runs each solution on the examples first). A submission
//! nothing is stated of goes to `prog/other/`, which sinol-make does not run
//! (it stops on a solution of prog/ config.yml says nothing of) and jurybox
//! runs unchecked.

use super::sinol_examples::{comment, state_group_zero, Examples, SinolConversion, SinolStatus};
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

/// `sinol_expected_scores` of `e`: each group whose status and points it
/// fixes, the examples' group 0 where its grade there is known, and the
/// total where every group is stated (sinol-make reads no total, jurybox
/// checks one); with the groups it leaves unstated. `None` where it states
/// none.
fn expected_scores(
    e: &Expected,
    groups: &[SinolGroup],
    subtasks: &Subtasks,
) -> Option<(Value, Vec<usize>)> {
    let mut expected = Mapping::new();
    let mut unstated = Vec::new();
    // Group 0, the examples: sinol-make states every solution's status there.
    match (e.samples, subtasks.unscored.is_empty()) {
        (_, true) => {}
        (Some(grade), false) => {
            let mut entry = Mapping::new();
            entry.insert("points".into(), number(0.0));
            entry.insert("status".into(), SinolStatus::of(grade).word().into());
            expected.insert(Value::from(0u64), entry.into());
        }
        (None, false) => unstated.push(0),
    }
    let mut total = 0.0;
    let mut scored = 0;
    for g in groups {
        let each_test = subtasks.groups[g.subtask].each_test;
        // A subtask of per-test points graded short of AC does not say
        // which of its tests (one sinol group each) failed.
        let Some(grade) = e
            .grade(g.subtask)
            .filter(|grade| !each_test || *grade == Verdict::AC)
        else {
            unstated.push(g.number);
            continue;
        };
        let points = if grade == Verdict::AC { g.points } else { 0.0 };
        total += points;
        scored += 1;
        let mut entry = Mapping::new();
        entry.insert("points".into(), number(points));
        entry.insert("status".into(), SinolStatus::of(grade).word().into());
        expected.insert(Value::from(g.number as u64), entry.into());
    }
    if scored == 0 {
        return None;
    }
    let mut out = Mapping::new();
    out.insert("expected".into(), expected.into());
    if scored == groups.len() {
        out.insert("points".into(), number(total));
    }
    Some((out.into(), unstated))
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
/// converted. Group 0 is stated only where the source states it: see
/// [`to_sinol_with`].
pub fn to_sinol(
    package: &Package,
    tests: &[TestBytes],
    out: &std::path::Path,
) -> Result<Vec<Issue>, ConvertError> {
    to_sinol_with(package, tests, out, None).map(|c| c.issues)
}

/// [`to_sinol`], group 0's status written for each solution `examples`
/// measured where the source states none there; for the rest, config.yml
/// and the issues give the sinol-make command that measures it.
pub fn to_sinol_with(
    package: &Package,
    tests: &[TestBytes],
    out: &std::path::Path,
    examples: Option<&Examples>,
) -> Result<SinolConversion, ConvertError> {
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
    let mut example_files = Vec::new();
    for (number, members) in &names {
        for (k, &t) in members.iter().enumerate() {
            let suffix = match (*number, members.len()) {
                (0, 1) => String::new(),
                _ => letters(k),
            };
            let stem = format!("{task}{number}{suffix}");
            if *number == 0 {
                example_files.push(format!("in/{stem}.in"));
            }
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
    let measure = format!(
        "sinol-make run --tests {} --apply-suggestions",
        example_files.join(" ")
    );
    let mut conversion = SinolConversion::default();
    let expected = write_solutions(
        &out,
        package,
        &task,
        (&subtasks, &groups),
        (&measure, examples, &mut conversion),
        &mut unjudged,
        &mut issues,
    )?;
    let mut config = config(package, &task, &subtasks, &groups, expected, &mut issues);
    if !unjudged.is_empty() {
        config.push_str("# Not run by sinol-make (it stops on a solution of prog/ whose status\n");
        config.push_str("# is stated in no group): the source states nothing of these.\n");
        for line in &unjudged {
            config.push_str(&format!("# - {line}\n"));
        }
    }
    if !conversion.examples_measured.is_empty() {
        conversion.measured_by = examples.map(|e| e.measured_by.clone());
    }
    config.push_str(&comment(&conversion, examples, &measure));
    out.write("config.yml", config.as_bytes())?;
    conversion.issues = issues;
    Ok(conversion)
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

/// `measure`: the sinol-make command that measures group 0 alone; each
/// solution whose status there the source does not state is given the one
/// `examples` measured (pushed to `examples_measured`), else written
/// without one (pushed to `examples_unstated`).
fn write_solutions(
    out: &Out,
    package: &Package,
    task: &str,
    (subtasks, groups): (&Subtasks, &[SinolGroup]),
    (measure, examples, conversion): (&str, Option<&Examples>, &mut SinolConversion),
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
        // sinol-make runs every solution of prog/ and asks for the status
        // of each in every group it ran: a solution nothing is stated of is
        // kept in prog/other/, which it does not run; one stated in some
        // groups stays, and sinol-make asks for the rest.
        let Some((mut stated, mut unstated)) = expected_scores(e, groups, subtasks) else {
            let file = format!("other/{}", s.name.replace('/', "-"));
            out.copy(&s.path, format!("prog/{file}"))?;
            issues.push(issue(
                &format!("prog/{file}"),
                format!("{}: no score or status of it is stated in any group: kept where sinol-make does not run it", s.name),
            ));
            unjudged.push(format!("prog/{file}: {}", s.name));
            continue;
        };
        let file = loop {
            let f = format!("{}.{ext}", solution_name(task, e, &mut counts));
            if taken.insert(f.clone()) {
                break f;
            }
        };
        out.copy(&s.path, format!("prog/{file}"))?;
        let measured = examples.and_then(|x| x.statuses.get(&file));
        match (unstated.contains(&0), measured) {
            (true, Some(Ok(status))) => {
                state_group_zero(&mut stated, *status);
                unstated.retain(|&g| g != 0);
                conversion.examples_measured.push((file.clone(), *status));
            }
            (true, Some(Err(why))) => issues.push(issue(
                &format!("prog/{file}"),
                format!(
                    "{}: its status on group 0 (the examples) was not measured: {why}",
                    s.name
                ),
            )),
            _ => {}
        }
        expected.insert(file.clone().into(), stated);
        if !unstated.is_empty() {
            let list = unstated
                .iter()
                .map(|g| match g {
                    0 => "0 (the examples)".to_string(),
                    g => g.to_string(),
                })
                .collect::<Vec<_>>()
                .join(", ");
            let zero = match unstated.contains(&0) {
                true => {
                    conversion.examples_unstated.push(file.clone());
                    format!("; group 0 is worth 0 points, and `{measure}` has sinol-make measure and write its status there alone")
                }
                false => String::new(),
            };
            issues.push(issue(
                &format!("prog/{file}"),
                format!(
                    "{}: the source states nothing of its status in group {list}: not written, so `sinol-make run` stops with \"Groups were added: {}\" until the jury states it{zero}",
                    s.name,
                    unstated.iter().map(|g| g.to_string()).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    Ok(expected)
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
        if subtasks.groups[g.subtask].requires_samples {
            issues.push(issue(
                "config.yml",
                format!("group {} requires the samples (group 0): sinol's subtask_dependencies name scored groups, and group 0 has no score, so this dependency is not converted", g.number),
            ));
        }
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
