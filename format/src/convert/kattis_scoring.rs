//! A scored problem's subtasks written as a Kattis package states them. The
//! 2025-09 layout: each subtask a test data group `data/secret/DIR/` whose
//! `test_group.yaml` has its `max_score`, `score_aggregation` (`sum` for equal
//! shares per test, else `pass-fail`) and `require_pass` (of pass-fail
//! groups only, as the spec says: a required group of per-test points has
//! its tests linked in instead); expectations in
//! submissions.yaml (a `score` and each group's `permitted` / `required`
//! verdicts and `score`). The legacy layout as Kattis' testdata_tools writes
//! it and problemtools scores it: `data/testdata.yaml` ignoring the samples,
//! `data/secret/testdata.yaml` accepting a submission that passes any group
//! (so a partial solution is `partially_accepted/`), each group scored by the
//! default grader (`min` with its points as `accept_score` for all or
//! nothing, `sum` of equal shares otherwise), a required group's tests linked
//! into the group that requires it (testdata_tools' `include_group`, a
//! symbolic link: the legacy format has no dependencies); expectations as testdata_tools'
//! `@EXPECTED_GRADES@` and DOMjudge's `@EXPECTED_SCORE@` lines in the source.
//! Group directories keep the source's names where those sort in run order
//! (the order judges run groups in), else they are numbered.

use super::kattis_layout::comment_line;
use super::subtasks::{Expected, Subtasks};
use super::{issue, ConvertError, KattisLayout, Out, TestBytes};
use crate::scoring::{show, ScoreRule, KATTIS_SAMPLE};
use crate::{Issue, ValidatorArgs, Verdict};
use std::collections::BTreeSet;
use yaml_serde::{Mapping, Value};

/// One test to write: its file stem, bytes, description and the arguments
/// its input validators get.
pub(crate) struct TestFile<'a> {
    /// Its name within its directory, without extension (`05`, `sum1a`).
    pub stem: String,
    /// Its input and answer.
    pub bytes: &'a TestBytes,
    /// What it is for.
    pub description: Option<String>,
    /// Its input validators' arguments.
    pub validator_args: ValidatorArgs,
}

/// The writer of one scored package's subtasks in one Kattis layout.
pub(crate) struct KattisScoring<'a> {
    /// The subtasks.
    pub subtasks: &'a Subtasks,
    /// The layout written.
    pub layout: KattisLayout,
    /// Each subtask's directory under `data/secret/`.
    dirs: Vec<String>,
}

/// A name a directory can have: letters, digits, `-` and `_`.
fn dir_safe(name: &str) -> String {
    name.chars()
        .map(
            |c| match c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                true => c,
                false => '-',
            },
        )
        .collect()
}

/// The group directories: the source's names where they sort in run order,
/// `group1`... for numbered groups, else each numbered in front.
fn directories(subtasks: &Subtasks) -> Vec<String> {
    let names: Vec<String> = subtasks
        .groups
        .iter()
        .map(|g| dir_safe(g.short_name()))
        .collect();
    let numbered = names
        .iter()
        .all(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    let width = match numbered {
        true => names.iter().map(String::len).max().unwrap_or(1),
        false => subtasks.groups.len().to_string().len(),
    };
    let sorted = names.windows(2).all(|w| w[0] < w[1]) && names.iter().all(|n| !n.is_empty());
    names
        .iter()
        .enumerate()
        .map(|(i, n)| match (numbered, sorted) {
            (true, _) => format!("group{n:0>width$}"),
            (false, true) => n.clone(),
            (false, false) => format!("{:0width$}-{n}", i + 1),
        })
        .collect()
}

/// A YAML list of verdict codes.
fn verdict_list(set: &BTreeSet<Verdict>) -> Value {
    set.iter()
        .map(|v| Value::from(v.code()))
        .collect::<Vec<_>>()
        .into()
}

/// A score as YAML: an integer where it is one.
fn number(x: f64) -> Value {
    if x == x.round() && x.abs() < 1e15 {
        Value::from(x as i64)
    } else {
        Value::from(x)
    }
}

fn yaml_text(map: Mapping) -> Vec<u8> {
    yaml_serde::to_string(&map).unwrap_or_default().into_bytes()
}

/// The directory whose name says verdict `v`.
fn verdict_dir(v: Verdict) -> &'static str {
    match v {
        Verdict::AC => "accepted",
        Verdict::WA => "wrong_answer",
        Verdict::TLE => "time_limit_exceeded",
        Verdict::RTE => "run_time_error",
    }
}

