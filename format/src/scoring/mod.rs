//! A scored (olympiad) problem's scoring, one model for every format: the
//! groups (subtasks) a problem's tests are scored in, each with its points, the
//! rule that makes its score of its tests' (its aggregation), the groups it
//! requires, its own time limit and the settings its tests get (validator
//! flags: the group's constraints), and what each submission is expected to
//! score, per group and in all.
//!
//! Read from Kattis 2025-09 test groups (`test_group.yaml`: `max_score`,
//! `score_aggregation`, `require_pass`) and the legacy layout (`testdata.yaml`:
//! the default grader's `grader_flags`, `accept_score`, `reject_score`,
//! `range`, `on_reject`, inherited down the tree as problemtools inherits them)
//! in [`kattis`], from a Polygon testset's `<groups>` and tests' `points` in
//! [`polygon`], and from a sinol-make `config.yml` by the sinol reader
//! (`crate::sinol`). Expectations ([`Expectation`]) come from submissions.yaml's
//! `score`, `@EXPECTED_SCORE@`, testdata_tools' `@EXPECTED_GRADES@`, the legacy
//! `partially_accepted/` directory, Polygon's tags per group and sinol's
//! `sinol_expected_scores`.
//!
//! Scores are computed from verdicts alone ([`Scoring::score`]), the ones a
//! matrix already has: scoring adds no run. A group is a tree node as in
//! problemtools (a legacy group may hold groups); the groups that hold tests are
//! the subtasks a table shows ([`Scoring::subtasks`]). Reading runs nothing.

mod contradiction;
mod evaluate;
mod expect;
pub mod kattis;
pub mod polygon;

pub use contradiction::{Breach, Contradiction};
pub use evaluate::{GroupScore, ScoredRun, SubmissionScore};
pub use expect::{expected_grades, expected_score_line, GroupExpectation, ScoreRule};

use crate::{Settings, Verdict};
use std::collections::BTreeMap;

/// Why a package's scoring cannot be used: it does not add up, or it names
/// what does not exist. Each names the file and what was expected, never a
/// silent zero.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ScoringError {
    /// The groups' points do not add up to the total stated above them.
    #[error("{file}: the groups' points add up to {sum}, but {stated_by} states {total}")]
    PointsDoNotAddUp {
        /// The file that states the total.
        file: String,
        /// What states it (`max_score`, `range`, `sinol_total_score`).
        stated_by: String,
        /// The stated total.
        total: f64,
        /// The groups' points added up.
        sum: f64,
    },
    /// An expectation names a group the scoring does not have.
    #[error("{file}: {submission} is expected something of group '{group}', which does not exist (groups: {known})")]
    UnknownGroup {
        /// Where the expectation is written.
        file: String,
        /// The submission.
        submission: String,
        /// The group it names.
        group: String,
        /// The groups there are.
        known: String,
    },
    /// A test that belongs to no group where the tests are grouped.
    #[error("{file}: test {test} is in no group, but the tests are scored by groups ({groups})")]
    TestInNoGroup {
        /// The file that groups the tests.
        file: String,
        /// The test.
        test: String,
        /// The groups there are.
        groups: String,
    },
    /// A sinol test whose name names no group (`abc1a.in`: group 1).
    #[error("{file}: the test name does not name a group: expected the task id '{task}', a group number and letters ({task}1a.in)")]
    TestNameNamesNoGroup {
        /// The test file.
        file: String,
        /// The task id.
        task: String,
    },
    /// A value of the wrong shape where the scoring is stated.
    #[error("{file}: {key}: {reason}")]
    Invalid {
        /// The file.
        file: String,
        /// The key.
        key: String,
        /// What was expected.
        reason: String,
    },
}

