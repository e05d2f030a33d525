//! Shards: one run split over N machines, each running every N-th case (a
//! stress run's cases, a contest's problems).
//!
//! Case `i` of a run belongs to shard `(i mod N) + 1` (1-based, as cargo-nextest's
//! `--partition count:K/N`). Since a case is a pure function of the run's seed and
//! its index (`jurybox_stress::case::case_setup`), the N shards of one seed run between
//! them exactly the cases of the one-machine run, and a failure found on any shard
//! replays on one machine from its seed and index alone. Round robin rather than
//! contiguous blocks: with a time budget every shard covers the start of the run, and
//! the families (also round robin) stay spread evenly over shards when N does not
//! divide their number.
//!
//! The shards' basics live here, below both the stress loop and the jury: this
//! arithmetic, the job schedulers' variables ([`from_env`], `scheduler.rs`) and
//! what every shard report shares ([`report`], feature `reports`: the shard as
//! JSON, the atomic write, the check that every shard is there once). A stress
//! run's report is `jurybox_stress::report`, a contest's `jurybox_jury::contest`.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Shard `index` of `total`, counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u64,
    total: u64,
}

/// Why a shard could not be had from a flag or the environment.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// `--shard` is not of the form `K/N`.
    #[error("'{0}' is not a shard K/N (two whole numbers, 1 <= K <= N, e.g. 2/8)")]
    Syntax(String),
    /// K or N out of range.
    #[error("shard {index}/{total} does not exist: K must be in 1..=N and N at least 1")]
    Range {
        /// K as given (1-based).
        index: u64,
        /// N as given.
        total: u64,
    },
    /// A variable of the scheduler is not a whole number.
    #[error("{scheduler}: {var}='{value}' is not a whole number")]
    NotANumber {
        /// The scheduler whose variable it is.
        scheduler: &'static str,
        /// The variable.
        var: &'static str,
        /// Its value.
        value: String,
    },
    /// One variable of a pair is set, its partner not.
    #[error("{scheduler}: {set} is set but {missing} is not; set both, or pass --shard K/N")]
    HalfPair {
        /// The scheduler whose variables they are.
        scheduler: &'static str,
        /// The variable found.
        set: &'static str,
        /// The variable missing.
        missing: &'static str,
    },
    /// The variables are numbers but name no shard (index beyond the total...).
    #[error("{scheduler}: {vars} name no shard: {why}")]
    Inconsistent {
        /// The scheduler whose variables they are.
        scheduler: &'static str,
        /// The variables and their values.
        vars: String,
        /// What is wrong with them.
        why: String,
    },
    /// Two schedulers each name a shard: which one split the work is not known.
    #[error("both {0} and {1} name a shard; pass --shard K/N to say which applies")]
    Ambiguous(String, String),
}

impl Shard {
    /// The whole run on one machine: shard 1/1.
    pub const WHOLE: Shard = Shard { index: 1, total: 1 };

    /// Shard `index` of `total`, 1-based; an error unless `1 <= index <= total`.
    pub fn new(index: u64, total: u64) -> Result<Shard, ShardError> {
        if index == 0 || index > total {
            return Err(ShardError::Range { index, total });
        }
        Ok(Shard { index, total })
    }

    /// K, counted from 1.
    pub fn index(self) -> u64 {
        self.index
    }

    /// N.
    pub fn total(self) -> u64 {
        self.total
    }

    /// Whether case `case` of the run is this shard's.
    pub fn owns(self, case: u64) -> bool {
        case % self.total == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.total)
    }
}

impl FromStr for Shard {
    type Err = ShardError;
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| digits(s).ok_or_else(syntax);
        Shard::new(number(k)?, number(n)?)
    }
}

/// The cases one process runs: those of `range` (the whole run's indices, open
/// ended for a time budget) that belong to `shard`, in increasing order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseSet {
    /// The run's case indices: `0..C` for `--cases C`, `I..I+1` for `--case I`,
    /// `0..u64::MAX` for a time budget.
    pub range: Range<u64>,
    /// The shard whose cases of `range` these are.
    pub shard: Shard,
}