impl<'a> KattisScoring<'a> {
    /// The writer of `subtasks` in `layout`.
    pub fn new(subtasks: &'a Subtasks, layout: KattisLayout) -> KattisScoring<'a> {
        KattisScoring {
            dirs: directories(subtasks),
            subtasks,
            layout,
        }
    }

    /// Subtask `i`'s name in the written package (`secret/group1`).
    pub fn group_name(&self, i: usize) -> String {
        format!("secret/{}", self.dirs[i])
    }

    /// The directory under the package test `index` goes to.
    fn place(&self, index: usize) -> String {
        match self.subtasks.group_of(index) {
            Some(g) => format!("data/{}", self.group_name(g)),
            None => "data/sample".into(),
        }
    }

    /// Writes every test into its group's directory and each group's and the
    /// root's configuration.
    pub fn write_data(
        &self,
        out: &Out,
        files: &[TestFile],
        issues: &mut Vec<Issue>,
    ) -> Result<(), ConvertError> {
        for (index, file) in files.iter().enumerate() {
            self.write_test(out, &self.place(index), &file.stem, file)?;
        }
        for (i, group) in self.subtasks.groups.iter().enumerate() {
            let at = format!("data/{}", self.group_name(i));
            let mut doc = Mapping::new();
            match self.layout {
                KattisLayout::V2025 => self.v2025_group(out, files, i, &mut doc, issues)?,
                KattisLayout::Legacy => self.legacy_group(out, files, i, &mut doc, issues)?,
            }
            self.validator_args(out, files, &group.tests, &at, &mut doc, issues)?;
            out.write(format!("{at}/{}", self.config_file()), &yaml_text(doc))?;
        }
        let samples = &self.subtasks.unscored;
        let mut doc = Mapping::new();
        if self.layout == KattisLayout::Legacy && !samples.is_empty() {
            doc.insert("on_reject".into(), "continue".into());
            doc.insert("range".into(), "0 0".into());
            doc.insert("accept_score".into(), number(0.0));
            doc.insert("grader_flags".into(), "first_error".into());
        }
        self.validator_args(out, files, samples, "data/sample", &mut doc, issues)?;
        if !doc.is_empty() {
            out.write(
                format!("data/sample/{}", self.config_file()),
                &yaml_text(doc),
            )?;
        }
        self.write_root(out)
    }

    /// The group configuration's file name.
    fn config_file(&self) -> &'static str {
        match self.layout {
            KattisLayout::V2025 => "test_group.yaml",
            KattisLayout::Legacy => "testdata.yaml",
        }
    }

    /// The input validators' arguments of `tests`, in the directory `at`:
    /// one key in its configuration `doc` where they share them, else each
    /// test's own (2025-09; legacy: the first test's, and an issue).
    fn validator_args(
        &self,
        out: &Out,
        files: &[TestFile],
        tests: &[usize],
        at: &str,
        doc: &mut Mapping,
        issues: &mut Vec<Issue>,
    ) -> Result<(), ConvertError> {
        let args: Vec<&ValidatorArgs> = tests.iter().map(|&t| &files[t].validator_args).collect();
        let Some(first) = args.first() else {
            return Ok(());
        };
        let shared = args.windows(2).all(|w| w[0] == w[1]);
        if shared || self.layout == KattisLayout::Legacy {
            if !shared {
                issues.push(issue(at, format!("the legacy layout passes one set of validator arguments a group: its first test's, '{}', for all", first.of("").join(" "))));
            }
            self.validator_key(doc, first, at, issues);
            return Ok(());
        }
        for &t in tests {
            let mut own = Mapping::new();
            self.validator_key(&mut own, &files[t].validator_args, at, issues);
            if let Some(d) = &files[t].description {
                own.insert("description".into(), d.as_str().into());
            }
            out.write(format!("{at}/{}.yaml", files[t].stem), &yaml_text(own))?;
        }
        Ok(())
    }