/// How a group's score is made of its items' (tests' and groups').
#[derive(Clone, Debug, PartialEq)]
pub enum Aggregation {
    /// Its points if every test is accepted, else nothing (Kattis 2025-09
    /// `pass-fail`, Polygon `complete-group`).
    PassFail,
    /// The items' scores added up (Kattis `sum`, Polygon `each-test`, CMS's
    /// Sum).
    Sum,
    /// The lowest item score (Kattis `min`, CMS's GroupMin, sinol's groups;
    /// with `ceil_percent`, sinol's `ceil(points × min% / 100)`).
    Min {
        /// Rounded as sinol rounds a group of percentages.
        ceil_percent: bool,
    },
    /// Its points times every item's fraction (CMS's GroupMul).
    Product,
    /// Its points if every item's fraction is at least this (CMS's
    /// GroupThreshold, on fractions of a test's points), else nothing.
    Threshold(f64),
    /// Kattis legacy's default grader with its flags.
    Grader(Grader),
}

/// The legacy default grader's flags (`grader_flags`) and the group's
/// `on_reject` and `reject_score`, as problemtools applies them.
#[derive(Clone, Debug, PartialEq)]
pub struct Grader {
    /// `worst_error` (default), `first_error` or `always_accept`.
    pub verdict_mode: VerdictMode,
    /// `sum` (default), `avg`, `min` or `max`.
    pub score_mode: ScoreMode,
    /// `ignore_sample`: the first item (sample) is left out.
    pub ignore_sample: bool,
    /// `accept_if_any_accepted`.
    pub accept_if_any_accepted: bool,
    /// `on_reject: break`: judging of the group stops at its first rejected item.
    pub break_on_reject: bool,
    /// `reject_score`: a rejected test's score.
    pub reject_score: f64,
}

/// How the legacy grader makes a group's verdict of its items'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerdictMode {
    /// The worst item verdict (RTE, then TLE, then WA).
    WorstError,
    /// The first rejected item's.
    FirstError,
    /// Always accepted.
    AlwaysAccept,
}

/// How the legacy grader makes a group's score of its items'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreMode {
    /// Added up.
    Sum,
    /// Their mean.
    Avg,
    /// The least.
    Min,
    /// The most.
    Max,
}

/// How a group's verdict (its grade) is made of its items' where no legacy
/// grader says: the first rejected item's (Kattis, Polygon), or the worst in
/// sinol's order (TLE, then RTE, then WA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GradeRule {
    /// The first rejected item's verdict.
    First,
    /// The worst, in sinol's order.
    WorstSinol,
}

/// What requiring another group means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requires {
    /// The group scores nothing unless every test of each required group is
    /// accepted (Kattis `require_pass`, Polygon's dependencies, transitively).
    PassAll,
    /// The required groups' tests are scored as part of the group, which can
    /// only lower its score (sinol's `subtask_dependencies`, as oioioi).
    MergeTests,
}

/// How a test's fraction of its points is made of its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestScoring {
    /// An accepted test earns the percentage of its points its checker
    /// gives (all of them but from a sinol checker), a rejected one none.
    Full,
    /// An accepted test earns all its points whatever its checker gives, a
    /// rejected one none (sinol's `icpc` contest).
    Verdict,
    /// sinol's `oi` contest: full points under half the test's time limit,
    /// then linearly fewer down to 1 % at the limit (oioioi's rule).
    OiTimeDecay,
}

/// One member of a group: a test (by its index in the package's tests, with
/// its points when accepted) or a group.
#[derive(Clone, Debug, PartialEq)]
pub enum GroupMember {
    /// A test.
    Test {
        /// Its index in `Package::data.tests`.
        index: usize,
        /// What it earns when accepted.
        points: f64,
    },
    /// A group.
    Group(Box<Group>),
}

/// A group of tests (a subtask) or of groups.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Its name as its format writes it: `secret/group1` (Kattis, the path
    /// under `data/`), `s3` (Polygon), `1` (sinol).
    pub name: String,
    /// The file that states it.
    pub origin: String,
    /// Its most points; `None` where the format leaves it unbounded.
    pub points: Option<f64>,
    /// How its score is made.
    pub aggregation: Aggregation,
    /// Its items in run order.
    pub items: Vec<GroupMember>,
    /// The groups it requires, by name.
    pub requires: Vec<String>,
    /// Its own time limit in seconds, where the format has one (sinol).
    pub time_limit: Option<f64>,
    /// The settings its tests get from it (the group's validator flags: its
    /// constraints), and that a new test of the group would get.
    pub settings: Settings,
}

