//! The Kattis / ICPC default output validator (2025-09 "Default output validator
//! specification"), as a function: tokens split at white space (space, form feed,
//! line feed, carriage return, tab, vertical tab) and compared one by one,
//! case-insensitively unless `case_sensitive`; with `space_change_sensitive` the
//! white space between (and around) tokens must match too; with a float tolerance
//! each answer token that reads as a number is compared numerically, within the
//! absolute or the relative tolerance.

use jurybox_core::Judgement;

/// The default validator's flags.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Flags {
    /// Tokens must match byte for byte.
    pub case_sensitive: bool,
    /// White space must match byte for byte.
    pub space_change_sensitive: bool,
    /// Accept a number within this absolute error.
    pub absolute: Option<f64>,
    /// Accept a number within this relative error.
    pub relative: Option<f64>,
}

impl Flags {
    /// Reads the validator's arguments (`case_sensitive`, `float_tolerance 1e-6`,
    /// ...); an unknown word, a missing or bad number, or a tolerance given twice
    /// is an error naming it, as the specification makes it one.
    pub fn parse(args: &[String]) -> Result<Flags, String> {
        let mut flags = Flags::default();
        let mut words = args.iter();
        let mut tolerance_given = (false, false, false);
        while let Some(word) = words.next() {
            let mut number = |name: &str| -> Result<f64, String> {
                let text = words
                    .next()
                    .ok_or_else(|| format!("{name} needs a number after it"))?;
                match text.parse::<f64>() {
                    Ok(x) if x >= 0.0 && x.is_finite() => Ok(x),
                    _ => Err(format!("{name} {text}: not a non-negative number")),
                }
            };
            match word.as_str() {
                "case_sensitive" => flags.case_sensitive = true,
                "space_change_sensitive" => flags.space_change_sensitive = true,
                "float_tolerance" => {
                    let x = number(word)?;
                    tolerance_given.0 = true;
                    flags.absolute = Some(x);
                    flags.relative = Some(x);
                }
                "float_absolute_tolerance" => {
                    flags.absolute = Some(number(word)?);
                    if tolerance_given.1 {
                        return Err("float_absolute_tolerance given twice".into());
                    }
                    tolerance_given.1 = true;
                }
                "float_relative_tolerance" => {
                    flags.relative = Some(number(word)?);
                    if tolerance_given.2 {
                        return Err("float_relative_tolerance given twice".into());
                    }
                    tolerance_given.2 = true;
                }
                other => return Err(format!("unknown default validator flag '{other}'")),
            }
        }
        if tolerance_given.0 && (tolerance_given.1 || tolerance_given.2) {
            return Err(
                "float_tolerance with float_absolute_tolerance or float_relative_tolerance".into(),
            );
        }
        Ok(flags)
    }
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

/// The runs of `text`: white space and tokens alternating, starting with the
/// (possibly empty) white space before the first token.
fn runs(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut space = true;
    for (i, &b) in text.iter().enumerate() {
        if is_space(b) != space {
            out.push(&text[start..i]);
            start = i;
            space = !space;
        }
    }
    out.push(&text[start..]);
    out
}

fn shown(token: &[u8]) -> String {
    jurybox_sandbox::excerpt(token, 40)
}

/// A number as the specification reads one (a decimal floating-point literal;
/// not `inf` or `nan`).
fn number(token: &[u8]) -> Option<f64> {
    let text = std::str::from_utf8(token).ok()?;
    let plain = text
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'));
    if !plain || !text.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|x: &f64| x.is_finite())
}

