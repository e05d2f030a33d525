//! Group 0 of a converted sinol package, the examples: sinol-make states
//! every solution's status there (`sinol_expected_scores`, 0 points) and
//! stops with "Groups were added: 0" where config.yml does not, but no Kattis
//! or Polygon source says how a partial solution does on its samples. So
//! the caller that can run programs (the jury's `convert`) measures it as
//! sinol-make would, on the converted package, and hands the statuses back
//! as [`Examples`]; [`super::to_sinol_with`] writes each one, says in
//! config.yml who measured it and under which judge and limits, and keeps
//! sinol-make's own command for a solution that was not measured (it did
//! not build, or its run was the jury's fault): nothing is made up.

use crate::Verdict;
use std::collections::BTreeMap;
use yaml_serde::{Mapping, Value};

/// sinol-make's status of a run or a group, worst first in sinol's order
/// (`run`'s `update_group_status`: a group is its worst test's, TL before
/// ML before RE before WA).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum SinolStatus {
    /// Time limit exceeded.
    TL,
    /// Memory limit exceeded.
    ML,
    /// A run-time error.
    RE,
    /// A wrong answer.
    WA,
    /// Accepted.
    OK,
}

impl SinolStatus {
    /// The word sinol-make writes into config.yml.
    pub fn word(self) -> &'static str {
        match self {
            SinolStatus::TL => "TL",
            SinolStatus::ML => "ML",
            SinolStatus::RE => "RE",
            SinolStatus::WA => "WA",
            SinolStatus::OK => "OK",
        }
    }

    /// sinol's status of a group graded `v` (a run-time error's: `RE`).
    pub fn of(v: Verdict) -> SinolStatus {
        match v {
            Verdict::AC => SinolStatus::OK,
            Verdict::WA => SinolStatus::WA,
            Verdict::TLE => SinolStatus::TL,
            Verdict::RTE => SinolStatus::RE,
        }
    }

    /// A group's status from its tests' (`OK` for none), as sinol-make
    /// grades it: the worst.
    pub fn of_group(tests: impl IntoIterator<Item = SinolStatus>) -> SinolStatus {
        tests.into_iter().min().unwrap_or(SinolStatus::OK)
    }
}

/// Group 0 measured by a caller that ran the converted package.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Examples {
    /// How: the judge and the limits, as config.yml's comment says it.
    pub measured_by: String,
    /// By solution file (`sumb1.c`, a `sinol_expected_scores` key): its
    /// status on group 0, or why it has none (it did not build, a jury
    /// fault).
    pub statuses: BTreeMap<String, Result<SinolStatus, String>>,
}

/// What a conversion to sinol wrote beside its files.
#[derive(Clone, Debug, Default)]
pub struct SinolConversion {
    /// What could not be converted, or what the jury must still do.
    pub issues: Vec<crate::Issue>,
    /// The solution files (`sinol_expected_scores` keys) whose status on
    /// group 0 the source does not state and no measurement gave.
    pub examples_unstated: Vec<String>,
    /// Those whose status on group 0 was measured and written.
    pub examples_measured: Vec<(String, SinolStatus)>,
    /// How they were measured ([`Examples::measured_by`]), where some were.
    pub measured_by: Option<String>,
}

/// `stated` (one solution's `sinol_expected_scores` entry) with group 0
/// set to `status`, first, as sinol-make writes it: 0 points.
pub(super) fn state_group_zero(stated: &mut Value, status: SinolStatus) {
    let Some(expected) = stated.get_mut("expected").and_then(Value::as_mapping_mut) else {
        return;
    };
    let mut entry = Mapping::new();
    entry.insert("points".into(), Value::from(0u64));
    entry.insert("status".into(), status.word().into());
    let mut with = Mapping::new();
    with.insert(Value::from(0u64), entry.into());
    for (k, v) in std::mem::take(expected) {
        if k.as_u64() != Some(0) {
            with.insert(k, v);
        }
    }
    *expected = with;
}

/// config.yml's closing comment on group 0: what was measured, how, and
/// the command for what was not.
pub(super) fn comment(
    conversion: &SinolConversion,
    examples: Option<&Examples>,
    measure: &str,
) -> String {
    let mut out = String::new();
    if let (false, Some(e)) = (conversion.examples_measured.is_empty(), examples) {
        let said: Vec<String> = conversion
            .examples_measured
            .iter()
            .map(|(file, status)| format!("prog/{file} ({})", status.word()))
            .collect();
        out.push_str(&format!(
            "# Group 0 (the examples, 0 points): the source states no status there\n\
             # of {}: measured by jurybox as `sinol-make run`\n\
             # runs them, and written:\n#   {}\n",
            said.join(", "),
            e.measured_by.replace("; ", ";\n#   ")
        ));
    }
    if !conversion.examples_unstated.is_empty() {
        let files: Vec<String> = conversion
            .examples_unstated
            .iter()
            .map(|f| format!("prog/{f}"))
            .collect();
        // Group 0 is worth 0 points: any status there agrees with the
        // source, but sinol-make asks for one; it measures it itself.
        out.push_str(&format!(
            "# Group 0 (the examples, 0 points): the source states no status of\n\
             # {} there{}, so `sinol-make run` stops with \"Groups were added: 0\".\n\
             # sinol-make measures and writes those statuses alone (the stated\n\
             # groups left as they are) with:\n#   {measure}\n",
            files.join(", "),
            match examples {
                Some(_) => " and jurybox could not measure it",
                None => "",
            }
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_is_its_worst_test_in_sinols_order() {
        use SinolStatus::*;
        assert_eq!(SinolStatus::of_group([OK, WA, RE]), RE);
        assert_eq!(SinolStatus::of_group([WA, TL, ML]), TL);
        assert_eq!(SinolStatus::of_group([OK, ML, RE, WA]), ML);
        assert_eq!(SinolStatus::of_group([]), OK);
    }
}
