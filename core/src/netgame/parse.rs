//! The validator (`N`, then N lines `x1 y1 x2 y2`, single spaces, `\n` line ends)
//! and the answer reader (testlib's whitespace-separated tokens).

use super::net::{Edge, Net};
use super::{Answer, Bounds, Input, Rope};
use crate::error::Position;
use crate::scan::{check_range, Scanner, Tokens};
use crate::ParseError;
use std::collections::HashMap;

/// Parses `text`, enforcing `bounds`: coordinates in range, unit axis-parallel
/// ropes, no rope given twice, no component of whole cells above the limit.
pub(super) fn parse_input(text: &[u8], bounds: Bounds) -> Result<Input, ParseError> {
    let mut sc = Scanner::new(text);
    let (n, at) = sc.uint("N")?;
    let n = check_range(n, 1, bounds.max_n, "N", at)? as usize;
    let mut ropes = Vec::with_capacity(n);
    let mut seen: HashMap<Edge, usize> = HashMap::with_capacity(n);
    for i in 0..n {
        sc.newline()?;
        let line = sc.position().line;
        let rope = parse_rope(&mut sc, bounds)?;
        if let Some(first) = seen.insert(rope.edge(), line) {
            return Err(ParseError::new(
                Position { line, column: 1 },
                format!(
                    "rope {} ({} {} {} {}) repeats the rope on line {first}: \
                     ropes must be pairwise distinct",
                    i + 1,
                    rope.x1,
                    rope.y1,
                    rope.x2,
                    rope.y2
                ),
            ));
        }
        ropes.push(rope);
    }
    sc.finish()?;
    let input = Input { ropes };
    check_components(&input, bounds.max_component)?;
    Ok(input)
}

/// Reads `x1 y1 x2 y2` and checks it is a unit rope parallel to an axis.
fn parse_rope(sc: &mut Scanner, bounds: Bounds) -> Result<Rope, ParseError> {
    let start = sc.position();
    let coord = |sc: &mut Scanner, what: &str, space: bool| -> Result<u32, ParseError> {
        if space {
            sc.space()?;
        }
        let (v, at) = sc.uint(what)?;
        Ok(check_range(v, 0, bounds.max_coord, what, at)? as u32)
    };
    let x1 = coord(sc, "x1", false)?;
    let y1 = coord(sc, "y1", true)?;
    let x2 = coord(sc, "x2", true)?;
    let y2 = coord(sc, "y2", true)?;
    if x1.abs_diff(x2) + y1.abs_diff(y2) != 1 {
        return Err(ParseError::new(
            start,
            format!(
                "the rope from ({x1}, {y1}) to ({x2}, {y2}) is not a unit segment \
                 parallel to an axis"
            ),
        ));
    }
    Ok(Rope { x1, y1, x2, y2 })
}

/// Rejects a connected component of whole cells larger than `max` cells, naming
/// the line of its first rope.
fn check_components(input: &Input, max: usize) -> Result<(), ParseError> {
    let net = Net::new(input);
    for component in net.components() {
        if component.len() > max {
            let first_rope = component
                .iter()
                .flat_map(|&c| net.sides[c])
                .min()
                .expect("a component has cells");
            let (x, y) = net.cells[component[0]];
            return Err(ParseError::new(
                Position {
                    line: first_rope + 2,
                    column: 1,
                },
                format!(
                    "this rope is a side of a connected component of {} whole cells \
                     (the lowest at ({x}, {y})); the limit is {max} cells per component",
                    component.len()
                ),
            ));
        }
    }
    Ok(())
}

/// Reads a candidate's output: `1` and a rope number, or `2`, as whitespace-
/// separated tokens. Anything else is an error (a presentation error to the
/// judge); a rope number out of range reads fine and is the judge's to reject.
pub(super) fn parse_answer(text: &[u8]) -> Result<Answer, ParseError> {
    let mut tokens = Tokens::new(text);
    let (at, verdict) = tokens.next("the verdict (1 or 2)")?;
    let answer = match verdict {
        "1" => {
            let (at, token) = tokens.next("the number of a winning rope")?;
            Answer::Win(integer(token).ok_or_else(|| {
                ParseError::new(
                    at,
                    format!("expected the number of a rope (an integer), found '{token}'"),
                )
            })?)
        }
        "2" => Answer::Lose,
        other => {
            return Err(ParseError::new(
                at,
                format!("expected the verdict 1 or 2, found '{other}'"),
            ))
        }
    };
    tokens.end()?;
    Ok(answer)
}

/// A decimal integer written without sign `+`, leading zeros or `-0`; one beyond
/// 64 bits saturates (it is out of range either way). `None` if not an integer.
fn integer(token: &str) -> Option<i64> {
    let (negative, digits) = match token.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && !(negative && digits == "0");
    if !canonical {
        return None;
    }
    Some(match token.parse::<i64>() {
        Ok(v) => v,
        Err(_) if negative => i64::MIN,
        Err(_) => i64::MAX,
    })
}