impl Group {
    /// Its tests' indices, its subgroups' included, in run order.
    pub fn tests(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for item in &self.items {
            match item {
                GroupMember::Test { index, .. } => out.push(*index),
                GroupMember::Group(g) => out.extend(g.tests()),
            }
        }
        out
    }

    /// Whether it holds tests directly (a subtask of a table).
    pub fn holds_tests(&self) -> bool {
        self.items
            .iter()
            .any(|i| matches!(i, GroupMember::Test { .. }))
    }

    fn walk<'a>(&'a self, out: &mut Vec<&'a Group>) {
        out.push(self);
        for item in &self.items {
            if let GroupMember::Group(g) = item {
                g.walk(out);
            }
        }
    }
}

/// What a submission is expected to score.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    /// The submission's name in the package (`partially_accepted/slow.py`).
    pub submission: String,
    /// Where it is stated, for messages.
    pub origin: String,
    /// Its total score.
    pub score: Option<ScoreRule>,
    /// Its grades or scores per group.
    pub groups: Vec<GroupExpectation>,
}

/// A problem's scoring.
#[derive(Clone, Debug, PartialEq)]
pub struct Scoring {
    /// The group whose score is the submission's (legacy: `data`; 2025-09:
    /// `secret`; Polygon and sinol: every group).
    pub root: Group,
    /// Tests that count for nothing (2025-09 samples, sinol's group 0 when it
    /// has no points), shown but not scored.
    pub unscored: Vec<usize>,
    /// What requiring a group means.
    pub requires: Requires,
    /// How a group's grade is made where no legacy grader says.
    pub grades: GradeRule,
    /// How a test's fraction of its points is made.
    pub test_scoring: TestScoring,
    /// The score a fully correct submission gets: the root's points, or the
    /// least of a legacy `range` where `grading: objective: min` asks for the
    /// least; `None` where the format leaves it unbounded.
    pub best: Option<f64>,
    /// Every submission's stated expectation.
    pub expectations: Vec<Expectation>,
    /// Single tests' own limits (sinol's `time_limits: {1a: 5000}`, and
    /// each group's or test's `memory_limits`), by test index: where a test
    /// is not judged by its group's time limit or the package's memory.
    pub test_limits: BTreeMap<usize, TestLimits>,
    /// A new test's own limits in each group, by group name, where the
    /// group states them (sinol's `memory_limits: {2: 65536}`, its
    /// `time_limits: {2: 5000}`): what a test harden writes into that group
    /// is judged under, as `run` will judge it once written.
    pub new_test_limits: BTreeMap<String, TestLimits>,
    /// Submissions judged under limits of their own language (sinol's
    /// `override_limits` when the solutions are of several languages), by
    /// submission name: each test's limits, resolved as sinol-make resolves
    /// them for that language, in place of `test_limits` and the package's.
    pub submission_limits: BTreeMap<String, SubmissionLimits>,
}

/// One submission's limits on every test, where its language states its
/// own: a Python solution under `override_limits: {py: {time_limit: 3000}}`
/// beside C++ ones under the package's 1000 ms.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SubmissionLimits {
    /// What states them (`override_limits: py`).
    pub origin: String,
    /// Each test's limits, by test index: time (seconds) and memory (MiB)
    /// where the package or the language states one.
    pub tests: Vec<TestLimits>,
    /// A new test's limits in each group, by group name, as `tests` resolves
    /// them for a test of that group with no key of its own.
    pub groups: BTreeMap<String, TestLimits>,
    /// A new test's limits in no group: the language's (or the package's)
    /// own `time_limit` and `memory_limit`.
    pub elsewhere: TestLimits,
}

/// A test's own limits, where they differ from its group's and the package's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TestLimits {
    /// Its time limit in seconds, stated for it alone (`1a: 5000`).
    pub time: Option<f64>,
    /// Its memory limit in MiB (a group's `memory_limits` or its own).
    pub memory_mib: Option<u64>,
}

impl Scoring {
    /// Every group, the root first, in run order.
    pub fn all_groups(&self) -> Vec<&Group> {
        let mut out = Vec::new();
        self.root.walk(&mut out);
        out
    }

