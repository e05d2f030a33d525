//! A submission's score computed from its tests' verdicts, group by group, as
//! each format's judge computes it (problemtools' default grader for the
//! legacy layout, the 2025-09 "Result aggregation", Polygon's points policies
//! and dependencies, sinol's group minimum); `contradiction.rs` checks it
//! against what it is expected to score. A test not run is unknown: a group that a rejection
//! already settles (a minimum, a pass-fail group, a legacy group that breaks
//! at its first rejection) is known without it, a sum is not.

use super::{
    Aggregation, GradeRule, Grader, Group, GroupMember, Requires, ScoreMode, Scoring, VerdictMode,
};
use crate::Verdict;
use std::collections::BTreeMap;

/// A test's run as scoring sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoredRun {
    /// The judges' verdict.
    pub verdict: Verdict,
    /// The fraction of the test's points it earns ([`Scoring::fraction`]).
    pub fraction: f64,
}

/// One group's result for a submission.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupScore {
    /// The group's name.
    pub name: String,
    /// Its most points, where bounded.
    pub points: Option<f64>,
    /// What the submission scored in it.
    pub score: f64,
    /// Its grade: AC, or the verdict that cost it its points.
    pub verdict: Verdict,
    /// The test that decided a grade other than AC (its first rejection, or a
    /// required group's).
    pub decided_by: Option<usize>,
    /// Whether every test its score depends on was run.
    pub known: bool,
}

/// A submission's score: its total and each group's, every group in run order
/// (the root first).
#[derive(Clone, Debug, PartialEq)]
pub struct SubmissionScore {
    /// The total.
    pub total: f64,
    /// The overall verdict (the root's grade).
    pub verdict: Verdict,
    /// Whether every test the total depends on was run.
    pub known: bool,
    /// Every group's result, the root first.
    pub groups: Vec<GroupScore>,
    /// The first test in run order not accepted, of those worth points (a
    /// sample's rejection costs nothing, and the legacy grader's
    /// `ignore_sample` leaves it out of the verdict).
    pub first_rejected: Option<usize>,
}

impl SubmissionScore {
    /// The result of the group named `name`.
    pub fn group(&self, name: &str) -> Option<&GroupScore> {
        self.groups.iter().find(|g| g.name == name)
    }
}

/// What one node of the tree gave.
#[derive(Clone, Copy, Debug)]
struct Node {
    verdict: Verdict,
    score: f64,
    points: Option<f64>,
    decided_by: Option<usize>,
    known: bool,
}

/// The worst verdict in sinol's order (TLE, RTE, WA), or in problemtools'
/// `worst_error` order (RTE, TLE, WA).
fn worst(verdicts: impl Iterator<Item = Verdict>, order: &[Verdict]) -> Verdict {
    verdicts
        .filter(|v| *v != Verdict::AC)
        .min_by_key(|v| order.iter().position(|o| o == v).unwrap_or(order.len()))
        .unwrap_or(Verdict::AC)
}

const SINOL_ORDER: [Verdict; 3] = [Verdict::TLE, Verdict::RTE, Verdict::WA];
const PROBLEMTOOLS_ORDER: [Verdict; 3] = [Verdict::RTE, Verdict::TLE, Verdict::WA];

struct Evaluator<'a> {
    scoring: &'a Scoring,
    outcomes: &'a [Option<ScoredRun>],
    /// Per group name: the first of its tests (and its required groups'
    /// tests, transitively) not accepted, or `Err(())` where one is unknown.
    failed: BTreeMap<String, Result<Option<usize>, ()>>,
    results: Vec<GroupScore>,
}