impl CaseSet {
    /// All of `range` on one machine.
    pub fn whole(range: Range<u64>) -> CaseSet {
        CaseSet {
            range,
            shard: Shard::WHOLE,
        }
    }

    /// The first index of `range` that is this shard's, if any.
    pub fn first(&self) -> Option<u64> {
        let n = self.shard.total;
        let want = self.shard.index - 1;
        let start = self.range.start;
        let first = start.checked_add((want + n - start % n) % n)?;
        (first < self.range.end).then_some(first)
    }

    /// The `k`-th case (from 0) of this set, or `None` past its end.
    pub fn nth(&self, k: u64) -> Option<u64> {
        let case = self
            .first()?
            .checked_add(k.checked_mul(self.shard.total)?)?;
        (case < self.range.end).then_some(case)
    }

    /// How many cases the set holds.
    pub fn len(&self) -> u64 {
        self.first().map_or(0, |first| {
            (self.range.end - 1 - first) / self.shard.total + 1
        })
    }

    /// Whether the set holds no case.
    pub fn is_empty(&self) -> bool {
        self.first().is_none()
    }
}

/// A whole number written in digits only: `u64::from_str` also takes a leading
/// '+', which no scheduler writes and no user means.
pub(crate) fn digits(text: &str) -> Option<u64> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| text.parse().ok()).flatten()
}

mod scheduler;
pub use scheduler::{from_env, Detected, VARIABLES};
#[cfg(feature = "reports")]
pub mod report;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_parse_as_nextest_partitions_do() {
        assert_eq!("2/3".parse::<Shard>().unwrap(), Shard::new(2, 3).unwrap());
        assert_eq!("1/1".parse::<Shard>().unwrap(), Shard::WHOLE);
        for bad in [
            "", "2", "/3", "2/", "a/3", "2/b", "+1/3", "1/3/4", " 1/3", "-1/3",
        ] {
            assert!(
                matches!(bad.parse::<Shard>(), Err(ShardError::Syntax(_))),
                "{bad}"
            );
        }
        for bad in ["0/3", "4/3", "0/0", "1/0"] {
            assert!(
                matches!(bad.parse::<Shard>(), Err(ShardError::Range { .. })),
                "{bad}"
            );
        }
    }

    /// Every case of a run lands on exactly one shard: for each range and each
    /// N, the shards' sets, concatenated and sorted, are the range itself.
    #[test]
    fn shards_partition_the_run() {
        for start in [0u64, 1, 5, 7] {
            for end in start..start + 40 {
                for n in 1..=7 {
                    let mut all = Vec::new();
                    for k in 1..=n {
                        let set = CaseSet {
                            range: start..end,
                            shard: Shard::new(k, n).unwrap(),
                        };
                        let cases: Vec<u64> = (0..).map_while(|i| set.nth(i)).collect();
                        assert_eq!(cases.len() as u64, set.len());
                        assert_eq!(set.is_empty(), cases.is_empty());
                        assert!(cases.iter().all(|&c| set.shard.owns(c)));
                        assert!(cases.windows(2).all(|w| w[0] < w[1]));
                        all.extend(cases);
                    }
                    all.sort_unstable();
                    assert_eq!(all, (start..end).collect::<Vec<_>>(), "{start}..{end} /{n}");
                }
            }
        }
    }

    #[test]
    fn open_ended_runs_do_not_overflow() {
        let set = CaseSet {
            range: 0..u64::MAX,
            shard: Shard::new(3, 3).unwrap(),
        };
        assert_eq!(set.nth(0), Some(2));
        assert_eq!(set.nth(u64::MAX / 3 - 1), Some(u64::MAX - 1));
        assert_eq!(set.nth(u64::MAX / 3), None);
        assert_eq!(set.nth(u64::MAX), None);
        assert_eq!(set.len(), u64::MAX / 3);
    }
}