    /// The groups that hold tests (the subtasks a table shows), in run order.
    pub fn subtasks(&self) -> Vec<&Group> {
        self.all_groups()
            .into_iter()
            .filter(|g| g.holds_tests())
            .collect()
    }

    /// The group named `name`.
    pub fn group(&self, name: &str) -> Option<&Group> {
        self.all_groups().into_iter().find(|g| g.name == name)
    }

    /// The subtask test `index` is scored in, if any.
    pub fn group_of(&self, index: usize) -> Option<&Group> {
        self.subtasks().into_iter().find(|g| {
            g.items
                .iter()
                .any(|i| matches!(i, GroupMember::Test { index: t, .. } if *t == index))
        })
    }

    /// The most a submission can score.
    pub fn max_score(&self) -> Option<f64> {
        self.root.points
    }

    /// The expectation stated for the submission named `name`.
    pub fn expectation(&self, name: &str) -> Option<&Expectation> {
        self.expectations.iter().find(|e| e.submission == name)
    }

    /// The time limit of test `index` where it or its group states one.
    pub fn time_limit_of(&self, index: usize) -> Option<f64> {
        self.test_limits
            .get(&index)
            .and_then(|l| l.time)
            .or_else(|| self.group_of(index).and_then(|g| g.time_limit))
    }

    /// The memory limit (MiB) of test `index` where it or its group states
    /// one of its own.
    pub fn memory_mib_of(&self, index: usize) -> Option<u64> {
        self.test_limits.get(&index).and_then(|l| l.memory_mib)
    }

    /// The time limit of test `index` for the submission named `submission`:
    /// its language's own where it has one ([`Scoring::submission_limits`]),
    /// else [`Scoring::time_limit_of`].
    pub fn time_limit_for(&self, submission: &str, index: usize) -> Option<f64> {
        self.own_limits(submission, index)
            .and_then(|l| l.time)
            .or_else(|| self.time_limit_of(index))
    }

    /// The memory limit (MiB) of test `index` for the submission named
    /// `submission`: its language's own where it has one, else
    /// [`Scoring::memory_mib_of`].
    pub fn memory_mib_for(&self, submission: &str, index: usize) -> Option<u64> {
        self.own_limits(submission, index)
            .and_then(|l| l.memory_mib)
            .or_else(|| self.memory_mib_of(index))
    }

    fn own_limits(&self, submission: &str, index: usize) -> Option<&TestLimits> {
        self.submission_limits.get(submission)?.tests.get(index)
    }

    /// The limits of a new test written into `group` (`None`: into no
    /// group) for the submission named `submission` (`None`: a program of
    /// no submission), each where the package states one: its language's
    /// own ([`SubmissionLimits::groups`]), else the group's
    /// ([`Scoring::new_test_limits`], the group's time limit). The rule
    /// [`Scoring::time_limit_for`] applies to a test of the package, for a
    /// test that has no key of its own yet.
    pub fn new_test_limits_in(&self, submission: Option<&str>, group: Option<&str>) -> TestLimits {
        let language = submission
            .and_then(|s| self.submission_limits.get(s))
            .map(|own| {
                group
                    .and_then(|g| own.groups.get(g))
                    .unwrap_or(&own.elsewhere)
            });
        let group_time = group.and_then(|g| self.group(g)).and_then(|g| g.time_limit);
        let groups = group.and_then(|g| self.new_test_limits.get(g));
        TestLimits {
            time: language
                .and_then(|l| l.time)
                .or_else(|| groups.and_then(|l| l.time))
                .or(group_time),
            memory_mib: language
                .and_then(|l| l.memory_mib)
                .or_else(|| groups.and_then(|l| l.memory_mib)),
        }
    }

    /// The fraction of its points a test earns with `verdict` after `seconds`
    /// of CPU time under a limit of `limit` seconds, its checker having given
    /// `percent` of its points (100 but from a sinol checker).
    pub fn fraction(&self, verdict: Verdict, seconds: f64, limit: f64, percent: f64) -> f64 {
        if verdict != Verdict::AC {
            return 0.0;
        }
        match self.test_scoring {
            TestScoring::Verdict => 1.0,
            TestScoring::Full => percent / 100.0,
            // oioioi's rule on the checker's points P: none stay none, all
            // of them under half the limit, then `1 + int((P - 1) × left)`.
            TestScoring::OiTimeDecay if percent == 0.0 => 0.0,
            TestScoring::OiTimeDecay if seconds <= limit / 2.0 || limit <= 0.0 => percent / 100.0,
            TestScoring::OiTimeDecay => {
                let left = ((limit - seconds) / (limit / 2.0)).max(0.0);
                (1.0 + ((percent - 1.0) * left).trunc()) / 100.0
            }
        }
    }

