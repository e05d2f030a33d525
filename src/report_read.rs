//! A suite directory (or package) read into the report's model: the one place that
//! knows the on-disk layout for `jurybox report`. It reuses the suite reader of
//! `jurybox mutants` and only translates: `gen` arguments into family, seed and
//! options, and the group into its name.

use anyhow::{anyhow, Context, Result};
use jurybox_packager::dir::read_suite;
use jurybox_packager::BuiltSuite;
use jurybox_report::{ReportData, TestData};
use std::path::Path;

/// The problem a suite directory belongs to: the `problem = "NAME"` line of its
/// `suite.toml` (the reader proper checks the whole file afterwards).
pub fn suite_problem(dir: &Path) -> Result<String> {
    let path = dir.join("suite.toml");
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    text.lines()
        .find_map(|line| {
            let value = line
                .strip_prefix("problem")?
                .trim_start()
                .strip_prefix('=')?;
            Some(value.trim().trim_matches('"').to_string())
        })
        .ok_or_else(|| anyhow!("{}: no `problem = \"NAME\"` line", path.display()))
}

/// Family, seed and `key=value` options of a `jurybox gen` argument list
/// (`gen PROBLEM --family F --seed S k=v ...`).
pub fn provenance(args: &[String]) -> (Option<String>, Option<u64>, Vec<String>) {
    let (mut family, mut seed, mut options) = (None, None, Vec::new());
    let mut it = args.iter().skip(2);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--family" | "-f" => family = it.next().cloned(),
            "--seed" | "-s" => seed = it.next().and_then(|s| s.parse().ok()),
            other if other.contains('=') => options.push(other.to_string()),
            _ => {}
        }
    }
    (family, seed, options)
}

/// The suite in `dir` of problem `problem`, with its time limit.
pub fn read(problem: &'static str, dir: &Path) -> Result<(BuiltSuite, ReportData)> {
    let suite = read_suite(problem, dir)?;
    let tests = suite
        .tests
        .iter()
        .map(|t| {
            let (family, seed, options) = t
                .gen_args
                .as_deref()
                .map_or((None, None, vec![]), provenance);
            TestData {
                name: t.name.clone(),
                group: t.group.dir().to_string(),
                about: t.about.clone(),
                family,
                provenance: None,
                options,
                seed,
                input: t.input.clone(),
                answer: t.answer.clone(),
                times: Vec::new(),
            }
        })
        .collect();
    let data = ReportData {
        problem: problem.to_string(),
        tests,
        ..ReportData::default()
    };
    Ok((suite, data))
}

#[cfg(test)]
mod tests {
    use super::provenance;

    #[test]
    fn gen_arguments_give_family_seed_and_options() {
        let args: Vec<String> = [
            "gen",
            "puyo",
            "--family",
            "random",
            "--seed",
            "1",
            "fill=10",
            "colours=5",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            provenance(&args),
            (
                Some("random".into()),
                Some(1),
                vec!["fill=10".into(), "colours=5".into()]
            )
        );
    }
}