/// Judges `output` against `answer` under `flags`.
pub fn judge(output: &[u8], answer: &[u8], flags: &Flags) -> Judgement {
    let (out, ans) = (runs(output), runs(answer));
    let tokens = |r: &[&[u8]]| {
        r.iter()
            .skip(1)
            .step_by(2)
            .filter(|t| !t.is_empty())
            .count()
    };
    for (index, (o, a)) in out.iter().zip(&ans).enumerate() {
        let token = index % 2 == 1;
        if !token {
            if flags.space_change_sensitive && o != a {
                return Judgement::WrongAnswer(format!(
                    "white space differs before token {} ({:?} where the answer has {:?})",
                    index / 2 + 1,
                    String::from_utf8_lossy(o),
                    String::from_utf8_lossy(a)
                ));
            }
            continue;
        }
        let n = index / 2 + 1;
        let tolerance = flags.absolute.is_some() || flags.relative.is_some();
        match (tolerance, number(a)) {
            (true, Some(expected)) => {
                let Some(got) = number(o) else {
                    return Judgement::WrongAnswer(format!(
                        "token {n}: expected a number near {}, found '{}'",
                        shown(a),
                        shown(o)
                    ));
                };
                let diff = (got - expected).abs();
                let ok = flags.absolute.is_some_and(|e| diff <= e)
                    || flags.relative.is_some_and(|e| diff <= e * expected.abs());
                if !ok {
                    return Judgement::WrongAnswer(format!(
                        "token {n}: {} is not within the tolerance of {}",
                        shown(o),
                        shown(a)
                    ));
                }
            }
            _ => {
                let same = if flags.case_sensitive {
                    o == a
                } else {
                    o.eq_ignore_ascii_case(a)
                };
                if !same {
                    return Judgement::WrongAnswer(format!(
                        "token {n}: expected '{}', found '{}'",
                        shown(a),
                        shown(o)
                    ));
                }
            }
        }
    }
    let (o, a) = (tokens(&out), tokens(&ans));
    if o != a {
        return Judgement::WrongAnswer(format!("{o} tokens where the answer has {a}"));
    }
    if flags.space_change_sensitive && out.len() != ans.len() {
        return Judgement::WrongAnswer("white space at the end differs".into());
    }
    Judgement::Accepted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flags(words: &str) -> Flags {
        let args: Vec<String> = words.split_whitespace().map(String::from).collect();
        Flags::parse(&args).unwrap()
    }

    fn ok(output: &str, answer: &str, f: &str) -> bool {
        judge(output.as_bytes(), answer.as_bytes(), &flags(f)).is_accepted()
    }

    #[test]
    fn tokens_ignore_white_space_and_case_by_default() {
        assert!(ok("Yes  3\r\n", "yes 3\n", ""));
        assert!(!ok("Yes 3", "yes 3", "case_sensitive"));
        assert!(!ok("yes", "yes 3", ""));
        assert!(!ok("yes 3 4", "yes 3", ""));
        assert!(ok("", "", ""));
        assert!(ok(" \n", "", ""));
    }

    #[test]
    fn space_change_sensitive_compares_every_white_space_run() {
        assert!(ok("a b\n", "a b\n", "space_change_sensitive"));
        assert!(!ok("a  b\n", "a b\n", "space_change_sensitive"));
        assert!(!ok("a b", "a b\n", "space_change_sensitive"));
        assert!(!ok(" a b\n", "a b\n", "space_change_sensitive"));
        assert!(!ok("a\tb\n", "a b\n", "space_change_sensitive"));
    }

    #[test]
    fn tolerances_are_absolute_or_relative() {
        assert!(ok("1.0000001", "1", "float_tolerance 1e-6"));
        assert!(!ok("1.01", "1", "float_tolerance 1e-6"));
        assert!(ok("1000001", "1000000", "float_relative_tolerance 1e-6"));
        assert!(!ok("1000001", "1000000", "float_absolute_tolerance 1e-6"));
        assert!(ok(
            "1000001",
            "1000000",
            "float_absolute_tolerance 1e-6 float_relative_tolerance 1e-6"
        ));
        assert!(!ok("abc", "1", "float_tolerance 1"));
        assert!(
            ok("ABC", "abc", "float_tolerance 1"),
            "a word answer token is a string"
        );
        assert!(!ok("nan", "1", "float_tolerance 1"));
        assert!(!ok("2", "1", ""), "no tolerance: numbers are strings");
    }

    #[test]
    fn bad_flags_are_named() {
        let parse = |w: &str| {
            Flags::parse(&w.split_whitespace().map(String::from).collect::<Vec<_>>()).unwrap_err()
        };
        assert!(parse("float_tolerance").contains("needs a number"));
        assert!(parse("float_tolerance x").contains("not a non-negative number"));
        assert!(parse("exact").contains("unknown"));
        assert!(
            parse("float_tolerance 1 float_absolute_tolerance 1").contains("float_tolerance with")
        );
        assert!(parse("float_relative_tolerance 1 float_relative_tolerance 2").contains("twice"));
    }
}