    /// The names of every group, for messages.
    pub fn group_names(&self) -> String {
        self.subtasks()
            .iter()
            .map(|g| g.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The name a submission's result on the unscored tests (the samples) goes
/// by in [`SubmissionScore::groups`], and an expectation of them in
/// [`Expectation::groups`]: sinol-make states a solution's status on group 0,
/// the examples, which count for nothing but are judged all the same.
pub const SAMPLES: &str = "samples";

/// The name Kattis's `require_pass` gives the samples (`data/sample`): a
/// group that requires it scores only when every unscored test is accepted.
pub const KATTIS_SAMPLE: &str = "sample";

/// A number as a score is shown: `25`, `12.5`.
pub fn show(score: f64) -> String {
    if score == score.round() && score.abs() < 1e15 {
        format!("{}", score as i64)
    } else {
        format!("{score:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scoring(test_scoring: TestScoring) -> Scoring {
        Scoring {
            root: Group {
                name: "all".into(),
                origin: String::new(),
                points: Some(100.0),
                aggregation: Aggregation::Sum,
                items: Vec::new(),
                requires: Vec::new(),
                time_limit: None,
                settings: Settings::default(),
            },
            unscored: Vec::new(),
            requires: Requires::MergeTests,
            grades: GradeRule::WorstSinol,
            test_scoring,
            best: Some(100.0),
            expectations: Vec::new(),
            test_limits: Default::default(),
            new_test_limits: Default::default(),
            submission_limits: Default::default(),
        }
    }

    /// sinol-make's `oi` contest (oioioi's rule, its 100 points a test):
    /// `1 + int(99 × (limit − time) / (limit / 2))` past half the limit.
    #[test]
    fn the_oi_contest_takes_points_off_past_half_the_limit() {
        let oi = scoring(TestScoring::OiTimeDecay);
        assert_eq!(oi.fraction(Verdict::AC, 0.5, 1.0, 100.0), 1.0);
        assert_eq!(oi.fraction(Verdict::AC, 0.75, 1.0, 100.0), 0.50);
        assert_eq!(oi.fraction(Verdict::AC, 0.9, 1.0, 100.0), 0.20);
        assert_eq!(oi.fraction(Verdict::AC, 1.0, 1.0, 100.0), 0.01);
        assert_eq!(oi.fraction(Verdict::WA, 0.1, 1.0, 100.0), 0.0);
        let full = scoring(TestScoring::Full);
        assert_eq!(full.fraction(Verdict::AC, 0.99, 1.0, 100.0), 1.0);
    }

    /// A sinol checker's percentage of the points: the test's fraction
    /// (`default`), the P of oioioi's rule (`oi`), unread under `icpc`.
    #[test]
    fn a_checkers_percentage_is_the_tests_fraction_but_under_icpc() {
        let full = scoring(TestScoring::Full);
        assert_eq!(full.fraction(Verdict::AC, 0.1, 1.0, 50.0), 0.5);
        assert_eq!(full.fraction(Verdict::WA, 0.1, 1.0, 50.0), 0.0);
        let oi = scoring(TestScoring::OiTimeDecay);
        assert_eq!(oi.fraction(Verdict::AC, 0.5, 1.0, 50.0), 0.5);
        // 1 + int(49 × 0.5) = 25.
        assert_eq!(oi.fraction(Verdict::AC, 0.75, 1.0, 50.0), 0.25);
        assert_eq!(oi.fraction(Verdict::AC, 0.1, 1.0, 0.0), 0.0);
        let icpc = scoring(TestScoring::Verdict);
        assert_eq!(icpc.fraction(Verdict::AC, 0.1, 1.0, 50.0), 1.0);
    }
}
