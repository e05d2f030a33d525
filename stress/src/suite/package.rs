//! A built suite and its kill table written as a problem package in the Kattis /
//! ICPC problem package format, version 2025-09: the layout BAPCtools and Kattis
//! problemtools check. Every program in it calls the installed `jurybox` (on PATH):
//! validators are directories with `build` and `run` scripts, submissions are
//! four-line C programs that `exec` jurybox's engines, so their CPU time is jurybox's.

use super::build::SuiteError;
use super::dir::{write_atomic, write_suite};
use super::kills::MutantRow;
use super::{BuiltSuite, TestGroup};
use jurybox_core::problem::judge_output;
use jurybox_core::{Limits, Problem};
use sha2::{Digest, Sha256};
use std::fmt::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Where the judges' tools expect a mutant, from what its kill table shows:
/// `wrong_answer` when every kill is a wrong answer and every run stays under 70%
/// of the limit (so no tool timing it a little differently sees a TLE, which that
/// directory does not permit), `time_limit_exceeded`
/// when every kill is a TLE, `rejected` otherwise (a wrong solution that is also
/// slow). `None` for a mutant no test kills. The verdicts seen decide, not the
/// mutant's declared [`jurybox_core::Flaw`]: the tools check those verdicts, and a
/// wrong-answer mutant that is also slow may be timed out before it answers.
pub fn submission_dir(row: &MutantRow, limit_seconds: f64) -> Option<&'static str> {
    let codes: Vec<&str> = row.verdict_counts().iter().map(|(c, _)| *c).collect();
    let fast = row.runs.iter().all(|r| r.cpu_seconds < 0.7 * limit_seconds);
    match codes.as_slice() {
        [] => None,
        ["WA"] if fast => Some("wrong_answer"),
        ["TLE"] => Some("time_limit_exceeded"),
        _ => Some("rejected"),
    }
}

/// The flags the output validator gets in `data/test_group.yaml`, found by asking
/// the problem's own judge: `space_change_sensitive` when it rejects a sample answer
/// with its white space changed (a leading space, an extra or missing final
/// newline, a space before a newline, spaces and newlines swapped, `\r\n`), and
/// `case_sensitive` when it rejects one with its letters' case swapped. The judges'
/// tools read them to know which altered answers must still be accepted.
pub fn output_validator_args<P: Problem>(suite: &BuiltSuite) -> Vec<&'static str> {
    let Some(sample) = suite.tests.iter().find(|t| t.group == TestGroup::Sample) else {
        return Vec::new();
    };
    let Ok(input) = P::parse_input(&sample.input, Limits::Official) else {
        return Vec::new();
    };
    let Ok(expected) = P::parse_answer(&input, &sample.answer) else {
        return Vec::new();
    };
    let answer = &sample.answer;
    let rejects = |text: Vec<u8>| !judge_output::<P>(&input, &expected, &text).is_accepted();
    let swap = |from: u8, to: u8| {
        answer
            .iter()
            .map(|&b| if b == from { to } else { b })
            .collect()
    };
    let before_last_newline = |extra: &[u8]| {
        let cut = answer.len() - usize::from(answer.ends_with(b"\n"));
        [&answer[..cut], extra, &answer[cut..]].concat()
    };
    let spaced: Vec<Vec<u8>> = vec![
        [b" ", answer.as_slice()].concat(),
        [answer.as_slice(), b"\n"].concat(),
        before_last_newline(b" "),
        swap(b' ', b'\n'),
        swap(b'\n', b' '),
        answer.strip_suffix(b"\n").unwrap_or(answer).to_vec(),
        answer
            .iter()
            .flat_map(|&b| {
                if b == b'\n' {
                    vec![b'\r', b'\n']
                } else {
                    vec![b]
                }
            })
            .collect(),
    ];
    let mut args = Vec::new();
    if spaced.into_iter().filter(|t| t != answer).any(rejects) {
        args.push("space_change_sensitive");
    }
    let swapped: Vec<u8> = answer
        .iter()
        .map(|b| {
            if b.is_ascii_alphabetic() {
                b ^ 0x20
            } else {
                *b
            }
        })
        .collect();
    if &swapped != answer && rejects(swapped) {
        args.push("case_sensitive");
    }
    args
}

/// A UUID made from the problem's name (SHA-256, version 8 and RFC 4122 variant
/// bits set), so a rebuilt package has the same bytes.
pub fn problem_uuid(problem: &str) -> String {
    let digest = Sha256::digest(format!("jurybox problem {problem}").as_bytes());
    let mut b: [u8; 16] = digest[..16].try_into().expect("16 bytes");
    b[6] = (b[6] & 0x0f) | 0x80;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// A YAML double-quoted string.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn write_executable(path: &Path, text: &str) -> Result<(), SuiteError> {
    write_atomic(path, text.as_bytes())?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))?;
    Ok(())
}

