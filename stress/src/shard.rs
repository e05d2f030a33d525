//! Shards: one stress run split over N machines, each running every N-th case.
//!
//! Case `i` of a run belongs to shard `(i mod N) + 1` (1-based, as cargo-nextest's
//! `--partition count:K/N`). Since a case is a pure function of the run's seed and
//! its index ([`crate::runner::case_setup`]), the N shards of one seed run between
//! them exactly the cases of the one-machine run, and a failure found on any shard
//! replays on one machine from its seed and index alone. Round robin rather than
//! contiguous blocks: with a time budget every shard covers the start of the run, and
//! the families (also round robin) stay spread evenly over shards when N does not
//! divide their number.
//!
//! A job scheduler says which shard a process is through its environment; each
//! knows its own pair of variables ([`from_env`]). Reading the environment is left to
//! the caller, which passes a lookup function, so the detection is tested without
//! touching the process's environment.

use std::fmt;
use std::ops::Range;
use std::path::PathBuf;
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

/// A shard read from a scheduler's environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detected {
    /// The shard.
    pub shard: Shard,
    /// Where it came from, for the user: the scheduler and its variables with their
    /// values, e.g. `GitLab (CI_NODE_INDEX=2, CI_NODE_TOTAL=3)`.
    pub source: String,
    /// Bazel's `TEST_SHARD_STATUS_FILE`: a file to touch to tell Bazel that the test
    /// honours sharding (else Bazel takes it for a test that ran everything).
    pub status_file: Option<PathBuf>,
}

/// Every variable [`from_env`] reads: a test that runs jurybox under a scheduler
/// (CI is one) removes them to run the whole of a run.
pub const VARIABLES: [&str; 11] = [
    "TEST_SHARD_INDEX",
    "TEST_TOTAL_SHARDS",
    "TEST_SHARD_STATUS_FILE",
    "CI_NODE_INDEX",
    "CI_NODE_TOTAL",
    "JOB_COMPLETION_INDEX",
    "JURYBOX_SHARDS",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_STEP",
];

/// Where a scheduler's index counts from.
enum Base {
    Zero,
    One,
}

/// One scheduler: its index and total variables.
struct Scheduler {
    name: &'static str,
    index: &'static str,
    total: &'static str,
    base: Base,
}

/// The schedulers with an (index, total) pair; SLURM, which also needs the array's
/// lowest task id, is read by [`slurm`].
const PAIRS: [Scheduler; 3] = [
    Scheduler {
        name: "Bazel",
        index: "TEST_SHARD_INDEX",
        total: "TEST_TOTAL_SHARDS",
        base: Base::Zero,
    },
    Scheduler {
        name: "GitLab",
        index: "CI_NODE_INDEX",
        total: "CI_NODE_TOTAL",
        base: Base::One,
    },
    Scheduler {
        name: "Kubernetes Indexed Job",
        index: "JOB_COMPLETION_INDEX",
        total: "JURYBOX_SHARDS",
        base: Base::Zero,
    },
];

/// A whole number written in digits only: `u64::from_str` also takes a leading
/// '+', which no scheduler writes and no user means.
fn digits(text: &str) -> Option<u64> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| text.parse().ok()).flatten()
}

/// A scheduler's variable as a number (surrounding blanks allowed, as a shell
/// script may leave them).
fn number(scheduler: &'static str, var: &'static str, value: &str) -> Result<u64, ShardError> {
    digits(value.trim()).ok_or_else(|| ShardError::NotANumber {
        scheduler,
        var,
        value: value.to_string(),
    })
}

