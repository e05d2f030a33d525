//! The report's data model: everything the page shows, as plain values, so that
//! whoever reads a suite (a directory today, a package tomorrow) fills it without
//! this crate knowing the layout.

use jurybox_core::Verdict;

/// A judge suite as the report shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReportData {
    /// The problem's registry name (`tetris3d`); it chooses the pictures.
    pub problem: String,
    /// How the time limit was derived, in a sentence or two (`None`: not known).
    pub time_limit: Option<String>,
    /// Each accepted submission's (and each must-time-out one's) slowest run
    /// against its line, shown under the limit (empty: not run).
    pub margins: Vec<MarginRow>,
    /// Every test, in suite order.
    pub tests: Vec<TestData>,
    /// The kill matrix, one row per mutant or submission (empty: not computed).
    pub kills: Vec<KillRow>,
    /// Why the kill matrix is empty, when it is (shown in its place).
    pub kills_note: Option<String>,
    /// A scored problem's groups and each submission's score in them
    /// (`None`: the problem is pass-fail).
    pub scores: Option<ScoreTable>,
    /// Further sections, each a title and its lines (a package's mutation
    /// score, what hardening found and added, what could not be used).
    pub notes: Vec<(String, Vec<String>)>,
}

/// One test.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TestData {
    /// Its name in the suite (`tet2a`).
    pub name: String,
    /// `sample` or `secret`.
    pub group: String,
    /// What the test is for.
    pub about: String,
    /// The generator family (`None` for a hand-written test).
    pub family: Option<String>,
    /// Where the test comes from, in words, when it is not a jurybox family
    /// (a generators.yaml rule, hardening, a hand-written file).
    pub provenance: Option<String>,
    /// The generator's options, `key=value`.
    pub options: Vec<String>,
    /// The generator's seed.
    pub seed: Option<u64>,
    /// The input file's bytes.
    pub input: Vec<u8>,
    /// The reference answer's bytes.
    pub answer: Vec<u8>,
    /// CPU times of named programs on this test (the fast engine, intended
    /// solutions), in the order they are to be shown.
    pub times: Vec<ProgramTime>,
}

/// One program's CPU time on one test.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgramTime {
    /// The program's name.
    pub program: String,
    /// Seconds of CPU time.
    pub seconds: f64,
    /// How it was measured (`in-process`, `process`), shown beside the figure.
    pub how: String,
}

/// One submission's slowest run against its line: the limit for one that
/// must pass, the TLE line for one that must time out.
#[derive(Clone, Debug, PartialEq)]
pub struct MarginRow {
    /// The submission's name.
    pub program: String,
    /// Its slowest test.
    pub test: String,
    /// Seconds of CPU time of that run.
    pub seconds: f64,
    /// The line's name (`limit`, `TLE line`).
    pub line: String,
    /// The line, seconds.
    pub line_seconds: f64,
    /// The warning, when the run is within noise of its line.
    pub warning: Option<String>,
}

/// One mutant's or submission's verdicts across the suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillRow {
    /// Its name.
    pub name: String,
    /// What it is (`mutant, wrong answer`, `submission`).
    pub kind: String,
    /// The judges' verdict per test, in the order of [`ReportData::tests`];
    /// `None` when not run (shown `-`).
    pub verdicts: Vec<Option<Verdict>>,
}

impl KillRow {
    /// Whether test `i` kills it (a verdict other than AC; a test not run
    /// kills nothing).
    pub fn killed_by(&self, i: usize) -> bool {
        matches!(self.verdicts.get(i), Some(Some(v)) if *v != Verdict::AC)
    }

    /// Test `i`'s verdict as the page shows it: its code, or `-` when not run.
    pub fn code(&self, i: usize) -> &'static str {
        self.verdicts
            .get(i)
            .copied()
            .flatten()
            .map_or("-", Verdict::code)
    }
}

/// A scored (olympiad) problem's groups with their points, and each
/// submission's score per group and in all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreTable {
    /// The most a submission can score (`100`, `unbounded`).
    pub best: String,
    /// Each group as its column heads it (`secret/group1 (15 points, the
    /// least test)`), in run order.
    pub groups: Vec<String>,
    /// One row per submission.
    pub rows: Vec<ScoreRow>,
}

/// One submission's scores.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreRow {
    /// The submission's name.
    pub name: String,
    /// Its score in each group, in the order of [`ScoreTable::groups`]
    /// (`15 AC`, `0 TLE`; `-` where it has none).
    pub groups: Vec<String>,
    /// Its score in all (`65`; `not built`).
    pub total: String,
    /// What its stated expectation says of it (`ok (...)`, `CONTRADICTION:
    /// ...`, `unchecked: ...`).
    pub expectation: String,
}
