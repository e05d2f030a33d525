//! Which shard this process is, read from a job scheduler's environment: each
//! scheduler has its own pair of variables. Reading the environment is left to
//! the caller, which passes a lookup function, so the detection is tested without
//! touching the process's environment.

use super::{digits, Shard, ShardError};
use std::path::PathBuf;

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
}
