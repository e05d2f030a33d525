//! A contest judged problem by problem: the summary line of each problem
//! ([`summary`]: its limit and submissions, the problems a shard owns) and
//! the JSON report of a shard of the contest's problems, merged back in the
//! contest's order ([`report`]); `run CONTEST`'s problems judged two at a
//! time in the contest's order ([`in_order`]).

mod in_order;
mod report;
mod summary;

pub use in_order::{in_order, PROBLEMS_AT_ONCE};
pub use report::{
    merge_contest, ContestReport, ContestRun, MergedContest, Points, ProblemLine, Score,
    CONTEST_FORMAT,
};
pub use summary::{by_directory, header, limits, name, owned, write_report, ContestCommand};
