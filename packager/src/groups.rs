//! The subtasks of a built-in problem's scored package, as the plan's
//! `[[group]]` tables state them: each a subtask a contestant recognises,
//! written as the spec's own constraints on the input's sizes (`max = { N =
//! 100, D = 100 }`), the sizes being the ones `jurybox validate PROBLEM`
//! prints for an input (`Problem::describe`: `D=20 S=20 N=20`). A hidden
//! test goes to the first group whose every bound it meets; the last group,
//! with no bound, takes the rest, so each test is in exactly one group.

use serde::Deserialize;
use std::collections::BTreeMap;

/// One subtask of a built-in problem's scored package.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GroupPlan {
    /// Its name (`small`): its directory is `data/secret/N-NAME/`.
    pub name: String,
    /// Its points; a plan's groups sum to 100.
    pub points: u32,
    /// Its constraints: each size named here at most this (an input's sizes
    /// as `jurybox validate` prints them); the last group has none.
    #[serde(default)]
    pub max: BTreeMap<String, u64>,
    /// The subtask as the statement would say it (`N <= 100`).
    #[serde(default)]
    pub about: String,
}

/// A broken `[[group]]` rule, said with the group it concerns.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GroupError {
    /// The points do not sum to 100.
    #[error("the [[group]] points sum to {0}, not 100")]
    Points(u32),
    /// A name that is not file-safe, or one used twice.
    #[error("[[group]] name '{0}' is not [A-Za-z0-9-]+ or appears twice")]
    Name(String),
    /// The last group has a bound: some test could fit no group.
    #[error("the last [[group]] '{0}' has a `max`: it must take every test left")]
    LastBounded(String),
    /// A group before the last without a bound: the groups after it take nothing.
    #[error("[[group]] '{0}' has no `max` but is not the last")]
    Unbounded(String),
    /// A bound on a size the problem's inputs do not have.
    #[error("[[group]] '{group}' bounds '{size}', which is not a size of this problem's inputs ({known})")]
    UnknownSize {
        /// The group.
        group: String,
        /// The size it names.
        size: String,
        /// The sizes an input has.
        known: String,
    },
    /// A group no test fits.
    #[error("[[group]] '{0}' takes no test")]
    Empty(String),
}

/// Checks the `[[group]]` tables: none, or names file-safe and distinct,
/// points summing to 100, each group but the last bounded, the last not.
pub fn check_groups(groups: &[GroupPlan]) -> Result<(), GroupError> {
    let Some(last) = groups.last() else {
        return Ok(());
    };
    let total: u32 = groups.iter().map(|g| g.points).sum();
    if total != 100 {
        return Err(GroupError::Points(total));
    }
    if !last.max.is_empty() {
        return Err(GroupError::LastBounded(last.name.clone()));
    }
    for (i, group) in groups.iter().enumerate() {
        let safe = !group.name.is_empty()
            && group
                .name
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-');
        if !safe || groups[..i].iter().any(|g| g.name == group.name) {
            return Err(GroupError::Name(group.name.clone()));
        }
        if i + 1 < groups.len() && group.max.is_empty() {
            return Err(GroupError::Unbounded(group.name.clone()));
        }
    }
    Ok(())
}

/// An input's sizes read from its one-line summary (`D=20 S=20 N=20`, or
/// `T=3 N<=600` where a size is the largest of several games'): each
/// `NAME=VALUE` or `NAME<=VALUE` token; any other token is skipped.
pub fn sizes_of(summary: &str) -> BTreeMap<String, u64> {
    summary
        .split_whitespace()
        .filter_map(|token| {
            let (name, value) = token.split_once('=')?;
            let name = name.strip_suffix('<').unwrap_or(name);
            Some((name.to_string(), value.parse().ok()?))
        })
        .collect()
}

/// Assigns each hidden test (by its sizes) to the first group whose every
/// bound it meets; errs on a bound naming a size the inputs lack, and on a
/// group that takes no test.
pub fn assign(
    groups: &[GroupPlan],
    tests: &[BTreeMap<String, u64>],
) -> Result<Vec<usize>, GroupError> {
    let mut taken = vec![0usize; groups.len()];
    let mut assigned = Vec::with_capacity(tests.len());
    for sizes in tests {
        let mut into = groups.len() - 1;
        for (i, group) in groups.iter().enumerate() {
            let mut fits = true;
            for (size, &max) in &group.max {
                let Some(&value) = sizes.get(size) else {
                    let known: Vec<&str> = sizes.keys().map(String::as_str).collect();
                    return Err(GroupError::UnknownSize {
                        group: group.name.clone(),
                        size: size.clone(),
                        known: known.join(", "),
                    });
                };
                fits &= value <= max;
            }
            if fits {
                into = i;
                break;
            }
        }
        taken[into] += 1;
        assigned.push(into);
    }
    match taken.iter().position(|&n| n == 0) {
        Some(empty) => Err(GroupError::Empty(groups[empty].name.clone())),
        None => Ok(assigned),
    }
}

