//! The JSON report of one shard of a stress run, and the merge of a run's shards.
//!
//! Each process of a sharded run writes one [`ShardReport`] (`stress --report FILE`): the
//! seed, its shard, the options every shard must share, and per problem the cases it
//! ran and the failures it found, each with the files saved for it and the command
//! that replays it on one machine. [`merge`] takes the reports of a run and checks
//! that they are the N shards of one seed, each exactly once, with the same options,
//! before adding them up: a missing shard would otherwise pass for a clean run.
//!
//! What every shard report shares (the shard as JSON, the check that each shard
//! is there once) is `jurybox_judging::shard::report`. The report is written
//! atomically (the one atomic writer, `jurybox_judging::store`) after
//! every failure in it is on disk, so a report never names a file that is not there.

use crate::plan::StressPlan;
use crate::runner::Summary;
use crate::save::SavedFailure;
use crate::Harness;
use jurybox_judging::jobs::Budget;
use jurybox_judging::shard::report::{
    each_shard_once, read_bytes, write_json, MergeError, ReportError, ShardField,
};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The `format` field: changes when a field changes meaning.
pub const FORMAT: &str = "jurybox-stress-report/1";

/// One shard's report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardReport {
    /// Always [`FORMAT`].
    pub format: String,
    /// The run's seed.
    pub seed: u64,
    /// This shard, K of N (1-based).
    pub shard: ShardField,
    /// Where the shard came from: `--shard`, a scheduler's variables, or `none`.
    pub shard_source: String,
    /// What every shard of the run must share.
    pub run: RunOptions,
    /// One entry per problem run, in order.
    pub problems: Vec<ProblemReport>,
}

/// The options that decide which cases a run has and how they are checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunOptions {
    /// The problem as given (a name or `all`).
    pub problem: String,
    /// `--cases C` (the run's cases, split over the shards), else `None`.
    pub cases: Option<u64>,
    /// `--seconds S` (each shard runs its own cases for that long), else `None`.
    pub seconds: Option<f64>,
    /// `--family` names (empty: every family).
    pub families: Vec<String>,
    /// `--program` commands.
    pub programs: Vec<String>,
    /// The flags besides problem, seed and case that replay a case of this run
    /// (families, programs with their limits, `--extended`).
    pub replay_flags: String,
}

/// One problem's part of a shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProblemReport {
    /// Problem name.
    pub problem: String,
    /// Cases checked.
    pub cases: u64,
    /// Cases skipped (no input within the official limits).
    pub skipped: u64,
    /// With `--cases`: how many cases this shard owns; `None` for a time budget.
    pub planned: Option<u64>,
    /// The first case index of this shard.
    pub first_case: u64,
    /// The distance between its case indices (N).
    pub stride: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Stopped by an interrupt.
    pub interrupted: bool,
    /// Stopped because a program could not start or no engine could run.
    pub aborted: Option<String>,
    /// Failures found, each saved before the report was written.
    pub failures: Vec<FailureReport>,
}

/// One failure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FailureReport {
    /// The case's index in the run (`--case I` replays it).
    pub case: Option<u64>,
    /// The engine or program at fault.
    pub engine: String,
    /// The engine it was judged against.
    pub reference: String,
    /// The program's command when a program is at fault.
    pub program: Option<String>,
    /// The verdict, in words.
    pub verdict: String,
    /// The failure did not repeat when run again.
    pub flaky: bool,
    /// The files saved for it, the `.in` last.
    pub saved: Vec<PathBuf>,
    /// Why nothing was saved, when saving failed (then `input` holds the case).
    pub not_saved: Option<String>,
    /// The shrunk input, when it could not be saved.
    pub input: Option<String>,
    /// The `jurybox check` command that replays the saved file.
    pub reproduce: Option<String>,
    /// The `jurybox stress` command that replays the case on one machine.
    pub replay: Option<String>,
    /// The `jurybox gen` line of the original (unshrunk) input.
    pub generated_by: String,
}

/// The command that runs case `case` of the run with `seed` on one machine.
pub fn replay_command(problem: &str, seed: u64, case: u64, flags: &str) -> String {
    format!("jurybox stress {problem} --seed {seed} --case {case}{flags}")
}