fn pair(
    s: &Scheduler,
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Option<Detected>, ShardError> {
    let (index, total) = (get(s.index), get(s.total));
    let (index, total) = match (index, total) {
        (None, None) => return Ok(None),
        (Some(_), None) => {
            return Err(ShardError::HalfPair {
                scheduler: s.name,
                set: s.index,
                missing: s.total,
            })
        }
        (None, Some(total)) => {
            // GitLab sets CI_NODE_TOTAL=1 in every job without `parallel:`, and
            // CI_NODE_INDEX only in parallel ones: a total of 1 alone is no shard.
            if matches!(s.base, Base::One) && number(s.name, s.total, &total)? == 1 {
                return Ok(None);
            }
            return Err(ShardError::HalfPair {
                scheduler: s.name,
                set: s.total,
                missing: s.index,
            });
        }
        (Some(i), Some(t)) => (i, t),
    };
    let vars = format!("{}={index}, {}={total}", s.index, s.total);
    let i = number(s.name, s.index, &index)?;
    let n = number(s.name, s.total, &total)?;
    let k = match s.base {
        Base::Zero => i.checked_add(1),
        Base::One => Some(i),
    };
    let shard = k
        .and_then(|k| Shard::new(k, n).ok())
        .ok_or_else(|| ShardError::Inconsistent {
            scheduler: s.name,
            vars: vars.clone(),
            why: match s.base {
                Base::Zero => format!("a 0-based index must be below the total {n}"),
                Base::One => format!("a 1-based index must be in 1..={n}"),
            },
        })?;
    let status_file = if s.name == "Bazel" {
        get("TEST_SHARD_STATUS_FILE").map(PathBuf::from)
    } else {
        None
    };
    Ok(Some(Detected {
        shard,
        source: format!("{} ({vars})", s.name),
        status_file,
    }))
}

/// A SLURM job array: task `SLURM_ARRAY_TASK_ID` of `SLURM_ARRAY_TASK_COUNT`,
/// numbered from `SLURM_ARRAY_TASK_MIN` in steps of `SLURM_ARRAY_TASK_STEP` (1 when
/// unset). An array given as a list (`--array=1,5,9`) has no step and is an error
/// unless its ids are consecutive.
fn slurm(get: &impl Fn(&str) -> Option<String>) -> Result<Option<Detected>, ShardError> {
    const NAME: &str = "SLURM";
    const ID: &str = "SLURM_ARRAY_TASK_ID";
    const COUNT: &str = "SLURM_ARRAY_TASK_COUNT";
    const MIN: &str = "SLURM_ARRAY_TASK_MIN";
    const STEP: &str = "SLURM_ARRAY_TASK_STEP";
    let vars = [ID, COUNT, MIN].map(|v| (v, get(v)));
    if vars.iter().all(|(_, value)| value.is_none()) {
        return Ok(None);
    }
    let mut values = [0u64; 3];
    for (slot, (var, value)) in values.iter_mut().zip(&vars) {
        let Some(value) = value else {
            let set = vars
                .iter()
                .find(|(_, v)| v.is_some())
                .map_or(ID, |(v, _)| v);
            return Err(ShardError::HalfPair {
                scheduler: NAME,
                set,
                missing: var,
            });
        };
        *slot = number(NAME, var, value)?;
    }
    let [id, count, min] = values;
    let step = match get(STEP) {
        Some(step) => number(NAME, STEP, &step)?.max(1),
        None => 1,
    };
    let mut described: Vec<String> = vars
        .iter()
        .map(|(var, value)| format!("{var}={}", value.as_deref().unwrap_or("")))
        .collect();
    if step != 1 {
        described.push(format!("{STEP}={step}"));
    }
    let described = described.join(", ");
    let offset = id.checked_sub(min).filter(|o| o % step == 0);
    let shard = offset
        .and_then(|o| Shard::new(o / step + 1, count).ok())
        .ok_or_else(|| ShardError::Inconsistent {
            scheduler: NAME,
            vars: described.clone(),
            why: format!(
                "the task must be one of {count} ids from {min} in steps of {step} \
                 (an array given as a list must be consecutive)"
            ),
        })?;
    Ok(Some(Detected {
        shard,
        source: format!("{NAME} ({described})"),
        status_file: None,
    }))
}

/// The shard the environment names, read through `get` (`std::env::var` in the
/// binary), or `None` when no scheduler names one. Half of a pair, a value that is
/// not a number or names no shard, and two schedulers at once are errors.
pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Result<Option<Detected>, ShardError> {
    let mut found: Option<Detected> = None;
    let mut candidates = Vec::new();
    for s in &PAIRS {
        candidates.push(pair(s, &get)?);
    }
    candidates.push(slurm(&get)?);
    for detected in candidates.into_iter().flatten() {
        if let Some(first) = &found {
            return Err(ShardError::Ambiguous(first.source.clone(), detected.source));
        }
        found = Some(detected);
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    fn detect(pairs: &[(&str, &str)]) -> Result<Option<Shard>, ShardError> {
        from_env(env(pairs)).map(|d| d.map(|d| d.shard))
    }

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

    #[test]
    fn every_variable_read_is_listed() {
        let asked = std::cell::RefCell::new(std::collections::BTreeSet::new());
        // Shard 1/1 from every scheduler at once, so each is read to the end.
        let whole = |var: &str| {
            asked.borrow_mut().insert(var.to_string());
            let zero_based = ["TEST_SHARD_INDEX", "JOB_COMPLETION_INDEX"].contains(&var);
            Some(if zero_based { "0" } else { "1" }.to_string())
        };
        assert!(matches!(from_env(whole), Err(ShardError::Ambiguous(..))));
        let mut listed: Vec<String> = VARIABLES.iter().map(|v| v.to_string()).collect();
        listed.sort();
        assert_eq!(asked.into_inner().into_iter().collect::<Vec<_>>(), listed);
    }

    #[test]
    fn no_scheduler_means_no_shard() {
        assert_eq!(detect(&[]), Ok(None));
        assert_eq!(detect(&[("CI_NODE_TOTAL", "1")]), Ok(None));
    }

    #[test]
    fn each_scheduler_is_read_with_its_own_base() {
        let bazel = from_env(env(&[
            ("TEST_SHARD_INDEX", "0"),
            ("TEST_TOTAL_SHARDS", "4"),
            ("TEST_SHARD_STATUS_FILE", "/tmp/status"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(bazel.shard, Shard::new(1, 4).unwrap());
        assert_eq!(bazel.status_file, Some(PathBuf::from("/tmp/status")));
        assert!(
            bazel.source.contains("TEST_SHARD_INDEX=0"),
            "{}",
            bazel.source
        );
        let gitlab = [("CI_NODE_INDEX", "3"), ("CI_NODE_TOTAL", "3")];
        assert_eq!(detect(&gitlab), Ok(Some(Shard::new(3, 3).unwrap())));
        let k8s = [("JOB_COMPLETION_INDEX", "2"), ("JURYBOX_SHARDS", "5")];
        assert_eq!(detect(&k8s), Ok(Some(Shard::new(3, 5).unwrap())));
        let slurm = [
            ("SLURM_ARRAY_TASK_ID", "12"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "10"),
        ];
        assert_eq!(detect(&slurm), Ok(Some(Shard::new(3, 4).unwrap())));
        let stepped = [
            ("SLURM_ARRAY_TASK_ID", "14"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "10"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ];
        assert_eq!(detect(&stepped), Ok(Some(Shard::new(3, 4).unwrap())));
    }

    #[test]
    fn half_a_pair_is_an_error() {
        let halves: [&[(&str, &str)]; 8] = [
            &[("TEST_SHARD_INDEX", "0")],
            &[("TEST_TOTAL_SHARDS", "2")],
            &[("CI_NODE_INDEX", "1")],
            &[("CI_NODE_TOTAL", "2")],
            &[("JOB_COMPLETION_INDEX", "0")],
            &[("JURYBOX_SHARDS", "2")],
            &[
                ("SLURM_ARRAY_TASK_ID", "1"),
                ("SLURM_ARRAY_TASK_COUNT", "2"),
            ],
            &[
                ("SLURM_ARRAY_TASK_COUNT", "2"),
                ("SLURM_ARRAY_TASK_MIN", "1"),
            ],
        ];
        for half in halves {
            assert!(
                matches!(detect(half), Err(ShardError::HalfPair { .. })),
                "{half:?}: {:?}",
                detect(half)
            );
        }
    }

    #[test]
    fn bad_values_are_errors() {
        let not_numbers: [&[(&str, &str)]; 3] = [
            &[("TEST_SHARD_INDEX", "x"), ("TEST_TOTAL_SHARDS", "2")],
            &[("CI_NODE_INDEX", "1"), ("CI_NODE_TOTAL", "-2")],
            &[("CI_NODE_TOTAL", "")],
        ];
        for env in not_numbers {
            assert!(
                matches!(detect(env), Err(ShardError::NotANumber { .. })),
                "{env:?}"
            );
        }
        let no_shard: [&[(&str, &str)]; 5] = [
            &[("TEST_SHARD_INDEX", "2"), ("TEST_TOTAL_SHARDS", "2")],
            &[("CI_NODE_INDEX", "0"), ("CI_NODE_TOTAL", "2")],
            &[("JOB_COMPLETION_INDEX", "0"), ("JURYBOX_SHARDS", "0")],
            &[
                ("SLURM_ARRAY_TASK_ID", "5"),
                ("SLURM_ARRAY_TASK_COUNT", "3"),
                ("SLURM_ARRAY_TASK_MIN", "1"),
            ],
            &[
                ("SLURM_ARRAY_TASK_ID", "0"),
                ("SLURM_ARRAY_TASK_COUNT", "3"),
                ("SLURM_ARRAY_TASK_MIN", "1"),
            ],
        ];
        for env in no_shard {
            assert!(
                matches!(detect(env), Err(ShardError::Inconsistent { .. })),
                "{env:?}: {:?}",
                detect(env)
            );
        }
        let both = [
            ("CI_NODE_INDEX", "1"),
            ("CI_NODE_TOTAL", "2"),
            ("JOB_COMPLETION_INDEX", "0"),
            ("JURYBOX_SHARDS", "2"),
        ];
        assert!(matches!(detect(&both), Err(ShardError::Ambiguous(..))));
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
