//! The packager of jurybox: a problem's plan (tests named by family, seed and
//! options) → a built suite whose answers every trusted engine agrees on → a time
//! limit derived from the intended C++ solutions and the kill table of the mutants
//! → a suite directory and a Kattis package a judge runs without jurybox. Programs
//! run only through the jury ([`jurybox_jury`], hence the sandbox), on the
//! suite's package: the path every setter's package takes.
//!
//! Code map: `plan.rs` (the plan file), `suite_tests.rs` (plan → tests, cross-checked),
//! `edits.rs` (a program is a source, or a named edit of another source),
//! `cpp.rs` (the package's C++ programs made whole with their shared headers and
//! compiled as a judge does), `judged.rs` (a suite's package staged and judged by
//! `jurybox_jury`: the time limit, the intended solutions' runs, the mutants'),
//! `kills.rs` (the kill table: each mutant's runs against its declared flaw),
//! `dir.rs` (a suite on disk), `package.rs` (the Kattis problem package),
//! `pipeline.rs` (the whole way from plan to judged package that `suite`,
//! `mutants`, `package` and `report --kills` run; the binary only passes in
//! what it embeds and prints what comes back). [`BuiltSuite`] is the
//! hand-over point between building a suite and exporting it.
#![deny(missing_docs)]
// Libraries print nothing: progress goes to judging::progress, failures are values.
#![deny(clippy::print_stdout, clippy::print_stderr)]

use jurybox_format::layout::DataRoot;

pub mod cpp;
pub mod dir;
pub mod edits;
pub mod groups;
pub mod judged;
pub mod kills;
pub mod package;
pub mod pipeline;
pub mod plan;
pub mod scored;
pub mod scored_check;
pub mod scored_grades;
pub mod staging;
pub mod suite_tests;

/// Where a test belongs in a judge package.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TestGroup {
    /// Shown to contestants (the spec's samples): `data/sample/`.
    Sample,
    /// The hidden tests: `data/secret/`.
    Secret,
}

impl TestGroup {
    /// The format's group it is.
    pub fn group(self) -> DataRoot {
        match self {
            TestGroup::Sample => DataRoot::Sample,
            TestGroup::Secret => DataRoot::Secret,
        }
    }

    /// Its directory under `data/`, the format's name.
    pub fn dir(self) -> &'static str {
        self.group().dir()
    }

    /// The group whose directory is `dir`, if a suite has one.
    pub fn of_dir(dir: &str) -> Option<TestGroup> {
        [TestGroup::Sample, TestGroup::Secret]
            .into_iter()
            .find(|g| g.dir() == dir)
    }
}

/// One test of a built suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteTest {
    /// The test's name, kept in the package (`tet2a`).
    pub name: String,
    /// Sample or secret.
    pub group: TestGroup,
    /// The input file's bytes.
    pub input: Vec<u8>,
    /// The reference answer's bytes.
    pub answer: Vec<u8>,
    /// The `jurybox gen ...` arguments that make the input again, byte for byte
    /// (`None` for a hand-written sample).
    pub gen_args: Option<Vec<String>>,
    /// What the test is for.
    pub about: String,
}

/// A suite ready to be written out.
#[derive(Clone, Debug, PartialEq)]
pub struct BuiltSuite {
    /// The problem's name.
    pub problem: &'static str,
    /// Every test, samples first.
    pub tests: Vec<SuiteTest>,
    /// CPU time limit per test in seconds, derived from the fast engine's time on
    /// the slowest test and a stated margin.
    pub time_limit_seconds: f64,
    /// Inputs the validator must reject (`data/invalid_input/`).
    pub invalid: Vec<InvalidInput>,
}

/// An input that breaks one rule of the format or the official limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidInput {
    /// Its name.
    pub name: String,
    /// What the validator's message says (the rule it breaks).
    pub rule: String,
    /// The bytes.
    pub input: Vec<u8>,
}