impl FailureReport {
    /// The report of `found`, one of `plan`'s failures.
    pub fn new<P: Harness>(
        plan: &StressPlan<P>,
        found: &SavedFailure,
        replay_flags: &str,
    ) -> FailureReport {
        let program = plan
            .programs
            .iter()
            .find(|p| p.name() == found.mismatch.engine)
            .map(|p| p.command.clone());
        FailureReport {
            case: found.case,
            engine: found.mismatch.engine.clone(),
            reference: found.mismatch.reference.clone(),
            program,
            verdict: found.mismatch.fault.to_string(),
            flaky: found.flaky.is_some(),
            saved: found.saved_files(),
            not_saved: found.path.as_ref().err().cloned(),
            input: found.path.is_err().then(|| found.input.clone()),
            reproduce: found.reproduce.clone(),
            replay: found
                .case
                .map(|case| replay_command(P::NAME, plan.seed, case, replay_flags)),
            generated_by: found.generated_by.clone(),
        }
    }
}

impl ProblemReport {
    /// The report of `plan`'s run, which ended with `summary`.
    pub fn new<P: Harness>(plan: &StressPlan<P>, summary: &Summary, replay_flags: &str) -> Self {
        let set = plan.case_set();
        ProblemReport {
            problem: P::NAME.to_string(),
            cases: summary.cases,
            skipped: summary.skipped,
            planned: matches!(plan.budget, Budget::Cases(_)).then(|| set.len()),
            first_case: set.first().unwrap_or(set.range.end),
            stride: set.shard.total(),
            seconds: summary.elapsed.as_secs_f64(),
            interrupted: summary.interrupted,
            aborted: summary.aborted.clone(),
            failures: summary
                .failures
                .iter()
                .map(|f| FailureReport::new(plan, f, replay_flags))
                .collect(),
        }
    }

    /// Whether every planned case was checked (a time budget is always complete,
    /// unless interrupted or aborted).
    pub fn complete(&self) -> bool {
        !self.interrupted
            && self.aborted.is_none()
            && self
                .planned
                .is_none_or(|planned| self.cases + self.skipped >= planned)
    }
}

impl ShardReport {
    /// Writes the report to `path` atomically (a temporary file renamed).
    pub fn write(&self, path: &Path) -> Result<(), ReportError> {
        write_json(self, path)
    }

    /// Reads a report written by [`ShardReport::write`].
    pub fn read(path: &Path) -> Result<ShardReport, ReportError> {
        let bytes = read_bytes(path)?;
        let report: ShardReport =
            serde_json::from_slice(&bytes).map_err(|source| ReportError::Json {
                path: path.to_path_buf(),
                source,
            })?;
        if report.format != FORMAT {
            return Err(ReportError::Format {
                path: path.to_path_buf(),
                found: report.format,
                expected: FORMAT,
            });
        }
        Ok(report)
    }
}

/// The first field in which two runs' options differ, with its two values as JSON.
fn first_difference(a: &RunOptions, b: &RunOptions) -> Option<(String, String, String)> {
    let (serde_json::Value::Object(a), serde_json::Value::Object(b)) =
        (serde_json::to_value(a).ok()?, serde_json::to_value(b).ok()?)
    else {
        return None;
    };
    a.iter()
        .find(|(key, value)| b.get(*key) != Some(value))
        .map(|(key, value)| {
            let other = b.get(key).map_or("nothing".into(), ToString::to_string);
            (key.clone(), value.to_string(), other)
        })
}

/// The reports of a whole run, added up.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The seed.
    pub seed: u64,
    /// N.
    pub total: u64,
    /// The shared options.
    pub run: RunOptions,
    /// Per problem, in the order of the first report.
    pub problems: Vec<MergedProblem>,
}

/// One problem over all shards.
#[derive(Clone, Debug, PartialEq)]
pub struct MergedProblem {
    /// Problem name.
    pub problem: String,
    /// Cases checked on all shards.
    pub cases: u64,
    /// Cases skipped on all shards.
    pub skipped: u64,
    /// The slowest shard's wall-clock seconds.
    pub seconds: f64,
    /// Every failure, with its shard.
    pub failures: Vec<(ShardField, FailureReport)>,
    /// Shards that stopped before their planned cases without a failure to show
    /// for it (interrupted, aborted), with why.
    pub incomplete: Vec<(ShardField, String)>,
}