impl Evaluator<'_> {
    /// The first test of `group` and of the groups it requires, transitively,
    /// that is not accepted (`Err` where an earlier one is not known).
    fn first_failure(&mut self, name: &str, depth: usize) -> Result<Option<usize>, ()> {
        if let Some(known) = self.failed.get(name) {
            return *known;
        }
        let (tests, requires) = match self.scoring.group(name) {
            Some(group) => (group.tests(), group.requires.clone()),
            None if name == super::KATTIS_SAMPLE => (self.scoring.unscored.clone(), Vec::new()),
            None => return Ok(None),
        };
        let mut found = Ok(None);
        for t in tests {
            match self.outcomes.get(t).copied().flatten() {
                Some(o) if o.verdict != Verdict::AC => {
                    found = Ok(Some(t));
                    break;
                }
                Some(_) => {}
                None => {
                    found = Err(());
                    break;
                }
            }
        }
        if found == Ok(None) && depth < 64 {
            for required in requires {
                let theirs = self.first_failure(&required, depth + 1);
                if theirs != Ok(None) {
                    found = theirs;
                    break;
                }
            }
        }
        self.failed.insert(name.to_string(), found);
        found
    }

    /// The result on the unscored tests, [`super::SAMPLES`]: no points, its
    /// grade its first test not accepted, known once that one or every test
    /// ran.
    fn samples(&self) -> GroupScore {
        let mut result = GroupScore {
            name: super::SAMPLES.into(),
            points: Some(0.0),
            score: 0.0,
            verdict: Verdict::AC,
            decided_by: None,
            known: true,
        };
        for &t in &self.scoring.unscored {
            match self.outcomes.get(t).copied().flatten() {
                Some(o) if o.verdict != Verdict::AC => {
                    result.verdict = o.verdict;
                    result.decided_by = Some(t);
                    return result;
                }
                Some(_) => {}
                None => result.known = false,
            }
        }
        result
    }

    fn test(&self, index: usize, points: f64) -> Node {
        match self.outcomes.get(index).copied().flatten() {
            Some(o) => Node {
                verdict: o.verdict,
                score: points * o.fraction,
                points: Some(points),
                decided_by: (o.verdict != Verdict::AC).then_some(index),
                known: true,
            },
            None => Node {
                verdict: Verdict::AC,
                score: 0.0,
                points: Some(points),
                decided_by: None,
                known: false,
            },
        }
    }

    fn group(&mut self, group: &Group) -> Node {
        let at = self.results.len();
        self.results.push(GroupScore {
            name: group.name.clone(),
            points: group.points,
            score: 0.0,
            verdict: Verdict::AC,
            decided_by: None,
            known: true,
        });
        let mut node = match &group.aggregation {
            Aggregation::Grader(grader) => self.graded(group, grader),
            other => {
                let items: Vec<Node> = group.items.iter().map(|i| self.item(i)).collect();
                self.aggregated(group, other, &items)
            }
        };
        if !group.requires.is_empty() {
            node = self.required(group, node);
        }
        self.results[at] = GroupScore {
            name: group.name.clone(),
            points: group.points,
            score: node.score,
            verdict: node.verdict,
            decided_by: node.decided_by,
            known: node.known,
        };
        node
    }

    fn item(&mut self, item: &GroupMember) -> Node {
        match item {
            GroupMember::Test { index, points } => self.test(*index, *points),
            GroupMember::Group(g) => self.group(g),
        }
    }

    /// A group of the 2025-09 format, Polygon, sinol or CMS.
    fn aggregated(&self, group: &Group, how: &Aggregation, items: &[Node]) -> Node {
        let points = group.points.unwrap_or(0.0);
        let first_rejected = items.iter().find(|n| n.known && n.verdict != Verdict::AC);
        let verdict = match self.scoring.grades {
            GradeRule::First => first_rejected.map_or(Verdict::AC, |n| n.verdict),
            GradeRule::WorstSinol => worst(
                items.iter().filter(|n| n.known).map(|n| n.verdict),
                &SINOL_ORDER,
            ),
        };
        let decided_by = match self.scoring.grades {
            GradeRule::First => first_rejected.and_then(|n| n.decided_by),
            GradeRule::WorstSinol => items
                .iter()
                .find(|n| n.known && n.verdict == verdict && verdict != Verdict::AC)
                .and_then(|n| n.decided_by),
        };
        let fraction = |n: &Node| match n.points {
            Some(p) if p > 0.0 => n.score / p,
            _ => f64::from(u8::from(n.verdict == Verdict::AC)),
        };
        let all_known = items.iter().all(|n| n.known);
        // A zero is settled by one known item: every unknown one can only
        // leave it a zero.
        let zero_settles = items.iter().any(|n| n.known && fraction(n) == 0.0);
        let (score, known) = match how {
            Aggregation::PassFail => {
                let pass = items.iter().all(|n| n.verdict == Verdict::AC);
                (if pass { points } else { 0.0 }, all_known || !pass)
            }
            Aggregation::Sum => (items.iter().map(|n| n.score).sum(), all_known),
            Aggregation::Min { ceil_percent } => {
                let least = items.iter().map(fraction).fold(1.0f64, f64::min);
                let score = match ceil_percent {
                    true => (points * (least * 100.0).round() / 100.0 - 1e-9)
                        .ceil()
                        .max(0.0),
                    false => points * least,
                };
                (score, all_known || zero_settles)
            }
            Aggregation::Product => (
                points * items.iter().map(fraction).product::<f64>(),
                all_known || zero_settles,
            ),
            Aggregation::Threshold(t) => {
                let pass = items.iter().all(|n| fraction(n) >= *t);
                (if pass { points } else { 0.0 }, all_known || !pass)
            }
            Aggregation::Grader(_) => unreachable!("graded elsewhere"),
        };
        Node {
            verdict,
            score,
            points: group.points,
            decided_by,
            known,
        }
    }

    /// A legacy group, as problemtools judges it: items in order, stopped at
    /// the first rejected one under `on_reject: break`, then the default
    /// grader on what was judged.
    fn graded(&mut self, group: &Group, grader: &Grader) -> Node {
        let mut children: Vec<Node> = Vec::new();
        for item in &group.items {
            let mut node = self.item(item);
            if matches!(item, GroupMember::Test { .. }) && node.known && node.verdict != Verdict::AC
            {
                node.score = grader.reject_score;
            }
            let rejected = node.known && node.verdict != Verdict::AC;
            children.push(node);
            if !node.known || (rejected && grader.break_on_reject) {
                break;
            }
        }
        let known = children.iter().all(|n| n.known);
        if grader.ignore_sample && children.len() == 2 {
            children.remove(0);
        }
        let verdicts = children.iter().map(|n| n.verdict);
        let verdict =
            if grader.accept_if_any_accepted && children.iter().any(|n| n.verdict == Verdict::AC) {
                Verdict::AC
            } else {
                match grader.verdict_mode {
                    VerdictMode::WorstError => worst(verdicts, &PROBLEMTOOLS_ORDER),
                    VerdictMode::FirstError => verdicts
                        .into_iter()
                        .find(|v| *v != Verdict::AC)
                        .unwrap_or(Verdict::AC),
                    VerdictMode::AlwaysAccept => Verdict::AC,
                }
            };
        let scores = children.iter().map(|n| n.score);
        let score = match (children.is_empty(), grader.score_mode) {
            (true, _) => 0.0,
            (false, ScoreMode::Sum) => scores.sum(),
            (false, ScoreMode::Avg) => scores.sum::<f64>() / children.len() as f64,
            (false, ScoreMode::Min) => scores.fold(f64::INFINITY, f64::min),
            (false, ScoreMode::Max) => scores.fold(f64::NEG_INFINITY, f64::max),
        };
        let decided_by = children
            .iter()
            .find(|n| n.verdict != Verdict::AC && n.verdict == verdict)
            .or_else(|| children.iter().find(|n| n.verdict != Verdict::AC))
            .and_then(|n| n.decided_by);
        Node {
            verdict,
            score,
            points: group.points,
            decided_by,
            known,
        }
    }

    /// A group's result where it requires others.
    fn required(&mut self, group: &Group, node: Node) -> Node {
        match self.scoring.requires {
            Requires::PassAll => {
                let mut failure = Ok(None);
                for required in &group.requires {
                    failure = self.first_failure(required, 0);
                    if failure != Ok(None) {
                        break;
                    }
                }
                match failure {
                    Ok(None) => node,
                    Ok(Some(t)) => Node {
                        verdict: self.outcomes[t].map_or(Verdict::WA, |o| o.verdict),
                        score: 0.0,
                        decided_by: Some(t),
                        ..node
                    },
                    Err(()) => Node {
                        known: false,
                        ..node
                    },
                }
            }
            Requires::MergeTests => {
                let mut merged = group.clone();
                merged.requires.clear();
                for required in &group.requires {
                    if let Some(g) = self.scoring.group(required) {
                        merged.items.extend(
                            g.tests()
                                .into_iter()
                                .map(|index| GroupMember::Test { index, points: 1.0 }),
                        );
                    }
                }
                let items: Vec<Node> = merged
                    .items
                    .iter()
                    .map(|i| match i {
                        GroupMember::Test { index, .. } => self.test(*index, 1.0),
                        GroupMember::Group(_) => Node {
                            known: false,
                            ..node
                        },
                    })
                    .collect();
                let combined = self.aggregated(&merged, &merged.aggregation, &items);
                match combined.score < node.score {
                    true => combined,
                    false => node,
                }
            }
        }
    }
}

impl Scoring {
    /// A submission's score from its outcome on each test of the package
    /// (`None`: not run).
    pub fn score(&self, outcomes: &[Option<ScoredRun>]) -> SubmissionScore {
        let mut evaluator = Evaluator {
            scoring: self,
            outcomes,
            failed: BTreeMap::new(),
            results: Vec::new(),
        };
        let root = evaluator.group(&self.root);
        if !self.unscored.is_empty() {
            let samples = evaluator.samples();
            evaluator.results.push(samples);
        }
        let worth_points = |t: usize| {
            !self.unscored.contains(&t) && self.group_of(t).is_some_and(|g| g.points != Some(0.0))
        };
        let first_rejected = outcomes
            .iter()
            .enumerate()
            .position(|(t, o)| o.is_some_and(|o| o.verdict != Verdict::AC) && worth_points(t));
        SubmissionScore {
            total: root.score,
            verdict: root.verdict,
            known: root.known,
            groups: evaluator.results,
            first_rejected,
        }
    }
}