const BUILD: &str = "#!/bin/sh
# Nothing to compile: this program is the installed jurybox, which must be on PATH.
command -v jurybox >/dev/null 2>&1 || {
    echo 'jurybox is not on PATH (install it with: cargo install --path . in its repository)' >&2
    exit 1
}
";

/// A C program that becomes `jurybox solve PROBLEM --engine ENGINE`.
fn submission(problem: &str, engine: &str, about: &str) -> String {
    format!(
        "/* jurybox {problem}, engine `{engine}`, {about}.
 * Runs the installed jurybox in this very process (exec), so the judge times
 * jurybox itself. */
#include <unistd.h>

int main(void) {{
    execlp(\"jurybox\", \"jurybox\", \"solve\", \"{problem}\", \"--engine\", \"{engine}\", (char *)0);
    return 1;
}}
"
    )
}

/// Writes the package of `suite` into `out`: the suite's files (see
/// [`write_suite`]) and `problem.yaml`, `generators/`, the validators and the
/// submissions (`fast` accepted, each mutant where [`submission_dir`] puts it).
pub fn write_package(
    suite: &BuiltSuite,
    title: &str,
    fast: &str,
    mutants: &[MutantRow],
    validator_args: &[&str],
    out: &Path,
) -> Result<(), SuiteError> {
    let problem = suite.problem;
    write_suite(suite, out)?;
    for stale in [
        "submissions",
        "generators",
        "input_validators",
        "output_validator",
    ] {
        if out.join(stale).exists() {
            std::fs::remove_dir_all(out.join(stale))?;
        }
    }
    let limit = suite.time_limit_seconds;
    let yaml = format!(
        "# Written by `jurybox package {problem}`.
problem_format_version: 2025-09
type: pass-fail
name:
  en: {}
uuid: {}
license: unknown
limits:
  # CPU seconds: the fast engine's time on the slowest test times the plan's
  # margin (see suite.toml and `jurybox mutants {problem}`).
  time_limit: {limit:.1}
  time_resolution: 0.1
",
        quoted(title),
        problem_uuid(problem)
    );
    write_atomic(&out.join("problem.yaml"), yaml.as_bytes())?;
    if !validator_args.is_empty() {
        // Exactly as BAPCtools writes it from generators.yaml, so regenerating
        // changes nothing.
        let text = format!("output_validator_args: [{}]\n", validator_args.join(", "));
        write_atomic(&out.join("data/test_group.yaml"), text.as_bytes())?;
    }

    // jurybox makes a problem's judging data, not its statement: the setter's own
    // statement replaces this one (the judges' tools need one per name language).
    let statement = format!(
        "% Written by `jurybox package {problem}`: replace with the problem's statement.\n\
         \\problemname{{{title}}}\n\n\
         This package holds the judging data of {problem} made by jurybox: tests, \
         validators and submissions. The statement itself is the problem setter's; \
         put it here.\n"
    );
    write_atomic(&out.join("statement/problem.en.tex"), statement.as_bytes())?;

    let validator = |kind: &str| {
        format!(
            "#!/bin/sh
# {kind} of the Kattis problem package format (exit 42 accepted, 43 rejected),
# by the installed jurybox; flags it does not know are ignored.
exec jurybox {kind} {problem} \"$@\"
"
        )
    };
    let input_dir = out.join("input_validators/jurybox");
    write_executable(&input_dir.join("build"), BUILD)?;
    write_executable(&input_dir.join("run"), &validator("input-validator"))?;
    write_executable(&out.join("output_validator/build"), BUILD)?;
    write_executable(
        &out.join("output_validator/run"),
        &validator("output-validator"),
    )?;

    let subs = out.join("submissions");
    write_atomic(
        &subs.join("accepted").join(format!("{fast}.c")),
        submission(problem, fast, "the fast engine: trusted").as_bytes(),
    )?;
    for row in mutants {
        let Some(dir) = submission_dir(row, limit) else {
            return Err(SuiteError::Directory(format!(
                "suite too weak: {} survives every test",
                row.mutant
            )));
        };
        if let Some(run) = row.contradiction() {
            return Err(SuiteError::Directory(format!(
                "{} is declared {} but {} gives {}: the engine has a real bug",
                row.mutant,
                row.flaw,
                run.test,
                run.rejection.as_ref().map_or("", |r| r.code())
            )));
        }
        let about = format!("a mutant, {}: {}", row.flaw, row.about);
        write_atomic(
            &subs.join(dir).join(format!("{}.c", row.mutant)),
            submission(problem, row.mutant, &about).as_bytes(),
        )?;
    }

    let mut gen = String::new();
    let _ = writeln!(
        gen,
        "# Every test as the jurybox command that makes it (`jurybox gen ...` through
# jurybox.sh), by name; answers come from the accepted submission. Rebuilding
# gives the same bytes.
solution: /submissions/accepted/{fast}.c"
    );
    if !validator_args.is_empty() {
        let _ = writeln!(
            gen,
            "test_group.yaml:\n  output_validator_args: [{}]",
            validator_args.join(", ")
        );
    }
    let _ = writeln!(gen, "data:");
    for (group, name) in [(TestGroup::Sample, "sample"), (TestGroup::Secret, "secret")] {
        let _ = writeln!(gen, "  {name}:\n    data:");
        for test in suite.tests.iter().filter(|t| t.group == group) {
            match &test.gen_args {
                Some(args) => {
                    let _ = writeln!(gen, "      {}: jurybox.sh {}", test.name, args.join(" "));
                }
                None => {
                    // A sample of the statement: copied from generators/.
                    write_atomic(
                        &out.join(format!("generators/{}.in", test.name)),
                        &test.input,
                    )?;
                    write_atomic(
                        &out.join(format!("generators/{}.ans", test.name)),
                        &test.answer,
                    )?;
                    let _ = writeln!(gen, "      {}:\n        copy: {}", test.name, test.name);
                }
            }
        }
    }
    if !suite.invalid.is_empty() {
        let _ = writeln!(gen, "  invalid_input:\n    data:");
        for invalid in &suite.invalid {
            let _ = writeln!(
                gen,
                "      {}:\n        copy: invalid_{}",
                invalid.name, invalid.name
            );
            write_atomic(
                &out.join(format!("generators/invalid_{}.in", invalid.name)),
                &invalid.input,
            )?;
        }
    }
    write_atomic(&out.join("generators/generators.yaml"), gen.as_bytes())?;
    write_executable(
        &out.join("generators/jurybox.sh"),
        "#!/bin/sh\n# Runs the installed jurybox: `jurybox.sh gen PROBLEM ...` prints a test.\nexec jurybox \"$@\"\n",
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::kills::{Rejection, Run};
    use jurybox_core::Flaw;

    fn row(runs: &[(f64, Option<Rejection>)]) -> MutantRow {
        MutantRow {
            mutant: "m",
            about: "test",
            flaw: Flaw::WrongAnswer,
            runs: runs
                .iter()
                .enumerate()
                .map(|(i, (cpu, rejection))| Run {
                    test: format!("t{i}"),
                    cpu_seconds: *cpu,
                    rejection: rejection.clone(),
                })
                .collect(),
        }
    }

    #[test]
    fn each_mutant_goes_where_its_kills_say() {
        let wa = || Some(Rejection::WrongAnswer("x".into()));
        let tle = || Some(Rejection::TimeLimit);
        assert_eq!(
            submission_dir(&row(&[(0.1, None), (0.1, wa())]), 1.0),
            Some("wrong_answer")
        );
        // Wrong, but close enough to the limit that a judge may time it out.
        assert_eq!(
            submission_dir(&row(&[(0.8, None), (0.1, wa())]), 1.0),
            Some("rejected")
        );
        assert_eq!(
            submission_dir(&row(&[(0.1, None), (1.5, tle())]), 1.0),
            Some("time_limit_exceeded")
        );
        assert_eq!(
            submission_dir(&row(&[(1.5, tle()), (0.1, wa())]), 1.0),
            Some("rejected")
        );
        assert_eq!(submission_dir(&row(&[(0.1, None)]), 1.0), None);
    }

    #[test]
    fn a_slow_mutant_killed_by_a_wrong_answer_is_a_contradiction() {
        fn slow(runs: &[(f64, Option<Rejection>)]) -> MutantRow {
            MutantRow {
                flaw: Flaw::TooSlow,
                ..row(runs)
            }
        }
        let wa = Some(Rejection::WrongAnswer("x".into()));
        let tle = Some(Rejection::TimeLimit);
        assert!(slow(&[(1.5, tle.clone()), (0.1, None)])
            .contradiction()
            .is_none());
        let both = slow(&[(1.5, tle.clone()), (0.1, wa.clone())]);
        assert_eq!(both.contradiction().map(|r| r.test.as_str()), Some("t1"));
        // A wrong-answer mutant may be killed either way.
        assert!(row(&[(1.5, tle), (0.1, wa)]).contradiction().is_none());
    }

    #[test]
    fn the_uuid_is_a_pure_function_of_the_name() {
        let a = problem_uuid("tetris3d");
        assert_eq!(a, problem_uuid("tetris3d"));
        assert_ne!(a, problem_uuid("puyo"));
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "8");
        assert!(matches!(&a[19..20], "8" | "9" | "a" | "b"), "{a}");
    }
}
