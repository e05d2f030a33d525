//! A scored package's subtasks written as Polygon states them: each test's
//! `group` and `points`, the testset's `<groups>` (a subtask of equal shares
//! per test `each-test`, else `complete-group` with its points on its first
//! test; `<dependencies>` from the groups it requires, `samples` among
//! them where it requires the samples), the samples a group
//! `samples` of no points (every test of a grouped testset has a group), and
//! each solution's grades per group as `<extra-tags>`. A group is named as
//! the package's validators are told it (`--group NAME` in its arguments, so
//! a package converted from Polygon converts back to the same names), else
//! by its directory (`group1`).

use crate::convert::subtasks::{Expected, Subtasks};
use crate::polygon::xml::escape;
use crate::polygon::SolutionTag;
use crate::scoring::show;
use crate::{Issue, Package, Verdict};
use std::collections::BTreeSet;

/// The Polygon group of the samples.
const SAMPLES: &str = "samples";

/// A scored package's groups as Polygon writes them.
pub(super) struct PolygonGroups {
    subtasks: Subtasks,
    names: Vec<String>,
}

/// The value after `--group` in `args`.
fn group_argument(args: &[String]) -> Option<&str> {
    args.iter()
        .position(|a| a == "--group")
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

/// The arguments beyond Polygon's `--testset NAME` and `--group NAME`.
fn other_arguments(args: &[String]) -> Vec<&str> {
    let mut out = Vec::new();
    let mut words = args.iter();
    while let Some(w) = words.next() {
        match w.as_str() {
            "--testset" | "--group" => {
                words.next();
            }
            other => out.push(other),
        }
    }
    out
}

/// The Polygon tag that allows exactly the grades `set`.
fn tag_of(set: &BTreeSet<Verdict>) -> SolutionTag {
    let failing: Vec<Verdict> = set.iter().copied().filter(|v| *v != Verdict::AC).collect();
    match (set.contains(&Verdict::AC), failing.as_slice()) {
        (_, []) => SolutionTag::Accepted,
        (false, [Verdict::WA]) => SolutionTag::WrongAnswer,
        (false, [Verdict::TLE]) => SolutionTag::TimeLimit,
        (true, [Verdict::TLE]) => SolutionTag::TimeLimitOrAccepted,
        (false, [Verdict::RTE]) => SolutionTag::Failed,
        _ => SolutionTag::Rejected,
    }
}

impl PolygonGroups {
    /// The groups of `package` (`None`: a pass-fail package).
    pub fn of(package: &Package, issues: &mut Vec<Issue>) -> Option<PolygonGroups> {
        let subtasks = Subtasks::of(package, issues)?;
        let mut names: Vec<String> = Vec::new();
        for g in &subtasks.groups {
            let args = g
                .tests
                .first()
                .map(|&t| package.data.tests[t].settings.input_validator_args.of(""))
                .unwrap_or(&[]);
            let name = group_argument(args)
                .filter(|n| !names.iter().any(|m| m == n) && *n != SAMPLES)
                .unwrap_or(g.short_name())
                .to_string();
            let others = other_arguments(args);
            if !others.is_empty() {
                issues.push(Issue::new(
                    "problem.xml",
                    format!("group {name}: its validator arguments '{}' are not converted: Polygon tells a validator only --testset and --group", others.join(" ")),
                ));
            }
            names.push(name);
        }
        Some(PolygonGroups { subtasks, names })
    }

    /// The Polygon group of test `index`.
    pub fn group_name(&self, index: usize) -> String {
        match self.subtasks.group_of(index) {
            Some(g) => self.names[g].clone(),
            None => SAMPLES.into(),
        }
    }

    /// The ` group="..." points="..."` attributes of test `index`.
    pub fn test_attributes(&self, index: usize) -> String {
        let Some(g) = self.subtasks.group_of(index) else {
            return format!(" group=\"{SAMPLES}\" points=\"0\"");
        };
        let group = &self.subtasks.groups[g];
        let points = match group.each_test {
            true => group.points / group.tests.len() as f64,
            false if group.tests.first() == Some(&index) => group.points,
            false => 0.0,
        };
        format!(
            " group=\"{}\" points=\"{}\"",
            escape(&self.names[g]),
            show(points)
        )
    }

    /// The testset's `<groups>` element.
    pub fn groups_xml(&self) -> String {
        let mut out = String::from("            <groups>\n");
        if !self.subtasks.unscored.is_empty() {
            out.push_str(&format!("                <group feedback-policy=\"complete\" name=\"{SAMPLES}\" points=\"0\" points-policy=\"complete-group\"/>\n"));
        }
        for (i, g) in self.subtasks.groups.iter().enumerate() {
            let name = escape(&self.names[i]);
            let head = match g.each_test {
                true => format!("<group feedback-policy=\"points\" name=\"{name}\" points=\"{}\" points-policy=\"each-test\"", show(g.points)),
                false => format!("<group feedback-policy=\"complete\" name=\"{name}\" points=\"{}\" points-policy=\"complete-group\"", show(g.points)),
            };
            if g.requires.is_empty() && !g.requires_samples {
                out.push_str(&format!("                {head}/>\n"));
                continue;
            }
            out.push_str(&format!(
                "                {head}>\n                    <dependencies>\n"
            ));
            let samples = g.requires_samples.then_some(SAMPLES.to_string());
            let names = g.requires.iter().map(|&r| escape(&self.names[r]));
            for name in samples.into_iter().chain(names) {
                out.push_str(&format!(
                    "                        <dependency group=\"{name}\"/>\n"
                ));
            }
            out.push_str("                    </dependencies>\n                </group>\n");
        }
        out.push_str("            </groups>\n");
        out
    }

    /// What the submission `name` is expected, if anything is.
    fn expected(&self, name: &str) -> Option<&Expected> {
        self.subtasks.expected_of(name)
    }

    /// The main tag of a submission no directory tags, from its grades: the
    /// tag of every grade it is expected in some group (`rejected` where only
    /// a total below full marks is stated).
    pub fn main_tag(&self, name: &str) -> Option<SolutionTag> {
        let e = self.expected(name)?;
        let mut all = BTreeSet::new();
        for grades in &e.grades {
            match grades {
                Some(g) => all.extend(g.iter().copied()),
                // A total below full marks: some test fails, which one is not said.
                None if e
                    .exact_total(self.subtasks.total)
                    .is_some_and(|t| t < self.subtasks.total) =>
                {
                    return Some(SolutionTag::Rejected)
                }
                None => return None,
            }
        }
        all.remove(&Verdict::AC);
        Some(tag_of(&all))
    }

    /// The `<extra-tags>` element of the submission `name`: its grades in
    /// each group where they are stated (empty when none are).
    pub fn extra_tags(&self, name: &str) -> String {
        let Some(e) = self.expected(name).filter(|e| !e.accepted) else {
            return String::new();
        };
        let tags: Vec<String> = e
            .grades
            .iter()
            .enumerate()
            .filter_map(|(i, grades)| {
                let tag = tag_of(grades.as_ref()?);
                Some(format!(
                    "                    <extra-tag group=\"{}\" tag=\"{}\" testset=\"tests\"/>\n",
                    escape(&self.names[i]),
                    tag.name()
                ))
            })
            .collect();
        match tags.is_empty() {
            true => String::new(),
            false => format!(
                "\n                <extra-tags>\n{}                </extra-tags>",
                tags.concat()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grade_set_is_the_tag_that_allows_it() {
        assert_eq!(tag_of(&[Verdict::AC].into()), SolutionTag::Accepted);
        assert_eq!(tag_of(&[Verdict::WA].into()), SolutionTag::WrongAnswer);
        assert_eq!(
            tag_of(&[Verdict::AC, Verdict::TLE].into()),
            SolutionTag::TimeLimitOrAccepted
        );
        assert_eq!(
            tag_of(&[Verdict::WA, Verdict::TLE].into()),
            SolutionTag::Rejected
        );
        let args = ["--testset", "tests", "--group", "small"].map(String::from);
        assert_eq!(group_argument(&args), Some("small"));
        assert_eq!(group_argument(&["max=100".to_string()]), None);
        assert!(other_arguments(&args).is_empty());
        assert_eq!(other_arguments(&["max=100".to_string()]), ["max=100"]);
    }
}