/// Checks that `reports` (with the names of their files) are the N shards of one
/// seed and one set of options, each exactly once, and adds them up.
pub fn merge(reports: &[(String, ShardReport)]) -> Result<Merged, MergeError> {
    let Some((first_file, first)) = reports.first() else {
        return Err(MergeError::Empty);
    };
    let total = first.shard.total;
    for (file, report) in reports {
        let mismatch = |field: &str, expected: String, found: String| MergeError::Mismatch {
            first: first_file.clone(),
            file: file.clone(),
            field: field.to_string(),
            expected,
            found,
        };
        if report.seed != first.seed {
            return Err(mismatch(
                "seed",
                first.seed.to_string(),
                report.seed.to_string(),
            ));
        }
        if report.shard.total != total {
            return Err(mismatch(
                "the number of shards",
                total.to_string(),
                report.shard.total.to_string(),
            ));
        }
        if let Some((field, expected, found)) = first_difference(&first.run, &report.run) {
            return Err(mismatch(&format!("run.{field}"), expected, found));
        }
        let problems = |r: &ShardReport| r.problems.iter().map(|p| p.problem.clone()).collect();
        let (want, have): (Vec<String>, Vec<String>) = (problems(first), problems(report));
        // A run stopped by an interrupt may hold fewer problems; it must not hold others.
        if !want.starts_with(&have) && !have.starts_with(&want) {
            return Err(mismatch(
                "the list of problems",
                want.join(","),
                have.join(","),
            ));
        }
    }
    each_shard_once(
        reports.iter().map(|(file, r)| (file.as_str(), r.shard)),
        &format!("seed {}", first.seed),
    )?;
    let mut sorted: Vec<&ShardReport> = reports.iter().map(|(_, r)| r).collect();
    sorted.sort_by_key(|r| r.shard.index);
    let mut names: Vec<&str> = Vec::new();
    for report in &sorted {
        for p in &report.problems {
            if !names.contains(&p.problem.as_str()) {
                names.push(&p.problem);
            }
        }
    }
    let problems = names
        .into_iter()
        .map(|name| {
            let mut merged = MergedProblem {
                problem: name.to_string(),
                cases: 0,
                skipped: 0,
                seconds: 0.0,
                failures: Vec::new(),
                incomplete: Vec::new(),
            };
            for report in &sorted {
                let Some(p) = report.problems.iter().find(|p| p.problem == name) else {
                    merged
                        .incomplete
                        .push((report.shard, "stopped before this problem".into()));
                    continue;
                };
                merged.cases += p.cases;
                merged.skipped += p.skipped;
                merged.seconds = merged.seconds.max(p.seconds);
                merged
                    .failures
                    .extend(p.failures.iter().map(|f| (report.shard, f.clone())));
                if !p.complete() && p.failures.is_empty() {
                    let why = if p.interrupted {
                        "interrupted".to_string()
                    } else if let Some(why) = &p.aborted {
                        format!("aborted: {why}")
                    } else {
                        format!(
                            "ran {} of its {} cases",
                            p.cases + p.skipped,
                            p.planned.unwrap_or(0)
                        )
                    };
                    merged.incomplete.push((report.shard, why));
                }
            }
            merged
        })
        .collect();
    Ok(Merged {
        seed: first.seed,
        total,
        run: first.run.clone(),
        problems,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_judging::shard::{CaseSet, Shard};

    fn report(k: u64, n: u64, cases: u64) -> ShardReport {
        let shard = Shard::new(k, n).unwrap();
        let set = CaseSet {
            range: 0..cases,
            shard,
        };
        ShardReport {
            format: FORMAT.into(),
            seed: 7,
            shard: shard.into(),
            shard_source: "--shard".into(),
            run: RunOptions {
                problem: "tetris3d".into(),
                cases: Some(cases),
                seconds: None,
                families: vec![],
                programs: vec![],
                replay_flags: String::new(),
            },
            problems: vec![ProblemReport {
                problem: "tetris3d".into(),
                cases: set.len(),
                skipped: 0,
                planned: Some(set.len()),
                first_case: set.first().unwrap_or(cases),
                stride: n,
                seconds: 1.0,
                interrupted: false,
                aborted: None,
                failures: vec![],
            }],
        }
    }

    fn named(reports: Vec<ShardReport>) -> Vec<(String, ShardReport)> {
        reports
            .into_iter()
            .map(|r| (format!("shard{}.json", r.shard.index), r))
            .collect()
    }

    #[test]
    fn all_shards_add_up_to_the_run() {
        let merged = merge(&named(vec![
            report(2, 3, 100),
            report(1, 3, 100),
            report(3, 3, 100),
        ]))
        .unwrap();
        assert_eq!(merged.problems.len(), 1);
        assert_eq!(merged.problems[0].cases, 100);
        assert!(merged.problems[0].incomplete.is_empty());
    }

    #[test]
    fn a_missing_shard_is_named() {
        let err = merge(&named(vec![report(1, 3, 100), report(3, 3, 100)])).unwrap_err();
        assert_eq!(
            err,
            MergeError::Missing {
                run: "seed 7".into(),
                total: 3,
                missing: vec![2]
            }
        );
        assert!(err
            .to_string()
            .contains("1 of 3 shards of seed 7 missing: 2"));
    }

    #[test]
    fn a_shard_twice_is_an_error() {
        let mut reports = named(vec![report(1, 2, 10), report(2, 2, 10)]);
        reports.push(("again.json".into(), report(2, 2, 10)));
        let err = merge(&reports).unwrap_err();
        assert!(matches!(err, MergeError::Duplicate { .. }), "{err}");
        assert!(
            err.to_string().contains("shard2.json and again.json"),
            "{err}"
        );
    }

    #[test]
    fn reports_of_other_runs_are_refused() {
        let mut other_seed = report(2, 2, 10);
        other_seed.seed = 8;
        let other_total = report(2, 3, 10);
        let mut other_options = report(2, 2, 10);
        other_options.run.families = vec!["small".into()];
        let mut other_cases = report(2, 2, 10);
        other_cases.run.cases = Some(11);
        for (other, field) in [
            (other_seed, "seed"),
            (other_total, "the number of shards"),
            (other_options, "run.families"),
            (other_cases, "run.cases"),
        ] {
            let err = merge(&named(vec![report(1, 2, 10), other])).unwrap_err();
            assert!(
                matches!(&err, MergeError::Mismatch { field: f, .. } if *f == field),
                "{err}"
            );
        }
        assert_eq!(merge(&[]), Err(MergeError::Empty));
    }

    #[test]
    fn an_interrupted_shard_makes_the_run_incomplete() {
        let mut cut = report(2, 2, 10);
        cut.problems[0].cases = 2;
        cut.problems[0].interrupted = true;
        let merged = merge(&named(vec![report(1, 2, 10), cut])).unwrap();
        assert_eq!(merged.problems[0].cases, 7);
        assert_eq!(merged.problems[0].incomplete.len(), 1);
    }

    #[test]
    fn reports_read_back_what_was_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/r.json");
        let mut written = report(1, 1, 5);
        written.problems[0].failures.push(FailureReport {
            case: Some(3),
            engine: "fast".into(),
            reference: "naive".into(),
            program: None,
            verdict: "wrong answer".into(),
            flaky: false,
            saved: vec![PathBuf::from("corpus/x.ans"), PathBuf::from("corpus/x.in")],
            not_saved: None,
            input: None,
            reproduce: Some("jurybox check tetris3d corpus/x.in".into()),
            replay: Some(replay_command("tetris3d", 7, 3, "")),
            generated_by: "jurybox gen ...".into(),
        });
        written.write(&path).unwrap();
        assert_eq!(ShardReport::read(&path).unwrap(), written);
        std::fs::write(&path, "{\"format\": 3").unwrap();
        let err = ShardReport::read(&path).unwrap_err().to_string();
        assert!(err.contains("line 1 column"), "{err}");
        let mut other = written.clone();
        other.format = "jurybox-stress-report/0".into();
        other.write(&path).unwrap();
        assert!(matches!(
            ShardReport::read(&path),
            Err(ReportError::Format { .. })
        ));
    }
}
