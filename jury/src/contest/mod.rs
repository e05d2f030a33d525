//! A contest judged problem by problem: the summary line of each problem and
//! the JSON report of a shard of the contest's problems ([`report`]).

mod report;

pub use report::{
    merge_contest, ContestReport, ContestRun, MergedContest, ProblemLine, Score, CONTEST_FORMAT,
};