    fn write_test(
        &self,
        out: &Out,
        dir: &str,
        stem: &str,
        file: &TestFile,
    ) -> Result<(), ConvertError> {
        out.write(format!("{dir}/{stem}.in"), &file.bytes.input)?;
        out.write(format!("{dir}/{stem}.ans"), &file.bytes.answer)?;
        if let Some(d) = &file.description {
            match self.layout {
                KattisLayout::V2025 => {
                    out.write(format!("{dir}/{stem}.yaml"), crate::test_yaml(d).as_bytes())
                }
                KattisLayout::Legacy => out.write(format!("{dir}/{stem}.desc"), d.as_bytes()),
            }?;
        }
        Ok(())
    }

    /// The input validators' arguments as the layout's key.
    fn validator_key(
        &self,
        doc: &mut Mapping,
        args: &ValidatorArgs,
        at: &str,
        issues: &mut Vec<Issue>,
    ) {
        let list = |a: &[String]| -> Value {
            a.iter()
                .map(|w| Value::from(w.as_str()))
                .collect::<Vec<_>>()
                .into()
        };
        match (args, self.layout) {
            (ValidatorArgs::Each(a), _) if a.is_empty() => {}
            (ValidatorArgs::Each(a), KattisLayout::V2025) => {
                doc.insert("input_validator_args".into(), list(a));
            }
            (ValidatorArgs::Each(a), KattisLayout::Legacy) => {
                doc.insert("input_validator_flags".into(), a.join(" ").into());
            }
            (ValidatorArgs::ByName(map), KattisLayout::V2025) => {
                let by_name: Mapping = map
                    .iter()
                    .map(|(k, v)| (Value::from(k.as_str()), list(v)))
                    .collect();
                doc.insert("input_validator_args".into(), by_name.into());
            }
            (ValidatorArgs::ByName(_), KattisLayout::Legacy) => issues.push(issue(
                at,
                "arguments per validator name have no legacy key: not converted",
            )),
        }
    }

    /// 2025-09's `require_pass` may name only `pass-fail` groups: a required
    /// group of per-test points (`sum`) has its tests linked into an
    /// all-or-nothing group that needs it instead (passing them is then part
    /// of passing it, as Polygon's dependency means), and is a said loss for
    /// a group of per-test points, where a linked test would earn a share.
    fn v2025_group(
        &self,
        out: &Out,
        files: &[TestFile],
        i: usize,
        doc: &mut Mapping,
        issues: &mut Vec<Issue>,
    ) -> Result<(), ConvertError> {
        let g = &self.subtasks.groups[i];
        let at = format!("data/{}", self.group_name(i));
        if g.points != g.points.round() {
            issues.push(issue(
                &format!("{at}/test_group.yaml"),
                format!(
                    "max_score {}: the 2025-09 format asks for an integer",
                    show(g.points)
                ),
            ));
        }
        doc.insert("max_score".into(), number(g.points));
        let how = if g.each_test { "sum" } else { "pass-fail" };
        doc.insert("score_aggregation".into(), how.into());
        let mut names: Vec<Value> = Vec::new();
        if g.requires_samples {
            names.push(KATTIS_SAMPLE.into());
        }
        let (summed, all_or_nothing): (Vec<usize>, Vec<usize>) = g
            .requires
            .iter()
            .partition(|&&r| self.subtasks.groups[r].each_test);
        names.extend(
            all_or_nothing
                .iter()
                .map(|&r| Value::from(self.group_name(r))),
        );
        if !names.is_empty() {
            doc.insert("require_pass".into(), names.into());
        }
        if summed.is_empty() {
            return Ok(());
        }
        if g.each_test {
            let list: Vec<String> = summed.iter().map(|&r| self.group_name(r)).collect();
            issues.push(issue(&at, format!("a group of per-test points that requires {}, a group of per-test points: 2025-09's require_pass names only pass-fail groups, and a required test linked into it would earn a share of its points like its own, so the dependency is not converted", list.join(", "))));
            return Ok(());
        }
        for r in summed {
            self.link_group(out, files, r, &at)?;
        }
        Ok(())
    }

