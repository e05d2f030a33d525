//! A sinol-make package's checker (`prog/abcchk.cpp`), run as sinol-make
//! 1.9.16 runs it (`task_type.BaseTaskType._run_checker`): `CHECKER input
//! output answer`; an exit code above 2 is a wrong answer; else (a checker
//! killed by a signal too: Python's negative `returncode` is not above 2) its
//! stdout's
//! first line `OK` accepts (anything else is wrong), the second is a comment
//! and the third the percentage of the test's points (none: 100), which
//! sinol-make reads as a Python `Fraction` (`50`, `12.5`, `1/3`). Here what
//! its stdout says (the jury's programs are run in tool.rs).

use jurybox_core::Judgement;

/// The percentage a checker's third line states, as Python's `Fraction`
/// reads it (an empty line is 100); `Err` says why it does not read, which
/// sinol-make reports as the checker's failure.
pub fn percentage(line: &str) -> Result<f64, String> {
    let text = line.trim();
    if text.is_empty() {
        return Ok(100.0);
    }
    let number = |s: &str| s.trim().parse::<f64>().ok().filter(|x| x.is_finite());
    let value = match text.split_once('/') {
        Some((top, bottom)) => match (number(top), number(bottom)) {
            (Some(_), Some(0.0)) => return Err(format!("`{text}` divides by zero")),
            (Some(t), Some(b)) => Some(t / b),
            _ => None,
        },
        None => number(text),
    };
    value.ok_or_else(|| format!("`{text}` is no number, percentage or fraction"))
}

/// The verdict of a checker's stdout (its first three lines): accepted with
/// the percentage of the points on its third line, or wrong with the
/// comment of its second.
pub fn read_output(stdout: &str) -> Result<(Judgement, f64), String> {
    let mut lines = stdout.split('\n');
    let verdict = lines.next().unwrap_or("").trim();
    let comment = lines.next().unwrap_or("").trim().to_string();
    if verdict != "OK" {
        let why = match comment.is_empty() {
            true => format!("the checker says {verdict:?}"),
            false => comment,
        };
        return Ok((Judgement::WrongAnswer(why), 0.0));
    }
    let percent = percentage(lines.next().unwrap_or(""))?;
    Ok((Judgement::Accepted, percent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_line_is_the_percentage_as_python_fraction_reads_it() {
        assert_eq!(percentage(""), Ok(100.0));
        assert_eq!(percentage("50\r"), Ok(50.0));
        assert_eq!(percentage(" 12.5 "), Ok(12.5));
        assert_eq!(percentage("1/4"), Ok(0.25));
        assert!(percentage("1/0").is_err());
        assert!(percentage("half").is_err());
    }

    #[test]
    fn ok_accepts_with_its_points_and_anything_else_is_wrong() {
        assert_eq!(read_output("OK"), Ok((Judgement::Accepted, 100.0)));
        assert_eq!(
            read_output("OK\ntoo large\n50\n"),
            Ok((Judgement::Accepted, 50.0))
        );
        let wrong = |why: &str| Ok((Judgement::WrongAnswer(why.into()), 0.0));
        assert_eq!(read_output("WRONG\nExpected -1\n"), wrong("Expected -1"));
        // Not OK: the percentage is not read.
        assert_eq!(read_output("NOT OK\nbad\nx"), wrong("bad"));
        assert_eq!(read_output(""), wrong("the checker says \"\""));
        assert!(read_output("OK\n\nlots").is_err());
    }
}
