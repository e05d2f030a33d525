//! The names of a package's layout, written down once: the files and
//! directories the 2025-09 format and its legacy version name, the groups of
//! `data/`, and the categories of `submissions/`, each with what its directory
//! asks of a submission's verdicts. Every crate that reads or writes a package
//! takes the names from here.

/// The package's configuration.
pub const PROBLEM_YAML: &str = "problem.yaml";
/// The test data.
pub const DATA: &str = "data";
/// A group's settings, legacy name (read first, then [`TEST_GROUP_YAML`]).
pub const TESTDATA_YAML: &str = "testdata.yaml";
/// A group's settings, 2025-09 name.
pub const TEST_GROUP_YAML: &str = "test_group.yaml";
/// The example submissions, one directory per [`Category`].
pub const SUBMISSIONS: &str = "submissions";
/// Rules on submissions' verdicts beyond their directories.
pub const SUBMISSIONS_YAML: &str = "submissions.yaml";
/// BAPCtools' generators, under the package's root.
pub const GENERATORS_YAML: &str = "generators/generators.yaml";

/// The input validators' directory: the 2025-09 name first (the one written),
/// then the legacy ones (read when the first is missing): `input_validator`,
/// and `input_format_validators`, the older name problemtools still reads
/// (with a warning) and Kattis' testdata_tools examples and the Swedish
/// olympiad's packages use.
pub const INPUT_VALIDATORS: [&str; 3] = [
    "input_validators",
    "input_validator",
    "input_format_validators",
];
/// The answer validators' directory, as [`INPUT_VALIDATORS`].
pub const ANSWER_VALIDATORS: [&str; 2] = ["answer_validators", "answer_validator"];
/// The output validator's directory: 2025-09's one program first, then the
/// legacy directory of programs.
pub const OUTPUT_VALIDATOR: [&str; 2] = ["output_validator", "output_validators"];

/// A root directory of `data/` (BAPCtools' name): a group of tests or of
/// validator cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataRoot {
    /// `data/sample/`: shown to contestants.
    Sample,
    /// `data/secret/`: the judging tests.
    Secret,
    /// `data/invalid_input/`: inputs every input validator must reject.
    InvalidInput,
    /// `data/invalid_answer/`: valid inputs with answers the answer
    /// validators (or the output validator, strictly) must reject.
    InvalidAnswer,
    /// `data/invalid_output/`: outputs the output validator must reject.
    InvalidOutput,
    /// `data/valid_output/`: outputs the output validator must accept.
    ValidOutput,
}

impl DataRoot {
    /// Its directory under `data/`.
    pub fn dir(self) -> &'static str {
        match self {
            DataRoot::Sample => "sample",
            DataRoot::Secret => "secret",
            DataRoot::InvalidInput => "invalid_input",
            DataRoot::InvalidAnswer => "invalid_answer",
            DataRoot::InvalidOutput => "invalid_output",
            DataRoot::ValidOutput => "valid_output",
        }
    }

    /// The old names it is also read under (BAPCtools' deprecated plurals).
    pub fn legacy_dirs(self) -> &'static [&'static str] {
        match self {
            DataRoot::InvalidInput => &["invalid_inputs"],
            DataRoot::InvalidAnswer => &["invalid_answers"],
            _ => &[],
        }
    }
}

/// A directory of `submissions/`: what the format says its submissions must do.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// `accepted/`: AC on every test.
    Accepted,
    /// `rejected/`: not accepted, some way.
    Rejected,
    /// `wrong_answer/`: WA somewhere, nothing but AC and WA.
    WrongAnswer,
    /// `time_limit_exceeded/`: TLE somewhere, nothing but AC and TLE.
    TimeLimitExceeded,
    /// `run_time_error/`: RTE somewhere, nothing but AC and RTE.
    RunTimeError,
    /// `brute_force/`: correct but too slow (RTE or TLE somewhere, no WA).
    BruteForce,
    /// Any other directory: only `submissions.yaml` or `@EXPECTED_RESULTS@`
    /// say what its submissions must do.
    Other(String),
}

impl Category {
    /// The categories the format names, in its order.
    pub const NAMED: [Category; 6] = [
        Category::Accepted,
        Category::Rejected,
        Category::WrongAnswer,
        Category::TimeLimitExceeded,
        Category::RunTimeError,
        Category::BruteForce,
    ];

    /// The category of the directory `dir` of `submissions/`.
    pub fn of_dir(dir: &str) -> Category {
        Category::NAMED
            .into_iter()
            .find(|c| c.dir() == dir)
            .unwrap_or_else(|| Category::Other(dir.to_string()))
    }

    /// Its directory under `submissions/`.
    pub fn dir(&self) -> &str {
        match self {
            Category::Accepted => "accepted",
            Category::Rejected => "rejected",
            Category::WrongAnswer => "wrong_answer",
            Category::TimeLimitExceeded => "time_limit_exceeded",
            Category::RunTimeError => "run_time_error",
            Category::BruteForce => "brute_force",
            Category::Other(dir) => dir,
        }
    }

    /// Whether its directory alone says what its submissions must do, so
    /// DOMjudge's `@EXPECTED_RESULTS@` in a source is not read (the four of
    /// the legacy format, which DOMjudge imports by directory).
    pub fn is_legacy_verdict_dir(&self) -> bool {
        matches!(
            self,
            Category::Accepted
                | Category::WrongAnswer
                | Category::TimeLimitExceeded
                | Category::RunTimeError
        )
    }
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.dir())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_category_reads_back_from_its_directory() {
        for category in Category::NAMED {
            assert_eq!(Category::of_dir(category.dir()), category);
        }
        assert_eq!(
            Category::of_dir("slow_but_fine"),
            Category::Other("slow_but_fine".into())
        );
    }
}
