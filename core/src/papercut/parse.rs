//! The validator (`n m k`, then k lines `xb yb xe ye`, single spaces, `\n` line
//! ends) and the answer reader (testlib's whitespace-separated tokens: `SECOND`, or
//! `FIRST` and four integers). Every rejection names its line, column and rule.

use super::{Answer, Bounds, Cut, Input, Move};
use crate::error::Position;
use crate::scan::{check_range, Scanner, Tokens};
use crate::ParseError;

/// Parses `text`, enforcing `bounds` and the geometry of every cut.
pub(super) fn parse_input(text: &[u8], bounds: Bounds) -> Result<Input, ParseError> {
    let mut sc = Scanner::new(text);
    let (n, at) = sc.uint("n")?;
    let n = check_range(n, 1, bounds.max_side, "n", at)? as u32;
    sc.space()?;
    let (m, at) = sc.uint("m")?;
    let m = check_range(m, 1, bounds.max_side, "m", at)? as u32;
    sc.space()?;
    let (k, at) = sc.uint("k")?;
    let k = check_range(k, 0, bounds.max_k, "k", at)? as usize;
    let mut cuts = Vec::with_capacity(k);
    for _ in 0..k {
        sc.newline()?;
        cuts.push(parse_cut(&mut sc, n, m)?);
    }
    sc.finish()?;
    Ok(Input { n, m, cuts })
}

fn coordinate(sc: &mut Scanner, what: &str, side: u32, side_name: &str) -> Result<u32, ParseError> {
    let (v, at) = sc.uint(what)?;
    if v > u64::from(side) {
        return Err(ParseError::new(
            at,
            format!("{what} = {v} exceeds {side_name} = {side}"),
        ));
    }
    Ok(v as u32)
}

fn parse_cut(sc: &mut Scanner, n: u32, m: u32) -> Result<Cut, ParseError> {
    let start = sc.position();
    let xb = coordinate(sc, "xb", n, "n")?;
    sc.space()?;
    let yb = coordinate(sc, "yb", m, "m")?;
    sc.space()?;
    let xe = coordinate(sc, "xe", n, "n")?;
    sc.space()?;
    let ye = coordinate(sc, "ye", m, "m")?;
    let cut = Cut { xb, yb, xe, ye };
    check_geometry(&cut, n, m).map_err(|rule| ParseError::new(start, rule))?;
    Ok(cut)
}

/// The rule a cut breaks: slanted, a point, or along the border. (The message is
/// only formatted on an error: this runs for every one of 10^5 cuts.)
fn check_geometry(c: &Cut, n: u32, m: u32) -> Result<(), String> {
    let (vertical, horizontal) = (c.xb == c.xe, c.yb == c.ye);
    let rule = match (vertical, horizontal) {
        (true, false) if c.xb != 0 && c.xb != n => return Ok(()),
        (false, true) if c.yb != 0 && c.yb != m => return Ok(()),
        (true, true) => "has zero length".to_string(),
        (false, false) => "is neither vertical nor horizontal".to_string(),
        (true, false) => format!(
            "lies along the border x = {} (cuts must be inside the sheet)",
            c.xb
        ),
        (false, true) => format!(
            "lies along the border y = {} (cuts must be inside the sheet)",
            c.yb
        ),
    };
    Err(format!(
        "the cut {} {} {} {} {rule}",
        c.xb, c.yb, c.xe, c.ye
    ))
}

/// Reads a candidate's answer: `SECOND`, or `FIRST` and four integers, separated by
/// any whitespace. Only the shape is checked here; whether the move is legal and
/// winning is the judge's question (a wrong answer, not a presentation error).
pub(super) fn parse_answer(text: &[u8]) -> Result<Answer, ParseError> {
    let mut tokens = Tokens::new(text);
    let (at, word) = tokens.next("FIRST or SECOND")?;
    let answer = match word {
        "SECOND" => Answer::Second,
        "FIRST" => {
            let mut coordinate = |what| tokens.int(what).map(|(_, v)| v);
            Answer::First(Move {
                xb: coordinate("xb")?,
                yb: coordinate("yb")?,
                xe: coordinate("xe")?,
                ye: coordinate("ye")?,
            })
        }
        other => return Err(not_a_verdict(at, other)),
    };
    tokens.end()?;
    Ok(answer)
}

fn not_a_verdict(at: Position, token: &str) -> ParseError {
    let mut shown: String = token.chars().take(40).collect();
    if shown.len() < token.len() {
        shown.push_str("...");
    }
    ParseError::new(at, format!("expected FIRST or SECOND, found '{shown}'"))
}