    /// Group `r`'s tests linked into the directory `at` (`1-small-03.in`),
    /// where passing them becomes part of passing the group there.
    fn link_group(
        &self,
        out: &Out,
        files: &[TestFile],
        r: usize,
        at: &str,
    ) -> Result<(), ConvertError> {
        for &t in &self.subtasks.groups[r].tests {
            let (from, stem) = (&self.dirs[r], &files[t].stem);
            for ext in ["in", "ans"] {
                out.symlink(
                    &format!("../{from}/{stem}.{ext}"),
                    format!("{at}/{from}-{stem}.{ext}"),
                )?;
            }
        }
        Ok(())
    }

    /// Every group `i` requires, transitively, in run order.
    fn required(&self, i: usize) -> Vec<usize> {
        let mut out: BTreeSet<usize> = BTreeSet::new();
        let mut todo = self.subtasks.groups[i].requires.clone();
        while let Some(r) = todo.pop() {
            if out.insert(r) {
                todo.extend(self.subtasks.groups[r].requires.iter().copied());
            }
        }
        out.into_iter().collect()
    }

    fn legacy_group(
        &self,
        out: &Out,
        files: &[TestFile],
        i: usize,
        doc: &mut Mapping,
        issues: &mut Vec<Issue>,
    ) -> Result<(), ConvertError> {
        let g = &self.subtasks.groups[i];
        let at = format!("data/{}", self.group_name(i));
        let share = g.points / g.tests.len().max(1) as f64;
        let (on_reject, accept, flags) = match g.each_test {
            true => ("continue", share, "sum"),
            false => ("break", g.points, "min"),
        };
        doc.insert("on_reject".into(), on_reject.into());
        doc.insert("accept_score".into(), number(accept));
        doc.insert("range".into(), format!("0 {}", show(g.points)).into());
        doc.insert("grader_flags".into(), flags.into());
        let required = self.required(i);
        let samples = g.requires_samples
            || required
                .iter()
                .any(|&r| self.subtasks.groups[r].requires_samples);
        if required.is_empty() && !samples {
            return Ok(());
        }
        if g.each_test {
            let what = match (required.is_empty(), samples) {
                (false, true) => "other groups and the samples",
                (false, false) => "other groups",
                (true, _) => "the samples",
            };
            issues.push(issue(&at, format!("a group of per-test points that requires {what}: the legacy layout has no dependencies, and a required test linked into it would earn a share of its points like its own (accept_score is one per group), so the dependency is not converted")));
            return Ok(());
        }
        if samples {
            for &t in &self.subtasks.unscored {
                let stem = &files[t].stem;
                for ext in ["in", "ans"] {
                    out.symlink(
                        &format!("../../sample/{stem}.{ext}"),
                        format!("{at}/{KATTIS_SAMPLE}-{stem}.{ext}"),
                    )?;
                }
            }
        }
        for r in required {
            self.link_group(out, files, r, &at)?;
        }
        Ok(())
    }

    fn write_root(&self, out: &Out) -> Result<(), ConvertError> {
        let total = self.subtasks.total;
        match self.layout {
            KattisLayout::V2025 => {
                let mut doc = Mapping::new();
                doc.insert("max_score".into(), number(total));
                out.write("data/secret/test_group.yaml", &yaml_text(doc))
            }
            KattisLayout::Legacy => {
                let range = format!("range: 0 {}\n", show(total));
                out.write(
                    "data/testdata.yaml",
                    format!("on_reject: continue\n{range}grader_flags: ignore_sample\n").as_bytes(),
                )?;
                out.write(
                    "data/secret/testdata.yaml",
                    format!("on_reject: continue\n{range}grader_flags: first_error accept_if_any_accepted\n").as_bytes(),
                )?;
                Ok(())
            }
        }
    }