/// A group's constraints as its tests' input validator is told them (Kattis'
/// `input_validator_flags`): `max_SIZE=VALUE` for each bound, in size order
/// (`max_D=100 max_N=100`), as every `packager/judge/PROBLEM/input_validator.cpp`
/// reads them (`strict::GroupBounds`); empty for the last group, whose tests
/// are held to the problem's own limits alone.
pub fn validator_flags(group: &GroupPlan) -> String {
    let flags: Vec<String> = group
        .max
        .iter()
        .map(|(size, max)| format!("max_{size}={max}"))
        .collect();
    flags.join(" ")
}

/// A group's constraints as the statement says them (`N <= 100, D <= 100`),
/// or its `about` where it has one.
pub fn said(group: &GroupPlan) -> String {
    if !group.about.is_empty() {
        return group.about.clone();
    }
    if group.max.is_empty() {
        return "the rest".into();
    }
    let bounds: Vec<String> = group
        .max
        .iter()
        .map(|(s, m)| format!("{s} <= {m}"))
        .collect();
    bounds.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(name: &str, points: u32, max: &[(&str, u64)]) -> GroupPlan {
        GroupPlan {
            name: name.into(),
            points,
            max: max.iter().map(|&(s, m)| (s.to_string(), m)).collect(),
            about: String::new(),
        }
    }

    fn plan() -> Vec<GroupPlan> {
        vec![
            group("small", 20, &[("N", 100), ("D", 100)]),
            group("pairs", 30, &[("N", 2000)]),
            group("full", 50, &[]),
        ]
    }

    #[test]
    fn sizes_are_read_from_the_summary_both_ways() {
        let sizes = sizes_of("T=3 N<=600 K<=4 cells=7 junk");
        assert_eq!(sizes.get("T"), Some(&3));
        assert_eq!(sizes.get("N"), Some(&600));
        assert_eq!(sizes.get("cells"), Some(&7));
        assert_eq!(sizes.len(), 4);
    }

    #[test]
    fn a_test_goes_to_the_first_group_whose_every_bound_it_meets() {
        let tests: Vec<_> = [
            "D=100 S=5 N=100",
            "D=101 S=5 N=100",
            "D=1000 S=5 N=2000",
            "D=5 S=5 N=2001",
        ]
        .iter()
        .map(|s| sizes_of(s))
        .collect();
        assert_eq!(assign(&plan(), &tests), Ok(vec![0, 1, 1, 2]));
        assert_eq!(
            assign(&plan(), &tests[..3]),
            Err(GroupError::Empty("full".into()))
        );
        let mut unknown = plan();
        unknown[1].max.insert("Q".into(), 1);
        let err = assign(&unknown, &tests).unwrap_err().to_string();
        assert!(
            err.contains("'pairs' bounds 'Q'") && err.contains("(D, N, S)"),
            "{err}"
        );
    }

    #[test]
    fn a_plan_sums_to_100_bounds_all_but_the_last_and_names_each_once() {
        assert_eq!(check_groups(&plan()), Ok(()));
        assert_eq!(check_groups(&[]), Ok(()));
        let mut points = plan();
        points[2].points = 40;
        assert_eq!(check_groups(&points), Err(GroupError::Points(90)));
        let mut last = plan();
        last[2].max.insert("N".into(), 5);
        assert_eq!(
            check_groups(&last),
            Err(GroupError::LastBounded("full".into()))
        );
        let mut middle = plan();
        middle[1].max.clear();
        assert_eq!(
            check_groups(&middle),
            Err(GroupError::Unbounded("pairs".into()))
        );
        let mut twice = plan();
        twice[1].name = "small".into();
        assert_eq!(check_groups(&twice), Err(GroupError::Name("small".into())));
        let mut unsafe_name = plan();
        unsafe_name[0].name = "a b".into();
        assert!(check_groups(&unsafe_name).is_err());
        assert_eq!(said(&plan()[0]), "D <= 100, N <= 100");
    }

    #[test]
    fn a_groups_bounds_are_its_validators_flags_and_the_last_has_none() {
        assert_eq!(validator_flags(&plan()[0]), "max_D=100 max_N=100");
        assert_eq!(validator_flags(&plan()[1]), "max_N=2000");
        assert_eq!(validator_flags(&plan()[2]), "");
    }
}
