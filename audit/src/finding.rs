//! What the audit reports: findings (a jury program found wrong), warnings
//! (bounds the data never reaches, flags that do not fit the answers), and
//! what was tried per category, so "nothing found" says how hard it looked.

use std::fmt;

/// The part of the audit a finding or a count belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FindingCategory {
    /// The statement's bounds beside the validators' (item 1).
    Statement,
    /// Bounds the data never reaches (item 2): warnings only.
    Reach,
    /// Invalid inputs made from the grammar (item 3).
    InvalidInput,
    /// Validators that disagree on one input (item 3).
    Disagreement,
    /// The output validator against right and wrong outputs (item 4).
    OutputValidator,
    /// Generators run twice, validated, timed (item 5).
    Generators,
}

impl FindingCategory {
    /// Every category, in the audit's order.
    pub const ALL: [FindingCategory; 6] = [
        FindingCategory::Statement,
        FindingCategory::Reach,
        FindingCategory::InvalidInput,
        FindingCategory::Disagreement,
        FindingCategory::OutputValidator,
        FindingCategory::Generators,
    ];

    /// The word `--only` takes.
    pub fn word(self) -> &'static str {
        match self {
            FindingCategory::Statement => "statement",
            FindingCategory::Reach => "reach",
            FindingCategory::InvalidInput => "invalid-input",
            FindingCategory::Disagreement => "disagreement",
            FindingCategory::OutputValidator => "output",
            FindingCategory::Generators => "generators",
        }
    }

    /// The category `word` names.
    pub fn from_word(word: &str) -> Option<FindingCategory> {
        FindingCategory::ALL.into_iter().find(|c| c.word() == word)
    }
}

impl fmt::Display for FindingCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// How a finding can be kept in the package as a test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// An input every validator must refuse (`data/invalid_input/`).
    InvalidInput,
    /// An output the output validator must refuse (`data/invalid_output/`).
    InvalidOutput,
    /// Nothing a package's format keeps (a generator's fault).
    Nothing,
}

/// A jury program found wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// Which part of the audit found it.
    pub category: FindingCategory,
    /// The jury program found wrong (`validate.cpp`, `the output validator`,
    /// `generators.yaml: secret/random-1`).
    pub program: String,
    /// What it did, in one line.
    pub what: String,
    /// The input it did it on.
    pub input: Vec<u8>,
    /// The output judged, for an output validator's finding.
    pub output: Option<Vec<u8>>,
    /// The answer given with it.
    pub answer: Option<Vec<u8>>,
    /// The test it was made from, if any.
    pub test: Option<String>,
    /// How it was shrunk, if it was.
    pub shrunk: Option<String>,
    /// How it can be kept.
    pub keep: Keep,
    /// Whether it held when checked again, twice, after it was found (only
    /// then is it written into a package). An accepted wrong output is
    /// reported only when the output validator accepted it twice.
    pub confirmed: bool,
}

/// A bound the data never reaches, or a flag the answers do not need.
#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    /// What, in one line.
    pub what: String,
    /// A valid input at the bound, when the grammar can make one and the
    /// validators accept it (a test the suite lacks).
    pub offer: Option<Vec<u8>>,
}

/// How many candidates one part of the audit tried, and of what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tried {
    /// The part.
    pub category: FindingCategory,
    /// How many.
    pub count: usize,
    /// Of what (`invalid inputs`, `wrong outputs`).
    pub what: String,
}

/// The audit of one package.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The jury programs found wrong.
    pub findings: Vec<Finding>,
    /// Bounds the data never reaches; flags that do not fit.
    pub warnings: Vec<Warning>,
    /// What was tried, per category.
    pub tried: Vec<Tried>,
    /// What was skipped and why, each said once.
    pub notes: Vec<String>,
}

impl Report {
    /// Counts `count` tries of `what` under `category`.
    pub fn tried(&mut self, category: FindingCategory, count: usize, what: &str) {
        self.tried.push(Tried {
            category,
            count,
            what: what.to_string(),
        });
    }
}