    /// Where a legacy package puts a submission expected `e`, and the lines
    /// that state it (`@EXPECTED_GRADES@`, `@EXPECTED_SCORE@`) for a source
    /// named `file`; `None` where its grades are not each stated (the caller
    /// keeps its own directory).
    pub fn legacy_placement(&self, e: &Expected, file: &str) -> Option<(&'static str, String)> {
        if e.accepted {
            return Some(("accepted", String::new()));
        }
        let grades = e.every_grade()?;
        let full = e
            .exact_total(self.subtasks.total)
            .is_some_and(|t| (t - self.subtasks.total).abs() < 1e-9);
        let dir = match grades.iter().find(|v| **v != Verdict::AC) {
            None => "accepted",
            Some(_) if grades.contains(&Verdict::AC) && !full => "partially_accepted",
            Some(_) if grades.contains(&Verdict::AC) => "accepted",
            Some(first) => verdict_dir(*first),
        };
        let words: Vec<&str> = grades.iter().map(|v| v.code()).collect();
        let mut lines = comment_line(file, &format!("@EXPECTED_GRADES@ {}", words.join(" ")))?;
        if let Some(total) = e.exact_total(self.subtasks.total) {
            lines.push_str(&comment_line(
                file,
                &format!("@EXPECTED_SCORE@: {}", show(total)),
            )?);
        }
        Some((dir, lines))
    }

    /// A 2025-09 submissions.yaml entry stating `e`: its score and each
    /// group's verdicts and score (`None` for an accepted one, which its
    /// directory says, or when nothing is stated).
    pub fn yaml_entry(&self, e: &Expected) -> Option<Mapping> {
        if e.accepted {
            return None;
        }
        let mut entry = Mapping::new();
        match &e.total {
            Some(ScoreRule::Exactly(x)) => {
                entry.insert("score".into(), number(*x));
            }
            Some(ScoreRule::Between(a, b)) => {
                entry.insert("score".into(), vec![number(*a), number(*b)].into());
            }
            _ => {
                if let Some(x) = e.exact_total(self.subtasks.total) {
                    entry.insert("score".into(), number(x));
                }
            }
        }
        for i in 0..self.subtasks.groups.len() {
            let mut rule = Mapping::new();
            if let Some(grades) = &e.grades[i] {
                let failing: BTreeSet<Verdict> = grades
                    .iter()
                    .copied()
                    .filter(|v| *v != Verdict::AC)
                    .collect();
                let mut permitted = grades.clone();
                permitted.insert(Verdict::AC);
                if failing.is_empty() {
                    permitted = BTreeSet::from([Verdict::AC]);
                }
                rule.insert("permitted".into(), verdict_list(&permitted));
                if !failing.is_empty() && !grades.contains(&Verdict::AC) {
                    rule.insert("required".into(), verdict_list(&failing));
                }
            }
            if let Some(x) = e.scores[i] {
                rule.insert("score".into(), number(x));
            }
            if !rule.is_empty() {
                entry.insert(self.group_name(i).into(), rule.into());
            }
        }
        (!entry.is_empty()).then_some(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::subtasks::Subtask;

    fn subtasks(names: &[&str]) -> Subtasks {
        Subtasks {
            groups: names
                .iter()
                .map(|n| Subtask {
                    name: n.to_string(),
                    points: 10.0,
                    each_test: false,
                    tests: Vec::new(),
                    requires: Vec::new(),
                    requires_samples: false,
                    time_limit: None,
                })
                .collect(),
            unscored: Vec::new(),
            total: 10.0 * names.len() as f64,
            expected: Vec::new(),
        }
    }

    #[test]
    fn directories_sort_in_run_order() {
        assert_eq!(
            directories(&subtasks(&["small", "large"])),
            ["1-small", "2-large"]
        );
        assert_eq!(directories(&subtasks(&["a", "b"])), ["a", "b"]);
        assert_eq!(
            directories(&subtasks(&["secret/group1", "secret/group2"])),
            ["group1", "group2"]
        );
        let many: Vec<String> = (1..=10).map(|i| i.to_string()).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let dirs = directories(&subtasks(&many));
        assert_eq!(dirs[0], "group01");
        assert!(dirs.windows(2).all(|w| w[0] < w[1]), "{dirs:?}");
    }
}
