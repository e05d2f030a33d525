//! The machine speed a package's limit was set at (`jurybox calibrate`), kept
//! as one comment line of `problem.yaml`, beside the limit it qualifies:
//!
//! ```yaml
//! limits:
//!   # jurybox calibrate: speed 0.97 (0.204 s integer arithmetic, ...)
//!   time_limit: 1.5
//! ```
//!
//! A comment, not a key: the 2025-09 format has no field for it, and
//! `verifyproblem` and `bt validate` read `problem.yaml` with YAML parsers that
//! drop comments, so they see the same document with or without it. Not a file
//! of its own either: it would have to be explained to every tool that lists a
//! package's files, and it would be lost by whoever copies `problem.yaml`
//! alone; the line travels with the limit. Only this module writes or reads
//! it: one line, starting with [`SPEED_PREFIX`].

/// How the line starts (after its indentation).
pub const SPEED_PREFIX: &str = "# jurybox calibrate: speed ";

/// The comment line (no indentation, no newline) for `speed` with `note`.
pub fn speed_comment(speed: f64, note: &str) -> String {
    format!("{SPEED_PREFIX}{speed:.2} ({note})")
}

/// A speed line that does not read: where it is and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("problem.yaml:{line}:{column}: the jurybox calibrate line must give a positive number after 'speed', not {found:?}: no speed is taken from it, so a stated limit is not scaled")]
pub struct SpeedCommentError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column of the number.
    pub column: usize,
    /// What stands there.
    pub found: String,
}

/// The speed `problem_yaml` records, if a line does; a line that starts as
/// one but whose number does not read (`speed fast`, `speed -1`) is an
/// error naming its line and column, never a silent "no speed".
pub fn recorded_speed(problem_yaml: &str) -> Result<Option<f64>, SpeedCommentError> {
    for (i, line) in problem_yaml.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix(SPEED_PREFIX) else {
            continue;
        };
        let number = rest.split_whitespace().next().unwrap_or("");
        let column = line.len() - rest.len() + 1 + (rest.len() - rest.trim_start().len());
        return match number.parse::<f64>() {
            Ok(s) if s > 0.0 && s.is_finite() => Ok(Some(s)),
            _ => Err(SpeedCommentError {
                line: i + 1,
                column,
                found: number.to_string(),
            }),
        };
    }
    Ok(None)
}

/// `problem_yaml` with its speed line set to `speed` and `note`: an existing
/// line replaced in place; else a new one above `time_limit:` at its
/// indentation; else appended. Every other byte is kept.
pub fn record_speed(problem_yaml: &str, speed: f64, note: &str) -> String {
    let comment = speed_comment(speed, note);
    let lines: Vec<&str> = problem_yaml.split_inclusive('\n').collect();
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut out = String::with_capacity(problem_yaml.len() + comment.len() + 4);
    if let Some(i) = lines
        .iter()
        .position(|l| l.trim_start().starts_with(SPEED_PREFIX))
    {
        for (j, line) in lines.iter().enumerate() {
            if j == i {
                let newline = if line.ends_with('\n') { "\n" } else { "" };
                out.push_str(&line[..indent(line)]);
                out.push_str(&comment);
                out.push_str(newline);
            } else {
                out.push_str(line);
            }
        }
        return out;
    }
    let limit = lines
        .iter()
        .position(|l| l.trim_start().starts_with("time_limit:"));
    match limit {
        Some(i) => {
            for (j, line) in lines.iter().enumerate() {
                if j == i {
                    out.push_str(&line[..indent(line)]);
                    out.push_str(&comment);
                    out.push('\n');
                }
                out.push_str(line);
            }
        }
        None => {
            out.push_str(problem_yaml);
            if !problem_yaml.is_empty() && !problem_yaml.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&comment);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATED: &str = "name: x\nlimits:\n  time_limit: 1.5\n  time_resolution: 0.5\n";

    #[test]
    fn the_line_goes_above_the_limit_and_reads_back() {
        let with = record_speed(STATED, 0.973, "3 programs");
        assert_eq!(
            with,
            "name: x\nlimits:\n  # jurybox calibrate: speed 0.97 (3 programs)\n  time_limit: 1.5\n  time_resolution: 0.5\n"
        );
        assert_eq!(recorded_speed(&with), Ok(Some(0.97)));
        assert_eq!(recorded_speed(STATED), Ok(None));
    }

    #[test]
    fn a_second_record_replaces_the_first_and_keeps_every_other_byte() {
        let once = record_speed(STATED, 0.97, "a");
        let twice = record_speed(&once, 1.21, "b");
        assert_eq!(twice, once.replace("0.97 (a)", "1.21 (b)"));
        assert_eq!(recorded_speed(&twice), Ok(Some(1.21)));
    }

    #[test]
    fn without_a_stated_limit_the_line_is_appended() {
        let text = "name: x\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 2.0";
        let with = record_speed(text, 1.0, "n");
        assert_eq!(
            with,
            format!("{text}\n# jurybox calibrate: speed 1.00 (n)\n")
        );
        assert_eq!(recorded_speed(&with), Ok(Some(1.0)));
    }

    #[test]
    fn a_speed_line_that_does_not_read_is_an_error_at_its_place() {
        let fast = recorded_speed("name: x\n  # jurybox calibrate: speed fast\n").unwrap_err();
        assert_eq!(
            (fast.line, fast.column, fast.found.as_str()),
            (2, 30, "fast")
        );
        assert!(fast.to_string().starts_with("problem.yaml:2:30:"), "{fast}");
        assert!(recorded_speed("# jurybox calibrate: speed -1\n").is_err());
        assert!(recorded_speed("# jurybox calibrate: speed \n").is_err());
        // Not at the start of a comment line: not the speed line at all.
        assert_eq!(
            recorded_speed("time_limit: 1 # jurybox calibrate: speed 2\n"),
            Ok(None)
        );
    }
}
